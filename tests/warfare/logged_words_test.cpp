// Ancient Warfare's log lines (WarfareState::logged_info_text): each kind of action reads as
// done, in the past, with no forecast of how it comes out (the log's events tell that), while
// everything but the words is the description the choice had (action_info). One position per
// edition and set-up: moves, attacks (a Trample, an immune target, a needless card), auto-kills,
// answers to an attack and to a move, the turn's cards and phases, Scout for each reader, the
// deployment, the DBA set-up's placement and swap, and the defender's battlefield.
#include "games/warfare/setup.h"
#include "games/warfare/state.h"
#include "warfare/dba_games.h"
#include "warfare/position_builder.h"

namespace wtest {
namespace {

using ancients::warfare::WarfareState;

/// The log line's words of `text` read by `viewer`, checked against the choice's description:
/// other words (the test fails without the override, whose default is the choice's), no
/// forecast, and the same structure.
std::string logged_words(const State& s, const std::string& text, int viewer = 1) {
  json offered = s.action_info(text, viewer);
  json done = json::parse(s.logged_info_text(text, viewer));
  const std::string words = done["words"];
  EXPECT_NE(offered["words"], words) << text << ": the log line reads as the choice did";
  EXPECT_EQ(words.find("would"), std::string::npos) << words;
  EXPECT_EQ(words.find("if not defended"), std::string::npos) << words;
  offered.erase("words");
  done.erase("words");
  offered.erase("zone");  // a deployment's choice names its zone; the line, done, needs none
  EXPECT_EQ(offered, done) << text << ": the log line's structure is the choice's";
  return words;
}

/// Autokill edition, player 1's battle phase: Blades d4, Warband c4, Bows f3, Knights e2 and
/// Elephants a2 against Spears d5 and f5, Pikes c5 and Warband a4.
Pos battle_position() {
  return Pos()
      .unit("d4", 1, "blades")
      .unit("c4", 1, "warband")
      .unit("f3", 1, "bows")
      .unit("e2", 1, "knights")
      .unit("a2", 1, "elephants")
      .unit("h1", 1, "general")
      .unit("d5", 2, "spears")
      .unit("f5", 2, "spears")
      .unit("c5", 2, "pikes")
      .unit("a4", 2, "warband")
      .unit("h8", 2, "general")
      .hand(1, {"march", "attack", "scout", "special-ability"})
      .hand(2, {"push", "recoil"});
}

TEST(WarfareLoggedWords, MovesAndAttacksSayWhatWasDone) {
  const auto s = battle_position().state();
  EXPECT_EQ(logged_words(*s, "move march d4-d3"), "March: Blades d4 moved to d3");
  EXPECT_EQ(logged_words(*s, "attack attack d4xd5"), "Attack: Blades d4 attacked Spears d5");
  EXPECT_EQ(logged_words(*s, "attack special-ability a2-a3xa4"),
            "Special Ability (Trample): Elephants a2 moved to a3 and attacked Warband a4");
  // What the card did to no gain stays, in the past: the events tell the recoil.
  EXPECT_EQ(s->action_info("attack attack f3xf5", 1)["words"],
            "Attack: Bows f3 attacks Spears f5 (it is immune to this attack: it only recoils to "
            "f6)");
  EXPECT_EQ(logged_words(*s, "attack attack f3xf5"),
            "Attack: Bows f3 attacked Spears f5 (it was immune to this attack)");
  EXPECT_EQ(logged_words(*s, "attack attack c4xc5"),
            "Attack: Warband c4 attacked Pikes c5 (it could have auto-killed it instead, with no "
            "card)");
  EXPECT_EQ(logged_words(*s, "autokill c4xc5"), "Auto-kill: Warband c4 destroyed Pikes c5");
  EXPECT_EQ(logged_words(*s, "dismount e2"),
            "Special Ability: Knights e2 dismounted and became Blades");
  EXPECT_EQ(logged_words(*s, "advance march d4,c4"),
            "March: made a group advance of 2 units (d4, c4)");
  EXPECT_EQ(logged_words(*s, "group-start march d4"),
            "March: began a group advance with Blades d4");
  EXPECT_EQ(logged_words(*s, "group-add c4"), "Added Warband c4 to the group advance");
  EXPECT_EQ(logged_words(*s, "group-done"), "Moved the group advance");
  // Where auto-kills may be defended, the answer tells whether it destroyed its target.
  const auto defended = battle_position().option("defend_autokill", true).state();
  EXPECT_EQ(logged_words(*defended, "autokill c4xc5"), "Auto-kill: Warband c4 attacked Pikes c5");
}

TEST(WarfareLoggedWords, TheTurnsCardsAndPhases) {
  const auto s = battle_position().state();
  EXPECT_EQ(logged_words(*s, "discard march"), "Discarded March");
  EXPECT_EQ(logged_words(*s, "end"), "Ended the battle phase and the turn");
  EXPECT_EQ(logged_words(*battle_position().phase("move").state(), "end"), "Ended the move phase");
  // Scout: the hand named for each reader, never its cards (the "scouted" event shows them
  // to the player who looked).
  EXPECT_EQ(logged_words(*s, "scout", 1), "Scouted: looked at the opponent\u2019s hand");
  EXPECT_EQ(logged_words(*s, "scout", 2), "Scouted: looked at your hand");
  EXPECT_EQ(logged_words(*s, "scout", 0), "Scouted: looked at Player 2\u2019s hand");
  const auto empty = battle_position().hand(2, {}).state();
  EXPECT_EQ(logged_words(*empty, "scout", 1),
            "Scouted: looked at the opponent\u2019s hand (it held no card)");
  EXPECT_EQ(json::parse(empty->logged_info_text("scout", 1))["futile"], "no-effect");
}

TEST(WarfareLoggedWords, AnswersToAnAttackSayWhatWasAnswered) {
  const auto s = battle_position().pending_attack("attack attack d4xd5").to_act(2).state();
  ASSERT_TRUE(has(*s, "pass"));
  EXPECT_EQ(s->action_info("pass", 2)["words"],
            "Take the attack (no defence): Spears d5 is destroyed");
  EXPECT_EQ(logged_words(*s, "pass", 2), "Took the attack (no defence)");
  EXPECT_EQ(logged_words(*s, "pass", 1), "Took the attack (no defence)");
  EXPECT_EQ(logged_words(*s, "defend push", 2), "Defended with Push");
  // The answer that ends the game keeps its mark; the words leave the end to the "over" event.
  const auto last =
      battle_position().pending_attack("attack attack d4xd5").to_act(2).lost(2, 7).state();
  const json taken = json::parse(last->logged_info_text("pass", 2));
  EXPECT_EQ(taken["ends_game"], true);
  EXPECT_EQ(taken["words"], "Took the attack (no defence)");
}

/// Retreat edition, player 1's move phase: Hoplites d2 and e2, Horse Archers c4, against
/// Spears c6 and d6; player 2 holds Difficult Ground.
Pos retreat_position() {
  return Pos()
      .edition("retreat")
      .phase("move")
      .unit("d2", 1, "hoplites")
      .unit("e2", 1, "hoplites")
      .unit("c4", 1, "horse-archers")
      .unit("a1", 1, "general")
      .unit("c6", 2, "spears")
      .unit("d6", 2, "spears")
      .unit("h8", 2, "general")
      .hand(1, {"march", "attack", "special-ability"})
      .hand(2, {"difficult-ground"});
}

TEST(WarfareLoggedWords, AMoveThatAwaitsItsAnswerIsOrderedAndTheAnswerSaysWhatBecameOfIt) {
  const auto s = retreat_position().state();
  // The other side may still negate it: the move is said as ordered, not made.
  EXPECT_EQ(logged_words(*s, "move march d2-d4"), "March: ordered Hoplites d2 to move to d4");
  EXPECT_EQ(logged_words(*s, "advance march d2,e2"),
            "March: ordered a group advance of 2 units (d2, e2)");
  EXPECT_EQ(logged_words(*s, "group-done"), "Ordered the group advance to move");
  s->apply_text("move march d2-d4");
  EXPECT_EQ(logged_words(*s, "pass", 2), "Allowed the move");
  EXPECT_EQ(logged_words(*s, "negate difficult-ground", 2),
            "Negated the move with Difficult Ground (the move was cancelled; the card was spent)");
}

TEST(WarfareLoggedWords, TheRetreatEditionsAttackLeavesItsOutcomeToTheEvents) {
  const auto s = retreat_position().phase("battle").state();
  const std::string offered = s->action_info("attack attack c4xc6", 1)["words"];
  EXPECT_NE(offered.find("(if not defended, it retreats to c7)"), std::string::npos) << offered;
  EXPECT_EQ(logged_words(*s, "attack attack c4xc6"), "Attack: Horse Archers c4 attacked Spears c6");
  EXPECT_EQ(
      logged_words(*s, "attack special-ability c4xc6-c3"),
      "Special Ability (Parthian Shot): Horse Archers c4 attacked Spears c6, with a move to c3 "
      "after it");
  const auto answering =
      retreat_position().phase("battle").pending_attack("attack attack c4xc6").to_act(2);
  const auto a = answering.state();
  EXPECT_EQ(a->action_info("pass", 2)["words"],
            "Take the attack (no defence): Spears c6 retreats to c7");
  EXPECT_EQ(logged_words(*a, "pass", 2), "Took the attack (no defence)");
}

TEST(WarfareLoggedWords, TheDeploymentIsSaidOnceByItsLine) {
  ensure_registered();
  auto game = ancients::create_game("warfare", json::object(), 3);
  const auto& s = dynamic_cast<const WarfareState&>(*game.state);
  ASSERT_EQ(s.to_json()["phase"], "deploy");
  const std::string mine = ancients::warfare::auto_deployment(s, 3);
  ASSERT_TRUE(mine.starts_with("deploy "));
  const std::size_t units = static_cast<std::size_t>(std::count(mine.begin(), mine.end(), ':'));
  EXPECT_EQ(logged_words(s, mine, 1), "Deployed " + std::to_string(units) + " units");
  const std::string hidden = s.action_text_for(mine, 1, 2);
  EXPECT_EQ(logged_words(s, hidden, 2), "Deployed the army (hidden)");
  // No event repeats it: the events are the action's (and, after the last army, the turn's).
  auto after = s.clone();
  after->apply_text(mine);
  for (int viewer = 0; viewer <= 2; ++viewer)
    for (const auto& e : after->events(s, mine, viewer)) EXPECT_NE(e["type"], "deployed");
}

TEST(WarfareLoggedWords, TheDbaSetUpsPlacementsAndSwap) {
  auto s = dba_game(5, false);
  // A deployment placed unit by unit (the engine's actions; a player sends it whole).
  ancients::ActionList actions;
  s->legal_actions(actions);
  ASSERT_FALSE(actions.empty());
  const std::string place = s->action_text(actions[0]);  // "place TYPE:SQ"
  ASSERT_TRUE(place.starts_with("place ")) << place;
  const std::string logged_place = logged_words(*s, place);
  EXPECT_TRUE(logged_place.starts_with("Placed ")) << logged_place;
  EXPECT_TRUE(logged_place.ends_with(" on " + place.substr(place.find(':') + 1))) << logged_place;
  s->apply_text(ancients::warfare::auto_deployment(*s, 3));
  s->apply_text(ancients::warfare::auto_deployment(*s, 4));
  ASSERT_TRUE(s->swap_step());
  EXPECT_EQ(logged_words(*s, "pass", 2), "Kept the deployment (no swap)");
  const auto swaps = with_prefix(*s, "swap ");
  ASSERT_FALSE(swaps.empty());
  const std::string swap = logged_words(*s, *swaps.begin(), 2);
  EXPECT_TRUE(swap.starts_with("Swapped the attacker\u2019s ")) << swap;
}

TEST(WarfareLoggedWords, TheDefendersBattlefield) {
  auto s = dba_game(5, true);
  EXPECT_EQ(logged_words(*s, "topography forest", 2), "Chose the home topography Forest");
  s->apply_text("topography forest");
  const auto woods = with_prefix(*s, "terrain wood ");
  ASSERT_FALSE(woods.empty());
  const std::string wood = logged_words(*s, *woods.begin(), 2);
  EXPECT_TRUE(wood.starts_with("Placed Wood on ")) << wood;
  EXPECT_EQ(logged_words(*s, "terrain auto", 2),
            "Placed the Forest terrain automatically (the DBA terrain generator)");
  EXPECT_EQ(logged_words(*s, "terrain done", 2), "Finished placing the features");
  s->apply_text("terrain auto");
  ASSERT_TRUE(has(*s, "side north"));
  EXPECT_EQ(logged_words(*s, "side north", 2), "Set up on the north edge");
  // Offered, it says which edge without "the top of the board": player 2's board is turned.
  EXPECT_EQ(s->action_info("side north", 2)["words"],
            "Set up on the north edge (rank 12): the battlefield stays as placed");
  EXPECT_EQ(logged_words(*s, "side south", 2),
            "Set up on the south edge: the battlefield turned round");
}

}  // namespace
}  // namespace wtest
