// The position contract (shared/rules/positions-and-notation.md) as far as the rule tests rely
// on it: partial positions are valid; a position is refused (BadInput) only for its structure
// (unknown identifiers, squares off the board, two units on a square); to_json() round-trips;
// hand cards are hidden from the opponent (ruling §1 "Cards"); option board = 8 or 12.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

TEST(Position, PartialPositionsAreValid) {
  auto s = Pos().unit("d4", 1, "knights").state();
  EXPECT_FALSE(s->is_over());
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_EQ(s->game(), "ancient-warfare");
}

TEST(Position, RoundTrip) {
  auto s = Pos()
               .phase("move")
               .turn(5)
               .terrain("c4", "rough")
               .terrain("e5", "hill")
               .terrain("a6", "impassable")
               .elite("c2", 1, "blades")
               .moved("d7", 2, "knights")
               .hand(1, {"attack", "trod"})
               .hand(2, {"push"})
               .deck({"march", "recoil"})
               .discard({"scout"})
               .lost(2, 2)
               .state();
  const json p = s->to_json();
  EXPECT_EQ(p.at("turn"), 5);
  EXPECT_EQ(p.at("phase"), "move");
  EXPECT_EQ(p.at("terrain").at("c4"), "rough");
  EXPECT_EQ(p.at("terrain").at("e5"), "hill");
  EXPECT_EQ(p.at("terrain").at("a6"), "impassable");
  EXPECT_EQ(unit_at(p, "c2").at("elite"), true);
  EXPECT_EQ(unit_at(p, "d7").at("moved"), true);
  EXPECT_EQ(cards(p.at("deck")), (std::vector<std::string>{"march", "recoil"}));
  EXPECT_EQ(p.at("lost").at("2"), 2);
  auto again = make(p);
  EXPECT_TRUE(again->equals(*s));
  EXPECT_EQ(again->to_json(), p);
}

TEST(Position, TwoUnitsOnASquareAreRefused) {
  const json p = Pos().unit("d4", 1, "knights").unit("d4", 2, "blades").js();
  EXPECT_THROW(make(p), ancients::BadInput);
}

TEST(Position, UnknownUnitTypeIsRefused) {
  const json p = Pos().unit("d4", 1, "hoplite-phalanx").js();
  EXPECT_THROW(make(p), ancients::BadInput);
}

TEST(Position, SquareOffTheBoardIsRefused) {
  const json p = Pos().unit("i4", 1, "knights").js();
  EXPECT_THROW(make(p), ancients::BadInput);
  const json q = Pos().unit("d9", 1, "knights").js();
  EXPECT_THROW(make(q), ancients::BadInput);
}

TEST(Position, UnknownCardIsRefused) {
  const json p = Pos().hand(1, {"fireball"}).js();
  EXPECT_THROW(make(p), ancients::BadInput);
}

TEST(Position, UnknownTerrainIsRefused) {
  const json p = Pos().terrain("d4", "swamp").js();
  EXPECT_THROW(make(p), ancients::BadInput);
}

TEST(Position, HandsAreHiddenFromTheOpponent) {
  auto s = Pos().hand(1, {"outflank"}).hand(2, {"rough-ground"}).state();
  EXPECT_EQ(s->view_json(1).dump().find("rough-ground"), std::string::npos);
  EXPECT_EQ(s->view_json(2).dump().find("outflank"), std::string::npos);
  EXPECT_NE(s->view_json(1).dump().find("outflank"), std::string::npos);
  EXPECT_NE(s->view_json(2).dump().find("rough-ground"), std::string::npos);
}

TEST(Position, Board12HasSquaresUpToL12) {
  auto s = Pos()
               .option("board", 12)
               .phase("move")
               .unit("l12", 1, "knights")
               .hand(1, {"fast-pace"})
               .state();
  EXPECT_EQ(with_prefix(*s, "move fast-pace l12-"),
            (std::set<std::string>{"move fast-pace l12-i12", "move fast-pace l12-i9",
                                   "move fast-pace l12-l9"}));
}

}  // namespace
}  // namespace wtest
