// Board geometry tables and square names (see board.h).
#include "games/warfare/board.h"

#include <cstdlib>

namespace ancients::warfare {
namespace {
Geometry build(int size) {
  Geometry g;
  g.size = size;
  const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int d = 0; d < 8; ++d) {
    g.dirs[d][0] = static_cast<std::int8_t>(dirs[d][0]);
    g.dirs[d][1] = static_cast<std::int8_t>(dirs[d][1]);
  }
  for (auto& per_square : g.ray)
    for (auto& per_dir : per_square) per_dir.fill(kNoSquare);
  for (auto& k : g.knight) k.fill(kNoSquare);
  for (int sq = 0; sq < size * size; ++sq) {
    const int f = sq % size, r = sq / size;
    for (int d = 0; d < 8; ++d) {
      for (int k = 1; k <= size; ++k) {
        const int nf = f + dirs[d][0] * k, nr = r + dirs[d][1] * k;
        if (nf < 0 || nf >= size || nr < 0 || nr >= size) break;
        g.ray[sq][d][k - 1] = static_cast<std::uint8_t>(nr * size + nf);
      }
      const int jf = f + jumps[d][0], jr = r + jumps[d][1];
      if (jf >= 0 && jf < size && jr >= 0 && jr < size)
        g.knight[sq][d] = static_cast<std::uint8_t>(jr * size + jf);
    }
  }
  return g;
}
}  // namespace

int Geometry::king_distance(int a, int b) const {
  return std::max(std::abs(file(a) - file(b)), std::abs(rank(a) - rank(b)));
}

std::optional<std::pair<int, int>> Geometry::line(int a, int b) const {
  const int df = file(b) - file(a), dr = rank(b) - rank(a);
  if (a == b) return std::nullopt;
  if (df != 0 && dr != 0 && std::abs(df) != std::abs(dr)) return std::nullopt;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  for (int d = 0; d < 8; ++d)
    if (dirs[d][0] == sf && dirs[d][1] == sr)
      return std::make_pair(d, std::max(std::abs(df), std::abs(dr)));
  return std::nullopt;
}

const Geometry& geometry(int size) {
  static const Geometry g8 = build(8);
  static const Geometry g12 = build(12);
  return size == 12 ? g12 : g8;
}

std::string square_name(int sq, int size) {
  std::string s(1, static_cast<char>('a' + sq % size));
  s += std::to_string(sq / size + 1);
  return s;
}

std::optional<int> parse_square(std::string_view name, int size) {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  const int f = name[0] - 'a';
  if (f < 0 || f >= size) return std::nullopt;
  int r = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    r = r * 10 + (name[i] - '0');
  }
  if (name[1] == '0' || r < 1 || r > size) return std::nullopt;
  return (r - 1) * size + f;
}

}  // namespace ancients::warfare
