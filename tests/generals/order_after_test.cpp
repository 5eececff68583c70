// The search's look ahead of one action (order_after): wherever it answers, its score is the
// very double that applying the action and scoring the result gives (order_with over
// order_position), for both players, in random games with and without a short turn limit; it
// answers for every kind of action, and declines only where a deck's last card would be taken
// (a reshuffle from the random stream, or a loss). The searches' guided rollout played by the
// game (guided_play) makes the very positions that trying each action on a copy makes.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/evaluation.h"
#include "core/rng.h"
#include "games/generals/evaluation.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

double order_after_applying(const GeneralsState& s, Action a, int player) {
  GeneralsState after = s;
  after.apply(a);
  if (after.is_over()) return after.returns(player) * kFinishedOrder;
  return order_position(after, player);
}

constexpr int kOps = static_cast<int>(Op::kPlay) + 1;

TEST(GeneralsOrderAfter, EqualsApplyingTheActionWhereverItAnswers) {
  Rng rng(17);
  ActionList actions;
  std::array<int, kOps> told{};
  std::array<int, kOps> declined{};
  int turn_limit_ends = 0;
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    Options options;
    if (seed % 3 == 0) options.turn_limit = 4;  // passes that end the game at the limit
    GeneralsState s = GeneralsState::new_game(standard_cards(), options, seed);
    while (!s.is_over()) {
      s.legal_actions(actions);
      for (const int player : {1, 2}) {
        std::vector<double> scores(actions.size(), -7.0);
        order_after(s, actions.data(), actions.size(), player, scores.data());
        for (std::size_t i = 0; i < actions.size(); ++i) {
          const int op = static_cast<int>(action_op(actions[i]));
          if (std::isnan(scores[i])) {
            ++declined[op];
            continue;
          }
          ++told[op];
          const double applied = order_after_applying(s, actions[i], player);
          ASSERT_EQ(scores[i], applied)
              << s.action_text(actions[i]) << " for player " << player << " in\n"
              << s.to_json().dump();
          GeneralsState after = s;
          after.apply(actions[i]);
          if (after.is_over() && after.winner() == kDraw) ++turn_limit_ends;
        }
      }
      s.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
  // Every kind of action is looked at, in these games at least once...
  int told_all = 0, declined_all = 0;
  for (int op = static_cast<int>(Op::kPass); op < kOps; ++op) {
    EXPECT_GT(told[op], 0) << "op " << op;
    told_all += told[op];
    declined_all += declined[op];
  }
  // ... and only those that may take a deck's last card are ever played instead.
  for (const Op op : {Op::kScout, Op::kDiscardStep, Op::kRally, Op::kDifficultTerrain, Op::kFlank,
                      Op::kBreakMorale, Op::kAttackStep, Op::kBlockStep, Op::kBlockEnd, Op::kPlay})
    EXPECT_EQ(declined[static_cast<int>(op)], 0) << "op " << static_cast<int>(op);
  EXPECT_GT(declined_all, 0) << "a deck runs out in some game";
  EXPECT_LT(declined_all * 20, told_all);
  EXPECT_GT(turn_limit_ends, 0);
}

TEST(GeneralsOrderAfter, ScoresADeclaredAttackerAndABlock) {
  // A chosen battle: declaring a unit adds its unblocked damage (at half, blocks unknown) to
  // the attacker's side; a block by a stronger unit turns it into a lost combat.
  GeneralsState s = make(R"({"phase": "attack",
      "players": {"1": {"hand": ["barbarians", "bowmen"]}, "2": {"hand": ["elephants"]}}})");
  double before = order_position(s, 1);
  ActionList actions;
  s.legal_actions(actions);
  int looked = 0;
  std::vector<double> scores(actions.size());
  order_after(s, actions.data(), actions.size(), 1, scores.data());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const Action a = actions[i];
    const double score = scores[i];
    ASSERT_FALSE(std::isnan(score)) << s.action_text(a);
    EXPECT_EQ(score, order_after_applying(s, a, 1)) << s.action_text(a);
    if (action_op(a) == Op::kAttackStep) {
      EXPECT_NE(score, before) << s.action_text(a);
      ++looked;
    }
  }
  EXPECT_EQ(looked, 2);
  play(s, {"attack barbarians"});  // player 2 to block
  before = order_position(s, 2);
  s.legal_actions(actions);
  bool blocked = false;
  scores.resize(actions.size());
  order_after(s, actions.data(), actions.size(), 2, scores.data());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const Action a = actions[i];
    if (action_op(a) != Op::kBlockStep) continue;
    const double score = scores[i];
    ASSERT_FALSE(std::isnan(score));
    EXPECT_EQ(score, order_after_applying(s, a, 2));
    EXPECT_GT(score, before) << "the elephants beat the barbarians";
    blocked = true;
  }
  EXPECT_TRUE(blocked);
}

/// The guided rollout's step as the search's loop plays it with every action on a copy: the
/// first legal action whose result scores best for the player to act.
int guided_by_playing(GeneralsState& s, int actions) {
  ActionList legal;
  int played = 0;
  for (; played < actions && !s.is_over(); ++played) {
    s.legal_actions(legal);
    const int p = s.to_act();
    double best = -2.0 * kFinishedOrder;
    std::size_t best_index = 0;
    for (std::size_t i = 0; i < legal.size() && legal.size() > 1; ++i) {
      const double v = order_after_applying(s, legal[i], p);
      if (v > best) {
        best = v;
        best_index = i;
      }
    }
    s.apply(legal[best_index]);
  }
  return played;
}

TEST(GeneralsGuidedPlay, PlaysWhatPlayingEachActionChooses) {
  // guided_play (EvaluationHints::guided_play) makes the very positions of a guided rollout
  // that tries every action on a copy, down to the state's random stream, in random games
  // with and without a short turn limit (decks run out, games end within the rollout).
  Rng rng(29);
  ActionList actions, scratch;
  int rollouts = 0, ended = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    Options options;
    if (seed % 3 == 0) options.turn_limit = 4;
    GeneralsState s = GeneralsState::new_game(standard_cards(), options, seed);
    while (!s.is_over()) {
      GeneralsState played = s, reference = s;
      const int n = guided_play(played, 12, scratch);
      ASSERT_EQ(n, guided_by_playing(reference, 12));
      ASSERT_TRUE(played.equals(reference)) << s.to_json().dump();
      ++rollouts;
      ended += played.is_over();
      s.legal_actions(actions);
      s.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
  EXPECT_GT(rollouts, 1000);
  EXPECT_GT(ended, 10);
}

}  // namespace
}  // namespace ancients::generals::testing
