// The Ancient Generals evaluation (see evaluation.h). Weights are hand-tuned, in cards.
#include "games/generals/evaluation.h"

#include "games/generals/combat.h"

#include <array>
#include <bit>
#include <cmath>

#include "games/generals/state.h"

namespace ancients::generals {
namespace {

constexpr double kDamage = 0.1;       ///< per damage point of a unit card in hand (attacking)
constexpr double kEncircling = 2.0;   ///< +1 damage per unblocked attacker for the rest of the game
constexpr double kScale = 12.0;       ///< tanh scale, in cards
constexpr double kNonTerminal = 0.9;  ///< an unfinished game scores at most this: a win is more
/// A tactics card in hand: a little, so that playing one to no effect scores below passing
/// (hand weights of 0.05-0.3 for tactics and 0-0.8 for units measured, see docs/agents.md).
constexpr double kHandTactic = 0.1;
constexpr double kLowBody = 10.0;  ///< below this many cards in deck + reserve, each counts 1.5
/// Greedy-guided rollout actions for the searches: a battle's one-card steps (attackers,
/// blockers, tactics) are played out before the evaluation scores the position. ismcts:easy
/// against greedy, 600 games, seed 10: none 62%, 4 actions 87%, 8 91%, 12 98%.
constexpr int kGuidedRollout = 12;

/// Player p's deck and reserve (a player whose deck and reserve are empty loses; the hand does
/// not count) with a penalty for running low, and the damage its unit cards in hand threaten.
/// Weights tried (greedy vs random, 60 games): hand cards worth 1 each lost 90% of games,
/// 0.5 won 88%, 0 won 97%; force and tactics cards in hand did not help.
double side_value(const GeneralsState& s, int p) {
  const PlayerCards& pc = s.data().players[p - 1];
  double body = pc.deck_size + pc.reserve_size;
  // The last cards of deck and reserve are the ones that lose the game.
  if (body < kLowBody) body -= (kLowBody - body) * 0.5;
  // Cards in hand do not count against losing (measured: weight 0 plays best). The units'
  // damage points and the number of other cards, kept as integer sums by the state (no chain
  // of floating-point additions).
  const double hand = pc.hand_damage * kDamage + pc.hand_tactics * kHandTactic;
  return body + hand;
}

/// The battle under way, resolved as it stands (tactics played so far included), in cards won
/// by the active player; unblocked attackers count at half before the blocks are known.
double battle_value(const GeneralsState& s) {
  const GameData& g = s.data();
  const int n = g.battle.attacker_count;
  const bool blocks_known = g.phase == Phase::kTactics || g.battle.no_block;
  double v = 0;
  for (int i = 0; i < n; ++i) {
    const CombatTotals c = combat_totals(s, i);
    switch (c.outcome) {
      case CombatOutcome::kDamage:
        v += c.damage * (blocks_known ? 1.0 : 0.5);
        break;
      case CombatOutcome::kAttackerWins:
        v += 1;
        break;
      case CombatOutcome::kBlockerWins:
        v -= 1;
        break;
      case CombatOutcome::kEvade:
      case CombatOutcome::kTie:
        break;
    }
  }
  return v;
}

/// Cards of player p committed to the battle (still its own until the battle resolves).
int battle_cards(const GeneralsState& s, int p) {
  const Battle& b = s.data().battle;
  int n = 0;
  for (int i = 0; i < b.attacker_count; ++i)
    n += p == s.data().active ? 1 : (b.blockers[i] != kNoCard ? 1 : 0);
  return n;
}

}  // namespace

double order_position(const GeneralsState& s, int player) {
  const int opp = 3 - player;
  double raw =
      side_value(s, player) + battle_cards(s, player) - side_value(s, opp) - battle_cards(s, opp);
  const double battle = battle_value(s);
  raw += player == s.data().active ? battle : -battle;
  const int f_me = s.data().players[player - 1].flank;
  const int f_opp = s.data().players[opp - 1].flank;
  if (f_me > f_opp) raw += kEncircling;
  if (f_opp > f_me) raw -= kEncircling;
  return raw;
}

double evaluate_position(const GeneralsState& s, int player) {
  if (s.is_over()) return s.returns(player);
  return kNonTerminal * std::tanh(order_position(s, player) / kScale);
}

double evaluate_state(const State& state, int player) {
  return evaluate_position(static_cast<const GeneralsState&>(state), player);
}

namespace {
double order_state(const State& state, int player) {
  return order_position(static_cast<const GeneralsState&>(state), player);
}
}  // namespace

EvaluationHints search_hints() {
  EvaluationHints h;
  h.guided_rollout = kGuidedRollout;
  h.order = &order_state;
  return h;
}

}  // namespace ancients::generals
