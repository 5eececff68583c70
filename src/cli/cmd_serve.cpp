// `ancients serve`: the game server for playing in the browser, alone against the computer or
// with a friend online (see docs/server.md). Games and actions are kept in an SQLite file;
// a restarted server resumes every unfinished game.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "agents/agent.h"
#include "cli/command.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "server/server.h"

namespace ancients::cli {
namespace {

/// The built front end: web/dist next to the data folder (the source tree).
std::string default_web_root() {
  return (std::filesystem::path(data_dir()).parent_path() / "web" / "dist").string();
}

/// Checks --agents and --agent before the server starts: every agent offered must be one
/// make_agent() knows, and the default must be offered (an unknown or refused default would
/// otherwise play, or fall back to another, without a word). Exit status 2 names what is wrong.
void choose_default_agent(server::ServerConfig& c, bool agent_given) {
  auto& offered = c.limits.agents;
  if (offered.empty()) offered = agent_names();
  for (const auto& a : offered) {
    try {
      make_agent(a, 1);
    } catch (const BadInput& e) {
      throw ExitError{2, fmt::format("--agents: {}", e.what())};
    }
  }
  if (std::find(offered.begin(), offered.end(), c.default_agent) != offered.end()) return;
  if (!agent_given) {
    c.default_agent = offered.front();
    return;
  }
  throw ExitError{2, fmt::format("--agent {} is not among the agents offered (--agents {})",
                                 c.default_agent, fmt::join(offered, ","))};
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
  cmd->add_option("--reports", c.reports_root,
                  "A folder of balance reports (ancients balance --html) to serve under /reports/");
  cmd->add_option("--workers", c.workers, "Threads for computer players")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  auto* agent = cmd->add_option("--agent", c.default_agent,
                                "Computer player of the games that name none: one of --agents "
                                "(not given: ismcts:normal, or the first of --agents where that "
                                "is not among them)")
                    ->capture_default_str();
  // Limits (docs/server.md: what each one protects).
  auto& l = c.limits;
  cmd->add_option("--agents", l.agents,
                  "Agents a game may ask for (default: random, greedy, ismcts:easy, "
                  "ismcts:normal, ismcts:hard, pimc:easy, pimc:normal, pimc:hard)")
      ->delimiter(',');
  cmd->add_option("--max-think", l.max_think_seconds,
                  "Seconds a computer player may think per decision (0: no cap)")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  cmd->add_option("--away-grace", l.away_grace_seconds,
                  "Seconds a person must be away before others may hand their seat to the "
                  "computer")
      ->check(CLI::Range(0.0, 86400.0))
      ->capture_default_str();
  cmd->add_option("--games-per-minute", l.games_per_minute,
                  "New games one address may create per minute (0: no limit)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--max-turn-limit", l.max_turn_limit,
                  "The longest game the server plays: a create request or rematch whose "
                  "turn_limit option is above N is refused (0: no cap)")
      ->check(CLI::Range(0, 100000000))
      ->capture_default_str();
  cmd->add_option("--whole-state-rate", l.whole_state_bytes_per_second,
                  "Bytes a second of whole-game state messages (a hello's, a sync's, a stale "
                  "action's answer, an undo's) one address may be sent, eight seconds' worth at "
                  "once (0: no limit)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40))
      ->capture_default_str();
  cmd->add_option("--games-in-memory", l.games_in_memory,
                  "Games held in memory; idle ones beyond it are loaded again on demand")
      ->check(CLI::Range(1, 10000000))
      ->capture_default_str();
  l.group_commit = true;
  cmd->add_option("--group-commit", l.group_commit,
                  "Store the actions of one pass of the server's loop in one transaction "
                  "(false: one transaction per action)")
      ->capture_default_str();
  cmd->add_option("--max-message", l.message_bytes, "Biggest WebSocket message (bytes)")
      ->check(CLI::Range(1024, 16 << 20))
      ->capture_default_str();
  cmd->add_option("--max-body", c.body_bytes, "Biggest HTTP request body (bytes)")
      ->check(CLI::Range(1024, 64 << 20))
      ->capture_default_str();
  cmd->add_option("--max-queue", c.queue_bytes,
                  "Bytes waiting for one WebSocket client before it is dropped")
      ->check(CLI::Range(65536, 1 << 30))
      ->capture_default_str();
  cmd->add_option("--max-connections", c.connections, "Open connections at once")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--max-connections-per-address", c.connections_per_address,
                  "Open connections at once from one address (IPv6: one /64; 0: no cap; lift it "
                  "for load tests; a --trusted-proxy is not capped)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--trusted-proxy", c.trusted_proxies,
                  "The address of a reverse proxy in front of the server (repeatable): its "
                  "connections are not capped per address, and a request's client is the "
                  "address the proxy appended to X-Forwarded-For");
  cmd->add_option("--max-messages-per-second", c.messages_per_second,
                  "WebSocket messages one connection may send per second (0: no limit)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--read-timeout", c.read_timeout_seconds,
                  "Seconds a client has to send one whole HTTP request")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  cmd->add_option("--hello-timeout", c.hello_timeout_seconds,
                  "Seconds a WebSocket has to send its first message before it is closed")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str();
  cmd->callback([agent] {
    choose_default_agent(c, agent->count() > 0);
    try {
      server::Server s(c);
      const std::string host = c.host == "0.0.0.0" ? "127.0.0.1" : c.host;
      std::printf("Ancients is served at http://%s:%u/  (open it in a browser; Ctrl-C stops)\n",
                  host.c_str(), static_cast<unsigned>(s.port()));
      if (s.resumed() > 0)
        std::printf("Resumed %zu unfinished games from %s\n", s.resumed(), c.database.c_str());
      std::fflush(stdout);
      s.run();
      std::printf("Stopped.\n");
      std::fflush(stdout);
    } catch (const std::runtime_error& e) {
      throw ExitError{1, e.what()};
    }
  });
}

ANCIENTS_COMMAND(setup_serve);

}  // namespace
}  // namespace ancients::cli
