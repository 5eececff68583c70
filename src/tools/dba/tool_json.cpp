// The DBA tools' data as JSON (see tool_json.h).
#include "tools/dba/tool_json.h"

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
