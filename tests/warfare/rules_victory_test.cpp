// VICTORY (seed 003: "You win if you destroy your opponents general or 8 of his units. A Camp
// counts as 2 units.") with ruling §1 "Victory and end of game" (each destroyed unit = 1 loss
// point, a Camp = 2, the General does not count toward the 8; option turn_limit: reaching it
// ends the game as a draw).
#include "warfare/position_builder.h"

namespace wtest {
namespace {

void expect_won_by(const State& s, int player) {
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), player);
  EXPECT_EQ(s.to_act(), ancients::kNoPlayer);
  EXPECT_TRUE(s.legal_texts().empty());
  const json p = s.to_json();
  EXPECT_EQ(p.at("phase"), "over");
  EXPECT_EQ(p.at("winner"), player);
}

void expect_not_over(const State& s) {
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(s.winner(), ancients::kNotOver);
  EXPECT_TRUE(s.to_json().at("winner").is_null());
}

TEST(Victory, DestroyingTheGeneralWins) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d5", 2, "general")
               .unit("h8", 2, "camp")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  ASSERT_EQ(s->to_act(), 2);
  s->apply_text("pass");
  expect_won_by(*s, 1);
  EXPECT_EQ(lost_of(*s, 2), 0) << "the General is no loss point";
}

TEST(Victory, Player2DestroyingTheGeneralWins) {
  auto s =
      Pos().active(2).unit("d5", 2, "knights").unit("d4", 1, "general").hand(2, {"attack"}).state();
  s->apply_text("attack attack d5xd4");
  s->apply_text("pass");
  expect_won_by(*s, 2);
}

TEST(Victory, TheGeneralIsAutokilledByNobody) {
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 2, "general").state();
  EXPECT_ILLEGAL(s, "autokill d4xd5");
}

TEST(Victory, EightLossPointsLose) {
  auto s = Pos().lost(2, 7).unit("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  s->apply_text("autokill d4xd5");
  EXPECT_EQ(lost_of(*s, 2), 8);
  expect_won_by(*s, 1);
}

TEST(Victory, SevenLossPointsDoNotLose) {
  auto s = Pos().lost(2, 6).unit("d4", 1, "knights").unit("d5", 2, "psiloi").state();
  s->apply_text("autokill d4xd5");
  EXPECT_EQ(lost_of(*s, 2), 7);
  expect_not_over(*s);
  EXPECT_EQ(s->to_act(), 1);
}

TEST(Victory, ACardKillToEightLoses) {
  auto s =
      Pos().lost(2, 7).unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  expect_won_by(*s, 1);
}

TEST(Victory, TheCampCountsTwo) {
  auto s =
      Pos().lost(2, 6).unit("d4", 1, "blades").unit("d5", 2, "camp").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(lost_of(*s, 2), 8);
  expect_won_by(*s, 1);
}

TEST(Victory, TheCampAtFiveGivesSeven) {
  auto s =
      Pos().lost(2, 5).unit("d4", 1, "blades").unit("d5", 2, "camp").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(lost_of(*s, 2), 7);
  expect_not_over(*s);
}

TEST(Victory, Player1LosesAtEightToo) {
  auto s = Pos().active(2).lost(1, 7).unit("d5", 2, "knights").unit("d4", 1, "psiloi").state();
  s->apply_text("autokill d5xd4");
  expect_won_by(*s, 2);
}

TEST(Victory, DefendedGeneralSurvives) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d5", 2, "general")
               .hand(1, {"attack"})
               .hand(2, {"push"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("defend push");
  expect_not_over(*s);
}

TEST(Victory, AFinishedGameReadBackHasNoLegalActions) {
  auto s =
      Pos().unit("d4", 1, "knights").unit("d5", 2, "general").hand(1, {"attack", "trod"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  ASSERT_TRUE(s->is_over());
  auto again = make(s->to_json());
  EXPECT_TRUE(again->is_over());
  EXPECT_EQ(again->winner(), 1);
  EXPECT_TRUE(again->legal_texts().empty());
  EXPECT_THROW(again->apply_text("end"), ancients::IllegalAction);
}

// ---------------------------------------------------------------------------------------------
// Turn limit: when the turn numbered turn_limit ends, the game is a draw.

TEST(TurnLimit, EndingTheLastTurnIsADraw) {
  auto s = Pos()
               .turn(10)
               .turn_limit(10)
               .unit("d4", 1, "knights")
               .unit("d6", 2, "knights")
               .deck({"trod", "trod", "trod"})
               .state();
  s->apply_text("end");
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), ancients::kDraw);
  EXPECT_EQ(s->to_json().at("winner"), "draw");
  EXPECT_EQ(s->to_json().at("phase"), "over");
  EXPECT_TRUE(s->legal_texts().empty());
}

TEST(TurnLimit, DefaultIsTwoHundredTurns) {
  json p = Pos().turn(200).deck({"trod", "trod", "trod"}).js();
  p["options"].erase("turn_limit");
  auto s = make(p);
  s->apply_text("end");
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), ancients::kDraw);
  json q = Pos().turn(199).deck({"trod", "trod", "trod"}).js();
  q["options"].erase("turn_limit");
  auto t = make(q);
  t->apply_text("end");
  EXPECT_FALSE(t->is_over());
}

TEST(TurnLimit, EitherPlayersLastTurn) {
  auto s = Pos()
               .active(2)
               .turn(7)
               .turn_limit(7)
               .unit("d4", 1, "knights")
               .unit("d6", 2, "knights")
               .deck({"trod", "trod", "trod"})
               .state();
  s->apply_text("end");
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), ancients::kDraw);
}

TEST(TurnLimit, TheTurnBeforeTheLimitContinues) {
  auto s = Pos()
               .turn(9)
               .turn_limit(10)
               .unit("d4", 1, "knights")
               .unit("d6", 2, "knights")
               .deck({"trod", "trod", "trod"})
               .state();
  s->apply_text("end");
  EXPECT_FALSE(s->is_over());
  EXPECT_EQ(s->turn(), 10);
  EXPECT_EQ(s->to_json().at("turn"), 10);
  EXPECT_EQ(s->to_act(), 2);
}

TEST(TurnLimit, AWinInTheLastTurnIsStillAWin) {
  auto s = Pos()
               .turn(10)
               .turn_limit(10)
               .unit("d4", 1, "knights")
               .unit("d5", 2, "general")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(s->winner(), 1);
}

}  // namespace
}  // namespace wtest
