// Tournament statistics (see tournament_stats.h).
#include "cli/tournament_stats.h"

#include <algorithm>
#include <cmath>

namespace ancients::cli {

namespace {
constexpr double kZ = 1.959963984540054;
}

double MatchStats::win_rate() const {
  return games() == 0 ? 0.0 : static_cast<double>(wins) / games();
}

std::array<double, 2> MatchStats::win_rate_ci95() const {
  const double n = games();
  if (n == 0) return {0.0, 1.0};
  const double p = win_rate();
  const double denom = 1 + kZ * kZ / n;
  const double centre = (p + kZ * kZ / (2 * n)) / denom;
  const double half = kZ * std::sqrt(p * (1 - p) / n + kZ * kZ / (4 * n * n)) / denom;
  // At p = 0 or 1 one bound equals p exactly, but rounding can put it a hair past p.
  return {std::min(p, std::max(0.0, centre - half)), std::max(p, std::min(1.0, centre + half))};
}

double MatchStats::score() const {
  return games() == 0 ? 0.5 : (wins + 0.5 * draws) / games();
}

std::array<double, 2> MatchStats::score_ci95() const {
  const double n = games();
  if (n == 0) return {0.0, 1.0};
  const double s = score();
  const double var =
      (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  const double half = kZ * std::sqrt(var / n);
  return {std::max(0.0, s - half), std::min(1.0, s + half)};
}

void MatchStats::add_pairing(double points) {
  const int k = std::clamp(static_cast<int>(std::lround(2 * points)), 0, 4);
  ++pairings[static_cast<std::size_t>(k)];
}

int MatchStats::pairing_count() const {
  int n = 0;
  for (const int c : pairings) n += c;
  return n;
}

double MatchStats::pairing_score() const {
  const int n = pairing_count();
  if (n == 0) return 0.5;
  double sum = 0;
  for (int k = 0; k < 5; ++k) sum += pairings[static_cast<std::size_t>(k)] * (k / 4.0);
  return sum / n;
}

std::array<double, 2> MatchStats::pairing_score_ci95() const {
  const int n = pairing_count();
  if (n < 2) return {0.0, 1.0};
  const double mean = pairing_score();
  double squares = 0;
  for (int k = 0; k < 5; ++k)
    squares += pairings[static_cast<std::size_t>(k)] * (k / 4.0 - mean) * (k / 4.0 - mean);
  const double half = kZ * std::sqrt(squares / (n - 1) / n);  // sample variance of the mean
  return {std::max(0.0, mean - half), std::min(1.0, mean + half)};
}

double elo_difference(double score) {
  if (score <= 0) return -1000;
  if (score >= 1) return 1000;
  return std::clamp(-400.0 * std::log10(1.0 / score - 1.0), -1000.0, 1000.0);
}

}  // namespace ancients::cli
