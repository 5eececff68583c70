// The campaign as text for the terminal: the standings table, the map picture (regions at their
// coordinates with owner and army markers), this season's battles and the chronicle.
#pragma once

#include <string>
#include <vector>

#include "campaign/state.h"

namespace ancients::campaign {

/// A nation as a player reads it with the id the commands take: "The Gauls (gauls)".
std::string nation_label(const CampaignState& s, const std::string& nation);
/// What the campaign waits for, one line each, nations by their labels (engine.h's
/// waiting_for has the ids alone).
std::vector<std::string> waiting_for_lines(const CampaignState& s);
std::string standings_text(const CampaignState& s);
std::string map_text(const CampaignState& s);  ///< "" for a historical sequence
std::string battles_text(const CampaignState& s);
/// The battles gone by with their results ("battles fought:" and a line each), or "".
std::string history_text(const CampaignState& s);
/// One battle: its sides with the units each brings (carried losses off) and the battlefield.
std::string battle_sides_text(const CampaignState& s, const Battle& b);
std::string chronicle_text(const CampaignState& s);
/// Season, phase, what the campaign waits for, battles (a sequence's fought ones too, and all of
/// a campaign's once it is over) and standings.
std::string status_text(const CampaignState& s);

}  // namespace ancients::campaign
