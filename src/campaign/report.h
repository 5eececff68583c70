// The campaign as text for the terminal: the standings table, the map picture (regions at their
// coordinates with owner and army markers), this season's battles and the chronicle.
#pragma once

#include <string>

#include "campaign/state.h"

namespace ancients::campaign {

std::string standings_text(const CampaignState& s);
std::string map_text(const CampaignState& s);  ///< "" for a historical sequence
std::string battles_text(const CampaignState& s);
/// One battle: its sides with the units each brings (carried losses off) and the battlefield.
std::string battle_sides_text(const CampaignState& s, const Battle& b);
std::string chronicle_text(const CampaignState& s);
/// Season, phase, what the campaign waits for, battles and standings.
std::string status_text(const CampaignState& s);

}  // namespace ancients::campaign
