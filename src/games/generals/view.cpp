// One player's view of an Ancient Generals game and its determinization. The view is the true
// state with every card the player cannot see replaced by kUnknownCard (the deck below what he
// has scouted, the opponent's hand but for the cards he knows), the random stream dropped, the
// opponent's knowledge of hidden cards dropped, and the multiset of unseen cards kept aside.
// sample() deals the unseen cards back at random, honouring every lower bound the player knows
// (cards of a reshuffled reserve are known to be in that player's deck or hand).
#include "games/generals/view.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "core/errors.h"
#include "games/generals/position.h"

namespace ancients::generals {

void GeneralsView::mask(GeneralsState& state, int player,
                        std::array<std::uint8_t, kMaxKinds>& unseen) {
  GameData& g = state.g_;
  const int o = 3 - player;
  const Knowledge& mine = g.known[player - 1];
  for (int x = 1; x <= 2; ++x) {
    PlayerCards& X = g.players[x - 1];
    const int hidden = X.deck_size - mine.top[x - 1];
    for (int i = 0; i < hidden; ++i) {
      ++unseen[X.deck[i]];
      X.deck[i] = kUnknownCard;
    }
  }
  PlayerCards& O = g.players[o - 1];
  O.hand_bits = 0;
  for (int k = 0; k < kMaxKinds; ++k) {
    unseen[k] = static_cast<std::uint8_t>(unseen[k] + O.hand[k] - mine.opp_hand[k]);
    O.hand[k] = mine.opp_hand[k];
    if (O.hand[k] > 0) O.hand_bits |= std::uint64_t{1} << k;
  }
  GeneralsState::recount_hand(O, state.tab());
  // O.hand_size stays the true size: the hand holds hand_size - opp_hand_size unknown cards.
  g.known[o - 1].hidden = {};
  g.rng.set_words({0, 0, 0, 0});
}

bool GeneralsView::same_as_view_of(State& state) const {
  auto* s = dynamic_cast<GeneralsState*>(&state);
  if (s == nullptr) return PlayerView::same_as_view_of(state);
  std::array<std::uint8_t, kMaxKinds> unseen{};
  mask(*s, player_, unseen);
  // The same bytes (the usual answer: the deal is a copy of the masked state, played on) are
  // the same data; else the members are compared.
  const GameData& dealt = s->data();
  const GameData& known = masked_.data();
  return unseen == unseen_ &&
         (std::memcmp(&dealt, &known, sizeof(GameData)) == 0 || dealt == known);
}

GeneralsView::GeneralsView(const GeneralsState& state, int player)
    : masked_(state), player_(player) {
  if (player != 1 && player != 2)
    throw BadInput("ancient-generals: no player " + std::to_string(player) + " (1 or 2)");
  mask(masked_, player, unseen_);
  const Knowledge& mine = masked_.g_.known[player - 1];
  // What sample() deals: the cards bound to each player (known to be among his hidden ones)
  // and the free rest, listed once here.
  for (int k = 0; k < kMaxKinds; ++k) {
    const int n = unseen_[k] - mine.hidden[0][k] - mine.hidden[1][k];
    for (int i = 0; i < n; ++i) free_[free_count_++] = static_cast<std::uint8_t>(k);
    for (int x = 0; x < 2; ++x)
      for (int i = 0; i < mine.hidden[x][k]; ++i)
        bound_[x][bound_count_[x]++] = static_cast<std::uint8_t>(k);
  }
}

bool GeneralsView::helps_only_the_opponent(Action action) const {
  if (action_op(action) != Op::kPlay) return false;
  const CardTable& t = masked_.tab();
  const std::uint8_t card = action_card(action);
  const bool attacker_side = masked_.data().active == player_;
  const bool on_blocker = action_arg2(action) != 0;
  if (card == t.card(Effect::kOverrun)) return !attacker_side;  // only attackers take it
  if (card == t.card(Effect::kBloodlust)) return attacker_side == on_blocker;
  return false;
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
  deal(*state, rng);
  return state;
}

void GeneralsView::sample_into(std::unique_ptr<State>& slot, Rng& rng) const {
  auto* state = state_in_slot<GeneralsState>(slot);
  if (state == nullptr) {
    slot = sample(rng);
    return;
  }
  state->assign(masked_);
  deal(*state, rng);
}

namespace {

/// Fisher-Yates shuffle of n cards taking two indices from each 64-bit draw (the halves,
/// scaled by multiply-shift as Rng::below does): the deal's shuffles are most of a search
/// iteration's time.
void shuffle_cards(std::uint8_t* cards, int n, Rng& rng) {
  int i = n;
  while (i > 2) {
    const std::uint64_t r = rng();
    const auto j1 = static_cast<int>(((r >> 32) * static_cast<std::uint64_t>(i)) >> 32);
    std::swap(cards[i - 1], cards[j1]);
    --i;
    const auto j2 = static_cast<int>(((r & 0xFFFFFFFFULL) * static_cast<std::uint64_t>(i)) >> 32);
    std::swap(cards[i - 1], cards[j2]);
    --i;
  }
  if (i == 2) std::swap(cards[1], cards[rng.below(2)]);
}

}  // namespace

void GeneralsView::deal(GeneralsState& state, Rng& rng) const {
  GameData& g = state.g_;
  const int me = player_;
  const int o = 3 - me;
  const Knowledge& mine = g.known[me - 1];
  // The unseen cards not bound to a player by what `me` knows, in random order.
  std::array<std::uint8_t, 2 * kMaxCards> free_cards = free_;
  shuffle_cards(free_cards.data(), free_count_, rng);
  int next_free = 0;
  // Each player's hidden places get his known-hidden cards plus free ones, shuffled. Without
  // known-hidden cards the next free cards, already in random order, are used as they lie.
  for (const int x : {me, o}) {
    PlayerCards& X = g.players[x - 1];
    const int deck_hidden = X.deck_size - mine.top[x - 1];
    const int hand_hidden = x == o ? X.hand_size - mine.opp_hand_size : 0;
    const int total = deck_hidden + hand_hidden;
    const std::uint8_t* cards = free_cards.data() + next_free;
    std::array<std::uint8_t, 2 * kMaxCards> region;
    const int bound = bound_count_[x - 1];
    if (bound > 0) {
      std::copy_n(bound_[x - 1].begin(), bound, region.begin());
      std::copy_n(cards, total - bound, region.begin() + bound);
      shuffle_cards(region.data(), total, rng);
      cards = region.data();
    }
    next_free += total - bound;
    std::copy_n(cards, deck_hidden, X.deck.begin());
    for (int i = deck_hidden; i < total; ++i) {
      ++X.hand[cards[i]];
      X.hand_bits |= std::uint64_t{1} << cards[i];
      GeneralsState::count_hand_card(X, state.tab(), cards[i], 1);
    }
  }
  g.rng = Rng(rng());
}

std::unique_ptr<PlayerView> GeneralsState::view(int player) const {
  return std::make_unique<GeneralsView>(*this, player);
}

bool GeneralsState::showed_nothing_hidden(const State& before, std::string_view text,
                                          int player) const {
  // A player sees a card hidden from him only when it is drawn (a deck's size changes; a
  // reshuffle refills a deck), when his knowledge grows (Scout, Rally and the cards he saw,
  // kept exact in Knowledge) or when a hand takes a card. Read from the states, not the text
  // (a text is the client's spelling); anything else is "not known": the server deals.
  (void)text;
  const auto* was = dynamic_cast<const GeneralsState*>(&before);
  if (was == nullptr || player < 1 || player > 2) return false;
  const GameData& a = was->g_;
  const auto me = static_cast<std::size_t>(player - 1);
  const std::size_t them = 1 - me;
  return a.players[0].deck_size == g_.players[0].deck_size &&
         a.players[1].deck_size == g_.players[1].deck_size && a.known[me] == g_.known[me] &&
         a.players[them].hand_size == g_.players[them].hand_size &&
         g_.players[me].hand_size <= a.players[me].hand_size;
}

}  // namespace ancients::generals
