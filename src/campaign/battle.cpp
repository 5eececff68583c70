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

std::vector<std::string> carried_losses(const CampaignState& s, const Battle& b, bool attacker) {
  const FieldArmy* a = s.army(attacker ? b.attacker_army : b.defender_army);
  return a == nullptr ? std::vector<std::string>{} : a->lost;
}

/// The army-file name of a unit of the position ("knights*"); the General's element of the
/// house rule nominated_general ("general": true) is the army's "general" entry.
std::string unit_name(const json& unit) {
  const std::string type =
      unit.value("general", false) ? "general" : unit.at("type").get<std::string>();
  return type + (unit.value("elite", false) ? "*" : "");
}

}  // namespace

std::vector<std::string> battle_units(const CampaignState& s, const Battle& b, bool attacker) {
  std::vector<std::string> units = army_units(side_army(s, b, attacker));
  for (const auto& gone : carried_losses(s, b, attacker))
    if (auto it = std::find(units.begin(), units.end(), gone); it != units.end()) units.erase(it);
  return units;
}

json battle_options(const CampaignState& s, const Battle& b, std::uint64_t seed) {
  json o = s.scenario.options;
  o["army1"] = side_army(s, b, true);
  o["army2"] = side_army(s, b, false);
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
  for (int side = 1; side <= 2; ++side)
    for (const auto& gone : carried_losses(s, b, side == 1)) {
      auto& units = position["units"];
      for (auto it = units.begin(); it != units.end(); ++it)
        if ((*it)["owner"] == side && unit_name(*it) == gone) {
          units.erase(it);
          break;
        }
    }
  return ancients::state_from_json(position);
}

std::string result_from_game(const CampaignState& s, const Battle& b, const State& finished) {
  const json position = finished.to_json();
  std::string text = fmt::format("result {}", b.number);
  const int w = finished.winner();
  text += " winner=" + (w == 1 ? b.attacker : w == 2 ? b.defender : std::string("draw"));
  for (int side = 1; side <= 2; ++side) {
    const bool attacker = side == 1;
    const std::string& nation = attacker ? b.attacker : b.defender;
    std::vector<std::string> expected = battle_units(s, b, attacker);
    bool general = false, camp = false;
    for (const auto& u : position["units"]) {
      if (u["owner"] != side) continue;
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
  std::unique_ptr<Agent> agents[2] = {make_agent(agent, seed * 2 + 1),
                                      make_agent(agent, seed * 2 + 2)};
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
