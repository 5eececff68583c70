// A campaign battle as an ordinary Ancient Warfare game (docs/campaign.md "Battles"): built
// through the core factory with the scenario's options, the two sides' army files and a
// battlefield from the bundled map or the region's DBA home topography; the units each side has
// lost earlier in the campaign are taken off the deployed position (the engine's army files
// must be complete). With accepted contingents it is a multiplayer battle (option contingents,
// 12x12): the attacker, its contingents, the defender, its contingents. The finished game's
// position gives the result action.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "campaign/state.h"
#include "core/game.h"

namespace ancients::campaign {

/// The units a side brings to the battle (its army file less the losses it carries).
std::vector<std::string> battle_units(const CampaignState& s, const Battle& b, bool attacker);

/// One player of a battle's game: its nation, the field army it brings ("" for a garrison or
/// the battle's own army), its side (1 attacker, 2 defender) and whether it is a contingent.
struct BattlePlayer {
  std::string nation, army;
  int side = 1;
  bool contingent = false;
};
/// The players in the game's order: the attacker, its contingents, the defender, its
/// contingents (multiplayer.md's turn order). Two without contingents.
std::vector<BattlePlayer> battle_players(const CampaignState& s, const Battle& b);
/// The units an accepted contingent brings (its field army less its losses).
std::vector<std::string> contingent_units(const CampaignState& s, const Battle& b,
                                          const std::string& ally);
/// The side (1 attacker, 2 defender) an accepted contingent fights on.
int contingent_side(const Battle& b, const std::string& ally);

/// The options of the battle's game (armies inline) for a seed.
nlohmann::json battle_options(const CampaignState& s, const Battle& b, std::uint64_t seed);

/// The game ready to play: created, deployed, carried losses removed. Throws BadInput.
std::unique_ptr<State> build_battle(const CampaignState& s, const Battle& b, std::uint64_t seed);

/// The result action ("result N winner=... lost=...") read from a finished game's position.
std::string result_from_game(const CampaignState& s, const Battle& b, const State& finished);

/// Plays the battle computer against computer and returns the finished game.
std::unique_ptr<State> play_battle_game(const CampaignState& s, const Battle& b,
                                        const std::string& agent, std::uint64_t seed);

/// Plays the battle computer against computer (`agent` spec, e.g. "random" or "greedy") and
/// returns the result action.
std::string play_battle(const CampaignState& s, const Battle& b, const std::string& agent,
                        std::uint64_t seed);

}  // namespace ancients::campaign
