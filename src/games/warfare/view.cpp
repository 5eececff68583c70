// Ancient Warfare: a player's information set (PlayerView) and its determinization. The view
// keeps the player's own hand, the public board and piles, the size of every other hand and
// the cards of one opposing hand that Scout revealed; the others' other cards (allies'
// included, multiplayer.md), the deck order and the random stream are forgotten and dealt
// afresh by sample().
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "core/json_writer.h"
#include "games/warfare/state.h"

namespace ancients::warfare {

void WarfareState::scrub_for(int player) {
  // Pool of unseen cards: the deck plus the other players' cards that the player does not
  // know (Scout shows one opposing hand: known_of(player)).
  std::array<int, kMaxCardTypes> pool{};
  for (int i = 0; i < deck_size_; ++i) ++pool[deck_[i]];
  for (int q = 1; q <= player_count(); ++q) {
    if (q == player) continue;
    const bool seen = known_of_[player - 1] == q;
    for (std::size_t c = 0; c < rules_->cards.size(); ++c) {
      const int known = seen ? known_[player - 1][c] : 0;
      pool[c] += hand_[q - 1][c] - known;
      hand_[q - 1][c] = static_cast<std::uint8_t>(known);
    }
    held_[q - 1] = count_held(q);
  }
  // The others' knowledge of hands is theirs (what this player revealed to them stays).
  for (int q = 1; q <= player_count(); ++q)
    if (q != player && known_of_[q - 1] != player) known_[q - 1] = {};
  deck_size_ = 0;
  for (std::size_t c = 0; c < rules_->cards.size(); ++c)
    for (int k = 0; k < pool[c]; ++k) deck_[deck_size_++] = static_cast<CardType>(c);
  deck_unordered_ = false;  // sorted: the order is no one's knowledge
  // hand_size_ keeps the true sizes: sample() deals the differences from the pool.
  rng_.set_words({0, 0, 0, 0});
  if (phase_ == Phase::kDeploy && !swap_step())
    for (int q = 1; q <= player_count(); ++q)
      if (q != player) undeploy(q);
}

void WarfareState::undeploy(int player) {
  std::array<ArmyEntry, kMaxArmy> placed{};
  int n = 0;
  for (int i = unit_count_ - 1; i >= 0; --i) {
    if (units_[i].player != player) continue;
    placed[n++] = ArmyEntry{units_[i].type, units_[i].elite, units_[i].general};
    board_[units_[i].square] = 0;
    for (int k = i; k + 1 < unit_count_; ++k) units_[k] = units_[k + 1];
    --unit_count_;
  }
  for (int i = 0; i < unit_count_; ++i) board_[units_[i].square] = static_cast<std::uint8_t>(i + 1);
  rebuild_unit_sets();
  auto& res = reserves_[player - 1];
  const int old = reserve_count_[player - 1];
  std::move_backward(res.begin(), res.begin() + old, res.begin() + old + n);
  for (int i = 0; i < n; ++i) res[i] = placed[n - 1 - i];
  reserve_count_[player - 1] = static_cast<std::uint8_t>(old + n);
}

std::unique_ptr<State> WarfareState::ahead_position(int player) const {
  if (!decides_ahead(player)) return nullptr;
  auto ahead = std::make_unique<WarfareState>(*this);
  for (int q = 1; q <= player_count(); ++q)
    if (q != player) ahead->undeploy(q);
  ahead->active_ = ahead->to_act_ = static_cast<std::uint8_t>(player);
  return ahead;
}

namespace {

/// One player's information set over an Ancient Warfare game.
class WarfareView final : public PlayerView {
 public:
  WarfareView(const WarfareState& truth, int player)
      : state_(truth), player_(player), hidden_units_(hidden_units(truth, player)) {
    state_.scrub_for(player);
    for (; pool_size_ < state_.deck_size(); ++pool_size_)
      pool_[static_cast<std::size_t>(pool_size_)] = state_.deck_card_from_top(pool_size_);
    unknown_ = unknown_cards(state_, player);
  }
  int player() const override { return player_; }
  int to_act() const override { return state_.to_act(); }
  bool is_over() const override { return state_.is_over(); }
  void legal_actions(ActionList& out) const override { state_.legal_actions(out); }
  std::string action_text(Action a) const override { return state_.action_text(a); }
  nlohmann::json to_json() const override {
    return json_tree([&](auto& w) { state_.write_position(w, shape()); });
  }

  /// The scrubbed state holds the known cards as the other hands: the view writes those hands
  /// as their sizes, the deck as its true size, and no random stream.
  PositionShape shape() const {
    PositionShape s;
    s.deck_list = false;
    int hidden = 0;
    for (int q = 1; q <= state_.player_count(); ++q)
      if (q != player_) hidden += unknown_[q - 1];
    s.deck_size = state_.deck_size() - hidden;
    s.listed_hand = player_;
    s.rng = false;
    s.viewer = player_;
    return s;
  }
  const WarfareState& scrubbed() const { return state_; }

  /// The same information as `other` without JSON: both scrubbed states hold exactly what
  /// their player knows (the unseen cards as a sorted deck, no random stream), so they are
  /// equal when the views are, with the counts of hidden cards and units beside them.
  bool same_as(const PlayerView& other) const override {
    const auto* o = dynamic_cast<const WarfareView*>(&other);
    return o != nullptr && player_ == o->player_ && hidden_units_ == o->hidden_units_ &&
           unknown_ == o->unknown_ && state_.equals(o->state_);
  }

  /// The same as same_as(WarfareView(state, player_)), the state scrubbed in place (no copy).
  bool same_as_view_of(State& state) const override {
    auto* s = dynamic_cast<WarfareState*>(&state);
    if (s == nullptr) return PlayerView::same_as_view_of(state);
    if (hidden_units(*s, player_) != hidden_units_) return false;
    s->scrub_for(player_);
    return unknown_cards(*s, player_) == unknown_ && state_.equals(*s);
  }

  std::unique_ptr<State> sample(Rng& rng) const override {
    auto s = std::make_unique<WarfareState>(state_);
    deal(*s, rng);
    return s;
  }

  void sample_into(std::unique_ptr<State>& slot, Rng& rng) const override {
    auto* s = state_in_slot<WarfareState>(slot);
    if (s == nullptr) {
      slot = sample(rng);
      return;
    }
    *s = state_;
    deal(*s, rng);
  }

 private:
  WarfareState state_;
  int player_;
  /// Each other player's units deployed out of sight.
  std::array<int, kMaxPlayers> hidden_units_{};
  std::array<CardType, kMaxDeck> pool_{};  ///< the unseen cards (the scrubbed deck), top first
  int pool_size_ = 0;
  /// Each other player's cards in hand not known to the player.
  std::array<int, kMaxPlayers> unknown_{};

  /// Deals the unseen cards of s (a copy of state_) without allocating: each other player's
  /// unknown cards drawn from the pool at random, the rest as a deck in no order yet (drawn at
  /// random as the search reaches each draw, WarfareState::set_deck_unordered), a fresh random
  /// stream, and a hidden deployment placed at random.
  void deal(WarfareState& s, Rng& rng) const {
    std::array<CardType, kMaxDeck> pool = pool_;
    int n = pool_size_;
    const int players = s.player_count();
    for (int q = 1; q <= players; ++q) {
      for (int i = 0; i < unknown_[q - 1] && n > 0; ++i) {
        const std::uint32_t j = rng.below(static_cast<std::uint32_t>(n));
        s.add_dealt_card(q, pool[j]);
        pool[j] = pool[static_cast<std::size_t>(--n)];
      }
    }
    s.set_deck_unordered(pool.data(), n);
    s.rng().reseed(rng());
    // Hidden deployments: place the others' armies at random in their zones.
    std::array<int, kMaxSquares> squares{};
    for (int q = 1; q <= players; ++q) {
      for (int placed = 0; placed < hidden_units_[q - 1]; ++placed) {
        std::uint32_t count = 0;
        for (int sq = 0; sq < s.geo().squares; ++sq)
          if (s.placement_ok(q, sq)) squares[count++] = sq;
        if (count == 0) break;
        s.place_reserve(q, squares[rng.below(count)]);
      }
    }
  }

  /// Each other player's units deployed out of `player`'s sight in `truth`.
  static std::array<int, kMaxPlayers> hidden_units(const WarfareState& truth, int player) {
    std::array<int, kMaxPlayers> hidden{};
    if (truth.phase() == Phase::kDeploy && !truth.swap_step())
      for (int i = 0; i < truth.unit_count(); ++i) ++hidden[truth.unit(i).player - 1];
    hidden[player - 1] = 0;
    return hidden;
  }

  /// The scrubbed deck of `scrubbed` (scrubbed for `player`) also holds each other player's
  /// unknown cards; these are their numbers.
  static std::array<int, kMaxPlayers> unknown_cards(const WarfareState& scrubbed, int player) {
    std::array<int, kMaxPlayers> unknown{};
    for (int q = 1; q <= scrubbed.player_count(); ++q) {
      if (q == player) continue;
      int known = 0;
      for (std::size_t c = 0; c < scrubbed.rules().cards.size(); ++c)
        known += scrubbed.hand_count(q, static_cast<CardType>(c));
      unknown[q - 1] = scrubbed.hand_size(q) - known;
    }
    return unknown;
  }
};

}  // namespace

std::unique_ptr<PlayerView> WarfareState::view(int player) const {
  return std::make_unique<WarfareView>(*this, player);
}

template <class Writer>
void WarfareState::write_view(Writer& w, int player) const {
  if (player != 0 && !(phase_ == Phase::kDeploy && !swap_step())) {
    // The board is public: the view is the position written as WarfareView's shape writes
    // its scrubbed state (tests/warfare/view_scrub_test.cpp), without the copy and the scrub.
    // Its deck is the true deck's size; the other hands are their sizes, which scrub_for
    // keeps; the known cards are those scrub_for keeps.
    PositionShape shape;
    shape.deck_list = false;
    shape.deck_size = deck_size_;
    shape.listed_hand = player;
    shape.rng = false;
    shape.viewer = player;
    shape.known_for = player;
    write_position(w, shape);
    return;
  }
  if (player != 0) {
    const WarfareView v(*this, player);
    v.scrubbed().write_position(w, v.shape());
    return;
  }
  // A spectator: what player 1 may see, less player 1's cards (their number only) and the
  // cards known from Scout, and no unit while a deployment is hidden: every army placed so far
  // is among the reserves then, player 1's as the others' (it once vanished from the view).
  const WarfareView v(*this, 1);
  PositionShape shape = v.shape();
  shape.listed_as_size = true;
  shape.known = false;
  shape.units = !(phase_ == Phase::kDeploy && !swap_step());
  shape.viewer = 0;
  if (shape.units) return v.scrubbed().write_position(w, shape);
  WarfareState hidden = v.scrubbed();
  hidden.undeploy(1);
  hidden.write_position(w, shape);
}

nlohmann::json WarfareState::view_json(int player) const {
  return json_tree([&](auto& w) { write_view(w, player); });
}

std::string WarfareState::view_text(int player) const {
  return json_text([&](auto& w) { write_view(w, player); });
}

bool WarfareState::equals(const State& other_base) const {
  const auto* o = dynamic_cast<const WarfareState*>(&other_base);
  if (o == nullptr) return false;
  if (rules_ != o->rules_ || !(options_ == o->options_) || !(rng_ == o->rng_) ||
      turn_ != o->turn_ || phase_ != o->phase_ || active_ != o->active_ ||
      to_act() != o->to_act() || winner_ != o->winner_ || unit_count_ != o->unit_count_ ||
      lost_ != o->lost_ || broken_ != o->broken_ || hand_ != o->hand_ ||
      hand_size_ != o->hand_size_ || known_ != o->known_ || discard_ != o->discard_ ||
      deck_size_ != o->deck_size_ || deck_unordered_ != o->deck_unordered_ ||
      terrain_ != o->terrain_ || river_ != o->river_ || reserve_count_ != o->reserve_count_ ||
      !(field_ == o->field_) || army_name_ != o->army_name_)
    return false;
  if (!std::equal(deck_.begin(), deck_.begin() + deck_size_, o->deck_.begin())) return false;
  // Whose hand known cards come from matters only while some are known.
  for (int p = 0; p < player_count(); ++p)
    if (known_of_[p] != o->known_of_[p] && known_[p] != std::array<std::uint8_t, kMaxCardTypes>{})
      return false;
  // The same bytes on the board and in the units (the usual case where the two states are
  // deals of one position): the same units on the same squares, no walk needed.
  const bool same_bytes =
      std::memcmp(board_.data(), o->board_.data(), static_cast<std::size_t>(geo_->squares)) == 0 &&
      std::memcmp(units_.data(), o->units_.data(), sizeof(Unit) * unit_count_) == 0;
  for (int sq = 0; !same_bytes && sq < geo_->squares; ++sq) {
    if ((board_[sq] == 0) != (o->board_[sq] == 0)) return false;
    if (board_[sq] == 0) continue;
    const Unit& a = units_[board_[sq] - 1];
    const Unit& b = o->units_[o->board_[sq] - 1];
    if (a.owner != b.owner || a.player != b.player || a.type != b.type || a.elite != b.elite ||
        a.general != b.general || a.moves != b.moves || a.attacks != b.attacks ||
        a.retreats != b.retreats)
      return false;
  }
  const auto& pa = pending_;
  const auto& pb = o->pending_;
  if (pa.kind != pb.kind) return false;
  if (pa.kind != Pending::kNone &&
      (pa.card != pb.card || pa.from != pb.from || pa.via != pb.via || pa.attacker != pb.attacker ||
       pa.target != pb.target || pa.dest != pb.dest || pa.action != pb.action))
    return false;
  if (group_.count != o->group_.count || group_.card != o->group_.card ||
      !std::equal(group_.squares.begin(), group_.squares.begin() + group_.count,
                  o->group_.squares.begin()))
    return false;
  for (int p = 0; p < player_count(); ++p)
    for (int i = 0; i < reserve_count_[p]; ++i)
      if (reserves_[p][i].type != o->reserves_[p][i].type ||
          reserves_[p][i].elite != o->reserves_[p][i].elite ||
          reserves_[p][i].general != o->reserves_[p][i].general)
        return false;
  return true;
}

bool WarfareState::showed_nothing_hidden(const State& before, std::string_view text,
                                         int player) const {
  // In battle a player learns what was hidden from them only by drawing a card (each draw, a
  // reshuffle included, is counted by chance_events) or by Scout, which records the hand it
  // shows as the player's known cards. Every answer window opens whatever the cards in the
  // answering hand, so a reply shows nothing either. Read from the states, not the text (a
  // text is the client's spelling). Deployment and the battlefield phase count no chance:
  // not known there.
  (void)text;
  const auto* was = dynamic_cast<const WarfareState*>(&before);
  if (was == nullptr || player < 1 || player > player_count()) return false;
  const std::uint64_t drawn = chance_events();
  const auto p = static_cast<std::size_t>(player - 1);
  return drawn != kUnknownChance && drawn == was->chance_events() &&
         known_of_[p] == was->known_of_[p] && known_[p] == was->known_[p];
}

}  // namespace ancients::warfare
