// Lines of sight on the 8x8 board, found with bit sets (WarfareState::for_each_unit_in_sight:
// each line within range as one word, cut at its first unit or wood), against the square-by-
// square walk they replace: every unit's square, ranges 0 to 6, direct and indirect sight, with
// and without a square that counts as empty (an attacker's own square when it attacks from a
// neighbouring one), in random games of both editions with the house rules' woods and rivers.
// The units seen must be the same squares in the same order.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "warfare/random_positions.h"

namespace {

using ancients::ActionList;
using namespace ancients::warfare;

/// The walk: along each of the eight lines, the squares up to `range` away; an empty square
/// (or `see_through`) is passed unless it is a wood and sight is direct; a unit is seen, and
/// with direct sight ends the line.
std::vector<int> walked(const WarfareState& s, int from, int range, bool indirect, int see_through,
                        int& woods) {
  std::vector<int> seen;
  for (int dir = 0; dir < 8; ++dir) {
    const auto& ray = s.geo().ray[from][dir];
    for (int k = 0; k < range && k < kMaxBoard; ++k) {
      const int sq = ray[k];
      if (sq == kNoSquare) break;
      if (s.unit_at(sq) < 0 || sq == see_through) {
        if (!indirect && s.blocks_sight(sq)) {
          ++woods;
          break;
        }
        continue;
      }
      seen.push_back(sq);
      if (!indirect) break;
    }
  }
  return seen;
}

struct Compared {
  int lines = 0;    ///< calls compared
  int units = 0;    ///< units seen in all
  int woods = 0;    ///< lines a wood ended
  int through = 0;  ///< calls with a square counted as empty
};

Compared compare(const std::string& edition, const Options& options, int games) {
  Compared c;
  ancients::warfare::testing::for_each_random_position(
      edition, options, games, 7000, 20261127,
      [&](const WarfareState& s, const ActionList&, int g, int step) {
        if (step % 4 != 0) return true;
        for (int i = 0; i < s.unit_count(); ++i) {
          const int from = s.unit(i).square;
          // Seen from the unit's square; from a neighbouring square with the unit's own square
          // counted as empty (a trample); and with another unit's square counted as empty.
          const int neighbour = s.geo().step(from, step % 8);
          const int other = s.unit((i + 1) % s.unit_count()).square;
          const std::array<std::pair<int, int>, 3> cases = {
              {{from, kNoSquare}, {neighbour, from}, {from, other}}};
          for (const auto& [origin, through] : cases) {
            if (origin == kNoSquare) continue;
            for (int range = 0; range <= 6; ++range)
              for (const bool indirect : {false, true}) {
                std::vector<int> bits;
                s.for_each_unit_in_sight(
                    origin, range, indirect, [&](int sq) { bits.push_back(sq); }, through);
                const auto expected = walked(s, origin, range, indirect, through, c.woods);
                EXPECT_EQ(bits, expected) << edition << " game " << g << " step " << step
                                          << " from " << s.geo().name(origin) << " range " << range
                                          << (indirect ? " indirect" : " direct");
                if (::testing::Test::HasFailure()) return false;
                ++c.lines;
                c.units += static_cast<int>(expected.size());
                if (through != kNoSquare) ++c.through;
              }
          }
        }
        return true;
      });
  return c;
}

TEST(SightBits, AutokillWithHouseTerrain) {
  Options o;
  o.house_terrain = true;  // woods, built-up areas, hills and rivers on the generated map
  const Compared c = compare("autokill", o, 6);
  EXPECT_GT(c.lines, 10000);
  EXPECT_GT(c.units, 10000);
  EXPECT_GT(c.woods, 100);
  EXPECT_GT(c.through, 5000);
}

TEST(SightBits, RetreatEditionWithHouseRules) {
  Options o;
  o.house_terrain = o.pursuit = o.elephant_house = true;
  const Compared c = compare("retreat", o, 4);
  EXPECT_GT(c.lines, 5000);
  EXPECT_GT(c.woods, 50);
}

}  // namespace
