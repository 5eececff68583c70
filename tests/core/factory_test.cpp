// The games' descriptors and factories through the registry (core/registry.h): the same
// games the older entry points built, every option resolved and in the result, clear
// refusals, and views for every viewer (spectators, logs) from the games themselves.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "core/registry.h"
#include "games/register_games.h"
#include "games/warfare/setup.h"

namespace {

using ancients::BadInput;
using ancients::create_game;
using ancients::OptionContext;
using nlohmann::json;

class Factory : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ancients::register_builtin_games(); }
};

std::string error_of(const std::string& game, const json& options) {
  try {
    create_game(game, options, 1);
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

TEST_F(Factory, DefaultWarfareIsTheRandomGameOfTheSeed) {
  for (std::uint64_t seed : {1u, 7u, 123u}) {
    const auto built = create_game("warfare", json::object(), seed);
    const auto old = ancients::warfare::random_game(seed);
    EXPECT_TRUE(built.state->equals(*old)) << seed;
    EXPECT_EQ(built.options["edition"], "autokill");
    EXPECT_EQ(built.options["map"], "generated");
    // "random" is resolved to the army drawn.
    EXPECT_NE(built.options["army1"], "random");
    EXPECT_FALSE(built.side_names[0].empty());
    // The resolved options rebuild the same game.
    EXPECT_TRUE(create_game("warfare", built.options, seed).state->equals(*built.state));
  }
}

TEST_F(Factory, WarfareOptionsReachTheGame) {
  const auto g = create_game("ancient-warfare",
                             {{"board", 12},
                              {"dba_setup", true},
                              {"house_terrain", true},
                              {"edition", "retreat"},
                              {"army1", "huns"},
                              {"army2", "hussites"},
                              {"map", "generated"}},
                             5);
  const json p = g.state->to_json();
  EXPECT_EQ(p["edition"], "retreat");
  EXPECT_EQ(p["options"]["board"], 12);
  EXPECT_EQ(p["options"]["dba_setup"], true);
  EXPECT_EQ(p["options"]["house_terrain"], true);
  EXPECT_EQ(g.options["army1"], "huns");
  EXPECT_EQ(g.options["turn_limit"], 200);  // a default, in the resolved options
  // house_terrain reaches the generated battlefield (the server's copy once dropped it).
  const auto field = ancients::warfare::generate_battlefield(12, 5, true);
  std::size_t features = 0;
  for (const auto& [sq, t] : p["terrain"].items()) features += t != "clear";
  EXPECT_EQ(features, field.terrain.size());
}

TEST_F(Factory, WithTheDbaSetUpTheDefenderPlacesTheBattlefieldUnlessAMapIsChosen) {
  const auto g = create_game("ancient-warfare", {{"board", 12}, {"dba_setup", true}}, 5);
  EXPECT_EQ(g.options["map"], "defender");
  EXPECT_EQ(g.state->to_json()["phase"], "battlefield");
  const auto m =
      create_game("ancient-warfare", {{"dba_setup", true}, {"map", "river-and-town"}}, 5);
  EXPECT_EQ(m.state->to_json()["phase"], "deploy");
  const auto plain = create_game("ancient-warfare", {{"board", 12}}, 5);
  EXPECT_EQ(plain.options["map"], "generated");
}

TEST_F(Factory, AMapSetsTheBoardUnlessTheBoardIsGiven) {
  const auto g = create_game("warfare", {{"map", "river-and-town"}}, 1);
  EXPECT_EQ(g.options["board"], 12);
  EXPECT_NE(error_of("warfare", {{"map", "river-and-town"}, {"board", 8}})
                .find("unknown map \"river-and-town\""),
            std::string::npos);
}

TEST_F(Factory, RefusalsNameTheOption) {
  EXPECT_NE(error_of("warfare", {{"dba_setup", true}}).find("needs board=12"), std::string::npos);
  EXPECT_NE(error_of("warfare", {{"edition", "third"}}).find("option edition"), std::string::npos);
  EXPECT_NE(error_of("warfare", {{"army1", "romans"}}).find("unknown army \"romans\""),
            std::string::npos);
  // No file paths from where files are not allowed (the server).
  EXPECT_NE(error_of("warfare", {{"map", "/etc/passwd"}}), "");
  EXPECT_NE(error_of("warfare", {{"army1", "../../etc/passwd"}}), "");
  EXPECT_NE(error_of("generals", {{"first_player", 3}}).find("option first_player"),
            std::string::npos);
  EXPECT_NE(error_of("chess", json::object()).find("unknown game \"chess\""), std::string::npos);
}

TEST_F(Factory, GeneralsOptions) {
  const auto g = create_game("generals", {{"turn_limit", 40}}, 9);
  EXPECT_EQ(g.options, json::parse(R"({"turn_limit":40,"first_player":1})"));
  EXPECT_EQ(g.state->to_json()["options"]["turn_limit"], 40);
}

TEST_F(Factory, EveryGameSerialisesItsDescriptor) {
  const json j = ancients::games_to_json();
  ASSERT_EQ(j["games"].size(), 2u);
  const json& w = j["games"][0];
  EXPECT_EQ(w["name"], "ancient-warfare");
  std::vector<std::string> names;
  for (const auto& o : w["options"]) names.push_back(o["name"]);
  for (const char* n : {"edition", "board", "turn_limit", "defend_autokill", "pursuit",
                        "house_terrain", "dba_setup", "army1", "army2", "map"})
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  for (const auto& o : w["options"]) {
    if (o["name"] == "army1") {
      EXPECT_FALSE(o["choices_by"]["values"]["retreat"].empty());
    }
    if (o["name"] == "map") {
      EXPECT_EQ(o["choices_by"]["values"]["12"], json({"river-and-town"}));
    }
  }
  // A menu's words for values, where an option gives them: one for each value, in order.
  int labelled = 0;
  for (const auto& g : j["games"])
    for (const auto& o : g["options"])
      if (o.contains("value_labels")) {
        EXPECT_EQ(o["value_labels"].size(), o["values"].size()) << o["name"];
        for (const auto& l : o["value_labels"]) EXPECT_FALSE(l.get<std::string>().empty());
        ++labelled;
      }
  EXPECT_GE(labelled, 3);  // Warfare's edition and board, Generals' first player
}

TEST_F(Factory, SetupActionDeploysThenLeavesTheGameToThePlayers) {
  const auto& d = ancients::game_named("warfare");
  auto g = create_game("warfare", json::object(), 3);
  int taken = 0;
  for (std::string a; !(a = d.setup_action(*g.state, 3)).empty(); ++taken) g.state->apply_text(a);
  EXPECT_EQ(taken, 2);
  EXPECT_NE(g.state->to_json()["phase"], "deploy");
}

TEST_F(Factory, SpectatorsSeeOnlyPublicInformation) {
  auto g = create_game("warfare", json::object(), 4);
  const auto& d = ancients::game_named("warfare");
  g.state->apply_text(d.setup_action(*g.state, 1));
  json s = g.state->view_json(0);
  EXPECT_EQ(s["viewer"], 0);
  EXPECT_TRUE(s["units"].empty());  // deployment is hidden until both sides have deployed
  EXPECT_FALSE(s.contains("rng"));
  g.state->apply_text(d.setup_action(*g.state, 2));
  s = g.state->view_json(0);
  EXPECT_FALSE(s["units"].empty());
  EXPECT_TRUE(s["hands"]["1"].is_number());
  EXPECT_TRUE(s["hands"]["2"].is_number());
  EXPECT_EQ(s["hands"]["1"], g.state->to_json()["hands"]["1"].size());
  EXPECT_FALSE(s.contains("known"));

  auto gen = create_game("generals", json::object(), 4);
  const json v = gen.state->view_json(0);
  EXPECT_EQ(v["viewer"], 0);
  for (const char* p : {"1", "2"})
    for (const auto& c : v["players"][p]["hand"]) EXPECT_TRUE(c.is_null()) << v["players"][p];
  EXPECT_FALSE(v.contains("rng"));
}

TEST_F(Factory, TheLogHidesWhatAViewerMayNotKnow) {
  const auto w = create_game("warfare", json::object(), 1).state;
  EXPECT_EQ(w->action_text_for("deploy general:e1", 1, 1), "deploy general:e1");
  EXPECT_EQ(w->action_text_for("deploy general:e1", 1, 2), "deploy (hidden)");
  EXPECT_EQ(w->action_text_for("deploy general:e1", 1, 0), "deploy (hidden)");
  EXPECT_EQ(w->action_text_for("move march d2-d4", 1, 2), "move march d2-d4");
  const auto g = create_game("generals", json::object(), 1).state;
  // A Scout is played in the open: its card and its target (what it showed is not logged).
  EXPECT_EQ(g->action_text_for("scout bowmen hand", 2, 1), "scout bowmen hand");
  // A discard goes to the public reserve pile: read whole (it once read "discard 2 cards").
  EXPECT_EQ(g->action_text_for("discard a,b", 2, 0), "discard a,b");
  EXPECT_EQ(g->action_text_for("discard a,b", 2, 2), "discard a,b");
  EXPECT_EQ(g->action_text_for("pass", 2, 1), "pass");
}

}  // namespace
