// State::has_choice for Ancient Warfare: the search skips listing the legal actions where it
// says the player to act has a choice, so it must never say so where one action is legal, and
// it should see the choice in most move and orders phases of the 8x8 board (it answers "not
// known" elsewhere). Random games of both editions and a house rule.
#include <gtest/gtest.h>

#include "warfare/random_positions.h"

namespace {

using ancients::ActionList;
using ancients::warfare::Options;
using ancients::warfare::Phase;

struct Counts {
  int claimed = 0;       ///< move and orders phase states where has_choice() said yes
  int choices = 0;       ///< move and orders phase states with two legal actions or more
  int move_claimed = 0;  ///< of the claims, those in the move phase
  int move_choices = 0;  ///< of the choices, those in the move phase
};

Counts play(const std::string& edition, const Options& options, int games) {
  Counts c;
  ancients::warfare::testing::for_each_random_position(
      edition, options, games, 1000, 20261126,
      [&](const ancients::warfare::WarfareState& s, const ActionList& legal, int g, int) {
        const bool claimed = s.has_choice();
        EXPECT_FALSE(claimed && legal.size() < 2) << edition << " game " << g;
        const bool phase = s.phase() == Phase::kMove || s.phase() == Phase::kOrders;
        if (phase && legal.size() >= 2) {
          ++c.choices;
          c.claimed += claimed;
          c.move_claimed += claimed && s.phase() == Phase::kMove;
          c.move_choices += s.phase() == Phase::kMove;
        }
        return true;
      });
  return c;
}

TEST(WarfareHasChoice, NeverClaimedWhereOneActionIsLegal) {
  Options multi;
  multi.multi_move = true;
  for (const auto& [edition, options] : std::vector<std::pair<std::string, Options>>{
           {"autokill", {}}, {"retreat", {}}, {"autokill", multi}}) {
    const Counts c = play(edition, options, 60);
    ASSERT_GT(c.move_choices, 1000) << edition;
    // Seen in most move phases (the rest: only knight moves, a group advance or a special
    // use, a pending window) and in the orders phases.
    EXPECT_GT(c.move_claimed, c.move_choices / 2)
        << edition << ": " << c.move_claimed << " of " << c.move_choices;
    EXPECT_GT(c.claimed - c.move_claimed, (c.choices - c.move_choices) / 2) << edition;
  }
}

TEST(WarfareHasChoice, NotKnownOnTheWideBoard) {
  Options wide;
  wide.board = 12;
  const Counts c = play("autokill", wide, 10);
  ASSERT_GT(c.choices, 100);
  EXPECT_GT(c.claimed, 0) << "the orders phase is known on any board";
  EXPECT_EQ(c.move_claimed, 0) << "12x12: one word of bits does not cover the board";
}

}  // namespace
