// Reshuffle (seed 003 ORDERS PHASE: "If the deck runs out, shuffle the discard and draw from
// it.") with ruling §1 "Cards": when a draw finds the deck empty, the discard pile is shuffled
// to form the new deck. Without "rng" in the position only pile sizes are defined
// (positions-and-notation.md), so these tests check sizes and card multisets.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

std::multiset<std::string> bag_union(const json& a, const json& b) {
  auto out = card_bag(a);
  for (const auto& c : b) out.insert(c.get<std::string>());
  return out;
}

TEST(Reshuffle, DeckRunsOutMidDraw) {
  const std::vector<std::string> discard = {"march", "push", "rally", "elite", "scout"};
  auto s = Pos().deck({"trod"}).discard(discard).state();
  s->apply_text("end");
  const json p = s->to_json();
  const json& hand = p.at("hands").at("2");
  EXPECT_EQ(hand.size(), 3u);
  EXPECT_EQ(count_in(hand, "trod"), 1) << "the last deck card is drawn first";
  EXPECT_EQ(p.at("deck").size(), 3u);
  EXPECT_TRUE(p.at("discard").empty());
  EXPECT_EQ(bag_union(hand, p.at("deck")),
            (std::multiset<std::string>{"trod", "march", "push", "rally", "elite", "scout"}));
}

TEST(Reshuffle, EmptyDeckAtTheStartOfTheDraw) {
  const std::vector<std::string> discard = {"march", "march", "push", "rally",  "elite",
                                            "scout", "trod",  "trod", "attack", "quick"};
  auto s = Pos().discard(discard).state();
  s->apply_text("end");
  const json p = s->to_json();
  EXPECT_EQ(p.at("hands").at("2").size(), 3u);
  EXPECT_EQ(p.at("deck").size(), 7u);
  EXPECT_TRUE(p.at("discard").empty());
  EXPECT_EQ(bag_union(p.at("hands").at("2"), p.at("deck")),
            std::multiset<std::string>(discard.begin(), discard.end()));
}

TEST(Reshuffle, NoReshuffleWhileTheDeckLasts) {
  auto s = Pos().deck({"trod", "march", "quick"}).discard({"push", "rally"}).state();
  s->apply_text("end");
  const json p = s->to_json();
  EXPECT_TRUE(p.at("deck").empty());
  EXPECT_EQ(card_bag(p.at("discard")), (std::multiset<std::string>{"push", "rally"}));
  EXPECT_EQ(card_bag(p.at("hands").at("2")),
            (std::multiset<std::string>{"trod", "march", "quick"}));
}

TEST(Reshuffle, CardsPlayedThisTurnAreReshuffledToo) {
  // Player 1 plays an Attack card (to the discard), then the turn ends with an empty deck.
  auto s = Pos()
               .unit("d4", 1, "blades")
               .unit("d5", 2, "knights")
               .hand(1, {"attack"})
               .discard({"push", "rally"})
               .state();
  s->apply_text("attack attack d4xd5");
  s->apply_text("pass");
  s->apply_text("end");
  const json p = s->to_json();
  EXPECT_EQ(card_bag(p.at("hands").at("2")),
            (std::multiset<std::string>{"attack", "push", "rally"}));
  EXPECT_TRUE(p.at("deck").empty());
  EXPECT_TRUE(p.at("discard").empty());
}

TEST(Reshuffle, TooFewCardsInBothPilesDrawsWhatThereIs) {
  auto s = Pos().deck({"trod"}).discard({"push"}).state();
  s->apply_text("end");
  const json p = s->to_json();
  EXPECT_EQ(card_bag(p.at("hands").at("2")), (std::multiset<std::string>{"trod", "push"}));
  EXPECT_TRUE(p.at("deck").empty());
  EXPECT_TRUE(p.at("discard").empty());
  EXPECT_FALSE(s->is_over());
  EXPECT_EQ(s->to_act(), 2);
}

TEST(Reshuffle, NoCardsAnywhereDrawsNothing) {
  auto s = Pos().hand(2, {"push"}).state();
  s->apply_text("end");
  EXPECT_EQ(cards(s->to_json().at("hands").at("2")), std::vector<std::string>{"push"});
  EXPECT_EQ(s->to_act(), 2);
}

TEST(Reshuffle, CardsAreConservedOverManyTurns) {
  // Both players end turns repeatedly (discarding down to 5 when needed): the 12 cards stay 12.
  const std::vector<std::string> deck = {"trod",  "march",  "fast-pace", "gallop",
                                         "quick", "attack", "outflank",  "elite",
                                         "push",  "recoil", "rally",     "scout"};
  auto s = Pos().deck(deck).state();
  const auto all = std::multiset<std::string>(deck.begin(), deck.end());
  for (int step = 0; step < 40 && !s->is_over(); ++step) {
    const auto legal = s->legal_texts();
    ASSERT_FALSE(legal.empty());
    const auto it = std::find_if(legal.begin(), legal.end(),
                                 [](const std::string& a) { return a.rfind("discard", 0) == 0; });
    s->apply_text(it != legal.end() ? *it : std::string("end"));
    const json p = s->to_json();
    auto bag = bag_union(p.at("deck"), p.at("discard"));
    for (const auto& c : p.at("hands").at("1")) bag.insert(c.get<std::string>());
    for (const auto& c : p.at("hands").at("2")) bag.insert(c.get<std::string>());
    ASSERT_EQ(bag, all) << "at step " << step;
    ASSERT_LE(hand_size(*s, 1), p.at("phase") == "orders" && p.at("active") == 1 ? 8 : 5);
    ASSERT_LE(hand_size(*s, 2), p.at("phase") == "orders" && p.at("active") == 2 ? 8 : 5);
  }
}

}  // namespace
}  // namespace wtest
