// Ancient Generals' situation (State::situation): while a battle is on the table, how each of
// its combats would end if it resolved now, by the same sums the resolution uses
// (combat_totals). Every card in a battle is face up, so every viewer reads the same. Before the
// blocks are made, every attacker is unblocked: the sentence says what it would deal so.
#include <string>
#include <vector>

#include "games/generals/battle_words.h"
#include "games/generals/combat.h"
#include "games/generals/state.h"

namespace ancients::generals {

std::vector<std::string> GeneralsState::situation(int viewer) const {
  (void)viewer;  // public: the same for every viewer
  std::vector<std::string> out;
  const Battle& b = g_.battle;
  if (g_.phase == Phase::kOver || b.attacker_count == 0) return out;
  const int A = g_.active, B = 3 - A;
  for (int i = 0; i < b.attacker_count; ++i) {
    const CombatTotals c = combat_totals(*this, i);
    const std::string attacker = combat_card(A, cards_->name(b.attackers[i]));
    const std::string blocker = c.blocked ? combat_card(B, cards_->name(b.blockers[i])) : "";
    out.push_back("Combat " + std::to_string(i + 1) + " as it stands: " +
                  combat_standing(c, combat_terms(*this, i, b.blockers[i], c), attacker, blocker));
  }
  return out;
}

}  // namespace ancients::generals
