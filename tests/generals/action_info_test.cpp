// Ancient Generals' actions in words (action_info.cpp), read from a battle of two attackers,
// the first blocked: combats are named with their cards, a Scout's target is read for the
// viewer, a pass names what it passes up, and the log's hidden forms stay hidden.
#include <gtest/gtest.h>

#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

TEST(GeneralsActionInfo, SentencesNameTheCombatsAndTheCards) {
  const GeneralsState s = make(R"({
    "phase": "tactics", "to_act": 2, "active": 1,
    "battle": {"attackers": ["bowmen", "slingers"], "blockers": {"1": "nomads", "2": null},
               "tactics": [], "passes": 0, "no_attack": false, "no_block": false},
    "players": {
      "1": {"deck": ["bowmen", "bowmen", "slingers", "psiloi", "psiloi"]},
      "2": {"deck": ["nomads", "nomads", "auxilia", "auxilia", "peltasts", "peltasts"]}}
  })");
  const auto words = [&](const char* text, int viewer) {
    return s.action_info(text, viewer)["words"].get<std::string>();
  };
  EXPECT_EQ(words("discard slingers,overrun", 1), "Discard Slingers, Overrun");
  EXPECT_EQ(words("discard", 1), "Discard nothing");
  EXPECT_EQ(words("discard 2 cards", 2), "Discard 2 cards");
  EXPECT_EQ(words("scout (hidden)", 2), "Scout (hidden)");
  EXPECT_EQ(words("scout bowmen deck2", 1),
            "Scout with Bowmen: look at the top of the opponent\u2019s deck");
  EXPECT_EQ(words("scout bowmen deck1", 1), "Scout with Bowmen: look at the top of your deck");
  EXPECT_EQ(words("scout bowmen hand", 0), "Scout with Bowmen: look at the opponent\u2019s hand");
  EXPECT_EQ(words("play bloodlust b1", 2),
            "Play Bloodlust on the blocker of combat 1 (Bowmen vs Nomads)");
  EXPECT_EQ(words("play overrun 2", 1), "Play Overrun on combat 2 (Slingers, unblocked)");
  EXPECT_EQ(words("block 2=auxilia", 2), "Block: Auxilia blocks combat 2 (Slingers)");
  // A pass names what it passes up in its phase: here the tactics window.
  EXPECT_EQ(words("pass", 2), "Pass: no tactic");
  const json block = s.action_info("block 1=nomads,2=auxilia", 2);
  EXPECT_EQ(block["kind"], "block");
  EXPECT_EQ(block["cards"], json::array({"nomads", "auxilia"}));
  const json play = s.action_info("play bloodlust b1", 2);
  EXPECT_EQ(play["card"], "bloodlust");
  EXPECT_EQ(play["arg"], "b1");
}

TEST(GeneralsActionInfo, APassNamesWhatItPassesUpInEachPhase) {
  const std::pair<const char*, const char*> phases[] = {{"scout", "Pass: no scouting"},
                                                        {"draw", "Pass: no Rally"},
                                                        {"flank", "Pass: no flank"},
                                                        {"artillery", "Pass: no artillery"},
                                                        {"attack", "Pass: no attack"}};
  for (const auto& [phase, said] : phases) {
    const GeneralsState s = make(json::parse(std::string(R"({"phase": ")") + phase + R"(",
      "to_act": 1, "active": 1, "players": {"1": {"deck": ["bowmen", "bowmen", "slingers"]},
                                           "2": {"deck": ["nomads", "nomads", "auxilia"]}}})"));
    EXPECT_EQ(s.action_info("pass", 1)["words"], said) << phase;
  }
}

}  // namespace
}  // namespace ancients::generals::testing
