// Entry point of `ancients`: registers the games built into the program and runs the command
// line (run.cpp; each subcommand is one cmd_*.cpp file, `games` included).
#include "cli/run.h"
#include "games/register_games.h"

int main(int argc, char** argv) {
  ancients::register_builtin_games();
  return ancients::cli::run_cli(argc, argv);
}
