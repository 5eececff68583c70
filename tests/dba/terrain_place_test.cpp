// Generated battlefields: reproducible from the seed, valid map files (the same validation as
// hand-made maps), and sensible: the feature-to-terrain mapping holds, features do not overlap,
// the waterway is a side edge, rivers cross side to side, roads run edge to edge, the BUA is
// near two edges, and the deployment rows stay usable.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "core/errors.h"
#include "dba_support.h"
#include "tools/dba/generate.h"
#include "tools/dba/map_json.h"
#if __has_include("games/warfare/setup.h")
#include "games/warfare/setup.h"
#define DBA_TEST_HAVE_ENGINE_MAPS 1
#endif

namespace {

using namespace dba_test;

/// Seeds per topography and board: 30, or DBA_TEST_SEEDS for a deeper sweep.
int seed_count() {
  const char* env = std::getenv("DBA_TEST_SEEDS");
  return env != nullptr && std::atoi(env) > 0 ? std::atoi(env) : 30;
}
constexpr int kArmyUnits = 13;  // 11 units, a General and a Camp

std::vector<std::string> topographies() {
  std::vector<std::string> out;
  for (const auto& t : sheet().terrain.topographies) out.push_back(t.id);
  return out;
}

bool edge_connected(const std::vector<Square>& path) {
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int d =
        std::abs(path[i].file - path[i - 1].file) + std::abs(path[i].rank - path[i - 1].rank);
    if (d != 1) return false;
  }
  return true;
}

/// A river: its bank squares one per file across the board (side edge or waterway to side
/// edge), its edges between orthogonal neighbours out of the deployment rows, and every edge
/// beside the bank or turning between two files.
void check_river(const Battlefield& f, const PlacedFeature& p, const std::string& what) {
  const int n = f.board;
  ASSERT_FALSE(p.squares.empty()) << what;
  for (std::size_t i = 1; i < p.squares.size(); ++i) {
    EXPECT_EQ(p.squares[i].file, p.squares[i - 1].file + 1) << what << " river skips a file";
    EXPECT_LE(std::abs(p.squares[i].rank - p.squares[i - 1].rank), 1) << what;
  }
  EXPECT_LE(p.squares.front().file, 2) << what;
  EXPECT_GE(p.squares.back().file, n - 3) << what;
  for (const auto& [a, b] : f.rivers) {
    EXPECT_EQ(std::abs(a.file - b.file) + std::abs(a.rank - b.rank), 1) << what;
    for (const Square& s : {a, b}) {
      EXPECT_GE(s.rank, 2) << what << " river in a deployment row";
      EXPECT_LE(s.rank, n - 3) << what << " river in a deployment row";
    }
  }
}

/// Checks one generated map; `what` names it in failures.
void check_map(const GeneratedMap& g, const std::string& what) {
  const Battlefield& f = g.field;
  const int n = f.board;
  EXPECT_NO_THROW(validate_map_json(g.map, what)) << what;
#ifdef DBA_TEST_HAVE_ENGINE_MAPS
  EXPECT_NO_THROW(ancients::warfare::battlefield_from_json(g.map, what)) << what;
#endif
  // The map's terrain is the battlefield's.
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Square s{c, r};
      const std::string name = square_name(s);
      const std::string t =
          g.map["terrain"].contains(name) ? g.map["terrain"][name].get<std::string>() : "clear";
      EXPECT_EQ(t, f.terrain_at(s)) << what << " " << name;
    }
  // Features: one per chosen feature; no two non-road features share a square.
  EXPECT_EQ(f.features.size(), g.selection.features.size()) << what;
  std::map<std::size_t, int> owner;
  int waterway_lo = n, waterway_hi = -1;
  const BoardSpec& spec = sheet().terrain.boards.at(n);
  for (const auto& p : f.features) {
    const Shape shape = p.kind->shape;
    if (shape != Shape::kRoad && shape != Shape::kRiver) {  // rivers run between squares
      for (const Square& s : p.squares) EXPECT_EQ(owner[f.index(s)]++, 0) << what << " overlap";
    }
    switch (shape) {
      case Shape::kWaterway:
        waterway_lo = n;
        waterway_hi = -1;
        for (const Square& s : p.squares) {
          waterway_lo = std::min(waterway_lo, s.file);
          waterway_hi = std::max(waterway_hi, s.file);
        }
        EXPECT_EQ(waterway_hi - waterway_lo + 1, spec.waterway) << what;
        EXPECT_TRUE(waterway_lo == 0 || waterway_hi == n - 1) << what << " not on a side edge";
        EXPECT_EQ(static_cast<int>(p.squares.size()), n * spec.waterway) << what;
        break;
      case Shape::kRiver:
        check_river(f, p, what);
        break;
      case Shape::kRoad:
        EXPECT_TRUE(edge_connected(p.squares)) << what << " road has a gap";
        break;
      case Shape::kSingle:
        ASSERT_EQ(p.squares.size(), 1u);
        {
          const Square s = p.squares.front();
          const int d = sheet().terrain.bua_edge_distance;
          EXPECT_TRUE((s.file < d || s.file >= n - d) && (s.rank < d || s.rank >= n - d)) << what;
        }
        break;
      case Shape::kArea:
        EXPECT_EQ(static_cast<int>(p.squares.size()), spec.area) << what << " " << p.kind->id;
        break;
      case Shape::kSmall:
        EXPECT_EQ(static_cast<int>(p.squares.size()), spec.small) << what;
        break;
      case Shape::kLine:
        EXPECT_EQ(static_cast<int>(p.squares.size()), spec.line) << what;
        EXPECT_TRUE(edge_connected(p.squares)) << what;
        break;
    }
    // The feature's own squares carry its terrain unless a road crossed them (roads are
    // checked in RoadsRunFromBackEdgeToBackEdgeAndAreClear).
    if (shape == Shape::kRoad || shape == Shape::kRiver) continue;
    for (const Square& s : p.squares) {
      if (f.symbol_at(s) != '=') {
        EXPECT_EQ(f.terrain_at(s), p.terrain) << what << " " << p.kind->id;
      }
    }
  }
  // Impassable only on the waterway; deployment rows usable; nothing but roads and the
  // waterway on the back rows.
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (f.terrain_at(Square{c, r}) == "impassable") {
        EXPECT_TRUE(c >= waterway_lo && c <= waterway_hi) << what;
      }
    }
  }
  for (int r : {0, n - 1})
    for (int c = 0; c < n; ++c) {
      const char sym = f.symbol_at(Square{c, r});
      EXPECT_TRUE(sym == '.' || sym == '=' || sym == '#') << what << " back row has " << sym;
    }
  for (const auto& rows : {std::pair{0, 1}, std::pair{n - 2, n - 1}}) {
    int enterable = 0;
    for (int r : {rows.first, rows.second})
      for (int c = 0; c < n; ++c) enterable += f.terrain_at(Square{c, r}) != "impassable";
    EXPECT_GE(enterable, kArmyUnits) << what;
  }
}

TEST(TerrainPlace, EveryTopographyAndBoardGivesSensibleValidMaps) {
  for (const auto& topo : topographies())
    for (int board : {8, 12})
      for (int seed = 0; seed < seed_count(); ++seed) {
        const auto g = generate_map(sheet(), topo, board, static_cast<std::uint64_t>(seed));
        check_map(g, topo + "/" + std::to_string(board) + "/seed " + std::to_string(seed));
      }
}

TEST(TerrainPlace, FeaturesMapToTheEngineTerrainAsDocumented) {
  // shared/rules/dba-battlefield-and-lists.md: Wd, Oasis -> woods; DH -> steep-hill; GH -> hill;
  // BUA -> built-up; the rest of bad and rough going -> rough.
  const std::map<std::string, std::string> mapping = {
      {"wood", "woods"},          {"difficult-hill", "steep-hill"},
      {"marsh", "rough"},         {"gully", "rough"},
      {"dunes", "rough"},         {"oasis", "woods"},
      {"rocky", "rough"},         {"scrub", "rough"},
      {"boggy", "rough"},         {"enclosure", "rough"},
      {"gentle-hill", "hill"},    {"road", "clear"},
      {"waterway", "impassable"}, {"bua", "built-up"}};
  for (const auto& [id, terrain] : mapping) {
    const FeatureKind* k = sheet().terrain.find_feature(id);
    ASSERT_NE(k, nullptr) << id;
    EXPECT_FALSE(k->rolled) << id;
    EXPECT_EQ(k->terrain, terrain) << id;
  }
  EXPECT_TRUE(sheet().terrain.find_feature("plough")->rolled);
  EXPECT_TRUE(sheet().terrain.find_feature("river")->rolled);
  EXPECT_EQ(sheet().terrain.features.size(), mapping.size() + 2);
  // House rules: "Terrain covers 6 squares (Wood or hills)" on their 12x12 board, "BUA covers
  // 1 square"; a waterway is impassable.
  EXPECT_EQ(sheet().terrain.boards.at(12).area, 6);
  EXPECT_EQ(sheet().terrain.find_feature("bua")->shape, Shape::kSingle);
  EXPECT_EQ(sheet().terrain.find_feature("waterway")->shape, Shape::kWaterway);
}

TEST(TerrainPlace, TheSameSeedGivesTheSameMap) {
  for (const auto& topo : topographies()) {
    const auto a = generate_map(sheet(), topo, 12, 2024);
    const auto b = generate_map(sheet(), topo, 12, 2024);
    EXPECT_EQ(a.map, b.map) << topo;
    std::set<std::string> different;
    for (std::uint64_t seed = 0; seed < 10; ++seed)
      different.insert(generate_map(sheet(), topo, 12, seed).map["terrain"].dump());
    EXPECT_GT(different.size(), 5u) << topo << ": seeds barely change the map";
  }
}

TEST(TerrainPlace, RoadsRunFromBackEdgeToBackEdgeAndAreClear) {
  int roads = 0;
  for (int seed = 0; seed < 80; ++seed) {
    const auto g = generate_map(sheet(), "hilly", 12, static_cast<std::uint64_t>(seed));
    int index = 0;
    for (const auto& p : g.field.features) {
      if (p.kind->id != "road") continue;
      ++roads;
      std::set<int> ranks, files;
      for (const Square& s : p.squares) {
        ranks.insert(s.rank);
        files.insert(s.file);
        const std::string& t = g.field.terrain_at(s);
        EXPECT_TRUE(t == "clear" || t == "hill" || t == "steep-hill" || t == "built-up") << t;
      }
      // A road fords the river: no river edge between two of its consecutive squares.
      for (std::size_t k = 1; k < p.squares.size(); ++k)
        for (const auto& [a, b] : g.field.rivers)
          EXPECT_FALSE((a == p.squares[k - 1] && b == p.squares[k]) ||
                       (b == p.squares[k - 1] && a == p.squares[k]))
              << "seed " << seed << " road crosses a river without a ford";
      if (index++ == 0) {
        EXPECT_TRUE(ranks.count(0) && ranks.count(11)) << "seed " << seed;
      } else {
        EXPECT_EQ(files.size(), 12u) << "seed " << seed;
      }
    }
  }
  EXPECT_GT(roads, 10);
}

TEST(TerrainPlace, BadInputIsRefused) {
  EXPECT_THROW(generate_map(sheet(), "swamp", 12, 1), ancients::BadInput);
  EXPECT_THROW(generate_map(sheet(), "arable", 10, 1), ancients::BadInput);
  try {
    generate_map(sheet(), "swamp", 12, 1);
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("unknown home topography \"swamp\""), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("littoral"), std::string::npos);
  }
}

TEST(TerrainPlace, ThePictureShowsEverySquareAndALegend) {
  const auto g = generate_map(sheet(), "littoral", 8, 7);
  std::string pic = map_picture(sheet(), g);
  std::replace(pic.begin(), pic.end(), '|', ' ');  // river edges between squares
  EXPECT_NE(pic.find("home topography Littoral, seed 7, board 8x8"), std::string::npos);
  EXPECT_NE(pic.find("player 1 deploys"), std::string::npos);
  EXPECT_NE(pic.find("Legend"), std::string::npos);
  EXPECT_NE(pic.find("Waterway (WW)"), std::string::npos);
  for (int r = 0; r < 8; ++r) {
    std::string row;
    for (int c = 0; c < 8; ++c) row += std::string(" ") + g.field.symbol_at(Square{c, r});
    EXPECT_NE(pic.find(row), std::string::npos) << "rank " << r + 1;
  }
}

TEST(TerrainPlace, RiversRunBetweenSquaresAndAreDrawn) {
  int rivers = 0;
  for (int seed = 0; seed < 40; ++seed) {
    const auto g = generate_map(sheet(), "arable", 12, static_cast<std::uint64_t>(seed));
    if (g.field.rivers.empty()) continue;
    ++rivers;
    // The map file carries the edges; the game's reader takes them.
    ASSERT_TRUE(g.map.contains("rivers")) << seed;
    EXPECT_EQ(g.map["rivers"].size(), g.field.rivers.size());
    const auto field = ancients::warfare::battlefield_from_json(g.map, "generated");
    EXPECT_EQ(field.rivers.size(), g.field.rivers.size());
    const std::string pic = map_picture(sheet(), g);
    EXPECT_NE(pic.find(" ~"), std::string::npos) << pic;
    EXPECT_NE(pic.find("a river between squares"), std::string::npos);
  }
  EXPECT_GT(rivers, 5) << "arable battlefields should often have a river";
}

TEST(TerrainPlace, HouseRuleFeaturesReachTheMapAsTheirOwnTerrain) {
  std::set<std::string> seen;
  for (const auto& topo : topographies())
    for (int seed = 0; seed < 20; ++seed) {
      const auto g = generate_map(sheet(), topo, 12, static_cast<std::uint64_t>(seed));
      for (const auto& [sq, t] : g.map["terrain"].items()) seen.insert(t.get<std::string>());
    }
  for (const char* t : {"woods", "steep-hill", "built-up", "hill", "rough", "impassable"})
    EXPECT_TRUE(seen.count(t)) << t << " never generated";
}

}  // namespace
