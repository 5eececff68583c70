// Entry point of `ancients`: registers the games, lets every subcommand add itself, parses
// the command line and turns any error into a message on stderr and a non-zero exit.
#include <cstdio>
#include <exception>

#include "cli/command.h"
#include "core/data_path.h"
#include "games/register_games.h"

namespace ancients::cli {
std::vector<CommandSetup>& command_setups() {
  static std::vector<CommandSetup> setups;
  return setups;
}
}  // namespace ancients::cli

int main(int argc, char** argv) {
  ancients::register_builtin_games();
  CLI::App app{"ancients: Ancient Warfare, Ancient Generals and DBA 3 tools"};
  app.set_version_flag("--version", ancients::program_version());
  app.require_subcommand(1);
  for (auto setup : ancients::cli::command_setups()) setup(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const ancients::cli::ExitError& e) {
    if (!e.message.empty()) std::fprintf(stderr, "ancients: %s\n", e.message.c_str());
    return e.status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ancients: %s\n", e.what());
    return 1;
  }
  return 0;
}
