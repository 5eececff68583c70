// State::showed_nothing_hidden for Ancient Generals: the server lets a player take back an
// action without dealing where it says the action showed them nothing hidden, so it must never
// say so where the action, played in other deals of what the player knew, gives them another
// view (a card drawn, a deck scouted, a hand's card shown). It should say so for most actions.
// Random games; each claim is checked against a dozen deals, as the server checked before.
#include <gtest/gtest.h>

#include <memory>

#include "dealt_views.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace nothing_hidden_test {

struct Claims {
  int actions = 0;  ///< actions checked
  int claimed = 0;  ///< of them, those showed_nothing_hidden() said showed nothing
  int shown = 0;    ///< actions whose deals gave the player another view
  int scouts = 0;   ///< Scout actions played
};

using ancients::testing::same_in_deals;

TEST(GeneralsNothingHidden, NeverClaimedWhereTheActionShowsSomething) {
  Claims c;
  Rng pick(7), deals(11);
  ActionList legal;
  for (std::uint64_t game = 0; game < 40; ++game) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 9000 + game);
    for (int step = 0; !s.is_over() && step < 400; ++step) {
      s.legal_actions(legal);
      const Action action = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
      const int player = s.to_act();
      GeneralsState after = s;
      after.apply(action);
      if (!after.is_over()) {
        ++c.actions;
        c.scouts += s.action_text(action).starts_with("scout");
        const bool claimed = after.showed_nothing_hidden(s, s.action_text(action), player);
        c.claimed += claimed;
        const bool same = same_in_deals(s, after, action, player, deals);
        c.shown += !same;
        EXPECT_FALSE(claimed && !same)
            << "game " << game << " step " << step << ": " << s.action_text(action)
            << " showed player " << player << " something, but was said to show nothing";
      }
      s = after;
    }
  }
  ASSERT_GT(c.actions, 2000);
  // Draws and Scouts happen, and the deals see them: the check is not empty.
  EXPECT_GT(c.shown, 0);
  EXPECT_GT(c.scouts, 0);
  // Most actions (declarations, blocks, tactics, discards, passes) show nothing: said so.
  EXPECT_GT(c.claimed, c.actions / 2) << c.claimed << " of " << c.actions;
}

}  // namespace nothing_hidden_test
}  // namespace ancients::generals::testing
