// Squares and lines of the Ancient Warfare board (8x8 or 12x12): chess-like names, the eight
// straight directions, knight jumps and king distance, precomputed once per board size.
// Rules source: shared/rules/ancient-warfare.md §1 "Board and squares".
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ancients::warfare {

inline constexpr int kMaxBoard = 12;
inline constexpr int kMaxSquares = kMaxBoard * kMaxBoard;
inline constexpr std::uint8_t kNoSquare = 0xFF;

/// Precomputed geometry of one board size. Square index = rank * size + file.
struct Geometry {
  int size = 8;
  /// ray[sq][dir][k]: the square k+1 steps from sq in direction dir, or kNoSquare.
  std::array<std::array<std::array<std::uint8_t, kMaxBoard>, 8>, kMaxSquares> ray{};
  std::array<std::array<std::uint8_t, 8>, kMaxSquares> knight{};
  std::array<std::array<std::int8_t, 2>, 8> dirs{};  ///< (file step, rank step)

  int file(int sq) const { return sq % size; }
  int rank(int sq) const { return sq / size; }
  int king_distance(int a, int b) const;
  /// The direction index from a to b if they share a straight line, with the distance.
  std::optional<std::pair<int, int>> line(int a, int b) const;
  /// The neighbour of sq in direction dir, or kNoSquare.
  int step(int sq, int dir) const { return ray[sq][dir][0]; }
};

/// The geometry for a board size (8 or 12).
const Geometry& geometry(int size);

/// "c4" for a square; parse returns nullopt for a malformed or off-board name.
std::string square_name(int sq, int size);
std::optional<int> parse_square(std::string_view name, int size);

}  // namespace ancients::warfare
