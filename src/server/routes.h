// The HTTP side of the server without any network library: a request (method, target, body,
// the client's address) in, a reply (status, headers, body) out. server.cpp only moves bytes
// between sockets and this function, so it can be tested and fuzzed without sockets. It never
// throws: whatever goes wrong becomes an error reply.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "server/hub.h"

namespace ancients::server {

struct HttpRequest {
  std::string method;  ///< "GET", "POST", ...
  std::string target;  ///< the raw request target ("/api/games?x=1")
  std::string body;
  std::string address;  ///< the client's IP address (for per-address limits)
};

struct HttpReply {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;  ///< Content-Type etc.
  std::string body;
};

class Router {
 public:
  /// `web_root`: the built front end, or empty for none. `reports_root`: a folder of balance
  /// reports (`ancients balance --html`) served under /reports/, or empty for none.
  Router(Hub& hub, const std::string& web_root, const std::string& reports_root = "");
  /// Answers one request; never throws.
  HttpReply handle(const HttpRequest& request) const;

 private:
  HttpReply route(const HttpRequest& request) const;
  HttpReply static_file(const std::string& path, bool head) const;
  HttpReply report(const std::string& path, bool head) const;

  Hub& hub_;
  std::filesystem::path root_;     ///< canonical, or empty
  bool built_ = false;             ///< whether the root holds index.html
  std::filesystem::path reports_;  ///< canonical, or empty
};

}  // namespace ancients::server
