// The tiny-duel test game (tiny_duel.h), registered only in a tests-only build of the command
// line (main.cpp here), is served by `ancients games`, `new`, `legal`, `apply` and
// `tournament` with no game-specific code: options through its schema, the game through its
// factory, positions through its reader. The same binary still serves the built-in games.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

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
  EXPECT_EQ(names, (std::vector<std::string>{"ancient-warfare", "ancient-generals", "tiny-duel",
                                             "tiny-muster"}));
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

/// The balance lab's options experiment, the only one a game without a lab of its own has:
/// one cell per other value of each option (half and twice a number), every cell on the
/// same deals with the same agents.
TEST(TestGameCli, BalanceMeasuresWhatEachOptionDoes) {
  const auto path = std::filesystem::temp_directory_path() / "ancients-testgame-balance.json";
  RunResult r = testgame(
      {"balance", "--game", "duel", "--games", "40", "--seed", "4", "--json", path.string()});
  EXPECT_RUN_OK(r);
  std::ifstream in(path);
  const json j = json::parse(in, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out;
  EXPECT_EQ(j["game"], "tiny-duel");
  EXPECT_EQ(j["title"], "tiny-duel");  // no rules book to name it otherwise
  EXPECT_EQ(j["sections"], json::array({"effects"}));
  std::vector<std::string> labels;
  for (const auto& e : j["effects"]) labels.push_back(e["label"]);
  // A number in a range at half and twice the baseline's 3 cards.
  EXPECT_EQ(labels, (std::vector<std::string>{"cards = 1", "cards = 6", "wins = lower",
                                              "sudden_death on", "open on"}));
  EXPECT_TRUE(j["left_out"].empty()) << j["left_out"];
  std::map<std::string, json> cell;
  for (const auto& c : j["cells"]) cell[c["label"]] = c;
  const json& base = cell["baseline (as played)"];
  // Face up changes nothing a random player sees: the same deals and agents play the same games.
  EXPECT_EQ(cell["open on"]["seat1_score"], base["seat1_score"]);
  EXPECT_EQ(cell["open on"]["mean_turns"], base["mean_turns"]);
  // The lower card winning turns every game's winner around and keeps its draws.
  EXPECT_EQ(cell["wins = lower"]["draw_rate"], base["draw_rate"]);
  EXPECT_NEAR(cell["wins = lower"]["seat1_score"].get<double>(),
              1 - base["seat1_score"].get<double>(), 1e-9);
  // A value the schema refuses beside the baseline's options is left out with its reason.
  r = testgame({"balance", "--game", "duel", "--games", "2", "--options", "wins=lower", "--json",
                path.string()});
  EXPECT_RUN_OK(r);
  std::ifstream again(path);
  const json lower = json::parse(again, nullptr, false);
  ASSERT_TRUE(lower.is_object()) << r.out;
  EXPECT_NE(lower["left_out"].dump().find("sudden_death on: "), std::string::npos) << lower;
  EXPECT_NE(lower["left_out"].dump().find("wins=higher"), std::string::npos) << lower;
  std::filesystem::remove(path);
  // Its experiments and options named wrongly are refused before any game.
  r = testgame({"balance", "--game", "duel", "--experiments", "units"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("the options experiment only"), std::string::npos) << r.err;
  r = testgame({"balance", "--game", "duel", "--vary", "colour"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--vary colour: no option of tiny-duel"), std::string::npos) << r.err;
}

TEST(TestGameCli, TheBuiltInGamesStillPlay) {
  const json p = json_of(testgame({"new", "--deploy", "--seed", "3"}));
  EXPECT_EQ(p["game"], "ancient-warfare");
  EXPECT_NE(p["phase"], "deploy");
}

}  // namespace
