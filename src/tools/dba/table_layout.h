// A generated battlefield for DBA's own table: each feature's place on a real DBA board, so a
// club can lay the same terrain with its own pieces. The grid is spread over the table (a
// 24-inch, 600 mm board for 15 mm figures: a square of the 12x12 grid is 2 inches, 50 mm);
// each feature is given as the rectangle its squares cover, measured from the table's left
// edge and from player 1's (the attacker's) edge, and rivers as the edges they follow.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/dba/generate.h"

namespace ancients::dba {

/// The table's side, 24 inches (600 mm).
inline constexpr double kTableInches = 24.0;

/// {table: {inches, mm}, features: [{kind, name, abbrev, going, from: [x, y], to: [x, y],
/// squares}], rivers: [{from: [x, y], to: [x, y]}]} in inches (x from the left edge, y from
/// player 1's edge).
nlohmann::json table_layout(const GeneratedMap& map);

/// The layout as text, one line per feature, in inches and millimetres.
std::string table_layout_text(const GeneratedMap& map);

}  // namespace ancients::dba
