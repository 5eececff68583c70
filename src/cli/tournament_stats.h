// Tournament statistics: wins, draws and losses of one agent against the other, the win rate
// and the score with 95% confidence intervals, the score's interval by pairing (the two games
// of a deal, seats swapped, as one unit), and the Elo difference a score implies.
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

  /// Complete pairings by this agent's points in them, doubled: pairings[k] pairings in which
  /// it scored k / 2 points of 2 (k = 0..4; a draw is half a point).
  std::array<int, 5> pairings{};
  /// Adds one complete pairing in which this agent scored `points` (0, 0.5, ... 2).
  void add_pairing(double points);
  int pairing_count() const;
  /// The mean of the pairings' scores (points / 2); the same as score() when every game is in
  /// a complete pairing.
  double pairing_score() const;
  /// Normal 95% interval of pairing_score() from the variance between pairings, clamped to
  /// [0, 1]; {0, 1} with fewer than two pairings. The pairings are the independent units of a
  /// tournament (the seat and the deal tie a pairing's two games together), so this is the
  /// interval to read when the seat decides most games.
  std::array<double, 2> pairing_score_ci95() const;
};

/// The Elo difference for a score in [0, 1] (±inf at the ends, clamped to ±1000 here).
double elo_difference(double score);

}  // namespace ancients::cli
