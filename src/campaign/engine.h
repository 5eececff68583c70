// The campaign engine (docs/campaign.md "Actions"): a new campaign from a scenario, and every
// step as an action in text notation applied to the state (politics, hidden orders, battle
// results, contingent offers, the next phase). No I/O: the front ends read and write files and
// play the battles (campaign/battle.h).
#pragma once

#include <string>
#include <vector>

#include "campaign/state.h"

namespace ancients::campaign {

/// The state at the start of the campaign: season 1, politics (a map campaign) or the first
/// battle (a historical sequence).
CampaignState new_campaign(const Scenario& scenario);

/// Applies one action; throws IllegalAction naming the action and what is wrong (the state is
/// then unchanged). The action is appended to state.actions.
void apply_action(CampaignState& state, const std::string& action);

/// Rebuilds a campaign from its scenario and actions; throws IllegalAction at the first bad one.
CampaignState replay(const Scenario& scenario, const std::vector<std::string>& actions);

/// What the campaign waits for now, in words (one line each): "orders from crusaders", ...
std::vector<std::string> waiting_for(const CampaignState& state);

/// The nations (ids) whose orders are due now, in the orders phase; else none.
std::vector<std::string> owing_orders(const CampaignState& state);

/// Nations ordered by prestige (ties: cities held, then scenario order).
std::vector<std::string> standings(const CampaignState& state);

}  // namespace ancients::campaign
