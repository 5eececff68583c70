// The generic random-simulation test on Ancient Generals: 10,000 seeded random games (fewer
// under sanitizers, see below). At every
// step the legal actions are non-empty and unique; at sampled steps (every step of the first
// games) the state is internally sound, every legal action applies and its text applies to the
// same state, every whole action of legal_texts() applies, the position JSON round-trips to an
// identical state, a clone equals its original, and each player's view holds nothing hidden
// from him (a state re-dealt from the view gives the same view). Every game ends.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/generals/view.h"
#include "generals/helpers.h"
#include "support/simulation.h"

namespace ancients::generals::testing {
namespace {

/// An upper bound on legal_texts().size(), to skip listing pathological whole-action sets.
double whole_action_estimate(const GeneralsState& s) {
  const GameData& g = s.data();
  if (g.phase == Phase::kOver) return 0;
  const PlayerCards& P = g.players[g.to_act - 1];
  double n = 1;
  for (int k = 0; k < s.cards().table.kinds; ++k) n *= P.hand[k] + 1;
  if (g.phase == Phase::kBlock)
    for (int i = 0; i < g.battle.attacker_count; ++i) n *= P.hand_size + 1;
  return n;
}

void expect_no_leak(const GeneralsState& s, int p, const json& v) {
  const GameData& g = s.data();
  const Knowledge& k = g.known[p - 1];
  const int o = 3 - p;
  EXPECT_FALSE(v.contains("rng"));
  EXPECT_FALSE(v["known"][std::to_string(o)].contains("hidden"));
  // The opponent's hand shows exactly the cards p knows, and they are really there.
  int shown = 0;
  std::array<int, kMaxKinds> counts{};
  for (const auto& c : v["players"][std::to_string(o)]["hand"])
    if (!c.is_null()) {
      ++shown;
      ++counts[static_cast<std::size_t>(s.cards().find(c.get<std::string>()))];
    }
  EXPECT_EQ(shown, k.opp_hand_size);
  for (int c = 0; c < kMaxKinds; ++c) EXPECT_LE(counts[c], g.players[o - 1].hand[c]);
  // Each deck shows only the top cards p has scouted.
  for (int x = 1; x <= 2; ++x) {
    int visible = 0;
    for (const auto& c : v["players"][std::to_string(x)]["deck"]) visible += c.is_null() ? 0 : 1;
    EXPECT_EQ(visible, k.top[x - 1]);
  }
}

// How often the costlier invariants run: every step of the first games, then at random steps.
// Unoptimised and sanitised builds (where JSON is slow) sample less; all 10,000 games are played
// and checked step by step for unique, non-empty legal actions in every build.
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__)
constexpr int kFullyCheckedGames = 5;
constexpr std::uint32_t kStateCheckEvery = 25;
constexpr std::uint32_t kJsonCheckEvery = 1000;
#else
constexpr int kFullyCheckedGames = 1;
constexpr std::uint32_t kStateCheckEvery = 400;
constexpr std::uint32_t kJsonCheckEvery = 12000;
#endif

/// The invariants that need no JSON: the state is sound, a clone equals it, every legal action
/// applies (to a sound state) and its text applies to the same state, the whole actions listed
/// all apply, and each view equals the view of a state re-dealt from it (nothing hidden leaks
/// into a view, and sampling honours everything the view holds).
void state_check(const GeneralsState& s, const ActionList& actions, Rng& rng) {
  ASSERT_EQ(s.check(), "") << s.to_json().dump();
  const auto clone = s.clone();
  ASSERT_TRUE(clone->equals(s));
  for (int p = 1; p <= 2; ++p) {
    const GeneralsView view(s, p);
    const auto sample = view.sample(rng);
    const auto& g = dynamic_cast<const GeneralsState&>(*sample);
    ASSERT_EQ(g.check(), "") << s.to_json().dump();
    ASSERT_TRUE(GeneralsView(g, p).same_as(view))
        << "the view of a re-dealt state differs: " << s.to_json().dump();
    ActionList mine;
    view.legal_actions(mine);
    if (s.to_act() == p)
      ASSERT_EQ(mine, actions);
    else
      ASSERT_TRUE(mine.empty());
  }
  for (const Action a : actions) {
    GeneralsState x = s;
    x.apply(a);
    ASSERT_EQ(x.check(), "") << s.action_text(a) << " in " << s.to_json().dump();
    GeneralsState y = s;
    y.apply_text(s.action_text(a));
    ASSERT_TRUE(y.equals(x)) << s.action_text(a);
  }
  if (whole_action_estimate(s) <= 600) {
    auto texts = s.legal_texts();
    ASSERT_EQ(texts.empty(), s.is_over());
    for (const auto& t : texts) {
      GeneralsState x = s;
      ASSERT_NO_THROW(x.apply_text(t)) << t << " in " << s.to_json().dump();
      ASSERT_EQ(x.check(), "") << t;
    }
    std::sort(texts.begin(), texts.end());
    ASSERT_EQ(std::adjacent_find(texts.begin(), texts.end()), texts.end());
  }
}

/// The JSON invariants: the position round-trips to an identical state, and each player's view
/// JSON holds only what he may know and is the same for a state re-dealt from his view.
void json_check(const GeneralsState& s, Rng& rng) {
  const json j = s.to_json();
  const GeneralsState back = GeneralsState::from_position(json::parse(j.dump()), s.cards());
  ASSERT_TRUE(back.equals(s)) << j.dump();
  for (int p = 1; p <= 2; ++p) {
    const auto view = s.view(p);
    const json v = s.view_json(p);
    expect_no_leak(s, p, v);
    ASSERT_EQ(view->sample(rng)->view_json(p), v) << "the view of a re-dealt state differs";
  }
}

// Named "Simulation" so that the CI runs it full length in the release build; under the
// sanitizers it plays ANCIENTS_SIM_GAMES games (tests/support/simulation.h).
TEST(GeneralsRandom, TenThousandGamesSimulation) {
  const int kGames = ancients::testing::simulation_games(10000);
  const Cards& cards = standard_cards();
  ActionList actions, sorted_actions;
  Rng agent(2024);
  Rng sampler(77);
  std::array<int, 3> results{};
  std::uint64_t total_actions = 0;
  int state_checks = 0, json_checks = 0;
  for (int game = 0; game < kGames; ++game) {
    Options options;
    if (game % 10 == 9) options.turn_limit = 1 + game % 37;  // some games end at the limit
    if (game % 2 == 1) options.first_player = 0;
    GeneralsState s =
        GeneralsState::new_game(cards, options, static_cast<std::uint64_t>(game) * 7919 + 1);
    int steps = 0;
    while (!s.is_over()) {
      s.legal_actions(actions);
      ASSERT_FALSE(actions.empty()) << s.to_json().dump();
      sorted_actions = actions;
      std::sort(sorted_actions.begin(), sorted_actions.end());
      ASSERT_EQ(std::adjacent_find(sorted_actions.begin(), sorted_actions.end()),
                sorted_actions.end())
          << "duplicate legal action in " << s.to_json().dump();
      const bool full = game < kFullyCheckedGames;
      if (full || agent.below(kStateCheckEvery) == 0) {
        ++state_checks;
        state_check(s, actions, sampler);
        if (::testing::Test::HasFatalFailure()) return;
      }
      if ((full && steps % 10 == 0) || agent.below(kJsonCheckEvery) == 0) {
        ++json_checks;
        json_check(s, sampler);
        if (::testing::Test::HasFatalFailure()) return;
      }
      s.apply(actions[agent.below(static_cast<std::uint32_t>(actions.size()))]);
      ASSERT_LT(++steps, 100000) << "game " << game << " does not end";
    }
    total_actions += static_cast<std::uint64_t>(steps);
    ASSERT_GE(s.winner(), 0);
    ASSERT_LE(s.winner(), 2);
    ++results[static_cast<std::size_t>(s.winner())];
    ASSERT_EQ(s.to_act(), 0);
    s.legal_actions(actions);
    ASSERT_TRUE(actions.empty());
    if (game % 1000 == 0) {
      state_check(s, actions, sampler);
      json_check(s, sampler);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // Both players win games and some games are drawn at the turn limit (the full run).
  EXPECT_GT(results[1], kGames / 10);
  EXPECT_GT(results[2], kGames / 10);
  if (kGames >= 1000) {
    EXPECT_GT(results[0], 0);
    EXPECT_GT(state_checks, 5000);
    EXPECT_GT(json_checks, 200);
  } else {
    EXPECT_GT(state_checks, kGames);
    EXPECT_GT(json_checks, kGames / 10);
  }
  RecordProperty("actions", std::to_string(total_actions));
  RecordProperty("state_checks", std::to_string(state_checks));
  RecordProperty("json_checks", std::to_string(json_checks));
}

}  // namespace
}  // namespace ancients::generals::testing
