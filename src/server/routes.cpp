// Request routing for the JSON API and the web front end (see routes.h).
#include "server/routes.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "server/dba_api.h"
#include "server/rules_api.h"
#include "server/static_files.h"

namespace ancients::server {
namespace {

HttpReply json_reply(const HttpAnswer& a) {
  return {a.status, {{"Content-Type", "application/json"}, {"Cache-Control", "no-store"}}, a.body};
}

HttpReply error_reply(int status, const std::string& message) {
  return json_reply({status, safe_dump(nlohmann::json{{"error", message}})});
}

/// Game ids are the server's own 16 hex digits: anything else cannot name a game.
bool plausible_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  return true;
}

}  // namespace

Router::Router(Hub& hub, const std::string& web_root, const std::string& reports_root) : hub_(hub) {
  std::error_code ec;
  if (!reports_root.empty()) {
    reports_ = std::filesystem::canonical(reports_root, ec);
    if (ec || !std::filesystem::is_directory(reports_, ec)) reports_.clear();
  }
  if (!web_root.empty()) {
    root_ = std::filesystem::canonical(web_root, ec);
    if (ec) root_.clear();
    built_ = !root_.empty() && std::filesystem::is_regular_file(root_ / "index.html", ec);
  }
}

HttpReply Router::handle(const HttpRequest& request) const {
  try {
    return route(request);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ancients serve: a request failed: %s\n",
                 safe_dump(nlohmann::json(e.what())).c_str());
    return error_reply(500, "the server could not handle this request");
  } catch (...) {
    return error_reply(500, "the server could not handle this request");
  }
}

HttpReply Router::route(const HttpRequest& req) const {
  std::string target = req.target;
  if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
  if (target.starts_with("/api/")) {
    const std::string rest = target.substr(5);
    if (rest == "catalogue" && req.method == "GET") return json_reply(hub_.catalogue());
    if (rest.starts_with("dba/")) return json_reply(dba_api(rest.substr(4), req.method, req.body));
    if (rest == "rules" && req.method == "POST") return json_reply(rules_api(req.body));
    if (rest == "games" && req.method == "POST")
      return json_reply(hub_.create_game(req.body, req.address));
    if (rest == "open" && req.method == "GET") return json_reply(hub_.open_games());
    if (rest == "scenarios" && req.method == "GET") return json_reply(hub_.scenarios());
    if (rest == "campaigns" && req.method == "POST")
      return json_reply(hub_.create_campaign(req.body, req.address));
    if (rest.starts_with("games/") && rest.ends_with("/join") && req.method == "POST") {
      const std::string id = rest.substr(6, rest.size() - 6 - 5);
      if (!plausible_id(id)) return error_reply(404, "no such game");
      return json_reply(hub_.join(id, req.body, req.address));
    }
    if (rest.starts_with("games/") && req.method == "GET") {
      std::string id = rest.substr(6);
      enum { kSummary, kRecord, kReplay } what = kSummary;
      if (id.ends_with("/record")) {
        id.resize(id.size() - 7);
        what = kRecord;
      } else if (id.ends_with("/replay")) {
        id.resize(id.size() - 7);
        what = kReplay;
      }
      if (!plausible_id(id)) return error_reply(404, "no such game");
      if (what == kSummary) return json_reply(hub_.summary(id));
      if (what == kReplay) return json_reply(hub_.replay(id));
      auto reply = json_reply(hub_.record(id));
      if (reply.status == 200)
        reply.headers.emplace_back("Content-Disposition",
                                   "attachment; filename=\"ancients-" + id + ".json\"");
      return reply;
    }
    return error_reply(404, "no such API call");
  }
  if (req.method != "GET" && req.method != "HEAD") return error_reply(405, "only GET here");
  if (target == "/reports" || target.starts_with("/reports/"))
    return report(target.size() > 8 ? target.substr(8) : "/", req.method == "HEAD");
  return static_file(target, req.method == "HEAD");
}

HttpReply Router::report(const std::string& path, bool head) const {
  const HttpReply none{
      404,
      {{"Content-Type", "text/plain; charset=utf-8"}, {"Cache-Control", "no-cache"}},
      reports_.empty() ? "No reports folder: start the server with --reports DIR.\n"
                       : "Not found.\n"};
  if (reports_.empty()) return none;
  if (path == "/") {  // the list of reports, newest first
    std::vector<std::pair<std::filesystem::file_time_type, std::string>> files;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(reports_, ec)) {
      const std::string name = e.path().filename().string();
      if (e.is_regular_file(ec) && e.path().extension() == ".html" && valid_utf8(name) &&
          name.find_first_of("<>&\"'") == std::string::npos)
        files.emplace_back(e.last_write_time(ec), name);
      if (files.size() >= 1000) break;
    }
    std::sort(files.rbegin(), files.rend());
    std::string body =
        "<!doctype html><meta charset=utf-8><title>Balance reports</title>"
        "<h1>Balance reports</h1><ul>";
    for (const auto& [when, name] : files)
      body += "<li><a href=\"/reports/" + name + "\">" + name + "</a>";
    body += "</ul>";
    return {200,
            {{"Content-Type", "text/html; charset=utf-8"}, {"Cache-Control", "no-cache"}},
            head ? std::string() : body};
  }
  const auto file = find_static_file(reports_, path);
  if (!file) return none;
  std::ifstream in(file->path, std::ios::binary);
  std::ostringstream data;
  data << in.rdbuf();
  if (!in && !in.eof()) return error_reply(500, "the file cannot be read");
  return {200,
          {{"Content-Type", file->content_type},
           {"Cache-Control", "no-cache"},
           {"X-Content-Type-Options", "nosniff"}},
          head ? std::string() : data.str()};
}

HttpReply Router::static_file(const std::string& path, bool head) const {
  const auto file = built_ ? find_static_file(root_, path) : std::nullopt;
  if (!file) {
    return {404,
            {{"Content-Type", "text/plain; charset=utf-8"}, {"Cache-Control", "no-cache"}},
            built_ ? "Not found.\n"
                   : "The web front end is not built: run scripts/setup.sh (npm run build in "
                     "web/).\n"};
  }
  std::ifstream in(file->path, std::ios::binary);
  std::ostringstream data;
  data << in.rdbuf();
  if (!in && !in.eof()) return error_reply(500, "the file cannot be read");
  HttpReply reply{200,
                  {{"Content-Type", file->content_type},
                   {"Cache-Control", file->cache_control},
                   {"X-Content-Type-Options", "nosniff"}},
                  head ? std::string() : data.str()};
  return reply;
}

}  // namespace ancients::server
