// The DBA tools' data as JSON for front ends (the browser's DBA page through the server, and
// `ancients dba troops --json`): the troop types, the situation items the odds calculator
// accepts with their meaning, the home topographies, the terrain features, and a generated
// battlefield with its legend. Front ends draw these; they hold no DBA tables of their own.
#pragma once

#include <nlohmann/json.hpp>

#include "tools/dba/generate.h"
#include "tools/dba/sheet.h"

namespace ancients::dba {

/// Every troop type: id, name, abbrev, class, factors, movement, variants and tags.
nlohmann::json troops_json(const Sheet& sheet);
/// The situation items of an element (`general`, `overlap=N`, `going=bad`, ...) from the data
/// file's [[situation]]: key, label, meaning, group, and for keyed items their values and default.
nlohmann::json situation_items_json(const Sheet& sheet);
/// The home topographies: id, name, the sheet's compulsory alternatives (each a list of
/// features by name), its optional features and how many of them are taken (min, max).
nlohmann::json topographies_json(const Sheet& sheet);
/// The terrain features: id, name, abbrev, DBA going, the engine terrain (null when a die
/// decides it), shape (area, road, river, ...), a rolled feature's die_notes, and `effect`: what
/// the feature is in DBA and on the Ancient Warfare board, in words ("Wood (Wd): bad going in DBA;
/// Ancient Warfare woods").
nlohmann::json features_json(const Sheet& sheet);
/// A generated battlefield: seed, board, the map file, the picture, and a legend of its
/// features (symbol, name, abbreviation, going, engine terrain, squares, die and its note).
nlohmann::json generated_map_json(const Sheet& sheet, const GeneratedMap& generated);

}  // namespace ancients::dba
