// Seeded random Ancient Warfare games (random_game's set-up, then uniformly random legal
// actions) with every position on the way shown to a check: the loop the move generator's
// tests share (has_choice, the set-based listings, lines of sight).
#pragma once

#include <cstdint>
#include <string>

#include "core/rng.h"
#include "games/warfare/setup.h"

namespace ancients::warfare::testing {

/// Plays `games` games (set-up seeds first_seed, first_seed + 1, ...; the actions drawn from
/// one stream seeded with action_seed) and calls visit(state, legal, game, step) at every
/// position, its legal actions listed; a visit that returns false ends the play.
template <class Visit>
void for_each_random_position(const std::string& edition, const Options& options, int games,
                              std::uint64_t first_seed, std::uint64_t action_seed, Visit&& visit) {
  Rng rng(action_seed);
  ActionList legal;
  for (int g = 0; g < games; ++g) {
    auto s = random_game(first_seed + static_cast<std::uint64_t>(g), options, edition);
    for (int step = 0; !s->is_over(); ++step) {
      s->legal_actions(legal);
      if (!visit(*s, legal, g, step)) return;
      s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

}  // namespace ancients::warfare::testing
