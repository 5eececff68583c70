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

json situation_items_json() {
  // The items of combat_spec.cpp's apply_item, with the sheet's wording (docs/dba.md): `label`
  // names the item, `meaning` says when it applies, `default` is a keyed item's value when
  // it is not given.
  const auto flag = [](const char* key, const char* label, const char* meaning) {
    return json{{"key", key}, {"label", label}, {"meaning", meaning}};
  };
  const auto keyed = [](const char* key, const char* label, json values, const char* meaning,
                        const char* fallback) {
    json j{{"key", key}, {"label", label}, {"values", std::move(values)}, {"meaning", meaning}};
    if (fallback != nullptr) j["default"] = fallback;
    return j;
  };
  return json::array({
      flag("general", "General's element (+1; CWg, CP and Lit always)",
           "The general's own element, in close combat or shot at: +1 (Command Wagons, Command "
           "Posts and Litters always count it)."),
      flag("uphill", "Uphill in close combat (+1)",
           "In close combat, the element is uphill of its opponent: +1."),
      flag("riverbank", "Defending a riverbank (+1)",
           "In close combat, defending a non-paltry riverbank off-road: +1."),
      keyed("overlap", "Flank edges overlapped (-1 each)", {"0", "1", "2"},
            "Flank edges overlapped at a corner by an enemy, in close combat: -1 each (Psiloi "
            "and Scythed Chariots cannot be corner-overlapped).",
            "0"),
      keyed("flank", "Flank edges contacted (-1 each)", {"0", "1", "2"},
            "Flank edges in contact with an enemy's front edge: -1 each.", "0"),
      flag("rear", "Rear contacted (-1)", "The rear edge is in contact with an enemy: -1."),
      keyed("going", "Going", {"good", "rough", "bad", "dunes"},
            "The ground the element stands on: in close combat in bad going (not rough) all but "
            "Ax, Wb, Bw and Ps are -2; dunes and oasis are bad going except for camels. Several "
            "outcome rows also depend on it.",
            "good"),
      keyed("in", "Defending a city, fort or camp", {"city", "fort", "camp"},
            "A garrison defending a city or fort: +4; foot in their own camp: +2; denizens "
            "defending their own city: +2. Attacking or defending one changes the outcome rows.",
            nullptr),
      flag("support", "Rear support (Pikes, Warband, LH)",
           "A second rank behind it, in close combat, both ranks in good going: Pikes +3 vs foot "
           "(not Ps) or vs Kn, El, SCh; Warband +1 vs foot (not Ps); Light Horse +1."),
      flag("side-support", "Side support (Spears, Blades, Bows)",
           "Flank support vs foot, both in good going: Spears beside Spears or Solid Blades, a "
           "Solid Bow beside Solid Blades: +1."),
      keyed("extra-assault", "Further elements assaulting (-1 each)", {"0", "1", "2"},
            "Further enemy elements still assaulting the city, fort or camp it defends: -1 each "
            "(2 at most).",
            "0"),
      keyed("extra-shooters", "Further shooters (-1 each)", {"0", "1", "2"},
            "Further enemy elements shooting at it in support: -1 each (2 at most).", "0"),
      flag("sacking", "Sacking a camp or city",
           "The element is sacking a city or camp: destroyed when its total is less than its "
           "opponent's."),
      flag("sallied", "Denizens sallied",
           "Camp followers or denizens that have sallied out of their camp or city: destroyed "
           "when beaten."),
      flag("shot-in-rear", "Shot at in the rear",
           "Shot at, at least partly, on its rear edge (Scythed Chariots are then destroyed "
           "rather than flee)."),
      flag("shoots-back", "Shoots back at its shooter",
           "B shoots at A too, so both can be hurt by the shooting (otherwise only the element "
           "shot at is)."),
  });
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
