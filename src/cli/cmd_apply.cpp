// `ancients apply POSITION.json ACTION...`: applies the actions in order and prints the new
// position; an illegal or malformed action prints nothing on stdout, names the action and the
// reason on stderr and exits with status 3 (the interchange contract).
#include <fmt/format.h>

#include <cstdio>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

void setup_apply(CLI::App& app) {
  auto* cmd = app.add_subcommand("apply", "Apply actions to a position and print the result");
  static std::string path;
  static std::vector<std::string> actions;
  cmd->add_option("position", path, "Position JSON file (- for stdin)")->required();
  cmd->add_option("actions", actions, "Actions in the notation, applied in order");
  cmd->callback([] {
    std::unique_ptr<State> state;
    try {
      state = state_from_json(read_json(path));
    } catch (const BadInput& e) {
      throw ExitError{2, path + ": " + e.what()};
    }
    for (std::size_t i = 0; i < actions.size(); ++i) {
      try {
        state->apply_text(actions[i]);
      } catch (const IllegalAction& e) {
        throw ExitError{3, fmt::format("action {}: {}", i + 1, e.what())};
      }
    }
    const std::string out = state->to_json().dump(2) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_apply);
