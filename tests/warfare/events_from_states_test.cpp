// Ancient Warfare's events read straight from the two states (WarfareState::events, and
// events_text, what the server uses) against the same events read from the viewer's two views
// (events_from_views, which can only say what the views show): in random games of both editions,
// house rules, the DBA set-up and contingents, deployment played out or automatic, every action's
// events for every viewer (spectators included) must be the same. The counts make sure the kinds of
// event that differ most between the two readings (cards drawn, units gone) were met.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "games/register_games.h"
#include "support/sanitizer.h"

namespace {

using nlohmann::json;
using namespace ancients;

/// Plays `games` random games of `options` and compares the two readings at every action;
/// returns how often each event type was met.
std::map<std::string, int> compare(const json& options, std::uint64_t seed, int games,
                                   bool automatic_deployment) {
  register_builtin_games();
  std::map<std::string, int> met;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t game_seed = seed + static_cast<std::uint64_t>(g);
    NewGame game = create_game("warfare", options, game_seed);
    const GameDescriptor& d = game_named("warfare");
    if (automatic_deployment && d.finish_setup) d.finish_setup(*game.state, game_seed);
    std::mt19937_64 rng(game_seed);
    const int players = game.state->player_count();
    for (int step = 0; step < 600 && !game.state->is_over(); ++step) {
      // Actions as the engine lists them (a deployment by hand is placed unit by unit).
      ActionList legal;
      game.state->legal_actions(legal);
      EXPECT_FALSE(legal.empty());
      if (legal.empty()) return met;
      const Action chosen = legal[rng() % legal.size()];
      const std::string action = game.state->action_text(chosen);
      const std::unique_ptr<State> before = game.state->clone();
      game.state->apply(chosen);
      for (int viewer = 0; viewer <= players; ++viewer) {
        const json from_states = game.state->events(*before, action, viewer);
        const json before_view = before->view_json(viewer);
        const json from_views = game.state->events_from_views(
            *before, before_view, game.state->view_json(viewer), action, viewer);
        if (before_view["phase"] == "deploy") ++met["(in the deployment)"];
        EXPECT_EQ(json::parse(game.state->events_text(*before, action, viewer)), from_states);
        EXPECT_EQ(from_states, from_views) << options.dump() << " game " << g << " step " << step
                                           << " viewer " << viewer << " action " << action;
        if (::testing::Test::HasFailure()) return met;
        for (const auto& e : from_states) ++met[e["type"].get<std::string>()];
      }
    }
  }
  return met;
}

TEST(WarfareEventsFromStates, AutokillDeployedByHand) {
  auto met = compare({{"edition", "autokill"}}, 11, 6, false);
  EXPECT_GT(met["(in the deployment)"], 20);
  EXPECT_GT(met["drew"], 100);
  EXPECT_GT(met["destroyed"], 10);
  EXPECT_GT(met["moved"], 100);
  EXPECT_GT(met["over"], 0);
}

TEST(WarfareEventsFromStates, RetreatEditionAndHouseRules) {
  auto met = compare({{"edition", "retreat"}, {"pursuit", true}}, 21, 5, true);
  EXPECT_GT(met["retreated"] + met["followed"], 0);
  met = compare({{"board", 12},
                 {"pursuit", true},
                 {"multi_move", true},
                 {"nominated_general", true},
                 {"house_terrain", true},
                 {"dba_setup", true}},
                31, 4, true);
  EXPECT_GT(met["loss"], 0);
  EXPECT_GT(met["reshuffled"] + met["drew"], 0);
}

// The defender's battlefield: its dice (a plough, a river) are told the same from both readings.
TEST(WarfareEventsFromStates, TheDefendersBattlefield) {
  auto met = compare({{"board", 12}, {"dba_setup", true}, {"map", "defender"}}, 51, 4, false);
  EXPECT_GT(met["rolled"], 0);
  EXPECT_GT(met["drew"], 10);
}

TEST(WarfareEventsFromStates, Contingents) {
  const int games = ancients::testing::sanitizer_shortened(4, 2);
  auto met = compare({{"board", 12}, {"contingents", true}, {"players", "2+2"}}, 41, games, false);
  EXPECT_GT(met["drew"], 100);
  EXPECT_GT(met["destroyed"], 10);
}

}  // namespace
