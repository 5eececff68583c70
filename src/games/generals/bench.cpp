// The speed measurement: random games played through the concrete state (no virtual calls),
// the clock around the whole loop, and a signature hashing every final position.
#include <chrono>

#include "games/generals/generals.h"

namespace ancients::generals {

BenchResult bench(int games, std::uint64_t seed, const Options& options) {
  const Cards& cards = standard_cards();
  Rng agent(seed ^ 0x5DEECE66DULL);
  ActionList actions;
  actions.reserve(256);
  BenchResult result;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < games; ++i) {
    GeneralsState s = GeneralsState::new_game(cards, options, seed + static_cast<std::uint64_t>(i));
    while (!s.is_over()) {
      s.legal_actions(actions);
      result.legal_listed += actions.size();
      s.apply(actions[agent.below(static_cast<std::uint32_t>(actions.size()))]);
      ++result.actions;
    }
    result.signature = (result.signature ^ s.hash()) * 0x100000001b3ULL;
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.games = games;
  return result;
}

}  // namespace ancients::generals
