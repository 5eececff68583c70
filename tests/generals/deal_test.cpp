// A determinization's deal (GeneralsView::deal): the opponent's unknown hand and the top of each
// deck are dealt at once, one card at a time, and the rest of each deck when it is reached
// (GeneralsState::deal_top). Checked here against a deal made all at once (every unseen card
// shuffled into place, the way it was dealt before): the same distribution, place by place,
// with cards bound to a player by what the viewer knows; and the same cards whatever order a
// deal's undealt slots are reached in, so that a fixed deal replays exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "games/generals/view.h"
#include "generals/helpers.h"
#include "support/sanitizer.h"

namespace ancients::generals::testing {
namespace {

/// Player 1 knows three elephants are in his own deck (a reshuffled reserve) and two war
/// wagons among player 2's hidden cards, shields in player 2's hand and the top two cards of
/// player 2's deck. Both decks are deeper than what a deal deals at once.
GeneralsState bound_position() {
  return make(R"({
    "players": {
      "1": {"deck": ["bowmen", "elephants", "psiloi", "slingers", "auxilia", "bowmen", "nomads",
                     "elephants", "psiloi", "warriors", "horde", "bowmen", "slingers", "auxilia",
                     "nomads", "elephants", "psiloi", "warriors", "horde", "bowmen", "slingers",
                     "auxilia", "nomads", "psiloi"],
            "hand": ["bowmen", "slingers"]},
      "2": {"deck": ["horde", "warriors", "war-wagon", "nomads", "auxilia", "peltasts",
                     "nomads", "horde", "warriors", "peltasts", "auxilia", "nomads", "horde",
                     "warriors", "peltasts", "auxilia", "nomads", "horde", "warriors",
                     "peltasts", "auxilia", "psiloi"],
            "hand": ["shields", "nomads", "war-wagon", "auxilia"]}
    },
    "known": {"1": {"hand": ["shields"], "top": {"2": 2},
                    "hidden": {"1": ["elephants", "elephants", "elephants"],
                               "2": ["war-wagon", "war-wagon"]}}}
  })");
}

/// How often each kind of card lies at each place: for each player, the hidden deck from its
/// top (place 0) down, and the opponent's hand as one more place (counted per card).
struct Tally {
  std::map<std::pair<int, int>, std::map<int, int>> counts;  ///< (player, place) -> kind -> n
  int samples = 0;
  void add(const GeneralsState& s, const Knowledge& known) {
    ++samples;
    const GameData& g = s.data();
    for (int x = 1; x <= 2; ++x) {
      const PlayerCards& X = g.players[x - 1];
      const int hidden = X.deck_size - known.top[x - 1];
      for (int place = 0; place < hidden; ++place) ++counts[{x, place}][X.deck[hidden - 1 - place]];
    }
    const PlayerCards& O = g.players[1];
    for (int k = 0; k < kMaxKinds; ++k)
      if (O.hand[k] > 0) counts[{2, -1}][k] += O.hand[k];
  }
};

/// The deal made all at once, as GeneralsView dealt before: the free unseen cards shuffled,
/// each player's hidden places given his bound cards and his share of the free ones,
/// shuffled again.
void deal_at_once(GeneralsState& s, const GeneralsView& view, Rng& rng) {
  const GeneralsState& masked = view.masked();
  const Knowledge& known = masked.data().known[0];
  std::vector<std::uint8_t> free_cards;
  for (int k = 0; k < kMaxKinds; ++k)
    for (int i = 0; i < view.unseen()[k] - known.hidden[0][k] - known.hidden[1][k]; ++i)
      free_cards.push_back(static_cast<std::uint8_t>(k));
  shuffle(free_cards.data(), free_cards.size(), rng);
  std::size_t next = 0;
  const GameData& g = masked.data();
  std::array<std::vector<std::uint8_t>, 2> decks, hands;
  for (int x = 1; x <= 2; ++x) {
    const int deck_hidden = g.players[x - 1].deck_size - known.top[x - 1];
    const int hand_hidden = x == 2 ? g.players[1].hand_size - known.opp_hand_size : 0;
    std::vector<std::uint8_t> region;
    for (int k = 0; k < kMaxKinds; ++k)
      for (int i = 0; i < known.hidden[x - 1][k]; ++i)
        region.push_back(static_cast<std::uint8_t>(k));
    while (static_cast<int>(region.size()) < deck_hidden + hand_hidden)
      region.push_back(free_cards[next++]);
    shuffle(region.data(), region.size(), rng);
    decks[x - 1].assign(region.begin(), region.begin() + deck_hidden);
    hands[x - 1].assign(region.begin() + deck_hidden, region.end());
  }
  // Into a sampled state (whose known parts are right): its hidden parts replaced.
  std::array<std::uint8_t, kMaxKinds> hand{};
  for (int k = 0; k < kMaxKinds; ++k) hand[k] = masked.data().players[1].hand[k];
  for (const auto c : hands[1]) ++hand[c];
  json j = s.to_json();
  for (int x = 1; x <= 2; ++x) {
    auto& deck = j["players"][std::to_string(x)]["deck"];
    for (std::size_t i = 0; i < decks[x - 1].size(); ++i)  // JSON lists the top first
      deck[deck.size() - 1 - i] = s.cards().name(decks[x - 1][i]);
  }
  json hand_list = json::array();
  for (int k = 0; k < kMaxKinds; ++k)
    for (int i = 0; i < hand[k]; ++i) hand_list.push_back(s.cards().name(k));
  j["players"]["2"]["hand"] = hand_list;
  s = GeneralsState::from_position(j, s.cards());
}

TEST(GeneralsDeal, SameDistributionAsADealMadeAtOnce) {
  const GeneralsState s = bound_position();
  const auto view_ptr = s.view(1);
  const auto& view = dynamic_cast<const GeneralsView&>(*view_ptr);
  const Knowledge& known = view.masked().data().known[0];
  Tally lazy, at_once;
  Rng rng(2026);
  std::unique_ptr<State> slot;
  // Fewer samples under ASan; the bound below is in standard errors of the count taken.
  constexpr int kSamples = ancients::testing::sanitizer_shortened(20000, 8000);
  for (int i = 0; i < kSamples; ++i) {
    view.sample_into(slot, rng);
    auto& dealt = dynamic_cast<GeneralsState&>(*slot);
    dealt.deal_rest();
    ASSERT_EQ(dealt.check(), "");
    ASSERT_EQ(dealt.view_json(1), s.view_json(1));
    lazy.add(dealt, known);
    GeneralsState whole = dealt;
    deal_at_once(whole, view, rng);
    at_once.add(whole, known);
  }
  // Each (place, kind) frequency within five standard errors of the other deal's.
  int cells = 0;
  std::map<std::pair<int, int>, std::map<int, int>> places = at_once.counts;
  for (const auto& [place, kinds] : lazy.counts)
    for (const auto& entry : kinds) places[place].try_emplace(entry.first, 0);  // either deal's
  for (const auto& [place, kinds] : places) {
    for (const auto& entry : kinds) {
      const int k = entry.first;
      const double a = at_once.counts[place][k] / static_cast<double>(kSamples);
      const double b = lazy.counts[place][k] / static_cast<double>(kSamples);
      const double p = (a + b) / 2;
      const double se = std::sqrt(2 * p * (1 - p) / kSamples) + 1e-4;
      EXPECT_LE(std::abs(a - b), 5 * se)
          << "player " << place.first << " place " << place.second << " card " << s.cards().name(k)
          << ": at once " << a << ", dealt as reached " << b;
      ++cells;
    }
  }
  EXPECT_GT(cells, 100);
  // The bound cards are where they may be: player 1's elephants in his deck only.
  const int elephant = s.cards().find("elephants");
  int in_deck = 0;
  for (const auto& [place, kinds] : lazy.counts)
    if (place.first == 1) in_deck += kinds.count(elephant) ? kinds.at(elephant) : 0;
  EXPECT_EQ(in_deck, 3 * kSamples);
}

TEST(GeneralsDeal, TheSameCardsWhateverOrderTheSlotsAreReachedIn) {
  const GeneralsState s = bound_position();
  const auto view = s.view(1);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    std::array<std::unique_ptr<State>, 3> slots;
    for (auto& slot : slots) {
      Rng rng(seed);
      view->sample_into(slot, rng);
    }
    auto& a = dynamic_cast<GeneralsState&>(*slots[0]);
    auto& b = dynamic_cast<GeneralsState&>(*slots[1]);
    auto& c = dynamic_cast<GeneralsState&>(*slots[2]);
    EXPECT_NE(a.data().unresolved[0], 0);  // something is left to deal
    a.deal_rest();
    b.deal_top(13);
    b.deal_top(2);
    b.deal_rest();
    c.deal_top(17);
    c.deal_rest();
    EXPECT_TRUE(a.data() == b.data()) << "seed " << seed;
    EXPECT_TRUE(a.data() == c.data()) << "seed " << seed;
    EXPECT_EQ(a.check(), "");
  }
}

TEST(GeneralsDeal, DrawsAndScoutsDealWhatTheyReach) {
  // Played on past the dealt tops: every card drawn or scouted is a real card, the state stays
  // sound, and the view of player 1 never shows an undealt card.
  const GeneralsState s = bound_position();
  const auto view = s.view(1);
  Rng rng(77);
  for (int game = 0; game < 40; ++game) {
    auto sample = view->sample(rng);
    Rng play_rng(static_cast<std::uint64_t>(game));
    ActionList legal;
    for (int step = 0; step < 400 && !sample->is_over(); ++step) {
      sample->legal_actions(legal);
      sample->apply(legal[play_rng.below(static_cast<std::uint32_t>(legal.size()))]);
      const auto& g = dynamic_cast<const GeneralsState&>(*sample);
      ASSERT_EQ(g.check(), "") << "game " << game << " step " << step;
      ASSERT_NO_THROW(sample->view_json(1));
    }
  }
}

}  // namespace
}  // namespace ancients::generals::testing
