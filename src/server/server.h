// `ancients serve`: one port for the web front end (static files), the JSON API and the
// WebSocket games, over Boost.Beast on a network thread, with the games on a game thread of
// their own; computer players think on worker threads. The network code lives in server.cpp
// alone (Beast compiles slowly).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/hub.h"

namespace ancients::server {

struct ServerConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;  ///< 0 picks a free port (see Server::port())
  std::string database = "ancients.db";
  std::string web_root;      ///< the built front end (web/dist); empty serves no pages
  std::string reports_root;  ///< balance reports served under /reports/; empty: none
  int workers = 1;           ///< threads for computer players
  std::string default_agent = "ismcts:normal";
  HubLimits limits;                   ///< agents, games, message size (hub.h)
  std::size_t body_bytes = 1 << 20;   ///< the biggest HTTP request body
  std::size_t queue_bytes = 8 << 20;  ///< output waiting for one slow WebSocket client
  std::size_t connections = 1000;     ///< open connections at once
  /// Open connections at once from one address (an IPv6 one's /64; 0: no cap). Behind a
  /// reverse proxy every client has the proxy's address: name the proxy (trusted_proxies).
  std::size_t connections_per_address = 64;
  /// Addresses of reverse proxies (TLS in front of the server) whose requests name their client
  /// in X-Forwarded-For: their connections are not capped per address (every client behind a
  /// proxy shares its address), and a request's address for the limits per address (new games)
  /// is the one the proxy appended. Empty: X-Forwarded-For is ignored.
  std::vector<std::string> trusted_proxies;
  /// Seconds a WebSocket has, after the upgrade, to send its first message before it is closed.
  double hello_timeout_seconds = 10;
  double read_timeout_seconds = 15;  ///< to receive one whole HTTP request
  /// WebSocket messages one connection may send per second (0: no limit): beyond it a message
  /// is refused with the error `too_fast`, and at twice the rate the connection is closed.
  int messages_per_second = 50;
};

class Server {
 public:
  /// Opens the database, resumes unfinished games and starts listening; throws
  /// std::runtime_error with a clear message (port in use, database unreadable).
  explicit Server(const ServerConfig& config);
  ~Server();
  /// The port listened on.
  unsigned short port() const;
  /// The number of unfinished games resumed from the database at start.
  std::size_t resumed() const;
  /// Serves until stop() or SIGINT/SIGTERM (when `signals`); running searches are told to
  /// stop, so it returns within a second.
  void run(bool signals = true);
  /// Stops run() (from any thread).
  void stop();

 private:
  /// On the game thread: searches told to stop, both threads' loops stopped.
  void stop_now();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ancients::server
