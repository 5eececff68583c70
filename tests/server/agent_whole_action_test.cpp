// The server's computer plays whole actions built by its agent step by step (game_kinds.h,
// agent_whole_action). A Generals attack is steps: each attacker, then the pass that closes
// the declaration; that last step's text, "pass", is also a whole action of the position (no
// attack), and the server used to play it, so in the browser the computer never attacked
// (found in a play-test: 131 turns without an attack, with the opponent's hand empty).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "games/register_games.h"
#include "generals/helpers.h"
#include "server/game_kinds.h"

namespace {

using namespace ancients;
using generals::testing::json;

TEST(AgentWholeAction, AGeneralsAttackIsPlayedWholeNotAsItsClosingPass) {
  register_builtin_games();
  // Player 1 attacks; player 2 holds no card, so nothing can block: every agent attacks (with
  // one unit or both: either is a whole action), and none of them passes.
  const generals::GeneralsState s = generals::testing::make(
      json{{"phase", "attack"},
           {"players",
            {{"1", {{"hand", {"horde", "legionaires"}}}}, {"2", {{"hand", json::array()}}}}}});
  const auto texts = s.legal_texts();
  ASSERT_NE(std::find(texts.begin(), texts.end(), "pass"), texts.end());
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    for (const char* spec : {"ismcts:easy", "greedy"}) {
      const auto agent = make_agent(spec, seed);
      const std::string whole = server::agent_whole_action(s, texts, *agent);
      EXPECT_TRUE(whole.starts_with("attack ")) << spec << " seed " << seed << ": " << whole;
      EXPECT_NE(std::find(texts.begin(), texts.end(), whole), texts.end()) << whole;
    }
}

TEST(AgentWholeAction, AOneStepActionIsItsOwnText) {
  register_builtin_games();
  const generals::GeneralsState s = generals::testing::make(
      json{{"phase", "attack"}, {"players", {{"1", {{"hand", json::array()}}}}}});
  const auto texts = s.legal_texts();
  ASSERT_EQ(texts, std::vector<std::string>{"pass"});
  const auto agent = make_agent("ismcts:easy", 1);
  EXPECT_EQ(server::agent_whole_action(s, texts, *agent), "pass");
}

}  // namespace
