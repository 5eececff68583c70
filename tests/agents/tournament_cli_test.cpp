// `ancients tournament` through the binary: the JSON summary's fields, results that do not
// depend on the thread count, per-game results and replayable Warfare and Generals records, clean
// refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "contract/run_binary.h"

namespace {

using contract::ancients;
using nlohmann::json;

json tournament_json(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"tournament", "--agents", "greedy,random", "--games", "6",
                                   "--seed",     "5",        "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = ancients(args);
  EXPECT_EQ(r.status, 0) << contract::describe(r);
  return json::parse(r.out);
}

TEST(TournamentCli, JsonSummaryIndependentOfThreads) {
  const json one = tournament_json({"--threads", "1"});
  const json two = tournament_json({"--threads", "3"});
  EXPECT_EQ(one["agents"], two["agents"]);
  for (const char* name : {"greedy", "random"}) {
    const auto& a = one["agents"][name];
    for (const char* key : {"wins", "draws", "losses", "win_rate", "ci95"})
      EXPECT_TRUE(a.contains(key)) << name << " lacks " << key;
    EXPECT_EQ(a["wins"].get<int>() + a["draws"].get<int>() + a["losses"].get<int>(), 6);
    EXPECT_EQ(a["ci95"].size(), 2u);
    EXPECT_LE(a["ci95"][0].get<double>(), a["win_rate"].get<double>());
    EXPECT_GE(a["ci95"][1].get<double>(), a["win_rate"].get<double>());
  }
  EXPECT_EQ(one["agents"]["greedy"]["wins"], one["agents"]["random"]["losses"]);
}

TEST(TournamentCli, ResultsAndRecordsReplay) {
  contract::TempDir dir;
  const std::string results = (dir.path() / "results.jsonl").string();
  const std::string records = (dir.path() / "records").string();
  const auto r = ancients({"tournament", "--agents", "random,greedy", "--games", "2", "--seed", "9",
                           "--results", results, "--records", records});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  EXPECT_NE(r.out.find("Elo difference"), std::string::npos) << r.out;
  std::ifstream in(results);
  std::string line;
  std::vector<json> games;
  while (std::getline(in, line)) games.push_back(json::parse(line));
  ASSERT_EQ(games.size(), 2u);
  // A pairing: the same deal, seats swapped.
  EXPECT_EQ(games[0]["seed"], games[1]["seed"]);
  EXPECT_EQ(games[0]["player1"], games[1]["player2"]);
  EXPECT_EQ(games[0]["armies"], games[1]["armies"]);
  for (int g = 1; g <= 2; ++g) {
    const std::string file = records + "/game-0000" + std::to_string(g) + ".json";
    const auto rr = ancients({"replay", file});
    EXPECT_EQ(rr.status, 0) << contract::describe(rr);
    EXPECT_NE(rr.out.find("verified"), std::string::npos) << rr.out;
  }
}

// A multiplayer battle (2+1): one agent per side, every player of the side playing it; its
// records name every player and army, and replay; a tampered record is refused.
TEST(TournamentCli, MultiplayerRecordsNameEveryPlayerAndReplay) {
  contract::TempDir dir;
  const std::string records = (dir.path() / "records").string();
  const auto r =
      ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--seed", "3",
                "--options", "board=12,contingents=true,players=2+1", "--records", records});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  for (int g = 1; g <= 2; ++g) {
    const std::string file = records + "/game-0000" + std::to_string(g) + ".json";
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    json record = json::parse(in);
    EXPECT_EQ(record["options"]["players"], "2+1");
    ASSERT_EQ(record["players"].size(), 3u);
    EXPECT_EQ(record["armies"].size(), 3u);
    EXPECT_EQ(record["result"]["lost"].size(), 3u);
    // Game 1: greedy is side 1 (players 1 and 2); game 2: the sides swapped.
    EXPECT_EQ(record["players"]["1"], g == 1 ? "greedy" : "random");
    EXPECT_EQ(record["players"]["2"], record["players"]["1"]);
    EXPECT_NE(record["players"]["3"], record["players"]["1"]);
    const auto rr = ancients({"replay", file});
    EXPECT_EQ(rr.status, 0) << contract::describe(rr);
    EXPECT_NE(rr.out.find("side wins"), std::string::npos) << rr.out;
    // An action credited to the wrong player fails verification.
    for (auto& a : record["actions"])
      if (a["player"] == 3) {
        a["player"] = 2;
        break;
      }
    const std::string bad = (dir.path() / "bad.json").string();
    std::ofstream(bad) << record.dump();
    EXPECT_EQ(ancients({"replay", bad}).status, 3);
  }
}

TEST(TournamentCli, GeneralsRecordsReplay) {
  contract::TempDir dir;
  const std::string records = (dir.path() / "records").string();
  const auto r = ancients({"tournament", "--game", "generals", "--agents", "random,greedy",
                           "--games", "2", "--seed", "4", "--records", records});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  for (int g = 1; g <= 2; ++g) {
    const std::string file = records + "/game-0000" + std::to_string(g) + ".json";
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    const json record = json::parse(in);
    EXPECT_EQ(record["game"], "ancient-generals");
    EXPECT_FALSE(record["actions"].empty());
    const auto rr = ancients({"replay", file});
    EXPECT_EQ(rr.status, 0) << contract::describe(rr);
    EXPECT_NE(rr.out.find("verified"), std::string::npos) << rr.out;
  }
}

TEST(TournamentCli, RefusesBadArguments) {
  EXPECT_EQ(ancients({"tournament", "--agents", "greedy"}).status, 2);
  EXPECT_EQ(ancients({"tournament", "--agents", "greedy,nosuch"}).status, 2);
  EXPECT_EQ(ancients({"tournament", "--agents", "ismcts:fast,random"}).status, 2);
  EXPECT_EQ(ancients({"tournament", "--agents", "random,random", "--armies", "nosuch"}).status, 2);
  const auto r = ancients(
      {"tournament", "--agents", "random,random", "--game", "generals", "--games", "2", "--json"});
  EXPECT_EQ(r.status, 0) << contract::describe(r);
  EXPECT_EQ(json::parse(r.out)["agents"]["random#1"]["wins"].get<int>() +
                json::parse(r.out)["agents"]["random#2"]["wins"].get<int>() +
                json::parse(r.out)["agents"]["random#1"]["draws"].get<int>(),
            2);
}

}  // namespace
