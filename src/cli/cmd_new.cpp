// `ancients new`: prints the starting position of a new game (for tools and tests), built by
// the game's factory from its options and the seed (`ancients games` lists them): --options
// KEY=VALUE,... and --rule NAME for any game; --army1, --army2, --map, --edition, --board,
// --turn-limit and --defend-autokill set the options of those names. Ancient Warfare keeps its
// documented armies (Marian Romans against Gauls) unless told otherwise; --deploy plays the
// game's set-up automatically (both deployments, no swap).
#include <cstdio>

#include "cli/command.h"
#include "cli/game_options.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

struct NewArgs {
  std::string game = "warfare", army1 = "marian-romans", army2 = "gauls", map, edition, board,
              turn_limit;
  std::uint64_t seed = 1;
  bool defend_autokill = false, deploy = false;
  std::vector<std::string> rules, options;  ///< --rule NAME, --options K=V,...
};

void setup_new(CLI::App& app) {
  static NewArgs a;
  auto* cmd = app.add_subcommand("new", "Print the starting position of a new game");
  cmd->add_option("game", a.game, "The game (default warfare; see `ancients games`)");
  cmd->add_option("--army1", a.army1, "Player 1's army: a sample name or an army file");
  cmd->add_option("--army2", a.army2, "Player 2's army: a sample name or an army file");
  cmd->add_option("--map", a.map, "A map file (default: a generated battlefield)");
  cmd->add_option("--seed", a.seed, "Seed of the deck and the generated battlefield");
  cmd->add_option("--edition", a.edition, "Rules edition (the option edition)");
  cmd->add_option("--board", a.board, "Board size (the option board)");
  cmd->add_option("--turn-limit", a.turn_limit, "Turns before a draw (the option turn_limit)");
  cmd->add_flag("--defend-autokill", a.defend_autokill, "Defense cards may answer auto-kills");
  cmd->add_flag("--deploy", a.deploy, "Deploy both armies automatically");
  cmd->add_option("--rule", a.rules,
                  "Switch on a house rule (repeatable): pursuit, multi_move, ...");
  cmd->add_option("--options", a.options, "Options as KEY=VALUE,... (for example board=12)");
  cmd->callback([cmd] {
    try {
      const GameDescriptor& game = game_named(a.game);
      // The documented default armies apply to games with armies; the other flags only when
      // given. Where the chosen edition has no sample armies of those names (the retreat
      // edition), the armies not given fall back to the option's own default (drawn from the
      // seed) instead of failing.
      const bool armies = find_option(game.options, "army1") != nullptr;
      const auto options_with_defaults = [&](bool default_armies) {
        return command_line_options(
            game,
            {{"--army1", "army1", a.army1, (armies && default_armies) || cmd->count("--army1") > 0},
             {"--army2", "army2", a.army2, (armies && default_armies) || cmd->count("--army2") > 0},
             {"--map", "map", a.map, cmd->count("--map") > 0},
             {"--edition", "edition", a.edition, cmd->count("--edition") > 0},
             {"--board", "board", a.board, cmd->count("--board") > 0},
             {"--turn-limit", "turn_limit", a.turn_limit, cmd->count("--turn-limit") > 0},
             {"--defend-autokill", "defend_autokill", "true", a.defend_autokill}},
            a.rules, a.options);
      };
      std::unique_ptr<State> state;
      try {
        state =
            create_game(game.name, options_with_defaults(true), a.seed, OptionContext{true}).state;
      } catch (const BadInput&) {
        const bool both_given = cmd->count("--army1") > 0 && cmd->count("--army2") > 0;
        if (!armies || both_given) throw;
        state =
            create_game(game.name, options_with_defaults(false), a.seed, OptionContext{true}).state;
      }
      if (a.deploy && game.finish_setup) game.finish_setup(*state, a.seed);
      const std::string out = state->to_json().dump(2) + "\n";
      std::fwrite(out.data(), 1, out.size(), stdout);
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_new);
