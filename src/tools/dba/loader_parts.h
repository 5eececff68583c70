// Internal pieces of the sheet loader (sheet_loader.cpp), one per part of the data file, so
// that each stays short: troop filters and combat tables (load_combat.cpp) and the terrain
// tables (load_terrain.cpp). Not for use outside the loader.
#pragma once

#include <toml++/toml.h>
#include <string>
#include <vector>

#include "tools/dba/sheet.h"
#include "tools/dba/toml_reader.h"

namespace ancients::dba::detail {

/// Turns filter items ("knights", "blades", "*/lb", "solid-foot") into a Filter; unknown
/// names are errors at their line. Needs the sheet's troops, tags and groups loaded.
Filter compile_filter(const TomlReader& r, const Sheet& sheet, const std::vector<Located>& items,
                      const std::string& what);
/// t[key] compiled as a filter; absent gives a filter that matches everything.
Filter filter_at(const TomlReader& r, const Sheet& sheet, const toml::table& t,
                 std::string_view key, const std::string& what);

/// [tactical] and [[rear_support]].
void load_tactical(const TomlReader& r, const toml::table& root, Sheet& sheet);
/// [[equal]], [[less]], [[half]].
void load_outcomes(const TomlReader& r, const toml::table& root, Sheet& sheet);
/// [terrain], [boards.N], [features.X], [topography.X].
void load_terrain(const TomlReader& r, const toml::table& root, TerrainTable& terrain);

}  // namespace ancients::dba::detail
