// The force totals of the combats on the table, as the rules resolve them: used by the
// resolution itself, the terminal screens and the evaluation. Every card in a battle is public,
// so this reads nothing hidden. Rules source: shared/seeds/002_6c183bd648f27ad5.txt with
// shared/rules/ancient-generals.md (the Attack phase's resolution).
#pragma once

#include "games/generals/state.h"

namespace ancients::generals {

/// How combat i would end if the battle resolved now.
enum class CombatOutcome : std::uint8_t { kDamage, kEvade, kAttackerWins, kBlockerWins, kTie };

/// What one tactic played on a combat adds to it: the total it raises (the attacker's force,
/// the blocker's, an unblocked attacker's damage; none: Shields), by how much, and whether it
/// forces an evade (Shields) or forbids one (the terrains). The one reading of a tactic's
/// effect, for the sums (combat_sums) and for the words that name each term.
struct TacticBonus {
  enum class Part : std::uint8_t { kNone, kAttacker, kBlocker, kDamage };
  Part part = Part::kNone;
  int amount = 0;
  bool shields = false;
  bool no_evade = false;
};
[[gnu::always_inline]] inline TacticBonus tactic_bonus(const CardTable& t, std::uint16_t tc) {
  using Part = TacticBonus::Part;
  const std::uint8_t c = tactic_card(tc);
  switch (t.effect_of(c)) {
    case Effect::kOverrun:
      return {Part::kDamage, t.amount[c], false, false};
    case Effect::kBloodlust:
      return {tactic_on_blocker(tc) ? Part::kBlocker : Part::kAttacker, t.amount[c], false, false};
    case Effect::kShields:
      return {Part::kNone, 0, true, false};
    case Effect::kDefensibleTerrain:
      return {Part::kBlocker, t.amount[c], false, true};
    case Effect::kTreacherousTerrain:
      return {Part::kAttacker, t.amount[c], false, true};
    default:
      return {};
  }
}

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
