// The calculator against the published raw dice odds (before the outcome tables): for a
// combat-factor difference of 0..+6 the attacker wins (beats or doubles) / draws / loses in
// 15/6/15, 21/5/10, 26/4/6, 30/3/3, 33/2/1, 35/1/0, 36/0/0 of the 36 pairs of dice. Each is
// computed by the engine three ways: the raw counter, the dice counter at several base
// factors, and full combats of real troop types whose factors differ by that much.
#include <gtest/gtest.h>

#include <array>

#include "dba_support.h"

namespace {

using namespace dba_test;

struct Published {
  int difference, wins, draws, losses;
};

// The published reference values (issue 7).
constexpr std::array<Published, 7> kPublished{{{0, 15, 6, 15},
                                               {1, 21, 5, 10},
                                               {2, 26, 4, 6},
                                               {3, 30, 3, 3},
                                               {4, 33, 2, 1},
                                               {5, 35, 1, 0},
                                               {6, 36, 0, 0}}};

TEST(ReferenceOdds, RawDiceOddsMatchThePublishedValues) {
  for (const auto& p : kPublished) {
    const RawOdds r = raw_dice_odds(p.difference);
    EXPECT_EQ(r.wins, p.wins) << "difference " << p.difference;
    EXPECT_EQ(r.draws, p.draws) << "difference " << p.difference;
    EXPECT_EQ(r.losses, p.losses) << "difference " << p.difference;
  }
}

TEST(ReferenceOdds, DiceCountsMatchThePublishedValuesAtAnyBaseFactor) {
  for (const auto& p : kPublished) {
    for (int base : {0, 2, 3, 5}) {
      const DiceCounts d = dice_counts(base + p.difference, base);
      EXPECT_EQ(d.a_beats + d.a_doubles, p.wins) << p.difference << " over " << base;
      EXPECT_EQ(d.equal, p.draws) << p.difference << " over " << base;
      EXPECT_EQ(d.b_beats + d.b_doubles, p.losses) << p.difference << " over " << base;
      // And the other way round: B's difference is negative.
      const DiceCounts r = dice_counts(base, base + p.difference);
      EXPECT_EQ(r.b_beats + r.b_doubles, p.wins);
      EXPECT_EQ(r.a_beats + r.a_doubles, p.losses);
    }
  }
}

TEST(ReferenceOdds, RealTroopPairsGiveThePublishedValues) {
  // A pair of elements whose factors (from the data file) differ by each difference.
  const std::array<std::pair<const char*, const char*>, 7> pairs{{
      {"spears", "spears"},                             // +4 vs +4
      {"spears", "auxilia-solid"},                      // +4 vs +3
      {"blades-solid", "auxilia-fast"},                 // +5 vs +3
      {"blades-solid", "psiloi"},                       // +5 vs +2
      {"blades-solid,general", "psiloi"},               // +6 vs +2
      {"elephants", "camp-followers,sallied"},          // +5 vs +0 (vs mounted)
      {"elephants,general", "camp-followers,sallied"},  // +6 vs +0
  }};
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const Combat c = combat(pairs[i].first, pairs[i].second);
    const Odds o = compute_odds(sheet(), c);
    ASSERT_EQ(o.a.factor.total - o.b.factor.total, kPublished[i].difference) << pairs[i].first;
    EXPECT_EQ(o.dice.a_beats + o.dice.a_doubles, kPublished[i].wins) << pairs[i].first;
    EXPECT_EQ(o.dice.equal, kPublished[i].draws) << pairs[i].first;
    EXPECT_EQ(o.dice.b_beats + o.dice.b_doubles, kPublished[i].losses) << pairs[i].first;
  }
}

TEST(ReferenceOdds, DoublingIsHalfOrLessOfTheWinnersTotal) {
  // +4 vs +3: A doubles when 2 * (3 + b) <= 4 + a: b=1 needs a >= 4 (3 pairs), b=2 needs
  // a >= 6 (1 pair).
  const DiceCounts d = dice_counts(4, 3);
  EXPECT_EQ(d.a_doubles, 4);
  EXPECT_EQ(d.a_beats, 17);
  EXPECT_EQ(d.b_doubles, 0);
  // Totals of 2 and 1: 1 is half of 2, so it is doubled.
  const DiceCounts low = dice_counts(1, 0);  // A 2..7, B 1..6
  int expected_doubles = 0;
  for (int a = 2; a <= 7; ++a)
    for (int b = 1; b <= 6; ++b) expected_doubles += (a > b && 2 * b <= a) ? 1 : 0;
  EXPECT_EQ(low.a_doubles, expected_doubles);
}

TEST(ReferenceOdds, EveryPairIsCountedOnceAndResultsAddUp) {
  const Odds o = compute_odds(sheet(), combat("knights,general", "spears,overlap=1"));
  const DiceCounts& d = o.dice;
  EXPECT_EQ(d.a_beats + d.a_doubles + d.equal + d.b_beats + d.b_doubles, kDicePairs);
  int a = 0, b = 0;
  for (int n : o.a.counts) a += n;
  for (int n : o.b.counts) b += n;
  EXPECT_EQ(a, kDicePairs);
  EXPECT_EQ(b, kDicePairs);
}

TEST(ReferenceOdds, TotalsRunFromFactorPlusOneToFactorPlusSix) {
  const Combat c = combat("knights,general", "spears,overlap=1");
  const Odds o = compute_odds(sheet(), c);
  const auto j = nlohmann::json::parse(
      odds_json(sheet(), c, o).dump());  // through JSON, as a tool would read it
  ASSERT_EQ(j["a"]["totals"].size(), 6u);
  EXPECT_EQ(j["a"]["totals"][0]["total"], o.a.factor.total + 1);
  EXPECT_EQ(j["a"]["totals"][5]["total"], o.a.factor.total + 6);
  EXPECT_EQ(j["b"]["totals"][0]["total"], o.b.factor.total + 1);
}

}  // namespace
