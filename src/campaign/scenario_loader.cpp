// The strict reader of scenario files (docs/campaign.md): every key known, every name resolved
// (neighbours, capitals, starting regions, battle sides, topographies), every army built once
// through the game factory with the scenario's battle options, so a scenario that loads plays.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "campaign/scenario.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "core/text_file.h"
#include "tools/dba/army_from_list.h"
#include "tools/dba/sheet_loader.h"
#include "tools/dba/toml_reader.h"

namespace ancients::campaign {
namespace {

using dba::TomlReader;
using nlohmann::json;
namespace fs = std::filesystem;

/// A DBA army list typed in a text file next to the scenario ("crusaders.dba"), made into an
/// army of the edition with the battles' horde_house rule (docs/dba.md, "Army lists").
json read_dba_army(const TomlReader& r, const dba::Located& name, const std::string& edition,
                   const json& options, const std::string& base_dir) {
  const fs::path path = fs::path(base_dir) / name.value;
  std::string text;
  try {
    text = read_text_file(path.string());
  } catch (const BadInput& e) {
    r.fail_at(name.line, fmt::format("DBA army list: {}", e.what()));
  }
  try {
    static const auto table = dba::load_list_table(dba::default_list_table_path());
    dba::ListRequest request;
    request.list = text;
    request.edition = edition;
    request.options.horde_house = options.value("horde_house", false);
    request.name = path.stem().string();
    return dba::army_from_list(*table, request);
  } catch (const BadInput& e) {
    r.fail_at(name.line, fmt::format("DBA army list {}: {}", path.string(), e.what()));
  }
}

/// The army a nation or battle names: a sample army of the edition, an army file next to the
/// scenario, or a DBA army list in a text file (".dba") next to it; returned as an army file's
/// JSON.
json read_army(const TomlReader& r, const dba::Located& name, const std::string& edition,
               const json& options, const std::string& base_dir) {
  if (name.value.ends_with(".dba")) return read_dba_army(r, name, edition, options, base_dir);
  const bool file = name.value.ends_with(".json");
  const fs::path path = file
                            ? fs::path(base_dir) / name.value
                            : fs::path(data_path("armies/" + edition + "/" + name.value + ".json"));
  std::error_code ec;
  if (!file && !fs::is_regular_file(path, ec))
    r.fail_at(name.line,
              fmt::format("no sample army \"{}\" of the {} edition", name.value, edition));
  try {
    return read_json_input_file(path.string());
  } catch (const BadInput& e) {
    r.fail_at(name.line, fmt::format("army file {}", e.what()));
  }
}

/// Builds one battle with this army on both sides: checks the army and the options together.
void check_army(const TomlReader& r, int line, const json& options, const json& army,
                const std::string& who) {
  json o = options;
  o["army1"] = army;
  o["army2"] = army;
  try {
    (void)create_game("warfare", o, 1, OptionContext{true});
  } catch (const BadInput& e) {
    r.fail_at(line, fmt::format("{}: {}", who, e.what()));
  }
}

json battle_options(const TomlReader& r, const toml::table& root) {
  json o = {{"edition", "autokill"}};
  const auto* node = root.get("battle");
  if (node == nullptr) return o;
  const auto& t = r.table(*node, "[battle]");
  r.only_keys(t, {"edition", "board", "turn_limit", "house_rules"}, "[battle]");
  if (auto e = r.optional_string(t, "edition", "[battle]")) o["edition"] = e->value;
  if (auto b = r.optional_integer(t, "board", "[battle]", 8, 12)) {
    if (*b != 8 && *b != 12) r.fail(t.get("board")->source(), "[battle] board must be 8 or 12");
    o["board"] = *b;
  }
  if (auto n = r.optional_integer(t, "turn_limit", "[battle]", 1, 100000)) o["turn_limit"] = *n;
  for (const auto& rule : r.strings(t, "house_rules", "[battle]", false)) o[rule.value] = true;
  return o;
}

void read_rules(const TomlReader& r, const toml::table& root, RuleNumbers& n) {
  const auto* node = root.get("rules");
  if (node == nullptr) return;
  const auto& t = r.table(*node, "[rules]");
  const std::string w = "[rules]";
  r.only_keys(t,
              {"battle_won", "camp_taken", "city_held", "capital_held", "general_lost",
               "disband_below", "winter_regain", "winter"},
              w);
  auto num = [&](const char* key, int& v, int lo, int hi) {
    if (auto x = r.optional_integer(t, key, w, lo, hi)) v = *x;
  };
  num("battle_won", n.battle_won, -10, 10);
  num("camp_taken", n.camp_taken, -10, 10);
  num("city_held", n.city_held, -10, 10);
  num("capital_held", n.capital_held, -10, 10);
  num("general_lost", n.general_lost, -10, 10);
  num("disband_below", n.disband_below, 0, 24);
  num("winter_regain", n.winter_regain, 0, 24);
  if (auto wi = r.optional_string(t, "winter", w)) {
    if (wi->value != "end" && wi->value != "every")
      r.fail_at(wi->line, "[rules] winter must be \"end\" or \"every\"");
    n.winter_every_season = wi->value == "every";
  }
}

}  // namespace

Scenario load_scenario_text(const std::string& text, const std::string& file,
                            const std::string& base_dir) {
  const toml::table root = dba::parse_toml_text(text, file);
  const TomlReader r(file);
  r.only_keys(root,
              {"format", "kind", "title", "era", "notes", "seasons", "battle", "rules", "regions",
               "nations", "battles"},
              "the scenario");
  if (r.integer(root, "format", "the scenario", 1, 1) != 1) r.fail_at(1, "format must be 1");
  Scenario s;
  const auto kind = r.located_string(root, "kind", "the scenario");
  if (kind.value != "map" && kind.value != "sequence")
    r.fail_at(kind.line, "kind must be \"map\" or \"sequence\"");
  s.kind = kind.value;
  s.title = r.string(root, "title", "the scenario");
  if (auto e = r.optional_string(root, "era", "the scenario")) s.era = e->value;
  if (auto n = r.optional_string(root, "notes", "the scenario")) s.notes = n->value;
  if (auto n = r.optional_integer(root, "seasons", "the scenario", 1, 20)) s.seasons = *n;
  s.options = battle_options(r, root);
  read_rules(r, root, s.rules);
  const std::string edition = s.options["edition"].get<std::string>();
  const auto sheet = dba::load_sheet(dba::default_sheet_path());
  auto check_topography = [&](const std::optional<dba::Located>& t) -> std::string {
    if (!t) return "";
    if (sheet->terrain.find_topography(t->value) == nullptr)
      r.fail_at(t->line, fmt::format("unknown topography \"{}\" (known: {})", t->value,
                                     sheet->terrain.topography_names()));
    return t->value;
  };

  const bool map = s.kind == "map";
  for (const auto* t : r.tables_at(root, "regions", "[[regions]]", map)) {
    if (!map) r.fail(t->source(), "a historical sequence has no [[regions]]");
    r.only_keys(*t, {"id", "name", "neighbours", "topography", "kind", "at"}, "[[regions]]");
    Region g;
    const auto id = r.located_string(*t, "id", "[[regions]]");
    if (s.region(id.value) != nullptr)
      r.fail_at(id.line, fmt::format("region \"{}\" is listed twice", id.value));
    g.id = id.value;
    g.name = r.string(*t, "name", "region " + g.id);
    for (const auto& n : r.strings(*t, "neighbours", "region " + g.id, true))
      g.neighbours.push_back(n.value);
    g.topography = check_topography(r.optional_string(*t, "topography", "region " + g.id));
    if (auto k = r.optional_string(*t, "kind", "region " + g.id)) {
      if (k->value != "open" && k->value != "city" && k->value != "capital")
        r.fail_at(k->line, "region kind must be \"open\", \"city\" or \"capital\"");
      g.kind = k->value;
    }
    const auto at = r.integers(*t, "at", "region " + g.id, 2, 0, 40);
    g.at = {at[0], at[1]};
    s.regions.push_back(g);
  }
  // Neighbours must exist, differ from the region, and be mutual.
  for (const auto* t : r.tables_at(root, "regions", "[[regions]]", false)) {
    const std::string id = r.string(*t, "id", "[[regions]]");
    for (const auto& n : r.strings(*t, "neighbours", "region " + id, true)) {
      const Region* other = s.region(n.value);
      if (other == nullptr || n.value == id)
        r.fail_at(n.line, fmt::format("region {}: unknown neighbour \"{}\"", id, n.value));
      if (std::find(other->neighbours.begin(), other->neighbours.end(), id) ==
          other->neighbours.end())
        r.fail_at(n.line,
                  fmt::format("region {}: {} does not list {} as a neighbour", id, n.value, id));
    }
  }

  std::set<std::string> held;
  for (const auto* t : r.tables_at(root, "nations", "[[nations]]", true)) {
    r.only_keys(*t,
                {"id", "name", "colour", "army", "capital", "regions", "armies", "army_names",
                 "aggression", "plural"},
                "[[nations]]");
    Nation n;
    const auto id = r.located_string(*t, "id", "[[nations]]");
    if (s.nation(id.value) != nullptr || id.value == "draw" || id.value == "stay")
      r.fail_at(id.line, fmt::format("nation id \"{}\" is taken", id.value));
    n.id = id.value;
    const std::string w = "nation " + n.id;
    n.name = r.string(*t, "name", w);
    // A colour the pages draw with: "#rgb", "#rrggbb" or a colour's name ("red"), nothing else.
    const auto colour = r.located_string(*t, "colour", w);
    const auto all = [&](std::size_t from, bool hex_digits) {
      return std::all_of(colour.value.begin() + static_cast<std::ptrdiff_t>(from),
                         colour.value.end(), [hex_digits](unsigned char ch) {
                           return hex_digits ? std::isxdigit(ch) != 0 : std::isalpha(ch) != 0;
                         });
    };
    const bool hex = (colour.value.size() == 4 || colour.value.size() == 7) &&
                     colour.value[0] == '#' && all(1, true);
    const bool named = !colour.value.empty() && all(0, false);
    if (!hex && !named)
      r.fail_at(colour.line, fmt::format("{}: colour \"{}\" is not \"#rgb\", \"#rrggbb\" or a "
                                         "colour's name",
                                         w, colour.value));
    n.colour = colour.value;
    const auto army = r.located_string(*t, "army", w);
    n.army = read_army(r, army, edition, s.options, base_dir);
    check_army(r, army.line, s.options, n.army, w);
    if (auto a = r.optional_integer(*t, "aggression", w, 0, 4)) n.aggression = *a;
    n.plural = r.boolean(*t, "plural", w);
    auto region_list = [&](const char* key, bool required) {
      std::vector<std::string> out;
      for (const auto& g : r.strings(*t, key, w, required && map)) {
        if (!map) r.fail_at(g.line, w + ": a historical sequence has no regions");
        if (s.region(g.value) == nullptr)
          r.fail_at(g.line, fmt::format("{}: unknown region \"{}\"", w, g.value));
        out.push_back(g.value);
      }
      return out;
    };
    n.regions = region_list("regions", true);
    n.armies = region_list("armies", true);
    // The scenario's own names of its field armies (optional): one each, in `armies`' order.
    for (const auto& g : r.strings(*t, "army_names", w, false)) {
      if (!map) r.fail_at(g.line, w + ": a historical sequence has no field armies to name");
      if (g.value.empty() || g.value.size() > 60)
        r.fail_at(g.line, fmt::format("{}: an army's name has 1 to 60 characters", w));
      n.army_names.push_back(g.value);
    }
    if (!n.army_names.empty() && n.army_names.size() != n.armies.size())
      r.fail_at(r.strings(*t, "army_names", w, false).front().line,
                fmt::format("{}: army_names names {} armies, but it has {}", w, n.army_names.size(),
                            n.armies.size()));
    for (const auto& g : r.strings(*t, "regions", w, false))
      if (!held.insert(g.value).second)
        r.fail_at(g.line, fmt::format("{}: region {} is held by two nations", w, g.value));
    if (auto c = r.optional_string(*t, "capital", w)) {
      if (!map) r.fail_at(c->line, w + ": a historical sequence has no capitals");
      const Region* g = s.region(c->value);
      if (g == nullptr || g->kind != "capital")
        r.fail_at(c->line,
                  fmt::format("{}: capital \"{}\" is not a region of kind capital", w, c->value));
      if (std::find(n.regions.begin(), n.regions.end(), c->value) == n.regions.end())
        r.fail_at(c->line, fmt::format("{}: the capital must be one of its regions", w));
      n.capital = c->value;
    }
    for (const auto& g : r.strings(*t, "armies", w, false))
      if (std::find(n.regions.begin(), n.regions.end(), g.value) == n.regions.end())
        r.fail_at(g.line,
                  fmt::format("{}: an army starts in {}, not one of its regions", w, g.value));
    s.nations.push_back(n);
  }
  if (s.nations.size() < 2 || s.nations.size() > 8)
    r.fail_at(1, fmt::format("a scenario needs 2 to 8 nations (has {})", s.nations.size()));

  for (const auto* t : r.tables_at(root, "battles", "[[battles]]", !map)) {
    if (map) r.fail(t->source(), "a map campaign has no [[battles]] (its battles arise)");
    r.only_keys(*t,
                {"name", "year", "attacker", "defender", "topography", "map", "attacker_army",
                 "defender_army", "note"},
                "[[battles]]");
    BattleSpec b;
    b.name = r.string(*t, "name", "[[battles]]");
    const std::string w = "battle " + b.name;
    b.year = r.integer(*t, "year", w, -3000, 2000);
    for (auto [key, out] :
         {std::pair{"attacker", &b.attacker}, std::pair{"defender", &b.defender}}) {
      const auto side = r.located_string(*t, key, w);
      if (s.nation(side.value) == nullptr)
        r.fail_at(side.line, fmt::format("{}: unknown nation \"{}\"", w, side.value));
      *out = side.value;
    }
    if (b.attacker == b.defender) r.fail(t->source(), w + ": a nation cannot fight itself");
    b.topography = check_topography(r.optional_string(*t, "topography", w));
    if (auto m = r.optional_string(*t, "map", w)) {
      json o = s.options;
      o["map"] = m->value;
      try {
        (void)create_game("warfare", o, 1, OptionContext{false});
      } catch (const BadInput& e) {
        r.fail_at(m->line, fmt::format("{}: {}", w, e.what()));
      }
      b.map = m->value;
    }
    if (!b.map.empty() && !b.topography.empty())
      r.fail(t->source(), w + ": give a topography or a map, not both");
    for (auto [key, out] : {std::pair{"attacker_army", &b.attacker_army},
                            std::pair{"defender_army", &b.defender_army}}) {
      if (auto a = r.optional_string(*t, key, w)) {
        *out = read_army(r, *a, edition, s.options, base_dir);
        check_army(r, a->line, s.options, *out, w);
      }
    }
    if (auto n = r.optional_string(*t, "note", w)) b.note = n->value;
    s.battles.push_back(b);
  }
  return s;
}

Scenario load_scenario(const std::string& path) {
  return load_scenario_text(read_text_file(path), path, fs::path(path).parent_path().string());
}

}  // namespace ancients::campaign
