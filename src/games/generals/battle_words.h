// How Ancient Generals' combats read in words, for the log (events.cpp: how a resolved combat
// ended) and the table (situation.cpp: how each combat would end if the battle resolved now).
// Players are named "Player N", as every sentence of the games is; front ends put names there.
#pragma once

#include <string>

#include "games/generals/combat.h"

namespace ancients::generals {

/// A combat's outcome as the events name it: "damage", "evade", "attacker-wins",
/// "blocker-wins" or "tie".
const char* combat_outcome_name(CombatOutcome outcome);

/// A card in a combat with its player: "Player 1's Legionaires".
std::string combat_card(int player, const std::string& card_name);

/// How a combat ended ("Player 1's Legionaires, unblocked, dealt 3 damage"); `blocker` is ""
/// for an unblocked attacker.
std::string combat_ended(const CombatTotals& c, const std::string& attacker,
                         const std::string& blocker);

/// How a combat would end if the battle resolved now ("Player 2's Bowmen (force 8) would hold
/// off Player 1's Psiloi (force 3)"); `blocker` is "" for an unblocked attacker.
std::string combat_standing(const CombatTotals& c, const std::string& attacker,
                            const std::string& blocker);

}  // namespace ancients::generals
