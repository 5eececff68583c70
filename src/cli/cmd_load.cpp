// `ancients load`: plays many concurrent bot games against a running `ancients serve` and
// prints one JSON line with the actions per second and the round trips (docs/server.md, "Load").
#include <cstdio>

#include "cli/command.h"
#include "server/load_client.h"

namespace ancients::cli {
namespace {

void setup_load(CLI::App& app) {
  static server::LoadConfig c;
  auto* cmd = app.add_subcommand(
      "load", "Load a running server with bot games (closed loop) and report the round trips");
  cmd->add_option("--url", c.url, "The server, http://HOST[:PORT]")->capture_default_str();
  cmd->add_option("--games", c.games, "Games played at once")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_option("--seconds", c.seconds, "How long the bots start new actions")
      ->check(CLI::Range(0.1, 86400.0))
      ->capture_default_str();
  cmd->add_option("--warmup", c.warmup,
                  "Seconds played first and not measured (the games' simultaneous start)")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  cmd->add_option("--think-ms", c.think_ms,
                  "Each bot waits this x 0.5..1.5 before acting (0: answers at once)")
      ->check(CLI::Range(0.0, 3600000.0))
      ->capture_default_str();
  cmd->add_flag("--full{false}", c.compact,
                "Ask for full state messages (every group advance listed)");
  cmd->add_option("--game", c.game, "The game played (any the server serves)")
      ->capture_default_str();
  cmd->add_option("--options", c.options, "The games' options, a JSON object")
      ->capture_default_str();
  cmd->add_option("--trace", c.trace,
                  "Write one JSON line per measured round trip to this file (when, how long, the "
                  "reply's size, the action)");
  cmd->add_option("--seed", c.seed, "Seed of the bots' choices (0: random)")->capture_default_str();
  cmd->callback([] {
    try {
      std::printf("%s\n", server::run_load(c).c_str());
    } catch (const std::runtime_error& e) {
      throw ExitError{1, e.what()};
    }
  });
}

ANCIENTS_COMMAND(setup_load);

}  // namespace
}  // namespace ancients::cli
