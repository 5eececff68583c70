// Board geometry tables and square names (see board.h).
#include "games/warfare/board.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ancients::warfare {
namespace {
// Built on the heap: the tables are some 170 KB, too much for a thread's stack.
std::unique_ptr<const Geometry> build(int width, int height) {
  auto owned = std::make_unique<Geometry>();
  Geometry& g = *owned;
  g.width = width;
  g.height = height;
  g.squares = width * height;
  g.one_word = g.squares <= 64;
  const int size = width;  // square indices: rank * width + file
  const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int d = 0; d < 8; ++d) {
    g.dirs[d][0] = static_cast<std::int8_t>(dirs[d][0]);
    g.dirs[d][1] = static_cast<std::int8_t>(dirs[d][1]);
  }
  for (auto& per_square : g.ray)
    for (auto& per_dir : per_square) per_dir.fill(kNoSquare);
  for (auto& k : g.knight) k.fill(kNoSquare);
  for (int sq = 0; sq < g.squares; ++sq) {
    const int f = sq % size, r = sq / size;
    for (int d = 0; d < 8; ++d) {
      for (int k = 1; k <= kMaxBoard; ++k) {
        const int nf = f + dirs[d][0] * k, nr = r + dirs[d][1] * k;
        if (nf < 0 || nf >= width || nr < 0 || nr >= height) break;
        g.ray[sq][d][k - 1] = static_cast<std::uint8_t>(nr * size + nf);
        if (g.squares <= 64) g.ray_mask[sq][d] |= std::uint64_t{1} << (nr * size + nf);
        g.ray_length[sq][d] = static_cast<std::uint8_t>(k);
      }
      const int jf = f + jumps[d][0], jr = r + jumps[d][1];
      if (jf >= 0 && jf < width && jr >= 0 && jr < height) {
        g.knight[sq][d] = static_cast<std::uint8_t>(jr * size + jf);
        g.knight_on_board[sq] |= static_cast<std::uint8_t>(1u << d);
      }
    }
    for (int dist = 1; dist < kMaxBoard; ++dist) {
      g.lines_within[sq][dist] = g.lines_within[sq][dist - 1];
      for (int d = 0; d < 8; ++d)
        if (g.ray[sq][d][dist - 1] != kNoSquare)
          g.lines_within[sq][dist].set(g.ray[sq][d][dist - 1]);
    }
    g.file_of[sq] = static_cast<std::uint8_t>(f);
    g.rank_of[sq] = static_cast<std::uint8_t>(r);
  }
  for (auto& row : g.lines) row.fill(kNoSquare);
  for (int a = 0; a < g.squares; ++a) {
    for (int b = 0; b < g.squares; ++b) {
      const int df = b % size - a % size, dr = b / size - a / size;
      const int dist = std::max(std::abs(df), std::abs(dr));
      g.king[a][b] = static_cast<std::uint8_t>(dist);
      for (int k = std::max(dist, 1); k <= Geometry::kBallRadius; ++k)
        if (a != b) g.king_ball[a][k].set(b);
      if (a == b || (df != 0 && dr != 0 && std::abs(df) != std::abs(dr))) continue;
      const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
      for (int d = 0; d < 8; ++d)
        if (dirs[d][0] == sf && dirs[d][1] == sr)
          g.lines[a][b] = static_cast<std::uint8_t>(d | dist << 3);
    }
  }
  return owned;
}
}  // namespace

const Geometry& geometry(int height, int width) {
  static const std::unique_ptr<const Geometry> g8 = build(8, 8);
  static const std::unique_ptr<const Geometry> g12 = build(12, 12);
  static const std::unique_ptr<const Geometry> g16 = build(16, 12);
  if (width == 16) return *g16;
  return height == 12 ? *g12 : *g8;
}

const Geometry& walking_geometry(int height, int width) {
  const auto walking = [](const Geometry& g) {
    auto copy = std::make_unique<Geometry>(g);
    copy->one_word = false;
    return std::unique_ptr<const Geometry>(std::move(copy));
  };
  static const std::unique_ptr<const Geometry> g8 = walking(geometry(8));
  static const std::unique_ptr<const Geometry> g12 = walking(geometry(12));
  static const std::unique_ptr<const Geometry> g16 = walking(geometry(12, 16));
  if (width == 16) return *g16;
  return height == 12 ? *g12 : *g8;
}

std::string Geometry::name(int sq) const {
  return square_name(sq, width);
}

std::optional<int> Geometry::parse(std::string_view text) const {
  return parse_square(text, width, height);
}

std::string Geometry::shape() const {
  return std::to_string(width) + "x" + std::to_string(height);
}

std::string square_name(int sq, int size) {
  std::string s(1, static_cast<char>('a' + sq % size));
  s += std::to_string(sq / size + 1);
  return s;
}

std::string_view square_name_view(int sq, int width) {
  // Every name of every width a board can have, made once.
  static const auto names = [] {
    std::vector<std::vector<std::string>> t(kMaxBoard + 1);
    for (int w = 1; w <= kMaxBoard; ++w)
      for (int q = 0; q < kMaxSquares; ++q) t[w].push_back(square_name(q, w));
    return t;
  }();
  if (width < 1 || width > kMaxBoard || sq < 0 || sq >= kMaxSquares)
    throw std::out_of_range("no square " + std::to_string(sq) + " on a board of width " +
                            std::to_string(width));
  return names[static_cast<std::size_t>(width)][static_cast<std::size_t>(sq)];
}

std::optional<int> parse_square(std::string_view name, int width, int height) {
  const int size = width;
  if (height == 0) height = width;
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  const int f = name[0] - 'a';
  if (f < 0 || f >= width) return std::nullopt;
  int r = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    r = r * 10 + (name[i] - '0');
  }
  if (name[1] == '0' || r < 1 || r > height) return std::nullopt;
  return (r - 1) * size + f;
}

}  // namespace ancients::warfare
