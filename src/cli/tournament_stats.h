// Tournament statistics: wins, draws and losses of one agent against the other, the win rate
// and the score with 95% confidence intervals, and the Elo difference the score implies.
#pragma once

#include <array>

namespace ancients::cli {

struct MatchStats {
  int wins = 0, draws = 0, losses = 0;

  int games() const { return wins + draws + losses; }
  /// Wins over games.
  double win_rate() const;
  /// Wilson 95% interval of the win rate.
  std::array<double, 2> win_rate_ci95() const;
  /// (wins + draws / 2) over games.
  double score() const;
  /// Normal 95% interval of the score (per-game variance, draws included), clamped to [0, 1].
  std::array<double, 2> score_ci95() const;
};

/// The Elo difference for a score in [0, 1] (±inf at the ends, clamped to ±1000 here).
double elo_difference(double score);

}  // namespace ancients::cli
