// Scout (seed 003 CARD LIST: "Scout 2 - X Look at opponents hand") with ruling §1 "Special
// Ability (SA) cards": played in its owner's turn (move or battle phase); its owner then sees
// the opponent's hand as it is at that moment. Hand cards are hidden from the opponent
// otherwise (ruling §1 "Cards").
#include "warfare/position_builder.h"

namespace wtest {
namespace {

// Player 2 holds two cards that appear nowhere else in the position.
Pos scout_pos(const std::string& phase) {
  return Pos()
      .phase(phase)
      .unit("d2", 1, "blades")
      .unit("d7", 2, "blades")
      .hand(1, {"scout", "trod"})
      .hand(2, {"rough-ground", "reinforced"})
      .deck({"march", "march", "march"});
}

bool mentions(const json& j, const std::string& word) {
  return j.dump().find(word) != std::string::npos;
}

TEST(Scout, PlayableInTheMovePhase) {
  auto s = scout_pos("move").state();
  APPLY(s, "scout");
  const json p = s->to_json();
  EXPECT_EQ(p.at("phase"), "move");
  EXPECT_EQ(p.at("to_act"), 1);
  EXPECT_EQ(cards(p.at("hands").at("1")), std::vector<std::string>{"trod"});
  EXPECT_EQ(count_in(p.at("discard"), "scout"), 1);
  // Not a move: the unit may still move.
  EXPECT_LEGAL(s, "move trod d2-d3");
}

TEST(Scout, PlayableInTheBattlePhase) {
  auto s = scout_pos("battle").state();
  APPLY(s, "scout");
  EXPECT_EQ(s->to_json().at("phase"), "battle");
  EXPECT_EQ(s->to_act(), 1);
}

TEST(Scout, NeedsTheCard) {
  auto s = scout_pos("move").hand(1, {"trod"}).state();
  EXPECT_ILLEGAL(s, "scout");
}

TEST(Scout, NotInTheOrdersPhase) {
  auto s = scout_pos("orders").hand(1, {"scout", "trod", "trod", "trod", "trod", "trod"}).state();
  EXPECT_ILLEGAL(s, "scout");
}

TEST(Scout, NotInTheOpponentsTurn) {
  // Player 2 holds Scout during player 1's attack: its defense window offers no scout.
  auto s = Pos()
               .unit("d4", 1, "blades")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .hand(2, {"scout"})
               .state();
  s->apply_text("attack attack d4xd5");
  ASSERT_EQ(s->to_act(), 2);
  EXPECT_ILLEGAL(s, "scout");
}

TEST(Scout, RevealsTheOpponentsHand) {
  auto s = scout_pos("move").state();
  EXPECT_FALSE(mentions(s->view_json(1), "rough-ground")) << "hidden before the scout";
  EXPECT_FALSE(mentions(s->view_json(1), "reinforced"));
  s->apply_text("scout");
  EXPECT_TRUE(mentions(s->view_json(1), "rough-ground")) << "seen after the scout";
  EXPECT_TRUE(mentions(s->view_json(1), "reinforced"));
}

TEST(Scout, TheOpponentDoesNotSeeTheScoutersHand) {
  auto s = scout_pos("move").hand(1, {"scout", "outflank"}).state();
  s->apply_text("scout");
  EXPECT_FALSE(mentions(s->view_json(2), "outflank"));
}

TEST(Scout, OneScoutPerCard) {
  auto s = scout_pos("move").state();
  s->apply_text("scout");
  EXPECT_ILLEGAL(s, "scout");
}

}  // namespace
}  // namespace wtest
