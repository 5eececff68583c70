// Defense cards (seed 003 BATTLE PHASE and CARD LIST; ruling §1 "Attacks and lines" on the
// window, ruling §2 "Defense cards"): Push (no condition), Elite (the target is Elite),
// Reinforced (the target is adjacent to another friendly unit), Rally (the friendly General is
// within 2 squares, king distance, of the target, the General included), Rough Ground (the
// target stands on rough), Recoil (the target moves back one square; playable only if that
// square is free and enterable). A defended target is not destroyed and does not move (except
// with Recoil). At most one defense card per attack.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

const std::vector<std::string> kAllDefenseCards = {"push",  "elite",        "reinforced",
                                                   "rally", "rough-ground", "recoil"};

// Player 1 Blades on d4 attack player 2's `target` on d5 with an Attack card; player 2 holds
// `hand`. Returns the state in the defense window.
std::unique_ptr<State> window(Pos pos, const std::vector<std::string>& hand) {
  auto s = pos.unit("d4", 1, "blades").hand(1, {"attack"}).hand(2, hand).state();
  s->apply_text("attack attack d4xd5");
  return s;
}

std::unique_ptr<State> window_vs(const std::string& target, const std::vector<std::string>& hand,
                                 Pos pos = Pos()) {
  return window(pos.unit("d5", 2, target), hand);
}

void expect_defended(State& s, const std::string& card, const std::string& at = "d5") {
  ASSERT_TRUE(has(s, "defend " + card)) << "legal:" << join(legal_set(s));
  const int hand_before = hand_size(s, 2);
  s.apply_text("defend " + card);
  const json p = s.to_json();
  EXPECT_FALSE(unit_at(p, at).is_null()) << "defended unit must survive at " << at;
  EXPECT_EQ(p.at("lost").at("2"), 0);
  EXPECT_EQ(p.at("to_act"), 1);
  EXPECT_EQ(p.at("active"), 1);
  EXPECT_EQ(p.at("phase"), "battle");
  EXPECT_TRUE(p.at("pending").is_null());
  EXPECT_EQ(hand_size(s, 2), hand_before - 1);
  EXPECT_EQ(count_in(p.at("discard"), card), 1) << "the defense card is discarded";
  // The attack is spent even though it failed.
  EXPECT_EQ(unit_at(p, "d4").at("attacks"), 1);
}

// ---------------------------------------------------------------------------------------------
// The window itself.

TEST(DefenseWindow, OpensEvenWithAnEmptyHand) {
  auto s = window_vs("knights", {});
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(legal_set(*s), std::set<std::string>{"pass"});
}

TEST(DefenseWindow, ExactlyTheCardsWhoseConditionsHold) {
  // Knights on clear d5, not Elite, nobody friendly near, no General, d6 free: only Push and
  // Recoil hold. Attack/move cards and Scout never defend. (A hand holds at most 5 cards: the
  // twelve cards are tried in three hands.)
  const std::vector<std::pair<std::vector<std::string>, std::set<std::string>>> cases = {
      {{"push", "elite", "reinforced", "rally", "rough-ground"}, {"pass", "defend push"}},
      {{"recoil", "attack", "supported-attack", "outflank", "trod"}, {"pass", "defend recoil"}},
      {{"scout", "special-ability"}, {"pass"}}};
  for (const auto& [hand, expected] : cases) {
    auto s = window_vs("knights", hand);
    EXPECT_EQ(legal_set(*s), expected) << join(std::set<std::string>(hand.begin(), hand.end()));
  }
}

TEST(DefenseWindow, AllConditionsHoldingAtOnce) {
  // Elite Knights on rough d5, a friendly unit adjacent (e6), the General within 2 (c7). The
  // six cards are tried in two hands (a hand holds at most 5 cards).
  for (const std::size_t first : {std::size_t{0}, std::size_t{3}}) {
    const std::vector<std::string> hand(kAllDefenseCards.begin() + static_cast<long>(first),
                                        kAllDefenseCards.begin() + static_cast<long>(first) + 3);
    auto s = window(Pos()
                        .terrain("d5", "rough")
                        .elite("d5", 2, "knights")
                        .unit("e6", 2, "warband")
                        .unit("c7", 2, "general"),
                    hand);
    std::set<std::string> expected{"pass"};
    for (const auto& c : hand) expected.insert("defend " + c);
    EXPECT_EQ(legal_set(*s), expected);
  }
}

TEST(DefenseWindow, TwoCopiesGiveOneAction) {
  auto s = window_vs("knights", {"push", "push"});
  const auto v = s->legal_texts();
  EXPECT_EQ(std::count(v.begin(), v.end(), "defend push"), 1);
  s->apply_text("defend push");
  EXPECT_EQ(count_in(s->to_json().at("hands").at("2"), "push"), 1);
}

TEST(DefenseWindow, PassDestroysTheTarget) {
  auto s = window_vs("knights", {"push"});
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(lost_of(*s, 2), 1);
  EXPECT_EQ(hand_size(*s, 2), 1);
}

TEST(DefenseWindow, OnlyOneDefensePerAttack) {
  auto s = window_vs("knights", {"push", "push"});
  s->apply_text("defend push");
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_FALSE(has(*s, "defend push"));
  EXPECT_THROW(s->apply_text("defend push"), ancients::IllegalAction);
}

TEST(DefenseWindow, NoDefenseOutsideAWindow) {
  auto s = Pos().active(1).unit("d4", 1, "blades").hand(1, {"push"}).state();
  EXPECT_ILLEGAL(s, "defend push");
  EXPECT_ILLEGAL(s, "pass");
}

TEST(DefenseWindow, TheAttackerCannotActInTheWindow) {
  auto s = window_vs("knights", {"push"});
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_FALSE(has(*s, "end"));
  EXPECT_THROW(s->apply_text("end"), ancients::IllegalAction);
}

TEST(DefenseWindow, ReadFromAPositionWithAPendingAttack) {
  // The same window, written directly as a position (attack card already discarded).
  auto s = Pos()
               .unit("d4", 1, "blades", false, false, 1)
               .unit("d5", 2, "knights")
               .hand(2, {"push"})
               .discard({"attack"})
               .to_act(2)
               .pending_attack("attack attack d4xd5")
               .state();
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(legal_set(*s), (std::set<std::string>{"pass", "defend push"}));
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
}

// ---------------------------------------------------------------------------------------------
// Push

TEST(PushDefense, NoCondition) {
  auto s = window_vs("knights", {"push"});
  expect_defended(*s, "push");
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "knights") << "a defended unit does not move";
}

// ---------------------------------------------------------------------------------------------
// Elite

TEST(EliteDefense, HoldsForAnEliteTarget) {
  auto s = window(Pos().elite("d5", 2, "knights"), {"elite"});
  expect_defended(*s, "elite");
}

TEST(EliteDefense, FailsForANonEliteTarget) {
  auto s = window_vs("knights", {"elite"});
  EXPECT_ILLEGAL(s, "defend elite");
}

TEST(EliteDefense, TheAttackerBeingEliteDoesNotHelp) {
  auto s = Pos()
               .elite("d4", 1, "blades")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .hand(2, {"elite"})
               .state();
  s->apply_text("attack attack d4xd5");
  EXPECT_ILLEGAL(s, "defend elite");
}

// ---------------------------------------------------------------------------------------------
// Reinforced

TEST(ReinforcedDefense, HoldsWithAFriendlyUnitAdjacentOrthogonally) {
  auto s = window_vs("knights", {"reinforced"}, Pos().unit("d6", 2, "warband"));
  expect_defended(*s, "reinforced");
}

TEST(ReinforcedDefense, HoldsWithAFriendlyUnitAdjacentDiagonally) {
  auto s = window_vs("knights", {"reinforced"}, Pos().unit("c4", 2, "camp"));
  expect_defended(*s, "reinforced");
}

TEST(ReinforcedDefense, FailsWithTheFriendTwoSquaresAway) {
  auto s = window_vs("knights", {"reinforced"}, Pos().unit("d7", 2, "warband"));
  EXPECT_ILLEGAL(s, "defend reinforced");
}

TEST(ReinforcedDefense, EnemyNeighboursDoNotCount) {
  // The attacker (d4) and another player-1 unit (e5) are adjacent to the target.
  auto s = window_vs("knights", {"reinforced"}, Pos().unit("e5", 1, "warband"));
  EXPECT_ILLEGAL(s, "defend reinforced");
}

// ---------------------------------------------------------------------------------------------
// Rally

TEST(RallyDefense, HoldsWithTheGeneralAdjacent) {
  auto s = window_vs("knights", {"rally"}, Pos().unit("e6", 2, "general"));
  expect_defended(*s, "rally");
}

TEST(RallyDefense, HoldsWithTheGeneralTwoSquaresAway) {
  auto s = window_vs("knights", {"rally"}, Pos().unit("f7", 2, "general"));
  expect_defended(*s, "rally");
}

TEST(RallyDefense, HoldsAtKingDistanceTwoOffTheLines) {
  // b6: two files and one rank away, king distance 2.
  auto s = window_vs("knights", {"rally"}, Pos().unit("b6", 2, "general"));
  expect_defended(*s, "rally");
}

TEST(RallyDefense, FailsWithTheGeneralThreeSquaresAway) {
  auto s = window_vs("knights", {"rally"}, Pos().unit("g8", 2, "general"));
  EXPECT_ILLEGAL(s, "defend rally");
}

TEST(RallyDefense, FailsWithoutAGeneral) {
  auto s = window_vs("knights", {"rally"});
  EXPECT_ILLEGAL(s, "defend rally");
}

TEST(RallyDefense, TheEnemyGeneralDoesNotCount) {
  auto s = window_vs("knights", {"rally"}, Pos().unit("c5", 1, "general"));
  EXPECT_ILLEGAL(s, "defend rally");
}

TEST(RallyDefense, TheGeneralMayRallyItself) {
  auto s = window_vs("general", {"rally"});
  expect_defended(*s, "rally");
  EXPECT_FALSE(s->is_over());
}

// ---------------------------------------------------------------------------------------------
// Rough Ground

TEST(RoughGroundDefense, HoldsOnRough) {
  auto s = window_vs("knights", {"rough-ground"}, Pos().terrain("d5", "rough"));
  expect_defended(*s, "rough-ground");
}

TEST(RoughGroundDefense, FailsOnClear) {
  auto s = window_vs("knights", {"rough-ground"});
  EXPECT_ILLEGAL(s, "defend rough-ground");
}

TEST(RoughGroundDefense, FailsOnAHill) {
  auto s = window_vs("knights", {"rough-ground"}, Pos().terrain("d5", "hill"));
  EXPECT_ILLEGAL(s, "defend rough-ground");
}

TEST(RoughGroundDefense, TheAttackerOnRoughDoesNotCount) {
  auto s = window_vs("knights", {"rough-ground"}, Pos().terrain("d4", "rough"));
  EXPECT_ILLEGAL(s, "defend rough-ground");
}

// ---------------------------------------------------------------------------------------------
// Recoil: move back one square along the attack direction.

TEST(RecoilDefense, MovesTheTargetBack) {
  auto s = window_vs("knights", {"recoil"});
  ASSERT_LEGAL(s, "defend recoil");
  s->apply_text("defend recoil");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  ASSERT_FALSE(unit_at(*s, "d6").is_null());
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "knights");
  EXPECT_EQ(lost_of(*s, 2), 0);
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_EQ(count_in(s->to_json().at("discard"), "recoil"), 1);
}

TEST(RecoilDefense, DiagonalAttackRecoilsDiagonally) {
  auto s = Pos()
               .unit("c4", 1, "blades")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  s->apply_text("attack attack c4xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "e6").at("type"), "knights");
}

TEST(RecoilDefense, RangeTwoAttackRecoilsOneSquare) {
  auto s = Pos()
               .unit("d3", 1, "bows")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  s->apply_text("attack attack d3xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "knights");
}

TEST(RecoilDefense, Player1DefenderRecoilsTowardItsOwnEdge) {
  auto s = Pos()
               .active(2)
               .unit("e6", 2, "blades")
               .unit("e5", 1, "knights")
               .hand(2, {"attack"})
               .hand(1, {"recoil"})
               .state();
  s->apply_text("attack attack e6xe5");
  ASSERT_EQ(s->to_act(), 1);
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "e4").at("type"), "knights");
  EXPECT_EQ(s->to_act(), 2);
}

TEST(RecoilDefense, NotPlayableWhenTheSquareIsOccupied) {
  auto s = window_vs("knights", {"recoil"}, Pos().unit("d6", 2, "warband"));
  EXPECT_ILLEGAL(s, "defend recoil");
}

TEST(RecoilDefense, NotPlayableWhenTheSquareHoldsAnEnemy) {
  auto s = window_vs("knights", {"recoil"}, Pos().unit("d6", 1, "warband"));
  EXPECT_ILLEGAL(s, "defend recoil");
}

TEST(RecoilDefense, NotPlayableOffTheBoard) {
  auto s = Pos()
               .unit("d7", 1, "blades")
               .unit("d8", 2, "knights")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  s->apply_text("attack attack d7xd8");
  EXPECT_ILLEGAL(s, "defend recoil");
}

TEST(RecoilDefense, NotPlayableIntoImpassable) {
  auto s = window_vs("knights", {"recoil"}, Pos().terrain("d6", "impassable"));
  EXPECT_ILLEGAL(s, "defend recoil");
}

TEST(RecoilDefense, PlayableIntoRough) {
  auto s = window_vs("knights", {"recoil"}, Pos().terrain("d6", "rough"));
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "knights");
}

TEST(RecoilDefense, WarWagonsCannotRecoilIntoRough) {
  auto s = window_vs("war-wagons", {"recoil"}, Pos().terrain("d6", "rough"));
  EXPECT_ILLEGAL(s, "defend recoil");
}

TEST(RecoilDefense, ACampCannotMove) {
  auto s = window_vs("camp", {"recoil", "push"});
  EXPECT_ILLEGAL(s, "defend recoil");
  expect_defended(*s, "push");
}

TEST(RecoilDefense, TheGeneralMayRecoil) {
  auto s = window_vs("general", {"recoil"});
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "general");
  EXPECT_FALSE(s->is_over());
}

// ---------------------------------------------------------------------------------------------
// Defended units and the game

TEST(DefenseCards, DefendingTheCampKeepsItsTwoLossPoints) {
  auto s = window_vs("camp", {"push"});
  s->apply_text("defend push");
  EXPECT_EQ(lost_of(*s, 2), 0);
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "camp");
}

TEST(DefenseCards, DefendingTheGeneralKeepsTheGameGoing) {
  auto s = window_vs("general", {"push"});
  s->apply_text("defend push");
  EXPECT_FALSE(s->is_over());
  EXPECT_EQ(s->winner(), ancients::kNotOver);
}

TEST(DefenseCards, IllegalDefenseLeavesTheWindowOpen) {
  auto s = window_vs("knights", {"rough-ground"});
  EXPECT_ILLEGAL(s, "defend rough-ground");
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_LEGAL(s, "pass");
}

TEST(DefenseCards, CardNotInHandCannotBePlayed) {
  auto s = window_vs("knights", {"recoil"});
  EXPECT_ILLEGAL(s, "defend push");
}

}  // namespace
}  // namespace wtest
