// Choosing a battlefield's DBA terrain features for a home topography: one of its compulsory
// alternatives and 2-3 optional features, obeying the sheet's limits (at most one waterway,
// river, oasis, gully or BUA, two roads, three of any other kind; bad or rough going, a river
// or a waterway included). Dice for plough and river are rolled here. Seeded; no I/O.
#pragma once

#include <string>
#include <vector>

#include "core/rng.h"
#include "tools/dba/terrain_table.h"

namespace ancients::dba {

/// One chosen feature.
struct ChosenFeature {
  const FeatureKind* kind = nullptr;
  int die = 0;  ///< d6 for rolled kinds (plough, river), else 0
  bool compulsory = false;
  /// The engine terrain its squares get.
  std::string terrain() const;
};

/// The features chosen for one battlefield, before they are placed.
struct Selection {
  const Topography* topography = nullptr;
  std::vector<ChosenFeature> features;  ///< compulsory first
};

/// Picks the features; BadInput if the data file's lists cannot satisfy the limits.
Selection select_terrain(const TerrainTable& table, const Topography& topography, Rng& rng);

/// Why a list of features breaks the sheet's limits ("" if it does not): too many of a kind,
/// or no bad/rough going, river or waterway.
std::string limits_problem(const TerrainTable& table, const std::vector<ChosenFeature>& features);

}  // namespace ancients::dba
