// The server's old undo check, for tests of State::showed_nothing_hidden: whether an action
// looks the same to its player in a dozen deals of what they knew before it.
#pragma once

#include <memory>

#include "core/game.h"
#include "core/rng.h"

namespace ancients::testing {

/// Whether `after` (reached by `action` of `player` from `before`) looks the same to the
/// player in a dozen deals of what they knew before it.
inline bool same_in_deals(const State& before, const State& after, Action action, int player,
                          Rng& rng) {
  const auto seen = after.view(player);
  const auto knew = before.view(player);
  std::unique_ptr<State> s;
  for (int deal = 0; deal < 12; ++deal) {
    knew->sample_into(s, rng);
    s->apply(action);
    if (!seen->same_as_view_of(*s)) return false;
  }
  return true;
}

}  // namespace ancients::testing
