// Determinizations of Ancient Warfare (PlayerView::sample): the unseen deck is dealt in no order
// and each draw takes a remaining card at random (WarfareState::set_deck_unordered). The cards a
// sampled game draws must be spread as from a shuffled deck, and the deck and hands keep every
// card.
#include "core/rng.h"
#include "warfare/position_builder.h"

namespace wtest {
namespace {

TEST(Determinization, DrawsFromTheUnseenDeckAtRandom) {
  const std::vector<std::string> deck = {"trod", "march", "push", "rally", "elite", "scout"};
  const auto s = Pos().deck(deck).state();
  const auto view = s->view(1);
  ancients::Rng rng(20261126);
  std::map<std::string, int> drawn;
  constexpr int kSamples = 3000;
  for (int i = 0; i < kSamples; ++i) {
    auto d = view->sample(rng);
    d->apply_text("end");  // player 2 draws three cards from the deck
    const json p = d->to_json();
    const json& hand = p.at("hands").at("2");
    ASSERT_EQ(hand.size(), 3u);
    for (const auto& c : hand) ++drawn[c.get<std::string>()];
    auto all = card_bag(hand);
    for (const auto& c : p.at("deck")) all.insert(c.get<std::string>());
    ASSERT_EQ(all, std::multiset<std::string>(deck.begin(), deck.end()));
  }
  // Each card is in the hand of half the samples (3 of 6): 1,500 +- about 5 sigma.
  for (const auto& c : deck) {
    EXPECT_GT(drawn[c], 1300) << c;
    EXPECT_LT(drawn[c], 1700) << c;
  }
}

}  // namespace
}  // namespace wtest
