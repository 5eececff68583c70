// `ancients legal POSITION.json`: prints every legal whole action of the player to act, one
// per line (the interchange contract, shared/rules/positions-and-notation.md). The games bound
// the list (docs/protocol.md, "Positions that are refused"): beyond it the position is refused.
// With --json, a JSON list instead: each action in structure and in words (State::action_info,
// docs/protocol.md "Structured actions"), as the player to act reads it. With --automatic, only
// the set-up action a computer takes here (Ancient Warfare: a deployment, whose choices are too
// many to list), as the server offers it: a tool may play it or rearrange it.
#include <cstdint>
#include <cstdio>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"
#include "core/game_descriptor.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

void setup_legal(CLI::App& app) {
  auto* cmd = app.add_subcommand("legal", "Print every legal action of the player to act");
  static std::string path;
  static bool as_json = false;
  cmd->add_option("position", path, "Position JSON file (- for stdin)")->required();
  cmd->add_flag("--json", as_json,
                "Print a JSON list: each action's kind, card, squares, units and words");
  static bool automatic = false;
  static std::uint64_t seed = 1;
  auto* automatic_flag =
      cmd->add_flag("--automatic", automatic,
                    "Only the set-up action a computer takes here (Ancient Warfare: a deployment)");
  // Without --automatic a seed would change nothing: refused (exit 2) rather than ignored.
  cmd->add_option("--seed", seed, "With --automatic: varies the automatic action")
      ->capture_default_str()
      ->needs(automatic_flag);
  cmd->callback([] {
    const std::unique_ptr<State> state = read_position(path);
    std::vector<std::string> texts;
    if (automatic) {
      const std::string text =
          automatic_action(game_named(std::string(state->game())), *state, seed);
      if (text.empty())
        throw ExitError{2, path + ": no automatic set-up action here (the player to act " +
                               "decides: `ancients legal` lists the choices where they are " +
                               "not too many; else give one action)"};
      texts.push_back(text);
    } else {
      try {
        texts = state->legal_texts();
      } catch (const BadInput& e) {
        // The pointer to --automatic only where it has an action to print (a deployment; not
        // an Ancient Generals discard or the group advances of a large army).
        bool has_automatic = false;
        try {
          has_automatic =
              !automatic_action(game_named(std::string(state->game())), *state, seed).empty();
        } catch (const BadInput&) {
        }
        throw ExitError{2, path + ": " + e.what() +
                               (has_automatic ? " (`ancients legal --automatic` prints the "
                                                "set-up action a computer would take)"
                                              : "")};
      }
    }
    std::string out;
    if (as_json) {
      auto list = nlohmann::json::array();
      for (const auto& t : texts) list.push_back(state->action_info(t, state->to_act()));
      out = list.dump(2) + "\n";
    } else {
      for (const auto& t : texts) out += t + "\n";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_legal);
