// The DBA tools' data as JSON (see tool_json.h).
#include "tools/dba/tool_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tools/dba/map_json.h"
#include "tools/dba/table_layout.h"

namespace ancients::dba {

using nlohmann::json;

json troops_json(const Sheet& sheet) {
  json out = json::array();
  for (const auto& t : sheet.troops) {
    out.push_back({{"id", t.id},
                   {"name", t.name},
                   {"abbrev", t.abbrev},
                   {"class", t.cls == TroopClass::kFoot ? "foot" : "mounted"},
                   {"vs_foot", t.vs_foot},
                   {"vs_mounted", t.vs_mounted},
                   {"move_good", t.move_good},
                   {"move_bad", t.move_bad},
                   {"variants", t.variants},
                   {"tags", t.tags}});
    if (t.vs_foot_shot_at) out.back()["vs_foot_shot_at"] = *t.vs_foot_shot_at;
    // What each variant and tag means, in the data file's words ("double" is a
    // "double-based element"), so that a front end can say it next to the choice.
    json names = json::object();
    for (const auto* list : {&t.variants, &t.tags})
      for (const auto& id : *list)
        if (const auto it = sheet.tags.find(id); it != sheet.tags.end())
          names[id] = it->second.name;
    out.back()["tag_names"] = names;
  }
  return out;
}

json situation_items_json(const Sheet& sheet) {
  // The data file's [[situation]] entries (docs/dba.md): `label` names the item, `meaning` says
  // when it applies, `group` is the heading it is shown under, `default` is a keyed item's
  // value when it is not given.
  json out = json::array();
  for (const SituationItem& item : sheet.situation_items) {
    json j{
        {"key", item.key}, {"label", item.label}, {"meaning", item.meaning}, {"group", item.group}};
    if (!item.values.empty()) j["values"] = item.values;
    if (item.fallback) j["default"] = *item.fallback;
    out.push_back(std::move(j));
  }
  return out;
}

json topographies_json(const Sheet& sheet) {
  // A piece by its features' names: "Rocky ground or Scrub".
  const auto piece = [](const Piece& p) {
    std::string out;
    for (const FeatureKind* k : p.choices) out += (out.empty() ? "" : " or ") + k->name;
    return out;
  };
  json out = json::array();
  for (const auto& t : sheet.terrain.topographies) {
    // The sheet's row: the compulsory alternatives (one is chosen) and the optional features,
    // of which the generator takes optional_count.
    json compulsory = json::array(), optional = json::array();
    for (const auto& alternative : t.compulsory) {
      json pieces = json::array();
      for (const Piece& p : alternative) pieces.push_back(piece(p));
      compulsory.push_back(pieces);
    }
    for (const Piece& p : t.optional) optional.push_back(piece(p));
    out.push_back({{"id", t.id},
                   {"name", t.name},
                   {"compulsory", compulsory},
                   {"optional", optional},
                   {"optional_count",
                    json::array({sheet.terrain.optional_min, sheet.terrain.optional_max})}});
  }
  return out;
}

namespace {

/// A feature's going as a player says it: "bad going", "water", "a built-up area".
std::string going_words(Going g) {
  switch (g) {
    case Going::kWater:
      return "water";
    case Going::kSpecial:
      return "a built-up area";
    default:
      return std::string(going_name(g)) + " going";
  }
}

/// A rolled feature's die, equal results joined: "1 rough going (rolled 1), 2-6 good going".
std::string die_words(const FeatureKind& k) {
  std::string out;
  for (std::size_t i = 0; i < k.die_notes.size();) {
    std::size_t j = i;
    while (j + 1 < k.die_notes.size() && k.die_notes[j + 1] == k.die_notes[i]) ++j;
    out += fmt::format("{}{}{} {}", out.empty() ? "" : ", ", i + 1,
                       j > i ? fmt::format("-{}", j + 1) : "", k.die_notes[i]);
    i = j + 1;
  }
  return out;
}

/// What a feature is in DBA and on the Ancient Warfare board, in one sentence.
std::string feature_effect(const FeatureKind& k) {
  std::string out = fmt::format("{} ({}): {} in DBA", k.name, k.abbrev, going_words(k.going));
  if (k.shape == Shape::kRiver)
    out += "; Ancient Warfare river along square edges, from one board edge to another";
  else if (k.shape == Shape::kRoad)
    out += "; Ancient Warfare clear, a straight road from edge to edge that fords a river";
  else if (k.shape == Shape::kWaterway)
    out += fmt::format("; Ancient Warfare {}, the files along a side edge", k.terrain);
  else if (!k.rolled)
    out += "; Ancient Warfare " + k.terrain;
  if (k.rolled) {
    std::vector<std::string> seen;
    if (k.shape != Shape::kRiver)
      for (const auto& t : k.die_terrain)
        if (std::find(seen.begin(), seen.end(), t) == seen.end()) seen.push_back(t);
    std::string terrains;
    for (std::size_t i = 0; i < seen.size(); ++i)
      terrains += (i == 0 ? "" : i + 1 == seen.size() ? " or " : ", ") + seen[i];
    out += fmt::format("; its die, rolled when placed: {}{}", die_words(k),
                       terrains.empty() ? "" : " (Ancient Warfare " + terrains + ")");
  }
  return out;
}

}  // namespace

json features_json(const Sheet& sheet) {
  json out = json::array();
  for (const FeatureKind& k : sheet.terrain.features) {
    json j = {{"id", k.id},
              {"name", k.name},
              {"abbrev", k.abbrev},
              {"going", going_name(k.going)},
              {"terrain", k.rolled ? json(nullptr) : json(k.terrain)},
              {"shape", shape_name(k.shape)},
              {"effect", feature_effect(k)}};
    if (k.rolled) j["die_notes"] = k.die_notes;
    out.push_back(std::move(j));
  }
  return out;
}

json generated_map_json(const Sheet& sheet, const GeneratedMap& g) {
  json legend = json::array();
  for (const auto& p : g.field.features) {
    json squares = json::array();
    for (const Square& s : p.squares) squares.push_back(square_name(s));
    json entry = {{"symbol", std::string(1, p.kind->symbol)},
                  {"id", p.kind->id},
                  {"name", p.kind->name},
                  {"abbrev", p.kind->abbrev},
                  {"terrain", p.kind->shape == Shape::kRiver ? "river" : p.terrain},
                  {"squares", squares}};
    if (p.kind->rolled) {
      entry["die"] = p.die;
      entry["die_note"] = p.kind->die_notes[static_cast<std::size_t>(p.die - 1)];
    }
    legend.push_back(entry);
  }
  return {{"seed", std::to_string(g.seed)},
          {"board", g.board},
          {"topography", g.selection.topography->id},
          {"map", g.map},
          {"file", map_file_text(g.map)},
          {"picture", map_picture(sheet, g)},
          {"legend", legend},
          {"table", table_layout(g)},
          {"table_text", table_layout_text(g)}};
}

}  // namespace ancients::dba
