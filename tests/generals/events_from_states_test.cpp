// Ancient Generals' events read from the two states as their views would show them
// (GeneralsState::events, and events_text: what the server uses) against the same events read
// from the viewer's two views (events_from_views): in random games, every action's events for
// every viewer (spectators included) must be the same. The counts make sure the events that
// depend most on what a viewer knows (cards drawn, cards scouted) were met.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "games/register_games.h"

namespace {

using nlohmann::json;
using namespace ancients;

TEST(GeneralsEventsFromStates, SameAsFromTheViewsForEveryViewer) {
  register_builtin_games();
  std::map<std::string, int> met;
  for (std::uint64_t seed = 11; seed <= 16; ++seed) {
    NewGame g = create_game("generals", json::object(), seed);
    std::mt19937_64 rng(seed);
    for (int step = 0; step < 3000 && !g.state->is_over(); ++step) {
      const auto legal = g.state->legal_texts();
      ASSERT_FALSE(legal.empty());
      const std::string action = legal[rng() % legal.size()];
      const std::unique_ptr<State> before = g.state->clone();
      g.state->apply_text(action);
      for (int viewer = 0; viewer <= 2; ++viewer) {
        const json from_states = g.state->events(*before, action, viewer);
        const json from_views = g.state->events_from_views(
            *before, before->view_json(viewer), g.state->view_json(viewer), action, viewer);
        ASSERT_EQ(from_states, from_views)
            << "seed " << seed << " step " << step << " viewer " << viewer << " " << action;
        ASSERT_EQ(json::parse(g.state->events_text(*before, action, viewer)), from_states);
        for (const auto& e : from_states)
          ++met[e["type"].get<std::string>() + (e.contains("cards") ? " named" : "")];
      }
    }
  }
  EXPECT_GT(met["drew named"], 100);
  EXPECT_GT(met["drew"], 100);
  EXPECT_GT(met["casualties named"], 100);
  EXPECT_GT(met["scouted named"], 0);
  EXPECT_GT(met["over"], 0);
}

}  // namespace
