// The tiny-duel test game (tiny_duel.h), registered only in a tests-only build of the command
// line (main.cpp here), is served by `ancients games`, `new`, `legal`, `apply` and
// `tournament` with no game-specific code: options through its schema, the game through its
// factory, positions through its reader. The same binary still serves the built-in games.
#include <gtest/gtest.h>

#include "contract/run_binary.h"
#include "support/paths.h"

namespace {

using contract::RunResult;
using nlohmann::json;

RunResult testgame(const std::vector<std::string>& args) {
  return contract::run_program(ancients::test_paths::testgame_binary(), args);
}

json json_of(const RunResult& r) {
  EXPECT_RUN_OK(r);
  return json::parse(r.out, nullptr, false);
}

TEST(TestGameCli, GamesListsItWithItsSchema) {
  const json j = json_of(testgame({"games", "--json"}));
  ASSERT_TRUE(j.is_object()) << j;
  json duel;
  std::vector<std::string> names;
  for (const auto& g : j["games"]) {
    names.push_back(g["name"]);
    if (g["name"] == "tiny-duel") duel = g;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"ancient-warfare", "ancient-generals", "tiny-duel"}));
  ASSERT_TRUE(duel.is_object());
  EXPECT_EQ(duel["short_name"], "duel");
  EXPECT_EQ(duel["layout"], "generic");  // no drawing of its own
  EXPECT_EQ(j["games"][0]["layout"], "board");
  EXPECT_EQ(j["games"][1]["layout"], "cards");
  EXPECT_EQ(duel["players"], json({{"min", 2}, {"max", 2}}));
  ASSERT_EQ(duel["options"].size(), 4u);
  const json& cards = duel["options"][0];
  EXPECT_EQ(cards["name"], "cards");
  EXPECT_EQ(cards["type"], "int");
  EXPECT_EQ(cards["default"], 3);
  EXPECT_EQ(cards["min"], 1);
  EXPECT_EQ(cards["max"], 9);
  EXPECT_EQ(duel["options"][1]["values"], json({"higher", "lower"}));
  EXPECT_EQ(duel["options"][2]["requires"], json::parse(R"([{"option":"wins","value":"higher"}])"));

  const RunResult text = testgame({"games"});
  EXPECT_RUN_OK(text);
  EXPECT_NE(text.out.find("tiny-duel (duel)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("sudden_death"), std::string::npos) << text.out;
}

TEST(TestGameCli, NewBuildsItFromItsOptions) {
  const json p = json_of(testgame({"new", "duel", "--options", "cards=4,open=on"}));
  ASSERT_TRUE(p.is_object());
  EXPECT_EQ(p["game"], "tiny-duel");
  EXPECT_EQ(p["options"]["cards"], 4);
  EXPECT_EQ(p["options"]["open"], true);
  EXPECT_EQ(p["options"]["wins"], "higher");  // the default, resolved
  EXPECT_EQ(p["hands"]["1"], json({1, 2, 3, 4}));
  const json q = json_of(testgame({"new", "tiny-duel", "--rule", "sudden_death"}));
  EXPECT_EQ(q["options"]["sudden_death"], true);
  EXPECT_EQ(q["hands"]["2"], json({1, 2, 3}));
}

TEST(TestGameCli, BadOptionsAreRefusedNamingTheOption) {
  struct Case {
    std::vector<std::string> args;
    std::string must_name;
  };
  const std::vector<Case> cases = {
      {{"new", "duel", "--options", "cards=12"}, "option cards of tiny-duel"},
      {{"new", "duel", "--options", "cards=12"}, "from 1 to 9"},
      {{"new", "duel", "--options", "wins=middle"}, "one of higher, lower"},
      {{"new", "duel", "--options", "open=maybe"}, "true or false"},
      {{"new", "duel", "--options", "colour=red"}, "not an option of tiny-duel"},
      {{"new", "duel", "--options", "wins=lower,sudden_death=true"}, "needs wins=higher"},
      {{"new", "duel", "--board", "12"}, "--board: tiny-duel has no option board"},
      {{"new", "duel", "--rule", "cards"}, "not a rule switch of tiny-duel"},
      {{"new", "chess"}, "unknown game \"chess\""},
      {{"tournament", "--game", "duel", "--agents", "random,random", "--armies", "gauls"},
       "has no option army1"},
  };
  for (const auto& c : cases) {
    std::string line;
    for (const auto& arg : c.args) line += arg + " ";
    SCOPED_TRACE(line);
    EXPECT_TRUE(contract::clean_refusal(testgame(c.args), c.must_name, 2));
  }
}

TEST(TestGameCli, LegalAndApplyPlayItThroughItsPositions) {
  contract::TempDir dir;
  const json start = json_of(testgame({"new", "duel"}));
  RunResult r = testgame({"legal", dir.write_position(start)});
  EXPECT_RUN_OK(r);
  EXPECT_EQ(contract::lines_of(r.out), (std::vector<std::string>{"play 1", "play 2", "play 3"}));
  const json after =
      json_of(testgame({"apply", dir.write_position(start), "play 3", "play 1", "play 2"}));
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["score"], json({{"1", 1}, {"2", 0}}));
  EXPECT_EQ(after["pending"], 2);
  EXPECT_EQ(after["to_act"], 2);
  r = testgame({"legal", dir.write_position(after)});
  EXPECT_EQ(contract::lines_of(r.out), (std::vector<std::string>{"play 2", "play 3"}));
  EXPECT_TRUE(
      contract::clean_refusal(testgame({"apply", dir.write_position(after), "play 1"}), "play 1"));
}

TEST(TestGameCli, TournamentPlaysIt) {
  const json j =
      json_of(testgame({"tournament", "--game", "duel", "--agents", "random,ismcts:easy", "--games",
                        "6", "--seed", "3", "--json", "--options", "cards=5"}));
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["games"], 6);
  int total = 0;
  for (const auto& [name, s] : j["agents"].items())
    total += s["wins"].get<int>() + s["draws"].get<int>() + s["losses"].get<int>();
  EXPECT_EQ(total, 12);  // each game counted once for each agent
}

TEST(TestGameCli, TheBuiltInGamesStillPlay) {
  const json p = json_of(testgame({"new", "--deploy", "--seed", "3"}));
  EXPECT_EQ(p["game"], "ancient-warfare");
  EXPECT_NE(p["phase"], "deploy");
}

}  // namespace
