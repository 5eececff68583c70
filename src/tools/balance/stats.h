// The balance lab's statistics of one cell: the tested side's wins, draws and losses, its score
// (wins + draws / 2 over games) with a 95% interval from a paired bootstrap (pairings are the
// independent units: the two games of a deal are resampled together, 2000 resamples from a
// fixed seed, so the interval is the same on every run), the Elo difference the score implies,
// and what a change that favours neither side moves: draws, game length, the first seat's
// score. No I/O.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "tools/balance/experiment.h"

namespace ancients::balance {

struct CellStats {
  int games = 0;                        ///< played (skipped ones left out)
  int skipped = 0;                      ///< games with no deal that fits the armies
  int wins = 0, draws = 0, losses = 0;  ///< of the tested side
  double score = 0.5;                   ///< of the tested side
  std::array<double, 2> score_ci95{0.5, 0.5};
  double elo = 0;
  std::array<double, 2> elo_ci95{0, 0};
  double draw_rate = 0;
  double mean_turns = 0;
  double seat1_score = 0.5;  ///< the first seat's score (the first player's advantage)
  std::array<double, 2> seat1_ci95{0.5, 0.5};
};

/// The statistics of one cell from the outcomes of its games (in plan order, pairs adjacent).
/// `stream` seeds the bootstrap (the cell's index).
CellStats cell_stats(const std::vector<GameOutcome>& games, std::uint64_t stream);

/// Every cell's statistics from the outcomes of all the plan's games (in plan order), each
/// cell's bootstrap seeded by its index.
std::vector<CellStats> plan_stats(const Plan& plan, const std::vector<GameOutcome>& outcomes);

/// The Elo difference a score in [0, 1] implies, clamped to ±1000.
double elo_of(double score);

}  // namespace ancients::balance
