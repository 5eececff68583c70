// The leak test: agents decide from their view only. For many positions of both games, with
// true state S and player p to act: V = S.view(p), S' = V.sample(rng) (another state the
// player cannot tell from S: the opponent's hand and the deck order dealt afresh), V' =
// S'.view(p). The same agent with the same seed must decide the same from V and V'; and the
// views must be the same information (so nothing of the opponent's hand is in them).
#include <gtest/gtest.h>

#include <set>

#include "agents/agent.h"
#include "positions.h"
#include "support/sanitizer.h"

namespace {

using namespace ancients;

struct LeakCase {
  std::string game;
  std::string agent;
};

class Leak : public ::testing::TestWithParam<LeakCase> {};

TEST_P(Leak, SameDecisionFromAnyConsistentState) {
  const auto& c = GetParam();
  const bool search = c.agent != "greedy";
  // Under ASan, fewer positions for the searches of the wide multiplayer board: each decision
  // there plays rollouts of a four- or six-player battle (seconds under the sanitizers).
  const bool wide_board = c.game == "warfare4" || c.game == "warfare6";
  const int count = !search ? 60 : wide_board ? ancients::testing::sanitizer_shortened(12, 6) : 12;
  const auto states = agents_test::positions(c.game, count, 500);
  ASSERT_GE(states.size(), static_cast<std::size_t>(count / 2));
  int differing_states = 0;
  for (std::size_t k = 0; k < states.size(); ++k) {
    const State& s = *states[k];
    const int p = s.to_act();
    const auto v = s.view(p);
    Rng rng(k + 1);
    // Several resamples: at least one should differ from S where anything is hidden.
    for (int r = 0; r < (search ? 2 : 3); ++r) {
      const auto s2 = v->sample(rng);
      differing_states += !s2->equals(s);
      const auto v2 = s2->view(p);
      ASSERT_EQ(v->to_json(), v2->to_json()) << c.game << " position " << k;
      const std::uint64_t seed = 1000 + k;
      const auto a1 = make_agent(c.agent, seed)->choose(*v);
      const auto a2 = make_agent(c.agent, seed)->choose(*v2);
      ASSERT_EQ(a1, a2) << c.agent << " on " << c.game << " position " << k << ": "
                        << v->action_text(a1) << " from V, " << v2->action_text(a2) << " from V'";
    }
  }
  EXPECT_GT(differing_states, 0) << "the resampled states should differ from the true ones";
}

INSTANTIATE_TEST_SUITE_P(
    Agents, Leak,
    ::testing::Values(LeakCase{"warfare", "greedy"}, LeakCase{"warfare", "ismcts:easy"},
                      LeakCase{"generals", "greedy"}, LeakCase{"generals", "ismcts:easy"},
                      LeakCase{"warfare", "pimc:easy"}, LeakCase{"generals", "pimc:easy"},
                      // Every seat of a 2+2 multiplayer battle (the positions' player to act
                      // runs through all four). The searches are smaller there: a decision on
                      // the wide board costs five times a two-player one, and the property
                      // (the view alone decides) holds for any budget.
                      LeakCase{"warfare4", "greedy"}, LeakCase{"warfare4", "ismcts:200"},
                      LeakCase{"warfare4", "pimc:200"}, LeakCase{"warfare6", "greedy"},
                      LeakCase{"warfare6", "ismcts:200"}),
    [](const auto& param_info) {
      std::string name = param_info.param.game + "_" + param_info.param.agent;
      for (char& ch : name)
        if (ch == ':') ch = '_';
      return name;
    });

/// The opponent's hand in a Warfare view is a count, never the cards (Scout's cards aside).
TEST(LeakViews, WarfareViewHoldsOnlyTheOpponentsHandSize) {
  const auto states = agents_test::positions("warfare", 30, 900);
  int checked = 0;
  for (const auto& s : states) {
    for (int p = 1; p <= 2; ++p) {
      const auto j = s->view(p)->to_json();
      const auto& opp_hand = j.at("hands").at(std::to_string(3 - p));
      ASSERT_TRUE(opp_hand.is_number()) << opp_hand.dump();
      EXPECT_EQ(opp_hand.get<std::size_t>(), s->to_json()["hands"][std::to_string(3 - p)].size());
      EXPECT_FALSE(j.contains("rng"));
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

/// In a multiplayer battle every seat's view holds its own hand only: every other hand, an
/// ally's included, is a count; resampling keeps the view and reaches every seat.
TEST(LeakViews, AMultiplayerViewHoldsNoOtherHand) {
  const auto states = agents_test::positions("warfare6", 40, 700);
  std::set<int> seats;
  int resampled_hands_differ = 0;
  for (std::size_t k = 0; k < states.size(); ++k) {
    const State& s = *states[k];
    ASSERT_EQ(s.player_count(), 6);
    seats.insert(s.to_act());
    for (int p = 1; p <= 6; ++p) {
      const auto v = s.view(p);
      const auto j = v->to_json();
      for (int q = 1; q <= 6; ++q) {
        if (q == p) continue;
        const auto& hand = j.at("hands").at(std::to_string(q));
        ASSERT_TRUE(hand.is_number()) << "player " << p << " sees player " << q << "'s hand";
        EXPECT_EQ(hand.get<std::size_t>(), s.to_json()["hands"][std::to_string(q)].size());
      }
      Rng rng(k * 5 + static_cast<std::uint64_t>(p));
      const auto s2 = v->sample(rng);
      EXPECT_EQ(j, s2->view(p)->to_json()) << "position " << k << ", player " << p;
      resampled_hands_differ += s.to_json()["hands"] != s2->to_json()["hands"];
    }
  }
  EXPECT_EQ(seats.size(), 6u) << "the positions should reach every seat of a 6-player battle";
  EXPECT_GT(resampled_hands_differ, 0) << "hidden hands should be resampled";
}

/// A Generals view does not list the opponent's hand cards it has not seen: resampling the
/// hidden cards leaves the view unchanged while the true hands differ.
TEST(LeakViews, GeneralsViewDoesNotDependOnTheOpponentsHiddenHand) {
  const auto states = agents_test::positions("generals", 30, 900);
  int hands_differed = 0;
  for (std::size_t k = 0; k < states.size(); ++k) {
    const State& s = *states[k];
    for (int p = 1; p <= 2; ++p) {
      const auto v = s.view(p);
      Rng rng(k * 2 + static_cast<std::uint64_t>(p));
      const auto s2 = v->sample(rng);
      const std::string opp = std::to_string(3 - p);
      hands_differed +=
          s.to_json()["players"][opp]["hand"] != s2->to_json()["players"][opp]["hand"];
      EXPECT_EQ(v->to_json(), s2->view(p)->to_json());
    }
  }
  EXPECT_GT(hands_differed, 0) << "hidden hands should be resampled";
}

}  // namespace
