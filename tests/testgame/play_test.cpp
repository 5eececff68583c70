// `ancients play` and `ancients replay` serve a game with no drawing of its own (the tiny duel,
// layout "generic") through the core's interface alone: its view's fields, its actions as a
// menu, the computer from its view, a record written after every action that `replay`
// verifies and `play --resume` goes on with; bad records, options and flags are refused with
// a message naming what is wrong.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <sstream>

#include "contract/run_binary.h"
#include "support/paths.h"

// Named, so that its helpers stay apart from cli_test.cpp's in a unity batch.
namespace testgame_play {
namespace {

using contract::RunResult;
using nlohmann::json;

RunResult testgame(const std::vector<std::string>& args,
                   const std::optional<std::string>& input = std::nullopt) {
  return contract::run_program(ancients::test_paths::testgame_binary(), args, input);
}

json read_record(const std::string& path) {
  std::ifstream f(path);
  std::stringstream text;
  text << f.rdbuf();
  return json::parse(text.str(), nullptr, false);
}

/// A generic record of `game` that starts from `position`, its seats played by `players`.
json record_from_position(const std::string& game, const json& position, const json& players,
                          const json& actions) {
  return {{"format", "ancients-record"}, {"version", 1},
          {"program_version", "0.1.0"},  {"game", game},
          {"position", position},        {"players", players},
          {"actions", actions},          {"result", {{"winner", nullptr}}}};
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(TestGamePlay, TwoPeopleAtOneScreenPlayItToTheEndAndReplayVerifiesIt) {
  contract::TempDir dir;
  const std::string record = (dir.path() / "duel.json").string();
  // Round 1: 3 beats 1; round 2: 1 loses to 2; round 3: 2 against 3 (menu items by number).
  const RunResult r =
      testgame({"play", "duel", "--vs", "human", "--seed", "3", "--record", record, "--no-color"},
               "play 3\n1\n1\n1\n1\n1\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Player 1 (human): your turn.")) << r.out;
  EXPECT_TRUE(has(r.out, "Your choices:\n  1 play 1   2 play 2   3 play 3")) << r.out;
  EXPECT_TRUE(has(r.out, "score:\n  1: 0\n  2: 0")) << r.out;  // the view's fields
  // Player 2 sees player 1's card as the game lets them: face down.
  EXPECT_TRUE(has(r.out, "P1: play (hidden)")) << r.out;
  EXPECT_TRUE(has(r.out, "Player 2 wins.")) << r.out;
  const json j = read_record(record);
  ASSERT_TRUE(j.is_object()) << r.out;
  EXPECT_EQ(j["format"], "ancients-record");
  EXPECT_EQ(j["game"], "tiny-duel");
  EXPECT_EQ(j["options"], json::parse(R"({"cards":3,"open":false,"sudden_death":false,
                                           "wins":"higher"})"));
  EXPECT_EQ(j["players"], json({{"1", "human"}, {"2", "human"}}));
  ASSERT_EQ(j["actions"].size(), 6u);
  EXPECT_EQ(j["actions"][0], json({{"player", 1}, {"action", "play 3"}}));
  EXPECT_EQ(j["actions"][1], json({{"player", 2}, {"action", "play 1"}}));
  EXPECT_EQ(j["result"]["winner"], 2);
  const RunResult replay = testgame({"replay", record, "--show-final"});
  ASSERT_EQ(replay.status, 0) << replay.out << replay.err;
  EXPECT_TRUE(has(replay.out, "verified: 6 actions, result: player 2 wins")) << replay.out;
  EXPECT_TRUE(has(replay.out, "score:\n  1: 1\n  2: 2")) << replay.out;
}

TEST(TestGamePlay, AgainstTheComputerTheGameEndsAndAForcedChoiceIsPlayedForThePerson) {
  contract::TempDir dir;
  const std::string record = (dir.path() / "duel.json").string();
  const RunResult r = testgame({"play", "duel", "--seed", "5", "--agent", "random", "--side", "2",
                                "--record", record, "--no-color", "--options", "cards=2"},
                               "1\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Player 1: computer (random)")) << r.out;
  EXPECT_TRUE(has(r.out, "Player 2: you")) << r.out;
  EXPECT_TRUE(has(r.out, "Computer (Player 1): play (hidden)")) << r.out;
  EXPECT_TRUE(has(r.out, "(nothing else is possible; played for you)")) << r.out;
  EXPECT_TRUE(has(r.out, "Record saved: " + record)) << r.out;
  const json j = read_record(record);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["players"], json({{"1", "random"}, {"2", "human"}}));
  EXPECT_EQ(j["actions"].size(), 4u);
  EXPECT_FALSE(j["result"]["winner"].is_null());
  EXPECT_EQ(testgame({"replay", record}).status, 0);
}

TEST(TestGamePlay, AGameLeftUnfinishedGoesOnWhereItStopped) {
  contract::TempDir dir;
  const std::string record = (dir.path() / "duel.json").string();
  RunResult r =
      testgame({"play", "duel", "--vs", "human", "--seed", "3", "--record", record, "--no-color"},
               "1\n2\nplay 9\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Refused: ")) << r.out;  // play 9: not a card in hand
  EXPECT_TRUE(has(r.out, "left unfinished after 2 actions")) << r.out;
  EXPECT_TRUE(read_record(record)["result"]["winner"].is_null());
  const RunResult early = testgame({"replay", record});
  EXPECT_EQ(early.status, 0) << early.out << early.err;
  EXPECT_TRUE(has(early.out, "verified: 2 actions, result: unfinished")) << early.out;

  r = testgame({"play", "--resume", record, "--no-color"}, "1\n1\n1\n1\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Resumed after 2 actions")) << r.out;
  const json j = read_record(record);
  ASSERT_EQ(j["actions"].size(), 6u);
  EXPECT_EQ(j["actions"][1], json({{"player", 2}, {"action", "play 2"}}));
  EXPECT_FALSE(j["result"]["winner"].is_null());
  // A finished game has nothing to resume.
  r = testgame({"play", "--resume", record});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "this game is over")) << r.err;
}

TEST(TestGamePlay, ABadRecordIsRefusedNamingWhatIsWrong) {
  contract::TempDir dir;
  const std::string record = (dir.path() / "duel.json").string();
  ASSERT_EQ(testgame({"play", "duel", "--vs", "human", "--seed", "3", "--record", record},
                     "1\n1\n1\n1\n1\n1\n")
                .status,
            0);
  const json good = read_record(record);
  struct Case {
    std::string name;
    std::function<void(json&)> spoil;
    int status;
    std::string must_say;
  };
  const std::vector<Case> cases = {
      {"illegal", [](json& j) { j["actions"][2]["action"] = "play 7"; }, 3,
       "verification failed: action 3 (player 1: \"play 7\")"},
      {"wrong player", [](json& j) { j["actions"][0]["player"] = 2; }, 3,
       "recorded for player 2, but player 1 is to act"},
      {"result", [](json& j) { j["result"]["winner"] = 1; }, 3,
       "the record's result is player 1 wins, but the actions lead to draw"},
      {"unknown key", [](json& j) { j["colour"] = "red"; }, 2, "colour"},
      {"unknown game", [](json& j) { j["game"] = "chess"; }, 2, "\"chess\" is not a game"},
      {"bad option", [](json& j) { j["options"]["cards"] = 12; }, 3, "cards"},
      {"missing seat", [](json& j) { j["players"].erase("2"); }, 2, "players"},
  };
  for (const auto& c : cases) {
    json j = good;
    c.spoil(j);
    const std::string path = dir.write(c.name + ".json", j.dump());
    const RunResult r = testgame({"replay", path});
    EXPECT_EQ(r.status, c.status) << c.name << ": " << r.out << r.err;
    EXPECT_TRUE(has(r.err, c.must_say)) << c.name << ": " << r.err;
    EXPECT_TRUE(has(r.err, path)) << c.name << ": " << r.err;
  }
}

// A game started from a position (the server's campaign battles): the record holds the
// position instead of options and seed; replay verifies it and --resume goes on from it.
TEST(TestGamePlay, ARecordThatStartsFromAPositionReplaysAndResumes) {
  contract::TempDir dir;
  const RunResult start = testgame({"new", "duel", "--seed", "3", "--options", "cards=2"});
  ASSERT_EQ(start.status, 0) << start.err;
  json record = record_from_position(
      "tiny-duel", json::parse(start.out), {{"1", "human"}, {"2", "human"}},
      json::array({{{"player", 1}, {"action", "play 2"}}, {{"player", 2}, {"action", "play 1"}}}));
  const std::string path = dir.write("from-position.json", record.dump());
  RunResult r = testgame({"replay", path});
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "verified: 2 actions, result: unfinished")) << r.out;
  r = testgame({"play", "--resume", path, "--no-color"}, "1\n1\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "from a recorded position")) << r.out;
  const json after = read_record(path);
  EXPECT_EQ(after["position"], record["position"]);
  EXPECT_FALSE(after.contains("options"));
  EXPECT_EQ(after["actions"].size(), 4u);
  EXPECT_EQ(after["result"]["winner"], "draw");  // 2 beats 1, then 1 loses to 2
  // A record may not start from both a position and options.
  record["options"] = json::object();
  const std::string both = dir.write("both.json", record.dump());
  r = testgame({"replay", both});
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(has(r.err, "not both")) << r.err;
}

// A decision too large to list, in a game the generic loop draws (tiny-muster): the menu says
// so and offers the set-up the computer would make; a typed muster is played too, and the
// computer musters as its game's set-up says.
TEST(TestGamePlay, ADecisionTooLargeToListOffersTheComputersSetUp) {
  contract::TempDir dir;
  const std::string path = (dir.path() / "muster.json").string();
  RunResult r = testgame(
      {"play", "muster", "--agent", "random", "--seed", "2", "--record", path, "--no-color"},
      "1\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "too many to list (1,320)")) << r.out;
  EXPECT_TRUE(has(r.out, "1 the set-up the computer would make: muster ")) << r.out;
  json after = read_record(path);
  ASSERT_EQ(after["actions"].size(), 2u) << after;
  EXPECT_TRUE(after["actions"][0]["action"].get<std::string>().starts_with("muster ")) << after;
  EXPECT_EQ(after["actions"][1]["player"], 2);
  EXPECT_EQ(testgame({"replay", path}).status, 0);
  // Typed in the notation; a bad one is refused with its reason and asked again.
  r = testgame(
      {"play", "muster", "--agent", "random", "--seed", "2", "--record", path, "--no-color"},
      "muster 12,12,1\nmuster 12,11,10\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "three different soldiers of 1-12")) << r.out;
  after = read_record(path);
  ASSERT_EQ(after["actions"].size(), 2u) << after;
  EXPECT_EQ(after["actions"][0]["action"], "muster 12,11,10");
  EXPECT_EQ(after["result"]["winner"], 1);  // 33: no computer's muster reaches it
}

// A campaign's battle of Ancient Warfare, recorded from its position before deployment (the
// browser's download), goes on in the board's loop: `auto` deploys as the computer would, the
// computer deploys from its own view, and the record grows from its position.
TEST(TestGamePlay, ABattleFromAPositionGoesOnOnTheBoard) {
  contract::TempDir dir;
  const RunResult start = testgame({"new", "warfare", "--seed", "3"});
  ASSERT_EQ(start.status, 0) << start.err;
  const json position = json::parse(start.out);
  ASSERT_EQ(position["phase"], "deploy");
  const json record = record_from_position("ancient-warfare", position,
                                           {{"1", "human"}, {"2", "random"}}, json::array());
  const std::string path = dir.write("battle.json", record.dump());
  RunResult r = testgame({"play", "--resume", path, "--no-color"}, "auto\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Ancient Warfare from a recorded position (autokill edition, 8x8 board)"))
      << r.out;
  EXPECT_TRUE(has(r.out, "go on with `ancients play --resume")) << r.out;
  json after = read_record(path);
  EXPECT_EQ(after["position"], position);
  ASSERT_EQ(after["actions"].size(), 2u) << after;
  EXPECT_TRUE(after["actions"][0]["action"].get<std::string>().starts_with("deploy ")) << after;
  EXPECT_EQ(after["actions"][1]["player"], 2);
  EXPECT_EQ(testgame({"replay", path}).status, 0);
  // Resumed again: its actions played again before the prompt, then more of them.
  r = testgame({"play", "--resume", path, "--no-color"}, "1\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(has(r.out, "Resumed after 2 actions")) << r.out;
  after = read_record(path);
  EXPECT_GT(after["actions"].size(), 2u) << after;
  EXPECT_EQ(testgame({"replay", path}).status, 0);
}

TEST(TestGamePlay, FlagsTheGameHasNoOptionForAreRefused) {
  struct Case {
    std::vector<std::string> args;
    std::string must_say;
  };
  const std::vector<Case> cases = {
      {{"play", "chess"}, "chess"},
      {{"play", "duel", "--army1", "gauls"}, "tiny-duel"},
      {{"play", "duel", "--first", "2"}, "--first"},
      {{"play", "duel", "--options", "cards=12"}, "cards"},
      {{"play", "duel", "--agent", "nobody"}, "nobody"},
      {{"play", "duel", "--humans", "1"}, "--humans"},
  };
  for (const auto& c : cases) {
    const RunResult r = testgame(c.args, "");
    EXPECT_EQ(r.status, 2) << c.args[1] << ": " << r.out << r.err;
    EXPECT_TRUE(has(r.err, c.must_say)) << r.err;
  }
}

}  // namespace
}  // namespace testgame_play
