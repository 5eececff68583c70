// The 8x8 board's listings with bits (straight moves cut at each line's nearest end, knight
// jumps gathered as a byte, lines of sight as each line's first unit, group starts as sets)
// against the square-by-square walks the larger boards use (WarfareState::set_walks_only):
// at every position of random games of both editions, with and without house rules, the two
// must list the same actions in the same order. The counts make sure each listing was met.
#include <gtest/gtest.h>

#include <string>

#include "warfare/random_positions.h"

namespace {

using ancients::ActionList;
using namespace ancients::warfare;

struct Met {
  int positions = 0;  ///< positions compared
  int straight = 0;   ///< straight moves listed
  int knight = 0;     ///< knight jumps listed
  int attacks = 0;    ///< attacks and auto-kills listed
  int groups = 0;     ///< group advances started
};

Met compare(const std::string& edition, const Options& options, int games, std::uint64_t seed) {
  Met met;
  ancients::warfare::testing::for_each_random_position(
      edition, options, games, seed, seed + 1,
      [&](const WarfareState& s, const ActionList& legal, int g, int step) {
        WarfareState walker(s);
        walker.set_walks_only(true);
        ActionList walked;
        walker.legal_actions(walked);
        EXPECT_EQ(legal, walked) << edition << " game " << g << " step " << step;
        if (::testing::Test::HasFailure()) return false;
        ++met.positions;
        for (const ancients::Action a : legal) {
          switch (action_kind(a)) {
            case Kind::kMove:
              ++(s.geo().line(action_a(a), action_b(a)) ? met.straight : met.knight);
              break;
            case Kind::kAttack:
            case Kind::kAutokill:
              ++met.attacks;
              break;
            case Kind::kGroupStart:
              ++met.groups;
              break;
            default:
              break;
          }
        }
        return true;
      });
  return met;
}

TEST(BitsAgainstWalks, Autokill) {
  const Met m = compare("autokill", Options{}, 30, 20261127);
  EXPECT_GT(m.positions, 5000);
  EXPECT_GT(m.straight, 10000);
  EXPECT_GT(m.knight, 200);
  EXPECT_GT(m.attacks, 1000);
  EXPECT_GT(m.groups, 100);
}

TEST(BitsAgainstWalks, AutokillHouseRules) {
  Options o;
  o.multi_move = o.pursuit = o.defend_autokill = true;
  o.elephant_house = o.horde_house = o.nominated_general = true;
  const Met m = compare("autokill", o, 20, 20261227);
  EXPECT_GT(m.positions, 3000);
  EXPECT_GT(m.straight, 5000);
  EXPECT_GT(m.attacks, 500);
}

TEST(BitsAgainstWalks, AutokillHouseTerrain) {
  Options o;
  o.house_terrain = true;  // woods and hills; moves on maps with rivers walk in both
  const Met m = compare("autokill", o, 20, 20261327);
  EXPECT_GT(m.positions, 3000);
  EXPECT_GT(m.attacks, 500);
}

TEST(BitsAgainstWalks, RetreatEdition) {
  Options o;
  o.pursuit = o.retreat_away = true;
  const Met m = compare("retreat", o, 20, 20261427);
  EXPECT_GT(m.positions, 3000);
  EXPECT_GT(m.straight, 5000);
  EXPECT_GT(m.attacks, 500);
}

}  // namespace
