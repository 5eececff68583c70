// `ancients play generals`, `ancients replay` of its records and `ancients bench --game
// generals` as a player uses them: scripted games through stdin (against the computer and
// hotseat) to the end or to EOF, the record they write verified by `ancients replay`, hands
// hidden in hotseat, the prompt's commands, tampered records and bad arguments refused.
#include <gtest/gtest.h>

#include "play/play_support.h"

namespace {

using play_test::lines;
using play_test::read_text;
using play_test::run;
using play_test::temp_folder;

void expect_verified(const std::filesystem::path& record) {
  const auto r = run("replay " + record.string());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("verified: "), std::string::npos) << r.out;
}

/// "2" then "1", again and again: the second menu item where there is one (a real choice),
/// else the first.
std::string twos_and_ones(int n) {
  return lines("2\n1", n);
}

TEST(GeneralsPlayCli, AgainstTheComputerToTheEnd) {
  const auto dir = temp_folder("gen-computer");
  const auto record = dir / "game.json";
  const auto r = run("play generals --agent random --seed 5 --turn-limit 20 --no-color --record " +
                         record.string(),
                     twos_and_ones(4000));
  ASSERT_EQ(r.status, 0) << r.out.substr(0, 4000);
  EXPECT_NE(r.out.find("Ancient Generals, seed 5"), std::string::npos);
  EXPECT_NE(r.out.find("deck  reserve  casualties  hand  flank"), std::string::npos);
  EXPECT_NE(r.out.find("Your hand ("), std::string::npos);
  EXPECT_NE(r.out.find("Last actions:"), std::string::npos);
  EXPECT_NE(r.out.find("Computer (player"), std::string::npos);
  EXPECT_NE(r.out.find("Record saved: " + record.string()), std::string::npos);
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_EQ(j["format"], "ancients-record");
  EXPECT_EQ(j["game"], "ancient-generals");
  EXPECT_EQ(j["options"]["turn_limit"], 20);
  EXPECT_FALSE(j["result"]["winner"].is_null()) << "the game should have ended";
  EXPECT_TRUE(j["players"]["1"] == "human");
  EXPECT_FALSE(j["players"]["2"] == "human");
  expect_verified(record);
}

TEST(GeneralsPlayCli, HotseatToTheEndWithBattles) {
  const auto dir = temp_folder("gen-hotseat");
  const auto record = dir / "game.json";
  const auto r =
      run("play generals --vs human --seed 9 --first 2 --turn-limit 12 --no-color --record " +
              record.string(),
          twos_and_ones(6000));
  ASSERT_EQ(r.status, 0) << r.out.substr(0, 4000);
  EXPECT_NE(r.out.find("your turn"), std::string::npos);
  EXPECT_NE(r.out.find("Battle (P"), std::string::npos) << "some attack should have happened";
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_EQ(j["players"]["1"], "human");
  EXPECT_EQ(j["players"]["2"], "human");
  EXPECT_EQ(j["options"]["first_player"], 2);
  EXPECT_EQ(j["actions"][0]["player"], 2);
  EXPECT_FALSE(j["result"]["winner"].is_null());
  bool attacked = false;
  for (const auto& a : j["actions"])
    attacked = attacked || a["action"].get<std::string>().starts_with("attack ");
  EXPECT_TRUE(attacked);
  expect_verified(record);
}

TEST(GeneralsPlayCli, HotseatShowsEachPlayerOnlyHisOwnHand) {
  const auto dir = temp_folder("gen-hidden");
  const auto record = dir / "game.json";
  // Both players pass through several windows, then leave.
  const auto r =
      run("play generals --vs human --seed 4 --first 1 --no-color --record " + record.string(),
          lines("1", 12) + "quit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Player 2 (player 2): your turn"), std::string::npos) << r.out;
  // Only the onlooker's screen (the end of a game) names a player's hand; players see theirs
  // as "Your hand" and the other's as what they know of it.
  EXPECT_EQ(r.out.find("P1 hand ("), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("P2 hand ("), std::string::npos) << r.out;
  // The hand shown after the hand-over is player 2's: the record's first deal decides it.
  const auto second = r.out.find("Player 2 (player 2): your turn");
  const auto hand2 = r.out.find("Your hand (", second);
  ASSERT_NE(hand2, std::string::npos);
  const auto first_hand = r.out.find("Your hand (");
  EXPECT_NE(r.out.substr(first_hand, r.out.find('\n', first_hand) - first_hand),
            r.out.substr(hand2, r.out.find('\n', hand2) - hand2));
  EXPECT_NE(r.out.find("the game is left unfinished"), std::string::npos);
  expect_verified(record);
}

TEST(GeneralsPlayCli, CommandsRefusalsAndEndOfInput) {
  const auto dir = temp_folder("gen-commands");
  const auto record = dir / "game.json";
  const auto r =
      run("play generals --agent random --seed 3 --side 2 --first 1 --no-color --record " +
              record.string(),
          "help\ncards\npiles\nhand\nall\nmenu\nshow\nbogus action\n99\n"
          "attack war-wagon\n1\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Ancient Generals: run your opponent out of cards"), std::string::npos);
  EXPECT_NE(r.out.find("hoplite-phalanx"), std::string::npos);  // the card table
  EXPECT_NE(r.out.find("P1 reserve:"), std::string::npos);
  EXPECT_NE(r.out.find("Refused: unknown action \"bogus\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("No menu item 99"), std::string::npos);
  EXPECT_NE(r.out.find("Refused: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"attack war-wagon\""), std::string::npos) << r.out;  // not echoed
  EXPECT_NE(r.out.find("End of input"), std::string::npos);
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_TRUE(j["result"]["winner"].is_null());
  EXPECT_EQ(j["players"]["2"], "human");
  expect_verified(record);
}

TEST(GeneralsPlayCli, ReplayStepsAndRefusesTamperedRecords) {
  const auto dir = temp_folder("gen-replay");
  const auto record = dir / "game.json";
  ASSERT_EQ(
      run("play generals --vs human --seed 8 --turn-limit 3 --no-color --record " + record.string(),
          twos_and_ones(2000))
          .status,
      0);
  const auto step = run("replay --step --no-color " + record.string());
  EXPECT_EQ(step.status, 0) << step.out;
  EXPECT_NE(step.out.find("Action 1 of "), std::string::npos);
  EXPECT_NE(step.out.find("P1 hand ("), std::string::npos);  // an onlooker sees both hands
  const auto final_screen = run("replay --show-final --no-color " + record.string());
  EXPECT_EQ(final_screen.status, 0);
  EXPECT_NE(final_screen.out.find("Draw: the turn limit (3) was reached."), std::string::npos)
      << final_screen.out;
  auto j = nlohmann::json::parse(read_text(record));
  j["actions"][2]["player"] = 3 - j["actions"][2]["player"].get<int>();
  const auto bad = dir / "bad.json";
  play_test::write_text(bad, j.dump());
  const auto refused = run("replay " + bad.string());
  EXPECT_EQ(refused.status, 3) << refused.out;
  EXPECT_NE(refused.out.find("verification failed: action 3"), std::string::npos) << refused.out;
  j["surprise"] = true;
  play_test::write_text(bad, j.dump());
  const auto malformed = run("replay " + bad.string());
  EXPECT_EQ(malformed.status, 2) << malformed.out;
  EXPECT_NE(malformed.out.find("unknown key \"surprise\""), std::string::npos) << malformed.out;
}

TEST(GeneralsPlayCli, BadArgumentsAreRefused) {
  const auto r1 = run("play generals --army1 gauls --no-color");
  EXPECT_EQ(r1.status, 2) << r1.out;
  EXPECT_NE(r1.out.find("--army1 is for warfare only"), std::string::npos) << r1.out;
  const auto r2 = run("play generals --agent nosuch --no-color --record /tmp/x.json");
  EXPECT_EQ(r2.status, 2) << r2.out;
  const auto r3 = run("play chess");
  EXPECT_NE(r3.status, 0);
  const auto r4 = run("play generals --vs human --side 2");
  EXPECT_EQ(r4.status, 2) << r4.out;
}

TEST(GeneralsPlayCli, BenchAcceptsTheGame) {
  const auto a = run("bench --game generals --games 30 --seed 4 --search-iterations 0 --json");
  ASSERT_EQ(a.status, 0) << a.out;
  const auto j = nlohmann::json::parse(a.out);
  EXPECT_EQ(j["game"], "ancient-generals");
  EXPECT_EQ(j["games"], 30);
  EXPECT_GT(j["actions"].get<long long>(), 30 * 50);
  for (const char* key : {"seconds", "games_per_second", "actions_per_second", "state_bytes"})
    EXPECT_TRUE(j.contains(key)) << key;
  // Every decision lists at least one legal action; Generals' often list several.
  EXPECT_GT(j["legal_per_decision"].get<double>(), 1.0);
  const auto b = run("bench --game generals --games 30 --seed 4 --search-iterations 0 --json");
  EXPECT_EQ(nlohmann::json::parse(b.out)["signature"], j["signature"]);
  const auto c = run("bench --game generals --games 30 --seed 5 --search-iterations 0 --json");
  EXPECT_NE(nlohmann::json::parse(c.out)["signature"], j["signature"]);
}

}  // namespace
