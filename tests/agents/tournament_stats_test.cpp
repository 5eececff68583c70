// The tournament's statistics (src/cli/tournament_stats.h): the score by pairing and its 95%
// interval against figures worked out by hand, and the per-game figures beside them.
#include <gtest/gtest.h>

#include <cmath>

#include "cli/tournament_stats.h"

namespace {

using ancients::cli::MatchStats;

// Sixty pairings as the Generals hard-vs-normal batches fell: eight won both, two lost both,
// fifty split. Mean 33/60 = 0.55; the pairing scores 1, 0 and 0.5 have sample variance
// (8 * 0.45^2 + 2 * 0.55^2 + 50 * 0.05^2) / 59 = 2.35 / 59, so the half-width is
// 1.96 * sqrt(2.35 / 59 / 60) = 0.05050.
MatchStats sixty_pairings() {
  MatchStats s;
  for (int i = 0; i < 8; ++i) s.add_pairing(2);
  for (int i = 0; i < 2; ++i) s.add_pairing(0);
  for (int i = 0; i < 50; ++i) s.add_pairing(1);
  s.wins = 8 * 2 + 50;
  s.losses = 2 * 2 + 50;
  return s;
}

TEST(TournamentStats, PairingIntervalFromTheVarianceBetweenPairings) {
  const MatchStats s = sixty_pairings();
  EXPECT_EQ(s.pairing_count(), 60);
  EXPECT_DOUBLE_EQ(s.pairing_score(), 0.55);
  EXPECT_DOUBLE_EQ(s.pairing_score(), s.score());
  const double half = 1.959963984540054 * std::sqrt(2.35 / 59 / 60);
  const auto ci = s.pairing_score_ci95();
  EXPECT_NEAR(ci[0], 0.55 - half, 1e-12);
  EXPECT_NEAR(ci[1], 0.55 + half, 1e-12);
  EXPECT_NEAR(half, 0.0505, 1e-4);
}

TEST(TournamentStats, SplitPairingsNarrowTheIntervalBelowThePerGameOne) {
  // Where the seat decides most games, the games of a pairing are not independent: the
  // per-game interval is wider than the one by pairing for the same games.
  const MatchStats s = sixty_pairings();
  const auto by_game = s.score_ci95();
  const auto by_pairing = s.pairing_score_ci95();
  EXPECT_LT(by_pairing[1] - by_pairing[0], by_game[1] - by_game[0]);
  // Pairings that each went one way only: no narrowing (both about the same width).
  MatchStats decisive;
  for (int i = 0; i < 30; ++i) decisive.add_pairing(2);
  for (int i = 0; i < 30; ++i) decisive.add_pairing(0);
  decisive.wins = decisive.losses = 60;
  EXPECT_GT(decisive.pairing_score_ci95()[1] - decisive.pairing_score_ci95()[0],
            decisive.score_ci95()[1] - decisive.score_ci95()[0]);
}

TEST(TournamentStats, DrawsCountHalfAndFewPairingsGiveTheWholeRange) {
  MatchStats s;
  EXPECT_DOUBLE_EQ(s.pairing_score(), 0.5);
  s.add_pairing(1.5);  // a win and a draw
  EXPECT_EQ(s.pairings[3], 1);
  EXPECT_DOUBLE_EQ(s.pairing_score(), 0.75);
  EXPECT_EQ(s.pairing_score_ci95(), (std::array<double, 2>{0.0, 1.0}));
  s.add_pairing(0.5);  // a loss and a draw
  EXPECT_DOUBLE_EQ(s.pairing_score(), 0.5);
  const auto ci = s.pairing_score_ci95();
  EXPECT_GT(ci[0], 0.0);
  EXPECT_LT(ci[1], 1.0);
  // Every pairing the same: no spread, the interval is the point.
  MatchStats same;
  for (int i = 0; i < 5; ++i) same.add_pairing(2);
  EXPECT_EQ(same.pairing_score_ci95(), (std::array<double, 2>{1.0, 1.0}));
}

}  // namespace
