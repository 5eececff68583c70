// `ancients serve`: the game server for playing in the browser, alone against the computer or
// with a friend online (see docs/server.md). Games and actions are kept in an SQLite file;
// a restarted server resumes every unfinished game.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <thread>

#include "agents/agent.h"
#include "cli/command.h"
#include "core/data_path.h"
#include "server/server.h"

namespace ancients::cli {
namespace {

/// The built front end: web/dist next to the data folder (the source tree).
std::string default_web_root() {
  return (std::filesystem::path(data_dir()).parent_path() / "web" / "dist").string();
}

void setup_serve(CLI::App& app) {
  static server::ServerConfig c;
  c.web_root = default_web_root();
  c.workers = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1);
  auto* cmd = app.add_subcommand("serve",
                                 "Serve games in the browser (web front end, JSON API, "
                                 "WebSocket) with SQLite persistence");
  cmd->add_option("--host", c.host, "Address to listen on (127.0.0.1: this machine only)")
      ->capture_default_str();
  cmd->add_option("--port", c.port, "Port to listen on (0: any free port)")->capture_default_str();
  cmd->add_option("--db", c.database, "The SQLite database of games")->capture_default_str();
  cmd->add_option("--web", c.web_root, "The built front end (web/dist)")->capture_default_str();
  cmd->add_option("--workers", c.workers, "Threads for computer players")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--agent", c.default_agent,
                  "Default computer player (falls back to random when unknown)")
      ->capture_default_str();
  cmd->callback([] {
    try {
      server::Server s(c);
      const std::string host = c.host == "0.0.0.0" ? "127.0.0.1" : c.host;
      std::printf("Ancients is served at http://%s:%u/  (open it in a browser; Ctrl-C stops)\n",
                  host.c_str(), static_cast<unsigned>(s.port()));
      if (s.resumed() > 0)
        std::printf("Resumed %zu unfinished games from %s\n", s.resumed(), c.database.c_str());
      std::fflush(stdout);
      s.run();
    } catch (const std::runtime_error& e) {
      throw ExitError{1, e.what()};
    }
  });
}

ANCIENTS_COMMAND(setup_serve);

}  // namespace
}  // namespace ancients::cli
