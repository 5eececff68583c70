// The load tool's WebSocket client (src/server/ws_client.h) against Beast's server side, the
// one `ancients serve` runs: masked frames of every length form it accepts, a message sent in
// fragments, a ping in the middle, a close, and an upgrade the server refuses.
#include "server/ws_client.h"

#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <functional>
#include <string>
#include <thread>

namespace ancients::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

/// One connection accepted on 127.0.0.1 and handed to `serve` on a thread of its own, as a
/// WebSocket (or as a plain socket: the second constructor). finish() joins the thread and
/// gives what it threw.
class OneConnectionServer {
 public:
  explicit OneConnectionServer(std::function<void(websocket::stream<tcp::socket>&)> serve)
      : thread_([this, serve = std::move(serve)] {
          try {
            websocket::stream<tcp::socket> ws(acceptor_.accept());
            ws.accept();
            serve(ws);
          } catch (const std::exception& e) {
            error = e.what();
          }
        }) {}
  OneConnectionServer(std::function<void(tcp::socket&)> serve, bool /*plain*/)
      : thread_([this, serve = std::move(serve)] {
          try {
            tcp::socket s = acceptor_.accept();
            serve(s);
          } catch (const std::exception& e) {
            error = e.what();
          }
        }) {}
  ~OneConnectionServer() {
    if (thread_.joinable()) thread_.join();
  }
  /// Waits for the connection's thread to end; what it threw, or "".
  std::string finish() {
    thread_.join();
    return error;
  }

  tcp::resolver::results_type endpoints() {
    return tcp::resolver(io_).resolve("127.0.0.1",
                                      std::to_string(acceptor_.local_endpoint().port()));
  }

 private:
  std::string error;
  asio::io_context io_;
  tcp::acceptor acceptor_{io_, {asio::ip::make_address("127.0.0.1"), 0}};
  std::thread thread_;
};

/// Runs `client` (a coroutine taking the connected WsClient) to its end; rethrows its error.
void run_client(OneConnectionServer& server,
                const std::function<asio::awaitable<void>(WsClient&)>& client) {
  asio::io_context io;
  WsClient ws(io.get_executor(), 0x12345678u);
  auto done = asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        co_await ws.connect(server.endpoints(), "127.0.0.1", "/ws");
        co_await client(ws);
      },
      asio::use_future);
  io.run();
  done.get();
}

TEST(WsClient, SendsAndReadsMessagesOfEveryLengthForm) {
  // 7-bit, 16-bit and 64-bit lengths at their edges, both ways: the server unmasks what the
  // client masked and sends the text back unmasked.
  const std::vector<std::size_t> sizes = {0, 1, 125, 126, 127, 65535, 65536, 300000};
  OneConnectionServer server([&](websocket::stream<tcp::socket>& ws) {
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      beast::flat_buffer b;
      ws.read(b);
      ws.text(true);
      ws.write(b.data());
    }
  });
  std::vector<std::string> got;
  run_client(server, [&](WsClient& ws) -> asio::awaitable<void> {
    for (const std::size_t n : sizes) {
      std::string text(n, 'a');
      for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>('a' + i % 26);
      co_await ws.write_text(text);
      boost::system::error_code ec;
      const std::string_view back = co_await ws.read(ec);
      EXPECT_FALSE(ec) << ec.message();
      got.emplace_back(back);
    }
  });
  EXPECT_EQ(server.finish(), "");
  ASSERT_EQ(got.size(), sizes.size());
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    ASSERT_EQ(got[k].size(), sizes[k]);
    for (std::size_t i = 0; i < sizes[k]; ++i)
      ASSERT_EQ(got[k][i], static_cast<char>('a' + i % 26)) << "message " << k << " byte " << i;
  }
}

TEST(WsClient, ReadsAFragmentedMessageWholeAndAnswersAPingInItsMiddle) {
  bool pong = false;
  OneConnectionServer server([&](websocket::stream<tcp::socket>& ws) {
    ws.control_callback([&](websocket::frame_type kind, beast::string_view payload) {
      if (kind == websocket::frame_type::pong && payload == "are you there") pong = true;
    });
    ws.ping("are you there");
    ws.auto_fragment(true);
    ws.write_buffer_bytes(512);  // frames of 512 bytes
    ws.text(true);
    ws.write(asio::buffer(std::string(5000, 'x') + "end"));
    beast::flat_buffer b;
    ws.read(b);  // the client's answer, read after its pong
    ws.write(b.data());
  });
  std::string whole, echoed;
  run_client(server, [&](WsClient& ws) -> asio::awaitable<void> {
    boost::system::error_code ec;
    whole = std::string(co_await ws.read(ec));
    EXPECT_FALSE(ec) << ec.message();
    co_await ws.write_text("thanks");
    echoed = std::string(co_await ws.read(ec));
    EXPECT_FALSE(ec) << ec.message();
  });
  EXPECT_EQ(server.finish(), "");
  EXPECT_EQ(whole, std::string(5000, 'x') + "end");
  EXPECT_EQ(echoed, "thanks");
  EXPECT_TRUE(pong);
}

TEST(WsClient, AReadAfterTheServerClosesEndsWithEof) {
  OneConnectionServer server(
      [&](websocket::stream<tcp::socket>& ws) { ws.close(websocket::close_code::normal); });
  boost::system::error_code ec;
  std::string_view got = "not read";
  run_client(server, [&](WsClient& ws) -> asio::awaitable<void> { got = co_await ws.read(ec); });
  EXPECT_EQ(server.finish(), "");
  EXPECT_EQ(ec, asio::error::eof);
  EXPECT_TRUE(got.empty());
}

TEST(WsClient, AnUpgradeTheServerRefusesThrowsWithItsStatusLine) {
  OneConnectionServer server(
      [&](tcp::socket& s) {
        std::string request;
        asio::read_until(s, asio::dynamic_buffer(request), "\r\n\r\n");
        asio::write(s, asio::buffer(std::string("HTTP/1.1 404 Not Found\r\nContent-Length: "
                                                "0\r\n\r\n")));
      },
      true);
  try {
    run_client(server, [](WsClient&) -> asio::awaitable<void> { co_return; });
    FAIL() << "the refused upgrade was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("refused: HTTP/1.1 404 Not Found"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(server.finish(), "");
}

}  // namespace
}  // namespace ancients::server
