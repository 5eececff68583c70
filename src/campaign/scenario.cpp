// Scenario lookups and the scenario's JSON form, kept inside every campaign file.
#include "campaign/scenario.h"

#include <algorithm>

#include "core/errors.h"

namespace ancients::campaign {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Region, id, name, neighbours, topography, kind, at)
// A nation's JSON: `plural` is written always and read where present (campaign files written
// before it have none: singular); `army_names` is written when the scenario names its armies.
void to_json(nlohmann::json& j, const Nation& n) {
  j = {{"id", n.id},           {"name", n.name},
       {"colour", n.colour},   {"army", n.army},
       {"capital", n.capital}, {"regions", n.regions},
       {"armies", n.armies},   {"aggression", n.aggression},
       {"plural", n.plural}};
  if (!n.army_names.empty()) j["army_names"] = n.army_names;
}
void from_json(const nlohmann::json& j, Nation& n) {
  j.at("id").get_to(n.id);
  j.at("name").get_to(n.name);
  j.at("colour").get_to(n.colour);
  j.at("army").get_to(n.army);
  j.at("capital").get_to(n.capital);
  j.at("regions").get_to(n.regions);
  j.at("armies").get_to(n.armies);
  j.at("aggression").get_to(n.aggression);
  n.plural = j.contains("plural") && j.at("plural").get<bool>();
  n.army_names.clear();
  if (j.contains("army_names")) j.at("army_names").get_to(n.army_names);
}
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
namespace {

/// The references a campaign file's scenario must keep (the TOML loader checks more): every
/// region, nation and army named exists, so that a hand-edited file is refused, not followed.
void check_references(const Scenario& s) {
  auto fail = [](const std::string& what) { throw BadInput("scenario: " + what); };
  if (s.kind != "map" && s.kind != "sequence") fail("kind must be map or sequence");
  if (s.nations.size() < 2) fail("fewer than 2 nations");
  if (s.kind == "sequence" && s.battles.empty()) fail("a sequence without battles");
  for (const auto& r : s.regions)
    for (const auto& n : r.neighbours)
      if (s.region(n) == nullptr) fail("region " + r.id + ": unknown neighbour " + n);
  for (const auto& n : s.nations) {
    const auto& units = n.army.contains("units") ? n.army["units"] : nlohmann::json();
    if (!units.is_array() ||
        !std::all_of(units.begin(), units.end(), [](const auto& u) { return u.is_string(); }))
      fail("nation " + n.id + ": its army has no list of units");
    if (!n.army_names.empty() && n.army_names.size() != n.armies.size())
      fail("nation " + n.id + ": army_names must name each of its armies");
    for (const auto* list : {&n.regions, &n.armies})
      for (const auto& r : *list)
        if (s.region(r) == nullptr) fail("nation " + n.id + ": unknown region " + r);
  }
  for (const auto& b : s.battles)
    if (s.nation(b.attacker) == nullptr || s.nation(b.defender) == nullptr)
      fail("battle " + b.name + ": unknown nation");
}

}  // namespace

Scenario scenario_from_json(const nlohmann::json& j) {
  Scenario s;
  try {
    s = j.get<Scenario>();
  } catch (const nlohmann::json::exception& e) {
    throw BadInput(std::string("scenario: ") + e.what());
  }
  check_references(s);
  return s;
}

}  // namespace ancients::campaign
