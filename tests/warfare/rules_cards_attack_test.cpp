// Attack cards (seed 003 BATTLE PHASE and CARD LIST; ruling §1 "Attacks and lines", ruling §2
// "Card attack" and "Attack card conditions"): Attack (no condition), Supported Attack (another
// friendly unit has the target within its own range and clear line), Outflank (the attacker's
// rank is closer to the opponent's back edge than the target's), Elite (the attacker is Elite).
#include "warfare/position_builder.h"

namespace wtest {
namespace {

// ---------------------------------------------------------------------------------------------
// Attack

TEST(AttackCard, NoCondition) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_LEGAL(s, "attack attack d4xd5");
}

TEST(AttackCard, OpensTheDefenseWindowWithThePendingAction) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  const json p = s->to_json();
  EXPECT_EQ(p.at("to_act"), 2);
  EXPECT_EQ(p.at("active"), 1);
  EXPECT_EQ(p.at("phase"), "battle");
  EXPECT_EQ(p.at("pending"), (json{{"attack", "attack attack d4xd5"}}));
  EXPECT_EQ(count_in(p.at("discard"), "attack"), 1);
  EXPECT_FALSE(unit_at(p, "d5").is_null());
  // Only the defender decides now: the attacker has no action.
  EXPECT_EQ(legal_set(*s), std::set<std::string>{"pass"});
  EXPECT_THROW(s->apply_text("end"), ancients::IllegalAction);
}

TEST(AttackCard, PassDestroysTheTargetAndReturnsToTheAttacker) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  const json p = s->to_json();
  EXPECT_TRUE(unit_at(p, "d5").is_null());
  EXPECT_EQ(p.at("lost").at("2"), 1);
  EXPECT_EQ(p.at("to_act"), 1);
  EXPECT_EQ(p.at("phase"), "battle");
  EXPECT_TRUE(p.at("pending").is_null());
  EXPECT_EQ(unit_at(p, "d4").at("type"), "blades") << "the attacker does not move";
}

TEST(AttackCard, AnAutokillableTargetMayBeAttackedWithACardInstead) {
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").hand(1, {"attack"}).state();
  EXPECT_LEGAL(s, "autokill d4xd5");
  APPLY(s, "attack attack d4xd5");
  EXPECT_EQ(s->to_act(), 2);
}

TEST(AttackCard, NotWithoutTheCardInHand) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"push"}).state();
  EXPECT_ILLEGAL(s, "attack attack d4xd5");
}

TEST(AttackCard, NotAgainstOwnUnits) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 1, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d4xd5");
}

TEST(AttackCard, NotWithTheOpponentsUnit) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d5xd4");
}

TEST(AttackCard, NotOutOfRange) {
  auto s = Pos().unit("d4", 1, "blades").unit("d6", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d4xd6");
}

TEST(AttackCard, RangeTwoUnitsAtRangeTwo) {
  for (const std::string type : {"psiloi", "light-horse", "bows", "war-wagons"}) {
    SCOPED_TRACE(type);
    auto s = Pos().unit("d3", 1, type).unit("f5", 2, "warband").hand(1, {"attack"}).state();
    EXPECT_LEGAL(s, "attack attack d3xf5");
    auto far = Pos().unit("d2", 1, type).unit("d5", 2, "warband").hand(1, {"attack"}).state();
    EXPECT_ILLEGAL(far, "attack attack d2xd5");
  }
}

TEST(AttackCard, ArtilleryRangeFour) {
  auto s = Pos().unit("a4", 1, "artillery").unit("e4", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_LEGAL(s, "attack attack a4xe4");
  auto far = Pos().unit("a4", 1, "artillery").unit("f4", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(far, "attack attack a4xf4");
}

TEST(AttackCard, HillRangePlusOneForEveryMissileType) {
  for (const std::string type : {"psiloi", "light-horse", "bows", "artillery"}) {
    SCOPED_TRACE(type);
    const int reach = stats(type).range + 1;
    const std::string target = square(0, reach);
    auto flat = Pos().unit("a1", 1, type).unit(target, 2, "knights").hand(1, {"attack"}).state();
    EXPECT_ILLEGAL(flat, "attack attack a1x" + target);
    auto hill = Pos()
                    .terrain("a1", "hill")
                    .unit("a1", 1, type)
                    .unit(target, 2, "knights")
                    .hand(1, {"attack"})
                    .state();
    EXPECT_LEGAL(hill, "attack attack a1x" + target);
  }
}

TEST(AttackCard, NoHillBonusForNonMissileUnits) {
  for (const std::string type : {"blades", "war-wagons", "cavalry", "knights", "general"}) {
    SCOPED_TRACE(type);
    const std::string target = square(0, stats(type).range + 1);
    auto s = Pos()
                 .terrain("a1", "hill")
                 .unit("a1", 1, type)
                 .unit(target, 2, "warband")
                 .hand(1, {"attack"})
                 .state();
    EXPECT_ILLEGAL(s, "attack attack a1x" + target);
  }
}

TEST(AttackCard, OnlyAlongTheEightLines) {
  auto s = Pos().unit("d3", 1, "bows").unit("e5", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d3xe5");
}

TEST(AttackCard, NotThroughAFriendlyUnit) {
  auto s = Pos()
               .unit("d3", 1, "bows")
               .unit("d4", 1, "blades")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack attack d3xd5");
}

TEST(AttackCard, NotThroughAnEnemyUnit) {
  auto s = Pos()
               .unit("c3", 1, "bows")
               .unit("d4", 2, "blades")
               .unit("e5", 2, "knights")
               .hand(1, {"attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack attack c3xe5");
  EXPECT_LEGAL(s, "attack attack c3xd4");
}

TEST(AttackCard, OneAttackPerUnitPerTurn) {
  auto s = Pos()
               .unit("d4", 1, "blades")
               .unit("d5", 2, "knights")
               .unit("e5", 2, "knights")
               .hand(1, {"attack", "attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_ILLEGAL(s, "attack attack d4xe5");
}

TEST(AttackCard, AUnitMarkedAttackedCannot) {
  auto s = Pos().attacked("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d4xd5");
}

TEST(AttackCard, EachUnitHasItsOwnAttack) {
  auto s = Pos()
               .unit("d4", 1, "blades")
               .unit("e4", 1, "blades")
               .unit("d5", 2, "knights")
               .unit("e5", 2, "knights")
               .hand(1, {"attack", "attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_LEGAL(s, "attack attack e4xe5");
}

TEST(AttackCard, NotInTheMovePhase) {
  auto s = Pos()
               .phase("move")
               .unit("d4", 1, "blades")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack attack d4xd5");
}

TEST(AttackCard, ArtilleryCannotAttackAfterMoving) {
  auto s = Pos().moved("d1", 1, "artillery").unit("d4", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d1xd4");
}

TEST(AttackCard, OtherUnitsMayAttackAfterMoving) {
  auto s = Pos().moved("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack"}).state();
  EXPECT_LEGAL(s, "attack attack d4xd5");
}

// ---------------------------------------------------------------------------------------------
// Supported Attack: target in range of two of your units.

// Player 1 Blades on d4 attack player 2 Knights on d5.
Pos supported_base() {
  return Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"supported-attack"});
}
const char* const kSupported = "attack supported-attack d4xd5";

TEST(SupportedAttack, HoldsWithAnAdjacentSupporter) {
  auto s = supported_base().unit("c5", 1, "warband").state();
  EXPECT_LEGAL(s, kSupported);
  s->apply_text(kSupported);
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(s->to_json().at("pending"), (json{{"attack", kSupported}}));
}

TEST(SupportedAttack, FailsWithoutASecondUnit) {
  auto s = supported_base().state();
  EXPECT_ILLEGAL(s, kSupported);
}

TEST(SupportedAttack, FailsWhenTheOtherUnitIsOutOfItsRange) {
  auto s = supported_base().unit("b5", 1, "warband").state();
  EXPECT_ILLEGAL(s, kSupported);
}

TEST(SupportedAttack, AnEnemyUnitNearbyIsNoSupport) {
  auto s = supported_base().unit("c5", 2, "warband").state();
  EXPECT_ILLEGAL(s, kSupported);
}

TEST(SupportedAttack, HoldsWithARangedSupporterAtItsRange) {
  auto s = supported_base().unit("b5", 1, "bows").state();
  EXPECT_LEGAL(s, kSupported);
}

TEST(SupportedAttack, SupporterNeedsAClearLine) {
  // Bows on b7 would reach d5 along the diagonal, but c6 is occupied (by an enemy: a friend
  // there would itself be a supporter).
  auto s = supported_base().unit("b7", 1, "bows").unit("c6", 2, "warband").state();
  EXPECT_ILLEGAL(s, kSupported);
}

TEST(SupportedAttack, NoIndirectFireForSupport) {
  // Artillery on d1 would reach d5 over the attacker on d4 only with indirect fire.
  auto s = supported_base().unit("d1", 1, "artillery").state();
  EXPECT_ILLEGAL(s, kSupported);
}

TEST(SupportedAttack, SupporterOnAHillGetsTheMissileBonus) {
  auto flat = supported_base().unit("a5", 1, "bows").state();
  EXPECT_ILLEGAL(flat, kSupported);
  auto hill = supported_base().terrain("a5", "hill").unit("a5", 1, "bows").state();
  EXPECT_LEGAL(hill, kSupported);
}

TEST(SupportedAttack, GeneralAndCampCountAsSupport) {
  auto g = supported_base().unit("e6", 1, "general").state();
  EXPECT_LEGAL(g, kSupported);
  auto c = supported_base().unit("e4", 1, "camp").state();
  EXPECT_LEGAL(c, kSupported);
}

TEST(SupportedAttack, SupporterThatMovedOrAttackedStillCounts) {
  auto m = supported_base().moved("c5", 1, "warband").state();
  EXPECT_LEGAL(m, kSupported);
  auto a = supported_base().attacked("c5", 1, "warband").state();
  EXPECT_LEGAL(a, kSupported);
  auto art = supported_base().moved("h5", 1, "artillery").state();
  EXPECT_LEGAL(art, kSupported);
}

TEST(SupportedAttack, TheAttackerItselfStillNeedsRange) {
  auto s = Pos()
               .unit("d3", 1, "blades")
               .unit("d5", 2, "knights")
               .unit("c5", 1, "warband")
               .unit("e5", 1, "warband")
               .hand(1, {"supported-attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack supported-attack d3xd5");
  EXPECT_LEGAL(s, "attack supported-attack c5xd5");
}

// ---------------------------------------------------------------------------------------------
// Outflank: the attacker is closer to the opponent's back edge than the defender.

TEST(Outflank, Player1AttackerOnAHigherRank) {
  auto s = Pos().unit("d5", 1, "blades").unit("c4", 2, "knights").hand(1, {"outflank"}).state();
  EXPECT_LEGAL(s, "attack outflank d5xc4");
  s->apply_text("attack outflank d5xc4");
  EXPECT_EQ(s->to_act(), 2);
}

TEST(Outflank, Player1SameRankFails) {
  auto s = Pos().unit("d4", 1, "blades").unit("e4", 2, "knights").hand(1, {"outflank"}).state();
  EXPECT_ILLEGAL(s, "attack outflank d4xe4");
}

TEST(Outflank, Player1LowerRankFails) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"outflank"}).state();
  EXPECT_ILLEGAL(s, "attack outflank d4xd5");
}

TEST(Outflank, Player2AttackerOnALowerRank) {
  auto s = Pos()
               .active(2)
               .unit("d4", 2, "blades")
               .unit("e5", 1, "knights")
               .hand(2, {"outflank"})
               .state();
  EXPECT_LEGAL(s, "attack outflank d4xe5");
}

TEST(Outflank, Player2HigherRankFails) {
  auto s = Pos()
               .active(2)
               .unit("d5", 2, "blades")
               .unit("d4", 1, "knights")
               .hand(2, {"outflank"})
               .state();
  EXPECT_ILLEGAL(s, "attack outflank d5xd4");
  auto same = Pos()
                  .active(2)
                  .unit("d5", 2, "blades")
                  .unit("e5", 1, "knights")
                  .hand(2, {"outflank"})
                  .state();
  EXPECT_ILLEGAL(same, "attack outflank d5xe5");
}

TEST(Outflank, AtRangeTwoRanksCompared) {
  auto s = Pos().unit("d6", 1, "bows").unit("d4", 2, "knights").hand(1, {"outflank"}).state();
  EXPECT_LEGAL(s, "attack outflank d6xd4");
}

// ---------------------------------------------------------------------------------------------
// Elite as an attack card: only by Elite units.

TEST(EliteAttack, ByAnEliteUnit) {
  auto s = Pos().elite("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"elite"}).state();
  EXPECT_LEGAL(s, "attack elite d4xd5");
  s->apply_text("attack elite d4xd5");
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(count_in(s->to_json().at("discard"), "elite"), 1);
}

TEST(EliteAttack, NotByANonEliteUnit) {
  auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"elite"}).state();
  EXPECT_ILLEGAL(s, "attack elite d4xd5");
}

TEST(EliteAttack, TheTargetBeingEliteDoesNotHelp) {
  auto s = Pos().unit("d4", 1, "blades").elite("d5", 2, "knights").hand(1, {"elite"}).state();
  EXPECT_ILLEGAL(s, "attack elite d4xd5");
}

// Defense-only and move cards are not attack cards.
TEST(AttackCard, DefenseAndMoveCardsCannotAttack) {
  for (const std::string card :
       {"push", "recoil", "reinforced", "rally", "rough-ground", "trod", "march", "scout"}) {
    SCOPED_TRACE(card);
    auto s = Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {card}).state();
    EXPECT_ILLEGAL(s, "attack " + card + " d4xd5");
  }
}

TEST(AttackCard, TwoCopiesGiveOneAction) {
  auto s =
      Pos().unit("d4", 1, "blades").unit("d5", 2, "knights").hand(1, {"attack", "attack"}).state();
  const auto v = s->legal_texts();
  EXPECT_EQ(std::count(v.begin(), v.end(), "attack attack d4xd5"), 1);
  s->apply_text("attack attack d4xd5");
  EXPECT_EQ(count_in(s->to_json().at("hands").at("1"), "attack"), 1);
}

}  // namespace
}  // namespace wtest
