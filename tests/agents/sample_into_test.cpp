// PlayerView::sample_into: the same deal as sample() from the same stream, dealt into the
// state already in the slot (no new state once the slot holds one of the game's), for
// positions of both games; an empty slot gets a new state.
#include <gtest/gtest.h>

#include "positions.h"

namespace {

using namespace ancients;

TEST(SampleInto, SameDealAsSampleAndReusesTheSlot) {
  for (const std::string game : {"warfare", "generals"}) {
    const auto states = agents_test::positions(game, 25, 4242);
    ASSERT_GE(states.size(), 10u) << game;
    std::unique_ptr<State> slot;
    for (std::size_t k = 0; k < states.size(); ++k) {
      const auto view = states[k]->view(states[k]->to_act());
      for (int r = 0; r < 3; ++r) {
        Rng a(k * 10 + static_cast<std::uint64_t>(r));
        Rng b = a;
        const auto fresh = view->sample(a);
        const State* before = slot.get();
        view->sample_into(slot, b);
        ASSERT_NE(slot, nullptr);
        if (before != nullptr) {
          EXPECT_EQ(slot.get(), before) << game << ": a new state";
        }
        EXPECT_TRUE(slot->equals(*fresh)) << game << " position " << k << " deal " << r;
        EXPECT_EQ(a(), b()) << game << ": both should use the same draws";
        EXPECT_EQ(view->to_json(), slot->view(view->player())->to_json()) << game;
      }
    }
  }
}

}  // namespace
