// State::showed_nothing_hidden for Ancient Warfare: the server lets a player take back an
// action without dealing where it says the action showed them nothing hidden, so it must never
// say so where the action, played in other deals of what the player knew, gives them other
// views (a card drawn, a hand scouted, a reply that depends on hidden cards). It should say so
// for most actions in battle. Random games of both editions, house rules, the wide board and
// contingents; each claim is checked against a dozen deals, as the server checked before.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "dealt_views.h"
#include "warfare/random_positions.h"

namespace nothing_hidden_test {

using ancients::Action;
using ancients::ActionList;
using ancients::Rng;
using ancients::State;
using ancients::warfare::Kind;
using ancients::warfare::Options;
using ancients::warfare::Phase;

struct Claims {
  int battle_actions = 0;  ///< actions made in the orders, move and battle phases
  int claimed = 0;         ///< of them, those showed_nothing_hidden() said showed nothing
  int shown = 0;           ///< actions whose deals gave the player another view
  int scouts = 0;          ///< Scout actions played
};

using ancients::testing::same_in_deals;

Claims play_checked(const std::string& edition, const Options& options, int games) {
  Claims c;
  Rng pick(7), deals(11);
  ancients::warfare::testing::for_each_random_position(
      edition, options, games, 5000, 20261129,
      [&](const ancients::warfare::WarfareState& s, const ActionList& legal, int g, int step) {
        const bool battle =
            s.phase() == Phase::kOrders || s.phase() == Phase::kMove || s.phase() == Phase::kBattle;
        if (!battle) return true;
        // Every fourth position checked (the dozen deals are the test's cost), with an action
        // of its own choosing; Scout whenever it is legal, as random play seldom picks it.
        if (step % 4 != 0) return true;
        Action action = legal[pick.below(static_cast<std::uint32_t>(legal.size()))];
        for (const Action a : legal)
          if (ancients::warfare::action_kind(a) == Kind::kScout) action = a;
        const int player = s.to_act();
        auto after = s.clone();
        after->apply(action);
        if (after->is_over()) return true;
        ++c.battle_actions;
        c.scouts += ancients::warfare::action_kind(action) == Kind::kScout;
        const bool claimed = after->showed_nothing_hidden(s, s.action_text(action), player);
        c.claimed += claimed;
        const bool same = same_in_deals(s, *after, action, player, deals);
        c.shown += !same;
        EXPECT_FALSE(claimed && !same)
            << edition << " game " << g << " step " << step << ": " << s.action_text(action)
            << " showed player " << player << " something, but was said to show nothing";
        return true;
      });
  return c;
}

TEST(WarfareNothingHidden, NeverClaimedWhereTheActionShowsSomething) {
  Options multi;
  multi.multi_move = true;
  multi.pursuit = true;
  Options wide;
  wide.board = 12;
  wide.dba_setup = true;
  Options sectors;
  sectors.board = 12;
  sectors.contingents = true;
  sectors.attackers = 2;
  sectors.defenders = 2;
  int scouts = 0;
  for (const auto& [edition, options, games] :
       std::vector<std::tuple<std::string, Options, int>>{{"autokill", {}, 30},
                                                          {"retreat", {}, 30},
                                                          {"autokill", multi, 20},
                                                          {"autokill", wide, 6},
                                                          {"autokill", sectors, 6}}) {
    const Claims c = play_checked(edition, options, games);
    ASSERT_GT(c.battle_actions, 200) << edition;
    // Draws and Scouts happen, and the deals see them: the check is not empty.
    EXPECT_GT(c.shown, 0) << edition;
    // Most actions in battle (moves, attacks, discards, answers) show nothing: said so.
    EXPECT_GT(c.claimed, c.battle_actions / 2)
        << edition << ": " << c.claimed << " of " << c.battle_actions;
    scouts += c.scouts;
  }
  EXPECT_GT(scouts, 0) << "no Scout was legal in the random games: the check never met one";
}

}  // namespace nothing_hidden_test
