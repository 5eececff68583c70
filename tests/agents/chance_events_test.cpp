// State::chance_events, the promise the search's per-node legal-action lists rest on: from one
// view, every determinization that the acting player carries on by its own actions alone,
// while the count of chance events stays the same, offers that player the same legal actions
// (Ancient Warfare: the others' hidden cards and the deck order do not matter until a card is
// drawn). Deployment and the battlefield phase say "unknown"; a draw changes the count; a game
// that does not count (Ancient Generals) says "unknown" throughout.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "positions.h"

namespace {

using namespace ancients;

TEST(ChanceEvents, OwnActionsOfferTheSameLegalActionsInEveryDeal) {
  int checked = 0;
  ActionList legal, other;
  for (const std::string game : {"warfare", "warfare4"}) {
    const auto states = agents_test::positions(game, 30, 777);
    ASSERT_GE(states.size(), 10u) << game;
    for (std::size_t k = 0; k < states.size(); ++k) {
      const int me = states[k]->to_act();
      const auto view = states[k]->view(me);
      std::vector<std::unique_ptr<State>> deals;
      for (std::uint64_t d = 0; d < 4; ++d) {
        Rng rng(k * 31 + d);
        deals.push_back(view->sample(rng));
      }
      const std::uint64_t chance = deals[0]->chance_events();
      if (chance == State::kUnknownChance) continue;
      Rng pick(k);
      // The player's own actions, the same in every deal, while no chance event happens.
      for (int step = 0; step < 12; ++step) {
        const State& first = *deals[0];
        if (first.is_over() || first.to_act() != me || first.chance_events() != chance) break;
        first.legal_actions(legal);
        for (std::size_t d = 1; d < deals.size(); ++d) {
          ASSERT_EQ(deals[d]->to_act(), me) << game << " position " << k << " step " << step;
          ASSERT_EQ(deals[d]->chance_events(), chance);
          deals[d]->legal_actions(other);
          ASSERT_EQ(other, legal) << game << " position " << k << " deal " << d << " step " << step;
          ++checked;
        }
        const Action a = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
        for (auto& deal : deals) deal->apply(a);
      }
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(ChanceEvents, CountedInBattleAndChangedByADraw) {
  auto s = agents_test::new_game("warfare", 5, false);  // deployment still to do
  EXPECT_EQ(s->chance_events(), State::kUnknownChance) << "deployment: hidden placements";
  ActionList legal;
  Rng rng(5);
  // Random play into the battle, then to the end of a turn: the next player draws.
  while (!s->is_over() && s->chance_events() == State::kUnknownChance) {
    s->legal_actions(legal);
    s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  ASSERT_FALSE(s->is_over());
  const std::uint64_t at_start = s->chance_events();
  const int turn = s->turn();
  for (int guard = 0; guard < 500 && !s->is_over() && s->turn() == turn; ++guard) {
    EXPECT_EQ(s->chance_events(), at_start) << "no draw within a turn";
    s->legal_actions(legal);
    s->apply(legal.back());  // "end" is listed last: the turn ends soon
  }
  ASSERT_FALSE(s->is_over());
  ASSERT_NE(s->turn(), turn);
  EXPECT_GT(s->chance_events(), at_start) << "the next player's draw counts";
  EXPECT_EQ(agents_test::new_game("generals", 5)->chance_events(), State::kUnknownChance);
}

}  // namespace
