// The balance lab's statistics (see stats.h). The bootstrap resamples pairings by category: a
// pairing's mean score is one of 0, 1/4, 1/2, 3/4, 1, so a resample is a multinomial draw over
// five counts (conditional binomials), which costs the same for ten pairings or a million.
#include "tools/balance/stats.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/rng.h"

namespace ancients::balance {
namespace {

constexpr int kResamples = 2000;

double game_score(int winner, int seat) {
  return winner == seat ? 1.0 : winner == 0 ? 0.5 : 0.0;
}

/// Paired bootstrap 95% percentile interval of the mean of pairing means given as counts of
/// quarter steps (counts[q] pairings have mean q / 4).
std::array<double, 2> bootstrap(const std::array<std::int64_t, 5>& counts, std::uint64_t seed) {
  std::int64_t n = 0;
  for (const auto k : counts) n += k;
  if (n == 0) return {0.5, 0.5};
  Rng rng(seed);
  std::vector<double> means;
  means.reserve(kResamples);
  for (int r = 0; r < kResamples; ++r) {
    std::int64_t left = n;
    double remaining_p = 1, sum = 0;
    for (int q = 0; q < 5 && left > 0; ++q) {
      const double p = static_cast<double>(counts[q]) / static_cast<double>(n);
      std::int64_t draw = left;
      if (q < 4 && remaining_p > 0) {
        std::binomial_distribution<std::int64_t> bin(left, std::min(1.0, p / remaining_p));
        draw = bin(rng);
      }
      sum += static_cast<double>(draw) * q / 4.0;
      left -= draw;
      remaining_p -= p;
    }
    means.push_back(sum / static_cast<double>(n));
  }
  std::sort(means.begin(), means.end());
  return {means[kResamples * 25 / 1000], means[kResamples * 975 / 1000 - 1]};
}

}  // namespace

double elo_of(double score) {
  if (score <= 0) return -1000;
  if (score >= 1) return 1000;
  return std::clamp(400 * std::log10(score / (1 - score)), -1000.0, 1000.0);
}

CellStats cell_stats(const std::vector<GameOutcome>& games, std::uint64_t stream) {
  CellStats s;
  std::array<std::int64_t, 5> tested{}, seat1{};
  double turns = 0;
  for (std::size_t i = 0; i + 1 < games.size(); i += 2) {
    const auto& a = games[i];
    const auto& b = games[i + 1];
    if (a.winner < 0 || b.winner < 0) {
      s.skipped += 2;
      continue;
    }
    double pair_tested = 0, pair_seat1 = 0;
    for (const auto* g : {&a, &b}) {
      ++s.games;
      turns += g->turns;
      if (g->winner == 0)
        ++s.draws;
      else if (g->winner == g->tested_seat)
        ++s.wins;
      else
        ++s.losses;
      pair_tested += game_score(g->winner, g->tested_seat);
      pair_seat1 += game_score(g->winner, 1);
    }
    // Two games of 0, 1/2 or 1: the pairing's sum in half steps is its mean in quarters.
    ++tested[static_cast<std::size_t>(std::lround(pair_tested * 2))];
    ++seat1[static_cast<std::size_t>(std::lround(pair_seat1 * 2))];
  }
  if (s.games == 0) return s;
  const double n = s.games;
  s.score = (s.wins + 0.5 * s.draws) / n;
  s.draw_rate = s.draws / n;
  s.mean_turns = turns / n;
  double seat1_sum = 0;
  for (int q = 0; q < 5; ++q) seat1_sum += static_cast<double>(seat1[q]) * q / 4.0;
  s.seat1_score = seat1_sum / (n / 2);
  const std::uint64_t base = stream * 0x9E3779B97F4A7C15ULL + 17;
  s.score_ci95 = bootstrap(tested, base);
  s.seat1_ci95 = bootstrap(seat1, base ^ 0x5555);
  // The percentile interval of a skewed resample may miss the mean by rounding: widen to it.
  s.score_ci95 = {std::min(s.score_ci95[0], s.score), std::max(s.score_ci95[1], s.score)};
  s.seat1_ci95 = {std::min(s.seat1_ci95[0], s.seat1_score),
                  std::max(s.seat1_ci95[1], s.seat1_score)};
  s.elo = elo_of(s.score);
  s.elo_ci95 = {elo_of(s.score_ci95[0]), elo_of(s.score_ci95[1])};
  return s;
}

std::vector<CellStats> plan_stats(const Plan& plan, const std::vector<GameOutcome>& outcomes) {
  std::vector<CellStats> out;
  out.reserve(plan.cells.size());
  for (std::size_t k = 0; k < plan.cells.size(); ++k) {
    const Cell& cell = plan.cells[k];
    const auto first = outcomes.begin() + static_cast<std::ptrdiff_t>(cell.first_game);
    out.push_back(cell_stats(std::vector<GameOutcome>(first, first + 2 * cell.pairs), k));
  }
  return out;
}

}  // namespace ancients::balance
