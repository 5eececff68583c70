// The defender's battlefield (shared/rules/dba-battlefield-and-lists.md, "The defender's
// battlefield"): the DBA sheet's terrain tables as the engine sees them, and the small helpers
// that the notation, the position JSON and the descriptions share. The phase's moves are in
// battlefield_phase.cpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/dba/terrain_table.h"

namespace ancients::warfare {

/// The bundled DBA sheet's terrain tables (data/dba/dba3.toml), loaded once.
const dba::TerrainTable& field_table();

/// The index of a feature kind or topography by identifier, or nullopt.
std::optional<int> field_kind_index(std::string_view id);
std::optional<int> field_topography_index(std::string_view id);

/// Squares a feature of this kind covers on a board of `board` squares (area, small, line,
/// single); 0 for the kinds that are not laid square by square (river, road, waterway).
int field_feature_size(const dba::FeatureKind& kind, int board);

/// The squares a straight road from the edge square `start` crosses on a board `board` squares
/// wide: north from rank 1, or east from file a (docs/protocol.md).
std::vector<int> field_road_squares(int start, int board);

/// The Ancient Warfare terrain name a feature gives its squares, given its die (0 = none).
std::string field_feature_terrain(const dba::FeatureKind& kind, int die);

class WarfareState;
struct FieldSetup;

/// The phase's record in a position ("battlefield": step, topography, features, the river
/// being laid); reading it back is strict (BadInput naming the field).
nlohmann::json field_to_json(const FieldSetup& field, int size);
FieldSetup field_from_json(const nlohmann::json& j, int size);

/// Why an action of the battlefield phase (`topography`, `terrain`, `side`), or any action
/// during that phase, is not legal in this position; `words` are the action's words, lower case.
std::string battlefield_refusal(const WarfareState& state, const std::vector<std::string>& words);

/// The computer's choice in the phase: the first topography, the generator's placement (or,
/// after a person's features, the first legal action: `terrain done` when it is legal), the
/// north edge.
std::string battlefield_choice(const WarfareState& state);

/// An action of the phase in words ("Place a square of the Wood on e6"), from its words;
/// `logged`: as done, for a log line ("Placed Wood on e6 (...)").
std::string battlefield_words(const WarfareState& state, const std::vector<std::string>& words,
                              bool logged = false);

/// The phase in words: the step, the topography, the features placed, what comes next.
std::string battlefield_summary(const WarfareState& state);

/// "west" / "east" for a waterway's edge (0, 1); the board edges for `side` (0 north, 1 south).
const char* waterway_edge_name(int edge);
const char* side_name(int side);

}  // namespace ancients::warfare
