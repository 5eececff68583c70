// Laying chosen DBA features on the Ancient Warfare grid as a sensible battlefield: a waterway
// is the side-edge files of impassable squares, a river runs along square edges from side edge to
// side edge (forded by roads), a
// road runs from back edge to back edge (through the BUA if there is one), area features are
// blobs spread over the board's quarters, apart from one another and out of the deployment
// rows where the board allows. Seeded; no I/O.
#pragma once

#include "core/rng.h"
#include "tools/dba/battlefield.h"
#include "tools/dba/terrain_select.h"
#include "tools/dba/terrain_table.h"

namespace ancients::dba {

/// Places the selection on a board of `board` squares (8 or 12); BadInput if the features do
/// not fit (a crowded board), never for the bundled tables.
Battlefield place_terrain(const TerrainTable& table, const Selection& selection, int board,
                          Rng& rng);

}  // namespace ancients::dba
