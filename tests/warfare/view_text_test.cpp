// Ancient Warfare's views written as text (view_text, what the server sends) against the same
// views built as trees (view_json): for every viewer (spectators included) at every position of
// random games with deployment by hand, house rules and contingents, the text must be valid
// JSON equal to the tree, and hide what the tree hides (no random stream, the other hands as
// their sizes).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "games/register_games.h"

namespace {

using nlohmann::json;
using namespace ancients;

int compare_views(const json& options, std::uint64_t seed) {
  register_builtin_games();
  NewGame game = create_game("warfare", options, seed);
  std::mt19937_64 rng(seed);
  int compared = 0;
  for (int step = 0; step < 500 && !game.state->is_over(); ++step) {
    for (int viewer = 0; viewer <= game.state->player_count(); ++viewer) {
      const json tree = game.state->view_json(viewer);
      const json text = json::parse(game.state->view_text(viewer));
      EXPECT_EQ(text, tree) << options.dump() << " step " << step << " viewer " << viewer;
      EXPECT_FALSE(text.contains("rng"));
      EXPECT_EQ(text["viewer"], viewer);
      for (const auto& [player, hand] : text["hands"].items())
        EXPECT_EQ(hand.is_array(), viewer != 0 && player == std::to_string(viewer)) << player;
      if (::testing::Test::HasFailure()) return compared;
      ++compared;
    }
    ActionList legal;
    game.state->legal_actions(legal);
    if (legal.empty()) break;
    game.state->apply(legal[rng() % legal.size()]);
  }
  return compared;
}

TEST(WarfareViewText, EqualsTheTreeForEveryViewer) {
  EXPECT_GT(compare_views({{"edition", "autokill"}}, 5), 300);
  EXPECT_GT(compare_views({{"edition", "retreat"}, {"pursuit", true}}, 6), 300);
  EXPECT_GT(compare_views({{"board", 12}, {"house_terrain", true}, {"dba_setup", true}}, 7), 300);
  EXPECT_GT(compare_views({{"board", 12}, {"contingents", true}, {"players", "2+2"}}, 8), 300);
}

}  // namespace
