// The Ancient Warfare benchmark (see bench.h): uniform random play over the search space.
#include "games/warfare/bench.h"

#include <chrono>

#include "games/warfare/setup.h"

namespace ancients::warfare {
namespace {

constexpr std::uint64_t kFnvBasis = 1469598103934665603ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;

void fnv(std::uint64_t& h, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    h ^= (value >> (8 * i)) & 0xFF;
    h *= kFnvPrime;
  }
}

}  // namespace

BenchResult bench(int games, std::uint64_t seed, const BenchConfig& config) {
  BenchResult r;
  r.state_bytes = sizeof(WarfareState);
  Rng rng(seed);
  ActionList actions;
  actions.reserve(512);
  std::vector<std::unique_ptr<WarfareState>> starts;
  for (int g = 0; g < games; ++g)
    starts.push_back(
        random_game(seed + static_cast<std::uint64_t>(g), config.options, config.edition));
  std::uint64_t signature = kFnvBasis, trace = kFnvBasis;
  const auto t0 = std::chrono::steady_clock::now();
  for (auto& s : starts) {
    while (!s->is_over()) {
      s->legal_actions(actions);
      r.legal_listed += actions.size();
      if (config.trace_legal) {
        fnv(trace, actions.size(), 4);
        for (const Action a : actions) fnv(trace, a, 5);
      }
      s->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      ++r.actions;
    }
    ++r.games;
  }
  const auto t1 = std::chrono::steady_clock::now();
  r.seconds = std::chrono::duration<double>(t1 - t0).count();
  for (auto& s : starts)
    for (char ch : s->to_json().dump()) fnv(signature, static_cast<unsigned char>(ch), 1);
  if (config.trace_legal) fnv(signature, trace, 8);
  r.signature = signature;
  return r;
}

}  // namespace ancients::warfare
