// The balance lab's options experiment, for any registered game (`ancients balance --game GAME
// --experiments options`; the only experiment of a game without a lab of its own): what each of
// the game's options does to the game. A cell changes one option from the baseline (the options
// given, defaults for the rest) to another of its values, from the game's option schema: a
// switch flipped, each other value of a choice or of a listed number, half and twice a number
// in a range (inside it). Both sides play under the change, so a cell measures what favours
// neither side: draws, game length and the first seat's score, against the baseline's own.
// Data options (armies, maps) and multiplayer options are left out, each with its reason, and
// so is a value the schema or the game refuses beside the baseline (it needs another option, an
// army named that its edition lacks).
// Every cell plays the same deals (paired seeds), each deal twice (the second time with other
// agent seeds), and reuses the plan, statistics and reports of experiment.h. A game is a pure
// function of (config, plan, game index). No I/O.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/balance/experiment.h"

namespace ancients::balance {

/// What to measure.
struct OptionsConfig {
  std::string game;                                   ///< a registered game's name
  nlohmann::json options = nlohmann::json::object();  ///< the baseline's given option values
  std::string agent = "random";  ///< both sides' agent spec (random, greedy, ismcts:LEVEL)
  int games = 100;               ///< games per cell (rounded up to an even number)
  std::uint64_t seed = 1;
  /// The options varied, by name (empty: every option the lab can vary).
  std::vector<std::string> only;
  /// The command line that reruns the experiment (for the reports; "" when not run from one).
  std::string command;
};

/// The plan and, for each of its cells, the options its games are created with.
struct OptionsPlan {
  Plan plan;
  std::vector<nlohmann::json> cell_options;  ///< resolved: every option's value
  /// What was not varied, and why ("map: a data file (map); compare them with --options
  /// map=NAME").
  std::vector<std::string> left_out;
};

/// An option's value as the command line writes it: a string without its quotes.
std::string option_value_text(const nlohmann::json& value);

/// The baseline cell, then one cell per other value of each option varied (experiment
/// "options", subject the option's name, label "NAME on", "NAME off" or "NAME = VALUE").
/// Throws BadInput for an unknown game, baseline options the schema or the game refuses, no games,
/// or a name in `only` that is no option of the game or one the lab does not vary (a data or
/// multiplayer option).
OptionsPlan make_options_plan(const OptionsConfig& config);

/// Game `index` of the plan (cell, pairing index / 2, the second game of a pairing with other
/// agent seeds). Pure. Its winner is the side that won (1 or 2) or 0 for a draw; a deal the
/// game refuses for the cell's options (no battlefield fits its armies) is skipped (-1).
GameOutcome play_options_game(const OptionsConfig& config, const OptionsPlan& plan,
                              std::size_t index);

}  // namespace ancients::balance
