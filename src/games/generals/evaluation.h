// A heuristic evaluation of Ancient Generals positions for the computer players (greedy's
// one-step ranking, ISMCTS's cut-off rollouts). Rules source: shared/seeds/002_6c183bd648f27ad5.txt
// read with shared/rules/ancient-generals.md (loss when deck and reserve are empty, damage from
// the deck top, encircling by flank points).
#pragma once

#include <cstddef>

#include "core/evaluation.h"
#include "core/game.h"

namespace ancients::generals {

class GeneralsState;

/// Scores a position from `player`'s side in [-1, 1]: deck and reserve against the opponent's
/// (more as a side runs low), the damage of the unit cards in hand, the battle under way as it
/// would resolve now, who is Encircling. Finished games score their result. Allocation-free.
double evaluate_position(const GeneralsState& state, int player);

/// The unfinished position's score before it is squashed into [-0.9, 0.9], in cards: the
/// evaluation is 0.9 * tanh(order_position / 12) (EvaluationHints::order).
double order_position(const GeneralsState& state, int player);

/// The order score (core/evaluation.h's order_with) for `player` of the position each of
/// `actions` would make, worked out without making it (order.cpp): scores[i], or NaN where the
/// action would take a deck's last card (a reshuffle from the state's random stream, or a
/// loss): guided_play then plays that action on a copy. Where it answers, the very double that
/// applying the action and scoring the result gives (guided_play's look ahead, as a list).
void order_after(const GeneralsState& state, const Action* actions, std::size_t count, int player,
                 double* scores);

/// Plays up to `actions` steps of the searches' greedy-guided rollout on `state` (order.cpp,
/// EvaluationHints::guided_play): at each, the first legal action whose result order_after
/// (or, where it declines, playing the action on a copy) scores best for the player to act;
/// a forced action as is. Returns the actions played. `scratch`: the legal actions' list.
int guided_play(GeneralsState& state, int actions, ActionList& scratch);

/// The same, over the core interface (registered with register_evaluation()).
double evaluate_state(const State& state, int player);

/// How searches use this evaluation: greedy-guided rollouts (see docs/agents.md).
EvaluationHints search_hints();

}  // namespace ancients::generals
