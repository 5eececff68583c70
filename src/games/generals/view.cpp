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
  g.unresolved = {};  // a determinization's undealt cards lie among the hidden ones, masked
  g.unresolved_bound = {};
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

void GeneralsView::deal(GeneralsState& state, Rng& stream) const {
  // What a search reaches first is dealt here, one card at a time from the unseen cards: the
  // opponent's unknown hand, then the top kDealtTop hidden cards of each deck (the player's
  // own first). Each card for one of a player's hidden places is one of the cards known to be
  // his with the chance of their share of his places left, else any free card, each as
  // likely: the same distribution as shuffling every unseen card into place, which cost most
  // of a search iteration for cards it rarely reaches. The rest of each deck is left undealt
  // (GameData::unresolved) and dealt from the state's own stream if it is reached
  // (GeneralsState::deal_top).
  // The stream in a local (kept in registers, not reloaded after every card's byte stored),
  // handed back at the end: the same draws.
  Rng rng = stream;
  GameData& g = state.g_;
  const int me = player_;
  const int o = 3 - me;
  const Knowledge& mine = g.known[me - 1];
  std::array<std::uint8_t, 2 * kMaxCards> pool;  // the free cards not dealt yet
  std::copy_n(free_.begin(), free_count_, pool.begin());
  int pool_size = free_count_;
  std::array<std::array<std::uint8_t, 2 * kMaxCards>, 2> bound;  // known cards not dealt yet
  std::array<int, 2> bound_left = bound_count_;
  for (int x = 0; x < 2; ++x) std::copy_n(bound_[x].begin(), bound_left[x], bound[x].begin());
  const auto card_for = [&](int x, int places) {
    int& b = bound_left[x - 1];
    if (b > 0) {
      if (const auto r = static_cast<int>(rng.below(static_cast<std::uint32_t>(places))); r < b) {
        const std::uint8_t card = bound[x - 1][r];
        bound[x - 1][r] = bound[x - 1][--b];
        return card;
      }
    }
    const auto f = rng.below(static_cast<std::uint32_t>(pool_size));
    const std::uint8_t card = pool[f];
    pool[f] = pool[--pool_size];
    return card;
  };
  PlayerCards& O = g.players[o - 1];
  const int hand_hidden = O.hand_size - mine.opp_hand_size;
  int places = O.deck_size - mine.top[o - 1] + hand_hidden;
  for (int h = 0; h < hand_hidden; ++h) {
    const std::uint8_t card = card_for(o, places--);
    ++O.hand[card];
    O.hand_bits |= std::uint64_t{1} << card;
    GeneralsState::count_hand_card(O, state.tab(), card, 1);
  }
  std::array<int, 2> undealt{};
  for (const int x : {me, o}) {
    PlayerCards& X = g.players[x - 1];
    const int hidden = X.deck_size - mine.top[x - 1];
    const int dealt = std::min(hidden, kDealtTop);
    for (int t = 0; t < dealt; ++t) X.deck[hidden - 1 - t] = card_for(x, hidden - t);
    undealt[x - 1] = hidden - dealt;
  }
  // Below the dealt top: each player's known cards not dealt, then free cards, undealt.
  int next_free = 0;
  for (const int x : {me, o}) {
    PlayerCards& X = g.players[x - 1];
    const int b = bound_left[x - 1];
    const int free_part = undealt[x - 1] - b;
    std::copy_n(bound[x - 1].begin(), b, X.deck.begin());
    std::copy_n(pool.begin() + next_free, free_part, X.deck.begin() + b);
    next_free += free_part;
    g.unresolved[x - 1] = static_cast<std::uint8_t>(undealt[x - 1]);
    g.unresolved_bound[x - 1] = static_cast<std::uint8_t>(b);
  }
  g.rng = Rng(rng());
  stream = rng;
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
