// Applying a search-space action and the turn flow it drives: the six phases in order, the
// automatic draw, the windows passing from player to player, the battle's resolution (damage,
// Encircling, force with "+5 vs" and tactics, ties, evade both ways) and the end of the game.
#include <algorithm>

#include "games/generals/state.h"

namespace ancients::generals {

void GeneralsState::apply(Action action) {
  const CardTable& t = tab();
  const int me = g_.to_act;
  const int A = g_.active;
  const int B = 3 - A;
  const std::uint8_t card = action_card(action);
  Battle& b = g_.battle;
  switch (action_op(action)) {
    case Op::kPass:
      switch (g_.phase) {
        case Phase::kScout:
          g_.phase = Phase::kDiscard;
          g_.floor = kNoCard;
          break;
        case Phase::kDraw:  // the active player's Rally window, then the opponent's
          if (me == A) {
            g_.to_act = static_cast<std::uint8_t>(B);
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
          if (b.attacker_count == 0) {
            end_turn();
          } else {
            g_.phase = Phase::kBlock;
            g_.to_act = static_cast<std::uint8_t>(B);
          }
          break;
        case Phase::kTactics:
          if (++b.passes >= 2) {
            resolve_battle();
            end_turn();
          } else {
            g_.to_act = static_cast<std::uint8_t>(3 - me);
          }
          break;
        default:
          break;
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
  const CardTable& t = tab();
  Battle& b = g_.battle;
  const int A = g_.active;
  const int B = 3 - A;
  const int n = b.attacker_count;
  // The tactics played, summed per combat (they add up).
  std::array<int, kMaxCards> extra_damage, attacker_bonus, blocker_bonus;
  std::array<bool, kMaxCards> shields, no_evade;
  std::fill_n(extra_damage.begin(), n, 0);
  std::fill_n(attacker_bonus.begin(), n, 0);
  std::fill_n(blocker_bonus.begin(), n, 0);
  std::fill_n(shields.begin(), n, false);
  std::fill_n(no_evade.begin(), n, false);
  for (int i = 0; i < b.tactic_count; ++i) {
    const std::uint16_t tc = b.tactics[i];
    const std::uint8_t c = tactic_card(tc);
    const int combat = tactic_combat(tc);
    switch (t.effect_of(c)) {
      case Effect::kOverrun:
        extra_damage[combat] += t.amount[c];
        break;
      case Effect::kBloodlust:
        (tactic_on_blocker(tc) ? blocker_bonus : attacker_bonus)[combat] += t.amount[c];
        break;
      case Effect::kShields:
        shields[combat] = true;
        break;
      case Effect::kDefensibleTerrain:
        blocker_bonus[combat] += t.amount[c];
        no_evade[combat] = true;
        break;
      case Effect::kTreacherousTerrain:
        attacker_bonus[combat] += t.amount[c];
        no_evade[combat] = true;
        break;
      default:
        break;
    }
  }
  const bool encircling = pl(A).flank > pl(B).flank;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t a = b.attackers[i];
    const std::uint8_t d = b.blockers[i];
    if (d == kNoCard) {
      // Unblocked: damage to the main body, the defender's deck to his casualty pile. Once a
      // player has lost, the remaining cards still go to their piles but no more damage.
      const int damage = t.damage[a] + (encircling ? t.encircling_damage : 0) + extra_damage[i];
      for (int k = 0; k < damage && !lost_any(); ++k) damage_card(B);
      add_reserve(A, a);
      continue;
    }
    const bool evade = !no_evade[i] && (shields[i] || ((t.evade[d] >> t.type[a]) & 1U) ||
                                        ((t.evade[a] >> t.type[d]) & 1U));
    if (evade) {
      add_reserve(A, a);
      add_reserve(B, d);
      continue;
    }
    const int fa =
        t.force[a] + (((t.versus[a] >> t.type[d]) & 1U) ? t.versus_bonus : 0) + attacker_bonus[i];
    const int fd =
        t.force[d] + (((t.versus[d] >> t.type[a]) & 1U) ? t.versus_bonus : 0) + blocker_bonus[i];
    if (fa > fd) {
      add_reserve(A, a);
      add_casualty(B, d);
    } else if (fd > fa) {
      add_casualty(A, a);
      add_reserve(B, d);
    } else {
      add_casualty(A, a);
      add_casualty(B, d);
    }
  }
}

}  // namespace ancients::generals
