// The PIMC agent: finds an immediately winning move, is reproducible from its seed, spends its
// pimc_budget over its deals, stops at the server's stop flag and within its cap on a decision's
// time, and is named by the agent factory with the ismcts levels.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>

#include "agents/pimc.h"
#include "core/errors.h"
#include "positions.h"
#include "warfare_positions.h"

namespace {

using namespace ancients;

IsmctsConfig pimc_budget(std::uint64_t iterations) {
  IsmctsConfig c;
  c.iterations = iterations;
  return c;
}

TEST(Pimc, FindsTheImmediatelyWinningMove) {
  // Player 1's Knights on d4 auto-kill the Auxilia on d5, player 2's eighth loss point.
  const auto s = agents_test::autokill_wins_now();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    PimcAgent agent(pimc_budget(1000), 5, seed, "pimc");
    const Action a = agent.choose(*s->view(1));
    auto after = s->clone();
    after->apply(a);
    EXPECT_EQ(after->winner(), 1) << "seed " << seed << " chose " << s->action_text(a);
    // Each deal's search stops once its choice is decided: at most the budget in all.
    EXPECT_GT(agent.last_iterations(), 0u);
    EXPECT_LE(agent.last_iterations(), 1000u);
    EXPECT_NE(agent.last_reason().find("of 5 deals"), std::string::npos) << agent.last_reason();
  }
}

TEST(Pimc, DeterministicForASeedAndLegal) {
  for (const std::string game : {"warfare", "generals"}) {
    for (const auto& s : agents_test::positions(game, 5, 640)) {
      const auto v = s->view(s->to_act());
      PimcAgent a(pimc_budget(600), 4, 9, "pimc");
      PimcAgent b(pimc_budget(600), 4, 9, "pimc");
      const Action x = a.choose(*v);
      EXPECT_EQ(x, b.choose(*v)) << game;
      ActionList legal;
      s->legal_actions(legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), x), legal.end()) << game;
    }
  }
}

TEST(Pimc, OneDealSearchesOneDeterminization) {
  // With a fixed deal every iteration sees the same state: the root's children are all
  // available in every iteration, so the search is plain UCT and still reproducible.
  const auto states = agents_test::positions("generals", 4, 77);
  ASSERT_FALSE(states.empty());
  IsmctsConfig c = pimc_budget(500);
  c.fixed_deal = true;
  c.stop_when_decided = false;  // the whole budget
  IsmctsAgent a(c, 3, "uct");
  IsmctsAgent b(c, 3, "uct");
  const auto v = states[0]->view(states[0]->to_act());
  EXPECT_EQ(a.choose(*v), b.choose(*v));
  EXPECT_EQ(a.stats().nodes, b.stats().nodes);
  EXPECT_EQ(a.stats().iterations, 500u);
}

TEST(Pimc, TheStopFlagEndsTheDecisionAfterTheDealBeingSearched) {
  // The server's stop flag (SIGTERM): the first deal stops at the search's next check.
  const auto states = agents_test::positions("warfare", 1, 31);
  ASSERT_FALSE(states.empty());
  const auto v = states[0]->view(states[0]->to_act());
  const std::atomic<bool> stop{true};
  PimcAgent agent(pimc_budget(1000000), 10, 4, "pimc");
  agent.set_stop(&stop, 0);
  const Action a = agent.choose(*v);
  EXPECT_EQ(agent.last_deals(), 1);
  EXPECT_LE(agent.last_iterations(), 128u);
  ActionList legal;
  states[0]->legal_actions(legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end());
  EXPECT_NE(agent.last_reason().find("of 1 deals"), std::string::npos) << agent.last_reason();
}

TEST(Pimc, TheCapOnADecisionsTimeIsSharedByItsDeals) {
  // The server's --max-think: a budget of two million iterations ends at the cap instead.
  const auto states = agents_test::positions("generals", 1, 32);
  ASSERT_FALSE(states.empty());
  const auto v = states[0]->view(states[0]->to_act());
  PimcAgent agent(pimc_budget(2000000), 4, 5, "pimc");
  agent.set_stop(nullptr, 0.2);
  const auto t0 = std::chrono::steady_clock::now();
  (void)agent.choose(*v);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(agent.last_deals(), 4);
  EXPECT_LT(agent.last_iterations(), 2000000u);
  EXPECT_LT(seconds, 3.0) << "a 0.2 s cap";
}

TEST(Pimc, NamedByTheFactory) {
  EXPECT_EQ(make_agent("pimc", 1)->name(), "pimc:normal");
  EXPECT_EQ(make_agent("pimc:easy", 1)->name(), "pimc:easy");
  EXPECT_EQ(make_agent("pimc:3000", 1)->name(), "pimc:3000");
  EXPECT_EQ(make_agent("pimc:0.2s", 1)->name(), "pimc:0.2s");
  for (const char* bad : {"pimc:", "pimc:fast", "pimc:0"})
    EXPECT_THROW(make_agent(bad, 1), BadInput) << bad;
  const auto names = agent_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "pimc:normal"), names.end());
}

}  // namespace
