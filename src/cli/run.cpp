// The command line of `ancients` (see run.h).
#include "cli/run.h"

#include <cstdio>
#include <exception>

#include "cli/command.h"
#include "core/data_path.h"

namespace ancients::cli {

std::vector<CommandSetup>& command_setups() {
  static std::vector<CommandSetup> setups;
  return setups;
}

int run_cli(int argc, char** argv) {
  CLI::App app{"ancients: Ancient Warfare, Ancient Generals and DBA 3 tools"};
  app.set_version_flag("--version", ancients::program_version());
  app.require_subcommand(1);
  for (auto setup : command_setups()) setup(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const ExitError& e) {
    if (!e.message.empty()) std::fprintf(stderr, "ancients: %s\n", e.message.c_str());
    return e.status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ancients: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace ancients::cli
