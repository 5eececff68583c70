// More rule tests of Ancient Generals, completing rules_test.cpp: every Siege Artillery card,
// artillery damage that reshuffles or wins, Break Morale once per turn, "cannot be evaded"
// against the attacker's own evade, Overrun on a blocked attacker, bonuses that add up, the
// Encircling army decided after this turn's flanking, Reserve drawing through a reshuffle or
// into a loss, a win on the last turn before the limit, and a full turn through all six phases.
#include <gtest/gtest.h>

#include "generals/helpers.h"

namespace ancients::generals::testing::more_rules {
namespace {

using V = std::vector<std::string>;

GeneralsState attack_position(const V& hand1, const V& hand2, json extra = json::object()) {
  json patch = {{"phase", "attack"},
                {"players", {{"1", {{"hand", hand1}}}, {"2", {{"hand", hand2}}}}}};
  patch.merge_patch(extra);
  return make(patch);
}

TEST(GeneralsArtillery, EverySiegeArtilleryCard) {
  for (const char* siege : {"onagers", "scorpions", "catapults", "ballista", "trebuchet"}) {
    SCOPED_TRACE(siege);
    GeneralsState s =
        make(json{{"phase", "artillery"}, {"players", {{"1", {{"hand", V{siege, "bowmen"}}}}}}});
    EXPECT_EQ(sorted(s.legal_texts()), sorted({"pass", std::string("siege ") + siege}));
    s.apply_text(std::string("siege ") + siege);
    EXPECT_EQ(pile(s, 1, "reserve"), V{siege});
    EXPECT_TRUE(pile(s, 1, "casualties").empty());
    EXPECT_EQ(pile(s, 2, "casualties"), V{"nomads"});  // the top card of player 2's deck
    EXPECT_EQ(pile(s, 2, "deck").size(), 6U);
    EXPECT_EQ(phase(s), "artillery");  // the phase stays open for Break Morale
  }
  GeneralsState s = make(R"({"phase": "artillery", "players": {"1": {"hand": ["overrun"]}}})");
  expect_refused(s, "siege overrun", "not Siege Artillery");
  expect_refused(s, "siege catapults", "not in player 1's hand");
}

TEST(GeneralsArtillery, SiegeDamageReshufflesOrWins) {
  GeneralsState s = make(R"({"phase": "artillery", "players": {
      "1": {"hand": ["catapults"]},
      "2": {"deck": [], "reserve": ["elephants", "elephants"]}}})");
  s.apply_text("siege catapults");
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(pile(s, 2, "casualties"), V{"elephants"});
  EXPECT_EQ(pile(s, 2, "deck"), V{"elephants"});
  EXPECT_TRUE(pile(s, 2, "reserve").empty());
  GeneralsState w = make(R"({"phase": "artillery", "players": {
      "1": {"hand": ["trebuchet"]}, "2": {"deck": ["nomads"]}}})");
  w.apply_text("siege trebuchet");
  EXPECT_TRUE(w.is_over());
  EXPECT_EQ(w.winner(), 1);
}

TEST(GeneralsArtillery, BreakMoraleOncePerTurnAndOnlyInOwnArtilleryPhase) {
  GeneralsState s = make(R"({"phase": "artillery", "players": {
      "1": {"hand": ["break-morale", "break-morale"]}, "2": {"hand": ["break-morale"]}}})");
  s.apply_text("break-morale");
  EXPECT_EQ(s.legal_texts(), V{"pass"});
  expect_refused(s, "break-morale", "");
  EXPECT_EQ(pile(s, 1, "hand"), V{"break-morale"});
  GeneralsState f = make(R"({"phase": "flank", "players": {"1": {"hand": ["break-morale"]}}})");
  expect_refused(f, "break-morale", "artillery");
}

TEST(GeneralsTactics, CannotBeEvadedCancelsTheAttackersOwnEvade) {
  // Nomads (LC) evade LI; Defensible Terrain on the blocking Bowmen cancels it: Bowmen 2 + 3 = 5
  // against Nomads 2 (no "+5 vs" either way).
  GeneralsState s = attack_position({"nomads"}, {"bowmen", "defensible-terrain"});
  play(s, {"attack nomads", "block 1=bowmen", "pass", "play defensible-terrain 1", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "casualties"), V{"nomads"});
  EXPECT_EQ(pile(s, 2, "reserve"), V{"bowmen"});
  EXPECT_EQ(pile(s, 2, "casualties"), V{"defensible-terrain"});
}

TEST(GeneralsTactics, OverrunOnABlockedAttackerChangesNothing) {
  GeneralsState s = attack_position({"legionaires", "overrun"}, {"hoplite-phalanx"});
  play(s, {"attack legionaires", "block 1=hoplite-phalanx"});
  EXPECT_TRUE(has_text(s, "play overrun 1"));  // any attacker; it matters only if unblocked
  play(s, {"play overrun 1", "pass", "pass"});
  EXPECT_EQ(pile(s, 2, "deck").size(), 7U);  // no damage
  EXPECT_EQ(pile(s, 1, "casualties"), (V{"legionaires", "overrun"}));
  EXPECT_EQ(pile(s, 2, "reserve"), V{"hoplite-phalanx"});
}

TEST(GeneralsTactics, BonusesOnOneCombatAddUp) {
  // Barbarians 1 + 5 vs EL = 6 against Elephants 4 + 5 vs WB = 9: one Bloodlust ties (both
  // die), two win.
  GeneralsState one = attack_position({"barbarians", "bloodlust"}, {"elephants"});
  play(one, {"attack barbarians", "block 1=elephants", "play bloodlust a1", "pass", "pass"});
  EXPECT_EQ(pile(one, 1, "casualties"), (V{"barbarians", "bloodlust"}));
  EXPECT_EQ(pile(one, 2, "casualties"), V{"elephants"});
  GeneralsState two = attack_position({"barbarians", "bloodlust", "bloodlust"}, {"elephants"});
  play(two, {"attack barbarians", "block 1=elephants", "play bloodlust a1", "pass",
             "play bloodlust a1", "pass", "pass"});
  EXPECT_EQ(pile(two, 1, "reserve"), V{"barbarians"});
  EXPECT_EQ(pile(two, 2, "casualties"), V{"elephants"});
  // Overrun twice and Encircling on one unblocked attacker: 1 + 1 + 2 + 2.
  GeneralsState dmg = attack_position({"bowmen", "overrun", "overrun"}, {},
                                      json::parse(R"({"players": {"1": {"flank": 1}}})"));
  play(dmg, {"attack bowmen", "block", "play overrun 1", "pass", "play overrun 1", "pass", "pass"});
  EXPECT_EQ(pile(dmg, 2, "casualties").size(), 6U);
}

TEST(GeneralsFlank, EncirclingIsDecidedAfterThisTurnsFlanking) {
  // Player 2 led 1-0; player 1's Outflank makes it 2-1 before the attack: +1 damage.
  GeneralsState s = make(R"({"phase": "flank", "players": {
      "1": {"hand": ["outflank", "bowmen"]}, "2": {"flank": 1}}})");
  play(s, {"flank outflank", "pass", "pass", "attack bowmen", "block", "pass", "pass"});
  EXPECT_EQ(flank(s, 1), 2);
  EXPECT_EQ(pile(s, 2, "casualties").size(), 2U);
  // Without it, player 2 is Encircling, which adds nothing to player 1's attack.
  GeneralsState t = make(R"({"phase": "flank", "players": {
      "1": {"hand": ["outflank", "bowmen"]}, "2": {"flank": 1}}})");
  play(t, {"pass", "pass", "attack bowmen", "block", "pass", "pass"});
  EXPECT_EQ(pile(t, 2, "casualties").size(), 1U);
}

TEST(GeneralsFlank, ReserveDrawsThroughAReshuffleOrIntoALoss) {
  GeneralsState s = make(R"({"phase": "flank", "players": {"1": {"deck": ["bowmen"],
      "hand": ["reserve"], "reserve": ["elephants", "elephants", "elephants"]}}})");
  s.apply_text("reserve");
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(pile(s, 1, "hand"), (V{"bowmen", "elephants", "elephants"}));
  EXPECT_EQ(pile(s, 1, "deck"), V{"elephants"});
  EXPECT_TRUE(pile(s, 1, "reserve").empty());
  // Drawing the last card of deck and reserve loses, cards in hand or not.
  GeneralsState l = make(R"({"phase": "flank", "players": {"1": {"deck": ["bowmen"],
      "hand": ["reserve"], "reserve": ["elephants"]}}})");
  l.apply_text("reserve");
  EXPECT_TRUE(l.is_over());
  EXPECT_EQ(l.winner(), 2);
}

TEST(GeneralsEnd, AWinOnTheLastTurnIsNotADraw) {
  GeneralsState s = attack_position(
      {"legionaires"}, {}, json::parse(R"({"options": {"turn_limit": 1}, "players": {"2": {"deck":
                      ["nomads", "nomads", "nomads"]}}})"));
  play(s, {"attack legionaires", "block", "pass", "pass"});
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), 1);
}

TEST(GeneralsTurn, AllSixPhasesInOrder) {
  GeneralsState s = make(R"({"players": {
      "1": {"hand": ["bowmen", "nomads", "legionaires", "outflank", "catapults"]},
      "2": {"hand": ["auxilia", "rally"], "casualties": ["peltasts"]}}})");
  V phases{phase(s)};
  const auto step = [&](const std::string& action) {
    s.apply_text(action);
    if (phases.back() != phase(s)) phases.push_back(phase(s));
  };
  step("scout bowmen hand");  // 1. scout
  step("discard");            // 2. discard; the draw refills to five
  EXPECT_EQ(pile(s, 1, "hand").size(), 5U);
  step("pass");  // 3. player 1's Rally window
  EXPECT_EQ(s.to_act(), 2);
  step("rally peltasts");  //    player 2's Rally window
  step("pass");
  EXPECT_EQ(s.to_act(), 2);  // 4. the opponent's flank window first
  step("pass");
  step("flank nomads,outflank");  //    then the active player's
  step("pass");
  step("siege catapults");  // 5. artillery
  step("pass");
  step("attack legionaires");  // 6. attack, block, tactics
  step("block 1=peltasts");
  step("pass");
  step("pass");
  EXPECT_EQ(phases, (V{"scout", "discard", "draw", "flank", "artillery", "attack", "block",
                       "tactics", "scout"}));
  EXPECT_EQ(flank(s, 1), 3);
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(s.to_act(), 2);
  // Peltasts (MI) evade HI: both back to their reserves.
  EXPECT_EQ(sorted(pile(s, 2, "reserve")), V{"peltasts"});
}

}  // namespace
}  // namespace ancients::generals::testing::more_rules
