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
  }
  return out;
}

json situation_items_json() {
  // The items of combat_spec.cpp's apply_item, with the sheet's wording (docs/dba.md).
  const auto flag = [](const char* key, const char* label) {
    return json{{"key", key}, {"label", label}};
  };
  const auto keyed = [](const char* key, const char* label, json values) {
    return json{{"key", key}, {"label", label}, {"values", std::move(values)}};
  };
  return json::array({
      flag("general", "General's element (+1; CWg, CP and Lit always)"),
      flag("uphill", "Uphill in close combat (+1)"),
      flag("riverbank", "Defending a riverbank (+1)"),
      keyed("overlap", "Flank edges overlapped (-1 each)", {"0", "1", "2"}),
      keyed("flank", "Flank edges contacted (-1 each)", {"0", "1", "2"}),
      flag("rear", "Rear contacted (-1)"),
      keyed("going", "Going", {"good", "rough", "bad", "dunes"}),
      keyed("in", "Defending a city, fort or camp", {"city", "fort", "camp"}),
      flag("support", "Rear support (Pikes, Warband, LH)"),
      flag("side-support", "Side support (Spears, Blades, Bows)"),
      keyed("extra-assault", "Further elements assaulting (-1 each)", {"0", "1", "2"}),
      keyed("extra-shooters", "Further shooters (-1 each)", {"0", "1", "2"}),
      flag("sacking", "Sacking a camp or city"),
      flag("sallied", "Denizens sallied"),
      flag("shot-in-rear", "Shot at in the rear"),
      flag("shoots-back", "Shoots back at its shooter"),
  });
}

json topographies_json(const Sheet& sheet) {
  json out = json::array();
  for (const auto& t : sheet.terrain.topographies) out.push_back({{"id", t.id}, {"name", t.name}});
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
