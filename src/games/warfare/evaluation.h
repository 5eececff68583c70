// A heuristic evaluation of Ancient Warfare positions for the computer players (greedy's one-step
// ranking, ISMCTS's cut-off rollouts). Rules source: shared/seeds/003_8228c9eeb0b841e9.txt
// (autokill edition) read with shared/rules/ancient-warfare.md §1-§2 (loss points, the General,
// auto-kills, defense cards).
#pragma once

#include "core/game.h"

namespace ancients::warfare {

class WarfareState;

/// Scores a position from `player`'s side in [-1, 1]: loss points taken and suffered, enemy
/// units in reach of an auto-kill or a card attack (more when that side acts next), threats to
/// each General, cards in hand (defense cards count more while valuable units are exposed) and
/// a little for advancing. Finished games score their result. Allocation-free.
double evaluate_position(const WarfareState& state, int player);

/// The same, over the core interface (registered with register_evaluation()).
double evaluate_state(const State& state, int player);

}  // namespace ancients::warfare
