// The server's one-ply check of the player's own offered actions (core/foresight.h, protocol.md
// `loses_at_once`): in an Ancient Generals game started from a position where the Reserve card
// would draw the last cards of deck and reserve, the state message marks that action, and only
// for the player to act (the other seat and a spectator are offered nothing); the text and tree
// forms of the message agree.
#include <gtest/gtest.h>

#include "server/game_kinds.h"
#include "server/game_session.h"

namespace ancients::server {
namespace loses_at_once {

using nlohmann::json;

TEST(LosesAtOnce, TheStateMessageMarksAnOfferedActionThatLosesAtOnce) {
  const json position = json::parse(R"({
    "game": "ancient-generals", "turn": 1, "active": 1, "to_act": 1, "phase": "flank",
    "players": {
      "1": {"deck": ["psiloi", "slingers", "psiloi"], "hand": ["reserve", "bowmen"],
            "reserve": [], "casualties": [], "flank": 0},
      "2": {"deck": ["nomads", "nomads", "auxilia", "auxilia"], "hand": ["peltasts"],
            "reserve": [], "casualties": [], "flank": 0}
    },
    "battle": {"attackers": [], "blockers": {}, "tactics": [], "passes": 0,
               "no_attack": false, "no_block": false},
    "rng": ["1", "2", "3", "4"], "winner": null})");
  auto s = GameSession::create("g", build_position_game("ancient-generals", position, {}), 3,
                               {"human", "human"}, {"a", "b"});
  const json m = s->state_message(1);
  ASSERT_EQ(m["legal"].size(), m["actions"].size());
  std::vector<std::string> marked;
  for (std::size_t i = 0; i < m["legal"].size(); ++i)
    if (m["actions"][i].value("loses_at_once", false)) marked.push_back(m["legal"][i]);
  EXPECT_EQ(marked, std::vector<std::string>{"reserve"}) << m["actions"].dump();
  EXPECT_EQ(json::parse(s->state_message_text(1)), m);
  for (const int viewer : {0, 2}) EXPECT_TRUE(s->state_message(viewer)["actions"].empty());
  // Played, it loses.
  s->apply(1, "reserve");
  EXPECT_TRUE(s->state_message(1)["over"].get<bool>());
  EXPECT_EQ(s->state_message(1)["winner"], 2);
}

}  // namespace loses_at_once
}  // namespace ancients::server
