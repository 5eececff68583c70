// The network side of `ancients serve` (see server.h): Boost.Beast HTTP and WebSocket
// sessions on a network thread of their own (`net`), the Hub and the Router on the game thread
// (`io`): a request or a message read is posted to the game thread, a reply or a message to
// send is posted back, so the sockets' reads and writes run beside the games' work. Every
// object is touched by one thread only: the sessions and the acceptor by the network thread,
// the hub, the router and the turn clock by the game thread.
// Every byte is hostile: requests and messages are size-limited and timed, replies never
// embed raw input, nothing thrown leaves a handler, binary frames are refused, a client that
// does not read its messages is dropped once its queue passes a byte limit, one that sends
// too many messages a second is refused and then dropped, the number of open connections is
// capped in all and per address, a WebSocket that says nothing after the upgrade is closed, and
// an accept failure (out of descriptors) backs off.
#include "server/server.h"

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "server/hub.h"
#include "server/routes.h"

namespace ancients::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

/// The address whose connections are counted together: an IPv4 client's own (mapped into IPv6
/// or not), an IPv6 client's /64 (one host usually has a whole /64 to draw addresses from).
asio::ip::address counted_address(const asio::ip::address& a) {
  if (!a.is_v6()) return a;
  const asio::ip::address_v6 v6 = a.to_v6();
  if (v6.is_v4_mapped()) return asio::ip::make_address_v4(asio::ip::v4_mapped, v6);
  asio::ip::address_v6::bytes_type bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return asio::ip::address_v6(bytes);
}

/// The client a trusted proxy names for a request: the last entry of its last X-Forwarded-For
/// line, which the proxy itself appended (earlier entries are whatever the client sent), when
/// it is an IP address; else `peer`.
std::string forwarded_address(const http::request<http::string_body>& req,
                              const std::string& peer) {
  std::string_view last;
  for (auto [it, end] = req.base().equal_range("X-Forwarded-For"); it != end; ++it)
    last = std::string_view(it->value().data(), it->value().size());
  if (last.empty()) return peer;
  if (const auto comma = last.rfind(','); comma != std::string_view::npos)
    last = last.substr(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  beast::error_code ec;
  const asio::ip::address a = asio::ip::make_address(std::string(last), ec);
  return ec ? peer : counted_address(a).to_string();
}

/// Counts open connections, in all and per address (counted_address). Touched by the network
/// thread only, as the sessions are.
struct ConnectionCount {
  std::size_t open = 0;
  std::map<asio::ip::address, std::size_t> per_address;  ///< addresses with a connection open
  void release(const asio::ip::address& a) {
    --open;
    const auto it = per_address.find(a);
    if (it != per_address.end() && --it->second == 0) per_address.erase(it);
  }
};
/// One session's place in the ConnectionCount, held for the session's lifetime. A session may
/// be released off the network thread (on the game thread, when a message of its own posted
/// there is the last holder; at shutdown): its slot then posts the release to the network
/// thread, so the count stays that thread's alone.
class Slot {
 public:
  Slot(ConnectionCount& c, asio::io_context::executor_type net, asio::ip::address address)
      : count_(&c), net_(net), address_(address) {
    ++count_->open;
    ++count_->per_address[address_];
  }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  Slot(Slot&& o) noexcept : count_(o.count_), net_(o.net_), address_(o.address_) {
    o.count_ = nullptr;
  }
  ~Slot() {
    if (count_ == nullptr) return;
    if (net_.running_in_this_thread())
      count_->release(address_);
    else
      asio::post(net_, [count = count_, address = address_] { count->release(address); });
  }

 private:
  ConnectionCount* count_;
  asio::io_context::executor_type net_;
  asio::ip::address address_;
};

struct Shared {
  Hub* hub = nullptr;
  const Router* router = nullptr;
  const ServerConfig* config = nullptr;
  ConnectionCount connections;
  std::vector<asio::ip::address> trusted_proxies;  ///< ServerConfig::trusted_proxies, parsed
  bool trusted(const asio::ip::address& a) const {
    const asio::ip::address plain =
        a.is_v6() && a.to_v6().is_v4_mapped()
            ? asio::ip::address(asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6()))
            : a;
    return std::find(trusted_proxies.begin(), trusted_proxies.end(), plain) !=
           trusted_proxies.end();
  }
  /// The game thread's executor: the hub and the router are called only through it.
  asio::io_context::executor_type game;
  explicit Shared(asio::io_context::executor_type g) : game(g) {}
};

/// Logs what went wrong with a message, request or reply (`what`: "message", "request",
/// "reply"); the exception's text is a client's bytes, so it is written as a JSON string.
void log_failure(const char* what, const std::exception& e) {
  std::fprintf(stderr, "ancients serve: a %s failed: %s\n", what,
               safe_dump(nlohmann::json(e.what())).c_str());
}

/// The error reply to the first message over the rate limit of a one-second window.
std::string too_fast_reply(int limit) {
  return R"({"type":"error","code":"too_fast","message":"more than )" + std::to_string(limit) +
         R"( messages in one second: this one was not handled; at twice that the connection is closed"})";
}

/// Counts one connection's messages in one-second windows: up to `limit` pass, the next ones
/// are refused (an error reply), and at twice the limit the connection is closed.
class MessageRate {
 public:
  enum class Verdict { kPass, kRefuse, kClose };
  explicit MessageRate(int limit) : limit_(limit) {}
  Verdict count() {
    if (limit_ <= 0) return Verdict::kPass;
    const auto now = std::chrono::steady_clock::now();
    if (now - window_start_ >= std::chrono::seconds(1)) {
      window_start_ = now;
      in_window_ = 0;
    }
    ++in_window_;
    if (in_window_ <= limit_) return Verdict::kPass;
    return in_window_ > 2 * limit_ ? Verdict::kClose : Verdict::kRefuse;
  }
  /// Whether this is the first refused message of the window (the one that gets a reply).
  bool first_refusal() const { return in_window_ == limit_ + 1; }

 private:
  int limit_;
  std::chrono::steady_clock::time_point window_start_{};
  int in_window_ = 0;
};

/// One WebSocket connection: a Client of the hub.
class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Shared& shared, Slot slot, std::string address)
      : net_(socket.get_executor()),
        ws_(std::move(socket)),
        shared_(shared),
        slot_(std::move(slot)),
        rate_(shared.config->messages_per_second),
        hello_timer_(net_),
        address_(std::move(address)) {}

  void start(http::request<http::string_body> req) {
    // A client says something at once (the page and the load tool send hello as soon as they
    // are connected). One that stays silent is closed: Beast's idle timeout closes only a peer
    // that does not answer its pings, so silent sockets that do held their connections for as
    // long as they liked (security review F-8).
    hello_timer_.expires_after(
        std::chrono::milliseconds(static_cast<long>(shared_.config->hello_timeout_seconds * 1000)));
    hello_timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
      const auto self = weak.lock();
      if (ec || !self || self->heard_ || self->closed_) return;
      self->close_now();  // the pending accept or read fails, and the hub is told as usual
    });
    ws_.read_message_max(shared_.config->limits.message_bytes);
    // A message goes out as one frame in one write. Beast's default cuts it into 4 KiB frames,
    // each written when the last one's completion is run: under load a loop pass each, so a
    // 60 KiB state message took 15 passes (200 ms) to leave.
    ws_.auto_fragment(false);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

  /// From the game thread: the message is queued on the network thread.
  void send(std::shared_ptr<const std::string> message) override {
    asio::post(net_, [self = shared_from_this(), m = std::move(message)]() mutable {
      self->enqueue(std::move(m));
    });
  }

  /// The peer's address (the hub counts a rematch's or an online battle's new game against it,
  /// as a create request's). Set once, so read from any thread.
  std::string address() const override { return address_; }

 private:
  /// On the network thread.
  void enqueue(std::shared_ptr<const std::string> message) {
    if (closed_) return;
    if (queued_bytes_ + message->size() > shared_.config->queue_bytes) {
      close_now();  // a client that does not read its messages: drop it
      return;
    }
    queued_bytes_ += message->size();
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) write();
  }

  /// Tells the hub (on the game thread) that this client went away; the session stays alive
  /// until the hub has heard it, so its address names no other client meanwhile.
  void tell_closed() {
    asio::post(shared_.game,
               [self = shared_from_this()] { self->shared_.hub->on_close(self.get()); });
  }

  void close_now() {
    closed_ = true;
    queue_.clear();
    queued_bytes_ = 0;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->closed_ = true;
        self->tell_closed();
        return;
      }
      if (!self->heard_) {
        self->heard_ = true;
        self->hello_timer_.cancel();
      }
      const bool text = self->ws_.got_text();
      std::string message = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      const MessageRate::Verdict rate = self->rate_.count();
      if (rate == MessageRate::Verdict::kClose) {  // it went on: drop it
        self->close_now();
        self->tell_closed();
        return;
      }
      if (rate == MessageRate::Verdict::kRefuse) {
        if (self->rate_.first_refusal())
          self->enqueue(std::make_shared<const std::string>(
              too_fast_reply(self->shared_.config->messages_per_second)));
      } else if (!text) {
        self->enqueue(std::make_shared<const std::string>(
            R"({"type":"error","code":"malformed","message":"only text messages (JSON) are understood"})"));
      } else {
        asio::post(self->shared_.game, [self, m = std::move(message)] {
          try {
            self->shared_.hub->on_message(self, m);
          } catch (const std::exception& e) {
            log_failure("message", e);
          }
        });
      }
      if (!self->closed_) self->read();
    });
  }

  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec || self->closed_) {
                        self->closed_ = true;
                        self->queue_.clear();
                        self->queued_bytes_ = 0;
                        return;
                      }
                      self->queued_bytes_ -= self->queue_.front()->size();
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write();
                    });
  }

  /// The network thread's executor, kept apart from the stream: the game thread posts to it
  /// without touching the stream.
  const asio::any_io_executor net_;
  websocket::stream<beast::tcp_stream> ws_;
  Shared& shared_;
  Slot slot_;
  /// One message at most: Beast checks each frame's length against read_message_max before it
  /// reads the payload, so this never grows past --max-message (beyond: closed with 1009).
  beast::flat_buffer buffer_;
  MessageRate rate_;
  asio::steady_timer hello_timer_;  ///< closes a connection that has sent no message yet
  const std::string address_;       ///< the peer's (address())
  bool heard_ = false;              ///< a message has been read
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::size_t queued_bytes_ = 0;
  bool closed_ = false;
};

/// One HTTP connection (keep-alive); hands a WebSocket upgrade on /ws to a WsSession.
class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Shared& shared, Slot slot)
      : net_(socket.get_executor()),
        stream_(std::move(socket)),
        shared_(shared),
        slot_(std::move(slot)) {
    beast::error_code ec;
    const auto remote = stream_.socket().remote_endpoint(ec);
    if (!ec) {
      // Counted as the connections are (an IPv6 client's /64): a client could otherwise draw
      // fresh addresses from its /64 for new games without end.
      peer_address_ = counted_address(remote.address()).to_string();
      address_ = peer_address_;
      from_proxy_ = shared_.trusted(remote.address());
    }
  }

  void read() {
    parser_.emplace();
    parser_->body_limit(shared_.config->body_bytes);
    parser_->header_limit(kHeaderBytes);
    // The whole request (headers and body) must arrive in time: a slow client (slowloris)
    // cannot hold a connection open.
    stream_.expires_after(
        std::chrono::milliseconds(static_cast<long>(shared_.config->read_timeout_seconds * 1000)));
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

 private:
  void on_read(beast::error_code ec) {
    // buffer_overflow: a chunk's header line (its extension, a zero-padded size) or the trailer
    // did not fit in the read buffer (buffer_, below).
    if (ec == http::error::body_limit || ec == http::error::header_limit ||
        ec == http::error::buffer_overflow) {
      return send(to_beast(
          {413, {{"Content-Type", "application/json"}}, R"({"error":"the request is too big"})"},
          11, false));
    }
    if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
        ec == asio::error::operation_aborted || ec == asio::error::connection_reset)
      return close();
    if (ec) {  // a malformed request: say so once, then close
      return send(to_beast(
          {400, {{"Content-Type", "application/json"}}, R"({"error":"malformed HTTP request"})"},
          11, false));
    }
    auto req = parser_->release();
    try {
      // Behind a trusted proxy the client is the address it appended to X-Forwarded-For (the
      // last entry; earlier ones are the client's own word). Anything else keeps the peer's.
      if (from_proxy_) address_ = forwarded_address(req, peer_address_);
      if (websocket::is_upgrade(req)) {
        if (req.target() != "/ws" && !req.target().starts_with("/ws?")) return close();
        stream_.expires_never();
        std::make_shared<WsSession>(stream_.release_socket(), shared_, std::move(slot_), address_)
            ->start(std::move(req));
        return;
      }
      HttpRequest r;
      r.method = std::string(req.method_string());
      r.target = std::string(req.target());
      r.body = std::move(req.body());
      r.address = address_;
      // The router (the hub's API, the static files) runs on the game thread; its reply is
      // written back here.
      asio::post(shared_.game, [self = shared_from_this(), r = std::move(r),
                                version = req.version(), keep_alive = req.keep_alive()]() mutable {
        std::optional<HttpReply> reply;
        try {
          reply = self->shared_.router->handle(r);
        } catch (const std::exception& e) {
          log_failure("request", e);
        }
        // The session goes with the reply, so that its last holder is the network thread:
        // its connection's slot is then given back as it closes, before the next accept.
        const asio::any_io_executor net = self->net_;
        asio::post(
            net, [self = std::move(self), reply = std::move(reply), version, keep_alive]() mutable {
              self->reply(std::move(reply), version, keep_alive);
            });
      });
    } catch (const std::exception& e) {
      log_failure("request", e);
      close();
    }
  }

  /// On the network thread: the router's reply goes out (none: the request failed, the
  /// connection is closed).
  void reply(std::optional<HttpReply> reply, unsigned version, bool keep_alive) {
    if (!reply) return close();
    try {
      send(to_beast(std::move(*reply), version, keep_alive));
    } catch (const std::exception& e) {
      log_failure("reply", e);
      close();
    }
  }

  static http::response<http::string_body> to_beast(HttpReply reply, unsigned version,
                                                    bool keep_alive) {
    http::response<http::string_body> res{static_cast<http::status>(reply.status), version};
    for (auto& [name, value] : reply.headers) res.set(name, value);
    res.keep_alive(keep_alive);
    res.body() = std::move(reply.body);
    res.prepare_payload();
    return res;
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.socket().close(ignored);
  }

  void send(http::response<http::string_body> res) {
    auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
    stream_.expires_after(std::chrono::seconds(30));
    http::async_write(stream_, *shared,
                      [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
                        if (ec) return self->close();
                        if (!shared->keep_alive()) {
                          beast::error_code ignored;
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                          return;
                        }
                        self->read();
                      });
  }

  /// The request's header may have up to this many bytes (413 beyond).
  static constexpr std::size_t kHeaderBytes = 16 * 1024;
  /// The read buffer's ceiling. Beast's parser needs a whole header, a whole chunk header line
  /// (size and extensions) or a whole trailer in the buffer at once, and counts neither of the
  /// last two against a limit of its own: without a ceiling, a chunk extension or a trailer
  /// that never ends grew this buffer without bound (hundreds of MiB for one connection within
  /// the read timeout; security review F-1). A body is copied out of the buffer as it comes, so
  /// one of --max-body bytes, with Content-Length or chunked, never needs more than this.
  static constexpr std::size_t kReadBufferBytes = 2 * kHeaderBytes;

  const asio::any_io_executor net_;  ///< the network thread's (as WsSession's)
  beast::tcp_stream stream_;
  Shared& shared_;
  Slot slot_;
  std::string peer_address_;  ///< the connection's peer (counted_address)
  std::string address_;       ///< the client of the request being handled
  bool from_proxy_ = false;   ///< the peer is a trusted proxy (ServerConfig::trusted_proxies)
  beast::flat_buffer buffer_{kReadBufferBytes};
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

struct Server::Impl {
  /// The network thread: the acceptor and every session. Declared first, so destroyed last:
  /// the game thread's handlers still hold sessions, whose sockets need it when they close.
  asio::io_context net{1};
  asio::io_context io{1};  ///< the game thread: the hub, the router, the turn clock
  tcp::acceptor acceptor{net};
  asio::steady_timer backoff{net};
  asio::steady_timer ticker{io};
  ServerConfig config;
  std::unique_ptr<Hub> hub;
  std::unique_ptr<Router> router;
  Shared shared{io.get_executor()};
  std::size_t resumed = 0;

  void accept() {
    acceptor.async_accept(net, [this](beast::error_code ec, tcp::socket s) {
      if (!acceptor.is_open()) return;
      if (ec) {
        // Out of descriptors (EMFILE) or another transient failure: wait instead of spinning.
        backoff.expires_after(std::chrono::milliseconds(100));
        backoff.async_wait([this](beast::error_code) { accept(); });
        return;
      }
      open_session(std::move(s));
      // Every other connection already waiting, at once: one accept per turn of a busy loop
      // would let a burst of new connections wait seconds behind the games' messages.
      for (int more = 0; more < kAcceptsAtOnce; ++more) {
        tcp::socket next(net);
        acceptor.accept(next, ec);  // non-blocking: would_block when none is waiting
        if (ec) break;
        open_session(std::move(next));
      }
      accept();
    });
  }

  static constexpr int kAcceptsAtOnce = 64;

  void open_session(tcp::socket s) {
    beast::error_code ec;
    const tcp::endpoint remote = s.remote_endpoint(ec);
    if (ec) return;  // already gone: the socket is closed here
    const asio::ip::address address = counted_address(remote.address());
    const auto from_there = shared.connections.per_address.find(address);
    // Full, in all or for this address (one client would otherwise hold every connection):
    // the client sees the connection closed and may retry. A trusted proxy's connections are
    // its clients', so they are not capped as one address's.
    if (shared.connections.open >= config.connections ||
        (config.connections_per_address > 0 && !shared.trusted(remote.address()) &&
         from_there != shared.connections.per_address.end() &&
         from_there->second >= config.connections_per_address)) {
      s.close(ec);
      return;
    }
    s.set_option(tcp::no_delay(true), ec);
    std::make_shared<HttpSession>(std::move(s), shared,
                                  Slot(shared.connections, net.get_executor(), address))
        ->read();
  }

  /// The turn clocks, once a second on the game thread.
  void tick() {
    ticker.expires_after(std::chrono::seconds(1));
    ticker.async_wait([this](beast::error_code ec) {
      if (ec) return;
      hub->tick();
      tick();
    });
  }
};

Server::Server(const ServerConfig& config) : impl_(std::make_unique<Impl>()) {
  auto& m = *impl_;
  m.config = config;
  std::shared_ptr<Storage> storage = open_sqlite_storage(config.database);
  m.hub = std::make_unique<Hub>(
      storage, [&io = m.io](std::function<void()> f) { asio::post(io, std::move(f)); },
      config.workers, config.default_agent, config.limits);
  m.router = std::make_unique<Router>(*m.hub, config.web_root, config.reports_root);
  m.shared.hub = m.hub.get();
  m.shared.router = m.router.get();
  m.shared.config = &m.config;
  for (const std::string& proxy : config.trusted_proxies) {
    beast::error_code bad;
    const auto a = asio::ip::make_address(proxy, bad);
    if (bad) throw std::runtime_error("--trusted-proxy " + proxy + ": not an IP address");
    m.shared.trusted_proxies.push_back(a);
  }
  m.resumed = m.hub->resume();
  beast::error_code ec;
  const auto address = asio::ip::make_address(config.host, ec);
  if (ec) throw std::runtime_error("--host " + config.host + ": not an IP address");
  const tcp::endpoint endpoint{address, config.port};
  m.acceptor.open(endpoint.protocol(), ec);
  if (!ec) m.acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) m.acceptor.bind(endpoint, ec);
  if (!ec) m.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (!ec) m.acceptor.non_blocking(true, ec);
  if (ec)
    throw std::runtime_error("cannot listen on " + config.host + ":" + std::to_string(config.port) +
                             " (" + ec.message() + ")");
  m.accept();
  m.tick();
}

Server::~Server() {
  impl_->hub->stop_searches();
  impl_->io.stop();
  impl_->net.stop();
  impl_->hub.reset();  // joins the workers while the io_context still exists
}

unsigned short Server::port() const {
  return impl_->acceptor.local_endpoint().port();
}

std::size_t Server::resumed() const {
  return impl_->resumed;
}

namespace {
/// Runs one io_context until it is stopped; a handler that lets something escape is logged
/// and the loop goes on.
void run_loop(asio::io_context& io) {
  for (;;) {
    try {
      io.run();
      return;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ancients serve: %s\n", safe_dump(nlohmann::json(e.what())).c_str());
    }
  }
}
}  // namespace

void Server::run(bool signals) {
  std::optional<asio::signal_set> sigs;
  if (signals) {
    sigs.emplace(impl_->io, SIGINT, SIGTERM);
    sigs->async_wait([this](beast::error_code, int) { stop_now(); });
  }
  std::thread network([this] { run_loop(impl_->net); });
  run_loop(impl_->io);
  impl_->net.stop();
  network.join();
}

void Server::stop() {
  asio::post(impl_->io, [this] { stop_now(); });
}

void Server::stop_now() {
  impl_->hub->stop_searches();
  impl_->io.stop();
  impl_->net.stop();
}

}  // namespace ancients::server
