// Scenario lookups and the scenario's JSON form, kept inside every campaign file.
#include "campaign/scenario.h"

namespace ancients::campaign {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Region, id, name, neighbours, topography, kind, at)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Nation, id, name, colour, army, capital, regions, armies,
                                   aggression)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(BattleSpec, name, year, attacker, defender, topography, map,
                                   attacker_army, defender_army, note)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(RuleNumbers, battle_won, camp_taken, city_held, capital_held,
                                   general_lost, disband_below, winter_regain, winter_every_season)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Scenario, kind, title, era, notes, seasons, options, rules,
                                   regions, nations, battles)

const Region* Scenario::region(const std::string& id) const {
  for (const auto& r : regions)
    if (r.id == id) return &r;
  return nullptr;
}

const Nation* Scenario::nation(const std::string& id) const {
  const int i = nation_index(id);
  return i < 0 ? nullptr : &nations[static_cast<std::size_t>(i)];
}

int Scenario::nation_index(const std::string& id) const {
  for (std::size_t i = 0; i < nations.size(); ++i)
    if (nations[i].id == id) return static_cast<int>(i);
  return -1;
}

nlohmann::json scenario_to_json(const Scenario& s) {
  return s;
}
Scenario scenario_from_json(const nlohmann::json& j) {
  return j.get<Scenario>();
}

}  // namespace ancients::campaign
