// Rule-clause tests for the retreat edition (shared/seeds/000_069fe0e0bed8163d.txt with the
// rulings of shared/rules/ancient-warfare.md §1 and §3): data tables, Move cards as maximum
// distances, Difficult Ground, retreat combat and its exceptions, attack restrictions between
// classes, card conditions, passive and activated special abilities, and the FAQ's rulings.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

Pos R() {
  return Pos().edition("retreat");
}

// --- data -------------------------------------------------------------------------------------

TEST(RetreatData, SeventySevenCardsAndTwentyThreeUnitTypes) {
  // A position's deck may hold every card of the edition; an unknown name is refused.
  const std::vector<std::pair<std::string, int>> counts = {{"trod", 6},
                                                           {"march", 6},
                                                           {"fast-pace", 5},
                                                           {"gallop", 4},
                                                           {"run", 4},
                                                           {"charge", 3},
                                                           {"attack", 3},
                                                           {"attack-for-glory", 3},
                                                           {"supported-attack", 3},
                                                           {"outflank", 3},
                                                           {"bloody-work", 3},
                                                           {"rain-of-arrows", 3},
                                                           {"elite", 3},
                                                           {"push", 3},
                                                           {"recoil", 3},
                                                           {"reinforced", 3},
                                                           {"rally", 3},
                                                           {"skirmish", 3},
                                                           {"difficult-ground", 3},
                                                           {"special-ability", 8},
                                                           {"scout", 2}};
  std::vector<std::string> deck;
  for (const auto& [c, n] : counts)
    for (int k = 0; k < n; ++k) deck.push_back(c);
  EXPECT_EQ(deck.size(), 77u);
  EXPECT_NO_THROW(R().unit("a1", 1, "general").unit("h8", 2, "general").deck(deck).state());
  EXPECT_THROW(R().unit("a1", 1, "general").deck({"quick"}).state(), ancients::BadInput);
  const std::vector<std::string> types = {
      "camp",          "general",     "auxilia",        "warband",        "blades",
      "spears",        "pikes",       "horde",          "hoplites",       "legionnaires",
      "psiloi",        "slingers",    "bows",           "longbows",       "crossbows",
      "horse-archers", "cataphracts", "heavy-chariots", "light-chariots", "scythed-chariots",
      "elephants",     "artillery",   "war-wagons"};
  EXPECT_EQ(types.size(), 23u);
  for (const auto& t : types) EXPECT_NO_THROW(R().unit("d4", 1, t).state()) << t;
  EXPECT_THROW(R().unit("d4", 1, "knights").state(), ancients::BadInput);
}

// --- movement ---------------------------------------------------------------------------------

TEST(RetreatMove, CardNumberIsAMaximum) {
  auto s = R().phase("move").unit("d2", 1, "general").hand(1, {"fast-pace"}).state();
  EXPECT_LEGAL(s, "move fast-pace d2-d3");
  EXPECT_LEGAL(s, "move fast-pace d2-d4");
  EXPECT_LEGAL(s, "move fast-pace d2-d5");
  EXPECT_ILLEGAL(s, "move fast-pace d2-d6");
}

TEST(RetreatMove, CardAboveTheUnitsMoveLimitIsRefused) {
  auto s = R().phase("move").unit("d2", 1, "hoplites").hand(1, {"gallop"}).state();
  EXPECT_ILLEGAL(s, "move gallop d2-d3");
}

TEST(RetreatMove, LightInfantryIgnoreRoughAndPassFriends) {
  auto s = R().phase("move")
               .unit("d2", 1, "psiloi")
               .unit("d3", 1, "hoplites")
               .terrain("d4", "rough")
               .hand(1, {"fast-pace"})
               .state();
  EXPECT_LEGAL(s, "move fast-pace d2-d5");
  auto h =
      R().phase("move").unit("d2", 1, "hoplites").terrain("d3", "rough").hand(1, {"march"}).state();
  EXPECT_LEGAL(h, "move march d2-d3");
  EXPECT_ILLEGAL(h, "move march d2-d4");
}

TEST(RetreatMove, DifficultGroundNegatesAMove) {
  auto s = R().phase("move")
               .unit("d2", 1, "hoplites")
               .unit("h8", 2, "general")
               .hand(1, {"march"})
               .hand(2, {"difficult-ground"})
               .state();
  s->apply_text("move march d2-d4");
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(s->to_json()["pending"]["move"], "move march d2-d4");
  EXPECT_LEGAL(s, "negate difficult-ground");
  EXPECT_LEGAL(s, "pass");
  EXPECT_EQ(s->action_info("negate difficult-ground", 2)["words"],
            "Negate the move with Difficult Ground (the move is cancelled; the card is spent)");
  s->apply_text("negate difficult-ground");
  EXPECT_EQ(unit_at(*s, "d2")["type"], "hoplites");
  EXPECT_EQ(unit_at(*s, "d2")["moved"], false);
  EXPECT_EQ(count_in(s->to_json()["discard"], "march"), 1);
  EXPECT_EQ(s->to_act(), 1);
}

TEST(RetreatMove, PassLetsTheMoveHappen) {
  auto s = R().phase("move").unit("d2", 1, "hoplites").hand(1, {"march"}).state();
  s->apply_text("move march d2-d4");
  EXPECT_EQ(legal_set(*s), std::set<std::string>{"pass"});  // window opens whatever is held
  s->apply_text("pass");
  EXPECT_EQ(unit_at(*s, "d4")["moved"], true);
}

TEST(RetreatMove, PendingMoveRoundTripsThroughJson) {
  auto s = R().phase("move").unit("d2", 1, "hoplites").hand(1, {"march"}).state();
  s->apply_text("move march d2-d4");
  auto t = make(s->to_json());
  EXPECT_EQ(t->to_json(), s->to_json());
  t->apply_text("pass");
  EXPECT_FALSE(unit_at(*t, "d4").is_null());
}

TEST(RetreatMove, LightChariotsMoveTwice) {
  auto s = R().phase("move").unit("d2", 1, "light-chariots").hand(1, {"trod", "trod"}).state();
  APPLY(s, "move trod d2-d3");
  APPLY(s, "pass");
  APPLY(s, "move trod d3-d4");
  APPLY(s, "pass");
  auto h = R().phase("move").unit("d2", 1, "horse-archers").hand(1, {"trod", "trod"}).state();
  APPLY(h, "move trod d2-d3");
  APPLY(h, "pass");
  EXPECT_ILLEGAL(h, "move trod d3-d4");
}

TEST(RetreatMove, SkirmishMovesOnlyLightUnits) {
  auto s = R().phase("move")
               .unit("c2", 1, "psiloi")
               .unit("f2", 1, "hoplites")
               .hand(1, {"skirmish"})
               .state();
  EXPECT_LEGAL(s, "move skirmish c2-c4");
  EXPECT_ILLEGAL(s, "move skirmish f2-f3");
}

TEST(RetreatMove, RunIsAKnightMoveForMoveThreePlus) {
  auto s =
      R().phase("move").unit("c2", 1, "psiloi").unit("f2", 1, "hoplites").hand(1, {"run"}).state();
  EXPECT_LEGAL(s, "move run c2-d4");
  EXPECT_ILLEGAL(s, "move run f2-g4");
}

// --- retreat combat ---------------------------------------------------------------------------

TEST(RetreatCombat, EveryCardAttackOpensADefenseWindow) {
  auto s = R().unit("d4", 1, "hoplites").unit("d5", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_EQ(legal_set(*s), std::set<std::string>{"pass"});
}

TEST(RetreatCombat, UndefendedTargetRetreatsOneSquare) {
  auto s = R().unit("d4", 1, "hoplites").unit("d5", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(unit_at(*s, "d6")["retreats"], 1);
  EXPECT_EQ(lost_of(*s, 2), 0);
}

TEST(RetreatCombat, NoRetreatSquareDestroys) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("d6", 2, "blades")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(lost_of(*s, 2), 1);
}

TEST(RetreatCombat, SecondRetreatInATurnDestroys) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .retreated("d5", 1)
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(lost_of(*s, 2), 1);
}

TEST(RetreatCombat, CavalryAndLightInfantryRetreatTwiceFromHeavyInfantry) {
  for (const std::string target : {"horse-archers", "psiloi", "auxilia"}) {
    auto s = R().unit("d4", 1, "hoplites")
                 .unit("d5", 2, target)
                 .retreated("d5", 1)
                 .hand(1, {"attack"})
                 .state();
    s->apply_text("attack attack d4xd5");
    s->apply_text("pass");
    EXPECT_EQ(lost_of(*s, 2), 0) << target;
    EXPECT_EQ(unit_at(*s, "d6")["retreats"], 2) << target;
    auto t = R().unit("d4", 1, "hoplites")
                 .unit("d5", 2, target)
                 .retreated("d5", 2)
                 .hand(1, {"attack"})
                 .state();
    t->apply_text("attack attack d4xd5");
    t->apply_text("pass");
    EXPECT_EQ(lost_of(*t, 2), 1) << target;
  }
  // Not against a missile attacker.
  auto m = R().unit("d4", 1, "slingers")
               .unit("d5", 2, "psiloi")
               .retreated("d5", 1)
               .hand(1, {"attack"})
               .state();
  m->apply_text("attack attack d4xd5");
  m->apply_text("pass");
  EXPECT_EQ(lost_of(*m, 2), 1);
}

TEST(RetreatCombat, ElephantsForcedToRetreatAreDestroyed) {
  auto s = R().unit("d4", 1, "hoplites").unit("d5", 2, "elephants").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(lost_of(*s, 2), 1);
  EXPECT_TRUE(unit_at(*s, "d6").is_null());
}

TEST(RetreatCombat, CampAttackedSuccessfullyIsLooted) {
  auto s = R().unit("d4", 1, "hoplites").unit("d5", 2, "camp").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(lost_of(*s, 2), 2);
}

TEST(RetreatCombat, HeavyCavalryOverrunLightInfantry) {
  auto s = R().unit("d4", 1, "cataphracts").unit("d5", 2, "psiloi").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(lost_of(*s, 2), 1);
  EXPECT_TRUE(unit_at(*s, "d6").is_null());
}

TEST(RetreatCombat, DefenseCardNegatesTheAttack) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("e5", 2, "blades")
               .hand(1, {"attack"})
               .hand(2, {"reinforced"})
               .state();
  s->apply_text("attack attack d4xd5");
  APPLY(s, "defend reinforced");
  EXPECT_EQ(unit_at(*s, "d5")["retreats"], 0);
  EXPECT_EQ(s->to_act(), 1);
}

TEST(RetreatCombat, GeneralKilledEndsTheGame) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "general")
               .unit("d6", 2, "blades")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), 1);
}

TEST(RetreatCombat, RetreatCountResetsEachTurn) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .retreated("d5", 1)
               .hand(1, {})
               .deck({"trod", "trod", "trod", "trod", "trod", "trod"})
               .state();
  s->apply_text("end");
  EXPECT_EQ(unit_at(*s, "d5")["retreats"], 0);
}

// --- attack restrictions ----------------------------------------------------------------------

TEST(RetreatRestrictions, LightCavalryCannotAttackMissileInfantry) {
  auto s = R().unit("d4", 1, "horse-archers")
               .unit("d5", 2, "bows")
               .unit("e5", 2, "blades")
               .hand(1, {"attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack attack d4xd5");
  EXPECT_LEGAL(s, "attack attack d4xe5");
}

TEST(RetreatRestrictions, HeavyCavalryAttackHeavyInfantryOnlyAfterARetreat) {
  auto s = R().unit("d4", 1, "cataphracts").unit("d5", 2, "blades").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(s, "attack attack d4xd5");
  auto t = R().unit("d4", 1, "cataphracts")
               .unit("d5", 2, "blades")
               .retreated("d5", 1)
               .hand(1, {"attack"})
               .state();
  EXPECT_LEGAL(t, "attack attack d4xd5");
}

TEST(RetreatRestrictions, HorsesWillNotAttackElephants) {
  for (const std::string horse : {"cataphracts", "horse-archers", "light-chariots"}) {
    auto s = R().unit("d4", 1, horse).unit("d5", 2, "elephants").hand(1, {"attack"}).state();
    EXPECT_ILLEGAL(s, "attack attack d4xd5");
  }
  auto e = R().unit("d4", 1, "elephants").unit("d5", 2, "elephants").hand(1, {"attack"}).state();
  EXPECT_LEGAL(e, "attack attack d4xd5");
}

TEST(RetreatRestrictions, NoAttackOverUnitsAndArtilleryNotAfterMoving) {
  auto s = R().unit("d3", 1, "bows")
               .unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .hand(1, {"attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack attack d3xd5");
  auto a = R().moved("d3", 1, "artillery").unit("d5", 2, "blades").hand(1, {"attack"}).state();
  EXPECT_ILLEGAL(a, "attack attack d3xd5");
}

// --- card conditions --------------------------------------------------------------------------

TEST(RetreatCards, AttackForGloryNeedsTheGeneralWithinTwo) {
  auto near = R().unit("d4", 1, "hoplites")
                  .unit("b3", 1, "general")
                  .unit("d5", 2, "blades")
                  .hand(1, {"attack-for-glory"})
                  .state();
  EXPECT_LEGAL(near, "attack attack-for-glory d4xd5");
  auto far = R().unit("d4", 1, "hoplites")
                 .unit("a3", 1, "general")
                 .unit("d5", 2, "blades")
                 .hand(1, {"attack-for-glory"})
                 .state();
  EXPECT_ILLEGAL(far, "attack attack-for-glory d4xd5");
}

TEST(RetreatCards, SupportedAttackNeedsAFriendAdjacentToTheTarget) {
  auto yes = R().unit("d4", 1, "hoplites")
                 .unit("e6", 1, "blades")
                 .unit("d5", 2, "blades")
                 .hand(1, {"supported-attack"})
                 .state();
  EXPECT_LEGAL(yes, "attack supported-attack d4xd5");
  auto no = R().unit("d4", 1, "hoplites")
                .unit("f7", 1, "blades")
                .unit("d5", 2, "blades")
                .hand(1, {"supported-attack"})
                .state();
  EXPECT_ILLEGAL(no, "attack supported-attack d4xd5");
}

TEST(RetreatCards, OutflankOnlyByAUnitThatMoved) {
  auto yes = R().moved("d4", 1, "hoplites").unit("d5", 2, "blades").hand(1, {"outflank"}).state();
  EXPECT_LEGAL(yes, "attack outflank d4xd5");
  auto no = R().unit("d4", 1, "hoplites").unit("d5", 2, "blades").hand(1, {"outflank"}).state();
  EXPECT_ILLEGAL(no, "attack outflank d4xd5");
}

TEST(RetreatCards, BloodyWorkShockOnlyRainOfArrowsMissileOnly) {
  auto s = R().unit("c4", 1, "hoplites")
               .unit("f4", 1, "slingers")
               .unit("c5", 2, "blades")
               .unit("f5", 2, "blades")
               .hand(1, {"bloody-work", "rain-of-arrows"})
               .state();
  EXPECT_LEGAL(s, "attack bloody-work c4xc5");
  EXPECT_ILLEGAL(s, "attack bloody-work f4xf5");
  EXPECT_LEGAL(s, "attack rain-of-arrows f4xf5");
  EXPECT_ILLEGAL(s, "attack rain-of-arrows c4xc5");
}

TEST(RetreatCards, PushOnlyByHeavyInfantrySkirmishOnlyByLightUnits) {
  auto s = R().unit("c4", 1, "hoplites")
               .unit("f4", 1, "psiloi")
               .unit("c5", 2, "blades")
               .unit("f5", 2, "blades")
               .hand(1, {"push", "skirmish"})
               .state();
  EXPECT_LEGAL(s, "attack push c4xc5");
  EXPECT_ILLEGAL(s, "attack push f4xf5");
  EXPECT_LEGAL(s, "attack skirmish f4xf5");
  EXPECT_ILLEGAL(s, "attack skirmish c4xc5");
}

TEST(RetreatCards, EliteAttackAndDefenseOnlyByEliteUnits) {
  auto s = R().elite("c4", 1, "hoplites")
               .unit("f4", 1, "hoplites")
               .unit("c5", 2, "blades")
               .unit("f5", 2, "blades")
               .hand(1, {"elite"})
               .state();
  EXPECT_LEGAL(s, "attack elite c4xc5");
  EXPECT_ILLEGAL(s, "attack elite f4xf5");
}

TEST(RetreatCards, ChargeMovesOneThenAttacksAtRangeOne) {
  auto s = R().unit("d3", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("h8", 2, "general")
               .hand(1, {"charge"})
               .state();
  APPLY(s, "attack charge d3-d4xd5");
  EXPECT_EQ(s->to_json()["pending"]["move"], "attack charge d3-d4xd5");
  APPLY(s, "pass");  // no Difficult Ground
  EXPECT_EQ(s->to_json()["pending"]["attack"], "attack charge d3-d4xd5");
  APPLY(s, "pass");  // no defense
  EXPECT_EQ(unit_at(*s, "d4")["moved"], true);
  EXPECT_EQ(unit_at(*s, "d6")["retreats"], 1);
}

TEST(RetreatCards, DifficultGroundCancelsAChargeWhole) {
  auto s = R().unit("d3", 1, "hoplites")
               .unit("d5", 2, "blades")
               .hand(1, {"charge"})
               .hand(2, {"difficult-ground"})
               .state();
  s->apply_text("attack charge d3-d4xd5");
  APPLY(s, "negate difficult-ground");
  EXPECT_EQ(unit_at(*s, "d3")["moved"], false);
  EXPECT_EQ(unit_at(*s, "d3")["attacks"], 0);
  EXPECT_EQ(unit_at(*s, "d5")["retreats"], 0);
}

TEST(RetreatCards, RecoilDefenseMovesBackAndNegates) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  s->apply_text("attack attack d4xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6")["retreats"], 0);
}

TEST(RetreatCards, RallyNeedsTheGeneralWithinTwo) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("f7", 2, "general")
               .hand(1, {"attack"})
               .hand(2, {"rally"})
               .state();
  s->apply_text("attack attack d4xd5");
  EXPECT_LEGAL(s, "defend rally");
  auto t = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("g8", 2, "general")
               .hand(1, {"attack"})
               .hand(2, {"rally"})
               .state();
  t->apply_text("attack attack d4xd5");
  EXPECT_FALSE(has(*t, "defend rally"));
}

// --- special abilities ------------------------------------------------------------------------

TEST(RetreatAbilities, BladesAndBowsAttackTwice) {
  auto s = R().unit("d4", 1, "blades")
               .unit("d5", 2, "warband")
               .unit("e5", 2, "warband")
               .hand(1, {"attack", "attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  APPLY(s, "attack attack d4xe5");
  auto h = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "warband")
               .unit("e5", 2, "warband")
               .hand(1, {"attack", "attack"})
               .state();
  h->apply_text("attack attack d4xd5");
  h->apply_text("pass");
  EXPECT_ILLEGAL(h, "attack attack d4xe5");
}

TEST(RetreatAbilities, DefensiveAbilities) {
  for (const std::string d : {"hoplites", "crossbows", "war-wagons"}) {
    auto s = R().unit("d4", 1, "blades")
                 .unit("d5", 2, d)
                 .hand(1, {"attack"})
                 .hand(2, {"special-ability"})
                 .state();
    s->apply_text("attack attack d4xd5");
    APPLY(s, "defend special-ability");
    EXPECT_EQ(unit_at(*s, "d5")["type"], d);
  }
  auto b = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .hand(1, {"attack"})
               .hand(2, {"special-ability"})
               .state();
  b->apply_text("attack attack d4xd5");
  EXPECT_FALSE(has(*b, "defend special-ability"));
}

TEST(RetreatAbilities, PikesReceiveChargeKillsAShockAttacker) {
  auto s = R().unit("d4", 1, "blades")
               .unit("d5", 2, "pikes")
               .hand(1, {"attack"})
               .hand(2, {"special-ability"})
               .state();
  s->apply_text("attack attack d4xd5");
  APPLY(s, "defend special-ability");
  EXPECT_TRUE(unit_at(*s, "d4").is_null());
  EXPECT_EQ(lost_of(*s, 1), 1);
  auto m = R().unit("d4", 1, "slingers")
               .unit("d5", 2, "pikes")
               .hand(1, {"attack"})
               .hand(2, {"special-ability"})
               .state();
  m->apply_text("attack attack d4xd5");
  EXPECT_FALSE(has(*m, "defend special-ability"));
}

TEST(RetreatAbilities, SpearsEitherVsShock) {
  auto s = R().unit("d4", 1, "spears")
               .unit("d5", 2, "blades")
               .unit("e5", 2, "slingers")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d4xd5");
  EXPECT_ILLEGAL(s, "attack special-ability d4xe5");
}

TEST(RetreatAbilities, PsiloiRunAwayNegatesThenKnightMove) {
  auto s = R().unit("d4", 1, "blades")
               .unit("d5", 2, "psiloi")
               .hand(1, {"attack"})
               .hand(2, {"special-ability"})
               .state();
  s->apply_text("attack attack d4xd5");
  APPLY(s, "defend special-ability e7");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(unit_at(*s, "e7")["type"], "psiloi");
}

TEST(RetreatAbilities, HorseArchersShootThenMoveAway) {
  auto s = R().unit("d4", 1, "horse-archers")
               .unit("d6", 2, "blades")
               .hand(1, {"special-ability"})
               .state();
  APPLY(s, "attack special-ability d4xd6-d2");
  EXPECT_EQ(s->to_json()["pending"]["attack"], "attack special-ability d4xd6-d2");
  APPLY(s, "pass");
  EXPECT_EQ(unit_at(*s, "d2")["type"], "horse-archers");
  EXPECT_EQ(unit_at(*s, "d7")["retreats"], 1);
  EXPECT_ILLEGAL(s, "attack special-ability d4xd6-d1");
}

TEST(RetreatAbilities, CataphractsMoveUpToThreeThenAttack) {
  auto s = R().unit("d2", 1, "cataphracts")
               .unit("d6", 2, "slingers")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d2-d5xd6");
  EXPECT_ILLEGAL(s, "attack special-ability d2-d5xd7");
}

TEST(RetreatAbilities, ElephantsTrampleOneThenAttack) {
  // Elephants are Heavy Cavalry (SHC): they attack Heavy Infantry only once it has retreated,
  // so the target here is Slingers.
  auto s =
      R().unit("d3", 1, "elephants").unit("d5", 2, "slingers").hand(1, {"special-ability"}).state();
  EXPECT_LEGAL(s, "attack special-ability d3-d4xd5");
  auto f =
      R().unit("d2", 1, "elephants").unit("d5", 2, "slingers").hand(1, {"special-ability"}).state();
  EXPECT_FALSE(has(*f, "attack special-ability d2-d4xd5"));
}

TEST(RetreatAbilities, IndirectFireAndRangeTwoAbilities) {
  auto s = R().unit("d3", 1, "longbows")
               .unit("d4", 1, "hoplites")
               .unit("d6", 2, "blades")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d3xd6");
  auto l = R().unit("d4", 1, "legionnaires")
               .unit("d6", 2, "blades")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(l, "attack special-ability d4xd6");
  auto sc = R().unit("d4", 1, "scythed-chariots")
                .unit("d5", 2, "slingers")
                .terrain("d4", "rough")
                .hand(1, {"special-ability"})
                .state();
  EXPECT_FALSE(has(*sc, "attack special-ability d4xd5"));
}

TEST(RetreatAbilities, GeneralRalliesAnAdjacentUnit) {
  auto s = R().unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .unit("e6", 2, "general")
               .hand(1, {"attack"})
               .hand(2, {"special-ability"})
               .state();
  s->apply_text("attack attack d4xd5");
  APPLY(s, "defend special-ability");
  EXPECT_EQ(unit_at(*s, "d5")["type"], "blades");
}

TEST(RetreatAbilities, AuxiliaOpenFormationOnRough) {
  auto s = R().unit("d4", 1, "auxilia")
               .unit("d5", 2, "blades")
               .terrain("d4", "rough")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(s, "attack special-ability d4xd5");
  auto c =
      R().unit("d4", 1, "auxilia").unit("d5", 2, "blades").hand(1, {"special-ability"}).state();
  EXPECT_FALSE(has(*c, "attack special-ability d4xd5"));
}

// --- FAQ --------------------------------------------------------------------------------------

TEST(RetreatFaq, CampAndWarWagonsNeedADefendCard) {
  auto s = R().unit("d4", 1, "hoplites").unit("d5", 2, "war-wagons").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  EXPECT_EQ(unit_at(*s, "d6")["retreats"], 1);
}

TEST(RetreatFaq, WarWagonsCanAttack) {
  auto s = R().unit("d4", 1, "war-wagons").unit("d6", 2, "blades").hand(1, {"attack"}).state();
  EXPECT_LEGAL(s, "attack attack d4xd6");
}
}  // namespace
}  // namespace wtest
