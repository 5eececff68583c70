// `ancients apply POSITION.json ACTION...`: applies the actions in order and prints the new
// position; an illegal or malformed action prints nothing on stdout, names the action and the
// reason on stderr and exits with status 3 (the interchange contract). With --events it prints,
// instead of the position, one JSON line per action: {"action", "player", "events"}, the action
// and its events as the acting player (or --viewer N; 0 = a spectator) may know them. A refusal
// quotes an action of more than 16 KiB by its start and its length.
#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"

namespace ancients::cli {
namespace {

/// Actions longer than this (bytes) are quoted in a refusal by their start and their length, so
/// that a careless tool's huge argument does not come back whole on stderr.
constexpr std::size_t kLongestQuotedAction = 16384;  // the server's own --max-message
constexpr std::size_t kQuotedStart = 160;

/// The refusal `message` of `action`, its quotations of a long action cut short.
std::string shortened_refusal(std::string message, const std::string& action) {
  if (action.size() <= kLongestQuotedAction) return message;
  std::size_t cut = kQuotedStart;
  while (cut > 0 && (static_cast<unsigned char>(action[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  const std::string whole = "\"" + action + "\"";
  const std::string shortened =
      fmt::format("\"{}...\" ({} bytes)", action.substr(0, cut), action.size());
  for (std::size_t at = message.find(whole); at != std::string::npos;
       at = message.find(whole, at + shortened.size()))
    message.replace(at, whole.size(), shortened);
  return message;
}

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
        throw ExitError{
            3, fmt::format("action {}: {}", i + 1, shortened_refusal(e.what(), actions[i]))};
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
