// Game records through the library: the JSON round trip, strict reading, and re-play that
// verifies a game and refuses a tampered one with a message naming what is wrong.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/errors.h"
#include "play_support.h"

namespace {

using namespace ancients::warfare;
using ancients::BadInput;

std::string replay_error(const GameRecord& r) {
  try {
    replay_record(r);
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

std::string read_error(const nlohmann::json& j) {
  try {
    record_from_json(j, "game.json");
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

class RecordTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { record_ = new GameRecord(play_test::random_record(7, 12)); }
  static void TearDownTestSuite() { delete record_; }
  static GameRecord* record_;
};
GameRecord* RecordTest::record_ = nullptr;

TEST_F(RecordTest, JsonRoundTripKeepsEverything) {
  const nlohmann::json j = record_to_json(*record_);
  EXPECT_EQ(j["format"], "ancients-record");
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["game"], "ancient-warfare");
  EXPECT_EQ(j["edition"], "autokill");
  EXPECT_EQ(j["seed"], 7);
  EXPECT_EQ(j["options"]["turn_limit"], 12);
  EXPECT_EQ(j["armies"]["1"]["name"], "Marian Romans");
  EXPECT_EQ(j["players"]["2"], "random");
  EXPECT_EQ(j["actions"][0]["player"], 1);
  const GameRecord back = record_from_json(j, "game.json");
  EXPECT_EQ(back.actions, record_->actions);
  EXPECT_EQ(back.result, record_->result);
  EXPECT_EQ(back.deployments, record_->deployments);
  EXPECT_EQ(back.players, record_->players);
  EXPECT_EQ(back.setup.seed, record_->setup.seed);
  EXPECT_EQ(back.setup.options, record_->setup.options);
  auto sorted = [](std::vector<std::pair<int, Terrain>> t) {
    std::sort(t.begin(), t.end());
    return t;
  };
  EXPECT_EQ(sorted(back.setup.field.terrain), sorted(record_->setup.field.terrain));
  EXPECT_EQ(nlohmann::json(record_to_json(back)), j);
}

TEST_F(RecordTest, ReplayVerifiesTheGame) {
  std::size_t steps = 0;
  const auto s = replay_record(*record_, [&](const WarfareState&, std::size_t i) {
    EXPECT_EQ(i, steps);
    ++steps;
  });
  EXPECT_EQ(steps, record_->actions.size());
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(result_of(*s), record_->result);
}

TEST_F(RecordTest, ReplayRefusesAChangedAction) {
  GameRecord r = *record_;
  const std::size_t i = r.actions.size() / 2;
  r.actions[i].action = "move trod z9-z10";
  const std::string e = replay_error(r);
  EXPECT_NE(e.find("action " + std::to_string(i + 1) + " "), std::string::npos) << e;
  EXPECT_NE(e.find("illegal"), std::string::npos) << e;
}

TEST_F(RecordTest, ReplayRefusesTheWrongPlayer) {
  GameRecord r = *record_;
  const std::size_t i = r.actions.size() - 1;
  r.actions[i].player = 3 - r.actions[i].player;
  const std::string e = replay_error(r);
  EXPECT_NE(e.find("recorded for player"), std::string::npos) << e;
  EXPECT_NE(e.find("action " + std::to_string(i + 1)), std::string::npos) << e;
}

TEST_F(RecordTest, ReplayRefusesTheWrongResult) {
  GameRecord r = *record_;
  r.result.winner = r.result.winner == 1 ? 2 : 1;
  EXPECT_NE(replay_error(r).find("the result differs"), std::string::npos);
  r = *record_;
  r.result.turns += 1;
  EXPECT_NE(replay_error(r).find("the result differs"), std::string::npos);
}

TEST_F(RecordTest, ReplayRefusesActionsAfterTheEnd) {
  GameRecord r = *record_;
  r.actions.push_back({1, "end"});
  EXPECT_NE(replay_error(r).find("already over"), std::string::npos);
}

TEST_F(RecordTest, ReplayRefusesAMismatchedDeployment) {
  GameRecord r = *record_;
  r.deployments[1] = "deploy general:a8";
  EXPECT_NE(replay_error(r).find("player 2's deployment differs"), std::string::npos);
}

TEST_F(RecordTest, ReadingIsStrict) {
  const nlohmann::json good = record_to_json(*record_);
  auto bad = good;
  bad["colour"] = "red";
  EXPECT_NE(read_error(bad).find("unknown key \"colour\""), std::string::npos);
  bad = good;
  bad["version"] = 2;
  EXPECT_NE(read_error(bad).find("not supported"), std::string::npos);
  bad = good;
  bad["format"] = "ancients-army";
  EXPECT_NE(read_error(bad).find("\"format\""), std::string::npos);
  bad = good;
  bad.erase("seed");
  EXPECT_NE(read_error(bad).find("\"seed\" is missing"), std::string::npos);
  bad = good;
  bad["actions"][3]["player"] = 0;
  EXPECT_NE(read_error(bad).find("actions[3]"), std::string::npos);
  bad = good;
  bad["result"]["winner"] = "nobody";
  EXPECT_NE(read_error(bad).find("\"winner\""), std::string::npos);
  bad = good;
  bad["armies"]["2"]["units"] = nlohmann::json::array({"general"});
  EXPECT_NE(read_error(bad).find("armies.2"), std::string::npos);
  bad = good;
  bad["options"]["board"] = 12;
  EXPECT_NE(read_error(bad).find("battlefield is 8x8"), std::string::npos);
}

TEST(Record, UnfinishedGameReplays) {
  GameRecord r = play_test::random_record(11, 3);
  r.actions.resize(5);
  auto s = new_game(r.setup);
  for (const auto& a : r.actions) s->apply_text(a.action);
  r.result = result_of(*s);
  EXPECT_EQ(r.result.winner, ancients::kNotOver);
  EXPECT_EQ(result_text(r.result), "unfinished");
  EXPECT_EQ(replay_error(r), "");
  const auto j = record_to_json(r);
  EXPECT_TRUE(j["result"]["winner"].is_null());
}

}  // namespace
