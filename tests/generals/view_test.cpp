// Hidden information: a player's view holds his hand, the cards he has scouted or seen, the
// public piles and the battle, and nothing else; a determinization deals the rest consistently.
#include <gtest/gtest.h>

#include "games/generals/view.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

int nulls(const json& list) {
  int n = 0;
  for (const auto& c : list) n += c.is_null() ? 1 : 0;
  return n;
}

TEST(GeneralsView, HidesTheOpponentsHandAndEveryDeckOrder) {
  const GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 11);
  const json truth = s.to_json();
  const json v = s.view_json(1);
  EXPECT_EQ(v["view"], 1);
  EXPECT_EQ(v["viewer"], 1);  // as every game's views name it
  EXPECT_FALSE(v.contains("rng"));
  EXPECT_EQ(v["players"]["1"]["hand"], truth["players"]["1"]["hand"]);
  EXPECT_EQ(nulls(v["players"]["2"]["hand"]), 5);
  EXPECT_EQ(nulls(v["players"]["1"]["deck"]), 45);
  EXPECT_EQ(nulls(v["players"]["2"]["deck"]), 45);
  EXPECT_EQ(v["unseen"].size(), 95U);
  EXPECT_FALSE(v["known"]["2"].contains("hidden"));  // the opponent's knowledge of hidden cards
  EXPECT_EQ(s.view(1)->to_json(), v);
  EXPECT_THROW(s.view(0), BadInput);
  EXPECT_THROW(s.view_json(3), BadInput);
}

TEST(GeneralsView, LegalActionsMatchTheTrueState) {
  const GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 12);
  ActionList truth, mine, theirs;
  s.legal_actions(truth);
  s.view(1)->legal_actions(mine);
  s.view(2)->legal_actions(theirs);
  EXPECT_EQ(mine, truth);
  EXPECT_TRUE(theirs.empty());  // not his turn
  EXPECT_EQ(s.view(1)->to_act(), 1);
  EXPECT_EQ(s.view(1)->action_text(truth.back()), s.action_text(truth.back()));
}

TEST(GeneralsView, SamplesAreConsistentWithTheView) {
  GeneralsState s = make(R"({"players": {"1": {"hand": ["bowmen", "horse-archers", "elephants"]},
                                         "2": {"hand": ["shields", "rally", "war-wagon"]}}})");
  s.apply_text("scout bowmen deck2");
  Rng rng(5);
  const auto view = s.view(1);
  bool varied = false;
  for (int i = 0; i < 50; ++i) {
    const auto sample = view->sample(rng);
    const auto& g = dynamic_cast<const GeneralsState&>(*sample);
    EXPECT_EQ(g.check(), "");
    EXPECT_EQ(g.view_json(1), s.view_json(1));
    const json j = g.to_json();
    // The scouted top five of player 2's deck are where they were.
    const auto deck = j["players"]["2"]["deck"].get<std::vector<std::string>>();
    EXPECT_EQ(std::vector<std::string>(deck.begin(), deck.begin() + 5),
              (std::vector<std::string>{"nomads", "nomads", "nomads", "auxilia", "auxilia"}));
    EXPECT_EQ(j["players"]["1"]["hand"], s.to_json()["players"]["1"]["hand"]);
    varied |= j["players"]["2"]["hand"] != s.to_json()["players"]["2"]["hand"];
  }
  EXPECT_TRUE(varied);  // the unseen cards really are dealt at random
}

TEST(GeneralsView, KnownHandCardsAndReshuffledReservesAreHonoured) {
  // Player 1 knows shields is in player 2's hand, and that his own deck holds two elephants
  // and a war wagon (his reserve was reshuffled into it).
  const GeneralsState s = make(R"({
    "players": {"1": {"deck": ["elephants", "war-wagon", "elephants"], "hand": ["bowmen"]},
                "2": {"hand": ["shields", "nomads"]}},
    "known": {"1": {"hand": ["shields"], "hidden": {"1": ["elephants", "elephants", "war-wagon"]}}}
  })");
  const json v = s.view_json(1);
  EXPECT_EQ(v["players"]["2"]["hand"], json::parse(R"(["shields", null])"));
  Rng rng(9);
  for (int i = 0; i < 30; ++i) {
    const auto sample = s.view(1)->sample(rng);
    const json j = sample->to_json();
    EXPECT_EQ(sorted(j["players"]["1"]["deck"].get<std::vector<std::string>>()),
              sorted({"elephants", "elephants", "war-wagon"}));
    const auto hand = j["players"]["2"]["hand"].get<std::vector<std::string>>();
    EXPECT_NE(std::find(hand.begin(), hand.end(), "shields"), hand.end());
    EXPECT_EQ(sample->view_json(1), v);
  }
}

TEST(GeneralsView, ScoutedCardsDrawnByTheOpponentStayKnown) {
  GeneralsState s = make(R"({"players": {"1": {"hand": ["bowmen"]}, "2": {"hand": ["reserve"]}}})");
  play(s, {"scout bowmen deck2", "discard", "pass", "pass", "reserve"});
  const json v = s.view_json(1);
  EXPECT_EQ(v["players"]["2"]["hand"], json::parse(R"(["nomads", "nomads", "nomads"])"));
  EXPECT_EQ(v["players"]["2"]["deck"], json::parse(R"(["auxilia", "auxilia", null, null])"));
  // Player 2 never saw his own deck.
  EXPECT_EQ(nulls(s.view_json(2)["players"]["2"]["deck"]), 4);
}

}  // namespace
}  // namespace ancients::generals::testing
