// The security suite's storage faults (issue 11): a database locked by another connection
// holding BEGIN IMMEDIATE, a read-only database file, corrupted rows and pages, and kill -9 at
// random moments with every acknowledged action present after the restart.
#include <SQLiteCpp/SQLiteCpp.h>

#include <atomic>
#include <random>

#include "security/served.h"

namespace security {
namespace {

json new_game(unsigned short port, const json& req = {{"vs", "friend"}}) {
  const Reply r = http(port, "POST", "/api/games", req.dump());
  EXPECT_EQ(r.status, 201) << r.text;
  return r.status == 201 ? json::parse(r.body()) : json();
}

TEST(Security, ALockedDatabaseRefusesTheActionAndLosesNothing) {
  const auto dir = scratch("locked");
  make_web_root(dir);
  Served s(dir);
  ASSERT_TRUE(s.started()) << s.log();
  const json g = new_game(s.port());
  Ws ws(s.port());
  auto st = ws.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_TRUE(st);
  {
    SQLite::Database other((dir / "games.db").string(), SQLite::OPEN_READWRITE);
    other.exec("BEGIN IMMEDIATE");
    auto r = ws.say({{"type", "act"}, {"action", (*st)["legal"][0]}, {"version", 0}});
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)["code"], "storage");
    r = ws.say({{"type", "sync"}});
    EXPECT_EQ((*r)["version"], 0);  // nothing changed in memory
    EXPECT_EQ(http(s.port(), "POST", "/api/games", R"({"vs":"friend"})").status, 503);
    other.exec("ROLLBACK");
  }
  auto r = ws.say({{"type", "act"}, {"action", (*st)["legal"][0]}, {"version", 0}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["version"], 1);
  EXPECT_TRUE(serves_normally(s.port()));
  s.kill9();
  Served again(dir);
  ASSERT_TRUE(again.started()) << again.log();
  Ws w2(again.port());
  r = w2.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["version"], 1);
}

TEST(Security, AReadOnlyDatabaseStillServesItsGamesAndRefusesWrites) {
  const auto dir = scratch("readonly");
  make_web_root(dir);
  json g;
  {
    Served s(dir);
    ASSERT_TRUE(s.started()) << s.log();
    g = new_game(s.port());
    EXPECT_GE(s.terminate(), 0);
  }
  // As root a file mode does not stop writes: run the server as nobody then.
  std::vector<std::string> prefix;
  if (geteuid() == 0) {
    prefix = {"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"};
    fs::permissions(dir, fs::perms::all);
  }
  fs::permissions(dir / "games.db",
                  fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  Served s(dir, {}, prefix);
  ASSERT_TRUE(s.started()) << s.log();
  EXPECT_EQ(http(s.port(), "GET", "/api/games/" + g["id"].get<std::string>()).status, 200);
  EXPECT_EQ(http(s.port(), "POST", "/api/games", R"({"vs":"friend"})").status, 503);
  Ws ws(s.port());
  auto st = ws.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_TRUE(st);
  auto r = ws.say({{"type", "act"}, {"action", (*st)["legal"][0]}, {"version", 0}});
  ASSERT_TRUE(r);
  EXPECT_EQ((*r)["code"], "storage");
  EXPECT_TRUE(serves_normally(s.port(), false));
}

TEST(Security, CorruptedRowsAndPagesMarkGamesDamagedAndTheRestIsServed) {
  const auto dir = scratch("corrupt");
  make_web_root(dir);
  std::vector<json> games;
  {
    Served s(dir);
    ASSERT_TRUE(s.started()) << s.log();
    for (int i = 0; i < 4; ++i) games.push_back(new_game(s.port()));
    EXPECT_GE(s.terminate(), 0);
  }
  {
    SQLite::Database db((dir / "games.db").string(), SQLite::OPEN_READWRITE);
    SQLite::Statement a(db, "UPDATE games SET setup = '{not json' WHERE id = ?");
    a.bind(1, games[0]["id"].get<std::string>());
    a.exec();
    SQLite::Statement b(db, "INSERT INTO actions VALUES (?, 0, 1, 'move nowhere z9-z1')");
    b.bind(1, games[1]["id"].get<std::string>());
    b.exec();
    SQLite::Statement c(db, "INSERT INTO actions VALUES (?, 5, 1, 'end')");  // a gap
    c.bind(1, games[2]["id"].get<std::string>());
    c.exec();
  }
  {
    Served s(dir);
    ASSERT_TRUE(s.started()) << s.log();
    for (int i = 0; i < 3; ++i) {
      const std::string id = games[static_cast<std::size_t>(i)]["id"];
      const Reply r = http(s.port(), "GET", "/api/games/" + id);
      EXPECT_EQ(r.status, 200);
      EXPECT_TRUE(json::parse(r.body())["damaged"].get<bool>()) << r.text;
      for (int k = 0; k < 3; ++k) {  // a reconnecting browser: no crash loop
        Ws ws(s.port());
        auto e = ws.say({{"type", "hello"}, {"game", id}});
        ASSERT_TRUE(e);
        EXPECT_EQ((*e)["code"], "damaged");
      }
    }
    EXPECT_NE(s.log().find("is damaged"), std::string::npos);
    EXPECT_TRUE(serves_normally(s.port(), false, games[3]));
    EXPECT_TRUE(serves_normally(s.port()));
    EXPECT_GE(s.terminate(), 0);
  }
  // Damaged pages: everything after the schema page overwritten with garbage.
  {
    std::fstream f(dir / "games.db", std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(0, std::ios::end);
    const auto size = static_cast<long>(f.tellg());
    std::mt19937 rng(11);
    for (long at = 4096 + 100; at < size; at += 997) {
      f.seekp(at);
      const char junk[8] = {'\xde', '\xad', '\xbe', '\xef', static_cast<char>(rng()), 0, 1, 2};
      f.write(junk, sizeof junk);
    }
  }
  fs::remove(dir / "games.db-wal");
  fs::remove(dir / "games.db-shm");
  Served s(dir);
  ASSERT_TRUE(s.started()) << s.log();
  for (const auto& g : games) {
    const Reply r = http(s.port(), "GET", "/api/games/" + g["id"].get<std::string>());
    EXPECT_TRUE(r.status == 200 || r.status == 404) << r.text;
    Ws ws(s.port());
    auto e = ws.say({{"type", "hello"}, {"game", g["id"]}});
    EXPECT_TRUE(e);
  }
  ASSERT_TRUE(s.running()) << s.log();
  EXPECT_TRUE(serves_normally(s.port(), false));
  Ws ws(s.port());
  EXPECT_TRUE(ws.say({{"type", "ping"}}));
}

TEST(Security, KillNineAtRandomMomentsLosesNoAcknowledgedAction) {
  const auto dir = scratch("kill9");
  make_web_root(dir);
  std::mt19937 rng(20261123);
  json g;
  std::vector<std::pair<int, std::string>> acked;  // every acknowledged action, in order
  int kills = 0;
  std::size_t total_acked = 0;
  for (int round = 0; round < 8; ++round) {
    Served s(dir);
    ASSERT_TRUE(s.started()) << s.log();
    if (g.is_null()) g = new_game(s.port(), {{"vs", "friend"}, {"options", {{"turn_limit", 200}}}});
    Ws a(s.port()), b(s.port());
    auto sa = a.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
    auto sb = b.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
    ASSERT_TRUE(sa && sb);
    // Everything acknowledged before is there, in order, as each seat sent it.
    ASSERT_GE((*sa)["version"].get<std::size_t>(), acked.size()) << "round " << round;
    for (std::size_t i = 0; i < acked.size(); ++i) {
      const json& log = (acked[i].first == 1 ? *sa : *sb)["log"];
      EXPECT_EQ(log[i]["text"], acked[i].second) << "action " << i;
    }
    acked.resize((*sa)["version"].get<std::size_t>(), {0, "(not acknowledged, stored)"});
    for (std::size_t i = 0; i < acked.size(); ++i)
      if (acked[i].first == 0) {
        acked[i].first = (*sa)["log"][i]["player"];
        acked[i].second = ((acked[i].first == 1 ? *sa : *sb)["log"][i]["text"]);
      }
    if ((*sa)["over"].get<bool>()) {  // checked to its end: go on with a new game
      g = json();
      acked.clear();
      continue;
    }
    // The kill comes a random few milliseconds after a random number of acknowledgements this
    // round (or after two seconds without them), so that every round has actions to check on a
    // slow machine as on a fast one, and the kill still lands anywhere inside an action.
    std::uniform_int_distribution<int> acks_before(0, 4), delay(0, 40);
    std::atomic<int> acked_this_round{0};
    std::thread killer([&s, &acked_this_round, wanted = acks_before(rng), ms = delay(rng)] {
      const auto waited = Clock::now();
      while (acked_this_round.load() < wanted && since(waited) < 2)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
      s.kill9();
    });
    json st = *sa;
    const auto t0 = Clock::now();
    for (int i = 0; i < 400 && since(t0) < 5; ++i) {
      const int p = st["to_act"];
      Ws& me = p == 1 ? a : b;
      if (st["legal"].empty()) {
        auto again = me.say({{"type", "sync"}});
        if (!again) break;
        st = *again;
        if (st["legal"].empty()) break;
      }
      const std::string text = st["legal"][0];
      auto reply = me.say({{"type", "act"}, {"action", text}, {"version", st["version"]}});
      if (!reply || (*reply)["type"] != "state") break;
      acked.emplace_back(p, text);
      ++total_acked;  // acknowledged: the acting seat got the new state
      acked_this_round.fetch_add(1);
      Ws& other = p == 1 ? b : a;
      auto seen = other.read();
      if (!seen) break;
      st = *seen;
      if (st["over"].get<bool>()) break;
    }
    killer.join();
    ++kills;
  }
  EXPECT_GE(kills, 5);
  EXPECT_GT(total_acked, 10u);
}

}  // namespace
}  // namespace security
