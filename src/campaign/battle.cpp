// Building, playing and reading campaign battles (see battle.h).
#include "campaign/battle.h"

#include <fmt/format.h>

#include <algorithm>

#include "agents/agent.h"
#include "core/errors.h"
#include "core/registry.h"
#include "tools/dba/generate.h"
#include "tools/dba/sheet_loader.h"

namespace ancients::campaign {
namespace {

using nlohmann::json;

json side_army(const CampaignState& s, const Battle& b, bool attacker) {
  const std::string& nation = attacker ? b.attacker : b.defender;
  if (s.scenario.kind == "sequence" && (attacker ? b.attacker_army : b.defender_army).empty())
    for (const auto& spec : s.scenario.battles)
      if (spec.name == b.name) return attacker ? spec.attacker_army : spec.defender_army;
  return s.scenario.nation(nation)->army;
}

/// The losses a player's army carries into the battle.
std::vector<std::string> carried_losses(const CampaignState& s, const BattlePlayer& p) {
  const FieldArmy* a = s.army(p.army);
  return a == nullptr ? std::vector<std::string>{} : a->lost;
}

/// A player's army file.
json player_army(const CampaignState& s, const Battle& b, const BattlePlayer& p) {
  if (!p.contingent) return side_army(s, b, p.side == 1);
  return s.scenario.nation(p.nation)->army;
}

/// The units a player brings (its army file less its carried losses).
std::vector<std::string> player_units(const CampaignState& s, const Battle& b,
                                      const BattlePlayer& p) {
  std::vector<std::string> units = army_units(player_army(s, b, p));
  for (const auto& gone : carried_losses(s, p))
    if (auto it = std::find(units.begin(), units.end(), gone); it != units.end()) units.erase(it);
  return units;
}

/// The army-file name of a unit of the position ("knights*"); the General's element of the
/// house rule nominated_general ("general": true) is the army's "general" entry.
std::string unit_name(const json& unit) {
  const std::string type =
      unit.value("general", false) ? "general" : unit.at("type").get<std::string>();
  return type + (unit.value("elite", false) ? "*" : "");
}

}  // namespace

std::vector<BattlePlayer> battle_players([[maybe_unused]] const CampaignState& s, const Battle& b) {
  std::vector<BattlePlayer> players;
  for (int side = 1; side <= 2; ++side) {
    players.push_back({side == 1 ? b.attacker : b.defender,
                       side == 1 ? b.attacker_army : b.defender_army, side, false});
    for (std::size_t i = 0; i < b.contingents.size(); ++i)
      if (contingent_side(b, b.contingents[i]) == side)
        players.push_back({b.contingents[i],
                           i < b.contingent_armies.size() ? b.contingent_armies[i] : "", side,
                           true});
  }
  return players;
}

int contingent_side(const Battle& b, const std::string& ally) {
  for (std::size_t i = 0; i < b.contingents.size(); ++i)
    if (b.contingents[i] == ally && i < b.contingent_sides.size()) return b.contingent_sides[i];
  return 1;
}

std::vector<std::string> contingent_units(const CampaignState& s, const Battle& b,
                                          const std::string& ally) {
  for (const auto& p : battle_players(s, b))
    if (p.contingent && p.nation == ally) return player_units(s, b, p);
  return army_units(s.scenario.nation(ally)->army);
}

std::vector<std::string> battle_units(const CampaignState& s, const Battle& b, bool attacker) {
  for (const auto& p : battle_players(s, b))
    if (!p.contingent && p.side == (attacker ? 1 : 2)) return player_units(s, b, p);
  return {};
}

json battle_options(const CampaignState& s, const Battle& b, std::uint64_t seed) {
  json o = s.scenario.options;
  const auto players = battle_players(s, b);
  for (std::size_t i = 0; i < players.size(); ++i)
    o["army" + std::to_string(i + 1)] = player_army(s, b, players[i]);
  if (players.size() > 2) {
    // Contingents fight: a multiplayer battle on 12x12 (multiplayer.md), with the battlefield
    // generated for that board (a bundled map is drawn for the scenario's board).
    int attackers = 0;
    for (const auto& p : players) attackers += p.side == 1;
    o["contingents"] = true;
    o["players"] = std::to_string(attackers) + "+" +
                   std::to_string(static_cast<int>(players.size()) - attackers);
    o["board"] = 12;
    o["dba_setup"] = false;
    if (!b.topography.empty()) {
      const auto sheet = dba::load_sheet(dba::default_sheet_path());
      o["map"] = dba::generate_map(*sheet, b.topography, 12, seed).map;
    } else {
      o["map"] = "generated";
    }
    return o;
  }
  if (!b.map.empty()) {
    o["map"] = b.map;
  } else if (!b.topography.empty()) {
    const int board = o.value("board", 8);
    const auto sheet = dba::load_sheet(dba::default_sheet_path());
    o["map"] = dba::generate_map(*sheet, b.topography, board, seed).map;
  }
  return o;
}

std::unique_ptr<State> build_battle(const CampaignState& s, const Battle& b, std::uint64_t seed) {
  const GameDescriptor& game = game_named("warfare");
  NewGame built = create_game(game.name, battle_options(s, b, seed), seed, OptionContext{true});
  if (game.finish_setup) game.finish_setup(*built.state, seed);
  json position = built.state->to_json();
  const auto players = battle_players(s, b);
  for (std::size_t p = 0; p < players.size(); ++p)  // a unit's owner is its player's number
    for (const auto& gone : carried_losses(s, players[p])) {
      auto& units = position["units"];
      for (auto it = units.begin(); it != units.end(); ++it)
        if ((*it)["owner"] == p + 1 && unit_name(*it) == gone) {
          units.erase(it);
          break;
        }
    }
  return ancients::state_from_json(position);
}

std::string result_from_game(const CampaignState& s, const Battle& b, const State& finished) {
  const json position = finished.to_json();
  std::string text = fmt::format("result {}", b.number);
  const int w = finished.winner();  // a side
  text += " winner=" + (w == 1 ? b.attacker : w == 2 ? b.defender : std::string("draw"));
  const auto players = battle_players(s, b);
  for (std::size_t p = 0; p < players.size(); ++p) {
    const std::string& nation = players[p].nation;
    std::vector<std::string> expected = player_units(s, b, players[p]);
    bool general = false, camp = false;
    for (const auto& u : position["units"]) {
      if (u["owner"] != p + 1) continue;
      auto it = std::find(expected.begin(), expected.end(), unit_name(u));
      if (it == expected.end())  // an Elite mark the game changed: match by type
        it = std::find_if(expected.begin(), expected.end(), [&](const std::string& e) {
          return e.substr(0, e.find('*')) == unit_name(u).substr(0, unit_name(u).find('*'));
        });
      if (it != expected.end()) expected.erase(it);
    }
    std::vector<std::string> lost;
    for (const auto& e : expected) {
      const std::string type = e.substr(0, e.find('*'));
      if (type == "general")
        general = true;
      else if (type == "camp")
        camp = true;
      else
        lost.push_back(e);
    }
    if (!lost.empty()) text += fmt::format(" lost={}:{}", nation, fmt::join(lost, ","));
    if (general) text += " general=" + nation;
    if (camp) text += " camp=" + nation;
  }
  return text;
}

std::unique_ptr<State> play_battle_game(const CampaignState& s, const Battle& b,
                                        const std::string& agent, std::uint64_t seed) {
  auto state = build_battle(s, b, seed);
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 1; p <= state->player_count(); ++p)
    agents.push_back(make_agent(agent, seed * 2 + static_cast<std::uint64_t>(p)));
  while (!state->is_over()) {
    const int p = state->to_act();
    state->apply(agents[p - 1]->choose(*state->view(p)));
  }
  return state;
}

std::string play_battle(const CampaignState& s, const Battle& b, const std::string& agent,
                        std::uint64_t seed) {
  return result_from_game(s, b, *play_battle_game(s, b, agent, seed));
}

}  // namespace ancients::campaign
