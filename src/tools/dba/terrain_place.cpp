// Placing chosen features on the grid (see terrain_place.h). Feature squares are claimed on an
// owner grid so that features never overlap; roads are laid last, over everything but hills,
// the BUA and the waterway, and make the squares they cross clear (good going, fords).
#include "tools/dba/terrain_place.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/errors.h"

namespace ancients::dba {
namespace {

constexpr int kLevels = 3;  // 0: apart, in the middle band; 1: may touch; 2: second rows too
constexpr int kSeedTries = 24;

/// Places one selection on one board: an owner grid, the band of middle ranks, and the
/// quarters already used, so that features spread out and never overlap.
class Placer {
 public:
  Placer(const TerrainTable& table, const BoardSpec& spec, Rng& rng)
      : table_(table),
        spec_(spec),
        rng_(rng),
        n_(spec.size),
        band_lo_(table.deploy_rows),
        band_hi_(spec.size - 1 - table.deploy_rows),
        field_(spec.size),
        owner_(static_cast<std::size_t>(spec.size * spec.size), -1) {}

  Battlefield run(const Selection& selection) {
    const auto has_shape = [](const ChosenFeature& c, std::initializer_list<Shape> shapes) {
      return std::find(shapes.begin(), shapes.end(), c.kind->shape) != shapes.end();
    };
    for (const auto& c : selection.features)
      if (has_shape(c, {Shape::kWaterway})) place_waterway(c);
    for (const auto& c : selection.features)
      if (has_shape(c, {Shape::kRiver})) place_river(c);
    for (const auto& c : selection.features)
      if (has_shape(c, {Shape::kSingle})) place_blob(c);
    for (const auto& c : selection.features)
      if (has_shape(c, {Shape::kArea, Shape::kSmall, Shape::kLine})) place_blob(c);
    int roads = 0;
    for (const auto& c : selection.features)
      if (has_shape(c, {Shape::kRoad})) place_road(c, roads++);
    return std::move(field_);
  }

 private:
  bool on_board(Square s) const { return s.file >= 0 && s.file < n_ && s.rank >= 0 && s.rank < n_; }
  int owner(Square s) const { return owner_[field_.index(s)]; }
  int next_id() const { return static_cast<int>(field_.features.size()); }
  int random_in(int lo, int hi) {
    return lo + static_cast<int>(rng_.below(static_cast<std::uint32_t>(hi - lo + 1)));
  }
  /// -1, 0 or +1, staying put with probability `stay` sixths, else either way alike.
  int wiggle(int stay) {
    if (static_cast<int>(rng_.below(6)) < stay) return 0;
    return rng_.below(2) == 0 ? -1 : 1;
  }
  int quadrant(Square s) const { return (s.file >= n_ / 2 ? 1 : 0) + (s.rank >= n_ / 2 ? 2 : 0); }

  void commit(const ChosenFeature& c, std::vector<Square> squares) {
    const int id = next_id();
    for (const Square& s : squares) {
      owner_[field_.index(s)] = id;
      field_.terrain[field_.index(s)] = c.terrain();
      field_.symbol[field_.index(s)] = c.kind->symbol;
    }
    field_.features.push_back(PlacedFeature{c.kind, c.die, c.terrain(), std::move(squares)});
  }

  void place_waterway(const ChosenFeature& c) {
    const int width = std::clamp(spec_.waterway, 1, 2);
    const bool left = rng_.below(2) == 0;
    waterway_lo_ = left ? 0 : n_ - width;
    waterway_hi_ = left ? width - 1 : n_ - 1;
    std::vector<Square> squares;
    for (int f = waterway_lo_; f <= waterway_hi_; ++f)
      for (int r = 0; r < n_; ++r) squares.push_back({f, r});
    commit(c, squares);
  }

  bool in_waterway(int file) const { return file >= waterway_lo_ && file <= waterway_hi_; }

  /// A river along square edges from side edge to side edge (or to the waterway): between
  /// ranks r and r+1 of each file, turning by one rank at a time between files. Its feature
  /// squares are those on its lower bank; the squares keep their terrain.
  void place_river(const ChosenFeature& c) {
    int first = 0, last = n_ - 1;
    while (first < n_ && in_waterway(first)) ++first;
    while (last >= 0 && in_waterway(last)) --last;
    // The edge lies above rank r: between (f, r) and (f, r+1); r stays in the middle band.
    const int lo = band_lo_, hi = std::max(band_lo_, band_hi_ - 1);
    int r = random_in(lo, hi);
    std::vector<Square> bank;
    for (int f = first; f <= last; ++f) {
      bank.push_back({f, r});
      field_.rivers.push_back({Square{f, r}, Square{f, r + 1}});
      if (f == last) break;
      const int r2 = std::clamp(r + wiggle(3), lo, hi);
      // Turning: a piece along the file edge between f and f+1, on the rank crossed.
      if (r2 > r) field_.rivers.push_back({Square{f, r + 1}, Square{f + 1, r + 1}});
      if (r2 < r) field_.rivers.push_back({Square{f, r}, Square{f + 1, r}});
      r = r2;
    }
    field_.features.push_back(PlacedFeature{c.kind, c.die, "river", std::move(bank)});
  }

  /// Whether feature `id` may take square s at this level.
  bool usable(Square s, int id, int level) const {
    if (!on_board(s) || owner(s) != -1) return false;
    const int lo = level < 2 ? band_lo_ : 1;
    const int hi = level < 2 ? band_hi_ : n_ - 2;
    if (s.rank < lo || s.rank > hi) return false;
    if (level > 0) return true;
    for (const Square d : {Square{1, 0}, Square{-1, 0}, Square{0, 1}, Square{0, -1}}) {
      const Square t{s.file + d.file, s.rank + d.rank};
      if (on_board(t) && owner(t) != -1 && owner(t) != id) return false;
    }
    return true;
  }

  bool near_two_edges(Square s) const {
    const int d = table_.bua_edge_distance;
    return (s.file < d || s.file >= n_ - d) && (s.rank < d || s.rank >= n_ - d);
  }

  std::vector<Square> seeds(const ChosenFeature& c, int level) const {
    std::vector<Square> out;
    for (int r = 0; r < n_; ++r)
      for (int f = 0; f < n_; ++f) {
        const Square s{f, r};
        if (!usable(s, next_id(), level)) continue;
        if (c.kind->shape == Shape::kSingle && !near_two_edges(s)) continue;
        out.push_back(s);
      }
    if (out.empty()) return out;
    int least = 1 << 20;
    for (const Square& s : out) least = std::min(least, quadrant_use_[quadrant(s)]);
    std::erase_if(out, [&](const Square& s) { return quadrant_use_[quadrant(s)] != least; });
    return out;
  }

  bool grow_area(Square seed, int size, int level, std::vector<Square>& blob) {
    blob = {seed};
    while (static_cast<int>(blob.size()) < size) {
      std::vector<Square> frontier;
      for (const Square& b : blob)
        for (const Square d : {Square{1, 0}, Square{-1, 0}, Square{0, 1}, Square{0, -1}}) {
          const Square t{b.file + d.file, b.rank + d.rank};
          if (!usable(t, next_id(), level)) continue;
          if (std::find(blob.begin(), blob.end(), t) != blob.end()) continue;
          if (std::find(frontier.begin(), frontier.end(), t) != frontier.end()) continue;
          frontier.push_back(t);
        }
      if (frontier.empty()) return false;
      blob.push_back(frontier[rng_.below(static_cast<std::uint32_t>(frontier.size()))]);
    }
    return true;
  }

  bool grow_line(Square seed, int size, int level, std::vector<Square>& line) {
    const int start = static_cast<int>(rng_.below(4));
    const std::array<Square, 4> dirs{Square{1, 0}, Square{0, 1}, Square{-1, 0}, Square{0, -1}};
    for (int k = 0; k < 4; ++k) {
      const Square d = dirs[static_cast<std::size_t>((start + k) % 4)];
      line.clear();
      for (int i = 0; i < size; ++i) {
        const Square t{seed.file + i * d.file, seed.rank + i * d.rank};
        if (!usable(t, next_id(), level)) break;
        line.push_back(t);
      }
      if (static_cast<int>(line.size()) == size) return true;
    }
    return false;
  }

  int size_of(const FeatureKind& kind) const {
    switch (kind.shape) {
      case Shape::kSingle:
        return 1;
      case Shape::kSmall:
        return spec_.small;
      case Shape::kLine:
        return spec_.line;
      default:
        return spec_.area;
    }
  }

  void place_blob(const ChosenFeature& c) {
    const int size = size_of(*c.kind);
    for (int level = 0; level < kLevels; ++level) {
      auto candidates = seeds(c, level);
      for (int tries = 0; tries < kSeedTries && !candidates.empty(); ++tries) {
        const Square seed = candidates[rng_.below(static_cast<std::uint32_t>(candidates.size()))];
        std::vector<Square> squares;
        const bool ok = c.kind->shape == Shape::kLine ? grow_line(seed, size, level, squares)
                                                      : grow_area(seed, size, level, squares);
        if (!ok) continue;
        ++quadrant_use_[quadrant(seed)];
        if (c.kind->shape == Shape::kSingle) bua_ = seed;
        commit(c, squares);
        return;
      }
    }
    throw BadInput(fmt::format("cannot fit a {} on the {}x{} board with this seed; try another",
                               c.kind->name, n_, n_));
  }

  void place_road(const ChosenFeature& c, int index) {
    std::vector<Square> path;
    if (index % 2 == 0) {  // back edge to back edge
      int f = bua_ ? bua_->file : random_in(1, n_ - 2);
      while (in_waterway(f)) f += waterway_lo_ == 0 ? 1 : -1;
      for (int r = 0; r < n_; ++r) {
        path.push_back({f, r});
        if (r == n_ - 1 || (bua_ && r < bua_->rank)) continue;
        const int f2 = f + wiggle(4);
        if (f2 < 0 || f2 >= n_ || in_waterway(f2) || f2 == f) continue;
        path.push_back({f2, r});
        f = f2;
      }
    } else {  // side edge to side edge
      int first = 0, last = n_ - 1;
      while (first < n_ && in_waterway(first)) ++first;
      while (last >= 0 && in_waterway(last)) --last;
      int r = random_in(band_lo_, band_hi_);
      for (int f = first; f <= last; ++f) {
        path.push_back({f, r});
        if (f == last) continue;
        const int r2 = std::clamp(r + wiggle(4), band_lo_, band_hi_);
        if (r2 == r) continue;
        path.push_back({f, r2});
        r = r2;
      }
    }
    // The road fords the river where it crosses it: that river edge is removed.
    for (std::size_t k = 1; k < path.size(); ++k)
      std::erase_if(field_.rivers, [&](const std::pair<Square, Square>& e) {
        return (e.first == path[k - 1] && e.second == path[k]) ||
               (e.first == path[k] && e.second == path[k - 1]);
      });
    for (const Square& s : path) {
      const std::size_t i = field_.index(s);
      const std::string& t = field_.terrain[i];
      const bool keep = t == "hill" || t == "steep-hill" || t == "impassable" || t == "built-up" ||
                        (bua_ && s == *bua_);
      if (keep) continue;
      field_.terrain[i] = c.terrain();
      field_.symbol[i] = c.kind->symbol;
    }
    field_.features.push_back(PlacedFeature{c.kind, c.die, c.terrain(), path});
  }

  const TerrainTable& table_;
  const BoardSpec& spec_;
  Rng& rng_;
  int n_;
  int band_lo_;
  int band_hi_;
  Battlefield field_;
  std::vector<int> owner_;
  std::array<int, 4> quadrant_use_{};
  int waterway_lo_ = -1;  // the waterway's files, none when lo > hi
  int waterway_hi_ = -2;
  std::optional<Square> bua_;
};

}  // namespace

Battlefield place_terrain(const TerrainTable& table, const Selection& selection, int board,
                          Rng& rng) {
  const auto spec = table.boards.find(board);
  if (spec == table.boards.end()) throw BadInput(fmt::format("board {} is not 8 or 12", board));
  return Placer(table, spec->second, rng).run(selection);
}

}  // namespace ancients::dba
