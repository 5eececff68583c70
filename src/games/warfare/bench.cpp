// The Ancient Warfare benchmark (see bench.h): uniform random play over the search space.
#include "games/warfare/bench.h"

#include <chrono>

#include "games/warfare/setup.h"

namespace ancients::warfare {

BenchResult bench(int games, std::uint64_t seed) {
  BenchResult r;
  r.state_bytes = sizeof(WarfareState);
  Rng rng(seed);
  ActionList actions;
  actions.reserve(512);
  std::vector<std::unique_ptr<WarfareState>> starts;
  for (int g = 0; g < games; ++g)
    starts.push_back(random_game(seed + static_cast<std::uint64_t>(g)));
  std::uint64_t signature = 1469598103934665603ULL;
  const auto t0 = std::chrono::steady_clock::now();
  for (auto& s : starts) {
    while (!s->is_over()) {
      s->legal_actions(actions);
      s->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      ++r.actions;
    }
    ++r.games;
  }
  const auto t1 = std::chrono::steady_clock::now();
  r.seconds = std::chrono::duration<double>(t1 - t0).count();
  for (auto& s : starts) {
    for (char ch : s->to_json().dump()) {
      signature ^= static_cast<unsigned char>(ch);
      signature *= 1099511628211ULL;
    }
  }
  r.signature = signature;
  return r;
}

}  // namespace ancients::warfare
