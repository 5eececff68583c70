// Map files (docs/formats.md "Map file"): building one from a generated battlefield, and the
// strict check every map must pass, generated or hand-made. The check mirrors the engine's map
// loader (games/warfare/setup.cpp battlefield_from_json) so the two can be unified.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/dba/battlefield.h"

namespace ancients::dba {

/// Throws ancients::BadInput, naming `where` and what is wrong, unless `map` is a valid map:
/// format "ancients-map", version 1, a name, board 8 or 12, terrain of squares on the board
/// with clear/rough/hill/impassable, optional note, optional features with exactly name,
/// source and squares; no other keys.
void validate_map_json(const nlohmann::json& map, const std::string& where);

/// Reads a map file (JSON, read strictly: core/json_input.h refuses a key given twice) and
/// validates it; errors name the file.
nlohmann::json read_map_file(const std::string& path);

/// The map file of a battlefield: non-clear squares in `terrain`, each DBA feature in
/// `features` (source "dba").
nlohmann::json battlefield_map_json(const Battlefield& field, const std::string& name,
                                    const std::string& note);

/// The text of a map file: `map` dumped with its keys in the order of docs/formats.md
/// (format, version, name, board, terrain, rivers, note, features), indented, ending in a newline.
std::string map_file_text(const nlohmann::json& map);

}  // namespace ancients::dba
