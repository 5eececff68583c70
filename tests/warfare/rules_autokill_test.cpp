// AUTOMATIC KILL TABLE (seed 003) with ruling §2 "Auto-kill": in the battle phase a unit with an
// enemy unit in range that its row of the auto-kill table names may destroy it without a card;
// this is the unit's one attack; no defense card can stop it (option defend_autokill, default
// false). Every row and every cell of the table is tested, both ways.
#include <fstream>
#include <regex>

#include "support/paths.h"
#include "warfare/position_builder.h"

namespace wtest {
namespace {

// ---------------------------------------------------------------------------------------------
// The whole table, cell by cell: attacker (player 1) on d4, target (player 2) on d5.

using Pair = std::pair<std::string, std::string>;

std::vector<Pair> all_pairs() {
  std::vector<Pair> out;
  for (const auto& a : all_types())
    for (const auto& t : all_types()) out.emplace_back(a, t);
  return out;
}

class AutokillCell : public ::testing::TestWithParam<Pair> {};

TEST_P(AutokillCell, ListedIffTheRowNamesTheTarget) {
  const auto& [attacker, target] = GetParam();
  auto s = Pos().unit("d4", 1, attacker).unit("d5", 2, target).state();
  const std::string kill = "autokill d4xd5";
  if (autokills(attacker, target)) {
    ASSERT_LEGAL(s, kill);
    s->apply_text(kill);
    const json p = s->to_json();
    EXPECT_TRUE(unit_at(p, "d5").is_null()) << "target must be destroyed";
    EXPECT_EQ(p.at("lost").at("2"), loss_points(target));
    EXPECT_EQ(p.at("lost").at("1"), 0);
    // No defense window: the attacker keeps the move, nothing pending.
    EXPECT_EQ(s->to_act(), 1);
    EXPECT_EQ(p.at("phase"), "battle");
    EXPECT_TRUE(p.at("pending").is_null());
    // It was the unit's one attack.
    EXPECT_EQ(unit_at(p, "d4").at("attacks"), 1);
    EXPECT_TRUE(with_prefix(*s, "autokill d4x").empty());
    EXPECT_TRUE(with_prefix(*s, "attack ").empty());
  } else {
    EXPECT_ILLEGAL(s, kill);
  }
}

INSTANTIATE_TEST_SUITE_P(AllTypes, AutokillCell, ::testing::ValuesIn(all_pairs()),
                         [](const ::testing::TestParamInfo<Pair>& param_info) {
                           return param_name(param_info.param.first) + "_x_" +
                                  param_name(param_info.param.second);
                         });

// The same cells for player 2 attacking down the board (player 2 on d5, player 1 on d4).
class AutokillCellPlayer2 : public ::testing::TestWithParam<Pair> {};

TEST_P(AutokillCellPlayer2, ListedIffTheRowNamesTheTarget) {
  const auto& [attacker, target] = GetParam();
  auto s = Pos().active(2).turn(2).unit("d5", 2, attacker).unit("d4", 1, target).state();
  const std::string kill = "autokill d5xd4";
  EXPECT_EQ(has(*s, kill), autokills(attacker, target));
  if (autokills(attacker, target)) {
    s->apply_text(kill);
    EXPECT_TRUE(unit_at(*s, "d4").is_null());
    EXPECT_EQ(lost_of(*s, 1), loss_points(target));
    EXPECT_EQ(s->to_act(), 2);
  }
}

INSTANTIATE_TEST_SUITE_P(AllTypes, AutokillCellPlayer2, ::testing::ValuesIn(all_pairs()),
                         [](const ::testing::TestParamInfo<Pair>& param_info) {
                           return param_name(param_info.param.first) + "_x_" +
                                  param_name(param_info.param.second);
                         });

// ---------------------------------------------------------------------------------------------
// The data file's table is the seed's table.

TEST(AutokillTable, DataFileMatchesTheSeed) {
  std::ifstream in(std::string(ancients::test_paths::source_dir()) + "/data/warfare/autokill.toml");
  ASSERT_TRUE(in) << "data/warfare/autokill.toml not found";
  std::map<std::string, std::set<std::string>> rows;
  std::string line;
  bool in_section = false;
  const std::regex row_re(R"re(^\s*([a-z-]+)\s*=\s*\[(.*)\]\s*$)re");
  const std::regex name_re(R"re("([a-z-]+)")re");
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '[') {
      in_section = line.rfind("[autokill]", 0) == 0;
      continue;
    }
    std::smatch m;
    if (!in_section || !std::regex_match(line, m, row_re)) continue;
    const std::string list = m[2].str();
    auto& row = rows[m[1].str()];
    for (std::sregex_iterator it(list.begin(), list.end(), name_re), end; it != end; ++it)
      row.insert((*it)[1].str());
  }
  EXPECT_EQ(rows, autokill_table());
}

// ---------------------------------------------------------------------------------------------
// Hand-written cases: range, lines, hill, once per turn, choice, defense.

TEST(Autokill, ExplicitRowsKnightsKillPsiloiButNotBlades) {
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").unit("c5", 2, "blades").state();
  EXPECT_LEGAL(s, "autokill d4xd5");
  EXPECT_ILLEGAL(s, "autokill d4xc5");
}

TEST(Autokill, WarbandKillsSpearsAndElephantsKillWarWagons) {
  auto s = Pos()
               .unit("b4", 1, "warband")
               .unit("b5", 2, "spears")
               .unit("f4", 1, "elephants")
               .unit("g5", 2, "war-wagons")
               .state();
  EXPECT_LEGAL(s, "autokill b4xb5");
  EXPECT_LEGAL(s, "autokill f4xg5");
  s->apply_text("autokill f4xg5");
  EXPECT_TRUE(unit_at(*s, "g5").is_null());
  // Another unit still has its own attack.
  EXPECT_LEGAL(s, "autokill b4xb5");
}

TEST(Autokill, AtRangeTwoForARangeTwoUnit) {
  auto s = Pos().unit("d3", 1, "bows").unit("d5", 2, "knights").state();
  EXPECT_LEGAL(s, "autokill d3xd5");
}

TEST(Autokill, DiagonalAtRangeTwo) {
  auto s = Pos().unit("c3", 1, "bows").unit("e5", 2, "cavalry").state();
  EXPECT_LEGAL(s, "autokill c3xe5");
}

TEST(Autokill, NotBeyondRange) {
  auto s = Pos().unit("d2", 1, "bows").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d2xd5");
}

TEST(Autokill, RangeOneUnitNotAtRangeTwo) {
  auto s = Pos().unit("d3", 1, "knights").unit("d5", 2, "psiloi").state();
  EXPECT_ILLEGAL(s, "autokill d3xd5");
}

TEST(Autokill, NotOffTheEightLines) {
  // e5 is a knight's jump from d3: not on a straight line.
  auto s = Pos().unit("d3", 1, "bows").unit("e5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d3xe5");
}

TEST(Autokill, BlockedByAFriendlyUnitBetween) {
  auto s = Pos().unit("d3", 1, "bows").unit("d4", 1, "blades").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d3xd5");
}

TEST(Autokill, BlockedByAnEnemyUnitBetween) {
  // Blades on d4 are not auto-killed by Bows, and they block the line to the Knights.
  auto s = Pos().unit("d3", 1, "bows").unit("d4", 2, "blades").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d3xd5");
}

TEST(Autokill, ArtilleryAtRangeFour) {
  auto s = Pos().unit("d1", 1, "artillery").unit("d5", 2, "elephants").state();
  EXPECT_LEGAL(s, "autokill d1xd5");
}

TEST(Autokill, HillGivesMissileUnitsRangePlusOne) {
  auto flat = Pos().unit("d2", 1, "bows").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(flat, "autokill d2xd5");
  auto hill = Pos().terrain("d2", "hill").unit("d2", 1, "bows").unit("d5", 2, "knights").state();
  EXPECT_LEGAL(hill, "autokill d2xd5");
}

TEST(Autokill, HillBonusNeedsTheAttackerOnTheHill) {
  auto s = Pos().terrain("d5", "hill").unit("d2", 1, "bows").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d2xd5");
}

TEST(Autokill, HillGivesNoBonusToNonMissileRangeTwoUnits) {
  // War Wagons have range 2 but are not a missile unit (ruling §2).
  auto s = Pos().terrain("d2", "hill").unit("d2", 1, "war-wagons").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d2xd5");
}

TEST(Autokill, ArtilleryOnHillRangeFive) {
  auto s =
      Pos().terrain("a1", "hill").unit("a1", 1, "artillery").unit("f1", 2, "elephants").state();
  EXPECT_LEGAL(s, "autokill a1xf1");
}

TEST(Autokill, TerrainDoesNotBlockTheLine) {
  auto s = Pos().terrain("d4", "impassable").unit("d3", 1, "bows").unit("d5", 2, "knights").state();
  EXPECT_LEGAL(s, "autokill d3xd5");
}

TEST(Autokill, OnlyOnePerUnitPerTurn) {
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").unit("e5", 2, "auxilia").state();
  EXPECT_LEGAL(s, "autokill d4xe5");
  s->apply_text("autokill d4xd5");
  EXPECT_ILLEGAL(s, "autokill d4xe5");
}

TEST(Autokill, UnitThatAlreadyAttackedCannot) {
  auto s = Pos().attacked("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  EXPECT_ILLEGAL(s, "autokill d4xd5");
}

TEST(Autokill, ArtilleryThatMovedCannot) {
  auto s = Pos().moved("d1", 1, "artillery").unit("d5", 2, "elephants").state();
  EXPECT_ILLEGAL(s, "autokill d1xd5");
}

TEST(Autokill, AUnitThatMovedMayStillAutokill) {
  auto s = Pos().moved("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  EXPECT_LEGAL(s, "autokill d4xd5");
}

TEST(Autokill, NeverOwnUnits) {
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 1, "psiloi").state();
  EXPECT_ILLEGAL(s, "autokill d4xd5");
}

TEST(Autokill, OnlyTheActivePlayersUnits) {
  // Player 2's Knights could kill player 1's Psiloi, but it is player 1's turn.
  auto s = Pos().unit("d4", 1, "psiloi").unit("d5", 2, "knights").state();
  EXPECT_ILLEGAL(s, "autokill d5xd4");
}

TEST(Autokill, OnlyInTheBattlePhase) {
  auto s = Pos().phase("move").unit("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  EXPECT_ILLEGAL(s, "autokill d4xd5");
}

TEST(Autokill, ItIsAChoiceNotCompulsory) {
  // The player may end the battle phase instead, or play a card attack instead.
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .hand(1, {"attack"})
               .deck({"trod", "trod", "trod"})
               .state();
  EXPECT_LEGAL(s, "autokill d4xd5");
  EXPECT_LEGAL(s, "attack attack d4xd5");
  EXPECT_LEGAL(s, "end");
  s->apply_text("end");
  EXPECT_FALSE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(s->to_json().at("active"), 2);
}

TEST(Autokill, NeedsNoCard) {
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").hand(1, {"attack"}).state();
  s->apply_text("autokill d4xd5");
  const json p = s->to_json();
  EXPECT_EQ(cards(p.at("hands").at("1")), std::vector<std::string>{"attack"});
  EXPECT_TRUE(p.at("discard").empty());
}

TEST(Autokill, NoDefenseCardCanStopItByDefault) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .unit("e6", 2, "general")
               .hand(2, {"push", "recoil", "rally", "reinforced"})
               .state();
  s->apply_text("autokill d4xd5");
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_TRUE(s->to_json().at("pending").is_null());
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(hand_size(*s, 2), 4);
}

TEST(Autokill, OptionDefendAutokillOpensAWindow) {
  auto s = Pos()
               .option("defend_autokill", true)
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .hand(2, {"push"})
               .state();
  s->apply_text("autokill d4xd5");
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_FALSE(s->to_json().at("pending").is_null());
  EXPECT_EQ(legal_set(*s), (std::set<std::string>{"pass", "defend push"}));
  s->apply_text("defend push");
  EXPECT_FALSE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(lost_of(*s, 2), 0);
  EXPECT_EQ(s->to_act(), 1);
  // The attack was spent anyway.
  EXPECT_TRUE(with_prefix(*s, "autokill d4x").empty());
}

TEST(Autokill, OptionDefendAutokillPassStillKills) {
  auto s = Pos()
               .option("defend_autokill", true)
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .hand(2, {"push"})
               .state();
  s->apply_text("autokill d4xd5");
  ASSERT_EQ(s->to_act(), 2);
  APPLY(s, "pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(lost_of(*s, 2), 1);
}

TEST(Autokill, GeneralAndCampAreInNoRow) {
  auto s = Pos()
               .unit("d4", 1, "general")
               .unit("d5", 2, "psiloi")
               .unit("a1", 1, "camp")
               .unit("a2", 2, "psiloi")
               .state();
  EXPECT_TRUE(with_prefix(*s, "autokill").empty());
}

}  // namespace
}  // namespace wtest
