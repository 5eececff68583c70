// `ancients legal POSITION.json`: prints every legal whole action of the player to act, one
// per line (the interchange contract, shared/rules/positions-and-notation.md). The games bound
// the list (docs/protocol.md, "Positions that are refused"): beyond it the position is refused.
// With --json, a JSON list instead: each action in structure and in words (State::action_info,
// docs/protocol.md "Structured actions"), as the player to act reads it.
#include <cstdio>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"
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
  cmd->callback([] {
    std::unique_ptr<State> state;
    try {
      state = state_from_json(read_json(path));
    } catch (const BadInput& e) {
      throw ExitError{2, path + ": " + e.what()};
    }
    std::vector<std::string> texts;
    try {
      texts = state->legal_texts();
    } catch (const BadInput& e) {
      throw ExitError{2, path + ": " + e.what()};
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
