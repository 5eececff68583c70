// Ancient Warfare's speed benchmark: random games from a fixed seed on one thread, with a
// signature (a hash of every final position) that changes only when the rules change.
#pragma once

#include <cstdint>

namespace ancients::warfare {

struct BenchResult {
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  std::uint64_t signature = 0;
  std::uint64_t state_bytes = 0;
};

/// Plays `games` random games (seeded from `seed`), deployment included.
BenchResult bench(int games, std::uint64_t seed);

}  // namespace ancients::warfare
