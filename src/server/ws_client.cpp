// The load tool's WebSocket client (see ws_client.h): the upgrade, frames in and out.
#include "server/ws_client.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ancients::server {
namespace {

namespace asio = boost::asio;
using asio::use_awaitable;

/// RFC 6455's own example key and its answer (section 1.3): a load tool has no proxy to fool,
/// so one key does for every connection, and the answer still shows a WebSocket server.
constexpr std::string_view kKey = "dGhlIHNhbXBsZSBub25jZQ==";
constexpr std::string_view kAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";

/// What a read asks of the socket at least, and the room a connection starts with.
constexpr std::size_t kReadRoom = 16 * 1024;
/// The longest answer to the upgrade request.
constexpr std::size_t kMaxHead = 16 * 1024;

}  // namespace

WsClient::awaitable<void> WsClient::connect(const tcp::resolver::results_type& endpoints,
                                            std::string_view host, std::string_view path) {
  co_await asio::async_connect(socket_, endpoints, use_awaitable);
  socket_.set_option(tcp::no_delay(true));
  std::string request = "GET ";
  request.append(path).append(" HTTP/1.1\r\nHost: ").append(host);
  request.append("\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ");
  request.append(kKey).append("\r\nSec-WebSocket-Version: 13\r\n\r\n");
  co_await asio::async_write(socket_, asio::buffer(request), use_awaitable);
  std::string_view head;
  for (;;) {
    const std::string_view got(in_.data() + start_, end_ - start_);
    if (const auto end = got.find("\r\n\r\n"); end != std::string_view::npos) {
      head = got.substr(0, end);
      start_ += end + 4;  // what follows the head is the first frames'
      break;
    }
    if (got.size() > kMaxHead)
      throw std::runtime_error("websocket upgrade: the server's answer has no end of its head");
    boost::system::error_code ec;
    co_await fill(got.size() + 1, ec);
    if (ec) throw std::runtime_error("websocket upgrade: " + ec.message());
  }
  if (!head.starts_with("HTTP/1.1 101 "))
    throw std::runtime_error("websocket upgrade refused: " +
                             std::string(head.substr(0, head.find('\r'))));
  if (head.find(kAccept) == std::string_view::npos)
    throw std::runtime_error("websocket upgrade: the answer does not accept the key");
}

WsClient::awaitable<void> WsClient::fill(std::size_t need, boost::system::error_code& ec) {
  if (start_ == end_) start_ = end_ = 0;
  if (in_.size() - start_ < need || in_.size() - end_ < kReadRoom / 4) {
    // Unread bytes to the front, then room for the whole frame (or a read's worth).
    if (start_ > 0 && end_ > start_) std::memmove(in_.data(), in_.data() + start_, end_ - start_);
    end_ -= start_;
    start_ = 0;
    const std::size_t want = std::max(need, end_ + kReadRoom);
    if (in_.size() < want) in_.resize(std::max(want, 2 * in_.size()));
  }
  end_ += co_await socket_.async_read_some(asio::buffer(in_.data() + end_, in_.size() - end_),
                                           asio::redirect_error(use_awaitable, ec));
}

WsClient::awaitable<std::string_view> WsClient::read(boost::system::error_code& ec) {
  fragments_.clear();
  bool in_message = false;  // a text or binary frame without FIN came
  for (;;) {
    std::size_t have = end_ - start_;
    const auto* p = reinterpret_cast<const unsigned char*>(in_.data() + start_);
    std::size_t header = 2;
    if (have >= 2) {
      const unsigned length7 = p[1] & 0x7Fu;
      header += (length7 == 126 ? 2 : length7 == 127 ? 8 : 0) + ((p[1] & 0x80u) != 0 ? 4 : 0);
    }
    if (have < header) {
      co_await fill(header, ec);
      if (ec) co_return std::string_view{};
      continue;
    }
    if ((p[0] & 0x70u) != 0) throw std::runtime_error("websocket: a frame with reserved bits set");
    const bool fin = (p[0] & 0x80u) != 0;
    const unsigned opcode = p[0] & 0x0Fu;
    const bool masked = (p[1] & 0x80u) != 0;
    std::uint64_t length = p[1] & 0x7Fu;
    const int extended = length == 126 ? 2 : length == 127 ? 8 : 0;
    if (extended != 0) {
      length = 0;
      for (int i = 0; i < extended; ++i) length = (length << 8) | p[2 + i];
    }
    if (length > kMaxMessage || fragments_.size() + length > kMaxMessage)
      throw std::runtime_error("websocket: a message over " + std::to_string(kMaxMessage >> 20) +
                               " MiB");
    const auto size = static_cast<std::size_t>(length);
    if (have < header + size) {
      co_await fill(header + size, ec);
      if (ec) co_return std::string_view{};
      continue;
    }
    char* payload = in_.data() + start_ + header;
    if (masked) {  // a server does not mask its frames, but the bytes are read as meant
      unsigned char key[4];
      std::memcpy(key, payload - 4, 4);
      for (std::size_t i = 0; i < size; ++i)
        payload[i] = static_cast<char>(payload[i] ^ key[i % 4]);
    }
    start_ += header + size;
    const std::string_view data(payload, size);
    switch (opcode) {
      case 0x8:  // close: answered with its status code, and the connection ends here
        try {
          co_await send_frame(0x8, data.substr(0, std::min<std::size_t>(data.size(), 2)));
        } catch (const boost::system::system_error&) {
          // the server closed the socket too: the connection has ended either way
        }
        ec = asio::error::eof;
        co_return std::string_view{};
      case 0x9:  // ping: answered at once
        co_await send_frame(0xA, data);
        continue;
      case 0xA:  // pong
        continue;
      case 0x0:
        if (!in_message)
          throw std::runtime_error("websocket: a continuation frame out of a message");
        break;
      case 0x1:
      case 0x2:
        if (in_message) throw std::runtime_error("websocket: a new message inside a message");
        if (fin) co_return data;  // the usual case: one frame, read in place
        in_message = true;
        break;
      default:
        throw std::runtime_error("websocket: an unknown opcode " + std::to_string(opcode));
    }
    fragments_.append(data);
    if (fin) co_return std::string_view(fragments_);
  }
}

WsClient::awaitable<void> WsClient::write_text(std::string_view text) {
  co_await send_frame(0x1, text);
}

WsClient::awaitable<void> WsClient::send_frame(unsigned char opcode, std::string_view payload) {
  // Built before the first await: `payload` may lie in the read buffer (a ping's).
  out_.clear();
  out_.push_back(static_cast<char>(0x80u | opcode));
  const std::size_t n = payload.size();
  if (n < 126) {
    out_.push_back(static_cast<char>(0x80u | n));
  } else if (n < 65536) {
    out_.push_back(static_cast<char>(0x80u | 126u));
    out_.push_back(static_cast<char>(n >> 8));
    out_.push_back(static_cast<char>(n & 0xFFu));
  } else {
    out_.push_back(static_cast<char>(0x80u | 127u));
    for (int i = 7; i >= 0; --i) out_.push_back(static_cast<char>((n >> (8 * i)) & 0xFFu));
  }
  const unsigned char key[4] = {
      static_cast<unsigned char>(mask_key_ >> 24), static_cast<unsigned char>(mask_key_ >> 16),
      static_cast<unsigned char>(mask_key_ >> 8), static_cast<unsigned char>(mask_key_)};
  out_.append(reinterpret_cast<const char*>(key), 4);
  const std::size_t at = out_.size();
  out_.append(payload);
  for (std::size_t i = 0; i < n; ++i) out_[at + i] = static_cast<char>(out_[at + i] ^ key[i % 4]);
  co_await asio::async_write(socket_, asio::buffer(out_), use_awaitable);
}

}  // namespace ancients::server
