// Shared helpers of the agent tests: a spread of positions of both games reached by seeded
// random play (Warfare: deployment included, by the automatic deployment or unit by unit),
// each with at least two legal actions, for the leak and determinism tests.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/generals/generals.h"
#include "games/register_games.h"
#include "games/warfare/setup.h"

namespace agents_test {

using ancients::ActionList;
using ancients::Rng;
using ancients::State;

inline void ensure_registered() {
  static std::once_flag once;
  std::call_once(once, [] { ancients::register_builtin_games(); });
}

/// A new game of `game` ("warfare", "warfare4": a 2+2 multiplayer battle, or "generals")
/// from a seed; Warfare's player 1 is deployed automatically when `deploy_first` (the next
/// player then places units one by one in random play).
inline std::unique_ptr<State> new_game(const std::string& game, std::uint64_t seed,
                                       bool deploy_first = true) {
  ensure_registered();
  if (game == "generals") return ancients::generals::new_game({}, seed);
  ancients::warfare::Options options;
  if (game == "warfare4" || game == "warfare6") {  // 2+2 on 12x12, 3+3 on 16x12
    options.board = 12;
    options.contingents = true;
    options.attackers = options.defenders = game == "warfare4" ? 2 : 3;
  }
  auto w = ancients::warfare::random_game(seed, options);
  if (deploy_first) w->apply_text(ancients::warfare::auto_deployment(*w, seed));
  return w;
}

/// `count` positions of a game: game k from seed base+k, played randomly for a number of
/// actions that grows with k, stopping at a decision of two or more actions.
inline std::vector<std::unique_ptr<State>> positions(const std::string& game, int count,
                                                     std::uint64_t base = 100) {
  std::vector<std::unique_ptr<State>> out;
  ActionList actions;
  for (int k = 0; k < count; ++k) {
    auto s = new_game(game, base + static_cast<std::uint64_t>(k), k % 5 != 0);
    Rng rng(base * 7 + static_cast<std::uint64_t>(k));
    const int steps = 1 + (k * 37) % 160;
    for (int i = 0; i < steps; ++i) {
      s->legal_actions(actions);
      auto next = s->clone();
      next->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
      if (next->is_over()) break;
      s = std::move(next);
    }
    for (int guard = 0; guard < 50; ++guard) {
      s->legal_actions(actions);
      if (actions.size() > 1 || s->is_over()) break;
      auto next = s->clone();
      next->apply(actions[0]);
      if (next->is_over()) break;
      s = std::move(next);
    }
    s->legal_actions(actions);
    if (actions.size() > 1) out.push_back(std::move(s));
  }
  return out;
}

}  // namespace agents_test
