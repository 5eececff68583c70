// One player's view of an Ancient Generals game and its determinization. The view is the true
// state with every card the player cannot see replaced by kUnknownCard (the deck below what he
// has scouted, the opponent's hand but for the cards he knows), the random stream dropped, the
// opponent's knowledge of hidden cards dropped, and the multiset of unseen cards kept aside.
// sample() deals the unseen cards back at random, honouring every lower bound the player knows
// (cards of a reshuffled reserve are known to be in that player's deck or hand).
#include "games/generals/view.h"

#include "core/errors.h"
#include "games/generals/position.h"

namespace ancients::generals {

GeneralsView::GeneralsView(const GeneralsState& state, int player)
    : masked_(state), player_(player) {
  if (player != 1 && player != 2)
    throw BadInput("ancient-generals: no player " + std::to_string(player) + " (1 or 2)");
  GameData& g = masked_.g_;
  const int o = 3 - player;
  const Knowledge& mine = g.known[player - 1];
  for (int x = 1; x <= 2; ++x) {
    PlayerCards& X = g.players[x - 1];
    const int hidden = X.deck_size - mine.top[x - 1];
    for (int i = 0; i < hidden; ++i) {
      ++unseen_[X.deck[i]];
      X.deck[i] = kUnknownCard;
    }
  }
  PlayerCards& O = g.players[o - 1];
  O.hand_bits = 0;
  for (int k = 0; k < kMaxKinds; ++k) {
    unseen_[k] = static_cast<std::uint8_t>(unseen_[k] + O.hand[k] - mine.opp_hand[k]);
    O.hand[k] = mine.opp_hand[k];
    if (O.hand[k] > 0) O.hand_bits |= std::uint64_t{1} << k;
  }
  // O.hand_size stays the true size: the hand holds hand_size - opp_hand_size unknown cards.
  g.known[o - 1].hidden = {};
  g.rng.set_words({0, 0, 0, 0});
}

void GeneralsView::legal_actions(ActionList& out) const {
  if (masked_.to_act() != player_) {
    out.clear();
    return;
  }
  masked_.legal_actions(out);
}

nlohmann::json GeneralsView::to_json() const {
  return write_position(masked_, player_, &unseen_);
}

std::unique_ptr<State> GeneralsView::sample(Rng& rng) const {
  auto state = std::make_unique<GeneralsState>(masked_);
  GameData& g = state->g_;
  const int me = player_;
  const int o = 3 - me;
  const Knowledge& mine = g.known[me - 1];
  // The unseen cards not bound to a player by what `me` knows, in random order.
  std::array<std::uint8_t, 2 * kMaxCards> free_cards{};
  int free_count = 0;
  for (int k = 0; k < kMaxKinds; ++k) {
    const int n = unseen_[k] - mine.hidden[0][k] - mine.hidden[1][k];
    for (int i = 0; i < n; ++i) free_cards[free_count++] = static_cast<std::uint8_t>(k);
  }
  shuffle(free_cards.data(), static_cast<std::size_t>(free_count), rng);
  int next_free = 0;
  // Each player's hidden places get his known-hidden cards plus free ones, shuffled.
  for (const int x : {me, o}) {
    PlayerCards& X = g.players[x - 1];
    const int deck_hidden = X.deck_size - mine.top[x - 1];
    const int hand_hidden = x == o ? X.hand_size - mine.opp_hand_size : 0;
    std::array<std::uint8_t, 2 * kMaxCards> region{};
    int n = 0;
    for (int k = 0; k < kMaxKinds; ++k)
      for (int i = 0; i < mine.hidden[x - 1][k]; ++i) region[n++] = static_cast<std::uint8_t>(k);
    while (n < deck_hidden + hand_hidden) region[n++] = free_cards[next_free++];
    shuffle(region.data(), static_cast<std::size_t>(n), rng);
    for (int i = 0; i < deck_hidden; ++i) X.deck[i] = region[i];
    for (int i = deck_hidden; i < n; ++i) {
      ++X.hand[region[i]];
      X.hand_bits |= std::uint64_t{1} << region[i];
    }
  }
  Rng stream(rng());
  g.rng = stream;
  return state;
}

std::unique_ptr<PlayerView> GeneralsState::view(int player) const {
  return std::make_unique<GeneralsView>(*this, player);
}

}  // namespace ancients::generals
