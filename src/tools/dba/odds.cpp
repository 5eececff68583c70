// Counting the dice and applying the outcome tables (see odds.h).
#include "tools/dba/odds.h"

namespace ancients::dba {
namespace {

/// Whether `loser` is half or less of `winner` (winner > loser), in integers.
bool doubled(int winner, int loser) {
  return 2 * loser <= winner;
}

void add_counts(SideOdds& side, int wins, int equal, int less, int half) {
  side.counts[static_cast<std::size_t>(Result::kNoEffect)] += wins;
  side.counts[static_cast<std::size_t>(side.rows[0].result)] += equal;
  side.counts[static_cast<std::size_t>(side.rows[1].result)] += less;
  side.counts[static_cast<std::size_t>(side.rows[2].result)] += half;
}

}  // namespace

DiceCounts dice_counts(int factor_a, int factor_b) {
  DiceCounts d;
  for (int die_a = 1; die_a <= 6; ++die_a) {
    for (int die_b = 1; die_b <= 6; ++die_b) {
      const int ta = factor_a + die_a;
      const int tb = factor_b + die_b;
      if (ta == tb)
        ++d.equal;
      else if (ta > tb)
        ++(doubled(ta, tb) ? d.a_doubles : d.a_beats);
      else
        ++(doubled(tb, ta) ? d.b_doubles : d.b_beats);
    }
  }
  return d;
}

RawOdds raw_dice_odds(int difference) {
  RawOdds r;
  for (int die_a = 1; die_a <= 6; ++die_a) {
    for (int die_b = 1; die_b <= 6; ++die_b) {
      const int margin = difference + die_a - die_b;
      if (margin > 0)
        ++r.wins;
      else if (margin == 0)
        ++r.draws;
      else
        ++r.losses;
    }
  }
  return r;
}

Odds compute_odds(const Sheet& sheet, const Combat& combat) {
  Odds odds;
  odds.a.factor = side_factor(sheet, combat, Side::kA);
  odds.b.factor = side_factor(sheet, combat, Side::kB);
  odds.dice = dice_counts(odds.a.factor.total, odds.b.factor.total);
  for (Block block : {Block::kEqual, Block::kLess, Block::kHalf}) {
    const auto i = static_cast<std::size_t>(block);
    odds.a.rows[i] = side_result(sheet, combat, Side::kA, block);
    odds.b.rows[i] = side_result(sheet, combat, Side::kB, block);
  }
  const DiceCounts& d = odds.dice;
  add_counts(odds.a, d.a_beats + d.a_doubles, d.equal, d.b_beats, d.b_doubles);
  add_counts(odds.b, d.b_beats + d.b_doubles, d.equal, d.a_beats, d.a_doubles);
  return odds;
}

}  // namespace ancients::dba
