// The Ancient Generals evaluation (see evaluation.h): the order score (order.cpp, in cards)
// squashed into [-0.9, 0.9], and the hints that tell the searches how to use it.
#include "games/generals/evaluation.h"

#include <cmath>

#include "games/generals/state.h"

namespace ancients::generals {
namespace {

constexpr double kScale = 12.0;       ///< tanh scale, in cards
constexpr double kNonTerminal = 0.9;  ///< an unfinished game scores at most this: a win is more
/// Greedy-guided rollout actions for the searches: a battle's one-card steps (attackers,
/// blockers, tactics) are played out before the evaluation scores the position. ismcts:easy
/// against greedy, 600 games, seed 10: none 62%, 4 actions 87%, 8 91%, 12 98%.
constexpr int kGuidedRollout = 12;

double order_state(const State& state, int player) {
  return order_position(static_cast<const GeneralsState&>(state), player);
}

int guided_state_play(State& state, int actions, ActionList& scratch) {
  return guided_play(static_cast<GeneralsState&>(state), actions, scratch);
}

}  // namespace

double evaluate_position(const GeneralsState& s, int player) {
  if (s.is_over()) return s.returns(player);
  return kNonTerminal * std::tanh(order_position(s, player) / kScale);
}

double evaluate_state(const State& state, int player) {
  return evaluate_position(static_cast<const GeneralsState&>(state), player);
}

EvaluationHints search_hints() {
  EvaluationHints h;
  h.guided_rollout = kGuidedRollout;
  h.order = &order_state;
  h.guided_play = &guided_state_play;
  return h;
}

}  // namespace ancients::generals
