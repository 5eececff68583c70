// The balance lab's plan: which cells an experiment plays (see experiment.h).
#include "tools/balance/experiment.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/errors.h"
#include "games/warfare/descriptor.h"
#include "games/warfare/register.h"

namespace ancients::balance {
namespace {

using warfare::Army;
using warfare::Role;
using warfare::Ruleset;

bool wanted(const Config& c, const std::string& experiment) {
  return std::find(c.experiments.begin(), c.experiments.end(), experiment) != c.experiments.end();
}

/// The unit types an army may field as ordinary units (not General or Camp).
std::vector<int> unit_types(const Ruleset& rules) {
  std::vector<int> out;
  for (std::size_t t = 0; t < rules.units.size(); ++t)
    if (rules.units[t].role == Role::kUnit) out.push_back(static_cast<int>(t));
  return out;
}

/// The baseline type: as asked, or the army's most common ordinary unit type.
int baseline_type(const Config& c) {
  const Ruleset& rules = *c.rules;
  if (!c.baseline_unit.empty()) {
    const int t = rules.find_unit(c.baseline_unit);
    if (t < 0 || rules.units[t].role != Role::kUnit)
      throw BadInput(fmt::format("--baseline-unit: \"{}\" is not a unit type of the {} edition",
                                 c.baseline_unit, rules.edition));
    for (const auto& e : c.baseline.units)
      if (e.type == t) return t;
    throw BadInput(fmt::format("--baseline-unit: the baseline army \"{}\" has no {}",
                               c.baseline.name, c.baseline_unit));
  }
  std::map<int, int> count;
  for (const auto& e : c.baseline.units)
    if (rules.units[e.type].role == Role::kUnit) ++count[e.type];
  if (count.empty())
    throw BadInput(
        fmt::format("the baseline army \"{}\" has no ordinary units to swap", c.baseline.name));
  return std::max_element(count.begin(), count.end(),
                          [](const auto& a, const auto& b) { return a.second < b.second; })
      ->first;
}

/// The baseline army with its last (preferably ordinary, not Elite) unit of type `from`
/// swapped for type `to`.
Army swapped(const Army& army, int from, int to, const Ruleset& rules) {
  Army out = army;
  int pick = -1;
  for (std::size_t i = 0; i < out.units.size(); ++i)
    if (out.units[i].type == from && (pick < 0 || out.units[pick].elite || !out.units[i].elite))
      pick = static_cast<int>(i);
  out.units[static_cast<std::size_t>(pick)].type = static_cast<warfare::UnitType>(to);
  out.name = fmt::format("{} ({} for {})", army.name, rules.units[to].id, rules.units[from].id);
  return out;
}

/// An army of one unit type: the General, the Camp and army_units units of `type`.
Army uniform_army(const Ruleset& rules, int type) {
  Army a;
  a.name = "all " + rules.units[type].id;
  a.edition = rules.edition;
  a.units.push_back({rules.general, 0});
  a.units.push_back({rules.camp, 0});
  for (int i = 0; i < rules.army_units; ++i)
    a.units.push_back({static_cast<warfare::UnitType>(type), 0});
  return a;
}

/// The house rules of the option schema (group "house rule") and defend_autokill.
std::vector<std::string> switchable_rules() {
  std::vector<std::string> out;
  for (const auto& o : warfare::option_schema())
    if (o.type == OptionType::kBool && (o.group == "house rule" || o.name == "defend_autokill"))
      out.push_back(o.name);
  return out;
}

bool army_has(const Army& a, const Ruleset& rules, const char* unit) {
  const int t = rules.find_unit(unit);
  return t >= 0 &&
         std::any_of(a.units.begin(), a.units.end(), [t](const auto& e) { return e.type == t; });
}

/// The unit a table-changing house rule is about, or "".
const char* rule_unit(const std::string& rule) {
  if (rule == "elephant_house") return "elephants";
  if (rule == "horde_house") return "horde";
  return "";
}

}  // namespace

Plan make_plan(const Config& c) {
  // The agents that score positions find the game's evaluation in the registry: a program
  // that has not registered the game (a test, a tool linking the library) gets it here.
  warfare::register_game();
  static const std::vector<std::string> kKnown = {"units", "cards", "decks", "rules", "matrix"};
  for (const auto& e : c.experiments)
    if (std::find(kKnown.begin(), kKnown.end(), e) == kKnown.end())
      throw BadInput(fmt::format(
          "--experiments: unknown experiment \"{}\" (units, cards, decks, rules, matrix)", e));
  if (c.games < 1) throw BadInput("--games: at least 1 game per cell");
  if (c.matrix_games < 0) throw BadInput("--matrix-games: 0 or more");
  const Ruleset& rules = *c.rules;
  Plan plan;
  const int pairs = (c.games + 1) / 2;
  const Army& base = c.baseline;
  const auto add = [&](Cell cell, int cell_pairs) {
    if (!cell.rules) cell.rules = c.rules;
    cell.pairs = cell_pairs;
    cell.first_game = plan.games;
    plan.games += 2 * static_cast<std::size_t>(cell_pairs);
    plan.cells.push_back(std::move(cell));
  };
  const auto mirror = [&](std::string experiment, std::string subject, std::string label) {
    Cell cell;
    cell.experiment = std::move(experiment);
    cell.subject = std::move(subject);
    cell.label = std::move(label);
    cell.options = c.options;
    cell.sides = {base, base};
    cell.mirror = true;
    return cell;
  };
  const int from = baseline_type(c);
  plan.baseline_unit = rules.units[from].id;
  if (wanted(c, "decks") || wanted(c, "rules"))
    add(mirror("baseline", "", "baseline (both sides alike)"), pairs);
  if (wanted(c, "units"))
    for (const int t : unit_types(rules)) {
      Cell cell;
      cell.experiment = "units";
      cell.subject = rules.units[t].id;
      cell.label = t == from ? cell.subject + " (baseline: control)" : cell.subject;
      cell.control = t == from;
      cell.options = c.options;
      cell.sides = {swapped(base, from, t, rules), base};
      add(std::move(cell), pairs);
    }
  if (wanted(c, "cards"))
    for (std::size_t k = 0; k < rules.cards.size(); ++k) {
      Cell cell;
      cell.experiment = "cards";
      cell.subject = rules.cards[k].id;
      cell.label = "+" + cell.subject;
      cell.options = c.options;
      cell.sides = {base, base};
      cell.extra_card = static_cast<int>(k);
      add(std::move(cell), pairs);
    }
  if (wanted(c, "decks"))
    for (std::size_t k = 0; k < rules.cards.size(); ++k) {
      if (rules.cards[k].count < 1) continue;
      auto fewer = std::make_shared<Ruleset>(rules);
      --fewer->cards[k].count;
      Cell cell = mirror("decks", rules.cards[k].id, "-" + rules.cards[k].id);
      cell.rules = std::move(fewer);
      add(std::move(cell), pairs);
    }
  if (wanted(c, "rules"))
    for (const auto& rule : switchable_rules()) {
      // Where the rule does not apply, it is left out.
      if (rule == "dba_setup" && c.options.board != 12) continue;
      auto json = warfare::options_to_json(c.options);
      const bool on = !json.at(rule).get<bool>();
      json[rule] = on;
      const auto options = warfare::options_from_json(json);
      if (rule == "defend_autokill" && rules.retreat) continue;
      if (rule == "house_terrain" && c.map) continue;
      const std::string unit = rule_unit(rule);
      if (!unit.empty() && c.custom_rules) continue;  // a rules file: its tables as written
      const auto rule_tables = c.custom_rules ? c.rules : warfare::ruleset_for(c.edition, options);
      const std::string label = fmt::format("{} {}", rule, on ? "on" : "off");
      if (unit.empty() || army_has(base, rules, unit.c_str())) {
        Cell cell = mirror("rules", rule, label);
        cell.options = options;
        cell.rules = rule_tables;
        add(std::move(cell), pairs);
      }
      // The unit the rule changes, swapped into the baseline army, with the rule.
      const int t = unit.empty() ? -1 : rule_tables->find_unit(unit);
      if (t >= 0 && wanted(c, "units")) {
        Cell cell;
        cell.experiment = "rules";
        cell.subject = rule;
        cell.versus = unit;
        cell.label = fmt::format("{} with {}", unit, label);
        cell.options = options;
        cell.rules = rule_tables;
        cell.sides = {swapped(base, from, t, *rule_tables), base};
        add(std::move(cell), pairs);
      }
    }
  if (wanted(c, "matrix") && c.matrix_games > 0) {
    const auto types = unit_types(rules);
    for (std::size_t i = 0; i < types.size(); ++i)
      for (std::size_t j = i + 1; j < types.size(); ++j) {
        Cell cell;
        cell.experiment = "matrix";
        cell.subject = rules.units[types[i]].id;
        cell.versus = rules.units[types[j]].id;
        cell.label = cell.subject + " vs " + cell.versus;
        cell.options = c.options;
        cell.options.nominated_general = false;  // armies of one type may have no leader
        cell.sides = {uniform_army(rules, types[i]), uniform_army(rules, types[j])};
        add(std::move(cell), (c.matrix_games + 1) / 2);
      }
  }
  if (plan.cells.empty()) throw BadInput("--experiments: nothing to play");
  return plan;
}

const Cell& cell_of(const Plan& plan, std::size_t index) {
  const auto it =
      std::upper_bound(plan.cells.begin(), plan.cells.end(), index,
                       [](std::size_t i, const Cell& cell) { return i < cell.first_game; });
  return *(it - 1);
}

}  // namespace ancients::balance
