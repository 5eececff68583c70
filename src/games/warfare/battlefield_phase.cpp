// The defender's battlefield as a set-up phase (shared/rules/dba-battlefield-and-lists.md, "The
// defender's battlefield"), before deployment, with the DBA set-up and the map "defender":
//   1. `topography ID`: the defender (player 2) chooses one of the sheet's home topographies;
//   2. the features, one action at a time within the sheet's limits (a compulsory alternative
//      and 2-3 optional features; at most as many of a kind as the sheet allows):
//      `terrain KIND SQ` lays an area, a line or a BUA square by square (areas of 6 connected
//      squares on 12x12, a BUA 1 square within 5 squares of two edges), `terrain river SQ SQ`
//      lays a river edge by edge from one board edge to another, `terrain road SQ` a straight
//      road from the square on the board's edge, `terrain waterway west|east` the two files of
//      water along a side edge; or `terrain auto`, the DBA terrain generator's placement as one
//      action; then `terrain done`;
//   3. `side north|south`: the edge the defender sets up on. Player 2 always deploys at the top
//      of the board, so `side south` turns the battlefield round.
// Only actions that can still be completed are legal: a kind the limits still allow, a square
// from which the feature can still reach its size, a river edge from which another board edge
// can still be reached, and terrain that leaves both armies room in both deployment zones.
#include "games/warfare/battlefield_phase.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>

#include "core/errors.h"
#include "games/warfare/state.h"
#include "tools/dba/sheet_loader.h"
#include "tools/dba/terrain_place.h"
#include "tools/dba/terrain_select.h"

namespace ancients::warfare {

const dba::TerrainTable& field_table() {
  static const std::shared_ptr<const dba::Sheet> sheet = dba::load_sheet(dba::default_sheet_path());
  return sheet->terrain;
}

std::optional<int> field_kind_index(std::string_view id) {
  const auto& f = field_table().features;
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i].id == id) return static_cast<int>(i);
  return std::nullopt;
}

std::optional<int> field_topography_index(std::string_view id) {
  const auto& t = field_table().topographies;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].id == id) return static_cast<int>(i);
  return std::nullopt;
}

std::vector<int> field_road_squares(int start, int board) {
  std::vector<int> out;
  const bool northward = start / board == 0;
  for (int k = 0; k < board; ++k) out.push_back(northward ? k * board + start : start + k);
  return out;
}

int field_feature_size(const dba::FeatureKind& kind, int board) {
  const auto& boards = field_table().boards;
  const auto it = boards.find(board);
  const dba::BoardSpec spec = it == boards.end() ? dba::BoardSpec{} : it->second;
  switch (kind.shape) {
    case dba::Shape::kArea:
      return spec.area;
    case dba::Shape::kSmall:
      return spec.small;
    case dba::Shape::kLine:
      return spec.line;
    case dba::Shape::kSingle:
      return 1;
    default:
      return 0;
  }
}

std::string field_feature_terrain(const dba::FeatureKind& kind, int die) {
  if (!kind.rolled) return kind.terrain;
  return die >= 1 && die <= 6 ? kind.die_terrain[static_cast<std::size_t>(die - 1)] : "clear";
}

const char* waterway_edge_name(int edge) {
  return edge == 0 ? "west" : "east";
}

const char* side_name(int side) {
  return side == 0 ? "north" : "south";
}

namespace {

constexpr int kMaxFieldKinds = 32;
using FieldKindCounts = std::array<std::uint8_t, kMaxFieldKinds>;

Terrain field_terrain_named(const std::string& name) {
  for (int t = 0; t < kTerrainKinds; ++t)
    if (name == kTerrainNames[t]) return static_cast<Terrain>(t);
  return Terrain::kClear;
}

int kind_index(const dba::FeatureKind* k) {
  return static_cast<int>(k - field_table().features.data());
}

bool over_max(const FieldKindCounts& c) {
  const auto& f = field_table().features;
  for (std::size_t i = 0; i < f.size(); ++i)
    if (c[i] > f[i].max) return true;
  return false;
}

/// Every complete choice of features of each topography, as counts per kind: one compulsory
/// alternative (a kind per piece) and optional_min..optional_max optional kinds, repeats
/// allowed within each kind's maximum (as the generator chooses). The must-include rule
/// depends on dice and is checked apart.
const std::vector<std::vector<FieldKindCounts>>& complete_sets() {
  static const std::vector<std::vector<FieldKindCounts>> sets = [] {
    const auto& t = field_table();
    std::vector<std::vector<FieldKindCounts>> all;
    for (const auto& topo : t.topographies) {
      std::set<FieldKindCounts> found;
      std::vector<int> optional;
      for (const auto& piece : topo.optional)
        for (const auto* k : piece.choices)
          if (std::find(optional.begin(), optional.end(), kind_index(k)) == optional.end())
            optional.push_back(kind_index(k));
      for (const auto& alternative : topo.compulsory) {
        std::vector<FieldKindCounts> bases{FieldKindCounts{}};
        for (const auto& piece : alternative) {
          std::vector<FieldKindCounts> next;
          for (const auto& b : bases)
            for (const auto* k : piece.choices) {
              FieldKindCounts c = b;
              ++c[static_cast<std::size_t>(kind_index(k))];
              next.push_back(c);
            }
          bases = std::move(next);
        }
        // Multisets of optional kinds, in non-decreasing order of their list position.
        const auto add = [&](auto&& self, FieldKindCounts c, std::size_t from, int added) -> void {
          if (added >= t.optional_min && !over_max(c)) found.insert(c);
          if (added == t.optional_max) return;
          for (std::size_t i = from; i < optional.size(); ++i) {
            FieldKindCounts d = c;
            ++d[static_cast<std::size_t>(optional[i])];
            if (!over_max(d)) self(self, d, i, added + 1);
          }
        };
        for (const auto& b : bases)
          if (!over_max(b)) add(add, b, 0, 0);
      }
      all.emplace_back(found.begin(), found.end());
    }
    return all;
  }();
  return sets;
}

bool in_must_include(const dba::FeatureKind& k) {
  const auto& t = field_table();
  return std::find(t.must_include.begin(), t.must_include.end(), &k) != t.must_include.end();
}

bool going_counts(const dba::FeatureKind& k) {
  const auto& g = field_table().must_include_going;
  return std::find(g.begin(), g.end(), k.going) != g.end();
}

/// Whether a placed feature meets "bad or rough going, a river or a waterway".
bool meets_must_include(const FieldFeature& f) {
  const auto& k = field_table().features[f.kind];
  return in_must_include(k) || (going_counts(k) && field_feature_terrain(k, f.die) != "clear");
}

/// Whether a feature of this kind meets it whatever its die.
bool surely_meets(const dba::FeatureKind& k) {
  return in_must_include(k) || (going_counts(k) && !k.rolled);
}

/// Lattice points of the square grid: (x, y) with 0 <= x, y <= n, as x + y * (n + 1).
struct FieldLattice {
  int n;
  int point(int x, int y) const { return x + y * (n + 1); }
  int x(int p) const { return p % (n + 1); }
  int y(int p) const { return p / (n + 1); }
  /// The board edge a point lies on: 0 south, 1 east, 2 north, 3 west; -1 inside.
  int side(int p) const {
    if (y(p) == 0) return 0;
    if (x(p) == n) return 1;
    if (y(p) == n) return 2;
    if (x(p) == 0) return 3;
    return -1;
  }
  /// The two squares a river edge between orthogonal neighbours a < b runs between, as
  /// lattice points.
  std::pair<int, int> edge_points(int a, int b) const {
    const int f = a % n, r = a / n;
    if (b - a == n) return {point(f, r + 1), point(f + 1, r + 1)};  // b north of a
    return {point(f + 1, r), point(f + 1, r + 1)};                  // b east of a
  }
  /// The squares either side of the edge between neighbouring points u and v (a < b).
  std::pair<int, int> edge_squares(int u, int v) const {
    if (y(u) == y(v)) {
      const int x0 = std::min(x(u), x(v)), y0 = y(u);
      return {(y0 - 1) * n + x0, y0 * n + x0};
    }
    const int x0 = x(u), y0 = std::min(y(u), y(v));
    return {y0 * n + x0 - 1, y0 * n + x0};
  }
  /// Whether the edge between neighbouring points u and v separates two squares.
  bool internal(int u, int v) const {
    if (y(u) == y(v)) return y(u) > 0 && y(u) < n;
    return x(u) > 0 && x(u) < n;
  }
};

constexpr std::array<std::array<int, 2>, 4> kLatticeSteps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

/// The rules of the phase over one state (read only): what may be placed where.
class FieldRules {
 public:
  explicit FieldRules(const WarfareState& s)
      : s_(s), t_(field_table()), n_(s.geo().width), lattice_{n_} {
    owner_.fill(-1);
    const FieldSetup& f = s.field();
    for (int i = 0; i < f.count; ++i) {
      const FieldFeature& ff = f.features[i];
      const auto& k = t_.features[ff.kind];
      ++counts_[ff.kind];
      if (meets_must_include(ff)) met_ = true;
      if (field_feature_size(k, n_) > 0)
        for (int j = 0; j < ff.count; ++j) owner_[ff.squares[j]] = static_cast<std::int8_t>(i);
      if (k.shape == dba::Shape::kWaterway && ff.count > 0) {
        waterway_ = true;
        waterway_edge_ = ff.squares[0];
      }
    }
  }

  int size() const { return n_; }
  const FieldLattice& lattice() const { return lattice_; }
  const dba::FeatureKind& kind(int k) const { return t_.features[static_cast<std::size_t>(k)]; }

  int waterway_width() const {
    const auto it = t_.boards.find(n_);
    return it == t_.boards.end() ? 1 : std::clamp(it->second.waterway, 1, n_ / 2);
  }
  bool in_waterway_files(int edge, int file) const {
    const int w = waterway_width();
    return edge == 0 ? file < w : file >= n_ - w;
  }
  /// A square no feature holds and no waterway covers.
  bool free(int sq) const {
    if (owner_[sq] >= 0) return false;
    return !(waterway_ && in_waterway_files(waterway_edge_, sq % n_));
  }

  /// Whether the kind may be started now: the limits can still be met with it.
  bool kind_allowed(int k) const {
    const FieldSetup& f = s_.field();
    if (f.count >= kMaxFeatures) return false;
    if (kind(k).shape == dba::Shape::kWaterway && f.count > 0) return false;  // laid first
    FieldKindCounts after = counts_;
    ++after[static_cast<std::size_t>(k)];
    const int ww = waterway_kind();
    for (const FieldKindCounts& v : complete_sets()[f.topography]) {
      bool ok = true, meets = met_;
      for (std::size_t i = 0; i < t_.features.size() && ok; ++i) {
        if (v[i] < after[i]) ok = false;
        // The waterway is laid first or never.
        if (static_cast<int>(i) == ww && v[i] != after[i]) ok = false;
        if (v[i] > counts_[i] && surely_meets(t_.features[i])) meets = true;
      }
      if (ok && meets) return true;
    }
    return false;
  }

  /// Whether the features placed are a complete choice.
  bool complete() const {
    const FieldSetup& f = s_.field();
    if (f.building != 0 || !met_) return false;
    const auto& sets = complete_sets()[f.topography];
    return std::find(sets.begin(), sets.end(), counts_) != sets.end();
  }

  /// How many features at the fewest would complete the choice, with one such completion ("2
  /// more features, for example Built-up area and River"), or "" when none would; `going` says
  /// whether the must-include rule (bad or rough going, a river or a waterway) is what is still
  /// missing.
  std::string still_to_place(bool& going) const {
    const FieldSetup& f = s_.field();
    const int ww = waterway_kind();
    const FieldKindCounts* best = nullptr;
    int fewest = 0;
    for (const FieldKindCounts& v : complete_sets()[f.topography]) {
      bool ok = true, meets = met_;
      int more = 0;
      for (std::size_t i = 0; i < t_.features.size() && ok; ++i) {
        if (v[i] < counts_[i] || (static_cast<int>(i) == ww && v[i] != counts_[i])) ok = false;
        more += v[i] - counts_[i];
        if (v[i] > counts_[i] && surely_meets(t_.features[i])) meets = true;
      }
      if (ok && meets && (!best || more < fewest)) {
        best = &v;
        fewest = more;
      }
    }
    going = !met_ &&
            std::find(complete_sets()[f.topography].begin(), complete_sets()[f.topography].end(),
                      counts_) != complete_sets()[f.topography].end();
    if (!best) return "";
    std::vector<std::string> kinds;
    for (std::size_t i = 0; i < t_.features.size(); ++i) {
      const int k = (*best)[i] - counts_[i];
      if (k > 0)
        kinds.push_back(k == 1 ? t_.features[i].name
                               : fmt::format("{} {}", k, t_.features[i].name));
    }
    std::string out;
    for (std::size_t i = 0; i < kinds.size(); ++i)
      out += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + kinds[i];
    return fmt::format("{} more feature{}, for example {}", fewest, fewest == 1 ? "" : "s", out);
  }

  int waterway_kind() const {
    for (std::size_t i = 0; i < t_.features.size(); ++i)
      if (t_.features[i].shape == dba::Shape::kWaterway) return static_cast<int>(i);
    return -1;
  }

  /// Whether every army still fits every deployment zone (both sides' zones, or with
  /// contingents every player's sector: the side may still be turned round) with sq turned to
  /// terrain t.
  bool armies_fit(int sq, Terrain t) const {
    const int players = s_.player_count();
    std::array<int, kMaxPlayers> need{}, need_firm{};
    for (int p = 1; p <= players; ++p)
      for (int i = 0; i < s_.reserve_count(p); ++i) {
        ++need[p - 1];
        need_firm[p - 1] += s_.rules().units[s_.reserve(p, i).type].no_rough ? 1 : 0;
      }
    for (int zone = 1; zone <= players; ++zone) {
      int usable = 0, firm = 0;
      for (int q = 0; q < n_ * n_; ++q) {
        if (!s_.in_deploy_zone(zone, q)) continue;
        const Terrain here = q == sq ? t : s_.terrain(q);
        if (here == Terrain::kImpassable) continue;
        ++usable;
        firm += here == Terrain::kRough || here == Terrain::kWoods || here == Terrain::kSteepHill
                    ? 0
                    : 1;
      }
      for (int p = 0; p < players; ++p)
        if (need[p] > usable || need_firm[p] > firm) return false;
    }
    return true;
  }

  /// The squares reachable from `start` through free squares, counted with `start` itself.
  int region(const std::vector<int>& start, int limit) const {
    std::array<bool, kMaxSquares> seen{};
    std::vector<int> todo = start;
    for (int q : start) seen[q] = true;
    int count = static_cast<int>(start.size());
    while (!todo.empty() && count < limit) {
      const int q = todo.back();
      todo.pop_back();
      for (const auto& d : kLatticeSteps) {
        const int f = q % n_ + d[0], r = q / n_ + d[1];
        if (f < 0 || f >= n_ || r < 0 || r >= n_) continue;
        const int nq = r * n_ + f;
        if (seen[nq] || !free(nq)) continue;
        seen[nq] = true;
        ++count;
        todo.push_back(nq);
      }
    }
    return count;
  }

  /// The free squares in a straight run from sq (exclusive) along (df, dr).
  int run(int sq, int df, int dr) const {
    int f = sq % n_ + df, r = sq / n_ + dr, k = 0;
    while (f >= 0 && f < n_ && r >= 0 && r < n_ && free(r * n_ + f)) {
      ++k;
      f += df;
      r += dr;
    }
    return k;
  }

  bool near_two_edges(int sq) const {
    const int d = t_.bua_edge_distance, f = sq % n_, r = sq / n_;
    return (f < d || f >= n_ - d) && (r < d || r >= n_ - d);
  }

  /// Whether square sq may be the next of feature kind k (`current` = the squares it has).
  bool square_ok(int k, int sq, const FieldFeature* current) const {
    if (!free(sq)) return false;
    const auto& kd = kind(k);
    const int die = current != nullptr ? current->die : 0;
    const Terrain t =
        field_terrain_named(field_feature_terrain(kd, die == 0 && kd.rolled ? 1 : die));
    if (!armies_fit(sq, t)) return false;
    const int size = field_feature_size(kd, n_);
    std::vector<int> squares;
    if (current != nullptr)
      squares.assign(current->squares.begin(), current->squares.begin() + current->count);
    if (!squares.empty()) {  // must touch the feature
      bool touches = false;
      for (int q : squares) touches |= std::abs(q % n_ - sq % n_) + std::abs(q / n_ - sq / n_) == 1;
      if (!touches) return false;
    }
    if (kd.shape == dba::Shape::kSingle) return near_two_edges(sq);
    squares.push_back(sq);
    if (kd.shape == dba::Shape::kLine) {
      // Straight: the squares share a rank or a file, and the run can reach the size.
      const bool same_rank =
          std::all_of(squares.begin(), squares.end(), [&](int q) { return q / n_ == sq / n_; });
      const bool same_file =
          std::all_of(squares.begin(), squares.end(), [&](int q) { return q % n_ == sq % n_; });
      const int lo = *std::min_element(squares.begin(), squares.end());
      const int hi = *std::max_element(squares.begin(), squares.end());
      const int have = static_cast<int>(squares.size());
      bool ok = false;
      if (same_rank) ok |= have + run(lo, -1, 0) + run(hi, 1, 0) >= size;
      if (same_file) ok |= have + run(lo, 0, -1) + run(hi, 0, 1) >= size;
      return ok;
    }
    return region(squares, size) >= size;
  }

  /// River points touched so far.
  std::vector<bool> river_points() const {
    std::vector<bool> seen(static_cast<std::size_t>((n_ + 1) * (n_ + 1)), false);
    for (const auto& [a, b] : s_.rivers()) {
      const auto [u, v] = lattice_.edge_points(a, b);
      seen[static_cast<std::size_t>(u)] = seen[static_cast<std::size_t>(v)] = true;
    }
    return seen;
  }

  /// Whether a river now at interior point p can still reach an edge other than `from_side`.
  bool river_can_finish(int p, int from_side, std::vector<bool> seen) const {
    std::vector<int> todo{p};
    seen[static_cast<std::size_t>(p)] = true;
    while (!todo.empty()) {
      const int q = todo.back();
      todo.pop_back();
      for (const auto& d : kLatticeSteps) {
        const int x = lattice_.x(q) + d[0], y = lattice_.y(q) + d[1];
        if (x < 0 || x > n_ || y < 0 || y > n_) continue;
        const int nq = lattice_.point(x, y);
        if (seen[static_cast<std::size_t>(nq)]) continue;
        const int side = lattice_.side(nq);
        if (side >= 0) {
          if (side != from_side) return true;
          continue;
        }
        seen[static_cast<std::size_t>(nq)] = true;
        todo.push_back(nq);
      }
    }
    return false;
  }

  /// The river edges (square pairs) that may come next.
  std::vector<std::pair<int, int>> river_steps() const {
    std::vector<std::pair<int, int>> out;
    const FieldSetup& f = s_.field();
    const auto seen = river_points();
    const bool started = f.building != 0 && f.river_end != 0xFF;
    for (int p = 0; p < (n_ + 1) * (n_ + 1); ++p) {
      if (started ? p != f.river_end : lattice_.side(p) < 0) continue;
      const int from_side = started ? f.river_side : lattice_.side(p);
      for (const auto& d : kLatticeSteps) {
        const int x = lattice_.x(p) + d[0], y = lattice_.y(p) + d[1];
        if (x < 0 || x > n_ || y < 0 || y > n_) continue;
        const int q = lattice_.point(x, y);
        if (!lattice_.internal(p, q) || seen[static_cast<std::size_t>(q)]) continue;
        const int side = lattice_.side(q);
        if (side >= 0) {
          if (!started || side == from_side) continue;
        } else {
          auto with = seen;
          with[static_cast<std::size_t>(p)] = true;
          if (!river_can_finish(q, from_side, with)) continue;
        }
        out.push_back(lattice_.edge_squares(p, q));
      }
    }
    return out;
  }

  /// The squares a straight road from the edge square `start` crosses: north from rank 1, or
  /// east from file a.
  std::vector<int> road_squares(int start) const { return field_road_squares(start, n_); }
  bool road_start_ok(int start) const {
    const int f = start % n_, r = start / n_;
    if (!(r == 0 || (f == 0 && r > 0))) return false;
    if (r == 0 && waterway_ && in_waterway_files(waterway_edge_, f)) return false;
    const FieldSetup& fs = s_.field();
    for (int i = 0; i < fs.count; ++i)
      if (kind(fs.features[i].kind).shape == dba::Shape::kRoad && fs.features[i].count > 0 &&
          fs.features[i].squares[0] == start)
        return false;
    return true;
  }

 private:
  const WarfareState& s_;
  const dba::TerrainTable& t_;
  int n_;
  FieldLattice lattice_;
  std::array<std::int8_t, kMaxSquares> owner_{};
  FieldKindCounts counts_{};
  bool met_ = false;
  bool waterway_ = false;
  int waterway_edge_ = 0;
};

}  // namespace

void WarfareState::begin_battlefield() {
  (void)field_table();  // refuses a broken data file before the game starts
  for (int sq = 0; sq < kMaxSquares; ++sq) set_terrain(sq, Terrain::kClear);
  clear_rivers();
  field_ = FieldSetup{};
  set_phase(Phase::kBattlefield, main_player(2), main_player(2));
}

void WarfareState::clear_rivers() {
  river_.fill(0);
  has_rivers_ = false;
}

void WarfareState::gen_battlefield(ActionList& out) const {
  const FieldSetup& f = field_;
  const auto& table = field_table();
  if (f.step == FieldStep::kTopography) {
    const int n = static_cast<int>(table.topographies.size());
    if (f.home < n) out.push_back(make_action(Kind::kTopography, 0, f.home));  // its army's
    for (int i = 0; i < n; ++i)
      if (i != f.home) out.push_back(make_action(Kind::kTopography, 0, i));
    return;
  }
  if (f.step == FieldStep::kSide) {
    out.push_back(make_action(Kind::kSide, 0, 0));
    out.push_back(make_action(Kind::kSide, 0, 1));
    return;
  }
  const FieldRules rules(*this);
  const int n = geo_->width;
  if (f.building != 0) {
    const FieldFeature& cur = f.features[f.count - 1];
    if (rules.kind(cur.kind).shape == dba::Shape::kRiver) {
      for (const auto& [a, b] : rules.river_steps())
        out.push_back(make_action(Kind::kTerrain, cur.kind, a, b));
      return;
    }
    for (int sq = 0; sq < n * n; ++sq)
      if (rules.square_ok(cur.kind, sq, &cur))
        out.push_back(make_action(Kind::kTerrain, cur.kind, sq));
    return;
  }
  if (rules.complete()) out.push_back(make_action(Kind::kTerrainDone));
  for (int k = 0; k < static_cast<int>(table.features.size()); ++k) {
    if (!rules.kind_allowed(k)) continue;
    switch (rules.kind(k).shape) {
      case dba::Shape::kRiver:
        for (const auto& [a, b] : rules.river_steps())
          out.push_back(make_action(Kind::kTerrain, k, a, b));
        break;
      case dba::Shape::kRoad:
        for (int sq = 0; sq < n * n; ++sq)
          if (rules.road_start_ok(sq)) out.push_back(make_action(Kind::kTerrain, k, sq));
        break;
      case dba::Shape::kWaterway:
        for (int edge = 0; edge < 2; ++edge) out.push_back(make_action(Kind::kTerrain, k, edge));
        break;
      default:
        for (int sq = 0; sq < n * n; ++sq)
          if (rules.square_ok(k, sq, nullptr)) out.push_back(make_action(Kind::kTerrain, k, sq));
    }
  }
  // The generator's placement: offered before anything is placed, and whenever nothing else
  // is possible (it then replaces what was placed), so that the phase never sticks.
  if (f.count == 0 || out.empty()) out.insert(out.begin(), make_action(Kind::kTerrainAuto));
}

namespace {

/// Turns the board round (square sq of an n x n board to the opposite one).
int turned_round(int sq, int n) {
  return n * n - 1 - sq;
}

}  // namespace

void WarfareState::apply_battlefield(Action a) {
  FieldSetup& f = field_;
  const auto& table = field_table();
  const int n = geo_->width;
  switch (action_kind(a)) {
    case Kind::kTopography:
      f.topography = static_cast<std::uint8_t>(action_a(a));
      f.step = FieldStep::kFeatures;
      return;
    case Kind::kTerrainAuto: {
      clear_rivers();
      const auto& topo = table.topographies[f.topography];
      const dba::Selection selection = dba::select_terrain(table, topo, rng_);
      const dba::Battlefield field = dba::place_terrain(table, selection, n, rng_);
      for (int sq = 0; sq < n * n; ++sq) set_terrain(sq, field_terrain_named(field.terrain[sq]));
      for (const auto& [x, y] : field.rivers) add_river(x.rank * n + x.file, y.rank * n + y.file);
      f.count = 0;
      for (const auto& placed : field.features) {
        if (f.count >= kMaxFeatures) break;
        FieldFeature& ff = f.features[f.count++];
        ff.kind = static_cast<std::uint8_t>(kind_index(placed.kind));
        ff.die = static_cast<std::uint8_t>(placed.die);
        const int size = field_feature_size(*placed.kind, n);
        if (placed.kind->shape == dba::Shape::kWaterway) {
          ff.count = 1;
          ff.squares[0] = placed.squares.empty() || placed.squares[0].file < n / 2 ? 0 : 1;
        } else if (size > 0) {
          for (const auto& s : placed.squares)
            if (ff.count < kFeatureSquares)
              ff.squares[ff.count++] = static_cast<std::uint8_t>(s.rank * n + s.file);
        }
      }
      f.step = FieldStep::kSide;
      return;
    }
    case Kind::kTerrainDone: {
      // Roads are laid last: they clear the squares they cross (hills, the BUA and water
      // excepted) and ford the river there, as the generator lays them.
      const FieldRules rules(*this);
      auto edges = rivers();
      for (int i = 0; i < f.count; ++i) {
        const FieldFeature& ff = f.features[i];
        if (rules.kind(ff.kind).shape != dba::Shape::kRoad || ff.count == 0) continue;
        const auto path = rules.road_squares(ff.squares[0]);
        for (std::size_t k = 0; k < path.size(); ++k) {
          const auto t = static_cast<Terrain>(terrain_[path[k]]);
          if (t != Terrain::kHill && t != Terrain::kSteepHill && t != Terrain::kImpassable &&
              t != Terrain::kBuiltUp)
            set_terrain(path[k], Terrain::kClear);
          if (k == 0) continue;
          const int lo = std::min(path[k - 1], path[k]), hi = std::max(path[k - 1], path[k]);
          std::erase(edges, std::make_pair(lo, hi));
        }
      }
      clear_rivers();
      for (const auto& [x, y] : edges) add_river(x, y);
      f.step = FieldStep::kSide;
      return;
    }
    case Kind::kSide:
      if (action_a(a) == 1) {
        const auto edges = rivers();
        std::array<std::uint8_t, kMaxSquares> old = terrain_;
        for (int sq = 0; sq < n * n; ++sq)
          set_terrain(turned_round(sq, n), static_cast<Terrain>(old[sq]));
        clear_rivers();
        for (const auto& [x, y] : edges) add_river(turned_round(x, n), turned_round(y, n));
        for (int i = 0; i < f.count; ++i) {
          FieldFeature& ff = f.features[i];
          const auto shape = table.features[ff.kind].shape;
          if (shape == dba::Shape::kWaterway) {
            ff.squares[0] = static_cast<std::uint8_t>(1 - ff.squares[0]);
          } else if (shape == dba::Shape::kRoad) {
            // A road keeps its start on the south or west edge: the far end of the turned one.
            if (ff.count > 0) {
              const int start = ff.squares[0];
              const int end = start / n == 0 ? (n - 1) * n + start : start + n - 1;
              ff.squares[0] = static_cast<std::uint8_t>(turned_round(end, n));
            }
          } else {
            for (int k = 0; k < ff.count; ++k)
              ff.squares[k] = static_cast<std::uint8_t>(turned_round(ff.squares[k], n));
          }
        }
      }
      phase_ = Phase::kDeploy;
      active_ = to_act_ = 1;  // the attacker deploys first
      return;
    case Kind::kTerrain:
      break;
    default:
      return;
  }
  // kTerrain: a new feature, or the next square or river edge of the one being placed.
  const int k = action_card(a);
  const auto& kind = table.features[static_cast<std::size_t>(k)];
  if (f.building == 0) {
    FieldFeature ff;
    ff.kind = static_cast<std::uint8_t>(k);
    if (kind.rolled) ff.die = static_cast<std::uint8_t>(rng_.below(6) + 1);
    f.features[f.count++] = ff;
  }
  FieldFeature& cur = f.features[f.count - 1];
  const FieldLattice lattice{n};
  switch (kind.shape) {
    case dba::Shape::kRiver: {
      const auto [u, v] = lattice.edge_points(action_a(a), action_b(a));
      add_river(action_a(a), action_b(a));
      int end = 0xFF;
      if (f.building == 0) {  // the first edge: from the board edge inwards
        const int start = lattice.side(u) >= 0 ? u : v;
        f.river_side = static_cast<std::uint8_t>(lattice.side(start));
        end = start == u ? v : u;
      } else {
        end = u == f.river_end ? v : u;
      }
      if (lattice.side(end) >= 0) {
        f.building = 0;
        f.river_end = 0xFF;
        f.river_side = 0xFF;
      } else {
        f.building = 1;
        f.river_end = static_cast<std::uint8_t>(end);
      }
      return;
    }
    case dba::Shape::kRoad:
      cur.squares[0] = static_cast<std::uint8_t>(action_a(a));
      cur.count = 1;
      f.building = 0;
      return;
    case dba::Shape::kWaterway: {
      cur.squares[0] = static_cast<std::uint8_t>(action_a(a));
      cur.count = 1;
      const int width = FieldRules(*this).waterway_width();
      for (int sq = 0; sq < n * n; ++sq) {
        const int file = sq % n;
        if (action_a(a) == 0 ? file < width : file >= n - width)
          set_terrain(sq, Terrain::kImpassable);
      }
      f.building = 0;
      return;
    }
    default: {
      const int sq = action_a(a);
      cur.squares[cur.count++] = static_cast<std::uint8_t>(sq);
      set_terrain(sq, field_terrain_named(field_feature_terrain(kind, cur.die)));
      f.building = cur.count < field_feature_size(kind, n) ? 1 : 0;
      return;
    }
  }
}

std::string WarfareState::battlefield_text(Action a) const {
  const auto& table = field_table();
  const int n = geo_->width;
  switch (action_kind(a)) {
    case Kind::kTopography:
      return "topography " + table.topographies[static_cast<std::size_t>(action_a(a))].id;
    case Kind::kTerrainAuto:
      return "terrain auto";
    case Kind::kTerrainDone:
      return "terrain done";
    case Kind::kSide:
      return fmt::format("side {}", side_name(action_a(a)));
    case Kind::kTerrain: {
      const auto& kind = table.features[static_cast<std::size_t>(action_card(a))];
      if (kind.shape == dba::Shape::kRiver)
        return fmt::format("terrain {} {} {}", kind.id, square_name(action_a(a), n),
                           square_name(action_b(a), n));
      if (kind.shape == dba::Shape::kWaterway)
        return fmt::format("terrain {} {}", kind.id, waterway_edge_name(action_a(a)));
      return fmt::format("terrain {} {}", kind.id, square_name(action_a(a), n));
    }
    default:
      return "?";
  }
}

std::string battlefield_choice(const WarfareState& s) {
  ActionList actions;
  s.legal_actions(actions);
  if (actions.empty()) return "";
  for (Action a : actions)
    if (action_kind(a) == Kind::kTerrainAuto || action_kind(a) == Kind::kTerrainDone)
      return s.action_text(a);
  return s.action_text(actions[0]);
}

namespace {

/// A piece of a topography's list in words: its kinds' names ("Rocky ground/Scrub").
std::string piece_words(const dba::Piece& piece) {
  std::string out;
  for (const auto* k : piece.choices) out += (out.empty() ? "" : "/") + k->name;
  return out;
}

/// A compulsory alternative in words, equal pieces counted ("2 Plough").
std::string alternative_words(const std::vector<dba::Piece>& alternative) {
  std::vector<std::pair<std::string, int>> counted;
  for (const auto& piece : alternative) {
    const std::string w = piece_words(piece);
    if (!counted.empty() && counted.back().first == w)
      ++counted.back().second;
    else
      counted.emplace_back(w, 1);
  }
  std::string out;
  for (const auto& [w, n] : counted)
    out += (out.empty() ? "" : " + ") + (n > 1 ? fmt::format("{} {}", n, w) : w);
  return out;
}

/// The compulsory alternatives of a topography ("Built-up area, or 2 Plough").
std::string compulsory_words(const dba::Topography& topo) {
  std::string out;
  for (const auto& alternative : topo.compulsory)
    out += (out.empty() ? "" : ", or ") + alternative_words(alternative);
  return out;
}

}  // namespace

std::string battlefield_words(const WarfareState& s, const std::vector<std::string>& w,
                              bool logged) {
  const auto& table = field_table();
  const std::string text = [&] {
    std::string t;
    for (const auto& x : w) t += (t.empty() ? "" : " ") + x;
    return t;
  }();
  if (w.size() < 2) return text;
  if (w[0] == "topography") {
    const auto t = field_topography_index(w[1]);
    if (!t) return text;
    const auto& topo = table.topographies[static_cast<std::size_t>(*t)];
    const std::string compulsory = compulsory_words(topo);
    std::string optional;
    for (const auto& piece : topo.optional)
      optional += (optional.empty() ? "" : ", ") + piece_words(piece);
    if (logged) return fmt::format("Chose the home topography {}", topo.name);
    return fmt::format("Home topography {}: compulsory {}; optional {}", topo.name, compulsory,
                       optional);
  }
  if (w[0] == "side") {
    if (w[1] == "north")
      // Not "the top of the board": the defender's own view shows rank 12 at the bottom.
      return logged ? "Set up on the north edge"
                    : "Set up on the north edge (rank 12): the battlefield stays as placed";
    return logged ? "Set up on the south edge: the battlefield turned round"
                  : "Set up on the south edge: the battlefield turns round";
  }
  if (w[1] == "auto") {
    const auto& f = s.field();
    const std::string topo =
        f.topography == 0xFF ? "" : " " + table.topographies[f.topography].name;
    return fmt::format("{} the{} terrain automatically (the DBA terrain generator)",
                       logged ? "Placed" : "Place", topo);
  }
  if (w[1] == "done") return logged ? "Finished placing the features" : "The features are placed";
  const auto k = field_kind_index(w[1]);
  if (!k || w.size() < 3) return text;
  // A feature placed: its words as offered, after "Placed" in a log line.
  if (logged) return "Placed " + battlefield_words(s, w);
  const auto& kind = table.features[static_cast<std::size_t>(*k)];
  const int n = s.geo().width;
  const std::string terrain =
      kind.rolled ? "its die decides the going" : "Ancient Warfare " + kind.terrain;
  switch (kind.shape) {
    case dba::Shape::kRiver:
      return w.size() >= 4 ? fmt::format("River between {} and {}", w[2], w[3]) : text;
    case dba::Shape::kRoad:
      return fmt::format("Road from {} (clear going; it fords the river)", w[2]);
    case dba::Shape::kWaterway:
      return fmt::format("Waterway along the {} edge ({} files of water)", w[2],
                         FieldRules(s).waterway_width());
    default: {
      const FieldSetup& f = s.field();
      const bool more = f.building != 0 && f.features[f.count - 1].kind == *k;
      const int size = field_feature_size(kind, n);
      if (size == 1) return fmt::format("{} on {} ({})", kind.name, w[2], terrain);
      return fmt::format("{} on {} ({}; {} of {} squares)", kind.name, w[2], terrain,
                         more ? f.features[f.count - 1].count + 1 : 1, size);
    }
  }
}

std::string battlefield_summary(const WarfareState& s) {
  const FieldSetup& f = s.field();
  const auto& table = field_table();
  const int n = s.geo().width;
  if (f.step == FieldStep::kTopography)
    return "The defender's battlefield: player 2 (the defender) chooses a home topography "
           "(`topography NAME`)";
  const auto& topo = table.topographies[f.topography];
  std::string placed;
  for (int i = 0; i < f.count; ++i) {
    const FieldFeature& ff = f.features[i];
    const auto& kind = table.features[ff.kind];
    std::string where;
    if (kind.shape == dba::Shape::kWaterway)
      where = waterway_edge_name(ff.squares[0]);
    else if (kind.shape == dba::Shape::kRoad && ff.count > 0)
      where = "from " + square_name(ff.squares[0], n);
    else if (ff.count > 0)
      where = ff.count == 1
                  ? square_name(ff.squares[0], n)
                  : fmt::format("{} squares from {}", ff.count, square_name(ff.squares[0], n));
    std::string die;
    if (ff.die != 0)
      die = fmt::format(", rolled {}: {}", ff.die,
                        kind.die_notes[static_cast<std::size_t>(ff.die - 1)]);
    placed += fmt::format("{}{}{}{}", placed.empty() ? "" : "; ", kind.name,
                          where.empty() ? "" : " (" + where + ")", die);
  }
  const std::string compulsory = compulsory_words(topo);
  const std::string next =
      f.step == FieldStep::kSide
          ? "player 2 chooses its edge (`side north` keeps the battlefield as placed, `side south` "
            "turns the battlefield round)"
      : f.building != 0
          ? fmt::format("go on placing the {}", table.features[f.features[f.count - 1].kind].name)
          : "place a feature (`terrain KIND SQ`), `terrain auto`, or `terrain done`";
  return fmt::format(
      "The defender's battlefield ({}): compulsory {}, then {}-{} optional. Placed: {}. Next: {}",
      topo.name, compulsory, table.optional_min, table.optional_max,
      placed.empty() ? "nothing yet" : placed, next);
}

std::string battlefield_refusal(const WarfareState& s, const std::vector<std::string>& w) {
  const std::string& verb = w[0];
  const bool ours = verb == "topography" || verb == "terrain" || verb == "side";
  if (s.phase() != Phase::kBattlefield)
    return fmt::format(
        "\"{}\" belongs to the defender's battlefield, before deployment (map \"defender\" with "
        "the DBA set-up), and that is over or not in this game",
        verb);
  const FieldSetup& f = s.field();
  const auto& table = field_table();
  const char* step = f.step == FieldStep::kTopography ? "`topography NAME`"
                     : f.step == FieldStep::kSide     ? "`side north` or `side south`"
                                                      : "`terrain ...`";
  if (!ours)
    return fmt::format("the defender (player 2) is setting up the battlefield; next: {}", step);
  if (verb == "topography") {
    if (f.step != FieldStep::kTopography) return "the topography is already chosen";
    std::string known;
    for (const auto& t : table.topographies) known += (known.empty() ? "" : "|") + t.id;
    return fmt::format("unknown home topography \"{}\" (known: {})", w[1], known);
  }
  if (verb == "side")
    return f.step == FieldStep::kTopography ? "first choose the topography (`topography NAME`)"
                                            : "first place the features and say `terrain done`";
  if (f.step == FieldStep::kTopography) return "first choose the topography (`topography NAME`)";
  if (f.step == FieldStep::kSide) return "the features are placed; next: `side north|south`";
  const FieldRules rules(s);
  const int n = s.geo().width;
  if (w[1] == "done") {
    if (f.building != 0)
      return fmt::format("the {} being placed is not finished",
                         table.features[f.features[f.count - 1].kind].name);
    bool going = false;
    const std::string more = rules.still_to_place(going);
    const std::string base = fmt::format(
        "the features do not yet make a complete choice for {} (compulsory {}, then {}-{} "
        "optional features, with bad or rough going, a river or a waterway among them)",
        table.topographies[f.topography].name, compulsory_words(table.topographies[f.topography]),
        table.optional_min, table.optional_max);
    const std::string why =
        going ? "; none placed gives bad or rough going, a river or a waterway (a plough counts "
                "only when its die rolled 1)"
              : "";
    return more.empty() ? base + why : fmt::format("{}{}; still to place: {}", base, why, more);
  }
  if (w[1] == "auto")
    return "`terrain auto` replaces the whole placement: only before the first feature";
  const auto k = field_kind_index(w[1]);
  if (!k) {
    std::string known;
    for (const auto& fk : table.features) known += (known.empty() ? "" : "|") + fk.id;
    return fmt::format("unknown terrain feature \"{}\" (known: {})", w[1], known);
  }
  const auto& kind = table.features[static_cast<std::size_t>(*k)];
  if (f.building != 0) {
    const auto& cur = table.features[f.features[f.count - 1].kind];
    if (cur.id != kind.id) return fmt::format("finish the {} being placed first", cur.name);
    if (cur.shape == dba::Shape::kRiver)
      return "the river goes on from its open end, along a square edge it has not used, and "
             "must still be able to reach another board edge";
    return fmt::format(
        "the next square of the {} must be free, touch it{}, leave room for its "
        "{} squares and for both armies' deployment",
        cur.name, cur.shape == dba::Shape::kLine ? " in a straight line" : "",
        field_feature_size(cur, n));
  }
  if (!rules.kind_allowed(*k))
    return fmt::format(
        "a {} does not fit the {} topography's choice any more (its compulsory and optional "
        "features, at most {} of a kind{})",
        kind.name, table.topographies[f.topography].name, kind.max,
        kind.shape == dba::Shape::kWaterway ? ", a waterway before any other feature" : "");
  switch (kind.shape) {
    case dba::Shape::kRiver:
      return "a river starts with a square edge at a board edge (`terrain river SQ SQ`, two "
             "neighbouring squares)";
    case dba::Shape::kRoad:
      return "a road starts on rank 1 (running north) or on file a (running east): `terrain "
             "road SQ`";
    case dba::Shape::kSingle:
      return fmt::format("a {} stands on a free square within {} squares of two board edges",
                         kind.name, table.bua_edge_distance);
    default:
      return fmt::format(
          "a {} starts on a free square with room for its {} squares, leaving "
          "both armies room to deploy",
          kind.name, field_feature_size(kind, n));
  }
}

}  // namespace ancients::warfare
