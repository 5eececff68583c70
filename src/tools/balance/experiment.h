// The balance lab's experiments (`ancients balance`), as data: a Config says what to measure
// (edition, options, the baseline army, the agent, games per cell) and make_plan() turns it into
// cells, each a pairing of two armies and tables that differ from the baseline in one thing:
//   units:  the baseline army with one baseline unit swapped for a unit type, against the
//           baseline army (the tested side is the changed army);
//   cards:  the tested side starts with one copy more of a card type in hand (the value of
//           holding it); decks: the shared deck with one copy fewer of a card type (both
//           sides alike: its effect is on draws, game length and the first player's score);
//   rules:  a house rule switched (both sides alike), and for the rules that change a unit's
//           table (elephant_house, horde_house) that unit's value with the rule;
//   matrix: an army of one unit type against an army of another (a cheaper, smaller grid).
// Every cell plays the same deals (paired seeds: pairing k of every cell uses deal seed k), each
// deal twice with the seats swapped, so differences between cells come from the change and
// not from the deals or the first move. A game is a pure function of (config, cell, game
// index): results do not depend on threads or MPI ranks. No I/O here.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"

namespace ancients::balance {

/// What to measure.
struct Config {
  std::string edition = "autokill";
  warfare::Options options;
  /// The tables of the edition (with the options' table-changing house rules applied), or
  /// those of a rules file.
  std::shared_ptr<const warfare::Ruleset> rules;
  /// The tables come from a file: the table-changing house rules are not switched.
  bool custom_rules = false;
  warfare::Army baseline;
  /// The unit type swapped out in the unit experiment; "" = the baseline's most common type.
  std::string baseline_unit;
  /// A fixed battlefield, or none: generated from each deal's seed.
  std::optional<warfare::Battlefield> map;
  std::string agent = "random";  ///< both sides' agent spec (random, greedy, ismcts:LEVEL)
  int games = 100;               ///< games per cell (rounded up to an even number)
  int matrix_games = 10;         ///< games per unit-vs-unit cell (0: no matrix)
  std::uint64_t seed = 1;
  /// Which experiments: any of "units", "cards", "decks", "rules", "matrix".
  std::vector<std::string> experiments = {"units", "cards", "decks", "rules", "matrix"};
  /// The command line that reruns the experiment (for the reports; "" when not run from one).
  std::string command;
};

/// One cell: a pairing of two sides played `pairs` times from both seats.
struct Cell {
  std::string experiment;  ///< "baseline", "units", "cards", "decks", "rules", "matrix"
  std::string subject;     ///< the unit type, card type or rule the cell changes
  std::string versus;      ///< matrix: the other side's unit type; rules: the unit measured
  std::string label;       ///< for people: "knights", "+attack", "-attack", "pursuit on"
  std::shared_ptr<const warfare::Ruleset> rules;
  warfare::Options options;
  std::array<warfare::Army, 2> sides;  ///< [0] = the tested side
  int extra_card = -1;                 ///< the tested side starts holding one more of this card
  bool mirror = false;                 ///< both sides alike: no tested side
  /// The lab's own check: the tested side is unchanged (the baseline unit swapped for its own
  /// type; Ancient Generals: the dealt card kept), so its score is about 50%.
  bool control = false;
  int pairs = 0;
  std::size_t first_game = 0;  ///< index of its first game in the plan
};

struct Plan {
  std::vector<Cell> cells;
  std::size_t games = 0;  ///< in all cells
  std::string baseline_unit;
};

/// Builds the cells; throws BadInput for an unknown experiment, a baseline unit the army does
/// not have or a baseline army without a swappable unit.
Plan make_plan(const Config& config);

/// The outcome of one game, seen from the seats.
struct GameOutcome {
  int winner = -1;  ///< 1, 2, 0 (draw) or -1 (no deal of the seeds fits the armies: skipped)
  int turns = 0;
  int tested_seat = 1;  ///< the seat of the tested side (cells[...].sides[0])
};

/// Game `index` of the plan (cell, pairing index / 2, seats swapped when odd). Pure.
GameOutcome play_game(const Config& config, const Plan& plan, std::size_t index);

/// The cell a game belongs to.
const Cell& cell_of(const Plan& plan, std::size_t index);

/// A seed mixed into another (splitmix64's finaliser): deals and agents' seeds.
inline std::uint64_t mix_seed(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace ancients::balance
