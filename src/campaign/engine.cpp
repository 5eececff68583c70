// The campaign engine: the season sequence of the ruling (/work/shared/rules/campaign.md) as
// actions on a CampaignState. See docs/campaign.md for the notation of every action.
#include "campaign/engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "campaign/battle.h"
#include "core/errors.h"

namespace ancients::campaign {
namespace {

[[noreturn]] void refuse(const std::string& action, const std::string& why) {
  throw IllegalAction(fmt::format("campaign action \"{}\": {}", action, why));
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string part;
  std::istringstream in(text);
  if (sep == ' ') {
    while (in >> part) out.push_back(part);
  } else {
    while (std::getline(in, part, sep)) out.push_back(part);
  }
  return out;
}

void record(CampaignState& s, const std::string& kind, const std::string& text,
            std::map<std::string, int> prestige = {}) {
  for (const auto& [nation, delta] : prestige) s.prestige[nation] += delta;
  std::erase_if(prestige, [](const auto& p) { return p.second == 0; });
  s.chronicle.push_back(Event{s.season, kind, text, prestige});
}

const std::string& name_of(const CampaignState& s, const std::string& nation) {
  return s.scenario.nation(nation)->name;
}

/// A nation's name with its verb: "Crusaders hold", "Byzantium holds" (Nation::plural).
std::string nation_does(const CampaignState& s, const std::string& nation,
                        std::string_view singular, std::string_view plural) {
  const Nation* n = s.scenario.nation(nation);
  return fmt::format("{} {}", n->name, n->plural ? plural : singular);
}

const std::string& region_name(const CampaignState& s, const std::string& region) {
  return s.scenario.region(region)->name;
}

void need_nation(const CampaignState& s, const std::string& action, const std::string& id) {
  if (s.scenario.nation(id) == nullptr) refuse(action, fmt::format("unknown nation \"{}\"", id));
}

std::vector<std::string> nations_with_armies(const CampaignState& s) {
  std::vector<std::string> out;
  for (const auto& n : s.scenario.nations)
    for (const auto& a : s.armies)
      if (a.alive && a.nation == n.id) {
        out.push_back(n.id);
        break;
      }
  return out;
}

// --- A historical sequence ---

void start_sequence_battle(CampaignState& s) {
  const BattleSpec& spec = s.scenario.battles[s.next_in_sequence];
  Battle b;
  b.number = s.battles_fought + 1;
  b.name = spec.name;
  b.year = spec.year;
  b.attacker = spec.attacker;
  b.defender = spec.defender;
  b.attacker_army = spec.attacker_army.is_null() ? spec.attacker : "";
  b.defender_army = spec.defender_army.is_null() ? spec.defender : "";
  b.topography = spec.topography;
  b.map = spec.map;
  s.battles = {b};
  ++s.next_in_sequence;
  s.phase = "battles";
}

// --- Orders and battle detection ---

/// Who attacks when two armies both moved: the higher aggression, ties the nation listed first.
bool attacks_first(const CampaignState& s, const std::string& a, const std::string& b) {
  const int ga = s.scenario.nation(a)->aggression, gb = s.scenario.nation(b)->aggression;
  if (ga != gb) return ga > gb;
  return s.scenario.nation_index(a) < s.scenario.nation_index(b);
}

/// A nation's strongest living army in a region, or nullptr.
FieldArmy* main_army(CampaignState& s, const std::string& nation, const std::string& region) {
  FieldArmy* best = nullptr;
  for (auto& a : s.armies)
    if (a.alive && a.nation == nation && a.region == region &&
        (best == nullptr || s.strength(a) > s.strength(*best)))
      best = &a;
  return best;
}

void detect_battles(CampaignState& s) {
  // Two hostile armies that cross on a border meet in the region the attacker entered; the
  // defender's move is stopped.
  for (auto& a : s.armies)
    for (auto& b : s.armies) {
      if (!a.alive || !b.alive || a.from.empty() || b.from.empty() || &a == &b) continue;
      if (a.from == b.region && b.from == a.region && s.hostile(a.nation, b.nation) &&
          attacks_first(s, a.nation, b.nation)) {
        b.region = b.from;
        b.from.clear();
      }
    }
  s.battles.clear();
  for (const auto& region : s.scenario.regions) {
    std::vector<std::string> present;
    for (const auto& n : s.scenario.nations)
      if (main_army(s, n.id, region.id) != nullptr) present.push_back(n.id);
    if (present.empty()) continue;
    const std::string holder = s.owner[region.id];
    auto moved = [&](const std::string& nation) {
      for (const auto& a : s.armies)
        if (a.alive && a.nation == nation && a.region == region.id && !a.from.empty()) return true;
      return false;
    };
    std::string defender;
    if (!holder.empty()) {
      for (const auto& n : present)
        if (n == holder || s.hostile(n, holder)) defender = holder;
    }
    if (defender.empty()) {
      for (const auto& n : present)
        if (!moved(n) && defender.empty()) defender = n;
    }
    if (defender.empty()) {
      defender = present.front();
      for (const auto& n : present)
        if (attacks_first(s, defender, n)) defender = n;
    }
    bool fought = false;
    for (const auto& n : present) {
      if (!s.hostile(n, defender)) continue;
      Battle b;
      b.number = s.battles_fought + static_cast<int>(s.battles.size()) + 1;
      b.region = region.id;
      b.name = "Battle of " + region.name;
      b.year = s.season;
      b.attacker = n;
      b.defender = defender;
      b.attacker_army = main_army(s, n, region.id)->id;
      const FieldArmy* d = main_army(s, defender, region.id);
      b.defender_army = d == nullptr ? "" : d->id;
      b.topography = region.topography;
      s.battles.push_back(b);
      fought = true;
      record(s, "battle",
             fmt::format("Battle {}: {} {} at {}{}", b.number,
                         nation_does(s, n, "attacks", "attack"), name_of(s, defender), region.name,
                         d == nullptr ? " (its garrison defends)" : ""));
    }
    if (!fought && holder.empty()) {
      s.owner[region.id] = present.front();
      record(s, "move",
             fmt::format("{} {} unopposed", nation_does(s, present.front(), "takes", "take"),
                         region.name));
    }
  }
  s.phase = "battles";
  if (s.battles.empty()) record(s, "battle", "No battles this season");
}

void reveal_orders(CampaignState& s) {
  for (const auto& n : s.scenario.nations) {
    const auto it = s.orders.find(n.id);
    if (it == s.orders.end()) continue;
    std::string moves;
    for (const auto& [army_id, dest] : it->second) {
      FieldArmy* a = s.army(army_id);
      if (dest == "stay") continue;
      a->from = a->region;
      a->region = dest;
      moves += fmt::format("{}{} from {} to {}", moves.empty() ? "" : ", ", army_name(s, army_id),
                           region_name(s, a->from), region_name(s, dest));
    }
    record(s, "orders", fmt::format("{} orders: {}", n.name, moves.empty() ? "all stay" : moves));
  }
  s.orders.clear();
  detect_battles(s);
}

void give_orders(CampaignState& s, const std::string& action, const std::vector<std::string>& t) {
  if (s.phase != "orders") refuse(action, "orders are given in the orders phase, not " + s.phase);
  if (t.size() < 2) refuse(action, "write orders NATION [ARMY=REGION|ARMY=stay ...]");
  const std::string& nation = t[1];
  need_nation(s, action, nation);
  const auto with_armies = nations_with_armies(s);
  if (std::find(with_armies.begin(), with_armies.end(), nation) == with_armies.end())
    refuse(action, nation + " has no field army");
  if (s.orders.count(nation) != 0U) refuse(action, nation + " has already given its orders");
  std::map<std::string, std::string> given;
  for (const auto& a : s.armies)
    if (a.alive && a.nation == nation) given[a.id] = "stay";
  for (std::size_t i = 2; i < t.size(); ++i) {
    const auto eq = t[i].find('=');
    if (eq == std::string::npos) refuse(action, "an order is ARMY=REGION or ARMY=stay: " + t[i]);
    const std::string id = t[i].substr(0, eq), dest = t[i].substr(eq + 1);
    const FieldArmy* a = s.army(id);
    if (a == nullptr || !a->alive || a->nation != nation)
      refuse(action, fmt::format("{} has no army \"{}\"", nation, id));
    if (dest != "stay") {
      const auto& nb = s.scenario.region(a->region)->neighbours;
      if (std::find(nb.begin(), nb.end(), dest) == nb.end())
        refuse(action, fmt::format("{} in {} may stay or move to a neighbour ({}), not {}", id,
                                   a->region, fmt::join(nb, ", "), dest));
    }
    given[id] = dest;
  }
  s.orders[nation] = given;
  record(s, "orders",
         fmt::format("{} (hidden)",
                     nation_does(s, nation, "has given its orders", "have given their orders")));
  if (s.orders.size() == with_armies.size()) reveal_orders(s);
}

// --- Battles and their aftermath ---

/// The units a side brought to a battle (General and Camp included).
std::vector<std::string> side_units(const CampaignState& s, const Battle& b, bool attacker) {
  const std::string& army_id = attacker ? b.attacker_army : b.defender_army;
  if (const FieldArmy* a = s.army(army_id)) return s.units_of(*a);
  if (!b.region.empty() || s.scenario.kind == "map")
    return army_units(s.scenario.nation(attacker ? b.attacker : b.defender)->army);
  for (const auto& spec : s.scenario.battles)
    if (spec.name == b.name) return army_units(attacker ? spec.attacker_army : spec.defender_army);
  return {};
}

std::vector<std::string> read_losses(const std::string& action, const std::string& list,
                                     std::vector<std::string> units) {
  std::erase_if(units, is_general_or_camp);
  std::vector<std::string> lost;
  if (!list.empty() && std::all_of(list.begin(), list.end(), ::isdigit)) {
    const auto n = std::stoul(list);
    if (n > units.size())
      refuse(action, fmt::format("{} units lost but the army has {}", n, units.size()));
    lost.assign(units.end() - static_cast<long>(n), units.end());
    return lost;
  }
  for (const auto& u : split(list, ',')) {
    const auto it = std::find(units.begin(), units.end(), u);
    if (it == units.end())
      refuse(action, fmt::format("the army has no (further) unit \"{}\" to lose (units: {}; the "
                                 "General and Camp are given with general= and camp=)",
                                 u, fmt::join(units, ",")));
    units.erase(it);
    lost.push_back(u);
  }
  return lost;
}

/// The loser retreats to an adjacent region its nation or an ally holds: the region it came
/// from when that qualifies, else the first such neighbour in the scenario's order.
void retreat_or_destroy(CampaignState& s, FieldArmy& a) {
  std::vector<std::string> ways = s.scenario.region(a.region)->neighbours;
  if (const auto it = std::find(ways.begin(), ways.end(), a.from); it != ways.end())
    std::rotate(ways.begin(), it, it + 1);
  for (const auto& n : ways) {
    const std::string& holder = s.owner[n];
    if (!holder.empty() && (holder == a.nation || s.allied(holder, a.nation))) {
      record(s, "aftermath",
             fmt::format("{} retreats from {} to {}", army_name(s, a.id, true),
                         region_name(s, a.region), region_name(s, n)));
      a.region = n;
      return;
    }
  }
  a.alive = false;
  record(s, "aftermath",
         fmt::format("{} has nowhere to retreat from {} and is destroyed", army_name(s, a.id, true),
                     region_name(s, a.region)));
}

void check_disband(CampaignState& s, const std::string& army_id) {
  FieldArmy* a = s.army(army_id);
  if (a == nullptr || !a->alive || s.strength(*a) >= s.scenario.rules.disband_below) return;
  if (s.scenario.kind == "sequence") {
    record(s, "aftermath",
           fmt::format("{}, down to {} units, is disbanded and raised anew",
                       army_name(s, a->id, true), s.strength(*a)));
    a->lost.clear();
    return;
  }
  record(s, "aftermath",
         fmt::format("{} is down to {} units and disbands", army_name(s, a->id, true),
                     s.strength(*a)));
  a->alive = false;
}

void apply_result(CampaignState& s, const std::string& action, const std::vector<std::string>& t) {
  if (s.phase != "battles") refuse(action, "no battle is waiting for a result");
  if (t.size() < 3)
    refuse(action, "write result BATTLE winner=NATION|draw [lost=NATION:UNITS] ...");
  Battle* b = nullptr;
  try {
    b = s.battle(std::stoi(t[1]));
  } catch (const std::exception&) {
  }
  if (b == nullptr) refuse(action, "no battle " + t[1] + " this season");
  if (b->resolved) refuse(action, fmt::format("battle {} already has its result", b->number));
  Battle r = *b;
  bool has_winner = false;
  for (std::size_t i = 2; i < t.size(); ++i) {
    const auto eq = t[i].find('=');
    const std::string key = t[i].substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : t[i].substr(eq + 1);
    auto side = [&](const std::string& nation) {
      if (nation != r.attacker && nation != r.defender)
        refuse(action, fmt::format("{} is not a side of battle {} ({} or {})", nation, r.number,
                                   r.attacker, r.defender));
      return nation == r.attacker;
    };
    // A nation that fought: a main nation or an accepted contingent.
    auto fought = [&](const std::string& nation) {
      const bool ally =
          std::find(r.contingents.begin(), r.contingents.end(), nation) != r.contingents.end();
      if (!ally) side(nation);
      return ally;
    };
    if (key == "winner") {
      if (value != "draw") side(value);
      r.winner = value;
      has_winner = true;
    } else if (key == "lost") {
      const auto colon = value.find(':');
      if (colon == std::string::npos)
        refuse(action, "write lost=NATION:UNIT,UNIT or lost=NATION:N");
      const std::string nation = value.substr(0, colon);
      if (fought(nation)) {
        if (r.contingent_lost.contains(nation))
          refuse(action, "the losses of " + nation + " are given twice");
        r.contingent_lost[nation] =
            read_losses(action, value.substr(colon + 1), contingent_units(s, r, nation));
        continue;
      }
      const bool att = side(nation);
      auto& out = att ? r.attacker_lost : r.defender_lost;
      if (!out.empty()) refuse(action, "the losses of " + nation + " are given twice");
      out = read_losses(action, value.substr(colon + 1), side_units(s, r, att));
    } else if (key == "general") {
      if (fought(value))
        r.contingent_generals.push_back(value);
      else
        (side(value) ? r.attacker_general : r.defender_general) = true;
    } else if (key == "camp") {
      if (fought(value))
        r.contingent_camps.push_back(value);
      else
        (side(value) ? r.attacker_camp : r.defender_camp) = true;
    } else if (key == "game" && !value.empty()) {
      r.game = value;
    } else {
      refuse(action, "unknown part \"" + t[i] + "\" (winner=, lost=, general=, camp=, game=)");
    }
  }
  if (!has_winner) refuse(action, "the winner is missing (winner=NATION or winner=draw)");
  r.resolved = true;
  *b = r;
  ++s.battles_fought;
  const auto& rules = s.scenario.rules;
  std::map<std::string, int> prestige;
  if (r.winner != "draw") prestige[r.winner] += rules.battle_won;
  if (r.attacker_camp) prestige[r.defender] += rules.camp_taken;
  if (r.defender_camp) prestige[r.attacker] += rules.camp_taken;
  if (r.attacker_general) prestige[r.attacker] += rules.general_lost;
  if (r.defender_general) prestige[r.defender] += rules.general_lost;
  // A contingent's General and Camp count like a main nation's: its General lost costs it, its
  // Camp taken goes to the other side's main nation.
  for (const auto& ally : r.contingent_generals) prestige[ally] += rules.general_lost;
  for (const auto& ally : r.contingent_camps)
    prestige[contingent_side(r, ally) == 1 ? r.defender : r.attacker] += rules.camp_taken;
  auto losses = [&](const std::string& nation, const std::vector<std::string>& lost, bool general,
                    bool camp) {
    std::string text = fmt::format("{} lost {} unit{}", name_of(s, nation), lost.size(),
                                   lost.size() == 1 ? "" : "s");
    if (!lost.empty()) text += fmt::format(" ({})", fmt::join(lost, ", "));
    const char* its = s.scenario.nation(nation)->plural ? "their" : "its";
    if (general) text += fmt::format(", {} General fell", its);
    if (camp) text += fmt::format(", {} Camp fell", its);
    return text;
  };
  std::string allies;
  for (const auto& ally : r.contingents) {
    const auto it = r.contingent_lost.find(ally);
    const auto has = [&](const std::vector<std::string>& v) {
      return std::find(v.begin(), v.end(), ally) != v.end();
    };
    allies += "; " +
              losses(ally, it == r.contingent_lost.end() ? std::vector<std::string>{} : it->second,
                     has(r.contingent_generals), has(r.contingent_camps)) +
              " (contingent)";
  }
  record(s, "battle",
         fmt::format("Battle {} ({}): {}; {}; {}{}{}", r.number, r.name,
                     r.winner == "draw" ? "a draw" : nation_does(s, r.winner, "wins", "win"),
                     losses(r.attacker, r.attacker_lost, r.attacker_general, r.attacker_camp),
                     losses(r.defender, r.defender_lost, r.defender_general, r.defender_camp),
                     allies, r.game.empty() ? "" : " (game: " + r.game + ")"),
         prestige);
  for (auto [army_id, lost] :
       {std::pair{r.attacker_army, &r.attacker_lost}, std::pair{r.defender_army, &r.defender_lost}})
    if (FieldArmy* a = s.army(army_id)) a->lost.insert(a->lost.end(), lost->begin(), lost->end());
  for (std::size_t i = 0; i < r.contingents.size(); ++i) {
    const auto it = r.contingent_lost.find(r.contingents[i]);
    FieldArmy* a = i < r.contingent_armies.size() ? s.army(r.contingent_armies[i]) : nullptr;
    if (a != nullptr && it != r.contingent_lost.end())
      a->lost.insert(a->lost.end(), it->second.begin(), it->second.end());
  }
  if (s.scenario.kind == "map") {
    const std::string loser = r.winner == r.attacker ? r.defender : r.attacker;
    if (r.winner != "draw" && s.owner[r.region] != r.winner) {
      s.owner[r.region] = r.winner;
      record(s, "aftermath",
             fmt::format("{} {}", nation_does(s, r.winner, "now holds", "now hold"),
                         region_name(s, r.region)));
    }
    for (auto& a : s.armies)
      if (a.alive && a.nation == loser && a.region == r.region) retreat_or_destroy(s, a);
  }
  check_disband(s, r.attacker_army);
  check_disband(s, r.defender_army);
  for (const auto& army_id : r.contingent_armies) check_disband(s, army_id);
}

void offer_or_accept(CampaignState& s, const std::string& action,
                     const std::vector<std::string>& t) {
  if (s.phase != "battles" || t.size() != 3) refuse(action, "write offer|accept BATTLE ALLY");
  Battle* b = nullptr;
  try {
    b = s.battle(std::stoi(t[1]));
  } catch (const std::exception&) {
  }
  if (b == nullptr || b->resolved) refuse(action, "no battle " + t[1] + " waiting to be fought");
  const std::string& ally = t[2];
  need_nation(s, action, ally);
  if (ally == b->attacker || ally == b->defender ||
      !(s.allied(ally, b->attacker) || s.allied(ally, b->defender)))
    refuse(action, ally + " is allied with neither side of battle " + t[1]);
  if (s.allied(ally, b->attacker) && s.allied(ally, b->defender))
    refuse(action, ally + " is allied with both sides of battle " + t[1]);
  const int side = s.allied(ally, b->attacker) ? 1 : 2;
  // The army the contingent brings: one in the battle's region, else one next to it (a
  // historical sequence: the nation's own army).
  std::string army;
  bool near = s.scenario.kind == "sequence";
  for (int pass = 0; pass < 2 && !b->region.empty() && army.empty(); ++pass)
    for (const auto& a : s.armies) {
      if (!a.alive || a.nation != ally) continue;
      const auto& nb = s.scenario.region(b->region)->neighbours;
      const bool here = a.region == b->region;
      if (pass == 0 ? here : std::find(nb.begin(), nb.end(), a.region) != nb.end()) {
        army = a.id;
        near = true;
        break;
      }
    }
  if (s.scenario.kind == "sequence")
    for (const auto& a : s.armies)
      if (a.alive && a.nation == ally && army.empty()) army = a.id;
  if (t[0] == "offer") {
    if (!near) refuse(action, ally + " has no army in or next to " + b->region);
    if (std::find(b->offers.begin(), b->offers.end(), ally) != b->offers.end())
      refuse(action, ally + " has already offered");
    b->offers.push_back(ally);
    record(s, "politics",
           fmt::format("{} a contingent for battle {}", nation_does(s, ally, "offers", "offer"),
                       b->number));
    return;
  }
  if (std::find(b->offers.begin(), b->offers.end(), ally) == b->offers.end())
    refuse(action, ally + " has not offered a contingent");
  if (std::find(b->contingents.begin(), b->contingents.end(), ally) != b->contingents.end())
    refuse(action, ally + " is already accepted");
  if (std::count(b->contingent_sides.begin(), b->contingent_sides.end(), side) >= 2)
    refuse(action, fmt::format("the {} of battle {} already has two contingents (a side has at "
                               "most 3 players)",
                               side == 1 ? "attacker" : "defender", b->number));
  if (army.empty() && s.scenario.kind == "map")
    refuse(action, ally + " has no army in or next to " + b->region + " any more");
  b->contingents.push_back(ally);
  b->contingent_armies.push_back(army);
  b->contingent_sides.push_back(side);
  record(s, "politics",
         fmt::format("{}'s contingent ({}) is accepted for battle {}: it fights beside {}",
                     name_of(s, ally), army.empty() ? "its army" : army_name(s, army), b->number,
                     name_of(s, side == 1 ? b->attacker : b->defender)));
}

void politics(CampaignState& s, const std::string& action, const std::vector<std::string>& t) {
  if (s.phase != "politics") refuse(action, "alliances are made or ended in politics only");
  if (t.size() != 3) refuse(action, "write " + t[0] + " NATION NATION");
  need_nation(s, action, t[1]);
  need_nation(s, action, t[2]);
  if (t[1] == t[2]) refuse(action, "a nation cannot ally with itself");
  std::array<std::string, 2> pair{t[1], t[2]};
  if (s.scenario.nation_index(t[1]) > s.scenario.nation_index(t[2])) std::swap(pair[0], pair[1]);
  if (std::find(s.changed_this_season.begin(), s.changed_this_season.end(), pair) ==
      s.changed_this_season.end())
    s.changed_this_season.push_back(pair);
  if (t[0] == "ally") {
    if (s.allied(t[1], t[2])) refuse(action, "they are allies already");
    s.alliances.push_back(pair);
    record(s, "politics",
           fmt::format("{} and {} are allies", name_of(s, pair[0]), name_of(s, pair[1])));
  } else {
    if (!s.allied(t[1], t[2])) refuse(action, "they are not allies");
    std::erase(s.alliances, pair);
    record(s, "politics",
           fmt::format("{} and {} end their alliance", name_of(s, pair[0]), name_of(s, pair[1])));
  }
}

// --- The end of a season and of the campaign ---

void finish_campaign(CampaignState& s) {
  for (const auto& n : s.scenario.nations) {
    int cities = 0, capitals = 0;
    for (const auto& r : s.scenario.regions)
      if (s.owner[r.id] == n.id) {
        cities += r.kind == "city";
        capitals += r.kind == "capital";
      }
    if (cities + capitals == 0) continue;
    record(
        s, "end",
        fmt::format("{} {} cit{} and {} capital{}", nation_does(s, n.id, "holds", "hold"), cities,
                    cities == 1 ? "y" : "ies", capitals, capitals == 1 ? "" : "s"),
        {{n.id, cities * s.scenario.rules.city_held + capitals * s.scenario.rules.capital_held}});
  }
  s.winner = standings(s).front();
  s.phase = "over";
  s.battles.clear();
  record(s, "end",
         fmt::format("{} the campaign with {} prestige", nation_does(s, s.winner, "wins", "win"),
                     s.prestige[s.winner]));
}

void winter(CampaignState& s) {
  for (auto& a : s.armies) {
    if (!a.alive || a.lost.empty()) continue;
    const Region* here = s.scenario.region(a.region);
    int cities = 0;
    auto count = [&](const std::string& id) {
      cities += s.scenario.region(id)->kind != "open" && s.owner[id] == a.nation;
    };
    count(here->id);
    for (const auto& n : here->neighbours) count(n);
    const auto regain = std::min<std::size_t>(
        a.lost.size(), static_cast<std::size_t>(cities * s.scenario.rules.winter_regain));
    if (regain == 0) continue;
    a.lost.resize(a.lost.size() - regain);
    record(s, "winter",
           fmt::format("{} regains {} unit{} in winter", army_name(s, a.id, true), regain,
                       regain == 1 ? "" : "s"));
  }
}

void next_phase(CampaignState& s, const std::string& action) {
  if (s.phase == "over") refuse(action, "the campaign is over");
  if (s.phase == "politics") {
    s.phase = "orders";
    if (nations_with_armies(s).empty()) detect_battles(s);
    return;
  }
  if (s.phase == "orders") refuse(action, waiting_for(s).front());
  for (const auto& b : s.battles)
    if (!b.resolved) refuse(action, fmt::format("battle {} has no result yet", b.number));
  for (auto& b : s.battles) s.history.push_back({s.season, std::move(b)});
  s.battles.clear();
  s.handed_this_season.clear();
  if (s.scenario.kind == "sequence") {
    if (s.next_in_sequence < s.scenario.battles.size())
      start_sequence_battle(s);
    else
      finish_campaign(s);
    return;
  }
  for (auto& a : s.armies) a.from.clear();
  const bool last = s.season == s.scenario.seasons;
  if (last || s.scenario.rules.winter_every_season) winter(s);
  if (last) {
    finish_campaign(s);
    return;
  }
  ++s.season;
  s.phase = "politics";
  s.changed_this_season.clear();
  record(s, "season", fmt::format("Season {} begins", s.season));
}

/// `computer NATION` hands an absent player's nation to the computer; `human NATION` takes it
/// back. The front ends give the computer's orders (campaign/simulate.h computer_turns).
void hand_over(CampaignState& s, const std::string& action, const std::vector<std::string>& t) {
  if (t.size() != 2) refuse(action, "write " + t[0] + " NATION");
  if (s.phase == "over") refuse(action, "the campaign is over");
  need_nation(s, action, t[1]);
  const bool listed = std::find(s.computer.begin(), s.computer.end(), t[1]) != s.computer.end();
  if (t[0] == "computer") {
    if (listed) refuse(action, t[1] + " is played by the computer already");
    s.computer.push_back(t[1]);
    record(s, "politics", nation_does(s, t[1], "is", "are") + " played by the computer");
  } else {
    if (!listed) refuse(action, t[1] + " is not played by the computer");
    std::erase(s.computer, t[1]);
    record(s, "politics",
           nation_does(s, t[1], "is", "are") + " played by " +
               (s.scenario.nation(t[1])->plural ? "their" : "its") + " player again");
  }
  s.handed_this_season.push_back(t[1]);
}

}  // namespace

CampaignState new_campaign(const Scenario& scenario) {
  CampaignState s;
  s.scenario = scenario;
  for (const auto& n : scenario.nations) s.prestige[n.id] = 0;
  record(s, "season", fmt::format("{}: season 1 begins", scenario.title));
  if (scenario.kind == "sequence") {
    for (const auto& n : scenario.nations) s.armies.push_back(FieldArmy{n.id, n.id, "", "", {}});
    start_sequence_battle(s);
    return s;
  }
  for (const auto& r : scenario.regions) s.owner[r.id] = "";
  for (const auto& n : scenario.nations) {
    for (const auto& r : n.regions) s.owner[r] = n.id;
    int k = 0;
    for (const auto& r : n.armies)
      s.armies.push_back(FieldArmy{fmt::format("{}-{}", n.id, ++k), n.id, r, "", {}});
  }
  s.phase = "politics";
  return s;
}

void apply_action(CampaignState& state, const std::string& action) {
  const auto t = split(action, ' ');
  if (t.empty()) refuse(action, "empty action");
  CampaignState s = state;
  if (t[0] == "ally" || t[0] == "break")
    politics(s, action, t);
  else if (t[0] == "orders")
    give_orders(s, action, t);
  else if (t[0] == "result")
    apply_result(s, action, t);
  else if (t[0] == "offer" || t[0] == "accept")
    offer_or_accept(s, action, t);
  else if (t[0] == "computer" || t[0] == "human")
    hand_over(s, action, t);
  else if (t[0] == "next" && t.size() == 1)
    next_phase(s, action);
  else
    refuse(action,
           "unknown action (ally, break, orders, offer, accept, result, next, computer, human)");
  s.actions.push_back(action);
  state = std::move(s);
}

CampaignState replay(const Scenario& scenario, const std::vector<std::string>& actions) {
  CampaignState s = new_campaign(scenario);
  for (const auto& a : actions) apply_action(s, a);
  return s;
}

std::vector<std::string> owing_orders(const CampaignState& s) {
  std::vector<std::string> out;
  if (s.phase == "orders")
    for (const auto& n : nations_with_armies(s))
      if (s.orders.count(n) == 0U) out.push_back(n);
  return out;
}

std::vector<std::string> waiting_for(const CampaignState& s) {
  std::vector<std::string> out;
  if (s.phase == "politics") out.push_back("politics: ally/break, then next");
  for (const auto& n : owing_orders(s)) out.push_back("orders from " + n);
  if (s.phase == "battles") {
    for (const auto& b : s.battles)
      if (!b.resolved) out.push_back(fmt::format("the result of battle {}", b.number));
    if (out.empty()) out.push_back("next");
  }
  return out;
}

std::vector<std::string> standings(const CampaignState& s) {
  std::vector<std::string> ids;
  for (const auto& n : s.scenario.nations) ids.push_back(n.id);
  std::stable_sort(ids.begin(), ids.end(), [&](const std::string& a, const std::string& b) {
    const int pa = s.prestige.at(a), pb = s.prestige.at(b);
    if (pa != pb) return pa > pb;
    return s.cities_held(a) > s.cities_held(b);
  });
  return ids;
}

}  // namespace ancients::campaign
