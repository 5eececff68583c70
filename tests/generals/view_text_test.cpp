// Ancient Generals' views written as text (view_text, what the server sends) against the views
// built as trees (view_json), for every viewer at every position of random games; and a
// spectator's view against player 1's with what a spectator may not know taken out by hand
// (the knowledge, the unseen cards, the names of every hand and deck card), as the view was
// first defined.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "games/register_games.h"

namespace {

using nlohmann::json;
using namespace ancients;

json spectator_from_player_one(json j) {
  for (const char* key : {"known", "unseen", "rng", "view"}) j.erase(key);
  for (const char* p : {"1", "2"}) {
    auto& pl = j["players"][p];
    for (const char* pile : {"hand", "deck"}) pl[pile] = json::array_t(pl[pile].size(), nullptr);
  }
  j["viewer"] = 0;
  return j;
}

TEST(GeneralsViewText, EqualsTheTreeForEveryViewer) {
  register_builtin_games();
  int compared = 0;
  for (std::uint64_t seed = 21; seed <= 24; ++seed) {
    NewGame g = create_game("generals", json::object(), seed);
    std::mt19937_64 rng(seed);
    for (int step = 0; step < 3000 && !g.state->is_over(); ++step) {
      for (int viewer = 0; viewer <= 2; ++viewer) {
        const json tree = g.state->view_json(viewer);
        ASSERT_EQ(json::parse(g.state->view_text(viewer)), tree)
            << "seed " << seed << " step " << step << " viewer " << viewer;
        ++compared;
      }
      ASSERT_EQ(g.state->view_json(0), spectator_from_player_one(g.state->view_json(1)))
          << "seed " << seed << " step " << step;
      const auto legal = g.state->legal_texts();
      ASSERT_FALSE(legal.empty());
      g.state->apply_text(legal[rng() % legal.size()]);
    }
  }
  EXPECT_GT(compared, 1000);
}

}  // namespace
