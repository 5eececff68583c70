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

/// A set of squares, one bit per square index, for every board the game supports: 192 bits
/// hold the 8x8 and 12x12 boards and a 16x12 board should multiplayer bring one. A flat value.
struct SquareSet {
  static constexpr int kBits = 192;
  std::array<std::uint64_t, kBits / 64> words{};

  bool test(int sq) const { return ((words[sq >> 6] >> (sq & 63)) & 1) != 0; }
  void set(int sq) { words[sq >> 6] |= std::uint64_t{1} << (sq & 63); }
  void reset(int sq) { words[sq >> 6] &= ~(std::uint64_t{1} << (sq & 63)); }
  bool any() const { return (words[0] | words[1] | words[2]) != 0; }
  friend bool operator==(const SquareSet&, const SquareSet&) = default;
};
static_assert(kMaxBoard * kMaxBoard <= SquareSet::kBits);

/// Precomputed geometry of one board size. Square index = rank * size + file. Every query the
/// move generator makes is a table look-up (no division on the hot paths).
struct Geometry {
  int size = 8;
  /// ray[sq][dir][k]: the square k+1 steps from sq in direction dir, or kNoSquare.
  std::array<std::array<std::array<std::uint8_t, kMaxBoard>, 8>, kMaxSquares> ray{};
  std::array<std::array<std::uint8_t, 8>, kMaxSquares> knight{};
  std::array<std::array<std::int8_t, 2>, 8> dirs{};  ///< (file step, rank step)
  std::array<std::uint8_t, kMaxSquares> file_of{}, rank_of{};
  /// king[a][b]: the king distance between a and b.
  std::array<std::array<std::uint8_t, kMaxSquares>, kMaxSquares> king{};
  /// lines[a][b]: direction | distance << 3 when a and b share a straight line, else kNoSquare.
  std::array<std::array<std::uint8_t, kMaxSquares>, kMaxSquares> lines{};

  int file(int sq) const { return file_of[sq]; }
  int rank(int sq) const { return rank_of[sq]; }
  int king_distance(int a, int b) const { return king[a][b]; }
  /// The direction index from a to b if they share a straight line, with the distance.
  std::optional<std::pair<int, int>> line(int a, int b) const {
    const int v = lines[a][b];
    if (v == kNoSquare) return std::nullopt;
    return std::make_pair(v & 7, v >> 3);
  }
  /// The neighbour of sq in direction dir, or kNoSquare.
  int step(int sq, int dir) const { return ray[sq][dir][0]; }
};

/// The geometry for a board size (8 or 12).
const Geometry& geometry(int size);

/// "c4" for a square; parse returns nullopt for a malformed or off-board name.
std::string square_name(int sq, int size);
std::optional<int> parse_square(std::string_view name, int size);

}  // namespace ancients::warfare
