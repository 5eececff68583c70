// GeneralsView: what one player of Ancient Generals may know (his hand, the deck cards he has
// scouted, the opponent's cards he has seen, every public pile, the battle) and a sampler that
// deals the rest consistently to give a full state for search. See view.cpp.
#pragma once

#include <array>
#include <memory>

#include "games/generals/state.h"

namespace ancients::generals {

class GeneralsView final : public PlayerView {
 public:
  GeneralsView(const GeneralsState& state, int player);

  int player() const override { return player_; }
  int to_act() const override { return masked_.to_act(); }
  bool is_over() const override { return masked_.is_over(); }
  void legal_actions(ActionList& out) const override;
  std::string action_text(Action action) const override { return masked_.action_text(action); }
  nlohmann::json to_json() const override;
  std::unique_ptr<State> sample(Rng& rng) const override;
  /// The same deal as sample(), into a GeneralsState already in `slot` (no allocation).
  void sample_into(std::unique_ptr<State>& slot, Rng& rng) const override;
  /// Overrun or Bloodlust on the opponent's unit (its attacker when this player blocks, its
  /// blocker when this player attacks): more force or damage for the opponent, a card lost.
  bool helps_only_the_opponent(Action action) const override;

  /// The cards hidden from the player, per kind.
  const std::array<std::uint8_t, kMaxKinds>& unseen() const { return unseen_; }
  /// The state with every card hidden from the player masked (not a playable state).
  const GeneralsState& masked() const { return masked_; }
  /// The same information as another view (what to_json() writes, compared without JSON).
  bool same_as(const PlayerView& other) const override {
    const auto* o = dynamic_cast<const GeneralsView*>(&other);
    return o != nullptr && player_ == o->player_ && unseen_ == o->unseen_ &&
           masked_.data() == o->masked_.data();
  }
  /// The same as same_as(GeneralsView(state, player())), `state` masked in place (no copy).
  bool same_as_view_of(State& state) const override;

 private:
  /// Hides in `state` what `player` does not know (as the view's masked state shows it),
  /// counting the hidden cards per kind into `unseen`.
  static void mask(GeneralsState& state, int player, std::array<std::uint8_t, kMaxKinds>& unseen);
  /// Deals the unseen cards into `state`, a copy of masked_: the opponent's hand and the top
  /// kDealtTop hidden cards of each deck; the rest is dealt when reached (GameData::unresolved).
  void deal(GeneralsState& state, Rng& stream) const;
  /// Hidden deck cards dealt at once: more than an iteration of search usually draws (about
  /// four a deck) and than the look ahead reads of a deck's top (a hand drawn up, five).
  static constexpr int kDealtTop = 10;

  GeneralsState masked_;  ///< hidden cards as kUnknownCard; not a playable state
  int player_;
  std::array<std::uint8_t, kMaxKinds> unseen_{};
  std::array<std::uint8_t, 2 * kMaxCards> free_{};  ///< unseen cards bound to no player
  int free_count_ = 0;
  std::array<std::array<std::uint8_t, 2 * kMaxCards>, 2> bound_{};  ///< per player
  std::array<int, 2> bound_count_{};
};

}  // namespace ancients::generals
