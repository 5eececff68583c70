// Queries on a campaign state and its JSON form.
#include "campaign/state.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/errors.h"

namespace ancients::campaign {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(FieldArmy, id, nation, region, from, lost, alive)
// With defaults: campaign files written before contingents fought read as battles without them.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Battle, number, name, region, year, attacker,
                                                defender, attacker_army, defender_army, topography,
                                                map, offers, contingents, contingent_armies,
                                                contingent_sides, resolved, winner, attacker_lost,
                                                defender_lost, attacker_general, defender_general,
                                                attacker_camp, defender_camp, contingent_lost,
                                                contingent_generals, contingent_camps, game)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Event, season, kind, text, prestige)

bool is_general_or_camp(const std::string& unit) {
  const std::string type = unit.substr(0, unit.find('*'));
  return type == "general" || type == "camp";
}

std::vector<std::string> army_units(const nlohmann::json& army) {
  return army.at("units").get<std::vector<std::string>>();
}

bool CampaignState::allied(const std::string& a, const std::string& b) const {
  for (const auto& p : alliances)
    if ((p[0] == a && p[1] == b) || (p[0] == b && p[1] == a)) return true;
  return false;
}

FieldArmy* CampaignState::army(const std::string& id) {
  for (auto& a : armies)
    if (a.id == id) return &a;
  return nullptr;
}

const FieldArmy* CampaignState::army(const std::string& id) const {
  return const_cast<CampaignState*>(this)->army(id);
}

Battle* CampaignState::battle(int number) {
  for (auto& b : battles)
    if (b.number == number) return &b;
  return nullptr;
}

const Battle* CampaignState::battle(int number) const {
  return const_cast<CampaignState*>(this)->battle(number);
}

std::vector<std::string> CampaignState::units_of(const FieldArmy& a) const {
  std::vector<std::string> units = army_units(scenario.nation(a.nation)->army);
  for (const auto& gone : a.lost) {
    const auto it = std::find(units.begin(), units.end(), gone);
    if (it != units.end()) units.erase(it);
  }
  return units;
}

int CampaignState::strength(const FieldArmy& a) const {
  const auto units = units_of(a);
  return static_cast<int>(std::count_if(
      units.begin(), units.end(), [](const std::string& u) { return !is_general_or_camp(u); }));
}

int CampaignState::cities_held(const std::string& nation) const {
  int n = 0;
  for (const auto& r : scenario.regions) {
    const auto it = owner.find(r.id);
    if (r.kind != "open" && it != owner.end() && it->second == nation) ++n;
  }
  return n;
}

namespace {

std::string ordinal(int n) {
  const int tens = n % 100, ones = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th"
                       : ones == 1              ? "st"
                       : ones == 2              ? "nd"
                       : ones == 3              ? "rd"
                                                : "th";
  return fmt::format("{}{}", n, suffix);
}

/// "Rome's", "the Crusaders'", "The Gauls'": a plural name takes "the" unless it has it.
std::string possessive(const Nation& n) {
  std::string name = n.name;
  if (n.plural && !name.starts_with("The ") && !name.starts_with("the ")) name = "the " + name;
  return name + (name.ends_with('s') ? "'" : "'s");
}

}  // namespace

std::string army_name(const CampaignState& s, const std::string& id, bool sentence) {
  const FieldArmy* a = s.army(id);
  const Nation* n = a == nullptr ? nullptr : s.scenario.nation(a->nation);
  if (n == nullptr) return id;
  std::size_t k = 0;  // its place among its nation's armies
  for (const auto& other : s.armies) {
    if (&other == a) break;
    k += other.nation == a->nation;
  }
  std::string name = k < n->army_names.size() ? n->army_names[k]
                     : a->id == n->id         ? possessive(*n) + " army"
                                              : fmt::format("{} {} army", possessive(*n),
                                                            ordinal(static_cast<int>(k) + 1));
  if (sentence && !name.empty() && name[0] >= 'a' && name[0] <= 'z')
    name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

nlohmann::json state_to_json(const CampaignState& s) {
  return {{"format", "ancients-campaign"},
          {"version", 1},
          {"scenario", scenario_to_json(s.scenario)},
          {"season", s.season},
          {"phase", s.phase},
          {"owner", s.owner},
          {"armies", s.armies},
          {"alliances", s.alliances},
          {"orders", s.orders},
          {"battles", s.battles},
          {"battles_fought", s.battles_fought},
          {"next_in_sequence", s.next_in_sequence},
          {"prestige", s.prestige},
          {"chronicle", s.chronicle},
          {"actions", s.actions},
          {"winner", s.winner},
          {"computer", s.computer}};
}

nlohmann::json battle_to_json(const Battle& b) {
  return b;
}

CampaignState state_from_json(const nlohmann::json& j) {
  try {
    if (j.value("format", "") != "ancients-campaign" || j.value("version", 0) != 1)
      throw BadInput("not a campaign file (format \"ancients-campaign\", version 1)");
    CampaignState s;
    s.scenario = scenario_from_json(j.at("scenario"));
    j.at("season").get_to(s.season);
    j.at("phase").get_to(s.phase);
    j.at("owner").get_to(s.owner);
    j.at("armies").get_to(s.armies);
    j.at("alliances").get_to(s.alliances);
    j.at("orders").get_to(s.orders);
    j.at("battles").get_to(s.battles);
    j.at("battles_fought").get_to(s.battles_fought);
    j.at("next_in_sequence").get_to(s.next_in_sequence);
    j.at("prestige").get_to(s.prestige);
    j.at("chronicle").get_to(s.chronicle);
    j.at("actions").get_to(s.actions);
    j.at("winner").get_to(s.winner);
    j.at("computer").get_to(s.computer);
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw BadInput(std::string("campaign file: ") + e.what());
  }
}

bool operator==(const CampaignState& a, const CampaignState& b) {
  return state_to_json(a) == state_to_json(b);
}

bool same_but_wording(const CampaignState& a, const CampaignState& b) {
  if (a.chronicle.size() != b.chronicle.size()) return false;
  CampaignState worded = b;
  for (std::size_t i = 0; i < a.chronicle.size(); ++i)
    worded.chronicle[i].text = a.chronicle[i].text;
  return a == worded;
}

}  // namespace ancients::campaign
