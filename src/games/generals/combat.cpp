// Force totals of one combat (see combat.h): the one place where a combat's sums are made; the
// resolution in apply.cpp, the screens and the evaluation all use it.
#include "games/generals/combat.h"

namespace ancients::generals {

CombatTotals combat_totals(const GeneralsState& s, int index) {
  return combat_totals(s, index, s.data().battle.blockers[index], nullptr);
}

CombatTotals combat_totals(const GeneralsState& s, int index, std::uint8_t blocker,
                           const std::uint16_t* extra_tactic) {
  const GameData& g = s.data();
  const int A = g.active;
  const bool encircling = g.players[A - 1].flank > g.players[2 - A].flank;
  return combat_sums(s.cards().table, g.battle, index, g.battle.attackers[index], blocker,
                     encircling, extra_tactic);
}

CombatTotals combat_sums(const CardTable& t, const Battle& b, int index, std::uint8_t a,
                         std::uint8_t d, bool encircling, const std::uint16_t* extra_tactic) {
  int extra_damage = 0, attacker_bonus = 0, blocker_bonus = 0;
  bool shields = false, no_evade = false;
  const int tactics = b.tactic_count + (extra_tactic != nullptr ? 1 : 0);
  for (int i = 0; i < tactics; ++i) {
    const std::uint16_t tc = i < b.tactic_count ? b.tactics[i] : *extra_tactic;
    if (tactic_combat(tc) != index) continue;
    const TacticBonus bonus = tactic_bonus(t, tc);
    switch (bonus.part) {
      case TacticBonus::Part::kDamage:
        extra_damage += bonus.amount;
        break;
      case TacticBonus::Part::kAttacker:
        attacker_bonus += bonus.amount;
        break;
      case TacticBonus::Part::kBlocker:
        blocker_bonus += bonus.amount;
        break;
      case TacticBonus::Part::kNone:
        break;
    }
    shields = shields || bonus.shields;
    no_evade = no_evade || bonus.no_evade;
  }
  CombatTotals r;
  r.damage = t.damage[a] + (encircling ? t.encircling_damage : 0) + extra_damage;
  r.attacker_force = t.force[a] + attacker_bonus;
  if (d == kNoCard) return r;
  r.blocked = true;
  r.attacker_force += ((t.versus[a] >> t.type[d]) & 1U) ? t.versus_bonus : 0;
  r.blocker_force =
      t.force[d] + (((t.versus[d] >> t.type[a]) & 1U) ? t.versus_bonus : 0) + blocker_bonus;
  r.evade = !no_evade &&
            (shields || ((t.evade[d] >> t.type[a]) & 1U) || ((t.evade[a] >> t.type[d]) & 1U));
  r.outcome = r.evade                              ? CombatOutcome::kEvade
              : r.attacker_force > r.blocker_force ? CombatOutcome::kAttackerWins
              : r.blocker_force > r.attacker_force ? CombatOutcome::kBlockerWins
                                                   : CombatOutcome::kTie;
  return r;
}

}  // namespace ancients::generals
