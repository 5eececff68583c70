// A tests-only build of the `ancients` command line: the same commands (cli/run.h) with the
// tiny-duel and tiny-muster test games registered beside the built-in games.
#include "cli/run.h"
#include "games/register_games.h"
#include "testgame/tiny_duel.h"
#include "testgame/tiny_muster.h"

int main(int argc, char** argv) {
  ancients::register_builtin_games();
  testgame::register_tiny_duel();
  testgame::register_tiny_muster();
  return ancients::cli::run_cli(argc, argv);
}
