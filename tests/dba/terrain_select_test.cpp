// Choosing terrain by home topography: a compulsory alternative from the sheet's table, 2-3
// optional features from the topography's list, and the limits (one waterway, river, oasis,
// gully or BUA; two roads; three of any other kind; bad or rough going, a river or a
// waterway). The expected lists are typed from the sheet's table.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "dba_support.h"
#include "tools/dba/terrain_select.h"

namespace {

using namespace dba_test;

struct Row {
  const char* id;
  std::vector<std::vector<std::set<std::string>>> compulsory;  // alternatives of pieces
  std::set<std::string> optional;                              // kinds allowed as optional
};

// The sheet's table: Terrain | Compulsory | Optional (2-3).
const std::vector<Row>& terrain_table() {
  static const std::vector<Row> rows = {
      {"arable",
       {{{"bua"}}, {{"plough"}, {"plough"}}},
       {"river", "difficult-hill", "gentle-hill", "wood", "plough", "enclosure", "road", "waterway",
        "scrub", "boggy"}},
      {"forest",
       {{{"wood"}}, {{"wood"}, {"wood"}}},
       {"river", "marsh", "gentle-hill", "wood", "bua"}},
      {"hilly",
       {{{"difficult-hill"}}, {{"difficult-hill"}, {"difficult-hill"}}},
       {"river", "wood", "bua", "road", "difficult-hill"}},
      {"steppe",
       {{{"gentle-hill"}}, {{"gentle-hill"}, {"gentle-hill"}}},
       {"river", "rocky", "scrub", "gully", "bua"}},
      {"dry",
       {{{"rocky", "scrub"}}, {{"rocky", "scrub"}, {"rocky", "scrub"}}},
       {"dunes", "difficult-hill", "oasis", "bua"}},
      {"tropical",
       {{{"wood"}}, {{"wood"}, {"wood"}}},
       {"river", "marsh", "gully", "bua", "enclosure", "road", "wood"}},
      {"littoral",
       {{{"waterway"}}},
       {"difficult-hill", "marsh", "wood", "dunes", "bua", "road", "river"}},
  };
  return rows;
}

bool matches_alternative(const std::vector<std::string>& got,
                         const std::vector<std::set<std::string>>& pieces) {
  if (got.size() != pieces.size()) return false;
  std::vector<std::string> rest = got;
  for (const auto& piece : pieces) {
    auto it = std::find_if(rest.begin(), rest.end(),
                           [&](const std::string& k) { return piece.count(k) != 0; });
    if (it == rest.end()) return false;
    rest.erase(it);
  }
  return true;
}

constexpr int kSeeds = 300;

TEST(TerrainSelect, EveryTopographyFollowsItsRowOfTheTable) {
  for (const Row& row : terrain_table()) {
    const Topography* topo = sheet().terrain.find_topography(row.id);
    ASSERT_NE(topo, nullptr) << row.id;
    std::set<std::string> optional_seen;
    for (int seed = 0; seed < kSeeds; ++seed) {
      ancients::Rng rng(static_cast<std::uint64_t>(seed));
      const Selection s = select_terrain(sheet().terrain, *topo, rng);
      std::vector<std::string> compulsory;
      int optional = 0;
      for (const auto& c : s.features) {
        if (c.compulsory) {
          compulsory.push_back(c.kind->id);
          continue;
        }
        ++optional;
        optional_seen.insert(c.kind->id);
        EXPECT_TRUE(row.optional.count(c.kind->id) != 0) << row.id << ": " << c.kind->id;
      }
      EXPECT_TRUE(
          std::any_of(row.compulsory.begin(), row.compulsory.end(),
                      [&](const auto& alt) { return matches_alternative(compulsory, alt); }))
          << row.id << " seed " << seed;
      EXPECT_GE(optional, 2) << row.id << " seed " << seed;
      EXPECT_LE(optional, 3) << row.id << " seed " << seed;
      EXPECT_EQ(limits_problem(sheet().terrain, s.features), "") << row.id << " seed " << seed;
      for (const auto& c : s.features) {
        if (c.kind->rolled) {
          EXPECT_GE(c.die, 1);
          EXPECT_LE(c.die, 6);
        } else {
          EXPECT_EQ(c.die, 0);
        }
      }
    }
    // Over many seeds every optional kind of the row turns up.
    EXPECT_EQ(optional_seen, row.optional) << row.id;
  }
}

TEST(TerrainSelect, SameSeedSameChoice) {
  const Topography* topo = sheet().terrain.find_topography("arable");
  for (std::uint64_t seed : {1u, 99u, 12345u}) {
    ancients::Rng r1(seed), r2(seed);
    const Selection a = select_terrain(sheet().terrain, *topo, r1);
    const Selection b = select_terrain(sheet().terrain, *topo, r2);
    ASSERT_EQ(a.features.size(), b.features.size());
    for (std::size_t i = 0; i < a.features.size(); ++i) {
      EXPECT_EQ(a.features[i].kind, b.features[i].kind);
      EXPECT_EQ(a.features[i].die, b.features[i].die);
    }
  }
}

ChosenFeature feature(const std::string& id, int die = 0) {
  ChosenFeature c;
  c.kind = sheet().terrain.find_feature(id);
  EXPECT_NE(c.kind, nullptr) << id;
  c.die = die;
  return c;
}

TEST(TerrainSelect, LimitsOfTheSheet) {
  const TerrainTable& t = sheet().terrain;
  for (const char* one : {"waterway", "river", "oasis", "gully", "bua"}) {
    const int die = sheet().terrain.find_feature(one)->rolled ? 3 : 0;
    EXPECT_EQ(limits_problem(t, {feature(one, die), feature("wood")}), "") << one;
    EXPECT_NE(limits_problem(t, {feature(one, die), feature(one, die), feature("wood")}), "")
        << one;
  }
  EXPECT_EQ(limits_problem(t, {feature("road"), feature("road"), feature("wood")}), "");
  EXPECT_NE(limits_problem(t, {feature("road"), feature("road"), feature("road"), feature("wood")}),
            "");
  EXPECT_EQ(limits_problem(t, {feature("wood"), feature("wood"), feature("wood")}), "");
  EXPECT_NE(limits_problem(t, {feature("wood"), feature("wood"), feature("wood"), feature("wood")}),
            "");
  EXPECT_NE(
      limits_problem(t, {feature("marsh"), feature("marsh"), feature("marsh"), feature("marsh")}),
      "");
}

TEST(TerrainSelect, MustIncludeBadOrRoughGoingOrRiverOrWaterway) {
  const TerrainTable& t = sheet().terrain;
  EXPECT_NE(limits_problem(t, {feature("gentle-hill"), feature("road"), feature("bua")}), "");
  EXPECT_EQ(limits_problem(t, {feature("gentle-hill"), feature("scrub")}), "");
  EXPECT_EQ(limits_problem(t, {feature("gentle-hill"), feature("marsh")}), "");
  EXPECT_EQ(limits_problem(t, {feature("gentle-hill"), feature("river", 1)}), "");  // paltry
  EXPECT_EQ(limits_problem(t, {feature("gentle-hill"), feature("waterway")}), "");
  // Plough is rough only "if 1".
  EXPECT_NE(limits_problem(t, {feature("plough", 2), feature("plough", 6), feature("road")}), "");
  EXPECT_EQ(limits_problem(t, {feature("plough", 1), feature("plough", 6), feature("road")}), "");
}

TEST(TerrainSelect, RolledTerrainFollowsTheDie) {
  EXPECT_EQ(feature("plough", 1).terrain(), "rough");
  for (int die = 2; die <= 6; ++die) EXPECT_EQ(feature("plough", die).terrain(), "clear");
  EXPECT_EQ(feature("river", 1).terrain(), "clear");  // paltry
  EXPECT_EQ(feature("river", 2).terrain(), "clear");
  for (int die = 3; die <= 6; ++die) EXPECT_EQ(feature("river", die).terrain(), "rough");
}

}  // namespace
