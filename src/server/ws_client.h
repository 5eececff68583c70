// A small WebSocket client (RFC 6455) for the load tool's bots, on a plain Asio socket: the
// upgrade request, masked text frames out, whole messages in. Beast's websocket stream, which
// the server keeps, reads a message in two reads at least (its frame buffer holds 1,536 bytes)
// and checks every byte of a text message for UTF-8; this client reads whatever has arrived
// into room of at least 16 KiB (grown to the longest message), so that a state message is
// usually one read, and hands the bot a view of the bytes in place. It is not a general
// client: no extensions, no subprotocols; a close frame is answered and ends the reading.
// Tested in tests/server/ws_client_test.cpp.
#pragma once

#include <boost/asio.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ancients::server {

class WsClient {
 public:
  using tcp = boost::asio::ip::tcp;
  template <class T>
  using awaitable = boost::asio::awaitable<T>;

  /// The largest message read (a bigger one is an error).
  static constexpr std::size_t kMaxMessage = 64u << 20;

  explicit WsClient(const boost::asio::any_io_executor& ex, std::uint32_t mask_key)
      : socket_(ex), mask_key_(mask_key) {}

  /// Connects to one of `endpoints` and upgrades to WebSocket at `path` (throws on failure,
  /// naming what the server answered).
  awaitable<void> connect(const tcp::resolver::results_type& endpoints, std::string_view host,
                          std::string_view path);
  /// The next whole message's bytes, valid until the next call. A closed connection, a close
  /// frame (answered first) or a socket error sets `ec` (eof for the close frame) and gives an
  /// empty view; a frame that breaks the protocol throws.
  awaitable<std::string_view> read(boost::system::error_code& ec);
  /// Sends `text` as one masked text frame.
  awaitable<void> write_text(std::string_view text);

  tcp::socket& socket() { return socket_; }

 private:
  /// Reads more bytes, making room for at least `need` unread bytes in all.
  awaitable<void> fill(std::size_t need, boost::system::error_code& ec);
  awaitable<void> send_frame(unsigned char opcode, std::string_view payload);

  tcp::socket socket_;
  std::uint32_t mask_key_;
  std::vector<char> in_;             ///< received bytes; [start_, end_) not yet read
  std::size_t start_ = 0, end_ = 0;  ///< the unread bytes of in_
  std::string fragments_;            ///< a message sent in several frames, so far
  std::string out_;                  ///< the frame being sent
};

}  // namespace ancients::server
