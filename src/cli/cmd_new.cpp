// `ancients new`: prints the starting position of a new Ancient Warfare game (for tools and
// tests): armies, battlefield, options and seed as on the command line, optionally deployed
// automatically.
#include <algorithm>
#include <cstdio>

#include "cli/command.h"
#include "core/errors.h"
#include "games/warfare/setup.h"

namespace ancients::cli {
namespace {

struct NewArgs {
  std::string army1 = "marian-romans", army2 = "gauls", map, edition = "autokill";
  std::uint64_t seed = 1;
  int board = 8, turn_limit = 200;
  bool defend_autokill = false, deploy = false;
  std::vector<std::string> rules, options;  ///< --rule NAME, --options K=V,...
};

void setup_new(CLI::App& app) {
  static NewArgs a;
  auto* cmd = app.add_subcommand("new", "Print the starting position of a new game");
  static CLI::Option* given[2];
  given[0] = cmd->add_option("--army1", a.army1, "Player 1's army: a sample name or an army file");
  given[1] = cmd->add_option("--army2", a.army2, "Player 2's army: a sample name or an army file");
  cmd->add_option("--map", a.map, "A map file (default: a generated battlefield)");
  cmd->add_option("--seed", a.seed, "Seed of the deck and the generated battlefield");
  cmd->add_option("--edition", a.edition, "Rules edition")
      ->check(CLI::IsMember({"autokill", "retreat"}));
  cmd->add_option("--board", a.board, "Board size")->check(CLI::IsMember({8, 12}));
  cmd->add_option("--turn-limit", a.turn_limit, "Turns before a draw")
      ->check(CLI::Range(1, 100000));
  cmd->add_flag("--defend-autokill", a.defend_autokill, "Defense cards may answer auto-kills");
  cmd->add_flag("--deploy", a.deploy, "Deploy both armies automatically");
  cmd->add_option("--rule", a.rules,
                  "Switch on a house rule (repeatable): pursuit, multi_move, ...");
  cmd->add_option("--options", a.options, "Options as KEY=VALUE,... (for example board=12)");
  cmd->callback([] {
    using namespace ancients::warfare;
    try {
      auto rules = builtin_ruleset(a.edition);
      GameSetup setup;
      setup.edition = a.edition;
      setup.options.board = a.board;
      setup.options.turn_limit = a.turn_limit;
      setup.options.defend_autokill = a.defend_autokill;
      setup.options = options_with(setup.options, a.rules, a.options);
      setup.seed = a.seed;
      // Default armies not in this edition's samples: the edition's first two samples.
      const auto samples = sample_armies(a.edition);
      const auto army = [&](const std::string& name, std::size_t i) {
        if (given[i]->count() == 0 && samples.size() > i &&
            std::find(samples.begin(), samples.end(), name) == samples.end())
          return samples[i];
        return name;
      };
      setup.armies[0] = find_army(army(a.army1, 0), *rules);
      setup.armies[1] = find_army(army(a.army2, 1), *rules);
      setup.field = a.map.empty() ? generate_battlefield(setup.options.board, a.seed,
                                                         setup.options.house_terrain)
                                  : load_battlefield(a.map);
      auto state = new_game(setup);
      if (a.deploy) {
        state->apply_text(auto_deployment(*state, a.seed));
        state->apply_text(auto_deployment(*state, a.seed + 1));
        if (state->swap_step()) state->apply_text("pass");  // DBA set-up: no swap
      }
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
