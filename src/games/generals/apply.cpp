// Applying a search-space action and the turn flow it drives: the six phases in order, the
// automatic draw, the windows passing from player to player, the battle's resolution (damage,
// Encircling, force with "+5 vs" and tactics, ties, evade both ways) and the end of the game.
#include <algorithm>

#include "games/generals/combat.h"
#include "games/generals/state.h"

namespace ancients::generals {

void GeneralsState::apply(Action action) {
  // A pass outside the tactics window (half of all moves) moves no card: played here, without
  // the registers the other moves' cases save (apply_move).
  if (action_op(action) == Op::kPass && g_.phase != Phase::kTactics) {
    pass();
    return;
  }
  apply_move(action);
}

void GeneralsState::pass() {
  const int me = g_.to_act;
  const int A = g_.active;
  switch (g_.phase) {
    case Phase::kScout:
      g_.phase = Phase::kDiscard;
      g_.floor = kNoCard;
      break;
    case Phase::kDraw:  // the active player's Rally window, then the opponent's
      if (me == A) {
        g_.to_act = static_cast<std::uint8_t>(3 - A);
      } else {
        g_.phase = Phase::kFlank;  // the opponent's flank window opens first
      }
      break;
    case Phase::kFlank:
      g_.floor = kNoCard;
      if (me != A)
        g_.to_act = static_cast<std::uint8_t>(A);
      else
        g_.phase = Phase::kArtillery;
      break;
    case Phase::kArtillery:
      g_.phase = Phase::kAttack;
      break;
    case Phase::kAttack:
      if (g_.battle.attacker_count == 0) {
        end_turn();  // moves no card: no loss to record
      } else {
        g_.phase = Phase::kBlock;
        g_.to_act = static_cast<std::uint8_t>(3 - A);
      }
      break;
    default:
      break;
  }
}

void GeneralsState::apply_move(Action action) {
  const CardTable& t = tab();
  const int me = g_.to_act;
  const int A = g_.active;
  const std::uint8_t card = action_card(action);
  Battle& b = g_.battle;
  switch (action_op(action)) {
    case Op::kPass:  // in the tactics window (apply() plays the others: pass())
      if (++b.passes >= 2) {
        resolve_battle();
        end_turn();
      } else {
        g_.to_act = static_cast<std::uint8_t>(3 - me);
      }
      break;
    case Op::kScout:
      hand_out_public(me, card);
      add_reserve(me, card);
      scout(me, action_arg(action));
      g_.phase = Phase::kDiscard;
      g_.floor = kNoCard;
      break;
    case Op::kDiscardStep:
      hand_out_public(me, card);
      add_reserve(me, card);
      g_.floor = card;
      break;
    case Op::kDiscardEnd:
      end_discard();
      break;
    case Op::kRally: {
      const std::uint8_t rally = t.card(Effect::kRally);
      hand_out_public(me, rally);
      add_casualty(me, rally);
      remove_casualty(me, card);
      add_hand(me, card);
      Knowledge& o = g_.known[2 - me];  // the casualty pile is public: the opponent saw it
      ++o.opp_hand[card];
      ++o.opp_hand_size;
      break;
    }
    case Op::kDifficultTerrain: {
      const std::uint8_t c = t.card(Effect::kDifficultTerrain);
      hand_out_public(me, c);
      add_casualty(me, c);
      b.no_attack = true;
      break;
    }
    case Op::kReserve: {
      const std::uint8_t c = t.card(Effect::kReserve);
      hand_out_public(me, c);
      add_casualty(me, c);
      for (int i = 0; i < t.amount[c] && !lost_[me - 1]; ++i) draw_card(me);
      g_.floor = kNoCard;
      break;
    }
    case Op::kFlank:
      hand_out_public(me, card);
      if (t.effect_of(card) == Effect::kOutflank)
        add_casualty(me, card);  // a played tactics card
      else
        add_reserve(me, card);  // a discarded unit
      pl(me).flank = static_cast<std::uint16_t>(pl(me).flank + t.flank_points[card]);
      g_.floor = card;
      break;
    case Op::kSiege:
      hand_out_public(me, card);
      add_reserve(me, card);
      b.siege_used = true;
      damage_card(3 - me);
      break;
    case Op::kBreakMorale: {
      const std::uint8_t c = t.card(Effect::kBreakMorale);
      hand_out_public(me, c);
      add_casualty(me, c);
      b.no_block = true;
      break;
    }
    case Op::kAttackStep:
      hand_out_public(me, card);
      b.attackers[b.attacker_count] = card;
      b.blockers[b.attacker_count] = kNoCard;
      ++b.attacker_count;
      break;
    case Op::kBlockStep:
      hand_out_public(me, card);
      b.blockers[action_arg(action)] = card;
      break;
    case Op::kBlockEnd:
      g_.phase = Phase::kTactics;
      g_.to_act = static_cast<std::uint8_t>(A);
      b.passes = 0;
      break;
    case Op::kPlay:
      hand_out_public(me, card);
      add_casualty(me, card);
      b.tactics[b.tactic_count++] =
          pack_tactic(card, me, action_arg2(action) != 0, action_arg(action));
      b.passes = 0;
      g_.to_act = static_cast<std::uint8_t>(3 - me);
      break;
  }
  finish_if_lost();
}

void GeneralsState::end_discard() {
  g_.phase = Phase::kDraw;
  g_.floor = kNoCard;
  const int A = g_.active;
  g_.to_act = static_cast<std::uint8_t>(A);
  while (pl(A).hand_size < tab().hand && !lost_[A - 1]) draw_card(A);
}

void GeneralsState::end_turn() {
  // Clear only the slots in use: unused slots are always zero.
  Battle& b = g_.battle;
  std::fill_n(b.attackers.begin(), b.attacker_count, std::uint8_t{0});
  std::fill_n(b.blockers.begin(), b.attacker_count, std::uint8_t{0});
  std::fill_n(b.tactics.begin(), b.tactic_count, std::uint16_t{0});
  b.attacker_count = b.tactic_count = b.passes = 0;
  b.no_attack = b.no_block = b.siege_used = false;
  g_.floor = kNoCard;
  if (lost_any()) return;  // finish_if_lost() ends the game
  if (g_.turn >= g_.turn_limit) {
    g_.phase = Phase::kOver;
    g_.winner = kDraw;
    g_.to_act = 0;
    return;
  }
  ++g_.turn;
  g_.active = static_cast<std::uint8_t>(3 - g_.active);
  g_.to_act = g_.active;
  g_.phase = Phase::kScout;
}

void GeneralsState::finish_if_lost() {
  if (!lost_any()) return;
  g_.winner = static_cast<std::int8_t>(lost_[0] && lost_[1] ? kDraw : (lost_[0] ? 2 : 1));
  g_.phase = Phase::kOver;
  g_.to_act = 0;
  g_.floor = kNoCard;
  lost_ = {};
}

void GeneralsState::resolve_battle() {
  const Battle& b = g_.battle;
  const int A = g_.active;
  const int B = 3 - A;
  for (int i = 0; i < b.attacker_count; ++i) {
    // combat_totals() is the one computation of a combat's sums (screens and the evaluation
    // use it too); resolving only moves the cards.
    const CombatTotals c = combat_totals(*this, i);
    const std::uint8_t a = b.attackers[i];
    const std::uint8_t d = b.blockers[i];
    switch (c.outcome) {
      case CombatOutcome::kDamage:
        // Unblocked: damage to the main body, the defender's deck to his casualty pile. Once a
        // player has lost, the remaining cards still go to their piles but no more damage.
        for (int k = 0; k < c.damage && !lost_any(); ++k) damage_card(B);
        add_reserve(A, a);
        break;
      case CombatOutcome::kEvade:
        add_reserve(A, a);
        add_reserve(B, d);
        break;
      case CombatOutcome::kAttackerWins:
        add_reserve(A, a);
        add_casualty(B, d);
        break;
      case CombatOutcome::kBlockerWins:
        add_casualty(A, a);
        add_reserve(B, d);
        break;
      case CombatOutcome::kTie:
        add_casualty(A, a);
        add_casualty(B, d);
        break;
    }
  }
}

}  // namespace ancients::generals
