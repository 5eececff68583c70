// `ancients apply POSITION.json ACTION...`: applies the actions in order and prints the new
// position; an illegal or malformed action prints nothing on stdout, names the action and the
// reason on stderr and exits with status 3 (the interchange contract). With --events it prints,
// instead of the position, one JSON line per action: {"action", "player", "events"}, the action
// and its events as the acting player (or --viewer N; 0 = a spectator) may know them.
#include <fmt/format.h>

#include <cstdio>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"

namespace ancients::cli {
namespace {

void setup_apply(CLI::App& app) {
  auto* cmd = app.add_subcommand("apply", "Apply actions to a position and print the result");
  static std::string path;
  static std::vector<std::string> actions;
  static bool events = false;
  static int viewer = -1;
  cmd->add_option("position", path, "Position JSON file (- for stdin)")->required();
  cmd->add_option("actions", actions, "Actions in the notation, applied in order");
  auto* events_flag = cmd->add_flag(
      "--events", events, "Print each action's events (JSON lines) instead of the position");
  // Up to the position's number of players, checked once it is read (a battle may have 6).
  cmd->add_option("--viewer", viewer, "With --events: as player N sees them (0: a spectator)")
      ->check(CLI::Range(0, 1000))
      ->needs(events_flag);
  cmd->callback([] {
    const std::unique_ptr<State> state = read_position(path);
    check_player_of(*state, viewer, "--viewer");
    std::string lines;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      std::unique_ptr<State> before = events ? state->clone() : nullptr;
      try {
        state->apply_text(actions[i]);
      } catch (const IllegalAction& e) {
        throw ExitError{3, fmt::format("action {}: {}", i + 1, e.what())};
      }
      if (events) {
        // The action as the viewer may read it in a log: another player's deployment is
        // "deploy (hidden)" here as in its events, so a line can be forwarded as it is.
        const int actor = before->to_act();
        const int reader = viewer < 0 ? actor : viewer;
        lines += nlohmann::json({{"action", before->action_text_for(actions[i], actor, reader)},
                                 {"player", actor},
                                 {"events", state->events(*before, actions[i], reader)}})
                     .dump() +
                 "\n";
      }
    }
    if (events) {
      std::fwrite(lines.data(), 1, lines.size(), stdout);
      return;
    }
    const std::string out = state->to_json().dump(2) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_apply);
