// How Ancient Generals' combats read in words, for the log (events.cpp: how a resolved combat
// ended) and the table (situation.cpp: how each combat would end if the battle resolved now).
// Players are named "Player N", as every sentence of the games is; front ends put names there.
#pragma once

#include <string>

#include "games/generals/combat.h"
#include "games/generals/state.h"

namespace ancients::generals {

/// A combat's outcome as the events name it: "damage", "evade", "attacker-wins",
/// "blocker-wins" or "tie".
const char* combat_outcome_name(CombatOutcome outcome);

/// A card in a combat with its player: "Player 1's Legionaires".
std::string combat_card(int player, const std::string& card_name);

/// A combat's sums term by term, as words say them: each side's force ("force 8", or
/// "force 8 = 3 + 5 against Hoplites + 2 for Bloodlust" where more than the card's own
/// Force counts) and an unblocked attacker's damage ("3 damage", or "4 damage = 3 + 1 for
/// Encircling"), so that a player sees where a total comes from.
struct CombatTerms {
  std::string attacker_force, blocker_force, damage;
};

/// The terms of combat `index` of the state's battle with `blocker` (kNoCard: unblocked), whose
/// totals (combat_totals) are `c`: the card's own Force or Damage, the "+5 vs" bonus against
/// the other card's type, Encircling, and each tactic played on it (`extra_tactic`: one more,
/// the tactic a choice offers, as combat_totals takes it).
CombatTerms combat_terms(const GeneralsState& state, int index, std::uint8_t blocker,
                         const CombatTotals& c, const std::uint16_t* extra_tactic = nullptr);

/// How a combat ended ("Player 1's Legionaires, unblocked, dealt 3 damage"); `blocker` is ""
/// for an unblocked attacker.
std::string combat_ended(const CombatTotals& c, const CombatTerms& terms,
                         const std::string& attacker, const std::string& blocker);

/// How a combat would end if the battle resolved now ("Player 2's Bowmen (force 8) would hold
/// off Player 1's Psiloi (force 3)"); `blocker` is "" for an unblocked attacker.
std::string combat_standing(const CombatTotals& c, const CombatTerms& terms,
                            const std::string& attacker, const std::string& blocker);

}  // namespace ancients::generals
