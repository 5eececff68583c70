// Tests of the German house rules' terrain features (shared/seeds/003_8228c9eeb0b841e9.txt,
// "On Different types of terrain", read with shared/rules/ancient-warfare.md §4): woods that
// block lines except indirect fire, built-up areas where units ignore auto-kills, steep hills
// and rivers between squares that stop movement, the Rough Ground card across a river and on
// a hill against attacks from below; their position JSON and map file forms and the generator.
#include "games/warfare/setup.h"
#include "support/paths.h"
#include "warfare/position_builder.h"

namespace wtest {
namespace {

json with_rivers(const Pos& p, const json& rivers) {
  json j = p.js();
  j["rivers"] = rivers;
  return j;
}

TEST(HouseTerrainWoods, BlockALineButNotIndirectFire) {
  const auto base = [] {
    return Pos().unit("d2", 1, "bows").unit("d4", 2, "psiloi").hand(1, {"special-ability"});
  };
  auto open = base().state();
  EXPECT_TRUE(has(*open, "autokill d2xd4"));
  auto wooded = base().terrain("d3", "woods").state();
  EXPECT_FALSE(has(*wooded, "autokill d2xd4")) << "woods between block the line";
  EXPECT_TRUE(has(*wooded, "attack special-ability d2xd4")) << "indirect fire passes woods";
  // A unit standing in the woods may itself be attacked.
  auto target_in_woods = base().terrain("d4", "woods").state();
  EXPECT_TRUE(has(*target_in_woods, "autokill d2xd4"));
}

TEST(HouseTerrainWoods, AreDifficultGoingThatStopsMovement) {
  const auto base = [] { return Pos().phase("move").unit("d2", 1, "blades").hand(1, {"march"}); };
  EXPECT_TRUE(has(*base().state(), "move march d2-d4"));
  auto s = base().terrain("d3", "woods").state();
  EXPECT_FALSE(has(*s, "move march d2-d4"));
  // Light troops (Auxilia) are not stopped, as in rough.
  auto aux = Pos().phase("move").unit("d2", 1, "auxilia").hand(1, {"march"}).terrain("d3", "woods");
  EXPECT_TRUE(has(*aux.state(), "move march d2-d4"));
}

TEST(HouseTerrainBuiltUp, UnitsThereIgnoreAutoKillsButNotCardAttacks) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .terrain("d5", "built-up")
               .hand(1, {"attack"})
               .state();
  EXPECT_FALSE(has(*s, "autokill d4xd5"));
  EXPECT_TRUE(has(*s, "attack attack d4xd5"));
  auto open = Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  EXPECT_TRUE(has(*open, "autokill d4xd5"));
}

TEST(HouseTerrainSteepHill, StopsMovementAndGivesTheHillBonus) {
  auto s = Pos().phase("move").unit("d2", 1, "cavalry").terrain("d3", "steep-hill");
  s.hand(1, {"march", "trod"});
  auto st = s.state();
  EXPECT_FALSE(has(*st, "move march d2-d4"));
  EXPECT_TRUE(has(*st, "move trod d2-d3"));
  // Missile units on a steep hill shoot one square further, like on a hill.
  auto bows = Pos().unit("d2", 1, "bows").terrain("d2", "steep-hill").unit("d5", 2, "knights");
  EXPECT_TRUE(has(*bows.state(), "autokill d2xd5"));
  auto flat = Pos().unit("d2", 1, "bows").unit("d5", 2, "knights");
  EXPECT_FALSE(has(*flat.state(), "autokill d2xd5"));
}

TEST(HouseTerrainRiver, StopsAUnitThatCrossesIt) {
  const Pos p = Pos().phase("move").unit("d2", 1, "cavalry").hand(1, {"march", "fast-pace"});
  auto s = make(with_rivers(p, json::array({json::array({"d3", "d4"})})));
  EXPECT_TRUE(has(*s, "move march d2-d4")) << "it may cross and stop on the far bank";
  EXPECT_FALSE(has(*s, "move fast-pace d2-d5")) << "it must stop after crossing";
  EXPECT_TRUE(has(*make(p.js()), "move fast-pace d2-d5"));
  // A river along the whole rank line also stops a diagonal crossing.
  json edges = json::array();
  for (const char* f : {"c", "d", "e", "f"})
    edges.push_back(json::array({std::string(f) + "3", std::string(f) + "4"}));
  const Pos q = Pos().phase("move").unit("d2", 1, "cavalry").hand(1, {"fast-pace"});
  EXPECT_FALSE(has(*make(with_rivers(q, edges)), "move fast-pace d2-g5"));
  EXPECT_TRUE(has(*make(q.js()), "move fast-pace d2-g5"));
  // Light troops stop too (ancient-warfare.md §5: "a unit crossing it stops on the far bank").
  const Pos aux = Pos().phase("move").unit("d2", 1, "auxilia").hand(1, {"fast-pace"});
  EXPECT_FALSE(has(*make(with_rivers(aux, edges)), "move fast-pace d2-d5"));
  EXPECT_TRUE(has(*make(aux.js()), "move fast-pace d2-d5"));
}

TEST(HouseTerrainRiver, RoughGroundDefendsAnAttackAcrossIt) {
  const Pos p = Pos()
                    .unit("d3", 1, "blades")
                    .unit("d4", 2, "spears")
                    .hand(2, {"rough-ground"})
                    .to_act(2)
                    .pending_attack("attack attack d3xd4");
  EXPECT_FALSE(has(*make(p.js()), "defend rough-ground"));
  auto s = make(with_rivers(p, json::array({json::array({"d3", "d4"})})));
  EXPECT_TRUE(has(*s, "defend rough-ground"));
}

TEST(HouseTerrainHill, RoughGroundDefendsOnAHillAgainstAnAttackFromBelow) {
  const auto base = [] {
    return Pos()
        .option("house_terrain", true)
        .unit("d3", 1, "blades")
        .unit("d4", 2, "spears")
        .terrain("d4", "hill")
        .hand(2, {"rough-ground"})
        .to_act(2)
        .pending_attack("attack attack d3xd4");
  };
  EXPECT_TRUE(has(*base().state(), "defend rough-ground"));
  EXPECT_FALSE(has(*base().terrain("d3", "hill").state(), "defend rough-ground"))
      << "not against an attacker on a hill as well";
  EXPECT_FALSE(has(*base().option("house_terrain", false).state(), "defend rough-ground"))
      << "only with the house rule";
}

TEST(HouseTerrainJson, RiversAndNewTerrainRoundTripAndBadOnesAreRefused) {
  Pos p = Pos().unit("a1", 1, "general").terrain("c3", "woods").terrain("e5", "built-up");
  Pos steep = p;
  steep.terrain("f6", "steep-hill");
  auto s = make(with_rivers(steep, json::array({json::array({"d3", "d4"})})));
  const json j = s->to_json();
  EXPECT_EQ(j["terrain"]["c3"], "woods");
  EXPECT_EQ(j["terrain"]["e5"], "built-up");
  EXPECT_EQ(j["terrain"]["f6"], "steep-hill");
  ASSERT_EQ(j["rivers"].size(), 1u);
  EXPECT_TRUE(make(j)->equals(*s));
  try {
    make(with_rivers(p, json::array({json::array({"d3", "e4"})})));
    FAIL() << "accepted a diagonal river edge";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("orthogonally adjacent"), std::string::npos) << e.what();
  }
  try {
    Pos().terrain("c3", "swamp").unit("a1", 1, "general").state();
    FAIL() << "accepted an unknown terrain";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("steep-hill"), std::string::npos) << e.what();
  }
}

TEST(HouseTerrainMap, SampleMapLoadsWithEveryFeature) {
  using namespace ancients::warfare;
  const Battlefield f = load_battlefield(std::string(ancients::test_paths::source_dir()) +
                                         "/data/maps/river-and-town.json");
  std::set<Terrain> kinds;
  for (const auto& [sq, t] : f.terrain) kinds.insert(t);
  for (Terrain t : {Terrain::kWoods, Terrain::kBuiltUp, Terrain::kSteepHill, Terrain::kHill})
    EXPECT_TRUE(kinds.count(t)) << kTerrainNames[static_cast<int>(t)];
  EXPECT_FALSE(f.rivers.empty());
  const json back = battlefield_to_json(f);
  EXPECT_EQ(battlefield_from_json(back, "round trip").rivers, f.rivers);
  json bad = back;
  bad["rivers"] = json::array({json::array({"a1", "c1"})});
  EXPECT_THROW(battlefield_from_json(bad, "bad"), ancients::BadInput);
  // One river on an edge: the same edge given twice, either way round, is refused by name.
  bad["rivers"] = json::array({json::array({"d4", "d5"}), json::array({"d5", "d4"})});
  try {
    battlefield_from_json(bad, "twice");
    FAIL() << "accepted a river edge given twice";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("rivers[1]: the river between d5 and d4 is given twice"),
              std::string::npos)
        << e.what();
  }
}

TEST(HouseTerrainGenerator, PlacesSixSquareFeaturesABuiltUpAreaAndARiver) {
  using namespace ancients::warfare;
  for (int board : {8, 12}) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Battlefield f = generate_battlefield(board, seed, true);
      int bua = 0, featured = 0;
      for (const auto& [sq, t] : f.terrain) {
        bua += t == Terrain::kBuiltUp;
        featured += t == Terrain::kWoods || t == Terrain::kHill || t == Terrain::kSteepHill;
      }
      EXPECT_EQ(bua, 1) << board << " " << seed;
      EXPECT_GE(featured, 5) << board << " " << seed;
      EXPECT_GE(f.rivers.size(), 3u);
      const Battlefield plain = generate_battlefield(board, seed, false);
      EXPECT_TRUE(plain.rivers.empty());
    }
  }
}

}  // namespace
}  // namespace wtest
