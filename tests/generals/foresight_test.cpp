// One action ahead from what the player knows (core/foresight.h), in Ancient Generals: a Reserve
// card that draws the last cards of deck and reserve loses at once and is marked, the pass
// beside it not; where every choice draws them all (a discard phase with too few cards left),
// every choice is marked; the true state's hidden cards are never needed (the same marks from
// a state whose hidden cards differ).
#include <gtest/gtest.h>

#include "core/foresight.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace foresight {

std::vector<std::string> marked(const GeneralsState& s) {
  const std::vector<std::string> texts = s.legal_texts();
  const std::vector<bool> loses = lose_at_once(s, s.to_act(), texts, 7);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < texts.size(); ++i)
    if (loses[i]) out.push_back(texts[i]);
  return out;
}

TEST(Foresight, AnActionThatDrawsTheLastCardsIsMarkedAndThePassIsNot) {
  const GeneralsState s = make(R"({"phase": "flank", "players": {
    "1": {"hand": ["reserve", "bowmen"], "deck": ["psiloi", "slingers", "psiloi"]},
    "2": {"hand": ["nomads", "auxilia"]}}})");
  ASSERT_TRUE(has_text(s, "reserve"));
  ASSERT_TRUE(has_text(s, "pass"));
  EXPECT_EQ(marked(s), std::vector<std::string>{"reserve"});
  // The same with other cards where player 1 cannot see them (player 2's hand, the decks).
  const GeneralsState other = make(R"({"phase": "flank", "players": {
    "1": {"hand": ["reserve", "bowmen"], "deck": ["nomads", "nomads", "auxilia"]},
    "2": {"hand": ["psiloi", "rally"], "deck": ["bowmen", "slingers"]}}})");
  EXPECT_EQ(marked(other), std::vector<std::string>{"reserve"});
  // One card more in the reserve: the Reserve card no longer loses.
  const GeneralsState more = make(R"({"phase": "flank", "players": {
    "1": {"hand": ["reserve", "bowmen"], "deck": ["psiloi", "slingers", "psiloi"],
          "reserve": ["bowmen"]}}})");
  EXPECT_TRUE(marked(more).empty());
}

TEST(Foresight, EveryChoiceOfADiscardPhaseWithTooFewCardsLeftIsMarked) {
  // Three cards in hand, two in the deck, none in reserve: whatever is discarded, drawing up to
  // five takes the deck and the reserve to the last card.
  const GeneralsState s = make(R"({"phase": "discard", "players": {
    "1": {"hand": ["bowmen", "psiloi", "slingers"], "deck": ["psiloi", "slingers"]}}})");
  const auto texts = s.legal_texts();
  ASSERT_GT(texts.size(), 1U);
  EXPECT_EQ(marked(s), texts);
  // Not the player to act, or too many actions to check: nothing is claimed.
  const auto none = lose_at_once(s, 2, texts, 7);
  EXPECT_EQ(std::count(none.begin(), none.end(), true), 0);
  const auto capped = lose_at_once(s, 1, texts, 7, 12, texts.size() - 1);
  EXPECT_EQ(std::count(capped.begin(), capped.end(), true), 0);
}

}  // namespace foresight
}  // namespace ancients::generals::testing
