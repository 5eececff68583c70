// The move generator's set-based steps against the square-by-square rules they replace, in
// random games: a deployment lists exactly the squares where placement_ok holds (the free
// squares of the zone, the rest of the reserve still fitting), lowest first; a group advance
// may be started exactly by the units that group_eligible lets advance alone and that another
// unit can join (one further back that can advance alone, or one behind in the same file that
// the advance unblocks), in card order, then unit order. Both editions, the DBA-style set-up,
// contingents and house rules; the 8x8 board (units' advances as bits) and the 12x12 and river
// boards (walked square by square), which must agree alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "warfare/random_positions.h"

namespace {

using ancients::Action;
using ancients::ActionList;
using namespace ancients::warfare;

/// The squares where the next unit of the player to act may be placed, by placement_ok.
std::vector<Action> expected_placements(const WarfareState& s) {
  std::vector<Action> out;
  for (int sq = 0; sq < s.geo().squares; ++sq)
    if (s.placement_ok(s.to_act(), sq)) out.push_back(make_action(Kind::kPlace, 0, sq));
  return out;
}

/// The group starts of the player to act, by group_eligible (the walk along each unit's path).
std::vector<Action> expected_group_starts(const WarfareState& s) {
  std::vector<Action> out;
  const int p = s.to_act(), side = s.side_of(p);
  const int back = (s.forward_dir(side) + 4) % 8;
  const Ruleset& rs = s.rules();
  for (int c = 0; c < static_cast<int>(rs.cards.size()); ++c) {
    const CardDef& card = rs.cards[c];
    if (s.hand_count(p, static_cast<CardType>(c)) == 0 || (card.uses & kUseMove) == 0 ||
        card.knight)
      continue;
    const int dist = s.group_distance(static_cast<CardType>(c));
    GroupBuild g;
    g.card = static_cast<CardType>(c);
    std::vector<int> alone;
    int last_key = -1;
    for (int i = 0; i < s.unit_count(); ++i) {
      if (s.unit(i).player != p || !s.group_eligible(g, i, dist)) continue;
      alone.push_back(i);
      last_key = std::max(last_key, s.front_key(side, s.unit(i).square));
    }
    for (const int i : alone) {
      const int sq = s.unit(i).square;
      bool joinable = s.front_key(side, sq) < last_key;
      GroupBuild with = g;
      with.count = 1;
      with.squares[0] = static_cast<std::uint8_t>(sq);
      for (int k = 0; k < dist && !joinable; ++k) {
        const int behind = s.geo().ray[sq][back][k];
        if (behind == kNoSquare) break;
        const int bi = s.unit_at(behind);
        if (bi >= 0 && s.unit(bi).player == p) joinable = s.group_eligible(with, bi, dist);
      }
      if (joinable) out.push_back(make_action(Kind::kGroupStart, c, sq));
    }
  }
  return out;
}

struct Seen {
  int placements = 0;    ///< deployment lists compared
  int group_starts = 0;  ///< group starts listed
};

Seen compare(const std::string& edition, const Options& options, int games) {
  Seen seen;
  ancients::warfare::testing::for_each_random_position(
      edition, options, games, 4000, 20261127,
      [&](const WarfareState& s, const ActionList& legal, int g, int) {
        const bool deploying = s.phase() == Phase::kDeploy && !s.swap_step();
        const bool moving =
            s.phase() == Phase::kMove && s.pending().kind == Pending::kNone && s.group().count == 0;
        if (deploying) {
          ++seen.placements;
          EXPECT_EQ(std::vector<Action>(legal.begin(), legal.end()), expected_placements(s))
              << edition << " game " << g;
        }
        if (moving) {
          std::vector<Action> starts;
          for (const Action a : legal)
            if (action_kind(a) == Kind::kGroupStart) starts.push_back(a);
          seen.group_starts += static_cast<int>(starts.size());
          EXPECT_EQ(starts, expected_group_starts(s)) << edition << " game " << g;
        }
        return !::testing::Test::HasFailure();
      });
  return seen;
}

TEST(MovegenSets, AutokillEightByEight) {
  const Seen seen = compare("autokill", Options{}, 60);
  EXPECT_GT(seen.placements, 1000);
  EXPECT_GT(seen.group_starts, 100);
}

TEST(MovegenSets, RetreatEditionAndHouseRules) {
  Options o;
  o.multi_move = o.pursuit = o.elephant_house = o.horde_house = true;
  const Seen seen = compare("retreat", o, 40);
  EXPECT_GT(seen.placements, 500);
  EXPECT_GT(seen.group_starts, 50);
}

TEST(MovegenSets, LargeBoardsRiversAndSectors) {
  Options big;
  big.board = 12;
  big.dba_setup = true;
  EXPECT_GT(compare("autokill", big, 20).placements, 300);
  Options terrain;
  terrain.house_terrain = true;  // rivers: advances walked square by square
  EXPECT_GT(compare("autokill", terrain, 20).group_starts, 20);
  Options sectors;
  sectors.board = 12;
  sectors.contingents = true;
  sectors.attackers = 2;
  sectors.defenders = 2;
  EXPECT_GT(compare("autokill", sectors, 10).placements, 300);
}

}  // namespace
