// Tests of the German house rules as options (shared/seeds/003_8228c9eeb0b841e9.txt, "GERMAN
// HOUSE RULES", read with shared/rules/ancient-warfare.md §4): each option's effect in the
// editions it touches, its record in the position JSON, and bad values refused.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

TEST(HouseOptions, EveryOptionIsWrittenWithItsDefault) {
  const json o = Pos().unit("a1", 1, "general").state()->to_json()["options"];
  for (const char* k : {"pursuit", "multi_move", "retreat_away", "elephant_house", "horde_house",
                        "defend_autokill"})
    EXPECT_EQ(o.at(k), false) << k;
  EXPECT_EQ(o.at("board"), 8);
  const json on = Pos().option("pursuit", true).unit("a1", 1, "general").state()->to_json();
  EXPECT_EQ(on["options"]["pursuit"], true);
}

TEST(HouseOptions, BadValuesAreRefusedWithAClearMessage) {
  try {
    Pos().option("pursuit", 3).unit("a1", 1, "general").state();
    FAIL() << "accepted pursuit = 3";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("options.pursuit: must be true or false"),
              std::string::npos)
        << e.what();
  }
  try {
    Pos().option("persuit", true).unit("a1", 1, "general").state();
    FAIL() << "accepted an unknown option";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("unknown option \"persuit\""), std::string::npos);
  }
  EXPECT_THROW(Pos().option("board", 10).unit("a1", 1, "general").state(), ancients::BadInput);
}

TEST(HousePursuit, KnightsFollowUpIntoTheDestroyedUnitsSquare) {
  auto on = Pos().option("pursuit", true).unit("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  on->apply_text("autokill d4xd5");
  EXPECT_EQ(unit_at(*on, "d5")["type"], "knights");
  auto off = Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  off->apply_text("autokill d4xd5");
  EXPECT_TRUE(unit_at(*off, "d5").is_null());
  auto other =
      Pos().option("pursuit", true).unit("d4", 1, "cavalry").unit("d5", 2, "psiloi").state();
  other->apply_text("autokill d4xd5");
  EXPECT_TRUE(unit_at(*other, "d5").is_null());
}

TEST(HousePursuit, RetreatEditionWarbandFollowsARetreat) {
  auto s = Pos()
               .edition("retreat")
               .option("pursuit", true)
               .unit("d4", 1, "warband")
               .unit("d5", 2, "blades")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(unit_at(*s, "d5")["type"], "warband");
  EXPECT_EQ(unit_at(*s, "d6")["type"], "blades");
}

TEST(HouseMultiMove, SeveralMoveCardsOnOneUnitExactDistance) {
  auto s = Pos()
               .phase("move")
               .option("multi_move", true)
               .unit("d2", 1, "cavalry")
               .hand(1, {"trod", "march"})
               .state();
  APPLY(s, "move trod d2-d3");
  APPLY(s, "move march d3-d5");
  auto r = Pos()
               .edition("retreat")
               .phase("move")
               .option("multi_move", true)
               .unit("d2", 1, "general")
               .hand(1, {"march"})
               .state();
  // The retreat edition keeps its own rule: the card's number is a maximum (§5).
  EXPECT_LEGAL(r, "move march d2-d3");
  EXPECT_LEGAL(r, "move march d2-d4");
  auto off = Pos().phase("move").unit("d2", 1, "cavalry").hand(1, {"trod", "march"}).state();
  APPLY(off, "move trod d2-d3");
  EXPECT_ILLEGAL(off, "move march d3-d5");
}

TEST(HouseRetreatAway, NoRecoilNextToAnEnemy) {
  // Bows attack immune Blades: the recoil square d6 touches an enemy on e7, so no recoil.
  auto s = Pos()
               .option("retreat_away", true)
               .unit("d3", 1, "bows")
               .unit("d5", 2, "blades")
               .unit("e7", 1, "knights")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(unit_at(*s, "d5")["type"], "blades");
  // In the retreat edition a retreat that is not possible destroys.
  auto r = Pos()
               .edition("retreat")
               .option("retreat_away", true)
               .unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("e7", 1, "hoplites")
               .hand(1, {"attack"})
               .state();
  r->apply_text("attack attack d4xd5");
  r->apply_text("pass");
  EXPECT_EQ(lost_of(*r, 2), 1);
}

TEST(HouseElephants, AttackAtRangeTwoInsteadOfTrample) {
  auto s = Pos()
               .option("elephant_house", true)
               .unit("d3", 1, "elephants")
               .unit("d5", 2, "blades")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d3xd5");
  EXPECT_FALSE(has(*s, "attack special-ability d3-d4xd5"));
  auto off =
      Pos().unit("d3", 1, "elephants").unit("d5", 2, "blades").hand(1, {"special-ability"}).state();
  EXPECT_FALSE(has(*off, "attack special-ability d3xd5"));
}

TEST(HouseHorde, AddsAHordeNothingAutoKills) {
  EXPECT_THROW(Pos().unit("d5", 2, "horde").state(), ancients::BadInput);
  auto s = Pos()
               .option("horde_house", true)
               .unit("d4", 1, "knights")
               .unit("d5", 2, "horde")
               .hand(1, {"attack"})
               .state();
  EXPECT_TRUE(with_prefix(*s, "autokill").empty());
  EXPECT_LEGAL(s, "attack attack d4xd5");
}

}  // namespace
}  // namespace wtest
