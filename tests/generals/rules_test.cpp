// One test per rule of Ancient Generals (seed 002 with the rulings of ancient-generals.md):
// set-up, each phase in order, the windows, flank points and Encircling, damage, force, ties,
// evade both ways, every tactics card, the reshuffle, loss and the turn limit. Each test builds
// a position, applies actions in the notation and checks the resulting piles.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

using V = std::vector<std::string>;

/// Player 1 to declare attackers with `hand1`; player 2 holds `hand2`.
GeneralsState attack_position(const V& hand1, const V& hand2, json extra = json::object()) {
  json patch = {{"phase", "attack"},
                {"players", {{"1", {{"hand", hand1}}}, {"2", {{"hand", hand2}}}}}};
  patch.merge_patch(extra);
  return make(patch);
}

// ---------------------------------------------------------------------------------------------
// Set-up

TEST(GeneralsSetup, DealsFiftyCardsEachAndAHandOfFive) {
  const Cards& cards = standard_cards();
  const GeneralsState s = GeneralsState::new_game(cards, Options{}, 42);
  const json j = s.to_json();
  std::map<std::string, int> seen;
  for (int p = 1; p <= 2; ++p) {
    EXPECT_EQ(pile(s, p, "deck").size(), 45U);
    EXPECT_EQ(pile(s, p, "hand").size(), 5U);
    EXPECT_TRUE(pile(s, p, "reserve").empty());
    for (const auto& c : pile(s, p, "deck")) ++seen[c];
    for (const auto& c : pile(s, p, "hand")) ++seen[c];
  }
  for (const auto& c : cards.cards) EXPECT_EQ(seen[c.name], c.count) << c.name;
  EXPECT_EQ(j["turn"], 1);
  EXPECT_EQ(j["active"], 1);
  EXPECT_EQ(j["to_act"], 1);
  EXPECT_EQ(j["phase"], "scout");
  EXPECT_TRUE(j["winner"].is_null());
  EXPECT_EQ(j["options"]["turn_limit"], 300);
  // The seed decides the deal, and only the seed.
  EXPECT_TRUE(GeneralsState::new_game(cards, Options{}, 42).equals(s));
  EXPECT_FALSE(GeneralsState::new_game(cards, Options{}, 43).equals(s));
}

TEST(GeneralsSetup, FirstPlayerOption) {
  const Cards& cards = standard_cards();
  EXPECT_EQ(GeneralsState::new_game(cards, Options{300, 2}, 1).to_json()["active"], 2);
  std::set<int> firsts;
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    firsts.insert(
        GeneralsState::new_game(cards, Options{300, 0}, seed).to_json()["active"].get<int>());
  EXPECT_EQ(firsts, (std::set<int>{1, 2}));
  EXPECT_THROW(GeneralsState::new_game(cards, Options{0, 1}, 1), BadInput);
  EXPECT_THROW(GeneralsState::new_game(cards, Options{300, 3}, 1), BadInput);
}

// ---------------------------------------------------------------------------------------------
// 1. Scout phase

TEST(GeneralsScout, ScoutingTheOpponentsHand) {
  GeneralsState s = make(R"({"players": {"1": {"hand": ["slingers", "elephants"]},
                           "2": {"hand": ["shields", "war-wagon"]}}})");
  EXPECT_EQ(s.view_json(1)["players"]["2"]["hand"], json::parse("[null, null]"));
  s.apply_text("scout slingers hand");
  EXPECT_EQ(pile(s, 1, "reserve"), V{"slingers"});
  EXPECT_EQ(phase(s), "discard");
  // Only the scouting player learns the hand.
  EXPECT_EQ(s.view_json(1)["players"]["2"]["hand"], json::parse(R"(["war-wagon", "shields"])"));
  EXPECT_EQ(s.view_json(2)["players"]["1"]["hand"], json::parse("[null]"));
}

TEST(GeneralsScout, ScoutingTheNextFiveCardsOfADeck) {
  GeneralsState s = make(R"({"players": {"1": {"hand": ["bowmen", "nomads"]}}})");
  s.apply_text("scout bowmen deck2");
  EXPECT_EQ(s.view_json(1)["players"]["2"]["deck"],
            json::parse(R"(["nomads", "nomads", "nomads", "auxilia", "auxilia", null, null])"));
  // The deck's owner has not seen it.
  const json owner = s.view_json(2);
  for (const auto& c : owner["players"]["2"]["deck"]) EXPECT_TRUE(c.is_null());
  // A scout of one's own deck.
  GeneralsState own = make(R"({"players": {"1": {"hand": ["nomads"]}}})");
  own.apply_text("scout nomads deck1");
  EXPECT_EQ(own.view_json(1)["players"]["1"]["deck"],
            json::parse(R"(["bowmen", "bowmen", "bowmen", "slingers", "slingers", null, null])"));
  const json other = own.view_json(2);
  for (const auto& c : other["players"]["1"]["deck"]) EXPECT_TRUE(c.is_null());
}

TEST(GeneralsScout, OnlyAScoutUnitAndOnlyOnce) {
  GeneralsState s = make(
      R"({"players": {"1": {"hand": ["elephants", "light-chariots", "horse-archers", "auxilia"]}}})");
  EXPECT_EQ(sorted(s.legal_texts()),
            sorted({"pass", "scout auxilia hand", "scout auxilia deck1", "scout auxilia deck2",
                    "scout horse-archers hand", "scout horse-archers deck1",
                    "scout horse-archers deck2"}));
  expect_refused(s, "scout elephants hand", "no Scout trait");
  expect_refused(s, "scout light-chariots hand", "no Scout trait");
  expect_refused(s, "scout bowmen hand", "not in player 1's hand");
  expect_refused(s, "scout auxilia table", "unknown scout target");
  s.apply_text("scout auxilia hand");
  expect_refused(s, "scout horse-archers deck1", "only in the scout phase");
}

TEST(GeneralsScout, PassingGoesToTheDiscardPhase) {
  GeneralsState s = make(R"({"players": {"1": {"hand": ["bowmen"]}}})");
  s.apply_text("pass");
  EXPECT_EQ(phase(s), "discard");
  EXPECT_EQ(pile(s, 1, "hand"), V{"bowmen"});
}

// ---------------------------------------------------------------------------------------------
// 2. Discard phase, 3. Draw phase

TEST(GeneralsDiscard, DiscardsToTheReserveThenDrawsUpToFive) {
  GeneralsState s = make(R"({"phase": "discard", "players": {"1":
      {"hand": ["bowmen", "slingers", "elephants", "shields", "rally"]}}})");
  EXPECT_EQ(s.legal_texts().size(), 32U);  // every subset of five different cards
  s.apply_text("discard shields,bowmen");
  EXPECT_EQ(sorted(pile(s, 1, "reserve")), sorted({"bowmen", "shields"}));
  EXPECT_EQ(phase(s), "draw");
  EXPECT_EQ(s.to_act(), 1);
  EXPECT_EQ(pile(s, 1, "hand"), (V{"slingers", "bowmen", "bowmen", "elephants", "rally"}));
  EXPECT_EQ(pile(s, 1, "deck").size(), 5U);
}

TEST(GeneralsDiscard, NothingDiscardedAndNoDrawAboveFive) {
  GeneralsState s = make(R"({"phase": "discard", "players": {"1":
      {"hand": ["bowmen", "bowmen", "slingers", "elephants", "shields", "rally"]}}})");
  expect_refused(s, "pass", "write \"discard\"");
  expect_refused(s, "discard war-wagon", "not in player 1's hand");
  expect_refused(s, "discard slingers,slingers", "not in player 1's hand");
  expect_refused(s, "discard catapult", "unknown card");
  s.apply_text("discard");
  EXPECT_EQ(pile(s, 1, "hand").size(), 6U);
  EXPECT_EQ(pile(s, 1, "deck").size(), 7U);
}

TEST(GeneralsDiscard, OneCardStepsInCardOrder) {
  GeneralsState s = make(R"({"phase": "discard", "players": {"1":
      {"hand": ["bowmen", "slingers", "elephants"]}}})");
  ActionList actions;
  s.legal_actions(actions);
  EXPECT_EQ(actions.size(), 4U);  // "discard" and one step per card
  s.apply_text("discard bowmen,...");
  EXPECT_EQ(phase(s), "discard");
  EXPECT_EQ(s.to_json()["floor"], "bowmen");
  expect_refused(s, "discard slingers,...", "not a legal step");
  GeneralsState whole = s;
  whole.apply_text("discard slingers");  // a whole action ignores the step order
  EXPECT_EQ(phase(whole), "draw");
  s.apply_text("discard elephants,...");
  s.apply_text("discard");
  EXPECT_EQ(sorted(pile(s, 1, "reserve")), sorted({"bowmen", "elephants"}));
  EXPECT_EQ(pile(s, 1, "hand").size(), 5U);
}

TEST(GeneralsDraw, ReshufflesTheReserveWhenTheDeckRunsOut) {
  GeneralsState s = make(R"({"phase": "discard", "players": {"1": {"deck": ["war-wagon"],
      "hand": ["slingers", "slingers"],
      "reserve": ["elephants", "elephants", "legionaires", "legionaires", "horde"]}}})");
  s.apply_text("discard");
  EXPECT_FALSE(s.is_over());
  const V hand = pile(s, 1, "hand");
  const V deck = pile(s, 1, "deck");
  EXPECT_EQ(hand.size(), 5U);
  EXPECT_EQ(deck.size(), 3U);
  EXPECT_TRUE(pile(s, 1, "reserve").empty());
  V all = hand;
  all.insert(all.end(), deck.begin(), deck.end());
  EXPECT_EQ(sorted(all), sorted({"slingers", "slingers", "war-wagon", "elephants", "elephants",
                                 "legionaires", "legionaires", "horde"}));
  // The reserve was public: its owner knows his new deck's cards (not their order); the
  // opponent knows the five are among player 1's hidden cards.
  const json known = s.to_json()["known"];
  EXPECT_EQ(sorted(known["1"]["hidden"]["1"].get<V>()), sorted(deck));
  EXPECT_EQ(sorted(known["2"]["hidden"]["1"].get<V>()),
            sorted({"elephants", "elephants", "legionaires", "legionaires", "horde"}));
}

TEST(GeneralsDraw, LossWhenDeckAndReserveAreBothEmpty) {
  GeneralsState s = make(R"({"phase": "discard", "players": {"1": {"deck": ["bowmen", "bowmen"],
      "hand": ["slingers", "slingers", "slingers"]}}})");
  s.apply_text("discard");
  // Five cards in hand do not save him.
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), 2);
  EXPECT_EQ(s.to_act(), 0);
  EXPECT_EQ(s.to_json()["winner"], 2);
  EXPECT_TRUE(s.to_json()["to_act"].is_null());
  EXPECT_TRUE(s.legal_texts().empty());
  expect_refused(s, "pass", "the game is over");
}

TEST(GeneralsDraw, RallyWindowsActivePlayerFirst) {
  GeneralsState s = make(R"({"phase": "draw", "players": {
      "1": {"hand": ["rally", "rally", "bowmen"], "casualties": ["elephants", "rally"]},
      "2": {"hand": ["rally"], "casualties": ["nomads"]}}})");
  EXPECT_EQ(sorted(s.legal_texts()), sorted({"pass", "rally elephants"}));
  expect_refused(s, "rally rally", "changes nothing");
  expect_refused(s, "rally nomads", "not in player 1's casualty pile");
  s.apply_text("rally elephants");
  EXPECT_EQ(pile(s, 1, "hand"), (V{"bowmen", "elephants", "rally"}));
  EXPECT_EQ(pile(s, 1, "casualties"), (V{"rally", "rally"}));
  // The casualty pile is public: player 2 knows the rallied card is in player 1's hand.
  EXPECT_EQ(s.view_json(2)["players"]["1"]["hand"], json::parse(R"(["elephants", null, null])"));
  EXPECT_EQ(s.to_act(), 1);  // the window stays open until he passes
  s.apply_text("pass");
  EXPECT_EQ(phase(s), "draw");
  EXPECT_EQ(s.to_act(), 2);
  s.apply_text("rally nomads");
  EXPECT_EQ(pile(s, 2, "hand"), V{"nomads"});
  expect_refused(s, "rally nomads", "no rally card");
  s.apply_text("pass");
  EXPECT_EQ(phase(s), "flank");
  EXPECT_EQ(s.to_act(), 2);  // the opponent's flank window comes first
}

// ---------------------------------------------------------------------------------------------
// 4. Flank phase

TEST(GeneralsFlank, OpponentsWindowFirstWithDifficultTerrain) {
  GeneralsState s = make(R"({"phase": "flank", "to_act": 2, "players": {
      "1": {"hand": ["nomads", "outflank", "legionaires", "reserve"]},
      "2": {"hand": ["difficult-terrain", "difficult-terrain", "bowmen"]}}})");
  EXPECT_EQ(sorted(s.legal_texts()), sorted({"pass", "difficult-terrain"}));
  expect_refused(s, "flank nomads", "active player's flank window");
  s.apply_text("difficult-terrain");
  EXPECT_EQ(pile(s, 2, "casualties"), V{"difficult-terrain"});
  EXPECT_TRUE(s.to_json()["battle"]["no_attack"].get<bool>());
  expect_refused(s, "difficult-terrain", "already in play");
  s.apply_text("pass");
  EXPECT_EQ(s.to_act(), 1);
  // The active player can neither flank nor attack, but may still play Reserve.
  EXPECT_EQ(sorted(s.legal_texts()), sorted({"pass", "reserve"}));
  expect_refused(s, "flank nomads", "no flanking this turn");
  expect_refused(s, "difficult-terrain", "opponent's flank phase");
  play(s, {"pass", "pass"});
  EXPECT_EQ(phase(s), "attack");
  EXPECT_EQ(s.legal_texts(), V{"pass"});
  expect_refused(s, "attack legionaires", "no attack this turn");
  s.apply_text("pass");
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(s.to_act(), 2);
  EXPECT_FALSE(s.to_json()["battle"]["no_attack"].get<bool>());
}

TEST(GeneralsFlank, ReserveDrawsThreeForEitherPlayer) {
  GeneralsState s = make(R"({"phase": "flank", "to_act": 2, "players": {
      "1": {"hand": ["reserve"]}, "2": {"hand": ["reserve", "reserve"]}}})");
  s.apply_text("reserve");
  EXPECT_EQ(pile(s, 2, "hand"), (V{"nomads", "nomads", "nomads", "reserve"}));
  EXPECT_EQ(pile(s, 2, "casualties"), V{"reserve"});
  s.apply_text("reserve");  // several in one window
  EXPECT_EQ(pile(s, 2, "hand").size(), 6U);
  s.apply_text("pass");
  s.apply_text("reserve");
  EXPECT_EQ(pile(s, 1, "hand"), (V{"bowmen", "bowmen", "bowmen"}));
  expect_refused(s, "reserve", "no reserve card");
}

TEST(GeneralsFlank, FlankPointsAccumulate) {
  GeneralsState s = make(R"({"phase": "flank", "players": {
      "1": {"hand": ["nomads", "nomads", "horse-archers", "outflank", "elephants"], "flank": 1}}})");
  EXPECT_EQ(s.legal_texts().size(), 1U + 11U);  // pass + every non-empty flank subset
  s.apply_text("flank outflank,nomads");
  EXPECT_EQ(flank(s, 1), 4);
  EXPECT_EQ(pile(s, 1, "reserve"), V{"nomads"});       // units are discarded
  EXPECT_EQ(pile(s, 1, "casualties"), V{"outflank"});  // a played tactics card
  s.apply_text("flank horse-archers");                 // the window stays open
  EXPECT_EQ(flank(s, 1), 5);
  expect_refused(s, "flank elephants", "no Flank trait");
  play(s, {"pass"});
  EXPECT_EQ(phase(s), "artillery");
  EXPECT_EQ(flank(s, 1), 5);
}

// ---------------------------------------------------------------------------------------------
// 5. Artillery phase

TEST(GeneralsArtillery, SiegeArtilleryAndBreakMorale) {
  GeneralsState s = make(R"({"phase": "artillery", "players": {
      "1": {"hand": ["onagers", "scorpions", "break-morale", "legionaires"]},
      "2": {"hand": ["hoplite-phalanx"]}}})");
  EXPECT_EQ(sorted(s.legal_texts()),
            sorted({"pass", "siege onagers", "siege scorpions", "break-morale"}));
  s.apply_text("siege onagers");
  EXPECT_EQ(pile(s, 1, "reserve"), V{"onagers"});  // Siege Artillery goes to the reserve
  EXPECT_EQ(pile(s, 2, "casualties"), V{"nomads"});
  EXPECT_EQ(pile(s, 2, "deck").size(), 6U);
  expect_refused(s, "siege scorpions", "one Siege Artillery card per turn");
  expect_refused(s, "siege legionaires", "not Siege Artillery");
  s.apply_text("break-morale");
  EXPECT_EQ(pile(s, 1, "casualties"), V{"break-morale"});
  play(s, {"pass", "attack legionaires"});
  EXPECT_EQ(phase(s), "block");
  EXPECT_EQ(s.legal_texts(), V{"block"});  // the opponent cannot block
  expect_refused(s, "block 1=hoplite-phalanx", "no blocking this turn");
  play(s, {"block", "pass", "pass"});
  EXPECT_EQ(pile(s, 2, "casualties").size(), 4U);  // 1 siege + 3 damage
}

// ---------------------------------------------------------------------------------------------
// 6. Attack phase: damage, force, ties, evade

TEST(GeneralsAttack, UnblockedAttackerDamagesTheDeck) {
  GeneralsState s = attack_position({"legionaires", "bowmen"}, {"bowmen"});
  s.apply_text("attack legionaires");
  EXPECT_EQ(phase(s), "block");
  EXPECT_EQ(s.to_act(), 2);
  play(s, {"block", "pass", "pass"});
  EXPECT_EQ(pile(s, 2, "casualties"), (V{"nomads", "nomads", "nomads"}));
  EXPECT_EQ(pile(s, 2, "deck").size(), 4U);
  EXPECT_EQ(pile(s, 1, "reserve"), V{"legionaires"});
  // The turn passes to the other player.
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(s.to_json()["active"], 2);
  EXPECT_EQ(phase(s), "scout");
  EXPECT_EQ(pile(s, 1, "hand"), V{"bowmen"});
}

TEST(GeneralsAttack, EncirclingArmyDoesOneMoreDamage) {
  GeneralsState more = attack_position(
      {"bowmen"}, {}, json::parse(R"({"players": {"1": {"flank": 2}, "2": {"flank": 1}}})"));
  play(more, {"attack bowmen", "block", "pass", "pass"});
  EXPECT_EQ(pile(more, 2, "casualties").size(), 2U);  // 1 + 1
  GeneralsState tied = attack_position(
      {"bowmen"}, {}, json::parse(R"({"players": {"1": {"flank": 2}, "2": {"flank": 2}}})"));
  play(tied, {"attack bowmen", "block", "pass", "pass"});
  EXPECT_EQ(pile(tied, 2, "casualties").size(), 1U);  // neither army is Encircling
  // Only the attacker's army matters: the defender Encircling adds nothing to the attack.
  GeneralsState less = attack_position(
      {"bowmen"}, {}, json::parse(R"({"players": {"1": {"flank": 0}, "2": {"flank": 3}}})"));
  play(less, {"attack bowmen", "block", "pass", "pass"});
  EXPECT_EQ(pile(less, 2, "casualties").size(), 1U);
}

TEST(GeneralsAttack, HigherForceWinsWithPlusFive) {
  // Elephants 4 +5 vs HI = 9 against Legionaires 3 +5 vs EL = 8.
  GeneralsState s = attack_position({"elephants"}, {"legionaires"});
  play(s, {"attack elephants", "block 1=legionaires", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "reserve"), V{"elephants"});
  EXPECT_EQ(pile(s, 2, "casualties"), V{"legionaires"});
  EXPECT_EQ(pile(s, 2, "deck").size(), 7U);  // no damage from a blocked attacker
  // Bowmen 2 +5 vs HI = 7 block Legionaires 3.
  GeneralsState t = attack_position({"legionaires"}, {"bowmen"});
  play(t, {"attack legionaires", "block 1=bowmen", "pass", "pass"});
  EXPECT_EQ(pile(t, 1, "casualties"), V{"legionaires"});
  EXPECT_EQ(pile(t, 2, "reserve"), V{"bowmen"});
}

TEST(GeneralsAttack, TieKillsBoth) {
  // Elephants 9 against Hoplite Phalanx 4 +5 vs EL = 9.
  GeneralsState s = attack_position({"elephants", "legionaires"}, {"hoplite-phalanx"});
  s.apply_text("attack elephants,legionaires");
  EXPECT_EQ(s.to_json()["battle"]["attackers"], json::parse(R"(["elephants", "legionaires"])"));
  play(s, {"block 1=hoplite-phalanx", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "casualties"), V{"elephants"});
  EXPECT_EQ(pile(s, 2, "casualties"),
            (V{"hoplite-phalanx", "nomads", "nomads", "nomads"}));  // + legionaires' damage
  EXPECT_EQ(pile(s, 1, "reserve"), V{"legionaires"});
}

TEST(GeneralsAttack, BlockerEvades) {
  // Auxilia (MI) evade HI: both cards go back to their reserves.
  GeneralsState s = attack_position({"legionaires"}, {"auxilia"});
  play(s, {"attack legionaires", "block 1=auxilia", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "reserve"), V{"legionaires"});
  EXPECT_EQ(pile(s, 2, "reserve"), V{"auxilia"});
  EXPECT_TRUE(pile(s, 1, "casualties").empty());
  EXPECT_TRUE(pile(s, 2, "casualties").empty());
}

TEST(GeneralsAttack, AttackerEvades) {
  // Nomads (LC) evade LI; the Bowmen's own list names only WW. Without the evade, Force 2
  // against 2 would be a tie and kill both.
  GeneralsState s = attack_position({"nomads"}, {"bowmen"});
  play(s, {"attack nomads", "block 1=bowmen", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "reserve"), V{"nomads"});
  EXPECT_EQ(pile(s, 2, "reserve"), V{"bowmen"});
  EXPECT_TRUE(pile(s, 1, "casualties").empty());
}

TEST(GeneralsAttack, BlockAssignmentsAndNumbering) {
  GeneralsState s = attack_position({"legionaires", "nomads"}, {"bowmen", "auxilia", "shields"});
  s.apply_text("attack nomads,legionaires");
  // block, 1=x, 2=x for two units, and both assigned (2 ways).
  EXPECT_EQ(sorted(s.legal_texts()),
            sorted({"block", "block 1=bowmen", "block 1=auxilia", "block 2=bowmen",
                    "block 2=auxilia", "block 1=bowmen,2=auxilia", "block 1=auxilia,2=bowmen"}));
  expect_refused(s, "block 3=bowmen", "no attacker 3");
  expect_refused(s, "block 1=shields", "not a unit card");
  expect_refused(s, "block 1=bowmen,1=auxilia", "already blocked");
  expect_refused(s, "block 1=bowmen,2=bowmen", "not in player 2's hand");
  s.apply_text("block 2=auxilia,1=bowmen");
  EXPECT_EQ(s.to_json()["battle"]["blockers"], json::parse(R"({"1": "bowmen", "2": "auxilia"})"));
  EXPECT_EQ(phase(s), "tactics");
  EXPECT_EQ(s.to_act(), 1);
}

TEST(GeneralsAttack, NoAttackEndsTheTurn) {
  GeneralsState s = attack_position({"legionaires"}, {});
  expect_refused(s, "attack", "write \"pass\"");
  expect_refused(s, "attack shields", "not a unit card");
  s.apply_text("pass");
  EXPECT_EQ(s.turn(), 2);
  EXPECT_EQ(pile(s, 1, "hand"), V{"legionaires"});
}

TEST(GeneralsAttack, DamageReshufflesTheDefendersReserve) {
  GeneralsState s = attack_position(
      {"legionaires"}, {},
      json::parse(
          R"({"players": {"2": {"deck": ["nomads", "nomads"], "reserve": ["elephants", "elephants", "elephants"]}}})"));
  play(s, {"attack legionaires", "block", "pass", "pass"});
  EXPECT_FALSE(s.is_over());
  EXPECT_EQ(pile(s, 2, "casualties"), (V{"nomads", "nomads", "elephants"}));
  EXPECT_EQ(pile(s, 2, "deck"), (V{"elephants", "elephants"}));
  EXPECT_TRUE(pile(s, 2, "reserve").empty());
}

TEST(GeneralsAttack, DamageThatEmptiesDeckAndReserveWins) {
  GeneralsState s = attack_position(
      {"legionaires"}, {}, json::parse(R"({"players": {"2": {"deck": ["nomads", "nomads"]}}})"));
  play(s, {"attack legionaires", "block", "pass", "pass"});
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), 1);
  EXPECT_EQ(pile(s, 2, "casualties"), (V{"nomads", "nomads"}));
  EXPECT_EQ(pile(s, 1, "reserve"), V{"legionaires"});
  EXPECT_TRUE(s.to_json()["battle"]["attackers"].empty());
}

// ---------------------------------------------------------------------------------------------
// The tactics window and the tactics cards

TEST(GeneralsTactics, WindowAlternatesAttackerFirstUntilTwoPasses) {
  GeneralsState s =
      attack_position({"legionaires", "overrun", "overrun"}, {"bloodlust", "hoplite-phalanx"});
  play(s, {"attack legionaires", "block"});
  EXPECT_EQ(s.to_act(), 1);
  s.apply_text("play overrun 1");
  EXPECT_EQ(s.to_act(), 2);
  s.apply_text("pass");
  EXPECT_EQ(s.to_act(), 1);
  EXPECT_EQ(s.to_json()["battle"]["passes"], 1);
  s.apply_text("play overrun 1");  // a play resets the passes
  EXPECT_EQ(s.to_json()["battle"]["passes"], 0);
  s.apply_text("play bloodlust a1");  // the defender may play any tactic too
  EXPECT_EQ(s.to_json()["battle"]["tactics"],
            json::parse(R"([{"player": 1, "card": "overrun", "on": "1"},
                            {"player": 1, "card": "overrun", "on": "1"},
                            {"player": 2, "card": "bloodlust", "on": "a1"}])"));
  play(s, {"pass", "pass"});
  // Overrun +2 twice: 3 + 4 = 7 cards, the whole deck: player 2 loses.
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), 1);
  EXPECT_EQ(pile(s, 1, "casualties"), (V{"overrun", "overrun"}));
  EXPECT_EQ(pile(s, 2, "casualties").size(), 8U);
}

TEST(GeneralsTactics, OverrunAddsTwoDamage) {
  GeneralsState s = attack_position({"bowmen", "overrun"}, {});
  play(s, {"attack bowmen", "block"});
  EXPECT_EQ(sorted(s.legal_texts()), sorted({"pass", "play overrun 1"}));
  play(s, {"play overrun 1", "pass", "pass"});
  EXPECT_EQ(pile(s, 2, "casualties").size(), 3U);
  EXPECT_EQ(pile(s, 1, "casualties"), V{"overrun"});
}

TEST(GeneralsTactics, EncirclingAndOverrunAddUp) {
  GeneralsState s = attack_position({"legionaires", "overrun"}, {},
                                    json::parse(R"({"players": {"1": {"flank": 1}}})"));
  play(s, {"attack legionaires", "block", "play overrun 1", "pass", "pass"});
  EXPECT_EQ(pile(s, 2, "casualties").size(), 6U);  // 3 + 1 + 2
  EXPECT_EQ(pile(s, 2, "deck").size(), 1U);
}

TEST(GeneralsTactics, BloodlustOnAttackerOrBlocker) {
  // Legionaires 3 against Hoplite Phalanx 4: +3 turns it, +3 back ties it.
  GeneralsState a = attack_position({"legionaires", "bloodlust"}, {"hoplite-phalanx", "bloodlust"});
  play(a, {"attack legionaires", "block 1=hoplite-phalanx"});
  EXPECT_EQ(sorted(a.legal_texts()), sorted({"pass", "play bloodlust a1", "play bloodlust b1"}));
  play(a, {"play bloodlust a1", "pass", "pass"});
  EXPECT_EQ(pile(a, 1, "reserve"), V{"legionaires"});
  EXPECT_EQ(pile(a, 2, "casualties"), V{"hoplite-phalanx"});
  GeneralsState b = attack_position({"legionaires", "bloodlust"}, {"hoplite-phalanx", "bloodlust"});
  play(b, {"attack legionaires", "block 1=hoplite-phalanx", "play bloodlust a1",
           "play bloodlust b1", "pass", "pass"});
  EXPECT_EQ(pile(b, 1, "casualties"), (V{"legionaires", "bloodlust"}));
  EXPECT_EQ(pile(b, 2, "reserve"), V{"hoplite-phalanx"});
  GeneralsState c = attack_position({"legionaires", "bloodlust"}, {});
  play(c, {"attack legionaires", "block"});
  expect_refused(c, "play bloodlust b1", "not blocked");
  expect_refused(c, "play bloodlust 1", "aN or bN");
  expect_refused(c, "play bloodlust a2", "no combat 2");
}

TEST(GeneralsTactics, ShieldsGiveABlockingHeavyUnitTheEvade) {
  GeneralsState s =
      attack_position({"elephants", "bowmen"}, {"legionaires", "slingers", "shields"});
  play(s, {"attack elephants,bowmen", "block 1=legionaires,2=slingers", "pass"});
  // Shields only on a blocking HI, MI or WB: combat 1, not the Slingers (LI) of combat 2.
  EXPECT_EQ(sorted(s.legal_texts()), sorted({"pass", "play shields 1"}));
  expect_refused(s, "play shields 2", "needs a blocker of type");
  play(s, {"play shields 1", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "reserve"), (V{"bowmen", "elephants"}));  // bowmen 2 vs slingers 1
  EXPECT_EQ(pile(s, 2, "reserve"), V{"legionaires"});
  EXPECT_EQ(pile(s, 2, "casualties"), (V{"slingers", "shields"}));
}

TEST(GeneralsTactics, DefensibleTerrainHelpsBlockingLightInfantry) {
  // War Wagon against Slingers: evade both ways, until the terrain cancels it; then Slingers
  // 1 + 3 = 4 still lose to the War Wagon's 5.
  GeneralsState evaded = attack_position({"war-wagon"}, {"slingers"});
  play(evaded, {"attack war-wagon", "block 1=slingers", "pass", "pass"});
  EXPECT_EQ(pile(evaded, 2, "reserve"), V{"slingers"});
  GeneralsState s = attack_position({"war-wagon"}, {"slingers", "defensible-terrain"});
  play(s, {"attack war-wagon", "block 1=slingers", "pass", "play defensible-terrain 1", "pass",
           "pass"});
  EXPECT_EQ(pile(s, 2, "casualties"), (V{"slingers", "defensible-terrain"}));
  EXPECT_EQ(pile(s, 1, "reserve"), V{"war-wagon"});
  GeneralsState t = attack_position({"medium-cavalry"}, {"psiloi", "defensible-terrain"});
  // Medium Cavalry 1 +5 vs LI = 6 against Psiloi 3 (+3 = 6): a tie with the terrain.
  play(t, {"attack medium-cavalry", "block 1=psiloi", "pass", "play defensible-terrain 1", "pass",
           "pass"});
  EXPECT_EQ(pile(t, 1, "casualties"), V{"medium-cavalry"});
  EXPECT_EQ(pile(t, 2, "casualties"), (V{"psiloi", "defensible-terrain"}));
  GeneralsState u = attack_position({"legionaires"}, {"auxilia", "defensible-terrain"});
  play(u, {"attack legionaires", "block 1=auxilia", "pass"});
  expect_refused(u, "play defensible-terrain 1", "needs a blocker of type LI");
}

TEST(GeneralsTactics, TreacherousTerrainHelpsAttackingHeavyUnits) {
  // Legionaires against Auxilia: the Auxilia would evade; the terrain cancels it and gives +3.
  GeneralsState s = attack_position({"legionaires", "treacherous-terrain"}, {"auxilia"});
  play(s, {"attack legionaires", "block 1=auxilia", "play treacherous-terrain 1", "pass", "pass"});
  EXPECT_EQ(pile(s, 1, "reserve"), V{"legionaires"});
  EXPECT_EQ(pile(s, 2, "casualties"), V{"auxilia"});
  // It cancels Shields' evade too: Legionaires 3 + 3 = 6 against Hoplite Phalanx 4.
  GeneralsState t =
      attack_position({"legionaires", "treacherous-terrain"}, {"hoplite-phalanx", "shields"});
  play(t, {"attack legionaires", "block 1=hoplite-phalanx", "play treacherous-terrain 1",
           "play shields 1", "pass", "pass"});
  EXPECT_EQ(pile(t, 2, "casualties"), (V{"hoplite-phalanx", "shields"}));
  EXPECT_EQ(pile(t, 1, "reserve"), V{"legionaires"});
  GeneralsState u = attack_position({"nomads", "treacherous-terrain"}, {});
  play(u, {"attack nomads", "block"});
  expect_refused(u, "play treacherous-terrain 1", "needs an attacker of type");
}

TEST(GeneralsTactics, OnlyBattleTacticsInTheWindow) {
  GeneralsState s = attack_position({"bowmen", "rally", "reserve", "outflank"}, {});
  play(s, {"attack bowmen", "block"});
  EXPECT_EQ(s.legal_texts(), V{"pass"});
  expect_refused(s, "play rally 1", "not played in the attack phase");
  expect_refused(s, "reserve", "only in a flank phase");
  expect_refused(s, "play overrun 1", "not in player 1's hand");
}

// ---------------------------------------------------------------------------------------------
// The turn limit and the contract's example

TEST(GeneralsEnd, TurnLimitIsADraw) {
  GeneralsState s =
      attack_position({"bowmen"}, {}, json::parse(R"({"options": {"turn_limit": 1}})"));
  s.apply_text("pass");
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), kDraw);
  EXPECT_EQ(s.to_json()["winner"], "draw");
  GeneralsState t =
      attack_position({"bowmen"}, {}, json::parse(R"({"options": {"turn_limit": 2}})"));
  t.apply_text("pass");
  EXPECT_FALSE(t.is_over());
}

TEST(GeneralsEnd, ContractExamplePosition) {
  const json example = json::parse(R"({
    "game": "ancient-generals",
    "turn": 1, "active": 1, "to_act": 2, "phase": "attack",
    "players": {
      "1": {"deck": ["bowmen"], "hand": ["elephants"], "reserve": [], "casualties": [], "flank": 0},
      "2": {"deck": ["nomads"], "hand": ["shields"], "reserve": [], "casualties": [], "flank": 1}
    },
    "battle": {"attackers": ["elephants"], "blockers": {"1": null}, "tactics": [], "passes": 0,
               "no_attack": false, "no_block": false},
    "winner": null
  })");
  GeneralsState s = GeneralsState::from_position(example, standard_cards());
  EXPECT_EQ(s.legal_texts(), V{"block"});
  play(s, {"block", "pass", "pass"});
  // Elephants do 2 damage, player 2 had one card: he loses.
  EXPECT_TRUE(s.is_over());
  EXPECT_EQ(s.winner(), 1);
}

}  // namespace
}  // namespace ancients::generals::testing
