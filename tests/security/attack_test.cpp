// The security suite: the release server started on 127.0.0.1 and attacked as an outsider
// would (issue 11): path traversal in its encoded forms, invalid UTF-8 in bodies, paths and
// frames, oversized and deeply nested messages, floods, slow clients, descriptor exhaustion,
// a search budget abuse. Every case then checks that the server still serves a normal client.
#include <SQLiteCpp/SQLiteCpp.h>

#include "security/served.h"

namespace security {
namespace {

TEST(Security, StaticFilesNeverLeaveTheWebRoot) {
  const auto dir = scratch("traversal");
  make_web_root(dir);
  Served s(dir);
  ASSERT_TRUE(s.started()) << s.log();
  const std::string host = [] {
    std::ifstream in("/etc/hostname");
    std::string h;
    std::getline(in, h);
    return h;
  }();
  for (const char* target : {"//etc/hostname",
                             "//etc/passwd",
                             "/..%2f..%2f..%2fetc/hostname",
                             "/%2e%2e/%2e%2e/%2e%2e/etc/hostname",
                             "/%2E%2E%2F%2E%2E%2Fsecret.txt",
                             "/../secret.txt",
                             "/assets/../../secret.txt",
                             "/assets/..%2f..%2fsecret.txt",
                             "/..\\secret.txt",
                             "/%5c..%5csecret.txt",
                             "/.%2e/secret.txt",
                             "//proc/self/cwd/games.db",
                             "//proc/self/environ",
                             "/leak.txt",
                             "/up/secret.txt",
                             "/%00index.html",
                             "/index.html%00.js",
                             "/%ff",
                             "/\xff",
                             "/%c0%ae%c0%ae/secret.txt",
                             "/./././../secret.txt",
                             "///../../etc/hostname",
                             "/assets//..//..//secret.txt"}) {
    const Reply r = http(s.port(), "GET", std::string(target));
    EXPECT_NE(r.status, 200) << target;
    EXPECT_EQ(r.text.find("TOP-SECRET"), std::string::npos) << target;
    EXPECT_EQ(r.text.find("root:x:"), std::string::npos) << target;
    if (!host.empty() && r.status != 0) {
      EXPECT_EQ(r.body().find(host), std::string::npos) << target;
    }
  }
  const Reply index = http(s.port(), "GET", "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_TRUE(index.has_header("Content-Type: text/html; charset=utf-8"));
  EXPECT_TRUE(index.has_header("Cache-Control: no-cache"));
  const Reply asset = http(s.port(), "GET", "/assets/index-3f2a1c9b.js");
  EXPECT_EQ(asset.status, 200);
  EXPECT_TRUE(asset.has_header("Content-Type: text/javascript; charset=utf-8"));
  EXPECT_TRUE(asset.has_header("immutable"));
  EXPECT_EQ(http(s.port(), "GET", "/%61ssets/index-3f2a1c9b.js").status, 200);  // decoded once
  EXPECT_TRUE(serves_normally(s.port()));
}

TEST(Security, InvalidUtf8AnywhereGetsAnErrorReplyAndNeverStopsTheServer) {
  const auto dir = scratch("utf8");
  make_web_root(dir);
  Served s(dir);
  ASSERT_TRUE(s.started()) << s.log();
  for (const std::string& body :
       {std::string("\xff"), std::string("{\"game\":\"\xff\"}"), std::string("{\"\xc3\x28\":1}"),
        std::string("{\"vs\":\"computer\",\"agent\":\"\xfe\xfe\"}")}) {
    const Reply r = http(s.port(), "POST", "/api/games", body);
    EXPECT_EQ(r.status, 400) << r.text;
    EXPECT_TRUE(json::accept(r.body())) << r.text;
  }
  EXPECT_EQ(http(s.port(), "GET", "/api/games/\xff\xfe").status, 404);
  EXPECT_EQ(http(s.port(), "GET", "/api/games/%ff/record").status, 404);
  EXPECT_NE(raw(s.port(), "\xff\xff\xff\r\n\r\n").status, 200);
  {
    Ws ws(s.port());
    ASSERT_TRUE(ws.ok);
    auto r = ws.say({{"type", "hello"}, {"game", "x"}});
    ASSERT_TRUE(r);
    ws.send("\x01\x02\xff", true);  // a binary frame: refused politely
    r = ws.read();
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)["type"], "error");
    ws.send("{\"type\":\"hello\",\"game\":\"\xc3\x28\"}");  // invalid UTF-8 in a text frame
    ws.read();
  }
  ASSERT_TRUE(s.running()) << s.log();
  EXPECT_TRUE(serves_normally(s.port()));
}

TEST(Security, OversizedAndDeeplyNestedInputIsRefused) {
  const auto dir = scratch("sizes");
  make_web_root(dir);
  Served s(dir);
  ASSERT_TRUE(s.started()) << s.log();
  const Reply big =
      raw(s.port(), "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 3000000\r\n\r\n" +
                        std::string(100000, 'x'));
  EXPECT_EQ(big.status, 413);
  EXPECT_EQ(
      raw(s.port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + std::string(40000, 'a') + "\r\n\r\n")
          .status,
      413);
  EXPECT_EQ(http(s.port(), "POST", "/api/games", std::string(200000, '[')).status, 400);
  {
    Ws ws(s.port());
    ASSERT_TRUE(ws.ok);
    auto r = ws.say(json::parse("{\"type\":\"x\"}"));
    ASSERT_TRUE(r);
    ws.send(std::string(15000, '['));
    r = ws.read();
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)["code"], "malformed");
    ws.send(std::string(100000, ' '));  // past the message limit: the connection is closed
    EXPECT_FALSE(ws.read());
  }
  EXPECT_TRUE(serves_normally(s.port()));
}

TEST(Security, FloodsAreBoundedByRateQueueAndConnectionLimits) {
  const auto dir = scratch("flood");
  make_web_root(dir);
  // No message rate limit here, so that the output queue's limit is what drops the client.
  Served s(dir, {"--games-per-minute", "5", "--max-queue", "65536", "--max-connections", "40",
                 "--max-messages-per-second", "0"});
  ASSERT_TRUE(s.started()) << s.log();
  const json game = json::parse(http(s.port(), "POST", "/api/games", R"({"vs":"friend"})").body());
  int created = 1, refused = 0;
  for (int i = 0; i < 30; ++i) {
    const Reply r = http(s.port(), "POST", "/api/games", R"({"vs":"friend"})");
    created += r.status == 201;
    refused += r.status == 429;
  }
  EXPECT_EQ(created, 5);
  EXPECT_EQ(refused, 26);
  {
    // A client that asks for the whole state again and again and never reads is dropped.
    Ws ws(s.port());
    ASSERT_TRUE(ws.ok);
    ws.send(json{{"type", "hello"}, {"game", game["id"]}}.dump());
    const auto t0 = Clock::now();
    int sent = 0;
    while (sent < 300000 && since(t0) < 15 && ws.send(R"({"type":"sync"})")) ++sent;
    EXPECT_LT(sent, 300000) << "the server never dropped a client that does not read";
  }
  {
    // More connections than allowed: the extra ones are closed at once.
    std::vector<int> fds;
    for (int i = 0; i < 60; ++i) fds.push_back(connect_raw(s.port(), 2));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    int closed = 0;
    for (int fd : fds) {
      char c;
      pollfd p{fd, POLLIN, 0};
      if (fd >= 0 && poll(&p, 1, 0) == 1 && recv(fd, &c, 1, MSG_DONTWAIT) == 0) ++closed;
    }
    EXPECT_GE(closed, 15);
    for (int fd : fds) close(fd);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_TRUE(serves_normally(s.port(), false, game));
}

TEST(Security, AMessageFloodIsRefusedThenClosed) {
  const auto dir = scratch("rate");
  make_web_root(dir);
  Served s(dir, {"--max-messages-per-second", "20"});
  ASSERT_TRUE(s.started()) << s.log();
  Ws ws(s.port());
  ASSERT_TRUE(ws.ok);
  // Cheap messages as fast as possible, never reading: past 40 in a second the server closes
  // the connection, so the writes soon fail (the socket's buffers absorb a few more).
  const auto t0 = Clock::now();
  int sent = 0;
  while (sent < 1000000 && since(t0) < 10 && ws.send(R"({"type":"ping"})")) ++sent;
  EXPECT_LT(sent, 1000000) << "the server never closed a flooding client";
  EXPECT_LT(since(t0), 10) << "the server never closed a flooding client";
  EXPECT_TRUE(serves_normally(s.port()));
}

TEST(Security, SlowClientsAreTimedOut) {
  const auto dir = scratch("slowloris");
  make_web_root(dir);
  Served s(dir, {"--read-timeout", "1"});
  ASSERT_TRUE(s.started()) << s.log();
  std::vector<int> fds;
  for (int i = 0; i < 20; ++i) {
    fds.push_back(connect_raw(s.port(), 5));
    (void)!send(fds.back(), "GET / HTTP/1.1\r\nHost: x\r\n", 25, MSG_NOSIGNAL);
  }
  EXPECT_TRUE(serves_normally(s.port()));  // served while the slow ones hang on
  const auto t0 = Clock::now();
  int closed = 0;
  for (int round = 0; round < 40 && closed < 20; ++round) {  // one header byte every 100 ms
    closed = 0;
    for (int fd : fds) {
      char c;
      if (send(fd, "X", 1, MSG_NOSIGNAL) < 0 || recv(fd, &c, 1, MSG_DONTWAIT) == 0) ++closed;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(closed, 20);
  EXPECT_LT(since(t0), 3.5);
  for (int fd : fds) close(fd);
}

TEST(Security, DescriptorExhaustionBacksOffInsteadOfSpinning) {
  const auto dir = scratch("emfile");
  make_web_root(dir);
  Served s(dir, {}, {"prlimit", "--nofile=64:64", "--"});
  ASSERT_TRUE(s.started()) << s.log();
  std::vector<int> fds;
  for (int i = 0; i < 120; ++i) fds.push_back(connect_raw(s.port(), 2));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const double cpu0 = s.cpu_seconds();
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const double busy = s.cpu_seconds() - cpu0;
  EXPECT_LT(busy, 0.5) << "CPU seconds in one second with no descriptors left";
  for (int fd : fds) close(fd);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ASSERT_TRUE(s.running()) << s.log();
  EXPECT_TRUE(serves_normally(s.port()));
}

TEST(Security, SearchBudgetsAreCappedAndSigtermStopsASearchAtOnce) {
  const auto dir = scratch("budget");
  make_web_root(dir);
  {
    Served s(dir, {"--agents", "random,ismcts:hard", "--max-think", "1"});
    ASSERT_TRUE(s.started()) << s.log();
    // Without --agent, the computer of games that name none is one offered (the first).
    EXPECT_EQ(json::parse(http(s.port(), "GET", "/api/catalogue", "").body())["default_agent"],
              "random");
    for (const char* agent : {"ismcts:3600s", "ismcts:1000000000", "ismcts:0.5s", "nobody"}) {
      const Reply r =
          http(s.port(), "POST", "/api/games", json{{"vs", "computer"}, {"agent", agent}}.dump());
      EXPECT_EQ(r.status, 400) << agent << r.text;
    }
    // The hardest level allowed still answers within the cap per decision.
    const json g = json::parse(http(s.port(), "POST", "/api/games",
                                    json{{"game", "ancient-generals"},
                                         {"vs", "computer"},
                                         {"agent", "ismcts:hard"},
                                         {"seat", 2}}
                                        .dump())
                                   .body());
    Ws ws(s.port(), 10);
    auto st = ws.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
    ASSERT_TRUE(st);
    // The computer may make several actions before seat 2's first turn (how many depends on the
    // deal), and one whole action may take it a few capped decisions (a choice of cards is made
    // card by card): the longest wait between two messages stays within a few caps.
    auto last = Clock::now();
    const auto t0 = last;
    double longest = 0;
    while (st && (*st)["to_act"] != 2 && since(t0) < 30) {
      st = ws.read();
      longest = std::max(longest, since(last));
      last = Clock::now();
    }
    ASSERT_TRUE(st);
    EXPECT_EQ((*st)["to_act"], 2);
    EXPECT_LT(longest, 8.0) << "seconds for one action of the computer (cap 1 s a decision)";
  }
  Served s(dir, {"--agents", "ismcts:hard", "--max-think", "60"});
  ASSERT_TRUE(s.started()) << s.log();
  const json g = json::parse(http(s.port(), "POST", "/api/games",
                                  json{{"game", "ancient-generals"},
                                       {"vs", "computer"},
                                       {"agent", "ismcts:hard"},
                                       {"seat", 2}}
                                      .dump())
                                 .body());
  Ws ws(s.port());
  auto st = ws.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_TRUE(st);
  EXPECT_TRUE((*st)["thinking"].get<bool>());
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const double took = s.terminate();  // a search of up to 60 s is under way
  EXPECT_GE(took, 0);
  EXPECT_LT(took, 1.0) << "seconds from SIGTERM to exit";
}

}  // namespace
}  // namespace security
