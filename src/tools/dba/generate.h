// The DBA terrain generator as one call: choose the features for a home topography, place them
// on the grid, and build the map file (validated like any hand-made map), with its picture for
// the terminal. Seeded and reproducible: the same sheet, topography, board and seed give the
// same map.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "tools/dba/battlefield.h"
#include "tools/dba/sheet.h"
#include "tools/dba/terrain_select.h"

namespace ancients::dba {

/// One generated map: the seed, the choice, the grid and the map file's contents.
struct GeneratedMap {
  std::uint64_t seed = 0;
  int board = 12;
  Selection selection;
  Battlefield field;
  nlohmann::json map;  ///< the map file's contents
};

/// Generates a map; BadInput for an unknown topography or a board other than 8 or 12.
/// `name` defaults to "DBA <Topography> battlefield (seed S)".
GeneratedMap generate_map(const Sheet& sheet, const std::string& topography, int board,
                          std::uint64_t seed, const std::string& name = "");

/// The terminal picture: the grid with a symbol per square, deployment rows marked, and a
/// legend giving each feature's DBA name, going, die and engine terrain.
std::string map_picture(const Sheet& sheet, const GeneratedMap& generated);

}  // namespace ancients::dba
