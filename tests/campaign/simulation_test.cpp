// Random simulations of whole campaigns (every bundled scenario, several seeds, the `random`
// agent in the battles) with the invariants of issue #16: armies never below zero, each region
// held by one nation or none, prestige equal to the chronicle's sum, the JSON round trip, and
// replay from the actions giving the same state. Also the battle bridge: carried losses are off
// the battle's position and the result read from a finished game applies.
#include <gtest/gtest.h>

#include "campaign/battle.h"
#include "campaign/engine.h"
#include "campaign/simulate.h"
#include "campaign_support.h"

namespace {

using namespace ancients::campaign;

const std::string kCampaigns = std::string(ANCIENTS_SOURCE_DIR) + "/data/campaigns/";

void check_invariants(const CampaignState& s) {
  for (const auto& a : s.armies) {
    EXPECT_GE(s.strength(a), 0) << a.id;
    if (a.alive) {
      EXPECT_GE(s.strength(a), s.scenario.rules.disband_below) << a.id;
    }
    if (a.alive && s.scenario.kind == "map") {
      EXPECT_NE(s.scenario.region(a.region), nullptr) << a.id;
    }
  }
  for (const auto& [region, holder] : s.owner) {
    EXPECT_NE(s.scenario.region(region), nullptr) << region;
    EXPECT_TRUE(holder.empty() || s.scenario.nation(holder) != nullptr) << holder;
  }
  if (s.scenario.kind == "map") {
    EXPECT_EQ(s.owner.size(), s.scenario.regions.size());
  }
  for (const auto& n : s.scenario.nations)
    EXPECT_EQ(s.prestige.at(n.id), campaign_test::chronicle_prestige(s, n.id)) << n.id;
  EXPECT_TRUE(state_from_json(state_to_json(s)) == s);
}

class CampaignSimulation : public ::testing::TestWithParam<const char*> {};

TEST_P(CampaignSimulation, WholeCampaignsKeepEveryInvariantAndReplay) {
  const Scenario scenario = load_scenario(kCampaigns + GetParam());
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    CampaignState s = new_campaign(scenario);
    int calls = 0;
    simulate(s, "random", seed, [&](int, const std::string&) {
      ++calls;
      check_invariants(s);
    });
    EXPECT_EQ(s.phase, "over");
    EXPECT_NE(scenario.nation(s.winner), nullptr);
    EXPECT_EQ(calls, s.battles_fought);
    if (scenario.kind == "sequence") {
      EXPECT_EQ(s.battles_fought, static_cast<int>(scenario.battles.size()));
    }
    check_invariants(s);
    EXPECT_TRUE(replay(scenario, s.actions) == s) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Bundled, CampaignSimulation,
                         ::testing::Values("crusaders-conquest.toml", "first-two-crusades.toml",
                                           "learning-campaign.toml"));

TEST(CampaignBattle, CarriedLossesAreOffTheBattlefieldAndTheResultApplies) {
  CampaignState s = new_campaign(campaign_test::tiny_scenario());
  campaign_test::apply_all(s,
                           {"next", "orders red red-1=b", "orders blue blue-2=b", "orders green"});
  ASSERT_EQ(s.battles.size(), 1U);
  s.army("blue-2")->lost = {"warband", "warband", "psiloi"};
  auto game = build_battle(s, s.battles[0], 7);
  int attacker_units = 0, defender_units = 0;
  const auto position = game->to_json();
  for (const auto& u : position["units"]) (u["owner"] == 1 ? attacker_units : defender_units)++;
  EXPECT_EQ(attacker_units, 10);  // blue (the attacker): 13 less 3
  EXPECT_EQ(defender_units, 13);
  const std::string result = play_battle(s, s.battles[0], "random", 7);
  EXPECT_EQ(result.rfind("result 1 winner=", 0), 0U) << result;
  apply_action(s, result);
  EXPECT_TRUE(s.battles[0].resolved);
}

TEST(CampaignBattle, ARegionsTopographyGivesTheBattlefield) {
  CampaignState s = new_campaign(campaign_test::tiny_scenario());
  campaign_test::apply_all(s, {"next", "orders red red-1=b", "orders blue", "orders green", "next",
                               "next", "orders red red-1=e", "orders blue", "orders green"});
  ASSERT_EQ(s.battles.size(), 1U);
  const auto options = battle_options(s, s.battles[0], 3);
  ASSERT_TRUE(options["map"].is_object());  // Epsilon's arable battlefield
  EXPECT_EQ(options["map"]["format"], "ancients-map");
}

}  // namespace

namespace {

TEST(CampaignBattle, TheNominatedGeneralIsTheArmysGeneralInTheResult) {
  using namespace ancients::campaign;
  CampaignState s = new_campaign(
      campaign_test::tiny_scenario("[battle]\nhouse_rules = [\"nominated_general\"]\n"));
  campaign_test::apply_all(s,
                           {"next", "orders red red-1=b", "orders blue blue-2=b", "orders green"});
  ASSERT_EQ(s.battles.size(), 1U);
  const auto game = build_battle(s, s.battles[0], 5);
  // Nothing has happened yet: no unit lost, no General fallen (the game is not over: a draw).
  EXPECT_EQ(result_from_game(s, s.battles[0], *game), "result 1 winner=draw");
}

}  // namespace
