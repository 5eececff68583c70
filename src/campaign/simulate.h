// Computer play of a whole campaign (`ancients campaign simulate`): random alliances in
// politics, each nation's orders from its aggression (seeded), allies' contingents offered and
// accepted, every battle played computer against computer, the phases advanced until the end. Every
// step goes through apply_action, so the result replays like any other.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "campaign/state.h"

namespace ancients::campaign {

/// The orders action a computer nation gives now (phase orders), chosen from `seed`.
std::string computer_orders(const CampaignState& s, const std::string& nation, std::uint64_t seed);

/// Gives the orders of every nation the computer plays (state.computer) that the campaign waits
/// for; each is an ordinary `orders` action. Front ends call it after every step.
void computer_turns(CampaignState& s, std::uint64_t seed);

/// Plays the campaign from `state` to its end. `progress` (may be empty) is called after each
/// battle with the battles fought so far and a line about the battle.
void simulate(CampaignState& state, const std::string& agent, std::uint64_t seed,
              const std::function<void(int, const std::string&)>& progress = {});

}  // namespace ancients::campaign
