// PlayerView::same_as and same_as_view_of, which the server asks a dozen times per action to see
// whether an action showed its player anything new: they must agree with comparing the views'
// JSON. For positions of
// both games (multiplayer Warfare included), every player's view is compared with the views of
// deals consistent with it (the same information: same_as holds), and after one legal action of
// the player to act played in two different deals (a draw or a hidden card shown makes them
// differ).
#include <gtest/gtest.h>

#include "positions.h"

namespace {

using namespace ancients;

TEST(ViewSameAs, AgreesWithTheViewsJson) {
  int differing = 0, agreeing = 0;
  for (const std::string game : {"warfare", "warfare4", "generals"}) {
    const auto states = agents_test::positions(game, 30, 5151);
    ASSERT_GE(states.size(), 10u) << game;
    for (std::size_t k = 0; k < states.size(); ++k) {
      const State& s = *states[k];
      for (int p = 1; p <= s.player_count(); ++p) {
        const auto view = s.view(p);
        Rng rng(k * 100 + static_cast<std::uint64_t>(p));
        const auto first = view->sample(rng);
        const auto second = view->sample(rng);
        // Deals of one view show their player the same.
        EXPECT_TRUE(first->view(p)->same_as(*view)) << game << " position " << k;
        auto scratch = first->clone();
        EXPECT_TRUE(view->same_as_view_of(*scratch)) << game << " position " << k;
        EXPECT_EQ(first->view(p)->to_json(), view->to_json()) << game << " position " << k;
        // One action of the player's played in both deals: same_as says what the JSON says.
        if (p != s.to_act()) continue;
        ActionList actions;
        first->legal_actions(actions);
        const std::string text =
            first->action_text(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
        first->apply_text(text);
        second->apply_text(text);
        const auto a = first->view(p), b = second->view(p);
        const bool same_json = a->to_json() == b->to_json();
        EXPECT_EQ(a->same_as(*b), same_json)
            << game << " position " << k << " player " << p << " after " << text;
        EXPECT_EQ(b->same_as(*a), same_json) << game << " position " << k;
        // The same question asked of a state (scrubbed in place by Warfare: a scratch copy).
        scratch = second->clone();
        EXPECT_EQ(a->same_as_view_of(*scratch), same_json)
            << game << " position " << k << " player " << p << " after " << text;
        scratch = first->clone();
        EXPECT_TRUE(a->same_as_view_of(*scratch)) << game << " position " << k;
        (same_json ? agreeing : differing) += 1;
      }
    }
  }
  // Both answers occurred, so the comparison was tested both ways.
  EXPECT_GT(differing, 0);
  EXPECT_GT(agreeing, 0);
}

TEST(ViewSameAs, ViewsOfDifferentPlayersDiffer) {
  for (const std::string game : {"warfare", "generals"}) {
    const auto states = agents_test::positions(game, 5, 77);
    for (const auto& s : states) {
      EXPECT_FALSE(s->view(1)->same_as(*s->view(2))) << game;
      EXPECT_TRUE(s->view(1)->same_as(*s->view(1))) << game;
    }
  }
}

}  // namespace
