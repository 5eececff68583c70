// Game records of Ancient Generals: a random game recorded action by action round-trips
// through JSON and replays to the same final state; tampered records (wrong player, illegal
// action, wrong result, unknown keys, bad values, another game) are refused with a message
// naming what is wrong.
#include <gtest/gtest.h>

#include "agents/agent.h"
#include "core/errors.h"
#include "games/generals/record.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

/// A game between two random agents, recorded with the engine's action texts.
GameRecord random_record(std::uint64_t seed, int turn_limit, GeneralsState* final_state) {
  GameRecord r;
  r.program_version = "test";
  r.options.turn_limit = turn_limit;
  r.options.first_player = 0;
  r.seed = seed;
  r.players = {"random", "random"};
  GeneralsState s = GeneralsState::new_game(standard_cards(), r.options, seed);
  std::unique_ptr<Agent> agents[2] = {make_agent("random", seed + 1),
                                      make_agent("random", seed + 2)};
  while (!s.is_over()) {
    const int p = s.to_act();
    const Action a = agents[p - 1]->choose(*s.view(p));
    r.actions.push_back({p, s.action_text(a)});
    s.apply(a);
  }
  r.result = result_of(s);
  if (final_state != nullptr) *final_state = s;
  return r;
}

std::string refusal(const json& j) {
  try {
    replay_record(record_from_json(j, "game.json"));
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

TEST(GeneralsRecord, RoundTripsAndReplaysToTheSameState) {
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    GeneralsState end(standard_cards());
    const GameRecord r = random_record(seed, 300, &end);
    ASSERT_TRUE(end.is_over());
    const json j = json::parse(record_to_json(r).dump());
    EXPECT_EQ(j["format"], "ancients-record");
    EXPECT_EQ(j["game"], "ancient-generals");
    EXPECT_EQ(j["version"], kRecordVersion);
    EXPECT_EQ(j["options"]["first_player"], 0);
    const GameRecord back = record_from_json(j, "game.json");
    EXPECT_EQ(back.actions, r.actions);
    EXPECT_EQ(back.result, r.result);
    std::size_t steps = 0;
    const GeneralsState replayed =
        replay_record(back, [&](const GeneralsState&, std::size_t i) { steps = i + 1; });
    EXPECT_EQ(steps, r.actions.size());
    EXPECT_TRUE(replayed.equals(end));
    EXPECT_NE(result_text(r.result), "unfinished");
  }
}

TEST(GeneralsRecord, AnUnfinishedRecordReplays) {
  GameRecord r = random_record(7, 300, nullptr);
  r.actions.resize(r.actions.size() / 2);
  GeneralsState s = GeneralsState::new_game(standard_cards(), r.options, r.seed);
  for (const auto& a : r.actions) s.apply_text(a.action);
  r.result = result_of(s);
  EXPECT_EQ(r.result.winner, kNotOver);
  EXPECT_EQ(result_text(r.result), "unfinished");
  EXPECT_TRUE(
      replay_record(record_from_json(json::parse(record_to_json(r).dump()), "g.json")).equals(s));
}

TEST(GeneralsRecord, TamperedRecordsAreRefused) {
  const GameRecord r = random_record(11, 300, nullptr);
  const json good = json::parse(record_to_json(r).dump());
  ASSERT_EQ(refusal(good), "");
  const auto expect = [&](json j, const std::string& why) {
    const std::string message = refusal(j);
    EXPECT_NE(message.find(why), std::string::npos) << "\"" << message << "\" lacks " << why;
  };
  json wrong_player = good;
  wrong_player["actions"][0]["player"] = 3 - good["actions"][0]["player"].get<int>();
  expect(wrong_player, "action 1 (player");
  expect(wrong_player, "is to act");
  json illegal = good;
  illegal["actions"][0]["action"] = "attack war-wagon";
  expect(illegal, "action 1 (player");
  expect(illegal, "illegal");
  json garbage = good;
  garbage["actions"][1]["action"] = "\x01\xff garbage";
  expect(garbage, "action 2");
  json result = good;
  result["result"]["turns"] = good["result"]["turns"].get<int>() + 1;
  expect(result, "the result differs");
  json extra = good;
  extra["actions"].push_back({{"player", 1}, {"action", "pass"}});
  expect(extra, "the game is already over");
  json unknown = good;
  unknown["colour"] = "red";
  expect(unknown, "unknown key \"colour\"");
  json version = good;
  version["version"] = 99;
  expect(version, "not supported");
  json game = good;
  game["game"] = "ancient-warfare";
  expect(game, "\"game\" must be \"ancient-generals\"");
  json options = good;
  options["options"]["turn_limit"] = 0;
  expect(options, "turn_limit");
  json seed = good;
  seed["seed"] = -1;
  expect(seed, "\"seed\"");
  json empty = good;
  empty["actions"][0]["action"] = "";
  expect(empty, "is empty");
  expect(json::array(), "must be a JSON object");
  json no_result = good;
  no_result.erase("result");
  expect(no_result, "\"result\" is missing");
}

}  // namespace
}  // namespace ancients::generals::testing
