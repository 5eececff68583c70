// `ancients bench` through the binary: the default run reports Ancient Warfare's 4- and 6-player
// battles beside the duel, each with its own signature, the same on every run (the same seed
// plays the same games; --variant-games sets their count); a run with options chosen reports
// those options only. The search part says how many greedy-guided rollout actions its
// iterations played (--guided-rollout sets it; the default is the game's), and a different
// rollout searches differently.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "contract/run_binary.h"

namespace {

using contract::ancients;

TEST(BenchCli, TheDefaultRunReportsMultiplayerBattlesBesideTheDuel) {
  // 40 games of each further option set (--variant-games) rather than their own counts.
  const std::vector<std::string> run = {
      "bench", "--games", "40", "--variant-games", "40", "--search-iterations", "0", "--json"};
  const auto first = ancients(run);
  EXPECT_RUN_OK(first);
  const auto j = nlohmann::json::parse(first.out);
  ASSERT_EQ(j["variants"].size(), 2u) << first.out;
  EXPECT_EQ(j["variants"][0]["label"], "4 players (2+2), 12x12");
  EXPECT_EQ(j["variants"][1]["label"], "6 players (3+3), 16x12");
  for (const auto& v : j["variants"]) {
    EXPECT_GT(v["actions_per_second"].get<double>(), 0);
    EXPECT_EQ(v["signature"].get<std::string>().size(), 16u);
  }
  EXPECT_NE(j["variants"][0]["signature"], j["variants"][1]["signature"]);
  const auto again = ancients(run);
  EXPECT_RUN_OK(again);
  const auto k = nlohmann::json::parse(again.out);
  EXPECT_EQ(k["variants"][0]["signature"], j["variants"][0]["signature"]);
  EXPECT_EQ(k["variants"][1]["signature"], j["variants"][1]["signature"]);
  // The variants' count is honoured: one game more plays other games.
  auto longer = run;
  longer[4] = "41";
  const auto more = ancients(longer);
  EXPECT_RUN_OK(more);
  const auto m = nlohmann::json::parse(more.out);
  EXPECT_NE(m["variants"][0]["signature"], j["variants"][0]["signature"]);
  EXPECT_EQ(m["signature"], j["signature"]) << "the duel's count is --games";
  const auto chosen = ancients(
      {"bench", "--games", "40", "--search-iterations", "0", "--json", "--options", "board=12"});
  EXPECT_RUN_OK(chosen);
  EXPECT_FALSE(nlohmann::json::parse(chosen.out).contains("variants"));
}

TEST(BenchCli, TheSearchSaysItsRolloutAndGuidedRolloutChangesIt) {
  const auto search = [](const std::vector<std::string>& extra) {
    std::vector<std::string> run = {
        "bench", "--game", "generals", "--games", "10", "--search-iterations", "300", "--json"};
    run.insert(run.end(), extra.begin(), extra.end());
    const auto r = ancients(run);
    EXPECT_RUN_OK(r);
    return nlohmann::json::parse(r.out)["search"];
  };
  const auto by_default = search({});
  const auto plain = search({"--guided-rollout", "0"});
  const auto twelve = search({"--guided-rollout", "12"});
  // Ancient Generals' evaluation asks for guided rollouts: the default is more than none.
  EXPECT_GT(by_default["guided_rollout"].get<int>(), 0);
  EXPECT_EQ(plain["guided_rollout"], 0);
  EXPECT_EQ(twelve["guided_rollout"], 12);
  EXPECT_EQ(plain["iterations"], 8 * 300);
  EXPECT_NE(plain["signature"], by_default["signature"]) << "no rollout searches differently";
  if (by_default["guided_rollout"] == 12) {
    EXPECT_EQ(twelve["signature"], by_default["signature"]);
  }
  const auto bad = ancients({"bench", "--guided-rollout", "-2", "--search-iterations", "10"});
  EXPECT_TRUE(bad.exited());
  EXPECT_NE(bad.status, 0) << "an out-of-range rollout is refused";
}

TEST(BenchCli, OptionsAreCheckedAndPlayedInEveryGame) {
  const auto bench = [](const std::vector<std::string>& extra) {
    std::vector<std::string> run = {"bench", "--games", "50", "--search-iterations", "0", "--json"};
    run.insert(run.end(), extra.begin(), extra.end());
    return ancients(run);
  };
  // A value the game does not allow is refused as for a new game (exit 2), never played.
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"--options", "board=7"}, {"--game", "generals", "--options", "turn_limit=0"}}) {
    const auto r = bench(bad);
    EXPECT_EQ(r.status, 2) << describe(r);
    EXPECT_NE(r.err.find("is not allowed"), std::string::npos) << describe(r);
  }
  // Ancient Generals plays the options given (it once played its defaults whatever was given):
  // two turns make short games and another signature.
  const auto plain = bench({"--game", "generals"});
  const auto short_games = bench({"--game", "generals", "--options", "turn_limit=2"});
  EXPECT_RUN_OK(plain);
  EXPECT_RUN_OK(short_games);
  const auto a = nlohmann::json::parse(plain.out);
  const auto b = nlohmann::json::parse(short_games.out);
  EXPECT_LT(b["actions"].get<double>() * 3, a["actions"].get<double>()) << short_games.out;
  EXPECT_NE(a["signature"], b["signature"]);
}

}  // namespace
