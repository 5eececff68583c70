// The force totals of the combats on the table, as the rules resolve them: used by the
// resolution itself, the terminal screens and the evaluation. Every card in a battle is public,
// so this reads nothing hidden. Rules source: shared/seeds/002_6c183bd648f27ad5.txt with
// shared/rules/ancient-generals.md (the Attack phase's resolution).
#pragma once

#include "games/generals/state.h"

namespace ancients::generals {

/// How combat i would end if the battle resolved now.
enum class CombatOutcome : std::uint8_t { kDamage, kEvade, kAttackerWins, kBlockerWins, kTie };

struct CombatTotals {
  bool blocked = false;
  int attacker_force = 0;  ///< Force + "+5 vs" + tactics (blocked combats)
  int blocker_force = 0;
  int damage = 0;  ///< unblocked: Damage + Encircling + Overrun
  bool evade = false;
  CombatOutcome outcome = CombatOutcome::kDamage;
};

/// The totals of combat `index` (0-based) of the state's battle.
CombatTotals combat_totals(const GeneralsState& state, int index);
/// The same with `blocker` in the combat (kNoCard: unblocked) and, where `extra_tactic` is not
/// null, one more tactic: what a block or a tactic would make of the combat as it stands (the
/// words of the actions that offer them).
CombatTotals combat_totals(const GeneralsState& state, int index, std::uint8_t blocker,
                           const std::uint16_t* extra_tactic);

/// The same sums for combat `index` fought by `attacker` and `blocker` (kNoCard: unblocked)
/// under the tactics of `battle` and, where `extra_tactic` is not null, one more tactic: how the
/// search scores a declaration, a block or a tactic before playing it (order.cpp).
/// `encircling`: the active player has more flank points.
CombatTotals combat_sums(const CardTable& table, const Battle& battle, int index,
                         std::uint8_t attacker, std::uint8_t blocker, bool encircling,
                         const std::uint16_t* extra_tactic);

}  // namespace ancients::generals
