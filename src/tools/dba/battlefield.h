// A generated battlefield on the Ancient Warfare grid: the engine terrain of every square,
// the DBA feature drawn on it (for the picture), the river edges, and the features placed, each
// with its squares and, for plough and river, the die rolled for it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tools/dba/terrain_table.h"

namespace ancients::dba {

/// A square, 0-based: file 0 is "a" (player 1's left), rank 0 is "1" (player 1's back edge).
struct Square {
  int file = 0;
  int rank = 0;
  friend bool operator==(const Square&, const Square&) = default;
};

/// "a1" for {0, 0}.
std::string square_name(Square s);
/// The square named, if it is one of a board x board board ("a1".."l12").
std::optional<Square> parse_square(std::string_view name, int board);

/// A DBA feature laid on the grid.
struct PlacedFeature {
  const FeatureKind* kind = nullptr;
  int die = 0;          ///< the d6 rolled for it (plough, river), else 0
  std::string terrain;  ///< the engine terrain it gives its squares
  std::vector<Square> squares;
};

/// The grid of a generated battlefield with the features placed on it.
struct Battlefield {
  int board = 8;
  std::vector<std::string> terrain;  ///< per square (rank * board + file): clear, rough, ...
  std::vector<char> symbol;          ///< per square: the feature drawn there, '.' for none
  std::vector<PlacedFeature> features;
  /// River edges, each between two orthogonally adjacent squares (the house rules' "small
  /// Rivers run between squares").
  std::vector<std::pair<Square, Square>> rivers;

  explicit Battlefield(int n = 8)
      : board(n),
        terrain(static_cast<std::size_t>(n * n), "clear"),
        symbol(static_cast<std::size_t>(n * n), '.') {}

  std::size_t index(Square s) const { return static_cast<std::size_t>(s.rank * board + s.file); }
  const std::string& terrain_at(Square s) const { return terrain[index(s)]; }
  char symbol_at(Square s) const { return symbol[index(s)]; }
};

}  // namespace ancients::dba
