// TURN SEQUENCE and ORDERS PHASE (seed 003: "Each turn has 3 phases: Orders, Move, Battle";
// "Draw 3 cards ... Max hand size = 5 cards. Discard excess cards.") with ruling §1 "Turn": the
// draw happens by itself at the start of a turn; while the hand holds more than 5 the player
// discards one card of its choice; `end` ends the move phase, and ends the battle phase and the
// turn; moved/attacked flags reset at the start of their owner's turn.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

const std::vector<std::string> kDeck = {"trod", "march", "fast-pace", "attack", "push", "rally"};

TEST(Turn, EndOfTheMovePhaseStartsTheBattlePhase) {
  auto s = Pos().phase("move").turn(3).unit("d4", 1, "knights").hand(1, {"trod"}).state();
  APPLY(s, "end");
  const json p = s->to_json();
  EXPECT_EQ(p.at("phase"), "battle");
  EXPECT_EQ(p.at("active"), 1);
  EXPECT_EQ(p.at("to_act"), 1);
  EXPECT_EQ(p.at("turn"), 3);
  EXPECT_EQ(cards(p.at("hands").at("1")), std::vector<std::string>{"trod"});
}

TEST(Turn, EndOfTheBattlePhaseEndsTheTurn) {
  auto s = Pos().turn(3).unit("d4", 1, "knights").unit("d7", 2, "knights").deck(kDeck).state();
  APPLY(s, "end");
  const json p = s->to_json();
  EXPECT_EQ(p.at("active"), 2);
  EXPECT_EQ(p.at("to_act"), 2);
  EXPECT_EQ(p.at("turn"), 4);
  EXPECT_EQ(s->turn(), 4);
  EXPECT_EQ(p.at("phase"), "move");
}

TEST(Turn, Player2EndingGivesPlayer1TheNextTurn) {
  auto s = Pos().active(2).turn(4).deck(kDeck).state();
  APPLY(s, "end");
  EXPECT_EQ(s->to_json().at("active"), 1);
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_EQ(s->turn(), 5);
  EXPECT_EQ(hand_size(*s, 1), 3);
}

TEST(Orders, TheNextPlayerDrawsTheTopThreeCards) {
  auto s = Pos().hand(2, {"elite"}).deck(kDeck).state();
  s->apply_text("end");
  const json p = s->to_json();
  EXPECT_EQ(card_bag(p.at("hands").at("2")),
            (std::multiset<std::string>{"elite", "trod", "march", "fast-pace"}));
  EXPECT_EQ(cards(p.at("deck")), (std::vector<std::string>{"attack", "push", "rally"}));
  EXPECT_TRUE(p.at("hands").at("1").empty()) << "the player ending its turn draws nothing";
  EXPECT_TRUE(p.at("discard").empty());
}

TEST(Orders, FiveCardsNeedNoDiscard) {
  auto s = Pos().hand(2, {"elite", "scout"}).deck(kDeck).state();
  s->apply_text("end");
  EXPECT_EQ(hand_size(*s, 2), 5);
  EXPECT_EQ(s->to_json().at("phase"), "move");
}

TEST(Orders, MoreThanFiveMeansDiscarding) {
  auto s = Pos().hand(2, {"elite", "scout", "quick", "quick"}).deck(kDeck).state();
  s->apply_text("end");
  json p = s->to_json();
  ASSERT_EQ(hand_size(*s, 2), 7);
  EXPECT_EQ(p.at("phase"), "orders");
  EXPECT_EQ(p.at("to_act"), 2);
  EXPECT_EQ(p.at("active"), 2);
  // Only discards, one per distinct card.
  EXPECT_EQ(legal_set(*s),
            (std::set<std::string>{"discard elite", "discard scout", "discard quick",
                                   "discard trod", "discard march", "discard fast-pace"}));
  EXPECT_ILLEGAL(s, "end");
  EXPECT_ILLEGAL(s, "discard attack");
  s->apply_text("discard quick");
  p = s->to_json();
  EXPECT_EQ(p.at("phase"), "orders");
  EXPECT_EQ(hand_size(*s, 2), 6);
  EXPECT_EQ(count_in(p.at("discard"), "quick"), 1);
  EXPECT_LEGAL(s, "discard quick");
  s->apply_text("discard elite");
  p = s->to_json();
  EXPECT_EQ(p.at("phase"), "move");
  EXPECT_EQ(hand_size(*s, 2), 5);
  EXPECT_EQ(card_bag(p.at("discard")), (std::multiset<std::string>{"quick", "elite"}));
  EXPECT_EQ(card_bag(p.at("hands").at("2")),
            (std::multiset<std::string>{"scout", "quick", "trod", "march", "fast-pace"}));
  EXPECT_FALSE(has(*s, "discard scout"));
}

TEST(Orders, AFullHandDrawsToEightAndDiscardsThree) {
  auto s = Pos().hand(2, {"elite", "elite", "scout", "quick", "push"}).deck(kDeck).state();
  s->apply_text("end");
  ASSERT_EQ(hand_size(*s, 2), 8);
  EXPECT_LEGAL(s, "discard elite");
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(s->to_json().at("phase"), "orders");
    s->apply_text(*with_prefix(*s, "discard ").begin());
  }
  EXPECT_EQ(hand_size(*s, 2), 5);
  EXPECT_EQ(s->to_json().at("phase"), "move");
  EXPECT_EQ(s->to_json().at("discard").size(), 3u);
}

TEST(Orders, AnOrdersPositionIsReadAndResolved) {
  auto s = Pos()
               .phase("orders")
               .hand(1, {"trod", "trod", "march", "attack", "push", "rally"})
               .unit("d2", 1, "blades")
               .state();
  EXPECT_EQ(legal_set(*s), (std::set<std::string>{"discard trod", "discard march", "discard attack",
                                                  "discard push", "discard rally"}));
  s->apply_text("discard trod");
  EXPECT_EQ(s->to_json().at("phase"), "move");
  EXPECT_EQ(count_in(s->to_json().at("hands").at("1"), "trod"), 1);
  EXPECT_LEGAL(s, "move trod d2-d3");
}

TEST(Turn, FlagsResetAtTheStartOfTheOwnersTurn) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d7", 2, "knights", false, true, 1)
               .hand(2, {"trod"})
               .deck(kDeck)
               .state();
  s->apply_text("end");
  const json u = unit_at(*s, "d7");
  EXPECT_EQ(u.at("moved"), false);
  EXPECT_EQ(u.at("attacks"), 0);
  EXPECT_LEGAL(s, "move trod d7-d6");
}

TEST(Turn, AUnitMovesAgainInItsOwnersNextTurn) {
  auto s = Pos()
               .phase("move")
               .unit("d2", 1, "blades")
               .unit("d8", 2, "blades")
               .hand(1, {"trod", "trod"})
               .deck({"push", "push", "push", "rally", "rally", "rally"})
               .state();
  s->apply_text("move trod d2-d3");
  EXPECT_TRUE(with_prefix(*s, "move trod d3-").empty());
  s->apply_text("end");  // to battle
  s->apply_text("end");  // player 2's turn
  ASSERT_EQ(s->to_act(), 2);
  s->apply_text("end");
  s->apply_text("end");  // player 1's turn
  ASSERT_EQ(s->to_act(), 1);
  EXPECT_EQ(s->to_json().at("phase"), "move");
  EXPECT_LEGAL(s, "move trod d3-d4");
}

TEST(Turn, AUnitAttacksAgainInItsOwnersNextTurn) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .unit("e5", 2, "psiloi")
               .deck({"push", "push", "push", "rally", "rally", "rally"})
               .state();
  s->apply_text("autokill d4xd5");
  EXPECT_ILLEGAL(s, "autokill d4xe5");
  s->apply_text("end");
  s->apply_text("end");
  s->apply_text("end");
  ASSERT_EQ(s->to_act(), 1);
  s->apply_text("end");  // to battle
  EXPECT_LEGAL(s, "autokill d4xe5");
}

TEST(Turn, EndIsAlwaysLegalInMoveAndBattle) {
  auto m = Pos().phase("move").state();
  EXPECT_LEGAL(m, "end");
  auto b = Pos().state();
  EXPECT_LEGAL(b, "end");
}

TEST(Turn, MovePhaseHasNoBattleActions) {
  auto s = Pos()
               .phase("move")
               .unit("d4", 1, "knights")
               .unit("d5", 2, "psiloi")
               .hand(1, {"attack", "trod"})
               .state();
  EXPECT_TRUE(with_prefix(*s, "autokill").empty());
  EXPECT_TRUE(with_prefix(*s, "attack").empty());
}

TEST(Turn, BattlePhaseHasNoMoveActions) {
  auto s =
      Pos().unit("c2", 1, "knights").unit("d2", 1, "knights").hand(1, {"trod", "quick"}).state();
  EXPECT_TRUE(with_prefix(*s, "move").empty());
  EXPECT_TRUE(with_prefix(*s, "advance").empty());
}

TEST(Turn, UnusedCardsStayInHand) {
  auto s = Pos().phase("move").hand(1, {"trod", "attack"}).deck(kDeck).state();
  s->apply_text("end");
  s->apply_text("end");
  EXPECT_EQ(card_bag(s->to_json().at("hands").at("1")),
            (std::multiset<std::string>{"trod", "attack"}));
}

TEST(Turn, MalformedActionsAreRefusedAndChangeNothing) {
  auto s = Pos().phase("move").unit("d4", 1, "knights").hand(1, {"trod"}).state();
  for (const std::string bad :
       {"", "foo", "move", "move trod", "move trod d4", "move trod d4-z9", "move trod d4-d5-d6",
        "move fireball d4-d5", "attack attack", "discard", "advance trod d4", "dismount"}) {
    SCOPED_TRACE(bad);
    EXPECT_ILLEGAL(s, bad);
  }
}

TEST(Turn, AllListedActionsApply) {
  // Every action legal_texts() lists is accepted by apply_text() (on a fresh copy).
  const Pos pos = Pos()
                      .phase("move")
                      .terrain("e4", "rough")
                      .unit("d2", 1, "psiloi")
                      .unit("e2", 1, "knights")
                      .unit("f2", 1, "blades")
                      .unit("d7", 2, "blades")
                      .hand(1, {"trod", "march", "quick", "special-ability", "scout"})
                      .hand(2, {"push"})
                      .deck(kDeck);
  auto s = pos.state();
  for (const auto& a : s->legal_texts()) {
    SCOPED_TRACE(a);
    auto t = pos.state();
    EXPECT_NO_THROW(t->apply_text(a));
  }
}

}  // namespace
}  // namespace wtest
