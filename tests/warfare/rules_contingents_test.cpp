// Rule-clause tests of multiplayer battles (option contingents): shared/rules/multiplayer.md,
// one test per clause — sectors, turn order and rounds, own units only, friendly support, the
// defending unit's own General for Rally, the attacked unit's player answering, breaking a
// contingent, the side's defeat with its main player, Scout of one opposing player, Difficult
// Ground passed round the other side, and each hand hidden from allies. Players of "2+2": 1 the
// attacker, 2 its contingent, 3 the defender, 4 its contingent.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>

#include "warfare/position_builder.h"

namespace {

using namespace wtest;

/// A 2+2 battle on 12x12 in player `active`'s battle phase, with a deck to draw from and each
/// player's General on the square given (by default far from the fighting, in the corners).
Pos battle(int active, const std::array<std::string, 4>& generals = {"a1", "l1", "a12", "l12"}) {
  Pos p;
  p.option("board", 12).option("contingents", true).option("players", "2+2");
  json& j = const_cast<json&>(p.js());
  j["hands"] = {
      {"1", json::array()}, {"2", json::array()}, {"3", json::array()}, {"4", json::array()}};
  j["lost"] = {{"1", 0}, {"2", 0}, {"3", 0}, {"4", 0}};
  p.active(active).deck({"trod", "trod", "trod", "march", "march", "march"});
  for (int q = 1; q <= 4; ++q) p.unit(generals[static_cast<std::size_t>(q - 1)], q, "general");
  return p;
}

std::unique_ptr<ancients::State> new_battle(const json& extra = json::object()) {
  ensure_registered();
  json options = {{"board", 12}, {"contingents", true}, {"players", "2+2"}};
  options.update(extra);
  return ancients::create_game("ancient-warfare", options, 5).state;
}

TEST(Contingents, EachPlayerDeploysInItsOwnSector) {
  auto s = new_battle();
  ASSERT_EQ(s->player_count(), 4);
  const auto deploy_files = [&](int player) {
    EXPECT_EQ(s->to_act(), player);
    ancients::ActionList actions;
    s->legal_actions(actions);
    // The search space places one unit at a time: its squares name the sector.
    std::set<char> seen;
    for (auto a : actions) {
      const std::string t = s->action_text(a);
      const auto colon = t.find(':');
      seen.insert(t[colon + 1]);
      const int rank = std::stoi(t.substr(colon + 2));
      if (s->side_of(player) == 1)
        EXPECT_LE(rank, 4) << t;
      else
        EXPECT_GE(rank, 9) << t;
    }
    return seen;
  };
  // The attacker looks up the board: its main player has the left sector (c-f).
  EXPECT_EQ(deploy_files(1), (std::set<char>{'c', 'd', 'e', 'f'}));
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 1));
  EXPECT_EQ(deploy_files(2), (std::set<char>{'g', 'h', 'i', 'j'}));
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 2));
  // The defender looks down the board: its left is the high files.
  EXPECT_EQ(deploy_files(3), (std::set<char>{'g', 'h', 'i', 'j'}));
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 3));
  EXPECT_EQ(deploy_files(4), (std::set<char>{'c', 'd', 'e', 'f'}));
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 4));
  EXPECT_EQ(s->to_act(), 1);  // all deployed: the attacker's main player starts
  EXPECT_EQ(s->to_json()["phase"], "move");
}

// The deployment offered names the squares the player may use (a front end arranging it offers
// those alone): its own sector, without impassable squares; in a two-player game the back rows.
TEST(Contingents, TheDeploymentOfferedNamesThePlayersSector) {
  const auto zone_of = [](ancients::State& s, int player) {
    const std::string text = ancients::game_named("ancient-warfare").setup_action(s, player);
    const json info = s.action_info(text, player);
    EXPECT_EQ(info["kind"], "deploy");
    const json terrain = s.to_json()["terrain"];
    std::set<std::string> zone;
    for (const auto& q : info.at("zone")) {
      zone.insert(q.get<std::string>());
      EXPECT_NE(terrain.value(q.get<std::string>(), "clear"), "impassable") << q;
    }
    // The words of a deployment done (a log line) name no zone.
    EXPECT_FALSE(json::parse(s.logged_info_text(text, player)).contains("zone"));
    return std::pair{zone, terrain};
  };
  const auto expect_sector = [&](ancients::State& s, int player, char first, int rank) {
    const auto [zone, terrain] = zone_of(s, player);
    std::size_t expected = 0;
    for (char f = first; f < first + 4; ++f)
      for (int r = rank; r < rank + 4; ++r) {
        const std::string q = std::string(1, f) + std::to_string(r);
        const bool open = terrain.value(q, "clear") != "impassable";
        expected += open ? 1 : 0;
        EXPECT_EQ(zone.count(q), open ? 1U : 0U) << "player " << player << " " << q;
      }
    EXPECT_EQ(zone.size(), expected) << "player " << player;
  };
  auto s = new_battle();
  expect_sector(*s, 1, 'c', 1);
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 1));
  expect_sector(*s, 2, 'g', 1);
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 2));
  expect_sector(*s, 3, 'g', 9);
  s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 3));
  expect_sector(*s, 4, 'c', 9);
  // Two players on the chessboard: the two back rows, every file.
  auto duel = ancients::create_game("ancient-warfare", json::object(), 5).state;
  const auto [rows, terrain] = zone_of(*duel, duel->to_act());
  for (const auto& q : rows) EXPECT_TRUE(q[1] == '1' || q[1] == '2') << q;
  std::set<char> files;
  for (const auto& q : rows) files.insert(q[0]);
  EXPECT_EQ(files.size(), 8U);
}

// Three players a side: the 16-file board (a..p), the main player's sector in the centre.
TEST(Contingents, ASideOfThreePlaysOnSixteenFilesWithTheMainPlayerInTheCentre) {
  auto s = new_battle({{"players", "3+3"}});
  ASSERT_EQ(s->player_count(), 6);
  const auto files = [&]() {
    ancients::ActionList actions;
    s->legal_actions(actions);
    std::set<char> seen;
    for (auto a : actions) {
      const std::string t = s->action_text(a);
      seen.insert(t[t.find(':') + 1]);
    }
    const int p = s->to_act();
    s->apply_text(ancients::game_named("ancient-warfare").setup_action(*s, 7));
    return std::make_pair(p, seen);
  };
  const std::set<char> left{'c', 'd', 'e', 'f'}, centre{'g', 'h', 'i', 'j'},
      right{'k', 'l', 'm', 'n'};
  EXPECT_EQ(files(), std::make_pair(1, centre)) << "the attacker's main player: the centre";
  EXPECT_EQ(files(), std::make_pair(2, left));
  EXPECT_EQ(files(), std::make_pair(3, right));
  EXPECT_EQ(files(), std::make_pair(4, centre)) << "the defender's main player: the centre";
  EXPECT_EQ(files(), std::make_pair(5, right)) << "its left, looking down the board";
  EXPECT_EQ(files(), std::make_pair(6, left));
  const json p = s->to_json();
  EXPECT_TRUE(s->legal_texts().size() > 0);
  bool far_file = false;
  for (const auto& u : p["units"]) far_file = far_file || u["square"].get<std::string>()[0] > 'l';
  EXPECT_TRUE(far_file) << "squares beyond file l exist on the wide board";
  // The wide board's squares read back; p1 (file p) is a square, q1 is not.
  EXPECT_EQ(make(p)->to_json(), p);
  json bad = p;
  bad["terrain"]["q1"] = "rough";
  EXPECT_THROW(make(bad), ancients::BadInput);
}

TEST(Contingents, TurnsGoInPlayerOrderAndTheTurnCountsRounds) {
  auto s = battle(2).turn(3).state();
  APPLY(s, "end");
  EXPECT_EQ(s->to_act(), 3);
  EXPECT_EQ(hand_size(*s, 3), 3) << "the next player draws 3";
  EXPECT_EQ(s->turn(), 3) << "the round goes on";
  auto t = battle(4).turn(3).state();
  APPLY(t, "end");
  EXPECT_EQ(t->to_act(), 1);
  EXPECT_EQ(t->turn(), 4) << "a new round";
}

TEST(Contingents, TheTurnLimitCountsRounds) {
  auto s = battle(3).turn(5).turn_limit(5).state();
  APPLY(s, "end");
  EXPECT_FALSE(s->is_over()) << "player 4 still has its turn of round 5";
  APPLY(s, "end");  // player 4 ends its move phase
  APPLY(s, "end");  // and its turn: round 5 is over
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), ancients::kDraw);
}

TEST(Contingents, APlayerCommandsOnlyItsOwnUnits) {
  auto s = battle(2)
               .phase("move")
               .hand(2, {"trod"})
               .unit("c5", 1, "blades")
               .unit("h5", 2, "blades")
               .state();
  EXPECT_TRUE(has(*s, "move trod h5-h6"));
  EXPECT_FALSE(has(*s, "move trod c5-c6")) << "player 1's unit is an ally's, not player 2's";
}

TEST(Contingents, ASupportedAttackCountsAnAllysUnit) {
  // Player 1's Blades and player 2's Bows (on g4) both see the defender's Warband on e6.
  auto s = battle(1)
               .hand(1, {"supported-attack"})
               .unit("e5", 1, "blades")
               .unit("g4", 2, "bows")
               .unit("e6", 3, "warband")
               .state();
  EXPECT_TRUE(has(*s, "attack supported-attack e5xe6"));
  auto alone = battle(1)
                   .hand(1, {"supported-attack"})
                   .unit("e5", 1, "blades")
                   .unit("e6", 3, "warband")
                   .state();
  EXPECT_FALSE(has(*alone, "attack supported-attack e5xe6"));
}

TEST(Contingents, TheAttackedUnitsPlayerAnswersFromItsOwnHand) {
  auto s = battle(1)
               .hand(1, {"attack"})
               .hand(4, {"push"})
               .unit("e5", 1, "blades")
               .unit("e6", 4, "blades")
               .state();
  APPLY(s, "attack attack e5xe6");
  EXPECT_EQ(s->to_act(), 4);
  EXPECT_TRUE(has(*s, "defend push"));
}

TEST(Contingents, RallyNeedsTheDefendingUnitsOwnGeneral) {
  // Player 4's Blades on e7 is attacked with a General next to it: player 3's, then its own.
  const auto attacked_beside = [](const std::array<std::string, 4>& generals) {
    auto s = battle(1, generals)
                 .hand(1, {"attack"})
                 .hand(4, {"rally"})
                 .unit("e6", 1, "blades")
                 .unit("e7", 4, "blades")
                 .state();
    s->apply_text("attack attack e6xe7");
    return s;
  };
  EXPECT_FALSE(has(*attacked_beside({"a1", "l1", "e8", "l12"}), "defend rally"))
      << "an ally's General does not rally player 4's unit";
  EXPECT_TRUE(has(*attacked_beside({"a1", "l1", "a12", "e8"}), "defend rally"))
      << "its own General does";
}

TEST(Contingents, ABrokenContingentLeavesTheFieldAndTheBattleGoesOn) {
  auto s = battle(1)
               .hand(1, {"attack"})
               .hand(4, {"trod", "march"})
               .lost(4, 7)
               .unit("e5", 1, "blades")
               .unit("e6", 4, "bows")
               .unit("h8", 4, "blades")
               .state();
  APPLY(s, "attack attack e5xe6");
  const auto before = s->clone();
  APPLY(s, "pass");  // player 4 takes the attack: its 8th loss point
  EXPECT_FALSE(s->is_over()) << "a contingent's defeat does not end the battle";
  // The log: the attacked unit destroyed, the rest of the army gone with it (not destroyed one
  // by one), and the break said of the army.
  std::map<std::string, std::string> fate;  // square -> event type
  std::string broke;
  for (const json& e : s->events(*before, "pass", 4)) {
    if (e.contains("unit") && e["unit"]["owner"] == 4) fate[e["unit"]["square"]] = e["type"];
    if (e["type"] == "broken") broke = e["text"];
  }
  EXPECT_EQ(fate["e6"], "destroyed");
  EXPECT_EQ(fate["h8"], "left");
  EXPECT_EQ(broke, "Player 4's army is broken: it leaves the field");
  const json p = s->to_json();
  EXPECT_EQ(p["players"]["4"]["broken"], true);
  EXPECT_EQ(p["lost"]["4"], 8) << "its losses stay counted";
  for (const auto& u : p["units"]) EXPECT_NE(u["owner"], 4) << "its units leave the board";
  EXPECT_EQ(p["hands"]["4"].size(), 0u);
  EXPECT_EQ(count_in(p["discard"], "trod"), 1) << "its hand goes to the discard pile";
  // Player 1 ends its turn; then 2 and 3 play, and 4 is skipped.
  APPLY(s, "end");
  APPLY(s, "end");
  APPLY(s, "end");
  EXPECT_EQ(s->to_act(), 3);
  APPLY(s, "end");
  APPLY(s, "end");
  EXPECT_EQ(s->to_act(), 1) << "a broken player takes no more turns";
}

TEST(Contingents, ASideLosesWhenItsMainPlayerBreaks) {
  Pos p = battle(2, {"a1", "l1", "e6", "l12"});
  p.hand(2, {"attack"}).unit("e5", 2, "knights");
  auto s = p.state();
  APPLY(s, "attack attack e5xe6");
  APPLY(s, "pass");
  ASSERT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), 1) << "the attacker's side wins";
  EXPECT_EQ(s->returns(1), 1.0);
  EXPECT_EQ(s->returns(2), 1.0) << "every player of the winning side wins";
  EXPECT_EQ(s->returns(4), -1.0);
}

TEST(Contingents, ScoutShowsTheHandOfOneOpposingPlayer) {
  auto s = battle(1)
               .phase("move")
               .hand(1, {"scout"})
               .hand(3, {"push"})
               .hand(4, {"rally", "trod"})
               .hand(2, {"march"})
               .state();
  EXPECT_TRUE(has(*s, "scout 3"));
  EXPECT_TRUE(has(*s, "scout 4"));
  EXPECT_FALSE(has(*s, "scout 2")) << "an ally's hand cannot be scouted";
  EXPECT_FALSE(has(*s, "scout")) << "Scout names the player";
  APPLY(s, "scout 4");
  const json view = s->view_json(1);
  EXPECT_EQ(card_bag(view["known"]["1"]), (std::multiset<std::string>{"rally", "trod"}));
  EXPECT_EQ(view["known_of"]["1"], 4);
  EXPECT_TRUE(view["hands"]["3"].is_number()) << "player 3's hand stays hidden";
}

TEST(Contingents, EachHandIsHiddenFromAlliesToo) {
  auto s = battle(1).hand(1, {"push"}).hand(2, {"march", "trod"}).state();
  const json v = s->view_json(1);
  EXPECT_EQ(v["hands"]["2"], 2) << "an ally's hand is a count";
  EXPECT_EQ(v["hands"]["3"], 0);
  EXPECT_EQ(card_bag(v["hands"]["1"]), (std::multiset<std::string>{"push"}));
  const json spectator = s->view_json(0);
  for (int p = 1; p <= 4; ++p) EXPECT_TRUE(spectator["hands"][std::to_string(p)].is_number());
}

TEST(Contingents, DifficultGroundPassesRoundTheOtherSide) {
  Pos p = battle(1);
  p.edition("retreat").phase("move").hand(1, {"trod"}).hand(4, {"difficult-ground"});
  p.unit("e5", 1, "blades");
  auto s = p.state();
  APPLY(s, "move trod e5-e6");
  EXPECT_EQ(s->to_act(), 3) << "the defender's main player may answer first";
  EXPECT_FALSE(has(*s, "negate difficult-ground"));
  APPLY(s, "pass");
  EXPECT_EQ(s->to_act(), 4) << "then its contingent";
  EXPECT_TRUE(has(*s, "negate difficult-ground"));
  APPLY(s, "pass");
  EXPECT_EQ(s->to_act(), 1) << "all passed: the move happens";
  EXPECT_EQ(unit_at(*s, "e6")["type"], "blades");
}

TEST(Contingents, OptionsAreCheckedWithClearMessages) {
  ensure_registered();
  EXPECT_THROW(new_battle({{"players", "4+1"}}), ancients::BadInput);
  EXPECT_THROW(new_battle({{"players", "3+3"}, {"map", "defender"}, {"dba_setup", true}}),
               ancients::BadInput)
      << "the defender places its battlefield on a square board only";
  EXPECT_THROW(new_battle({{"players", "1+1"}}), ancients::BadInput);
  EXPECT_THROW(ancients::create_game("ancient-warfare", {{"contingents", true}}, 1),
               ancients::BadInput)
      << "a multiplayer battle needs board 12";
  EXPECT_THROW(ancients::create_game("ancient-warfare", {{"players", "2+2"}}, 1),
               ancients::BadInput)
      << "players needs contingents";
  auto s = new_battle({{"players", "2+1"}});
  EXPECT_EQ(s->player_count(), 3);
  EXPECT_EQ(s->side_of(3), 2);
  EXPECT_EQ(s->to_json()["players"]["3"]["role"], "main");
}

// The position names each player's army (multiplayer.md, "Contract additions": players.N.army),
// keeps the names through a JSON round trip, and refuses a name that is not a string.
TEST(Contingents, ThePositionNamesEachPlayersArmy) {
  auto s = new_battle({{"army1", "gauls"}, {"army2", "huns"}, {"army3", "parthians"}});
  const json p = s->to_json();
  EXPECT_EQ(p["players"]["1"]["army"], "Gauls");
  EXPECT_EQ(p["players"]["2"]["army"], "Huns");
  EXPECT_EQ(p["players"]["3"]["army"], "Parthians");
  EXPECT_TRUE(p["players"]["4"]["army"].is_string());
  EXPECT_EQ(s->view_json(2)["players"]["1"]["army"], "Gauls");  // public to every player
  const auto back = ancients::game_named("ancient-warfare").from_json(p);
  EXPECT_TRUE(back->equals(*s));
  EXPECT_EQ(back->to_json()["players"], p["players"]);
  json bad = p;
  bad["players"]["2"]["army"] = 7;
  EXPECT_THROW(ancients::game_named("ancient-warfare").from_json(bad), ancients::BadInput);
  // A two-player position has no players object: unchanged by the names.
  EXPECT_FALSE(ancients::create_game("ancient-warfare", json::object(), 5)
                   .state->to_json()
                   .contains("players"));
}

TEST(Contingents, RandomArmiesAreOnesNoPlayerHasYet) {
  // Six players drawing at random from nine sample armies: no army twice (three Parthians were
  // drawn), whatever the seed; player 1 draws as in a two-player game, which is unchanged.
  ensure_registered();
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const auto made = ancients::create_game(
        "ancient-warfare", {{"board", 12}, {"contingents", true}, {"players", "3+3"}}, seed);
    const json players = made.state->to_json()["players"];
    std::set<std::string> armies;
    for (const auto& [number, p] : players.items()) armies.insert(p["army"].get<std::string>());
    EXPECT_EQ(armies.size(), 6U) << "seed " << seed << ": " << players;
    const json two = ancients::create_game("ancient-warfare", json::object(), seed).options;
    EXPECT_EQ(made.options["army1"], two["army1"]) << seed;
  }
}

}  // namespace
