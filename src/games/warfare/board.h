// Squares and lines of the Ancient Warfare board (8x8, 12x12, or 16 files by 12 ranks for a
// multiplayer battle with 3 players on a side): chess-like names (files a..p), the eight
// straight directions, knight jumps and king distance, precomputed once per board shape.
// Rules source: shared/rules/ancient-warfare.md §1 "Board and squares".
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ancients::warfare {

inline constexpr int kMaxBoard = 16;     ///< the longest side: 16 files of the widest board
inline constexpr int kMaxSquares = 192;  ///< 16 x 12, the most squares of any board
inline constexpr std::uint8_t kNoSquare = 0xFF;

/// The number of bits set in a word. Without the POPCNT instruction (the x86-64 baseline the
/// release builds target) std::popcount is a call into libgcc; this is the same count inline.
constexpr int bit_count(std::uint64_t x) {
#ifdef __POPCNT__
  return std::popcount(x);
#else
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}
static_assert(bit_count(0) == 0 && bit_count(~std::uint64_t{0}) == 64 && bit_count(0x8001) == 2);

/// A set of squares, one bit per square index, for every board the game supports: 192 bits
/// hold the 8x8 and 12x12 boards and a 16x12 board should multiplayer bring one. A flat value.
struct SquareSet {
  static constexpr int kBits = 192;
  std::array<std::uint64_t, kBits / 64> words{};

  bool test(int sq) const { return ((words[sq >> 6] >> (sq & 63)) & 1) != 0; }
  void set(int sq) { words[sq >> 6] |= std::uint64_t{1} << (sq & 63); }
  void reset(int sq) { words[sq >> 6] &= ~(std::uint64_t{1} << (sq & 63)); }
  bool any() const { return (words[0] | words[1] | words[2]) != 0; }
  /// Whether the two sets share a square.
  bool intersects(const SquareSet& o) const {
    return ((words[0] & o.words[0]) | (words[1] & o.words[1]) | (words[2] & o.words[2])) != 0;
  }
  /// How many squares the set holds.
  int count() const { return bit_count(words[0]) + bit_count(words[1]) + bit_count(words[2]); }
  /// Adds the n squares first, first + 1, ..., first + n - 1.
  void set_run(int first, int n) {
    while (n > 0) {
      const int bit = first & 63, take = n < 64 - bit ? n : 64 - bit;
      words[first >> 6] |= (take == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << take) - 1) << bit;
      first += take;
      n -= take;
    }
  }
  /// The squares of this set that are not in o.
  SquareSet minus(const SquareSet& o) const {
    return {{words[0] & ~o.words[0], words[1] & ~o.words[1], words[2] & ~o.words[2]}};
  }
  /// The squares in both sets.
  SquareSet both(const SquareSet& o) const {
    return {{words[0] & o.words[0], words[1] & o.words[1], words[2] & o.words[2]}};
  }
  /// Calls f(sq) for each square of the set, lowest first.
  template <class F>
  void for_each(F&& f) const {
    for (int w = 0; w < kBits / 64; ++w)
      for (std::uint64_t m = words[w]; m != 0; m &= m - 1) f(64 * w + std::countr_zero(m));
  }
  friend bool operator==(const SquareSet&, const SquareSet&) = default;
};
static_assert(kMaxSquares <= SquareSet::kBits);

/// The highest set bit of x, or bit 0 when x is 0 (the sentinel the line cuts rely on).
inline std::uint64_t highest_bit_or_one(std::uint64_t x) {
  return std::uint64_t{1} << 63 >> __builtin_clzll(x | 1);
}

/// Precomputed geometry of one board shape. Square index = rank * width + file. Every query
/// the move generator makes is a table look-up (no division on the hot paths).
struct Geometry {
  int width = 8;     ///< files (a, b, ...)
  int height = 8;    ///< ranks (1, 2, ...): the board option
  int squares = 64;  ///< width * height
  /// ray[sq][dir][k]: the square k+1 steps from sq in direction dir, or kNoSquare.
  std::array<std::array<std::array<std::uint8_t, kMaxBoard>, 8>, kMaxSquares> ray{};
  std::array<std::array<std::uint8_t, 8>, kMaxSquares> knight{};
  /// knight_on_board[sq]: bit j set when knight[sq][j] is a square of the board.
  std::array<std::uint8_t, kMaxSquares> knight_on_board{};
  std::array<std::array<std::int8_t, 2>, 8> dirs{};  ///< (file step, rank step)
  std::array<std::uint8_t, kMaxSquares> file_of{}, rank_of{};
  /// king[a][b]: the king distance between a and b.
  std::array<std::array<std::uint8_t, kMaxSquares>, kMaxSquares> king{};
  /// lines[a][b]: direction | distance << 3 when a and b share a straight line, else kNoSquare.
  std::array<std::array<std::uint8_t, kMaxSquares>, kMaxSquares> lines{};
  /// lines_within[sq][r]: the squares on the eight straight lines from sq at distance 1..r.
  /// A unit sees no enemy within range r when this set holds none of the enemies' squares: the
  /// attack generators skip such units without walking their lines.
  std::array<std::array<SquareSet, kMaxBoard>, kMaxSquares> lines_within{};

  /// ray_mask[sq][dir]: the squares of ray[sq][dir] as bits, for boards of at most 64 squares
  /// (8x8); ray_length[sq][dir]: how many squares the ray has (every board).
  std::array<std::array<std::uint64_t, 8>, kMaxSquares> ray_mask{};
  std::array<std::array<std::uint8_t, 8>, kMaxSquares> ray_length{};
  /// Whether the squares along direction dir have rising indices: a step of dirs[dir] adds
  /// width (north), width + 1, 1 (east) or width - 1 for dirs 0, 1, 2 and 7.
  static constexpr bool rising(int dir) { return dir <= 2 || dir == 7; }
  /// king_ball[sq][k]: the squares at king distance 1..k from sq (k up to kBallRadius).
  static constexpr int kBallRadius = 6;
  std::array<std::array<SquareSet, kBallRadius + 1>, kMaxSquares> king_ball{};
  /// At most 64 squares: the listings may keep a set of squares in one word of bits (false in
  /// walking_geometry's copies, where they walk square by square as on the larger boards).
  bool one_word = true;

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
  /// "c4": a square's name on this board.
  std::string name(int sq) const;
  /// A square of this board by name, or nullopt.
  std::optional<int> parse(std::string_view name) const;
  /// "12x12", or "16x12" (files by ranks) for the wide board, for messages.
  std::string shape() const;
};

/// The geometry of a board: 8x8, 12x12, or 16 files by 12 ranks (width 0: square).
const Geometry& geometry(int height, int width = 0);
/// The same board's geometry with one_word false: for tests that compare the listings with
/// bits against the square-by-square walks (WarfareState::set_walks_only).
const Geometry& walking_geometry(int height, int width = 0);

/// "c4" for a square of a board `width` files wide; parse returns nullopt for a malformed or
/// off-board name (height 0: a square board).
std::string square_name(int sq, int width);
/// The same name, viewed in a table kept for the program's life (no string made).
std::string_view square_name_view(int sq, int width);
std::optional<int> parse_square(std::string_view name, int width, int height = 0);

}  // namespace ancients::warfare
