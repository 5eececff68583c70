// Heuristic evaluation of positions, game-agnostic: each game registers one function that scores
// a full State from a player's side in [-1, 1] (+1 a sure win, -1 a sure loss). Agents use it
// to rank the states one action reaches (greedy) and to score search rollouts cut at a depth
// (ismcts). Evaluations may read the whole State they are given; agents only ever give them
// determinizations sampled from their own view, never the true state.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/game.h"

namespace ancients {

/// Scores `state` from `player`'s side in [-1, 1]; finished games score their result.
using Evaluator = double (*)(const State& state, int player);

/// evaluate() with the game's evaluator already found (find_evaluation; null: 0), for loops
/// that score many positions of one game: a finished game scores its result.
inline double evaluate_with(Evaluator evaluator, const State& state, int player) {
  if (state.is_over()) return state.returns(player);
  return evaluator == nullptr ? 0.0 : evaluator(state, player);
}

/// How a search may use a game's evaluation beyond scoring the positions it stops at.
struct EvaluationHints {
  /// Actions of a greedy-guided rollout after the search's tree: the player to act takes the
  /// action whose result the evaluation scores best for him. Worth its cost where the
  /// evaluation is cheap and a real decision is split into many small steps, so that a tree
  /// of a few thousand iterations sees little beyond its first step (Ancient Generals). 0: none.
  int guided_rollout = 0;
  /// Optional: a score that orders unfinished positions as the evaluation does, for the same
  /// player (higher exactly where the evaluation is higher, zero where it is zero), without
  /// the evaluation's final squashing into [-0.9, 0.9] (a tanh, a tenth of a guided rollout's
  /// time in Ancient Generals). The guided rollouts compare positions and need only their
  /// order. Null: the evaluation itself.
  Evaluator order = nullptr;
  /// Optional: plays up to `actions` actions of the greedy-guided rollout on `state` itself,
  /// each the very action the search's own loop would take (the first legal action whose
  /// result order_with(order, ...) scores best for the player to act; a forced action played
  /// as is), and returns how many it played (fewer when the game ends). `scratch` is a list the
  /// game may list legal actions into (its capacity reused: no allocation). A game that can
  /// score an action's result without making it (Ancient Generals' look ahead) copies the
  /// state only where it cannot. Null: the search's loop, every action played on a copy.
  int (*guided_play)(State& state, int actions, ActionList& scratch) = nullptr;
};

/// A finished game's score on the scale of EvaluationHints::order: its result times this,
/// beyond any unfinished position's.
inline constexpr double kFinishedOrder = 1e30;

/// The order score of `state` for `player` (order: EvaluationHints::order, or the evaluation
/// when the game gives none): finished games by their result, beyond every unfinished one.
inline double order_with(Evaluator order, const State& state, int player) {
  if (state.is_over()) return state.returns(player) * kFinishedOrder;
  return order == nullptr ? 0.0 : order(state, player);
}

/// Registers the evaluation of a game (by its name as in positions) and its hints; the last
/// one wins.
void register_evaluation(std::string_view game, Evaluator evaluator, EvaluationHints hints = {});
/// The evaluation of a game, or nullptr when none is registered.
Evaluator find_evaluation(std::string_view game);
/// The hints registered with a game's evaluation (none when it has no evaluation).
EvaluationHints evaluation_hints(std::string_view game);
/// The game's evaluation, or the result only (0 for unfinished games) when it has none.
double evaluate(const State& state, int player);

}  // namespace ancients
