// Strict loader of the DBA sheet's data file: the top level, tags, troops, groups, the odds
// form's situation items and the list of uncertain readings; the combat and terrain tables are read
// by load_combat.cpp and load_terrain.cpp (see sheet_loader.h).
#include "tools/dba/sheet_loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "core/data_path.h"
#include "core/errors.h"
#include "tools/dba/combat.h"
#include "tools/dba/loader_parts.h"
#include "tools/dba/toml_reader.h"

namespace ancients::dba {
namespace {

const std::set<std::string> kClassWords{"any", "foot", "mounted", "solid-foot", "fast-foot"};

void load_tags(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  const toml::table& tags = r.table_at(root, "tags", "the sheet");
  for (auto&& [key, node] : tags) {
    const std::string id(key.str());
    const std::string what = "tags." + id;
    const toml::table& t = r.table(node, what);
    r.only_keys(t, {"name", "move_good", "move_bad"}, what);
    Tag tag;
    tag.id = id;
    tag.name = r.string(t, "name", what);
    tag.move_good = r.optional_integer(t, "move_good", what, 0, 12);
    tag.move_bad = r.optional_integer(t, "move_bad", what, 0, 12);
    sheet.tags.emplace(id, tag);
  }
}

std::vector<std::string> tag_list(const TomlReader& r, const Sheet& sheet, const toml::table& t,
                                  std::string_view key, const std::string& what) {
  std::vector<std::string> out;
  for (const auto& [name, line] : r.strings(t, key, what, false)) {
    if (sheet.tags.count(name) == 0)
      r.fail_at(line, fmt::format("{}.{}: unknown tag \"{}\" (declare it under [tags])", what, key,
                                  name));
    if (std::find(out.begin(), out.end(), name) != out.end())
      r.fail_at(line, fmt::format("{}.{}: tag \"{}\" is listed twice", what, key, name));
    out.push_back(name);
  }
  return out;
}

TroopType read_troop(const TomlReader& r, const Sheet& sheet, const std::string& id,
                     const toml::table& t) {
  const std::string what = "troops." + id;
  r.only_keys(t,
              {"name", "abbrev", "class", "formation", "vs_foot", "vs_mounted", "vs_foot_shot_at",
               "in_city_or_fort", "move_good", "move_bad", "move_note", "shoots", "always_general",
               "can_be_general", "dunes_good", "no_corner_overlap", "home", "variants", "tags"},
              what);
  TroopType troop;
  troop.id = id;
  troop.name = r.string(t, "name", what);
  troop.abbrev = r.string(t, "abbrev", what);
  const Located cls = r.located_string(t, "class", what);
  if (cls.value == "foot")
    troop.cls = TroopClass::kFoot;
  else if (cls.value == "mounted")
    troop.cls = TroopClass::kMounted;
  else
    r.fail_at(cls.line,
              fmt::format("{}.class must be foot or mounted, not \"{}\"", what, cls.value));
  if (auto f = r.optional_string(t, "formation", what)) {
    if (f->value == "solid")
      troop.formation = Formation::kSolid;
    else if (f->value == "fast")
      troop.formation = Formation::kFast;
    else
      r.fail_at(f->line, fmt::format("{}.formation must be solid or fast", what));
    if (troop.cls != TroopClass::kFoot)
      r.fail_at(f->line, fmt::format("{}.formation: only foot are Solid or Fast", what));
  }
  troop.vs_foot = r.integer(t, "vs_foot", what, -9, 9);
  troop.vs_mounted = r.integer(t, "vs_mounted", what, -9, 9);
  troop.vs_foot_shot_at = r.optional_integer(t, "vs_foot_shot_at", what, -9, 9);
  if (t.get("in_city_or_fort") != nullptr) {
    const auto v = r.integers(t, "in_city_or_fort", what, 2, -9, 9);
    troop.in_city_or_fort = std::make_pair(v[0], v[1]);
  }
  troop.move_good = r.integer(t, "move_good", what, 0, 12);
  troop.move_bad = r.integer(t, "move_bad", what, 0, 12);
  if (auto note = r.optional_string(t, "move_note", what)) troop.move_note = note->value;
  troop.shoots = r.boolean(t, "shoots", what);
  troop.always_general = r.boolean(t, "always_general", what);
  troop.can_be_general = t.get("can_be_general") == nullptr || r.boolean(t, "can_be_general", what);
  troop.dunes_good = r.boolean(t, "dunes_good", what);
  troop.no_corner_overlap = r.boolean(t, "no_corner_overlap", what);
  if (auto home = r.optional_string(t, "home", what)) {
    if (home->value != "camp" && home->value != "city")
      r.fail_at(home->line, fmt::format("{}.home must be camp or city", what));
    troop.home = home->value;
  }
  troop.variants = tag_list(r, sheet, t, "variants", what);
  troop.tags = tag_list(r, sheet, t, "tags", what);
  if (troop.variants.size() == 1)
    r.fail(t.source(), what + ".variants needs at least two variants (or none)");
  for (const auto& v : troop.variants)
    if (std::find(troop.tags.begin(), troop.tags.end(), v) != troop.tags.end())
      r.fail(t.source(), fmt::format("{}: \"{}\" is both a variant and a tag", what, v));
  return troop;
}

void load_troops(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  const toml::table& troops = r.table_at(root, "troops", "the sheet");
  for (auto&& [key, node] : troops) {
    const std::string id(key.str());
    if (kClassWords.count(id) != 0 || id == "*")
      r.fail(node.source(), fmt::format("troops.{}: \"{}\" is a reserved word", id, id));
    sheet.troops.push_back(read_troop(r, sheet, id, r.table(node, "troops." + id)));
  }
  // toml++ tables keep their keys sorted, so troops come in alphabetical order.
  if (sheet.troops.empty()) r.fail(troops.source(), "[troops] is empty");
}

void load_groups(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  const toml::table& groups = r.table_at(root, "groups", "the sheet");
  for (auto&& [key, node] : groups) {
    const std::string id(key.str());
    if (kClassWords.count(id) != 0 || sheet.find_troop(id) != nullptr || id == "*")
      r.fail(node.source(),
             fmt::format("groups.{}: the name is already a troop or class word", id));
    std::vector<std::string> members;
    for (const auto& [name, line] : r.strings(groups, key.str(), "groups", true)) {
      if (sheet.find_troop(name) == nullptr)
        r.fail_at(line, fmt::format("groups.{}: unknown troop \"{}\"", id, name));
      members.push_back(name);
    }
    if (members.empty()) r.fail(node.source(), fmt::format("groups.{} is empty", id));
    sheet.groups.emplace(id, members);
  }
}

void load_uncertain(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  for (const toml::table* t : r.tables_at(root, "uncertain", "the sheet", false)) {
    r.only_keys(*t, {"tool", "what", "chosen"}, "[[uncertain]]");
    Uncertain u;
    const Located tool = r.located_string(*t, "tool", "[[uncertain]]");
    if (tool.value != "odds" && tool.value != "terrain")
      r.fail_at(tool.line, "[[uncertain]].tool must be odds or terrain");
    u.tool = tool.value;
    u.what = r.string(*t, "what", "[[uncertain]]");
    u.chosen = r.string(*t, "chosen", "[[uncertain]]");
    sheet.uncertain.push_back(u);
  }
}

/// [[situation]]: how a form asks for each situation item. Every item the calculator reads has
/// one entry, and each entry says of it what the calculator takes: values only for a keyed
/// item, each one it accepts, the default among them.
void load_situation(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  const std::string what = "[[situation]]";
  const std::vector<std::string> known = situation_item_keys();
  for (const toml::table* t : r.tables_at(root, "situation", "the sheet", true)) {
    r.only_keys(*t, {"key", "label", "meaning", "group", "values", "default"}, what);
    SituationItem item;
    const Located key = r.located_string(*t, "key", what);
    item.line = key.line;
    item.key = key.value;
    if (std::find(known.begin(), known.end(), key.value) == known.end())
      r.fail_at(key.line,
                fmt::format("{}.key: the calculator has no item \"{}\"", what, key.value));
    for (const SituationItem& before : sheet.situation_items)
      if (before.key == key.value)
        r.fail_at(key.line, fmt::format("{}.key: \"{}\" has an entry already (line {})", what,
                                        key.value, before.line));
    const std::string where = what + " " + key.value;
    item.label = r.string(*t, "label", where);
    item.meaning = r.string(*t, "meaning", where);
    item.group = r.string(*t, "group", where);
    if (item.label.empty() || item.meaning.empty() || item.group.empty())
      r.fail_at(key.line, where + ": label, meaning and group must say something");
    const bool flag = !situation_item_problem(key.value);
    const std::vector<Located> values = r.strings(*t, "values", where, !flag);
    if (flag && !values.empty())
      r.fail_at(values.front().line,
                where + ".values: the item is ticked or not; it takes no value");
    if (!flag && values.empty())
      r.fail_at(key.line, where + ".values: the item takes a value; list them");
    for (const auto& [value, line] : values) {
      if (const auto problem = situation_item_problem(key.value + "=" + value))
        r.fail_at(line, fmt::format("{}.values: {}", where, *problem));
      if (std::find(item.values.begin(), item.values.end(), value) != item.values.end())
        r.fail_at(line, fmt::format("{}.values: \"{}\" is listed twice", where, value));
      item.values.push_back(value);
    }
    if (const auto fallback = r.optional_string(*t, "default", where)) {
      if (std::find(item.values.begin(), item.values.end(), fallback->value) == item.values.end())
        r.fail_at(fallback->line, fmt::format("{}.default: \"{}\" is not one of its values", where,
                                              fallback->value));
      item.fallback = fallback->value;
    }
    sheet.situation_items.push_back(std::move(item));
  }
  for (const std::string& key : known)
    if (std::none_of(sheet.situation_items.begin(), sheet.situation_items.end(),
                     [&](const SituationItem& i) { return i.key == key; }))
      r.fail(root.get("situation")->source(),
             fmt::format("{} has no entry for the item \"{}\"", what, key));
}

std::shared_ptr<const Sheet> load_from_table(const toml::table& root, const std::string& file) {
  const TomlReader r(file);
  r.only_keys(
      root,
      {"format", "title", "source", "tags", "troops", "groups", "tactical", "rear_support", "equal",
       "less", "half", "terrain", "boards", "features", "topography", "uncertain", "situation"},
      "the sheet");
  const int format = r.integer(root, "format", "the sheet", 0, 1000000);
  if (format != kSheetFormat)
    r.fail(root.get("format")->source(),
           fmt::format("format = {} is not supported (this build reads format {}){}", format,
                       kSheetFormat,
                       format == 1 ? ": a format 1 sheet lacks the odds form's [[situation]] "
                                     "entries; copy them from the bundled dba3.toml and set "
                                     "format = 2"
                                   : ""));
  auto sheet = std::make_shared<Sheet>();
  sheet->file = file;
  sheet->title = r.string(root, "title", "the sheet");
  sheet->source = r.string(root, "source", "the sheet");
  load_tags(r, root, *sheet);
  load_troops(r, root, *sheet);
  load_groups(r, root, *sheet);
  load_situation(r, root, *sheet);
  detail::load_tactical(r, root, *sheet);
  detail::load_outcomes(r, root, *sheet);
  detail::load_terrain(r, root, sheet->terrain);
  load_uncertain(r, root, *sheet);
  return sheet;
}

}  // namespace

std::string default_sheet_path() {
  return data_path("dba/dba3.toml");
}

std::shared_ptr<const Sheet> load_sheet(const std::string& path) {
  return load_from_table(parse_toml_file(path), path);
}

std::shared_ptr<const Sheet> load_sheet_text(std::string_view text, const std::string& file) {
  return load_from_table(parse_toml_text(text, file), file);
}

}  // namespace ancients::dba
