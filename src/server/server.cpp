// The network side of `ancients serve` (see server.h): Boost.Beast HTTP and WebSocket
// sessions on one io_context; requests and messages are handed to the Hub.
#include "server/server.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "server/hub.h"

namespace ancients::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr std::size_t kMaxBodyBytes = 1 << 20;
constexpr std::size_t kMaxQueuedMessages = 4096;

std::string content_type(const std::string& ext) {
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

/// One WebSocket connection: a Client of the hub.
class WsSession final : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Hub& hub) : ws_(std::move(socket)), hub_(hub) {}

  void start(http::request<http::string_body> req) {
    ws_.read_message_max(kMaxBodyBytes);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->read();
    });
  }

  void send(std::shared_ptr<const std::string> message) override {
    if (closed_) return;
    if (queue_.size() >= kMaxQueuedMessages) {  // a client that does not read: drop it
      closed_ = true;
      beast::get_lowest_layer(ws_).close();
      return;
    }
    queue_.push_back(std::move(message));
    if (queue_.size() == 1) write();
  }

 private:
  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->closed_ = true;
        self->hub_.on_close(self.get());
        return;
      }
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->hub_.on_message(self, text);
      self->read();
    });
  }

  void write() {
    ws_.text(true);
    ws_.async_write(asio::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) {
                        self->closed_ = true;
                        self->queue_.clear();
                        return;
                      }
                      self->queue_.pop_front();
                      if (!self->queue_.empty()) self->write();
                    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  Hub& hub_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool closed_ = false;
};

/// One HTTP connection (keep-alive); hands a WebSocket upgrade on /ws to a WsSession.
class HttpSession final : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Hub& hub, const std::string& web_root)
      : stream_(std::move(socket)), hub_(hub), web_root_(web_root) {}

  void read() {
    parser_.emplace();
    parser_->body_limit(kMaxBodyBytes);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(
        stream_, buffer_, *parser_,
        [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

 private:
  void on_read(beast::error_code ec) {
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      auto res = json_response(413, R"({"error":"the request is too big"})", 11, false);
      return send(std::move(res));
    }
    if (ec) return;
    auto req = parser_->release();
    if (websocket::is_upgrade(req)) {
      if (req.target() != "/ws" && !req.target().starts_with("/ws?")) return;
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), hub_)->start(std::move(req));
      return;
    }
    send(handle(req));
  }

  static http::response<http::string_body> json_response(int status, std::string body,
                                                         unsigned version, bool keep_alive) {
    http::response<http::string_body> res{static_cast<http::status>(status), version};
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(keep_alive);
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
  }

  http::response<http::string_body> handle(const http::request<http::string_body>& req) {
    std::string target(req.target());
    if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
    const auto answer = [&](const HttpAnswer& a) {
      return json_response(a.status, a.body, req.version(), req.keep_alive());
    };
    if (target.starts_with("/api/")) {
      const std::string rest = target.substr(5);
      if (rest == "catalogue" && req.method() == http::verb::get) return answer(hub_.catalogue());
      if (rest == "games" && req.method() == http::verb::post)
        return answer(hub_.create_game(req.body()));
      if (rest.starts_with("games/") && req.method() == http::verb::get) {
        std::string id = rest.substr(6);
        if (id.ends_with("/record")) {
          id.resize(id.size() - 7);
          auto res = answer(hub_.record(id));
          if (res.result() == http::status::ok)
            res.set(http::field::content_disposition,
                    "attachment; filename=\"ancients-" + id + ".json\"");
          return res;
        }
        if (id.ends_with("/replay")) return answer(hub_.replay(id.substr(0, id.size() - 7)));
        return answer(hub_.summary(id));
      }
      return answer({404, R"({"error":"no such API call"})"});
    }
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      return answer({405, R"({"error":"only GET here"})"});
    return static_file(target, req);
  }

  http::response<http::string_body> static_file(std::string target,
                                                const http::request<http::string_body>& req) {
    if (target.empty() || target == "/") target = "/index.html";
    const bool bad =
        target.find("..") != std::string::npos || target.find('\\') != std::string::npos;
    namespace fs = std::filesystem;
    fs::path path = fs::path(web_root_) / target.substr(1);
    std::error_code ec;
    if (bad || web_root_.empty() || !fs::is_regular_file(path, ec)) {
      http::response<http::string_body> res{http::status::not_found, req.version()};
      res.set(http::field::content_type, "text/plain");
      res.body() = web_root_.empty() || !fs::exists(fs::path(web_root_) / "index.html")
                       ? "The web front end is not built: run scripts/setup.sh (npm run build "
                         "in web/).\n"
                       : "Not found.\n";
      res.keep_alive(req.keep_alive());
      res.prepare_payload();
      return res;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream data;
    data << in.rdbuf();
    http::response<http::string_body> res{http::status::ok, req.version()};
    res.set(http::field::content_type, content_type(path.extension().string()));
    if (target.starts_with("/assets/"))
      res.set(http::field::cache_control, "public, max-age=31536000, immutable");
    else
      res.set(http::field::cache_control, "no-cache");
    res.keep_alive(req.keep_alive());
    res.body() = req.method() == http::verb::head ? std::string() : data.str();
    res.prepare_payload();
    return res;
  }

  void send(http::response<http::string_body> res) {
    auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
    http::async_write(stream_, *shared,
                      [self = shared_from_this(), shared](beast::error_code ec, std::size_t) {
                        if (ec) return;
                        if (!shared->keep_alive()) {
                          beast::error_code ignored;
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                          return;
                        }
                        self->read();
                      });
  }

  beast::tcp_stream stream_;
  Hub& hub_;
  const std::string& web_root_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

struct Server::Impl {
  asio::io_context io{1};
  tcp::acceptor acceptor{io};
  ServerConfig config;
  std::unique_ptr<Hub> hub;
  std::size_t resumed = 0;

  void accept() {
    acceptor.async_accept(asio::make_strand(io), [this](beast::error_code ec, tcp::socket s) {
      if (!ec) {
        s.set_option(tcp::no_delay(true));
        std::make_shared<HttpSession>(std::move(s), *hub, config.web_root)->read();
      }
      if (acceptor.is_open()) accept();
    });
  }
};

Server::Server(const ServerConfig& config) : impl_(std::make_unique<Impl>()) {
  auto& m = *impl_;
  m.config = config;
  std::shared_ptr<Storage> storage = open_sqlite_storage(config.database);
  m.hub = std::make_unique<Hub>(
      storage, [&io = m.io](std::function<void()> f) { asio::post(io, std::move(f)); },
      config.workers, config.default_agent);
  m.resumed = m.hub->resume();
  beast::error_code ec;
  const auto address = asio::ip::make_address(config.host, ec);
  if (ec) throw std::runtime_error("--host " + config.host + ": not an IP address");
  const tcp::endpoint endpoint{address, config.port};
  m.acceptor.open(endpoint.protocol(), ec);
  if (!ec) m.acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) m.acceptor.bind(endpoint, ec);
  if (!ec) m.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error("cannot listen on " + config.host + ":" + std::to_string(config.port) +
                             " (" + ec.message() + ")");
  m.accept();
}

Server::~Server() {
  impl_->io.stop();
  impl_->hub.reset();  // joins the workers while the io_context still exists
}

unsigned short Server::port() const {
  return impl_->acceptor.local_endpoint().port();
}

std::size_t Server::resumed() const {
  return impl_->resumed;
}

void Server::run(bool signals) {
  std::optional<asio::signal_set> sigs;
  if (signals) {
    sigs.emplace(impl_->io, SIGINT, SIGTERM);
    sigs->async_wait([this](beast::error_code, int) { impl_->io.stop(); });
  }
  impl_->io.run();
}

void Server::stop() {
  asio::post(impl_->io, [this] { impl_->io.stop(); });
}

}  // namespace ancients::server
