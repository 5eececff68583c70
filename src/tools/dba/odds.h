// The combat outcome calculator: both sides' factors, the 36 pairs of dice sorted by how the
// totals compare (beats, doubles, equal), and for each side the chance of each result (no
// effect, recoil, flee, destroyed) from the sheet's outcome tables.
#pragma once

#include <array>

#include "tools/dba/combat.h"
#include "tools/dba/factors.h"
#include "tools/dba/outcome.h"
#include "tools/dba/sheet.h"

namespace ancients::dba {

inline constexpr int kDicePairs = 36;

/// The 36 pairs (A's d6, B's d6) counted by how A's total compares with B's.
struct DiceCounts {
  int a_beats = 0;    ///< A's total higher, but less than double B's
  int a_doubles = 0;  ///< A's total higher, B's total half or less of it
  int equal = 0;
  int b_beats = 0;
  int b_doubles = 0;
};

/// Counts the dice pairs for totals factor_a + die and factor_b + die.
DiceCounts dice_counts(int factor_a, int factor_b);

/// Raw dice odds for a combat-factor difference: pairs where A's total is higher (beating or
/// doubling), equal, or lower.
struct RawOdds {
  int wins = 0;
  int draws = 0;
  int losses = 0;
};
RawOdds raw_dice_odds(int difference);

/// One side's factor, its result in each of the three cases, and its result counts.
struct SideOdds {
  SideFactor factor;
  std::array<RowResult, 3> rows;           ///< indexed by Block
  std::array<int, kResultCount> counts{};  ///< dice pairs giving each Result
};

/// Everything the calculator reports about one combat.
struct Odds {
  DiceCounts dice;
  SideOdds a;
  SideOdds b;
};

/// Computes everything for a checked combat (see make_combat).
Odds compute_odds(const Sheet& sheet, const Combat& combat);

}  // namespace ancients::dba
