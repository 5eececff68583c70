// SPECIAL ABILITY CARD EFFECTS TABLE (seed 003) with ruling §2 "Special abilities" and §1
// "Special Ability (SA) cards": a Special Ability card activates the ability of the unit it is
// played for; used as an attack it follows all attack rules unless the ability says otherwise.
// Notation: `attack special-ability FROMxTO`, `defend special-ability`,
// `move special-ability FROM-TO` (K move), `dismount SQ`, `attack special-ability FROM-VIAxTO`.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

const char* const kSA = "special-ability";

// Player 1 `attacker` on d4 (terrain `t` on d4 if given) against player 2 `target` on d5.
std::unique_ptr<State> sa_attack_pos(const std::string& attacker, const std::string& target,
                                     const std::string& t = "") {
  Pos p;
  if (!t.empty()) p.terrain("d4", t);
  return p.unit("d4", 1, attacker).unit("d5", 2, target).hand(1, {kSA}).state();
}

// Player 1 Blades (or `attacker`) on d4 attack player 2 `target` on d5 with an Attack card;
// player 2 holds a Special Ability card.
std::unique_ptr<State> sa_defense_window(Pos pos, const std::string& target,
                                         const std::string& attacker = "blades",
                                         const std::string& attacker_sq = "d4") {
  auto s = pos.unit(attacker_sq, 1, attacker)
               .unit("d5", 2, target)
               .hand(1, {"attack"})
               .hand(2, {kSA})
               .state();
  s->apply_text("attack attack " + attacker_sq + "xd5");
  return s;
}

void expect_sa_defended(State& s) {
  ASSERT_TRUE(has(s, "defend special-ability")) << "legal:" << join(legal_set(s));
  s.apply_text("defend special-ability");
  const json p = s.to_json();
  EXPECT_FALSE(unit_at(p, "d5").is_null());
  EXPECT_EQ(p.at("lost").at("2"), 0);
  EXPECT_EQ(p.at("to_act"), 1);
  EXPECT_EQ(count_in(p.at("discard"), kSA), 1);
  EXPECT_TRUE(p.at("hands").at("2").empty());
}

// ---------------------------------------------------------------------------------------------
// General: Rally (D) — any friendly unit adjacent to the General, not the General itself.

TEST(GeneralRally, DefendsAnAdjacentFriendlyUnit) {
  auto s = sa_defense_window(Pos().unit("e6", 2, "general"), "knights");
  expect_sa_defended(*s);
}

TEST(GeneralRally, NotAUnitTwoSquaresAway) {
  auto s = sa_defense_window(Pos().unit("f7", 2, "general"), "knights");
  EXPECT_ILLEGAL(s, "defend special-ability");
}

TEST(GeneralRally, NotTheGeneralItself) {
  auto s = sa_defense_window(Pos(), "general");
  EXPECT_ILLEGAL(s, "defend special-ability");
}

TEST(GeneralRally, IsNotAnAttack) {
  auto s = sa_attack_pos("general", "knights");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

// ---------------------------------------------------------------------------------------------
// Auxilia: Open Formation (A/D) — either, if in rough ground.

TEST(AuxiliaOpenFormation, AttackFromRough) {
  auto s = sa_attack_pos("auxilia", "knights", "rough");
  ASSERT_LEGAL(s, "attack special-ability d4xd5");
  s->apply_text("attack special-ability d4xd5");
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(s->to_json().at("pending"), (json{{"attack", "attack special-ability d4xd5"}}));
  EXPECT_EQ(count_in(s->to_json().at("discard"), kSA), 1);
}

TEST(AuxiliaOpenFormation, NoAttackFromClear) {
  auto s = sa_attack_pos("auxilia", "knights");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

TEST(AuxiliaOpenFormation, NoAttackFromAHill) {
  auto s = sa_attack_pos("auxilia", "knights", "hill");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

TEST(AuxiliaOpenFormation, DefenseOnRough) {
  auto s = sa_defense_window(Pos().terrain("d5", "rough"), "auxilia");
  expect_sa_defended(*s);
}

TEST(AuxiliaOpenFormation, NoDefenseOnClear) {
  auto s = sa_defense_window(Pos(), "auxilia");
  EXPECT_ILLEGAL(s, "defend special-ability");
}

// ---------------------------------------------------------------------------------------------
// Warband: Berserker Frenzy (A).

TEST(WarbandFrenzy, AttackAtRangeOne) {
  auto s = sa_attack_pos("warband", "knights");
  ASSERT_LEGAL(s, "attack special-ability d4xd5");
  s->apply_text("attack special-ability d4xd5");
  EXPECT_EQ(s->to_act(), 2);
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
}

TEST(WarbandFrenzy, NotBeyondRangeOne) {
  auto s = Pos().unit("d4", 1, "warband").unit("d6", 2, "knights").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d4xd6");
}

TEST(WarbandFrenzy, IsNotADefense) {
  auto s = sa_defense_window(Pos(), "warband");
  EXPECT_ILLEGAL(s, "defend special-ability");
}

// ---------------------------------------------------------------------------------------------
// Blades: Shield Wall (D). War Wagons: Strong Defense (D).

TEST(BladesShieldWall, Defends) {
  auto s = sa_defense_window(Pos(), "blades", "knights");
  expect_sa_defended(*s);
}

TEST(BladesShieldWall, IsNotAnAttack) {
  auto s = sa_attack_pos("blades", "knights");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

TEST(WarWagonsStrongDefense, Defends) {
  auto s = sa_defense_window(Pos(), "war-wagons");
  expect_sa_defended(*s);
}

TEST(WarWagonsStrongDefense, IsNotAnAttack) {
  auto s = sa_attack_pos("war-wagons", "knights");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

TEST(SpecialAbilityDefense, NotForUnitsWithoutADefenseAbility) {
  for (const std::string type :
       {"knights", "spears", "cavalry", "warband", "bows", "elephants", "camp"}) {
    SCOPED_TRACE(type);
    auto s = sa_defense_window(Pos(), type);
    ASSERT_EQ(s->to_act(), 2);
    EXPECT_ILLEGAL(s, "defend special-ability");
  }
}

// ---------------------------------------------------------------------------------------------
// Spears: Throw Spears (A), Cavalry: Bows (A) — attack at range 2 (= up to 2).

TEST(RangeTwoAbility, SpearsAndCavalryAttackAtRangeTwo) {
  for (const std::string type : {"spears", "cavalry"}) {
    SCOPED_TRACE(type);
    auto s = Pos().unit("d4", 1, type).unit("d6", 2, "warband").hand(1, {kSA, "attack"}).state();
    EXPECT_ILLEGAL(s, "attack attack d4xd6");
    ASSERT_LEGAL(s, "attack special-ability d4xd6");
    s->apply_text("attack special-ability d4xd6");
    EXPECT_EQ(s->to_act(), 2);
    s->apply_text("pass");
    EXPECT_TRUE(unit_at(*s, "d6").is_null());
  }
}

TEST(RangeTwoAbility, DiagonalRangeTwo) {
  for (const std::string type : {"spears", "cavalry"}) {
    SCOPED_TRACE(type);
    auto s = Pos().unit("d4", 1, type).unit("b6", 2, "warband").hand(1, {kSA}).state();
    EXPECT_LEGAL(s, "attack special-ability d4xb6");
  }
}

TEST(RangeTwoAbility, UpToTwoIncludesAdjacent) {
  for (const std::string type : {"spears", "cavalry"}) {
    SCOPED_TRACE(type);
    auto s = Pos().unit("d4", 1, type).unit("d5", 2, "warband").hand(1, {kSA}).state();
    EXPECT_LEGAL(s, "attack special-ability d4xd5");
  }
}

TEST(RangeTwoAbility, NotAtRangeThree) {
  for (const std::string type : {"spears", "cavalry"}) {
    SCOPED_TRACE(type);
    auto s = Pos().unit("d4", 1, type).unit("d7", 2, "warband").hand(1, {kSA}).state();
    EXPECT_ILLEGAL(s, "attack special-ability d4xd7");
  }
}

TEST(RangeTwoAbility, NeedsAClearLine) {
  for (const std::string type : {"spears", "cavalry"}) {
    SCOPED_TRACE(type);
    auto s = Pos()
                 .unit("d4", 1, type)
                 .unit("d5", 1, "blades")
                 .unit("d6", 2, "warband")
                 .hand(1, {kSA})
                 .state();
    EXPECT_ILLEGAL(s, "attack special-ability d4xd6");
  }
}

TEST(RangeTwoAbility, ImmuneTargetIsRecoiled) {
  // Psiloi are immune to Spears (the Spears' auto-kill row lacks Psiloi).
  auto s = Pos().unit("d4", 1, "spears").unit("d6", 2, "psiloi").hand(1, {kSA}).state();
  s->apply_text("attack special-ability d4xd6");
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_TRUE(unit_at(*s, "d6").is_null());
  EXPECT_EQ(unit_at(*s, "d7").at("type"), "psiloi");
}

// ---------------------------------------------------------------------------------------------
// Pikes: Receive Charge (A/D) — either vs a non-missile unit.

TEST(PikesReceiveCharge, AttackANonMissileUnit) {
  auto s = sa_attack_pos("pikes", "knights");
  EXPECT_LEGAL(s, "attack special-ability d4xd5");
}

TEST(PikesReceiveCharge, NoAttackOnMissileUnits) {
  for (const std::string t : {"psiloi", "light-horse", "bows", "artillery"}) {
    SCOPED_TRACE(t);
    auto s = sa_attack_pos("pikes", t);
    EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
  }
}

TEST(PikesReceiveCharge, DefendAgainstANonMissileAttacker) {
  auto s = sa_defense_window(Pos(), "pikes", "knights");
  expect_sa_defended(*s);
}

TEST(PikesReceiveCharge, NoDefenseAgainstAMissileAttacker) {
  auto s = sa_defense_window(Pos(), "pikes", "bows", "d3");
  ASSERT_EQ(s->to_act(), 2);
  EXPECT_ILLEGAL(s, "defend special-ability");
}

// ---------------------------------------------------------------------------------------------
// Knights: Dismount (X) — become Blades for the rest of the game; neither a move nor an attack.

TEST(KnightsDismount, InTheMovePhase) {
  auto s =
      Pos().phase("move").unit("d4", 1, "knights").hand(1, {kSA, "march", "fast-pace"}).state();
  ASSERT_LEGAL(s, "dismount d4");
  EXPECT_LEGAL(s, "move fast-pace d4-d7");
  s->apply_text("dismount d4");
  json p = s->to_json();
  EXPECT_EQ(unit_at(p, "d4").at("type"), "blades");
  EXPECT_EQ(unit_at(p, "d4").at("moved"), false);
  EXPECT_EQ(unit_at(p, "d4").at("attacks"), 0);
  EXPECT_EQ(count_in(p.at("discard"), kSA), 1);
  EXPECT_EQ(p.at("phase"), "move");
  // Now a Blades unit: Move 2.
  EXPECT_ILLEGAL(s, "move fast-pace d4-d7");
  APPLY(s, "move march d4-d6");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "blades");
}

TEST(KnightsDismount, InTheBattlePhaseKeepsTheAttack) {
  // Knights do not auto-kill Bows; Blades do.
  auto s = Pos().unit("d4", 1, "knights").unit("d5", 2, "bows").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "autokill d4xd5");
  APPLY(s, "dismount d4");
  EXPECT_LEGAL(s, "autokill d4xd5");
}

TEST(KnightsDismount, ForTheRestOfTheGame) {
  auto s = Pos()
               .unit("d4", 1, "knights")
               .hand(1, {kSA})
               .deck({"trod", "trod", "trod", "march", "march", "march"})
               .state();
  s->apply_text("dismount d4");
  s->apply_text("end");
  EXPECT_EQ(unit_at(*s, "d4").at("type"), "blades");
}

TEST(KnightsDismount, OnlyKnights) {
  for (const std::string t : {"blades", "cavalry", "general", "elephants"}) {
    SCOPED_TRACE(t);
    auto s = Pos().phase("move").unit("d4", 1, t).hand(1, {kSA}).state();
    EXPECT_ILLEGAL(s, "dismount d4");
  }
}

TEST(KnightsDismount, NeedsTheCard) {
  auto s = Pos().phase("move").unit("d4", 1, "knights").hand(1, {"trod"}).state();
  EXPECT_ILLEGAL(s, "dismount d4");
}

TEST(KnightsDismount, OnlyOwnKnightsInOwnTurn) {
  auto s = Pos().phase("move").unit("d5", 2, "knights").hand(1, {kSA}).hand(2, {kSA}).state();
  EXPECT_ILLEGAL(s, "dismount d5");
}

TEST(KnightsDismount, NotInTheDefenseWindow) {
  auto s = Pos()
               .unit("d4", 1, "blades")
               .unit("d5", 2, "warband")
               .unit("h8", 2, "knights")
               .hand(1, {"attack"})
               .hand(2, {kSA})
               .state();
  s->apply_text("attack attack d4xd5");
  ASSERT_EQ(s->to_act(), 2);
  EXPECT_ILLEGAL(s, "dismount h8");
}

// ---------------------------------------------------------------------------------------------
// Psiloi: Run, Light Horse: Wheel About (A/M) — an attack card, or a K move.

TEST(RunAndWheelAbout, AttackCardAtNormalRange) {
  for (const std::string t : {"psiloi", "light-horse"}) {
    SCOPED_TRACE(t);
    auto s = Pos().unit("d3", 1, t).unit("d5", 2, "warband").hand(1, {kSA}).state();
    ASSERT_LEGAL(s, "attack special-ability d3xd5");
    s->apply_text("attack special-ability d3xd5");
    EXPECT_EQ(s->to_act(), 2);
    auto far = Pos().unit("d2", 1, t).unit("d5", 2, "warband").hand(1, {kSA}).state();
    EXPECT_ILLEGAL(far, "attack special-ability d2xd5");
  }
}

TEST(RunAndWheelAbout, KnightMoveInTheMovePhase) {
  for (const std::string t : {"psiloi", "light-horse"}) {
    SCOPED_TRACE(t);
    auto s = Pos().phase("move").unit("d4", 1, t).hand(1, {kSA}).state();
    const std::set<std::string> expected = {
        "move special-ability d4-e6", "move special-ability d4-c6", "move special-ability d4-f5",
        "move special-ability d4-b5", "move special-ability d4-f3", "move special-ability d4-b3",
        "move special-ability d4-e2", "move special-ability d4-c2"};
    EXPECT_EQ(with_prefix(*s, "move special-ability d4-"), expected);
    s->apply_text("move special-ability d4-e6");
    const json p = s->to_json();
    EXPECT_TRUE(unit_at(p, "d4").is_null());
    EXPECT_EQ(unit_at(p, "e6").at("type"), t);
    EXPECT_EQ(unit_at(p, "e6").at("moved"), true);
    EXPECT_EQ(count_in(p.at("discard"), kSA), 1);
  }
}

TEST(RunAndWheelAbout, KnightMoveJumpsOverUnits) {
  Pos p;
  p.phase("move").unit("d4", 1, "psiloi").hand(1, {kSA});
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr)
      if (df != 0 || dr != 0) p.unit(shift("d4", df, dr), (df + dr) % 2 == 0 ? 1 : 2, "blades");
  auto s = p.state();
  EXPECT_LEGAL(s, "move special-ability d4-e6");
}

TEST(RunAndWheelAbout, KnightMoveOnlyOntoAnEmptyEnterableSquare) {
  auto s = Pos()
               .phase("move")
               .unit("d4", 1, "light-horse")
               .unit("e6", 1, "blades")
               .unit("c6", 2, "blades")
               .terrain("f5", "impassable")
               .terrain("b5", "rough")
               .hand(1, {kSA})
               .state();
  EXPECT_ILLEGAL(s, "move special-ability d4-e6");
  EXPECT_ILLEGAL(s, "move special-ability d4-c6");
  EXPECT_ILLEGAL(s, "move special-ability d4-f5");
  EXPECT_LEGAL(s, "move special-ability d4-b5");
}

TEST(RunAndWheelAbout, KnightMoveOffTheBoardIsNotListed) {
  auto s = Pos().phase("move").unit("a1", 1, "psiloi").hand(1, {kSA}).state();
  EXPECT_EQ(with_prefix(*s, "move special-ability a1-"),
            (std::set<std::string>{"move special-ability a1-b3", "move special-ability a1-c2"}));
}

TEST(RunAndWheelAbout, NotAfterTheUnitMoved) {
  auto s = Pos().phase("move").moved("d4", 1, "psiloi").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "move special-ability d4-e6");
}

TEST(RunAndWheelAbout, NotInTheBattlePhase) {
  auto s = Pos().unit("d4", 1, "psiloi").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "move special-ability d4-e6");
}

TEST(RunAndWheelAbout, OnlyPsiloiAndLightHorseKnightMove) {
  for (const std::string t : {"knights", "cavalry", "auxilia", "general", "elephants"}) {
    SCOPED_TRACE(t);
    auto s = Pos().phase("move").unit("d4", 1, t).hand(1, {kSA}).state();
    EXPECT_ILLEGAL(s, "move special-ability d4-e6");
  }
}

// ---------------------------------------------------------------------------------------------
// Bows, Artillery: Indirect Fire (A) — an attack through units, at normal range.

TEST(IndirectFire, BowsOverAFriendlyUnit) {
  auto s = Pos()
               .unit("d3", 1, "bows")
               .unit("d4", 1, "blades")
               .unit("d5", 2, "warband")
               .hand(1, {kSA, "attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack attack d3xd5");
  ASSERT_LEGAL(s, "attack special-ability d3xd5");
  s->apply_text("attack special-ability d3xd5");
  EXPECT_EQ(s->to_act(), 2);
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
}

TEST(IndirectFire, BowsOverAnEnemyUnit) {
  auto s = Pos()
               .unit("d3", 1, "bows")
               .unit("d4", 2, "blades")
               .unit("d5", 2, "warband")
               .hand(1, {kSA})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d3xd5");
}

TEST(IndirectFire, BowsAtNormalRangeOnly) {
  auto s = Pos()
               .unit("d2", 1, "bows")
               .unit("d3", 1, "blades")
               .unit("d5", 2, "warband")
               .hand(1, {kSA})
               .state();
  EXPECT_ILLEGAL(s, "attack special-ability d2xd5");
}

TEST(IndirectFire, HillBonusStillApplies) {
  // Ruling §1: a missile unit on a hill has range +1; the SA attack follows all attack rules.
  auto s = Pos()
               .terrain("d2", "hill")
               .unit("d2", 1, "bows")
               .unit("d3", 1, "blades")
               .unit("d5", 2, "warband")
               .hand(1, {kSA})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d2xd5");
}

TEST(IndirectFire, ArtilleryOverSeveralUnits) {
  auto s = Pos()
               .unit("d1", 1, "artillery")
               .unit("d2", 1, "blades")
               .unit("d3", 2, "blades")
               .unit("d4", 1, "blades")
               .unit("d5", 2, "warband")
               .hand(1, {kSA})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d1xd5");
}

TEST(IndirectFire, ArtilleryNotAfterMoving) {
  auto s = Pos()
               .moved("d1", 1, "artillery")
               .unit("d2", 1, "blades")
               .unit("d5", 2, "warband")
               .hand(1, {kSA})
               .state();
  EXPECT_ILLEGAL(s, "attack special-ability d1xd5");
}

TEST(IndirectFire, StillAlongTheEightLines) {
  auto s = Pos().unit("d3", 1, "bows").unit("e5", 2, "warband").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d3xe5");
}

TEST(IndirectFire, ImmuneTargetRecoiled) {
  // Blades are immune to Bows: recoiled one square along the direction of fire.
  auto s = Pos()
               .unit("d3", 1, "bows")
               .unit("d4", 1, "warband")
               .unit("d5", 2, "blades")
               .hand(1, {kSA})
               .state();
  s->apply_text("attack special-ability d3xd5");
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "blades");
}

TEST(IndirectFire, OtherUnitsCannotFireOverUnits) {
  for (const std::string t : {"psiloi", "light-horse", "war-wagons", "spears", "cavalry"}) {
    SCOPED_TRACE(t);
    auto s = Pos()
                 .unit("d3", 1, t)
                 .unit("d4", 1, "blades")
                 .unit("d5", 2, "warband")
                 .hand(1, {kSA})
                 .state();
    EXPECT_ILLEGAL(s, "attack special-ability d3xd5");
  }
}

// ---------------------------------------------------------------------------------------------
// Elephants: Trample (M+A) — in the battle phase an unmoved, unattacked Elephant moves exactly
// 1 square and then makes a card attack; it counts as its move and its attack.

TEST(ElephantsTrample, MoveOneThenAttack) {
  auto s = Pos().unit("d3", 1, "elephants").unit("d5", 2, "blades").hand(1, {kSA}).state();
  const std::string act = "attack special-ability d3-d4xd5";
  ASSERT_LEGAL(s, act);
  s->apply_text(act);
  json p = s->to_json();
  EXPECT_TRUE(unit_at(p, "d3").is_null());
  ASSERT_FALSE(unit_at(p, "d4").is_null());
  EXPECT_EQ(unit_at(p, "d4").at("type"), "elephants");
  EXPECT_EQ(p.at("to_act"), 2);
  EXPECT_EQ(p.at("pending"), (json{{"attack", act}}));
  EXPECT_EQ(count_in(p.at("discard"), kSA), 1);
  s->apply_text("pass");
  p = s->to_json();
  EXPECT_TRUE(unit_at(p, "d5").is_null());
  EXPECT_EQ(unit_at(p, "d4").at("moved"), true);
  EXPECT_EQ(unit_at(p, "d4").at("attacks"), 1);
}

TEST(ElephantsTrample, MoveDiagonallyThenAttackAnotherDirection) {
  auto s = Pos().unit("d3", 1, "elephants").unit("e5", 2, "blades").hand(1, {kSA}).state();
  EXPECT_LEGAL(s, "attack special-ability d3-e4xe5");
  EXPECT_LEGAL(s, "attack special-ability d3-d4xe5");
}

TEST(ElephantsTrample, ExactlyOneSquare) {
  auto s = Pos().unit("d2", 1, "elephants").unit("d5", 2, "blades").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d2-d4xd5");
}

TEST(ElephantsTrample, TargetInRangeOneOfTheNewSquare) {
  auto s = Pos().unit("d2", 1, "elephants").unit("d5", 2, "blades").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d2-d3xd5");
}

TEST(ElephantsTrample, OntoAnEmptySquareOnly) {
  auto s = Pos()
               .unit("d3", 1, "elephants")
               .unit("d4", 1, "blades")
               .unit("d5", 2, "blades")
               .hand(1, {kSA})
               .state();
  EXPECT_ILLEGAL(s, "attack special-ability d3-d4xd5");
}

TEST(ElephantsTrample, NotIntoImpassable) {
  auto s = Pos()
               .terrain("d4", "impassable")
               .unit("d3", 1, "elephants")
               .unit("d5", 2, "blades")
               .hand(1, {kSA})
               .state();
  EXPECT_ILLEGAL(s, "attack special-ability d3-d4xd5");
}

TEST(ElephantsTrample, IntoRough) {
  auto s = Pos()
               .terrain("d4", "rough")
               .unit("d3", 1, "elephants")
               .unit("d5", 2, "blades")
               .hand(1, {kSA})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d3-d4xd5");
}

TEST(ElephantsTrample, NotAfterMoving) {
  auto s = Pos().moved("d3", 1, "elephants").unit("d5", 2, "blades").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d3-d4xd5");
}

TEST(ElephantsTrample, NotAfterAttacking) {
  auto s = Pos().attacked("d3", 1, "elephants").unit("d5", 2, "blades").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d3-d4xd5");
}

TEST(ElephantsTrample, NotInTheMovePhase) {
  auto s =
      Pos().phase("move").unit("d3", 1, "elephants").unit("d5", 2, "blades").hand(1, {kSA}).state();
  EXPECT_ILLEGAL(s, "attack special-ability d3-d4xd5");
}

TEST(ElephantsTrample, OnlyElephants) {
  for (const std::string t : {"knights", "cavalry", "blades"}) {
    SCOPED_TRACE(t);
    auto s = Pos().unit("d3", 1, t).unit("d5", 2, "warband").hand(1, {kSA}).state();
    EXPECT_ILLEGAL(s, "attack special-ability d3-d4xd5");
  }
}

TEST(ElephantsTrample, ImmuneTargetRecoiled) {
  // Psiloi are immune to Elephants (not in the Elephants' auto-kill row).
  auto s = Pos().unit("d3", 1, "elephants").unit("d5", 2, "psiloi").hand(1, {kSA}).state();
  s->apply_text("attack special-ability d3-d4xd5");
  EXPECT_EQ(s->to_act(), 1);
  EXPECT_EQ(unit_at(*s, "d4").at("type"), "elephants");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "psiloi");
}

TEST(ElephantsTrample, RecoilDefenseGoesAlongTheAttackFromTheNewSquare) {
  auto s = Pos()
               .unit("c3", 1, "elephants")
               .unit("d5", 2, "blades")
               .hand(1, {kSA})
               .hand(2, {"recoil"})
               .state();
  s->apply_text("attack special-ability c3-c4xd5");
  ASSERT_EQ(s->to_act(), 2);
  APPLY(s, "defend recoil");
  // Direction c4 -> d5 is one file right and one rank up: back is e6.
  EXPECT_EQ(unit_at(*s, "e6").at("type"), "blades");
}

// ---------------------------------------------------------------------------------------------
// Scythed Chariots: Open Ground (A) — attack if on clear ground.

TEST(ScythedChariotsOpenGround, AttackFromClear) {
  auto s = sa_attack_pos("scythed-chariots", "spears");
  ASSERT_LEGAL(s, "attack special-ability d4xd5");
  s->apply_text("attack special-ability d4xd5");
  EXPECT_EQ(s->to_act(), 2);
}

TEST(ScythedChariotsOpenGround, NoAttackFromRough) {
  auto s = sa_attack_pos("scythed-chariots", "spears", "rough");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

TEST(ScythedChariotsOpenGround, NoAttackFromAHill) {
  auto s = sa_attack_pos("scythed-chariots", "spears", "hill");
  EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
}

// ---------------------------------------------------------------------------------------------
// Units whose ability is not an attack cannot attack with the card.

TEST(SpecialAbilityAttack, NotForUnitsWithoutAnAttackAbility) {
  for (const std::string t : {"general", "blades", "knights", "war-wagons", "elephants", "camp"}) {
    SCOPED_TRACE(t);
    auto s = sa_attack_pos(t, "warband");
    EXPECT_ILLEGAL(s, "attack special-ability d4xd5");
  }
}

TEST(SpecialAbilityAttack, OncePerUnitPerTurn) {
  auto s = Pos()
               .unit("d4", 1, "warband")
               .unit("d5", 2, "knights")
               .unit("e5", 2, "knights")
               .hand(1, {kSA, kSA})
               .state();
  s->apply_text("attack special-ability d4xd5");
  s->apply_text("pass");
  EXPECT_ILLEGAL(s, "attack special-ability d4xe5");
}

}  // namespace
}  // namespace wtest
