// The Ancient Generals state: the true position of one game in fixed arrays (card kinds as
// bytes, hands and piles as per-kind counts, decks in order), with what each player knows of
// the hidden cards. Rules source: shared/seeds/002_6c183bd648f27ad5.txt read with
// shared/rules/ancient-generals.md; positions and actions as in
// shared/rules/positions-and-notation.md (Ancient Generals parts). docs/generals.md explains the
// readings chosen and the search space (big choices taken one card at a time). The card
// movements every move makes are defined inline at the end (the others in state.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/block_copy.h"
#include "core/game.h"
#include "core/rng.h"
#include "games/generals/cards.h"

namespace ancients::generals {

/// Game options, recorded in the position's "options".
struct Options {
  int turn_limit = 300;  ///< turns after which the game is a draw
  int first_player = 1;  ///< 1 or 2; 0 picks one from the seed
};

enum class Phase : std::uint8_t {
  kScout,
  kDiscard,
  kDraw,
  kFlank,
  kArtillery,
  kAttack,
  kBlock,
  kTactics,
  kOver
};
std::string_view phase_name(Phase phase);

/// The search space's actions: op in the low byte, then a card kind and two arguments.
enum class Op : std::uint8_t {
  kPass = 1,
  kScout,        ///< card, target (0 hand, 1 deck1, 2 deck2)
  kDiscardStep,  ///< card: discard it, stay in the discard phase ("discard CARD,...")
  kDiscardEnd,   ///< "discard": end the discard phase
  kRally,        ///< card taken from the casualty pile
  kDifficultTerrain,
  kReserve,
  kFlank,  ///< card
  kSiege,  ///< card
  kBreakMorale,
  kAttackStep,  ///< card: declare one more attacker ("attack CARD,...")
  kBlockStep,   ///< card, attacker index: one more blocker ("block N=CARD,...")
  kBlockEnd,    ///< "block": no more blockers
  kPlay,        ///< tactic card, combat index, on the blocker (1) or not (0)
};

constexpr Action make_action(Op op, unsigned card = 0, unsigned a = 0, unsigned b = 0) {
  return static_cast<Action>(static_cast<unsigned>(op) | (card << 8) | (a << 16) | (b << 24));
}
constexpr Op action_op(Action a) {
  return static_cast<Op>(a & 0xFF);
}
constexpr std::uint8_t action_card(Action a) {
  return static_cast<std::uint8_t>(a >> 8);
}
constexpr std::uint8_t action_arg(Action a) {
  return static_cast<std::uint8_t>(a >> 16);
}
constexpr std::uint8_t action_arg2(Action a) {
  return static_cast<std::uint8_t>(a >> 24);
}

/// One player's cards. Hands and piles are counts per card kind (their order means nothing);
/// the deck is in order, bottom first, so the top card is deck[deck_size - 1].
struct PlayerCards {
  std::array<std::uint8_t, kMaxKinds> hand{};
  std::array<std::uint8_t, kMaxKinds> reserve{};
  std::array<std::uint8_t, kMaxKinds> casualties{};
  std::array<std::uint8_t, kMaxCards> deck{};
  /// The hand's unit cards' damage points and its other cards, summed as cards come and go
  /// (the evaluation reads them at every leaf and guided step; see add_hand).
  std::uint16_t hand_damage = 0;
  std::uint16_t hand_tactics = 0;
  std::uint64_t hand_bits = 0;      ///< bit k: hand[k] > 0
  std::uint64_t casualty_bits = 0;  ///< bit k: casualties[k] > 0
  std::uint8_t deck_size = 0;
  std::uint8_t hand_size = 0;
  std::uint8_t reserve_size = 0;
  std::uint8_t casualty_size = 0;
  std::uint16_t flank = 0;  ///< flank points
  bool operator==(const PlayerCards&) const = default;
};

/// What one player knows of the cards hidden from him, kept exact through every public event:
/// the cards he knows in the opponent's hand (Scout, Rally, drawn cards he had scouted), how
/// many top cards of each deck he has seen, and for each player a multiset of cards known to be
/// among that player's cards hidden from him (a reshuffled reserve, whose contents were public).
struct Knowledge {
  std::array<std::uint8_t, kMaxKinds> opp_hand{};
  std::array<std::array<std::uint8_t, kMaxKinds>, 2> hidden{};
  std::array<std::uint8_t, 2> top{};
  std::uint8_t opp_hand_size = 0;  ///< sum of opp_hand
  bool operator==(const Knowledge&) const = default;
};

/// The turn's battle and its once-per-turn flags. A played tactic is packed in 16 bits:
/// card (bits 0-5), player - 1 (bit 6), on the blocker (bit 7), combat index (bits 8-15).
struct Battle {
  std::array<std::uint8_t, kMaxCards> attackers{};
  std::array<std::uint8_t, kMaxCards> blockers{};  ///< kNoCard: unblocked
  std::array<std::uint16_t, 2 * kMaxCards> tactics{};
  std::uint8_t attacker_count = 0;
  std::uint8_t tactic_count = 0;
  std::uint8_t passes = 0;  ///< passes in a row in the tactics window
  bool no_attack = false;   ///< Difficult Terrain played this turn
  bool no_block = false;    ///< Break Morale played this turn
  bool siege_used = false;  ///< a Siege Artillery card played this turn
  bool operator==(const Battle&) const = default;
};

constexpr std::uint16_t pack_tactic(unsigned card, int player, bool on_blocker, unsigned combat) {
  return static_cast<std::uint16_t>(card | (static_cast<unsigned>(player - 1) << 6) |
                                    (on_blocker ? 0x80U : 0U) | (combat << 8));
}
constexpr std::uint8_t tactic_card(std::uint16_t t) {
  return static_cast<std::uint8_t>(t & 0x3F);
}
constexpr int tactic_player(std::uint16_t t) {
  return ((t >> 6) & 1) + 1;
}
constexpr bool tactic_on_blocker(std::uint16_t t) {
  return (t & 0x80) != 0;
}
constexpr std::uint8_t tactic_combat(std::uint16_t t) {
  return static_cast<std::uint8_t>(t >> 8);
}

/// Everything that makes up a position (compared whole by equals()).
struct GameData {
  std::array<PlayerCards, 2> players{};
  std::array<Knowledge, 2> known{};
  Battle battle{};
  Rng rng{0};
  std::int32_t turn = 1;
  std::int32_t turn_limit = 300;
  std::uint8_t first_player = 1;
  std::uint8_t active = 1;  ///< 1 or 2
  std::uint8_t to_act = 1;  ///< 1 or 2, 0 when over
  Phase phase = Phase::kScout;
  std::int8_t winner = kNotOver;
  /// Search-space order of one-card steps: in the discard phase and the active player's flank
  /// window the next card must be of this kind or a later one (kNoCard: any).
  std::uint8_t floor = kNoCard;
  /// A determinization's deck cards not dealt yet (GeneralsView::deal deals the opponent's
  /// unknown hand and the top of each deck): the bottom `unresolved[p - 1]` cards of p's deck,
  /// the first `unresolved_bound[p - 1]` of them cards known to be p's and the rest free cards
  /// that may belong to either deck, in no meaningful order. A card is dealt when it is
  /// reached (GeneralsState::deal_top). Zero in every true position.
  std::array<std::uint8_t, 2> unresolved{};
  std::array<std::uint8_t, 2> unresolved_bound{};
  bool operator==(const GameData&) const = default;
};

class GeneralsView;

/// The true state of one game of Ancient Generals.
class GeneralsState final : public State {
 public:
  explicit GeneralsState(const Cards& cards) : cards_(&cards) {}

  /// A new game: the common deck shuffled with `seed`, dealt, five cards drawn each.
  static GeneralsState new_game(const Cards& cards, const Options& options, std::uint64_t seed);
  /// Reads a position (see position.cpp); throws BadInput naming what is malformed.
  static GeneralsState from_position(const nlohmann::json& position, const Cards& cards);

  std::string_view game() const override { return "ancient-generals"; }
  std::unique_ptr<State> clone() const override { return std::make_unique<GeneralsState>(*this); }
  void copy_into(std::unique_ptr<State>& slot) const override {
    if (auto* same = state_in_slot<GeneralsState>(slot))
      same->assign(*this);
    else
      slot = clone();
  }
  int to_act() const override { return g_.to_act; }
  bool is_over() const override { return g_.phase == Phase::kOver; }
  int winner() const override { return g_.winner; }
  void legal_actions(ActionList& out) const override;
  void apply(Action action) override;
  std::string action_text(Action action) const override;
  std::vector<std::string> legal_texts() const override;
  void apply_text(std::string_view text) override;
  nlohmann::json to_json() const override;
  nlohmann::json view_json(int player) const override;
  /// The same view as JSON text, written without a tree (spectator.cpp).
  std::string view_text(int player) const override;
  std::unique_ptr<PlayerView> view(int player) const override;
  bool equals(const State& other) const override;
  /// No deck's size changed, the player's knowledge did not, the opponent's hand kept its
  /// size and the player's own did not grow (view.cpp).
  bool showed_nothing_hidden(const State& before, std::string_view text, int player) const override;
  int turn() const override { return g_.turn; }
  /// What an action made happen, as `viewer` may know it, and why the game ended (events.cpp).
  nlohmann::json events(const State& before, std::string_view action, int viewer) const override;
  nlohmann::json events_from_views(const State& before, const nlohmann::json& before_view,
                                   const nlohmann::json& after_view, std::string_view action,
                                   int viewer) const override;
  std::string events_text(const State& before, std::string_view action, int viewer) const override;
  std::string over_reason() const override;
  /// How each combat of the battle would end if it resolved now (situation.cpp).
  std::vector<std::string> situation(int viewer) const override;
  /// card_notes.cpp: why each card in the hand that no legal action plays cannot be played.
  std::vector<std::pair<std::string, std::string>> card_notes(int viewer) const override;
  /// Why card `kind` in `viewer`'s hand cannot be played now, in words.
  std::string card_note(int viewer, int kind) const;
  /// An action in structure and in words (action_info.cpp).
  nlohmann::json action_info(std::string_view text, int viewer) const override;
  std::string action_info_text(std::string_view text, int viewer, bool offered) const override;
  std::string logged_info_text(std::string_view text, int viewer) const override;
  /// No action of Ancient Generals is grouped: the compact listing is legal_texts, said so
  /// rather than read back through grouped_shape one action at a time (notation.cpp).
  bool legal_grouped(int viewer, std::vector<std::string>& plain,
                     std::vector<ActionGroup>& groups) const override;

  /// *this = other, the position data copied by copy_value (core/block_copy.h).
  void assign(const GeneralsState& other) {
    copy_value(g_, other.g_);
    cards_ = other.cards_;
    lost_ = other.lost_;
  }
  const GameData& data() const { return g_; }
  const Cards& cards() const { return *cards_; }
  /// A set-up edit for the balance lab (tools/balance/generals_lab.h): the card of kind `kind`
  /// takes the place of the one at `slot` (0 = the bottom) of `player`'s deck, before anyone
  /// has seen it. The deck then holds a card more of that kind than the common deck's data
  /// says; every view deals its hidden cards from the true ones, so searches stay sound.
  /// Throws BadInput for a slot or kind out of range or a deck card already seen.
  void replace_deck_card(int player, int slot, std::uint8_t kind);
  /// A hash of the whole position (the bench signature).
  std::uint64_t hash() const;
  /// Checks the internal consistency of the state (counts, bits, knowledge); returns an empty
  /// string when sound, else what is wrong. Used by tests and by from_position().
  std::string check() const;
  /// A determinization's undealt deck cards (GameData::unresolved) dealt until the top `cards`
  /// cards of both decks are dealt: in rounds, each dealing player 1's next slot and then
  /// player 2's from the state's stream, so that a deal dealt from the same seed gets the same
  /// cards whatever order its slots are reached in (a fixed deal replayed by pimc). Each slot
  /// gets one of its player's known cards with the chance of their share of his undealt slots,
  /// else any free undealt card of either deck, each as likely: the distribution of a deal
  /// made all at once.
  void deal_top(int cards);
  /// Every undealt card dealt (deal_top of whole decks).
  void deal_rest() { deal_top(kMaxCards); }

 private:
  friend class GeneralsView;
  friend struct PositionReader;

  PlayerCards& pl(int p) { return g_.players[p - 1]; }
  const PlayerCards& pl(int p) const { return g_.players[p - 1]; }
  const CardTable& tab() const { return cards_->table; }

  // Card movements (state.cpp), each keeping the counts, bits, sums and knowledge exact.
  void add_hand(int p, std::uint8_t card);
  /// Counts a card into or out of a hand's sums (PlayerCards::hand_damage, hand_tactics).
  static void count_hand_card(PlayerCards& P, const CardTable& t, std::uint8_t card, int sign);
  /// A hand's sums recomputed from its counts (a view's masked hand).
  static void recount_hand(PlayerCards& P, const CardTable& t);
  /// A card leaves p's hand face up (discarded, played, flanked, declared, blocking).
  void hand_out_public(int p, std::uint8_t card);
  void add_reserve(int p, std::uint8_t card);
  void add_casualty(int p, std::uint8_t card);
  void remove_casualty(int p, std::uint8_t card);
  /// Takes p's top card (reshuffling the reserve into an empty deck first) and records a loss
  /// when deck and reserve are then both empty. Knowledge is updated by the callers.
  std::uint8_t take_top(int p);
  /// take_top's rare part, out of line: reshuffles an empty deck and deals an undealt top.
  [[gnu::noinline]] void reach_top(int p);
  void reshuffle(int p);
  /// Deals p's highest undealt deck slot (see deal_top).
  void deal_next(int p);
  void draw_card(int p);
  void damage_card(int p);
  void scout(int p, int target);

  // Turn flow (apply.cpp).
  /// A pass outside the tactics window (no card moves).
  void pass();
  /// Every other action: apply()'s cases, out of line.
  [[gnu::noinline]] void apply_move(Action action);
  void end_discard();
  void end_turn();
  void resolve_battle();
  void finish_if_lost();
  bool lost_any() const { return lost_[0] || lost_[1]; }

  // Whole actions of the notation (notation.cpp).
  void apply_whole(std::string_view text);

  GameData g_;
  const Cards* cards_;
  std::array<bool, 2> lost_{};  ///< set while an action runs; never set between actions
};

// The card movements every move makes, inline here so that apply() (apply.cpp, another unity
// batch than state.cpp) compiles them into its cases instead of calling them.

inline void GeneralsState::count_hand_card(PlayerCards& P, const CardTable& t, std::uint8_t card,
                                           int sign) {
  if (t.is_unit(card))
    P.hand_damage = static_cast<std::uint16_t>(P.hand_damage + sign * t.damage[card]);
  else
    P.hand_tactics = static_cast<std::uint16_t>(P.hand_tactics + sign);
}

inline void GeneralsState::add_hand(int p, std::uint8_t card) {
  PlayerCards& P = pl(p);
  ++P.hand[card];
  ++P.hand_size;
  P.hand_bits |= std::uint64_t{1} << card;
  count_hand_card(P, tab(), card, 1);
}

[[gnu::always_inline]] inline void GeneralsState::hand_out_public(int p, std::uint8_t card) {
  PlayerCards& P = pl(p);
  if (--P.hand[card] == 0) P.hand_bits &= ~(std::uint64_t{1} << card);
  --P.hand_size;
  count_hand_card(P, tab(), card, -1);
  // The opponent sees the card: it was one he knew of, or one of the hidden ones.
  Knowledge& o = g_.known[2 - p];
  if (o.opp_hand[card] > 0) {
    --o.opp_hand[card];
    --o.opp_hand_size;
  } else if (o.hidden[p - 1][card] > 0) {
    --o.hidden[p - 1][card];
  }
}

inline void GeneralsState::add_reserve(int p, std::uint8_t card) {
  PlayerCards& P = pl(p);
  ++P.reserve[card];
  ++P.reserve_size;
}

inline void GeneralsState::add_casualty(int p, std::uint8_t card) {
  PlayerCards& P = pl(p);
  ++P.casualties[card];
  ++P.casualty_size;
  P.casualty_bits |= std::uint64_t{1} << card;
}

inline void GeneralsState::remove_casualty(int p, std::uint8_t card) {
  PlayerCards& P = pl(p);
  if (--P.casualties[card] == 0) P.casualty_bits &= ~(std::uint64_t{1} << card);
  --P.casualty_size;
}

inline std::uint8_t GeneralsState::take_top(int p) {
  PlayerCards& P = pl(p);
  // An empty deck has no undealt card either (unresolved counts the deck's bottom cards).
  if (P.deck_size == 0 || g_.unresolved[p - 1] == P.deck_size) reach_top(p);
  const std::uint8_t card = P.deck[--P.deck_size];
  P.deck[P.deck_size] = 0;  // keep unused slots zero: positions compare and hash whole
  if (P.deck_size == 0 && P.reserve_size == 0) lost_[p - 1] = true;
  return card;
}

inline void GeneralsState::draw_card(int p) {
  const std::uint8_t card = take_top(p);
  add_hand(p, card);
  Knowledge& own = g_.known[p - 1];
  if (own.top[p - 1] > 0)
    --own.top[p - 1];
  else if (own.hidden[p - 1][card] > 0)
    --own.hidden[p - 1][card];
  // The opponent learns the card only if he had seen it on top of the deck; otherwise it
  // moves from one hidden place (the deck) to another (the hand).
  Knowledge& o = g_.known[2 - p];
  if (o.top[p - 1] > 0) {
    --o.top[p - 1];
    ++o.opp_hand[card];
    ++o.opp_hand_size;
  }
}

inline void GeneralsState::damage_card(int p) {
  const std::uint8_t card = take_top(p);
  add_casualty(p, card);
  for (Knowledge& k : g_.known) {
    if (k.top[p - 1] > 0)
      --k.top[p - 1];
    else if (k.hidden[p - 1][card] > 0)
      --k.hidden[p - 1][card];
  }
}

}  // namespace ancients::generals
