// `ancients legal POSITION.json`: prints every legal whole action of the player to act, one
// per line (the interchange contract, shared/rules/positions-and-notation.md). The games bound
// the list (docs/protocol.md, "Positions that are refused"): beyond it the position is refused.
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
  cmd->add_option("position", path, "Position JSON file (- for stdin)")->required();
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
    for (const auto& t : texts) out += t + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_legal);
