// `ancients serve` over the network: the JSON API over HTTP and a game over WebSocket on one
// port, with refusals (oversized bodies and messages, unknown calls) that leave it running.
#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "server/server.h"

namespace ancients::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;
using nlohmann::json;

/// A server on a free port in a thread, with its own database, stopped at the end.
struct Running {
  std::filesystem::path db;
  std::unique_ptr<Server> server;
  std::thread thread;
  explicit Running(int messages_per_second = 50) {
    db = std::filesystem::temp_directory_path() /
         ("ancients-net-test-" + std::to_string(::getpid()) + ".db");
    std::filesystem::remove(db);
    ServerConfig c;
    c.port = 0;
    c.database = db.string();
    c.default_agent = "random";
    c.messages_per_second = messages_per_second;
    server = std::make_unique<Server>(c);
    thread = std::thread([this] { server->run(false); });
  }
  ~Running() {
    server->stop();
    thread.join();
    server.reset();
    std::filesystem::remove(db);
  }
};

/// request()'s status when the server closed the connection before taking the whole body.
constexpr int kBodyRefused = -1;

std::pair<int, std::string> request(unsigned short port, http::verb verb, const std::string& target,
                                    const std::string& body = "") {
  boost::asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.body() = body;
  req.prepare_payload();
  beast::error_code write_error;
  http::write(stream, req, write_error);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  beast::error_code ec;
  http::read(stream, buf, res, ec);
  // The server may answer an oversized body at once and close before the client has written
  // it all (a broken pipe here, and the answer lost with the reset): kBodyRefused.
  if (write_error && ec) return {kBodyRefused, ""};
  return {static_cast<int>(res.result_int()), res.body()};
}

struct Ws {
  boost::asio::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  explicit Ws(unsigned short port) {
    beast::get_lowest_layer(ws).connect(
        tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    ws.handshake("127.0.0.1", "/ws");
  }
  json say(const json& m) {
    ws.write(boost::asio::buffer(m.dump()));
    return read();
  }
  /// The next message, past "presence" messages (who is at the table).
  json read() {
    for (;;) {
      beast::flat_buffer buf;
      ws.read(buf);
      json j = json::parse(beast::buffers_to_string(buf.data()));
      if (j["type"] != "presence") return j;
    }
  }
};

TEST(Network, CreateJoinActAndRefuseOverHttpAndWebSocket) {
  Running r;
  const auto port = r.server->port();
  auto [status, body] = request(port, http::verb::get, "/api/catalogue");
  EXPECT_EQ(status, 200);
  EXPECT_FALSE(json::parse(body)["games"].at(0)["options"].empty());
  EXPECT_FALSE(json::parse(body)["agents"].empty());
  EXPECT_EQ(request(port, http::verb::get, "/api/nothing").first, 404);
  EXPECT_EQ(request(port, http::verb::post, "/api/games", "{oops").first, 400);
  const int oversized =
      request(port, http::verb::post, "/api/games", std::string(2 << 20, 'x')).first;
  EXPECT_TRUE(oversized == 413 || oversized == kBodyRefused) << oversized;
  EXPECT_EQ(request(port, http::verb::get, "/../../etc/passwd").first, 404);

  std::tie(status, body) =
      request(port, http::verb::post, "/api/games", R"({"vs":"friend","armies":["gauls","huns"]})");
  ASSERT_EQ(status, 201) << body;
  const json g = json::parse(body);
  Ws a(port), b(port);
  EXPECT_EQ(a.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}})["seat"], 2);
  const json st = b.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_EQ(st["seat"], 1);
  EXPECT_EQ(b.say({{"type", "act"}, {"action", "nonsense"}, {"version", 0}})["code"], "illegal");
  b.ws.write(boost::asio::buffer(std::string("{\"type\":")));
  EXPECT_EQ(b.read()["code"], "malformed");
  const json after = b.say({{"type", "act"}, {"action", st["legal"][0]}, {"version", 0}});
  EXPECT_EQ(after["version"], 1);
  const json seen = a.read();  // player 2 is told, without player 1's deployment
  EXPECT_EQ(seen["version"], 1);
  EXPECT_EQ(seen["log"][0]["text"], "deploy (hidden)");
  EXPECT_TRUE(seen["view"]["units"].is_array());
  for (const auto& u : seen["view"]["units"]) EXPECT_NE(u["owner"], 1);
  EXPECT_EQ(request(port, http::verb::get, "/api/games/" + g["id"].get<std::string>()).first, 200);
}

/// A WebSocket client on a plain socket that sees the frames: whether the server cut a
/// message into several (Beast's clients join them unseen).
struct FramedWs {
  boost::asio::io_context io;
  tcp::socket socket{io};
  explicit FramedWs(unsigned short port) {
    socket.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    const std::string upgrade =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    boost::asio::write(socket, boost::asio::buffer(upgrade));
    std::string head;
    char c = 0;
    while (!head.ends_with("\r\n\r\n")) {
      boost::asio::read(socket, boost::asio::buffer(&c, 1));
      head += c;
    }
    if (!head.starts_with("HTTP/1.1 101")) throw std::runtime_error(head);
  }
  /// Sends a text message as one masked frame (a client must mask).
  void send(const json& m) {
    const std::string text = m.dump();
    std::string frame{'\x81'};
    if (text.size() < 126) {
      frame += static_cast<char>(0x80 | text.size());
    } else {
      frame += static_cast<char>(0x80 | 126);
      frame += static_cast<char>(text.size() >> 8);
      frame += static_cast<char>(text.size() & 0xff);
    }
    const char mask[4] = {1, 2, 3, 4};
    frame.append(mask, 4);
    for (std::size_t i = 0; i < text.size(); ++i) frame += static_cast<char>(text[i] ^ mask[i % 4]);
    boost::asio::write(socket, boost::asio::buffer(frame));
  }
  struct Message {
    json value;
    std::size_t bytes = 0;
    int frames = 0;
  };
  /// The next data message, past "presence" messages, with the number of frames it came in.
  Message read() {
    for (;;) {
      Message m;
      std::string text;
      bool fin = false;
      while (!fin) {
        unsigned char h[2];
        boost::asio::read(socket, boost::asio::buffer(h));
        fin = (h[0] & 0x80) != 0;
        std::uint64_t n = h[1] & 0x7f;
        if (n >= 126) {
          unsigned char ext[8];
          const std::size_t k = n == 126 ? 2 : 8;
          boost::asio::read(socket, boost::asio::buffer(ext, k));
          n = 0;
          for (std::size_t i = 0; i < k; ++i) n = n << 8 | ext[i];
        }
        std::string payload(n, '\0');
        boost::asio::read(socket, boost::asio::buffer(payload));
        if ((h[0] & 0x0f) >= 8) continue;  // a control frame (ping) between fragments
        text += payload;
        ++m.frames;
      }
      m.bytes = text.size();
      m.value = json::parse(text);
      if (m.value["type"] != "presence") return m;
    }
  }
};

TEST(Network, AStateMessageLeavesAsOneFrameHoweverLong) {
  // Each frame of a message is written when the write before it completes, which under load
  // waits for a whole pass of the server's loop: a long message cut into frames took a pass
  // per frame.
  Running r;
  const auto port = r.server->port();
  auto [status, body] = request(port, http::verb::post, "/api/games", R"({"vs":"friend"})");
  ASSERT_EQ(status, 201) << body;
  const json g = json::parse(body);
  FramedWs one(port);
  Ws two(port);
  one.send({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  FramedWs::Message m = one.read();
  ASSERT_EQ(m.value["seat"], 1) << m.value;
  two.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
  std::size_t longest = 0;
  for (int step = 0; step < 40 && !m.value["over"].get<bool>(); ++step) {
    EXPECT_EQ(m.frames, 1) << m.bytes << " bytes";
    longest = std::max(longest, m.bytes);
    const std::uint64_t version = m.value["version"];
    if (m.value["to_act"] == 1) {
      one.send({{"type", "act"}, {"action", m.value["legal"][0]}, {"version", version}});
    } else {
      json st = two.read();
      while (st["version"] != version) st = two.read();
      two.ws.write(boost::asio::buffer(
          json{{"type", "act"}, {"action", st["legal"][0]}, {"version", version}}.dump()));
    }
    m = one.read();
  }
  EXPECT_GT(longest, 4096u);  // longer than Beast's default frame
}

TEST(Network, AClientSendingTooFastIsRefusedThenClosedAndOthersAreServed) {
  Running r(5);  // --max-messages-per-second 5
  const auto port = r.server->port();
  Ws fast(port);
  // Within one second: 5 messages are handled, the 6th gets `too_fast` (once), and at twice
  // the limit the connection is closed.
  for (int i = 0; i < 5; ++i) EXPECT_EQ(fast.say({{"type", "ping"}})["type"], "pong") << i;
  const json refused = fast.say({{"type", "ping"}});
  EXPECT_EQ(refused["type"], "error");
  EXPECT_EQ(refused["code"], "too_fast");
  for (int i = 0; i < 5; ++i) fast.ws.write(boost::asio::buffer(json{{"type", "ping"}}.dump()));
  beast::flat_buffer buf;
  beast::error_code ec;
  fast.ws.read(buf, ec);
  EXPECT_TRUE(ec) << "the connection should be closed, got "
                  << beast::buffers_to_string(buf.data());
  // Another client is served normally.
  Ws other(port);
  EXPECT_EQ(other.say({{"type", "ping"}})["type"], "pong");
  EXPECT_EQ(request(port, http::verb::get, "/api/catalogue").first, 200);
}

TEST(Network, MessagesWithinTheRateAreAllHandled) {
  Running r(1000);
  Ws ws(r.server->port());
  for (int i = 0; i < 200; ++i) ASSERT_EQ(ws.say({{"type", "ping"}})["type"], "pong") << i;
}

}  // namespace
}  // namespace ancients::server
