// `ancients view POSITION.json --player N`: prints the position as player N may know it (0: a
// spectator), the same view the server sends that player: the opponent's hand and the deck as
// numbers, no random state, a hidden deployment as reserves. A tool that holds the true position
// gives each of its bots this and nothing more (docs/protocol.md, "Views").
#include <cstdio>

#include "cli/command.h"
#include "cli/io.h"

namespace ancients::cli {
namespace {

void setup_view(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("view", "Print a position as one player (or a spectator) knows it");
  static std::string path;
  static int player = 0;
  cmd->add_option("position", path, "Position JSON file (- for stdin)")->required();
  // Up to the position's number of players, checked once it is read (a battle may have 6).
  cmd->add_option("--player", player, "The player who looks (0: a spectator)")
      ->required()
      ->check(CLI::Range(0, 1000));
  cmd->callback([] {
    const std::unique_ptr<State> state = read_position(path);
    check_player_of(*state, player, "--player");
    const std::string out = state->view_json(player).dump(2) + "\n";
    std::fwrite(out.data(), 1, out.size(), stdout);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_view);
