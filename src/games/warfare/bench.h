// Ancient Warfare's speed benchmark: random games from a fixed seed on one thread, with a
// signature (a hash of every final position) that changes only when the rules change.
#pragma once

#include <cstdint>
#include <string>

#include "games/warfare/options.h"

namespace ancients::warfare {

struct BenchResult {
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  std::uint64_t signature = 0;
  std::uint64_t state_bytes = 0;
  std::uint64_t legal_listed = 0;  ///< legal actions listed, summed over the decisions
};

/// What the benchmark plays: an edition and its options (board size, house rules).
struct BenchConfig {
  std::string edition = "autokill";
  Options options;
  /// Also hash every legal-action list on the way (order included) into the signature: a
  /// stronger check that a faster generator lists the same actions (slower; not for timing).
  bool trace_legal = false;
};

/// Plays `games` random games (seeded from `seed`), deployment included.
BenchResult bench(int games, std::uint64_t seed, const BenchConfig& config = {});

}  // namespace ancients::warfare
