// ISMCTS unit tests: a single legal action takes no search; an immediately winning move is
// found; the search is deterministic for a seed; a full tree keeps searching within its node
// limit; a search that stops once decided makes the whole budget's choice; the tree's memory
// is given back on request; budgets by level and spec; the evaluation registry is used for
// rollouts.
#include <gtest/gtest.h>

#include "agents/ismcts.h"
#include "core/errors.h"
#include "core/evaluation.h"
#include "positions.h"
#include "warfare_positions.h"

namespace {

using namespace ancients;

IsmctsConfig budget(std::uint64_t iterations) {
  IsmctsConfig c;
  c.iterations = iterations;
  return c;
}

TEST(Ismcts, SingleLegalActionTakesNoSearch) {
  // Find a position with a single legal action by random play.
  ActionList actions;
  std::unique_ptr<State> found;
  for (std::uint64_t seed = 1; seed < 40 && !found; ++seed) {
    auto s = agents_test::new_game("warfare", seed);
    Rng rng(seed);
    for (int i = 0; i < 400 && !s->is_over(); ++i) {
      s->legal_actions(actions);
      if (actions.size() == 1 && s->to_act() != kNoPlayer) {
        found = std::move(s);
        break;
      }
      s->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
  ASSERT_TRUE(found) << "no position with a single legal action found";
  IsmctsAgent agent(budget(5000), 1, "ismcts");
  const auto view = found->view(found->to_act());
  found->legal_actions(actions);
  EXPECT_EQ(agent.choose(*view), actions[0]);
  EXPECT_FALSE(agent.stats().searched);
  EXPECT_EQ(agent.stats().iterations, 0u);
  EXPECT_EQ(agent.last_reason(), "only legal action");
}

TEST(Ismcts, FindsTheImmediatelyWinningMove) {
  const auto s = agents_test::autokill_wins_now();
  ASSERT_EQ(s->to_act(), 1);
  ActionList actions;
  s->legal_actions(actions);
  ASSERT_GE(actions.size(), 2u);
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    IsmctsAgent agent(budget(1000), seed, "ismcts");
    const Action a = agent.choose(*s->view(1));
    auto after = s->clone();
    after->apply(a);
    EXPECT_EQ(after->winner(), 1) << "seed " << seed << " chose " << s->action_text(a);
    EXPECT_TRUE(agent.stats().searched);
    // The win is the most visited action long before the budget is spent: decided early.
    const std::uint64_t run = agent.stats().iterations;
    EXPECT_GT(run, 0u);
    EXPECT_LT(run, 1000u) << "a sure win leaves nothing to decide";
    EXPECT_GT(agent.stats().value, 0.9) << "a sure win should score near +1";
    EXPECT_TRUE(agent.stats().decided);
    EXPECT_NE(
        agent.last_reason().find("decided after " + std::to_string(run) + " of 1000 iterations"),
        std::string::npos)
        << agent.last_reason();
  }
}

TEST(Ismcts, DeterministicForASeed) {
  for (const std::string game : {"warfare", "generals"}) {
    const auto states = agents_test::positions(game, 6, 300);
    for (const auto& s : states) {
      const auto v = s->view(s->to_act());
      IsmctsAgent a(budget(800), 77, "ismcts");
      IsmctsAgent b(budget(800), 77, "ismcts");
      EXPECT_EQ(a.choose(*v), b.choose(*v)) << game;
      EXPECT_EQ(a.stats().nodes, b.stats().nodes) << game;
      EXPECT_EQ(a.stats().root_visits, b.stats().root_visits) << game;
      EXPECT_GT(a.stats().nodes, 1u);
      // A second decision continues the agent's stream: still reproducible.
      EXPECT_EQ(a.choose(*v), b.choose(*v)) << game;
    }
  }
}

TEST(Ismcts, GivesItsTreeBackOnRequestAndDecidesTheSameAfterwards) {
  // A server keeps an agent per computer seat between decisions (security review F-3: 37 MiB
  // each at `hard`): release_memory() gives the tree back, and the decisions that follow are
  // those of an agent that kept it.
  for (const std::string game : {"warfare", "generals"}) {
    const auto states = agents_test::positions(game, 4, 300);
    ASSERT_FALSE(states.empty());
    IsmctsAgent kept(budget(3000), 11, "ismcts");
    IsmctsAgent released(budget(3000), 11, "ismcts");
    for (const auto& s : states) {
      const auto v = s->view(s->to_act());
      const Action a = kept.choose(*v);
      EXPECT_EQ(released.choose(*v), a) << game;
      if (!released.stats().searched) continue;
      EXPECT_GT(released.held_bytes(), 3000 * 24u) << game << ": the tree of 3,000 iterations";
      released.release_memory();
      EXPECT_EQ(released.held_bytes(), 0u) << game;
      EXPECT_GT(kept.held_bytes(), 0u) << game;
    }
  }
}

TEST(Ismcts, TreeGrowsWithTheBudget) {
  const auto states = agents_test::positions("warfare", 3, 700);
  ASSERT_FALSE(states.empty());
  const auto v = states.back()->view(states.back()->to_act());
  IsmctsAgent small(budget(100), 5, "ismcts");
  IsmctsAgent big(budget(2000), 5, "ismcts");
  small.choose(*v);
  big.choose(*v);
  EXPECT_LE(small.stats().nodes, 101u);
  EXPECT_GT(big.stats().nodes, small.stats().nodes);
}

TEST(Ismcts, FullTreeKeepsSearchingWithinItsNodeLimit) {
  // Once the tree holds max_nodes nodes, iterations go on from its leaves without adding
  // nodes: the budget is spent, the tree stays at the limit, and the sure win is still found.
  const auto s = agents_test::autokill_wins_now();
  IsmctsConfig c = budget(3000);
  c.max_nodes = 40;
  c.stop_when_decided = false;  // the whole budget, to see it spent beyond the limit
  ActionList legal;
  s->legal_actions(legal);
  ASSERT_LT(legal.size(), 40u) << "the root's actions must fit beneath the limit";
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    IsmctsAgent agent(c, seed, "ismcts");
    const Action a = agent.choose(*s->view(1));
    EXPECT_EQ(agent.stats().iterations, 3000u);
    EXPECT_EQ(agent.stats().nodes, 40u);
    auto after = s->clone();
    after->apply(a);
    EXPECT_EQ(after->winner(), 1) << "seed " << seed << " chose " << s->action_text(a);
  }
}

TEST(Ismcts, StoppingOnceDecidedMakesTheWholeBudgetsChoice) {
  // The same seed with and without the early stop: the same action, in no more iterations,
  // and a stop only at a check (every 64 iterations) or at the budget. The look for a sure
  // win is off: it reads the choice's value, which fewer iterations may change.
  std::size_t earlier = 0, searched = 0;
  for (const std::string game : {"warfare", "generals"})
    for (const auto& s : agents_test::positions(game, 8, 21)) {
      IsmctsConfig whole = budget(4000);
      whole.sure_win_states = 0;
      whole.stop_when_decided = false;
      IsmctsConfig early = whole;
      early.stop_when_decided = true;
      const auto view = s->view(s->to_act());
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        IsmctsAgent a(whole, seed, "whole");
        IsmctsAgent b(early, seed, "early");
        const Action full = a.choose(*view);
        EXPECT_EQ(b.choose(*view), full) << game << ": " << s->action_text(full);
        if (!a.stats().searched) continue;
        ++searched;
        EXPECT_EQ(a.stats().iterations, 4000u);
        EXPECT_FALSE(a.stats().decided);
        const std::uint64_t run = b.stats().iterations;
        EXPECT_EQ(b.stats().decided, run < 4000u);
        EXPECT_LE(run, 4000u);
        EXPECT_TRUE(run == 4000u || run % 64 == 0) << run;
        if (run < 4000u) {
          ++earlier;
          // Stopped with more visits than any other action could reach with the rest.
          EXPECT_GT(b.stats().root_visits, 4000u - run) << game;
        }
      }
    }
  ASSERT_GT(searched, 8u);
  EXPECT_GT(earlier, searched / 4) << "most searches of 4,000 iterations are decided earlier";
}

TEST(Ismcts, TimeBudgetStops) {
  const auto states = agents_test::positions("generals", 2, 40);
  ASSERT_FALSE(states.empty());
  IsmctsConfig c;
  c.seconds = 0.05;
  IsmctsAgent agent(c, 3, "ismcts");
  agent.choose(*states[0]->view(states[0]->to_act()));
  EXPECT_GT(agent.stats().iterations, 0u);
  EXPECT_LT(agent.stats().seconds, 2.0);
}

TEST(AgentSpecs, LevelsAndBudgets) {
  EXPECT_EQ(make_agent("ismcts", 1)->name(), "ismcts:normal");
  EXPECT_EQ(make_agent("ismcts:easy", 1)->name(), "ismcts:easy");
  EXPECT_EQ(make_agent("ismcts:2500", 1)->name(), "ismcts:2500");
  EXPECT_EQ(make_agent("ismcts:0.5s", 1)->name(), "ismcts:0.5s");
  EXPECT_EQ(make_agent("greedy", 1)->name(), "greedy");
  for (const char* bad : {"ismcts:", "ismcts:fast", "ismcts:-3", "ismcts:1.5", "ismcts:0",
                          "greedy:hard", "random:easy", "minimax", "ismcts:s"})
    EXPECT_THROW(make_agent(bad, 1), BadInput) << bad;
  const auto& levels = ismcts_levels();
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_LT(levels[0].iterations, levels[1].iterations);
  EXPECT_LT(levels[1].iterations, levels[2].iterations);
}

TEST(Evaluation, RegisteredForBothGamesAndBounded) {
  agents_test::ensure_registered();
  EXPECT_NE(find_evaluation("ancient-warfare"), nullptr);
  EXPECT_NE(find_evaluation("ancient-generals"), nullptr);
  EXPECT_EQ(find_evaluation("no-such-game"), nullptr);
  for (const std::string game : {"warfare", "generals"})
    for (const auto& s : agents_test::positions(game, 20, 11)) {
      const double v1 = evaluate(*s, 1);
      const double v2 = evaluate(*s, 2);
      EXPECT_GE(v1, -1.0);
      EXPECT_LE(v1, 1.0);
      EXPECT_NEAR(v1, -v2, 1e-9) << "the evaluation should be zero-sum";
    }
  // More loss points taken is better.
  const auto ahead = wtest::Pos()
                         .unit("a1", 1, "general")
                         .unit("a8", 2, "general")
                         .unit("c3", 1, "blades")
                         .lost(2, 4)
                         .state();
  EXPECT_GT(evaluate(*ahead, 1), 0.2);
  EXPECT_LT(evaluate(*ahead, 2), -0.2);
}

}  // namespace
