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
#include "core/errors.h"

namespace {

using namespace ancients::campaign;

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

namespace {

// An accepted contingent fights (campaign.md: "the multiplayer rules"): the battle is a
// multiplayer game with the ally beside its side, its army less its carried losses; the result
// names the ally's losses, its General and Camp, and they apply to its field army and prestige.
TEST(CampaignContingents, AnAcceptedContingentFightsBesideItsSideAndCarriesItsLosses) {
  using namespace ancients::campaign;
  CampaignState s = new_campaign(campaign_test::tiny_scenario());
  campaign_test::apply_all(
      s, {"next", "orders red", "orders blue", "orders green green-1=b", "next", "ally red blue",
          "next", "orders red red-1=b", "orders blue", "orders green green-1=c"});
  campaign_test::apply_all(s, {"offer 1 blue", "accept 1 blue"});
  const Battle& b = *s.battle(1);
  const auto players = battle_players(s, b);
  ASSERT_EQ(players.size(), 3U);
  ASSERT_EQ(b.contingent_armies.size(), 1U);
  const std::string ally_army = b.contingent_armies[0];
  s.army(ally_army)->lost = {"warband"};  // carried from an earlier battle
  int ally_player = 0;
  for (std::size_t i = 0; i < players.size(); ++i)
    if (players[i].nation == "blue") ally_player = static_cast<int>(i) + 1;
  ASSERT_NE(ally_player, 0);
  EXPECT_TRUE(players[static_cast<std::size_t>(ally_player - 1)].contingent);
  EXPECT_EQ(players[static_cast<std::size_t>(ally_player - 1)].side, b.attacker == "red" ? 1 : 2);
  const auto game = build_battle(s, b, 5);
  EXPECT_EQ(game->player_count(), 3);
  const auto position = game->to_json();
  EXPECT_EQ(position["players"][std::to_string(ally_player)]["role"], "contingent");
  EXPECT_EQ(position["players"][std::to_string(ally_player)]["army"], "Gauls");
  int ally_units = 0;
  for (const auto& u : position["units"]) ally_units += u["owner"] == ally_player;
  EXPECT_EQ(ally_units, static_cast<int>(s.units_of(*s.army(ally_army)).size()));
  // A result typed in from the table, with the contingent's losses.
  const std::string other = b.attacker == "red" ? b.defender : b.attacker;
  EXPECT_THROW(apply_action(s, "result 1 winner=red lost=yellow:1"), ancients::IllegalAction);
  const int before_blue = s.prestige["blue"], before_other = s.prestige[other];
  apply_action(s, "result 1 winner=" + other + " lost=blue:2 general=blue camp=blue");
  EXPECT_EQ(s.army(ally_army)->lost.size(), 3U);       // one carried, two in this battle
  EXPECT_EQ(s.prestige["blue"], before_blue - 1);      // its General fell
  EXPECT_EQ(s.prestige[other], before_other + 2 + 1);  // the win and the Camp
  EXPECT_EQ(s.prestige["blue"], campaign_test::chronicle_prestige(s, "blue"));
}

// A contingent's battle played by the computer gives a result the campaign applies.
TEST(CampaignContingents, AContingentsBattlePlayedByTheComputerApplies) {
  using namespace ancients::campaign;
  CampaignState s = new_campaign(campaign_test::tiny_scenario());
  campaign_test::apply_all(s, {"next", "orders red", "orders blue", "orders green green-1=b",
                               "next", "ally red blue", "next", "orders red red-1=b", "orders blue",
                               "orders green green-1=c", "offer 1 blue", "accept 1 blue"});
  const std::string result = play_battle(s, *s.battle(1), "random", 11);
  EXPECT_EQ(result.rfind("result 1 winner=", 0), 0U) << result;
  apply_action(s, result);
  EXPECT_TRUE(s.battle(1)->resolved);
  const CampaignState again = replay(s.scenario, s.actions);
  EXPECT_EQ(state_to_json(again), state_to_json(s));
}

}  // namespace
