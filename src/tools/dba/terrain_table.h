// The sheet's terrain tables as immutable data: the DBA terrain features with their going and
// the Ancient Warfare terrain each maps to, the board sizes, the home topographies with their
// compulsory and optional features, and the selection limits. Part of Sheet (sheet.h).
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

namespace ancients::dba {

/// How a feature counts for "Terrain must include BAD or ROUGH going or Rv, WW".
enum class Going { kGood, kRough, kBad, kWater, kSpecial };
const char* going_name(Going g);

/// How a feature is laid on the grid.
enum class Shape { kArea, kSmall, kSingle, kLine, kRiver, kRoad, kWaterway };
const char* shape_name(Shape s);

/// One DBA terrain feature kind (wood, river, BUA, ...).
struct FeatureKind {
  std::string id;      ///< "wood"
  std::string name;    ///< "Wood"
  std::string abbrev;  ///< "Wd"
  Going going = Going::kGood;
  std::string terrain;  ///< engine terrain, "" when rolled (die_terrain)
  bool rolled = false;  ///< terrain decided by a d6 when the map is generated
  std::array<std::string, 6> die_terrain;
  std::array<std::string, 6> die_notes;
  Shape shape = Shape::kArea;
  char symbol = '?';
  int max = 3;  ///< at most this many on one battlefield
};

/// Feature sizes on one board.
struct BoardSpec {
  int size = 8;
  int area = 3;      ///< squares of an area feature
  int small = 1;     ///< squares of a small feature (oasis)
  int line = 3;      ///< squares of a line feature (gully)
  int waterway = 1;  ///< files of impassable water along a waterway's edge
};

/// One piece of a topography's list: a feature of one of these kinds.
struct Piece {
  std::vector<const FeatureKind*> choices;
  std::string text;  ///< as written, "rocky|scrub"
};

/// One row of the home topography table.
struct Topography {
  std::string id;
  std::string name;
  std::vector<std::vector<Piece>> compulsory;  ///< alternatives; one is chosen
  std::vector<Piece> optional;
};

/// The terrain part of the sheet.
struct TerrainTable {
  TerrainTable() = default;
  TerrainTable(const TerrainTable&) = delete;  // pieces point into `features`
  TerrainTable& operator=(const TerrainTable&) = delete;

  std::vector<FeatureKind> features;  ///< data-file order
  std::map<int, BoardSpec> boards;
  std::vector<Topography> topographies;  ///< data-file order
  int optional_min = 2;
  int optional_max = 3;
  std::vector<Going> must_include_going;
  std::vector<const FeatureKind*> must_include;
  int deploy_rows = 2;
  int bua_edge_distance = 5;

  const FeatureKind* find_feature(const std::string& id) const;
  const Topography* find_topography(const std::string& id) const;
  /// Topography identifiers, "|"-separated (for help and messages).
  std::string topography_names() const;
};

}  // namespace ancients::dba
