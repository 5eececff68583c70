// Rule-clause tests of the further rulings (shared/rules/ancient-warfare.md §5, "second
// reading"), one group per ruling, in both editions where the ruling says so: Artillery never
// moves and attacks in one turn; move-then-attack and attack-then-move abilities need an unmoved
// unit; Parthian Shot moves away whatever the result; Difficult Ground cancels a whole
// move-then-attack; a Recoil card is not a forced retreat; house options in both editions
// (multi_move keeps each edition's distance rule); pursuit after any leaving of the square;
// woods, steep hills and rivers; the nominated General; the Camp; built-up areas.
// The DBA set-up's empty side files are tested in rules_house_setup_test.cpp
// (HouseDbaSetup.DeploymentZoneIsFourRowsWithoutTheSideColumns) and draws from an empty deck
// and discard pile in rules_reshuffle_test.cpp (Reshuffle.TooFewCardsInBothPilesDrawsWhatThereIs,
// Reshuffle.NoCardsAnywhereDrawsNothing).
#include "warfare/position_builder.h"

namespace wtest::rulings {
namespace {

Pos R() {
  return Pos().edition("retreat");
}

json with_rivers(const Pos& p, const json& rivers) {
  json j = p.js();
  j["rivers"] = rivers;
  return j;
}

json nominated(const std::string& sq, int owner, const std::string& type) {
  return {{"square", sq},   {"owner", owner}, {"type", type},  {"elite", false},
          {"moved", false}, {"attacks", 0},   {"retreats", 0}, {"general", true}};
}

// --- Artillery cannot move and attack in the same turn, in either edition ----------------------

TEST(RulingArtillery, NoChargeInTheRetreatEdition) {
  auto s = R().unit("d3", 1, "artillery").unit("d5", 2, "spears").hand(1, {"charge"}).state();
  EXPECT_ILLEGAL(s, "attack charge d3-d4xd5");
  EXPECT_TRUE(with_prefix(*s, "attack").empty()) << join(legal_set(*s));
  // The same Charge is open to an ordinary unit.
  auto h = R().unit("d3", 1, "hoplites").unit("d5", 2, "spears").hand(1, {"charge"}).state();
  EXPECT_LEGAL(h, "attack charge d3-d4xd5");
}

TEST(RulingArtillery, NoAttackAtAllAfterItMovedInEitherEdition) {
  // Autokill edition: Artillery auto-kills Elephants and may attack with a card or its ability.
  auto fresh = Pos()
                   .unit("d3", 1, "artillery")
                   .unit("d6", 2, "elephants")
                   .hand(1, {"attack", "special-ability"})
                   .state();
  EXPECT_LEGAL(fresh, "autokill d3xd6");
  EXPECT_LEGAL(fresh, "attack attack d3xd6");
  auto moved = Pos()
                   .moved("d3", 1, "artillery")
                   .unit("d6", 2, "elephants")
                   .hand(1, {"attack", "special-ability"})
                   .state();
  EXPECT_ILLEGAL(moved, "autokill d3xd6");
  EXPECT_ILLEGAL(moved, "attack attack d3xd6");
  EXPECT_ILLEGAL(moved, "attack special-ability d3xd6");
  // Retreat edition: neither a card nor the Indirect Fire ability after a move.
  auto r = R().moved("d3", 1, "artillery")
               .unit("d6", 2, "blades")
               .hand(1, {"attack", "special-ability", "charge"})
               .state();
  EXPECT_TRUE(with_prefix(*r, "attack").empty()) << join(legal_set(*r));
}

// --- Move-then-attack and attack-then-move abilities need an unmoved unit ----------------------

TEST(RulingMoveThenAttack, ChargeNeedsAnUnmovedUnitButAnAttackCardDoesNot) {
  auto s = R().moved("d3", 1, "hoplites")
               .unit("d4", 2, "blades")
               .unit("f5", 2, "blades")
               .hand(1, {"charge", "attack"})
               .state();
  EXPECT_ILLEGAL(s, "attack charge d3-e4xf5");
  EXPECT_TRUE(with_prefix(*s, "attack charge").empty()) << join(legal_set(*s));
  EXPECT_LEGAL(s, "attack attack d3xd4");
}

TEST(RulingMoveThenAttack, CataphractsAndElephantsNeedAnUnmovedUnit) {
  auto cat = R().moved("d2", 1, "cataphracts")
                 .unit("d6", 2, "slingers")
                 .hand(1, {"special-ability"})
                 .state();
  EXPECT_ILLEGAL(cat, "attack special-ability d2-d5xd6");
  auto ele = R().moved("d3", 1, "elephants")
                 .unit("d5", 2, "slingers")
                 .hand(1, {"special-ability"})
                 .state();
  EXPECT_ILLEGAL(ele, "attack special-ability d3-d4xd5");
  auto ak = Pos()
                .moved("d3", 1, "elephants")
                .unit("d5", 2, "blades")
                .hand(1, {"special-ability"})
                .state();
  EXPECT_ILLEGAL(ak, "attack special-ability d3-d4xd5");
}

TEST(RulingMoveThenAttack, ParthianShotNeedsAnUnmovedUnit) {
  auto s = R().moved("d4", 1, "horse-archers")
               .unit("d6", 2, "blades")
               .hand(1, {"special-ability", "attack"})
               .state();
  EXPECT_TRUE(with_prefix(*s, "attack special-ability").empty()) << join(legal_set(*s));
  EXPECT_LEGAL(s, "attack attack d4xd6");
}

TEST(RulingMoveThenAttack, LightChariotsMayChargeWithTheirSecondMove) {
  const auto chariots = [](int moves) {
    json j = R().unit("f5", 2, "blades").hand(1, {"charge"}).js();
    j["units"].push_back({{"square", "d3"},
                          {"owner", 1},
                          {"type", "light-chariots"},
                          {"moved", moves > 0},
                          {"moves", moves},
                          {"attacks", 0}});
    return make(j);
  };
  auto once = chariots(1);
  EXPECT_LEGAL(once, "attack charge d3-e4xf5");
  auto twice = chariots(2);  // both moves made: none left for the Charge
  EXPECT_ILLEGAL(twice, "attack charge d3-e4xf5");
}

// --- Parthian Shot: the Horse Archers move away whatever the result -----------------------------

TEST(RulingParthianShot, MovesAwayAfterANegatedAttack) {
  auto s = R().unit("d4", 1, "horse-archers")
               .unit("d6", 2, "blades")
               .hand(1, {"special-ability"})
               .hand(2, {"push"})
               .state();
  APPLY(s, "attack special-ability d4xd6-d2");
  APPLY(s, "defend push");
  EXPECT_EQ(unit_at(*s, "d2")["type"], "horse-archers");
  EXPECT_TRUE(unit_at(*s, "d4").is_null());
  EXPECT_EQ(unit_at(*s, "d6")["retreats"], 0);
}

// --- Difficult Ground against a move-then-attack cancels the whole action ---------------------

TEST(RulingDifficultGround, CancelledChargeLeavesTheUnitFreeToActAgain) {
  auto s = R().unit("d3", 1, "hoplites")
               .unit("d5", 2, "blades")
               .hand(1, {"charge", "charge"})
               .hand(2, {"difficult-ground"})
               .state();
  APPLY(s, "attack charge d3-d4xd5");
  // The answer's words say the attack goes too (a player once read the attack as made).
  EXPECT_EQ(s->action_info("negate difficult-ground", 2)["words"],
            "Negate the move with Difficult Ground (the move and its attack are cancelled; the "
            "card is spent)");
  APPLY(s, "negate difficult-ground");
  EXPECT_EQ(unit_at(*s, "d3")["moved"], false);
  EXPECT_EQ(unit_at(*s, "d3")["attacks"], 0);
  EXPECT_EQ(count_in(s->to_json()["discard"], "charge"), 1) << "the card is spent";
  EXPECT_LEGAL(s, "attack charge d3-d4xd5");
}

TEST(RulingDifficultGround, CancelledCataphractChargeLeavesTheUnitFreeToActAgain) {
  auto s = R().unit("d2", 1, "cataphracts")
               .unit("d6", 2, "slingers")
               .hand(1, {"special-ability", "special-ability"})
               .hand(2, {"difficult-ground"})
               .state();
  APPLY(s, "attack special-ability d2-d5xd6");
  APPLY(s, "negate difficult-ground");
  EXPECT_EQ(unit_at(*s, "d2")["moved"], false);
  EXPECT_EQ(unit_at(*s, "d2")["attacks"], 0);
  EXPECT_LEGAL(s, "attack special-ability d2-d5xd6");
}

// --- Retreat edition: a Recoil card is not a forced retreat ------------------------------------

TEST(RulingRecoilCard, ElephantsSurviveIt) {
  auto s = R().unit("d4", 1, "elephants")
               .unit("d5", 2, "elephants")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  APPLY(s, "attack attack d4xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6")["type"], "elephants");
  EXPECT_EQ(lost_of(*s, 2), 0);
}

TEST(RulingRecoilCard, DoesNotCountTowardTheSecondRetreat) {
  auto s = R().unit("d4", 1, "blades")
               .unit("c6", 1, "blades")
               .unit("d5", 2, "hoplites")
               .hand(1, {"attack", "attack"})
               .hand(2, {"recoil"})
               .state();
  APPLY(s, "attack attack d4xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6")["retreats"], 0);
  // The next hit is its first forced retreat this turn, not the second (which would destroy).
  APPLY(s, "attack attack c6xd6");
  APPLY(s, "pass");
  EXPECT_EQ(unit_at(*s, "e6")["type"], "hoplites");
  EXPECT_EQ(unit_at(*s, "e6")["retreats"], 1);
  EXPECT_EQ(lost_of(*s, 2), 0);
}

TEST(RulingRecoilCard, DoesNotOpenHeavyCavalryAttacksOnHeavyInfantry) {
  auto s = R().unit("d4", 1, "blades")
               .unit("e6", 1, "cataphracts")
               .unit("d5", 2, "hoplites")
               .hand(1, {"attack", "attack"})
               .hand(2, {"recoil"})
               .state();
  APPLY(s, "attack attack d4xd5");
  APPLY(s, "defend recoil");
  ASSERT_EQ(unit_at(*s, "d6")["type"], "hoplites");
  EXPECT_ILLEGAL(s, "attack attack e6xd6");
}

// --- House options in both editions; multi_move keeps each edition's distance rule -------------

TEST(RulingHouseOptions, MultiMoveIsExactInAutokillAndAMaximumInRetreat) {
  auto ak = Pos()
                .phase("move")
                .option("multi_move", true)
                .moved("d2", 1, "cavalry")
                .hand(1, {"march"})
                .state();
  EXPECT_ILLEGAL(ak, "move march d2-d3");
  EXPECT_LEGAL(ak, "move march d2-d4");
  auto r = R().phase("move")
               .option("multi_move", true)
               .moved("d2", 1, "general")
               .hand(1, {"march"})
               .state();
  EXPECT_LEGAL(r, "move march d2-d3");
  EXPECT_LEGAL(r, "move march d2-d4");
  EXPECT_ILLEGAL(r, "move march d2-d5");
}

TEST(RulingHouseOptions, ElephantHouseAndNominatedGeneralInTheRetreatEdition) {
  auto e = R().option("elephant_house", true)
               .unit("d3", 1, "elephants")
               .unit("d5", 2, "slingers")
               .hand(1, {"special-ability"})
               .state();
  EXPECT_LEGAL(e, "attack special-ability d3xd5");
  EXPECT_FALSE(has(*e, "attack special-ability d3-d4xd5"));
  // Attack for Glory counts the nominated General's element.
  json j = R().option("nominated_general", true)
               .unit("d4", 1, "hoplites")
               .unit("d5", 2, "blades")
               .hand(1, {"attack-for-glory"})
               .js();
  j["units"].push_back(nominated("b3", 1, "cataphracts"));
  auto g = make(j);
  EXPECT_LEGAL(g, "attack attack-for-glory d4xd5");
}

// --- pursuit: pursuers follow whenever the target leaves its square ---------------------------

TEST(RulingPursuit, FollowsATargetMovedBackByARecoilCardInTheAutokillEdition) {
  auto s = Pos()
               .option("pursuit", true)
               .unit("d4", 1, "knights")
               .unit("d5", 2, "blades")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  APPLY(s, "attack attack d4xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6")["type"], "blades");
  EXPECT_EQ(unit_at(*s, "d5")["type"], "knights");
  // A defense that leaves the target in place is not followed.
  auto push = Pos()
                  .option("pursuit", true)
                  .unit("d4", 1, "knights")
                  .unit("d5", 2, "blades")
                  .hand(1, {"attack"})
                  .hand(2, {"push"})
                  .state();
  APPLY(push, "attack attack d4xd5");
  APPLY(push, "defend push");
  EXPECT_EQ(unit_at(*push, "d4")["type"], "knights");
}

TEST(RulingPursuit, FollowsATargetMovedBackByARecoilCardInTheRetreatEdition) {
  auto s = R().option("pursuit", true)
               .unit("d4", 1, "warband")
               .unit("d5", 2, "blades")
               .hand(1, {"attack"})
               .hand(2, {"recoil"})
               .state();
  APPLY(s, "attack attack d4xd5");
  APPLY(s, "defend recoil");
  EXPECT_EQ(unit_at(*s, "d6")["type"], "blades");
  EXPECT_EQ(unit_at(*s, "d5")["type"], "warband");
}

TEST(RulingPursuit, FollowsPsiloiThatRunAway) {
  auto s = R().option("pursuit", true)
               .unit("d4", 1, "warband")
               .unit("d5", 2, "psiloi")
               .hand(1, {"attack"})
               .hand(2, {"special-ability"})
               .state();
  APPLY(s, "attack attack d4xd5");
  APPLY(s, "defend special-ability e7");
  EXPECT_EQ(unit_at(*s, "e7")["type"], "psiloi");
  EXPECT_EQ(unit_at(*s, "d5")["type"], "warband");
}

// --- woods, steep hills, rivers
// -------------------------------------------------------------------

TEST(RulingTerrain, WarWagonsCannotEnterWoodsAndRoughGroundDefendsThere) {
  auto s = Pos().phase("move").unit("d2", 1, "war-wagons").terrain("d3", "woods");
  EXPECT_ILLEGAL(s.hand(1, {"trod"}).state(), "move trod d2-d3");
  auto d = Pos()
               .unit("d3", 1, "blades")
               .unit("d4", 2, "spears")
               .terrain("d4", "woods")
               .hand(2, {"rough-ground"})
               .to_act(2)
               .pending_attack("attack attack d3xd4")
               .state();
  EXPECT_LEGAL(d, "defend rough-ground");
}

TEST(RulingTerrain, SteepHillsStopMovementButWarWagonsMayEnter) {
  auto ww = Pos()
                .phase("move")
                .unit("d2", 1, "war-wagons")
                .terrain("d3", "steep-hill")
                .hand(1, {"trod", "march"})
                .state();
  EXPECT_LEGAL(ww, "move trod d2-d3");
  EXPECT_ILLEGAL(ww, "move march d2-d4");
  // Light troops are not stopped, as on difficult going.
  auto aux = Pos()
                 .phase("move")
                 .unit("d2", 1, "auxilia")
                 .terrain("d3", "steep-hill")
                 .hand(1, {"march"})
                 .state();
  EXPECT_LEGAL(aux, "move march d2-d4");
}

TEST(RulingTerrain, ARiverStopsEveryUnitThatCrossesItLightTroopsIncluded) {
  const json river = json::array({json::array({"d3", "d4"})});
  for (const std::string type : {"auxilia", "psiloi", "cavalry"}) {
    const Pos p = Pos().phase("move").unit("d2", 1, type).hand(1, {"march", "fast-pace"});
    auto s = make(with_rivers(p, river));
    EXPECT_TRUE(has(*s, "move march d2-d4")) << type;
    EXPECT_FALSE(has(*s, "move fast-pace d2-d5")) << type;
  }
  const Pos r = R().phase("move").unit("d2", 1, "psiloi").hand(1, {"fast-pace"});
  auto rs = make(with_rivers(r, river));
  EXPECT_TRUE(has(*rs, "move fast-pace d2-d4"));
  EXPECT_FALSE(has(*rs, "move fast-pace d2-d5"));
}

TEST(RulingTerrain, KnightJumpsIgnoreRivers) {
  json edges = json::array();
  for (const char* f : {"c", "d", "e", "f"})
    edges.push_back(json::array({std::string(f) + "3", std::string(f) + "4"}));
  const Pos p = Pos().phase("move").unit("d2", 1, "cavalry").hand(1, {"quick"});
  EXPECT_TRUE(has(*make(with_rivers(p, edges)), "move quick d2-e4"));
}

// --- the nominated General ---------------------------------------------------------------------

TEST(RulingNominatedGeneral, KeepsItsOwnAbilityButNotRally) {
  // Cavalry as the General's element: its own ability (attack at range 2) ...
  json j = Pos()
               .option("nominated_general", true)
               .unit("d7", 2, "knights")
               .hand(1, {"special-ability"})
               .js();
  j["units"].push_back(nominated("d5", 1, "cavalry"));
  auto s = make(j);
  EXPECT_LEGAL(s, "attack special-ability d5xd7");
  // ... but not the General's Rally for an adjacent unit.
  json k = Pos()
               .option("nominated_general", true)
               .unit("d3", 1, "blades")
               .unit("d4", 2, "spears")
               .hand(2, {"special-ability"})
               .to_act(2)
               .pending_attack("attack attack d3xd4")
               .js();
  k["units"].push_back(nominated("e5", 2, "cavalry"));
  EXPECT_FALSE(has(*make(k), "defend special-ability"));
  // A Rally card counts it as the General (within 2 squares).
  k["hands"]["2"] = json::array({"rally"});
  EXPECT_TRUE(has(*make(k), "defend rally"));
}

// --- the Camp ------------------------------------------------------------------------------------

TEST(RulingCamp, AttacksAtRangeOneWithACardInBothEditions) {
  for (const std::string edition : {"autokill", "retreat"}) {
    auto s = Pos()
                 .edition(edition)
                 .unit("d4", 1, "camp")
                 .unit("d5", 2, "blades")
                 .unit("f6", 2, "blades")
                 .hand(1, {"attack"})
                 .state();
    SCOPED_TRACE(edition);
    EXPECT_LEGAL(s, "attack attack d4xd5");
    EXPECT_ILLEGAL(s, "attack attack d4xf6");
  }
}

TEST(RulingCamp, NeverMoves) {
  auto ak = Pos()
                .phase("move")
                .unit("d1", 1, "camp")
                .unit("e1", 1, "blades")
                .hand(1, {"trod", "quick", "special-ability"})
                .state();
  for (const auto& a : ak->legal_texts()) EXPECT_EQ(a.find("d1-"), std::string::npos) << a;
  EXPECT_LEGAL(ak, "move trod e1-e2");  // the Blades beside it may move
  EXPECT_TRUE(find_advance(*ak, "trod", {"d1", "e1"}).empty());
  auto r = R().unit("d3", 1, "camp").unit("d5", 2, "blades").hand(1, {"charge"}).state();
  EXPECT_ILLEGAL(r, "attack charge d3-d4xd5");
  auto rm = R().phase("move").unit("d1", 1, "camp").hand(1, {"trod", "run", "skirmish"}).state();
  EXPECT_TRUE(with_prefix(*rm, "move").empty()) << join(legal_set(*rm));
}

// --- built-up areas ----------------------------------------------------------------------------

TEST(RulingBuiltUp, AUnitThereCannotBeAutoKilledButMayAutoKill) {
  const auto pos = [](bool bua) {
    Pos p;
    if (bua) p.terrain("d4", "built-up");
    return p.unit("d4", 1, "knights").unit("d5", 2, "psiloi").unit("c3", 2, "light-horse");
  };
  auto s = pos(true).state();
  EXPECT_LEGAL(s, "autokill d4xd5");
  APPLY(s, "end");  // player 1's battle phase ends; player 2 ends its move phase
  APPLY(s, "end");
  EXPECT_FALSE(has(*s, "autokill c3xd4")) << "the Knights on d4 stand in a built-up area";
  auto open = pos(false).state();
  APPLY(open, "end");
  APPLY(open, "end");
  EXPECT_LEGAL(open, "autokill c3xd4");
}

}  // namespace
}  // namespace wtest::rulings
