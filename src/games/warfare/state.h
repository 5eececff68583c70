// The state of one Ancient Warfare game and its implementation of the core State interface.
// Rules sources: shared/seeds/003_8228c9eeb0b841e9.txt (autokill edition) and
// shared/seeds/000_069fe0e0bed8163d.txt (retreat edition) read with
// shared/rules/ancient-warfare.md §1-§4; the notation is shared/rules/positions-and-notation.md.
//
// The state is a flat, fixed-size value (no heap) so that copying it is cheap: units in an
// array indexed from the board, hands as counts per card type, the deck as an array of card
// types (top last), the discard pile as counts. Tables come from an immutable Ruleset.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/warfare/board.h"
#include "games/warfare/options.h"
#include "games/warfare/ruleset.h"

namespace ancients::warfare {

/// Players: 2, or with contingents (multiplayer.md) up to 3 a side.
inline constexpr int kMaxPlayers = 6;
/// Units: 13 per army (General, Camp, 11 units) for 6 players.
inline constexpr int kMaxUnits = 80;
inline constexpr int kMaxDeck = 128;
inline constexpr int kMaxArmy = 24;
inline constexpr int kHandLimit = 5;
inline constexpr int kDrawPerTurn = 3;

/// Terrain of a square. The base four come from the seeds; woods, built-up areas (BUA) and steep
/// hills are the German house rules' features (ancient-warfare.md §4). Rivers run between
/// squares and are kept apart (WarfareState::river_).
enum class Terrain : std::uint8_t {
  kClear,
  kRough,
  kHill,
  kImpassable,
  kWoods,     ///< difficult going; blocks lines except indirect fire
  kBuiltUp,   ///< a BUA: units there are never auto-killed
  kSteepHill  ///< a hill that stops movement like difficult terrain
};
inline constexpr int kTerrainKinds = 7;
/// Terrain names in position and map JSON, indexed by Terrain.
inline constexpr const char* kTerrainNames[kTerrainKinds] = {
    "clear", "rough", "hill", "impassable", "woods", "built-up", "steep-hill"};
/// kBattlefield: the defender places the terrain before deployment (map "defender", with the
/// DBA set-up; battlefield_phase.cpp).
enum class Phase : std::uint8_t { kDeploy, kOrders, kMove, kBattle, kOver, kBattlefield };

inline constexpr int kMaxFeatures = 8;
inline constexpr int kFeatureSquares = 6;
inline constexpr std::uint8_t kNoFeatureKind = 0xFF;

/// A DBA terrain feature of the defender's battlefield: its kind (an index into the DBA sheet's
/// feature table), the die rolled for it (plough, river; else 0) and its squares. A road keeps
/// the square it starts from (none when placed automatically), a waterway its edge (0 west,
/// 1 east), a river none (its edges are the state's river edges).
struct FieldFeature {
  std::uint8_t kind = kNoFeatureKind;
  std::uint8_t die = 0;
  std::uint8_t count = 0;
  std::array<std::uint8_t, kFeatureSquares> squares{};
  friend bool operator==(const FieldFeature&, const FieldFeature&) = default;
};

/// The steps of the defender's battlefield (ancient-warfare rulings: dba-battlefield-and-lists.md).
enum class FieldStep : std::uint8_t { kTopography, kFeatures, kSide };

/// The defender's battlefield: the topography chosen, the features placed so far, the one being
/// placed (`building`), and the river's open end while it is being laid.
struct FieldSetup {
  FieldStep step = FieldStep::kTopography;
  std::uint8_t topography = 0xFF;  ///< index into the sheet's topographies
  std::uint8_t home = 0xFF;        ///< the defender's army's home topography, offered first
  std::uint8_t count = 0;          ///< features placed or being placed
  std::uint8_t building = 0;       ///< 1 while the last feature is incomplete
  std::uint8_t river_end = 0xFF;   ///< lattice point (x + y * (size + 1)) where the river ends
  std::uint8_t river_side = 0xFF;  ///< the board edge it started from: 0 S, 1 E, 2 N, 3 W
  std::array<FieldFeature, kMaxFeatures> features{};
  friend bool operator==(const FieldSetup&, const FieldSetup&) = default;
};

/// One unit on the board.
struct Unit {
  std::uint8_t square;
  std::uint8_t owner;  ///< its side: 1 (the attacker) or 2; "friendly" = the same side
  UnitType type;
  std::uint8_t elite;
  std::uint8_t moves;    ///< moves made this turn
  std::uint8_t attacks;  ///< attacks made this turn
  std::uint8_t retreats;
  std::uint8_t general;  ///< house rule nominated_general: this unit is its side's General
  /// The player whose army it belongs to (contingents: 1..6, numbered in turn order); the
  /// side's own number without contingents. add_unit() fills it from `owner` when it is 0.
  std::uint8_t player = 0;
};

/// A unit still to be deployed.
struct ArmyEntry {
  UnitType type;
  std::uint8_t elite;
  std::uint8_t general = 0;  ///< nominated_general: the General's element
};

/// An attack awaiting the defender's answer.
struct Pending {
  enum Kind : std::uint8_t { kNone, kCardAttack, kAutokill, kMove };
  Kind kind = kNone;
  CardType card = 0;
  std::uint8_t from = kNoSquare;      ///< where the attacker started (Trample: before its move)
  std::uint8_t via = kNoSquare;       ///< Trample: the square moved to, where the attacker now is
  std::uint8_t attacker = kNoSquare;  ///< attacker's square now
  std::uint8_t target = kNoSquare;    ///< target's square
  std::uint8_t dest = kNoSquare;      ///< attack then move away (Horse Archers): where to
  /// kMove (retreat edition): the move action awaiting the opponent's Difficult Ground answer;
  /// its card is already spent. A group advance keeps its squares in the GroupBuild.
  Action action = 0;
};

/// A group advance being built one unit at a time (search space only).
struct GroupBuild {
  CardType card = 0;
  std::uint8_t count = 0;
  std::array<std::uint8_t, kMaxArmy> squares{};
};

/// Kinds of actions in the search space (the low byte of an Action).
enum class Kind : std::uint8_t {
  kDiscard = 1,
  kMove,
  kGroupStart,
  kGroupAdd,
  kGroupDone,
  kDismount,
  kScout,
  kEnd,
  kAutokill,
  kAttack,
  kTrample,
  kDefend,
  kPass,
  kPlace,
  kAttackMove,  ///< retreat edition: attack, then move away (card, from, target, dest)
  kNegate,      ///< retreat edition: Difficult Ground against a pending move
  kSwap,        ///< DBA set-up (board 12): the defender swaps two attacker units (a, b)
  // The defender's battlefield (battlefield_phase.cpp).
  kTopography,   ///< choose the home topography a
  kTerrain,      ///< feature kind `card` at square a (a river: the edge between a and b)
  kTerrainAuto,  ///< the DBA terrain generator's placement for the topography
  kTerrainDone,  ///< the features are complete
  kSide,         ///< the defender sets up on the north edge (a = 0) or the south edge (a = 1)
};

/// Packs an action: kind | card << 8 | a << 16 | b << 24 | c << 32.
constexpr Action make_action(Kind kind, int card = 0, int a = 0, int b = 0, int c = 0) {
  return static_cast<Action>(kind) | (static_cast<Action>(card & 0xFF) << 8) |
         (static_cast<Action>(a & 0xFF) << 16) | (static_cast<Action>(b & 0xFF) << 24) |
         (static_cast<Action>(c & 0xFF) << 32);
}
constexpr Kind action_kind(Action a) {
  return static_cast<Kind>(a & 0xFF);
}
constexpr int action_card(Action a) {
  return static_cast<int>((a >> 8) & 0xFF);
}
constexpr int action_a(Action a) {
  return static_cast<int>((a >> 16) & 0xFF);
}
constexpr int action_b(Action a) {
  return static_cast<int>((a >> 24) & 0xFF);
}
constexpr int action_c(Action a) {
  return static_cast<int>((a >> 32) & 0xFF);
}

/// A set of unit indices (into the state's unit array), lowest first: each player's units.
struct UnitSet {
  std::array<std::uint64_t, 2> words{};
  static_assert(kMaxUnits <= 128);
  void set(int i) { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(int i) { words[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  /// The indices, lowest first: `for (const int i : set)`. The iterator walks one word at a
  /// time (the high word only once the low one is done), so that stepping and the end test
  /// look at a single word.
  struct Iterator {
    std::uint64_t word;  // the indices not yet visited in the current word
    std::uint64_t high;  // the high word while in the low one, else 0
    int base;            // 0 in the low word, 64 in the high one
    int operator*() const { return base + std::countr_zero(word); }
    Iterator& operator++() {
      word &= word - 1;
      if (word == 0 && high != 0) {
        word = high;
        high = 0;
        base = 64;
      }
      return *this;
    }
    bool operator!=(const Iterator& o) const { return word != o.word; }
  };
  Iterator begin() const {
    return words[0] != 0 ? Iterator{words[0], words[1], 0} : Iterator{words[1], 0, 64};
  }
  Iterator end() const { return {0, 0, 0}; }
  friend bool operator==(const UnitSet&, const UnitSet&) = default;
};

/// What a viewer may know of an action's effects (events.cpp).
struct EventFacts;

/// What a written position shows (WarfareState::write_position): by default the whole
/// position of the interchange contract; a view writes what its viewer may know.
struct PositionShape {
  bool deck_list = true;  ///< the deck's cards, top first; else its size
  int deck_size = -1;     ///< the size written when deck_list is false (-1: the deck's)
  /// 0: every hand as its cards; p: only player p's (the others' as their sizes).
  int listed_hand = 0;
  bool listed_as_size = false;  ///< the listed hands as the number of their cards
  bool known = true;            ///< the cards known from Scout
  bool units = true;            ///< false: no unit (a spectator during deployment)
  bool rng = true;              ///< the random stream
  int viewer = -1;              ///< written as "viewer" when 0 or more
  /// p: only the known cards player p may know (their own, and those of hands whose cards
  /// are known to p: what scrub_for(p) keeps); 0: every player's.
  int known_for = 0;
};

/// The whole game state.
class WarfareState final : public State {
 public:
  /// An empty board in the deploy phase; see setup.h for building real games.
  WarfareState(const Ruleset* rules, const Options& options);

  // --- core interface ---
  std::string_view game() const override { return "ancient-warfare"; }
  std::unique_ptr<State> clone() const override { return std::make_unique<WarfareState>(*this); }
  void copy_into(std::unique_ptr<State>& slot) const override {
    if (auto* same = state_in_slot<WarfareState>(slot))
      *same = *this;
    else
      slot = clone();
  }
  int to_act() const override { return phase_ == Phase::kOver ? kNoPlayer : to_act_; }
  bool is_over() const override { return phase_ == Phase::kOver; }
  int winner() const override { return winner_; }
  void legal_actions(ActionList& out) const override;
  void apply(Action action) override;
  std::string action_text(Action action) const override;
  std::vector<std::string> legal_texts() const override;
  void apply_text(std::string_view text) override;
  nlohmann::json to_json() const override { return position_json(true); }
  /// The position JSON; with_deck = false leaves the (possibly scrubbed) deck out.
  nlohmann::json position_json(bool with_deck) const;
  /// The position through a writer (core/json_writer.h: JsonWriter for text, JsonTreeWriter
  /// for a tree), shaped as `shape` says: the whole position or what one viewer may see.
  template <class Writer>
  void write_position(Writer& w, const PositionShape& shape) const;
  nlohmann::json view_json(int player) const override;
  /// The same view as JSON text, written without a tree (view.cpp).
  std::string view_text(int player) const override;
  template <class Writer>
  void write_view(Writer& w, int player) const;
  std::unique_ptr<PlayerView> view(int player) const override;
  bool equals(const State& other) const override;
  int turn() const override { return turn_; }
  /// Cards drawn so far (each draw from the hidden deck, a reshuffle included, is the game's
  /// only chance in battle). Deployment (others' hidden placements) and the battlefield phase
  /// (dice) are not counted: unknown there.
  std::uint64_t chance_events() const override {
    return phase_ == Phase::kOrders || phase_ == Phase::kMove || phase_ == Phase::kBattle
               ? draws_
               : kUnknownChance;
  }
  /// In the orders phase: two card types or more held. In the move phase on a board of at
  /// most 64 squares without rivers: a unit can make a straight move (End is always the
  /// other choice). Else not known (movegen.cpp).
  bool has_choice() const override;
  /// In battle: no card drawn (chance_events) and no Scout (view.cpp).
  bool showed_nothing_hidden(const State& before, std::string_view text, int player) const override;
  /// Views for every viewer (spectator.cpp): a deployment is hidden from the others.
  std::string action_text_for(std::string_view text, int actor, int viewer) const override;
  /// Events in words and structure (events.cpp), from the two states as `viewer` sees them.
  nlohmann::json events(const State& before, std::string_view action, int viewer) const override;
  nlohmann::json events_from_views(const State& before, const nlohmann::json& before_view,
                                   const nlohmann::json& after_view, std::string_view action,
                                   int viewer) const override;
  std::string events_text(const State& before, std::string_view action, int viewer) const override;
  /// Why the game ended (events.cpp).
  std::string over_reason() const override;
  /// card_notes.cpp: why each card in the hand that no legal action plays cannot be played.
  std::vector<std::pair<std::string, std::string>> card_notes(int viewer) const override;
  /// An action in structure and in words (action_info.cpp).
  nlohmann::json action_info(std::string_view text, int viewer) const override;
  std::string action_info_text(std::string_view text, int viewer, bool offered) const override;
  /// As a log line reads it: the same structure, the words saying what was done, with no
  /// forecast ("Discarded Archers", "Took the attack (no defence)"; action_info.cpp).
  std::string logged_info_text(std::string_view text, int viewer) const override;
  nlohmann::json action_shape(std::string_view text, int viewer) const override;
  bool grouped_shape(std::string_view text, int viewer, GroupedShape& out) const override;
  bool legal_grouped(int viewer, std::vector<std::string>& plain,
                     std::vector<ActionGroup>& groups) const override;

  // --- reading the state (for front ends, agents' evaluations and tests) ---
  const Ruleset& rules() const { return *rules_; }
  const Options& options() const { return options_; }
  const Geometry& geo() const { return *geo_; }
  Phase phase() const { return phase_; }
  int active() const { return active_; }
  int unit_count() const { return unit_count_; }
  const Unit& unit(int i) const { return units_[i]; }
  /// The squares of side `side`'s units (1 or 2).
  const SquareSet& side_squares(int side) const { return side_squares_[side - 1]; }
  /// Index of the unit on sq, or -1.
  int unit_at(int sq) const { return board_[sq] - 1; }
  Terrain terrain(int sq) const { return static_cast<Terrain>(terrain_[sq]); }
  /// Bit dir set when a step from sq in direction dir crosses a river.
  int river_mask(int sq) const { return river_[sq]; }
  /// Whether a straight line from `from` to `to` crosses a river on the way.
  bool crosses_river(int from, int to) const;
  /// The defender's battlefield (phase kBattlefield; the features stay for the map's notes).
  const FieldSetup& field() const { return field_; }
  FieldSetup& field() { return field_; }
  /// Starts the defender's battlefield phase on a clear board (new_game with map "defender").
  void begin_battlefield();
  /// Removes every river edge.
  void clear_rivers();
  /// A player whose army waits to be deployed (deployments are hidden until all are made).
  bool decides_ahead(int player) const override {
    return phase_ == Phase::kDeploy && player >= 1 && player <= player_count() &&
           reserve_count_[player - 1] > 0;
  }
  /// This position with `player` to deploy and every other deployment taken back (view.cpp).
  std::unique_ptr<State> ahead_position(int player) const override;
  /// The DBA set-up's swap step: deploy phase with both armies on the board (board 12).
  bool swap_step() const {
    if (phase_ != Phase::kDeploy || unit_count_ == 0) return false;
    for (int p = 0; p < player_count(); ++p)
      if (reserve_count_[p] != 0) return false;
    return true;
  }
  /// Whether sq is in `player`'s deployment zone: the two back rows, or with the DBA set-up
  /// of the 12x12 board the four back rows without the two side columns on each side; with
  /// contingents the player's own sector of its side's zone (sector_files()).
  bool in_deploy_zone(int player, int sq) const {
    const int width = geo_->width, height = geo_->height;
    const int r = geo_->rank(sq), f = geo_->file(sq);
    const bool wide_zone = options_.dba_setup || options_.contingents;
    const int depth = wide_zone ? 4 : 2;
    if (wide_zone && (f < 2 || f >= width - 2)) return false;
    const int side = side_of(player);
    if (options_.contingents) {
      const auto [lo, hi] = sector_files(player);
      if (f < lo || f >= hi) return false;
    }
    return side == 1 ? r < depth : r >= height - depth;
  }
  /// The squares of `player`'s deployment zone (those where in_deploy_zone holds).
  SquareSet deploy_zone(int player) const;
  /// Contingents: the files [first, last) of `player`'s deployment sector. The side's zone
  /// (without the 2 outer files on each edge) is cut into equal sectors, one per player of
  /// the side; the main player's is the left one of 2 (the centre one of 3) as the side looks
  /// at the board (multiplayer.md, "Board and deployment").
  std::pair<int, int> sector_files(int player) const;

  // --- players and sides (multiplayer.md; without contingents player = side) ---
  int player_count() const override { return options_.players(); }
  /// The side of a player: 1 (the attacker's) or 2.
  int side_of(int player) const override { return player <= options_.attackers ? 1 : 2; }
  /// The main player (commander-in-chief) of a side.
  int main_player(int side) const { return side == 1 ? 1 : options_.attackers + 1; }
  /// Whether a player is broken (its General lost or 8 losses; its units have left).
  bool broken(int player) const { return ((broken_ >> player) & 1) != 0; }
  void set_broken(int player) { broken_ = static_cast<std::uint8_t>(broken_ | (1 << player)); }
  /// The player whose hand `player`'s known cards (from Scout) are part of.
  /// The name of a player's army as positions write it ("" when not known; army_names.h).
  std::string army_name(int player) const;
  void set_army_name(int player, std::string_view name);
  int known_of(int player) const { return known_of_[player - 1]; }
  void set_known_of(int player, int of) { known_of_[player - 1] = static_cast<std::uint8_t>(of); }
  /// Lists moves, group starts and lines of sight with the square-by-square walks of the larger
  /// boards even on a board of one word, where the listings otherwise work with bits: the same
  /// lists, slower (tests compare the two). Not part of the position.
  void set_walks_only(bool on) {
    geo_ = on ? &walking_geometry(options_.board, options_.width())
              : &geometry(options_.board, options_.width());
  }
  /// The losses of a side's players together.
  int side_lost(int side) const {
    int n = 0;
    for (int p = 1; p <= player_count(); ++p) n += side_of(p) == side ? lost_[p - 1] : 0;
    return n;
  }
  int hand_count(int player, CardType c) const { return hand_[player - 1][c]; }
  /// The card types of which `player` holds at least one, as a mask (bit c: card type c),
  /// kept as the hand changes (held_; debug builds check it against the hand).
  std::uint32_t held_cards(int player) const {
    assert(held_[player - 1] == count_held(player));
    return held_[player - 1];
  }
  int hand_size(int player) const { return hand_size_[player - 1]; }
  int deck_size() const { return deck_size_; }
  /// The deck's card `i` from the top (0: the top card), i < deck_size().
  CardType deck_card_from_top(int i) const { return deck_[deck_size_ - 1 - i]; }
  int discard_size() const { return discard_size_; }
  int discard_count(CardType c) const { return discard_[c]; }
  int lost(int player) const { return lost_[player - 1]; }
  const Pending& pending() const { return pending_; }
  /// The attack or move awaiting an answer as the position writes it ("attack march d4xd5",
  /// "autokill d4xd5", "move CARD FROM-TO", "advance CARD SQ,..."); empty when none.
  std::string pending_text() const;
  int reserve_count(int player) const { return reserve_count_[player - 1]; }
  const ArmyEntry& reserve(int player, int i) const { return reserves_[player - 1][i]; }
  /// Cards of the hand of known_of(player) that `player` knows (from Scout).
  int known_count(int player, CardType c) const { return known_[player - 1][c]; }

  // --- building states (setup, position JSON, views) ---
  /// Sets a square's terrain and keeps the terrain sets of the move generator in step.
  void set_terrain(int sq, Terrain t) {
    terrain_[sq] = static_cast<std::uint8_t>(t);
    mark(impassable_set_, sq, t == Terrain::kImpassable);
    mark(rough_set_, sq, rough_ground(sq));
    mark(difficult_set_, sq, difficult(sq));
    mark(woods_set_, sq, blocks_sight(sq));
  }
  /// Puts a river between two orthogonally adjacent squares; false if they are not.
  bool add_river(int a, int b);
  /// The river edges as (a, b) square pairs with a < b.
  std::vector<std::pair<int, int>> rivers() const;
  /// Adds a unit; returns false when the square is taken or the unit table is full.
  bool add_unit(const Unit& u);
  void add_reserve(int player, ArmyEntry e);
  void set_hand_count(int player, CardType c, int n);
  void set_known_count(int player, CardType c, int n) {
    known_[player - 1][c] = static_cast<std::uint8_t>(n);
  }
  void push_deck_bottom(CardType c);
  void set_discard_count(CardType c, int n);
  void set_lost(int player, int n) { lost_[player - 1] = static_cast<std::uint8_t>(n); }
  void set_turn(int t) { turn_ = t; }
  void set_phase(Phase p, int active, int to_act) {
    phase_ = p;
    active_ = static_cast<std::uint8_t>(active);
    to_act_ = static_cast<std::uint8_t>(to_act);
  }
  void set_winner(int w) { winner_ = static_cast<std::int8_t>(w); }
  void set_pending(const Pending& p) { pending_ = p; }
  GroupBuild& group() { return group_; }
  const GroupBuild& group() const { return group_; }
  Rng& rng() { return rng_; }
  const Rng& rng() const { return rng_; }
  /// Starts turn 1 (player 1 draws) once both sides are deployed.
  void start_battle();
  /// Deck as card types, top first.
  std::vector<CardType> deck_top_first() const;
  /// Hidden-information scrub for a player's view: forgets the opponent's hand (keeping its
  /// size and what is known), the deck order and the random stream.
  void scrub_for(int player);
  /// Undeploys `player`'s units (views during hidden deployment).
  void undeploy(int player);
  /// Puts a card into `player`'s hand without changing its size (a view's deal of the unseen
  /// cards: hand_size_ kept the true size).
  void add_dealt_card(int player, CardType c) {
    ++hand_[player - 1][c];
    held_[player - 1] |= std::uint32_t{1} << c;
  }
  void set_deck(const std::vector<CardType>& top_first);
  /// A deck of these n cards in no order yet (a determinization's unseen cards): each draw
  /// takes one of the remaining cards uniformly with the state's random stream, which deals
  /// as a shuffled deck would without shuffling the cards no one draws.
  void set_deck_unordered(const CardType* cards, int n);
  void set_hand_size_only(int player, int n) {
    hand_size_[player - 1] = static_cast<std::uint8_t>(n);
  }

  // --- rules helpers shared by the generator, apply and the notation ---
  /// The direction a side's units advance in: up the board for side 1, down for side 2.
  int forward_dir(int side) const { return side == 1 ? 0 : 4; }
  bool can_enter(UnitType t, int sq) const {
    const auto terr = static_cast<Terrain>(terrain_[sq]);
    return terr != Terrain::kImpassable && !(rough_ground(sq) && rules_->units[t].no_rough);
  }
  /// Whether every unit type may stand on sq: not impassable, not rough or woods (War Wagons).
  bool firm(int sq) const {
    return terrain_[sq] != static_cast<std::uint8_t>(Terrain::kImpassable) && !rough_ground(sq);
  }
  /// Difficult going: a unit entering it must stop (rough, woods, steep hill); War Wagons
  /// cannot enter rough and woods, but may enter a steep hill (ancient-warfare.md §5).
  bool difficult(int sq) const {
    const auto terr = static_cast<Terrain>(terrain_[sq]);
    return terr == Terrain::kRough || terr == Terrain::kWoods || terr == Terrain::kSteepHill;
  }
  /// Rough ground for cards and abilities ("on Rough ground"): rough and woods.
  bool rough_ground(int sq) const {
    const auto terr = static_cast<Terrain>(terrain_[sq]);
    return terr == Terrain::kRough || terr == Terrain::kWoods;
  }
  bool on_hill(int sq) const {
    const auto terr = static_cast<Terrain>(terrain_[sq]);
    return terr == Terrain::kHill || terr == Terrain::kSteepHill;
  }
  /// Whether a unit of type d stepping from prev in direction dir onto sq must stop there:
  /// difficult going (light troops excepted) or across a river (every unit, §5).
  bool must_stop(const UnitDef& d, int prev, int dir, int sq) const {
    return (!d.rough_free && difficult(sq)) || ((river_[prev] >> dir) & 1) != 0;
  }
  /// Whether a line of sight stops at sq (woods), for all but indirect fire.
  bool blocks_sight(int sq) const {
    return terrain_[sq] == static_cast<std::uint8_t>(Terrain::kWoods);
  }
  /// Calls visit(sq) for each unit that a unit at `from` sees within `range` squares along the
  /// eight lines: the first unit of each line, or with `indirect` every unit on it (woods stop
  /// direct lines only). `see_through` counts as empty (the attacker's own square when it
  /// attacks from elsewhere). The one line walk of every attack generator; inlined.
  template <class Visit>
  void for_each_unit_in_sight(int from, int range, bool indirect, Visit&& visit,
                              int see_through = kNoSquare) const {
    if (geo_->one_word) {
      // On a board of one word: direct sight takes each line's first unit or wood (units
      // only visited); indirect sight every unit on each line within range, nearest first.
      std::uint64_t occupied = side_squares_[0].words[0] | side_squares_[1].words[0];
      if (see_through != kNoSquare) occupied &= ~(std::uint64_t{1} << see_through);
      if (!indirect) return visit_firsts(from, range, occupied, occupied, visit);
      const std::uint64_t within =
          geo_->lines_within[from][std::min(range, kMaxBoard - 1)].words[0];
      for (int dir = 0; dir < 8; ++dir) {
        std::uint64_t hits = geo_->ray_mask[from][dir] & within & occupied;
        const bool rising = Geometry::rising(dir);
        while (hits != 0) {
          const int sq = rising ? std::countr_zero(hits) : 63 - std::countl_zero(hits);
          hits &= ~(std::uint64_t{1} << sq);
          visit(sq);
        }
      }
      return;
    }
    for (int dir = 0; dir < 8; ++dir) {
      const auto& ray = geo_->ray[from][dir];
      for (int k = 0; k < range; ++k) {
        const int sq = ray[k];
        if (sq == kNoSquare) break;
        if (board_[sq] == 0 || sq == see_through) {
          if (!indirect && blocks_sight(sq)) break;
          continue;
        }
        visit(sq);
        if (!indirect) break;
      }
    }
  }
  /// As for_each_unit_in_sight with direct sight, visiting only the units on `targets`.
  template <class Visit>
  void for_each_target_in_sight(int from, int range, const SquareSet& targets,
                                Visit&& visit) const {
    if (geo_->one_word) {
      const std::uint64_t occupied = side_squares_[0].words[0] | side_squares_[1].words[0];
      return visit_firsts(from, range, occupied, occupied & targets.words[0], visit);
    }
    for_each_unit_in_sight(from, range, false, [&](int sq) {
      if (targets.test(sq)) visit(sq);
    });
  }
  /// On a board of one word: the first unit or wood of each of the eight lines from `from`
  /// within `range` squares (what direct sight reaches), one word per direction (0 where the
  /// line has none), found without a branch: the lowest bit of a rising line, else the highest.
  std::array<std::uint64_t, 8> first_on_lines(int from, int range, std::uint64_t occupied) const {
    const std::uint64_t ends = occupied | woods_set_.words[0];
    const std::uint64_t within = geo_->lines_within[from][std::min(range, kMaxBoard - 1)].words[0];
    std::array<std::uint64_t, 8> first;
#pragma GCC unroll 8
    for (int dir = 0; dir < 8; ++dir) {
      const std::uint64_t hits = geo_->ray_mask[from][dir] & within & ends;
      first[dir] = Geometry::rising(dir) ? hits & (~hits + 1) : highest_bit_or_one(hits) & hits;
    }
    return first;
  }
  /// Visits the first unit of each line from `from` within `range` (direct sight) that is on
  /// `only`, line by line in direction order.
  template <class Visit>
  void visit_firsts(int from, int range, std::uint64_t occupied, std::uint64_t only,
                    Visit&& visit) const {
    const auto first = first_on_lines(from, range, occupied);
    unsigned lines = 0;  // the directions whose first square is one to visit
#pragma GCC unroll 8
    for (int dir = 0; dir < 8; ++dir)
      lines |= static_cast<unsigned>((first[dir] & only) != 0) << dir;
    for (; lines != 0; lines &= lines - 1) visit(std::countr_zero(first[std::countr_zero(lines)]));
  }
  /// Whether the Rough Ground defense card may answer an attack from attacker_sq on
  /// target_sq: target on rough ground, attack across a river, or (option house_terrain) a
  /// target on a hill attacked from lower ground (house rules).
  bool rough_defense_ok(int target_sq, int attacker_sq) const {
    return rough_ground(target_sq) ||
           (attacker_sq != kNoSquare &&
            (crosses_river(attacker_sq, target_sq) ||
             (options_.house_terrain && on_hill(target_sq) && !on_hill(attacker_sq))));
  }
  /// Whether `attacker` auto-kills `target` (on target_sq) when it can attack it: its type's
  /// row of the auto-kill table names the target's, and no built-up area shelters the target
  /// (house rule). The move generator's test, and the words of a card attack that an auto-kill
  /// would replace.
  bool autokills(const Unit& attacker, const Unit& target, int target_sq) const {
    return rules_->units[attacker.type].autokills.test(target.type) &&
           terrain_[target_sq] != static_cast<std::uint8_t>(Terrain::kBuiltUp);
  }
  /// A unit's attack range from a square: its type's, one more for missile troops on a hill.
  int attack_range(const Unit& u, int from_sq) const {
    const UnitDef& d = rules_->units[u.type];
    return d.range + ((d.missile && on_hill(from_sq)) ? 1 : 0);
  }
  /// Whether one of `enemies` stands on a straight line from sq within `range` squares (seen
  /// or not): when none does, a unit there has nothing to attack.
  bool enemy_on_lines(int sq, int range, const SquareSet& enemies) const {
    const SquareSet& lines = geo_->lines_within[sq][std::min(range, kMaxBoard - 1)];
    if (geo_->one_word) return (lines.words[0] & enemies.words[0]) != 0;  // one word
    return lines.intersects(enemies);
  }
  /// The square a unit on target_sq moves to when pushed back along dir, or kNoSquare.
  int recoil_square(int target_sq, int dir) const;
  /// What an undefended attack of the retreat edition does to its target (resolve_retreat).
  enum class RetreatFate : std::uint8_t {
    kRetreats,         ///< it moves back one square, to `back`
    kLooted,           ///< a Camp is looted
    kElephants,        ///< Elephants never retreat
    kOverrun,          ///< Heavy Cavalry overrun Light Infantry
    kRetreatedBefore,  ///< forced back already this turn (twice, where it evades Heavy Infantry)
    kNoRetreatSquare,  ///< no square behind it it may enter (retreat_words says which)
  };
  /// The fate of the unit on target_sq attacked by a unit of type `attacker` from attacker_sq
  /// (where it stands, or will stand after a move), undefended; `back` is where it retreats to
  /// (kNoSquare where it does not).
  RetreatFate retreat_fate(UnitType attacker, int attacker_sq, int target_sq, int& back) const;
  /// The same in words, for the player deciding on a defence or reading the log: "retreats to
  /// d7", or "is destroyed: Elephants never retreat" (the unit named by the caller before it).
  std::string retreat_words(UnitType attacker, int attacker_sq, int target_sq) const;
  /// retreat_words for the card attack awaiting its answer, or "" where none does (or outside
  /// the retreat edition): what taking it does.
  std::string awaited_attack_words() const;
  bool group_eligible(const GroupBuild& g, int unit_index, int distance) const;
  int group_distance(CardType c) const;
  /// Where the unit on `sq` ends in a group advance with card `c` (straight forward by the
  /// card's number), or kNoSquare where no unit stands or the board ends first.
  int advance_landing(CardType c, int sq) const;
  /// Canonical front-first order key for a side's units: smaller comes first.
  int front_key(int side, int sq) const;
  /// Calls `leaf(squares, count)` for each whole legal group advance with card `c` of the
  /// player to act, its squares front first, in legal_texts' order (notation.cpp).
  template <class Leaf>
  void for_each_group(CardType c, Leaf&& leaf) const;
  bool defense_allowed(CardType c) const;
  bool attack_condition(CardType c, int attacker, int target) const;
  bool line_clear(int from, int to, int ignore_sq = kNoSquare) const;
  /// Retreat edition: whether the acting unit meets a card's condition (move/attack/defense).
  bool retreat_card_condition(CardType c, const Unit& actor, int actor_sq, int target_sq) const;
  /// Retreat edition: whether attacker type may attack the target unit at all.
  bool may_attack(UnitType attacker, const Unit& target) const {
    return !rules_->never_attacks[attacker].test(target.type) &&
           !(rules_->only_retreated[attacker].test(target.type) && target.retreats == 0);
  }
  /// Calls f(dest) for each square a straight move of 1..max squares from `from` may end on
  /// (path rules of the unit type; `from` itself counts as empty).
  template <class F>
  void for_each_straight_move(UnitType t, int owner, int from, int max, F&& f) const {
    const UnitDef& d = rules_->units[t];
    for (int dir = 0; dir < 8; ++dir) {
      const auto& ray = geo_->ray[from][dir];
      int prev = from;
      for (int k = 0; k < std::min(max, kMaxBoard - 1); ++k) {
        const int sq = ray[k];
        if (sq == kNoSquare || !can_enter(t, sq)) break;
        if (board_[sq] == 0) f(sq);
        if (board_[sq] != 0 && (!d.pass_friends || units_[board_[sq] - 1].owner != owner)) break;
        if (must_stop(d, prev, dir, sq)) break;
        prev = sq;
      }
    }
  }
  bool in_direct_range(const Unit& u, int from_sq, int target_sq, int range,
                       int ignore_sq = kNoSquare) const;
  /// Whether the next undeployed unit of `player` may stand on sq with the rest still fitting.
  bool placement_ok(int player, int sq) const;
  /// Places the next undeployed unit of `player` on sq (no phase change).
  void place_reserve(int player, int sq);

 private:
  /// The events from what the two views (or states) show (events.cpp), as a tree or through a
  /// writer, and what `viewer` may know of the change from `before` to this state.
  nlohmann::json events_from_facts(const State& before, const EventFacts& facts,
                                   std::string_view action, int viewer) const;
  template <class Writer>
  void write_events(Writer& w, const State& before, const EventFacts& facts,
                    std::string_view action, int viewer) const;
  EventFacts facts_of(const WarfareState& before, int viewer) const;

  void gen_deploy(ActionList& out) const;
  void gen_swap(ActionList& out) const;
  void gen_battlefield(ActionList& out) const;
  void apply_battlefield(Action a);
  std::string battlefield_text(Action a) const;
  void gen_move_phase(ActionList& out) const;
  /// Whether any unit of the player to act has a straight move (gen_move_phase's narrow-board
  /// destinations, stopping at the first unit that has one).
  bool some_unit_moves() const;
  /// The squares of a board of at most 64 squares as bits: every unit's, the other side's.
  struct Occupancy {
    std::uint64_t occupied = 0, enemies = 0;
  };
  Occupancy occupancy_bits(int side) const {
    const std::uint64_t own = side_squares_[side - 1].words[0];
    const std::uint64_t other = side_squares_[2 - side].words[0];
    return {own | other, other};
  }
  /// Every unit's square as a set.
  SquareSet occupied_squares() const {
    const auto& a = side_squares_[0].words;
    const auto& b = side_squares_[1].words;
    return {{a[0] | b[0], a[1] | b[1], a[2] | b[2]}};
  }
  /// Whether side_squares_ and player_units_ match units_ (checked in debug builds).
  bool side_sets_match() const;
  /// Sets side_squares_ and player_units_ from units_ (after units were moved in bulk).
  void rebuild_unit_sets();
  /// The held move cards (a mask) that unit u may move with (its Move limit, each card's own
  /// condition), the knight cards among those within its Move limit, and their distances.
  struct UnitMoveCards {
    std::uint32_t usable = 0, knights = 0, distances = 0;
  };
  UnitMoveCards unit_move_cards(const Unit& u, const UnitDef& d, std::uint32_t held_moves) const;
  /// Unit u's straight-move destinations at the given distances, as bits (narrow boards).
  std::uint64_t straight_destinations(const Unit& u, const UnitDef& d, std::uint32_t distances,
                                      const Occupancy& occ) const;
  void gen_battle_phase(ActionList& out) const;
  void gen_defense(ActionList& out) const;
  void gen_group(ActionList& out) const;
  void gen_group_starts(ActionList& out) const;
  /// gen_group_starts on a board of at most 64 squares without rivers, group_cards being the
  /// held move cards that advance a group: the units that could advance alone found as one
  /// set per card, class by class (their type's terrain and passing rules, their Move).
  void gen_group_starts_narrow(std::uint32_t group_cards, ActionList& out) const;
  /// Whether unit u of the side to act could advance `dist` squares in direction fwd (a
  /// board of at most 64 squares without rivers; the group's squares left out of `occupied`):
  /// group_eligible's walk as bits, without its Move and card checks (the units that could
  /// join a group behind its first).
  bool advances(const Unit& u, const UnitDef& d, int fwd, int dist, std::uint64_t occupied,
                std::uint64_t enemies) const;
  /// Autokill edition: one unit's attacks; attack_cards = the held attack cards (a mask over
  /// card types), supported = the enemy units two or more friendly units see, enemies = the
  /// squares of the other side's units.
  void gen_unit_attacks(int ui, std::uint32_t attack_cards, const SquareSet& supported,
                        const SquareSet& enemies, ActionList& out) const;
  void gen_special_common(ActionList& out) const;
  /// Whether the terrain sets match terrain_ (checked in debug builds).
  bool terrain_sets_match() const;
  static void mark(SquareSet& s, int sq, bool on) {
    if (on)
      s.set(sq);
    else
      s.reset(sq);
  }
  // Retreat edition (retreat.cpp).
  void gen_retreat_attacks(int ui, std::uint32_t attack_cards, ActionList& out) const;
  void gen_retreat_defense(ActionList& out) const;
  bool retreat_defense_allowed(CardType c) const;
  void gen_move_window(ActionList& out) const;
  void open_move_window(Action a);
  void close_move_window(bool negated);
  void resolve_retreat(int attacker_sq, int target_sq);
  /// Why card `c` of the player to act cannot be played now (card_notes.cpp).
  std::string card_note(CardType c) const;
  void perform_move(Action a);

  void remove_from_hand(int player, CardType c);
  void discard_card(CardType c);
  void draw_card(int player);
  /// Takes a unit off the board (the last unit moves into its slot).
  void remove_unit(int unit_index);
  void destroy(int unit_index);
  void move_unit(int unit_index, int to);
  void end_turn();
  void pursue(int attacker_sq, int target_sq);
  void resolve_attack(int attacker_sq, int target_sq, CardType card, bool autokill);
  void finish_pending(bool defended, CardType defense, int defend_dest = kNoSquare);
  void finish_retreat(bool defended, CardType defense, int defend_dest);
  /// Contingents: a player who is broken leaves (its units and hand); its side loses when it
  /// is the main player.
  void break_player(int player);
  /// The next player after `player` in turn order who is not broken.
  int next_player(int player) const;
  /// The first player of the side opposing `player` after `after` (in turn order) who is not
  /// broken, or 0: who may answer a move with Difficult Ground next.
  int next_answerer(int after) const;

  const Ruleset* rules_;
  const Geometry* geo_;
  Options options_;
  Rng rng_;
  std::int32_t turn_ = 0;
  Phase phase_ = Phase::kDeploy;
  std::uint8_t active_ = 1;
  std::uint8_t to_act_ = 1;
  std::int8_t winner_ = kNotOver;
  std::uint8_t unit_count_ = 0;
  std::uint8_t deck_size_ = 0;
  std::uint8_t discard_size_ = 0;
  std::uint8_t broken_ = 0;  ///< bit p: player p is broken (contingents)
  std::array<std::uint8_t, kMaxPlayers> lost_{};
  std::array<std::uint8_t, kMaxPlayers> hand_size_{};
  std::array<std::uint8_t, kMaxPlayers> reserve_count_{};
  /// Whose hand each player's known cards belong to (the opponent without contingents).
  std::array<std::uint8_t, kMaxPlayers> known_of_{2, 1};
  /// Each player's army name, as its number in army_names.h's table (0: none).
  std::array<std::uint16_t, kMaxPlayers> army_name_{};
  Pending pending_;
  GroupBuild group_;
  std::array<std::uint8_t, kMaxSquares> board_{};    ///< unit index + 1, 0 = empty
  std::array<std::uint8_t, kMaxSquares> terrain_{};  ///< Terrain values
  std::array<std::uint8_t, kMaxSquares> river_{};    ///< see river_mask()
  /// terrain_ as sets (set_terrain keeps them): impassable squares, rough ground (rough and
  /// woods), difficult going and woods; the generators walk their rays with them. has_rivers_:
  /// whether any river edge was set since clear_rivers (moves then walk square by square).
  SquareSet impassable_set_, rough_set_, difficult_set_;
  SquareSet woods_set_;  ///< the squares that stop a line of sight (blocks_sight)
  /// The squares of each side's units (add_unit, move_unit and remove_unit keep them).
  std::array<SquareSet, 2> side_squares_{};
  /// Each player's units, as indices into units_ (kept with side_squares_).
  std::array<UnitSet, kMaxPlayers> player_units_{};
  bool has_rivers_ = false;
  bool deck_unordered_ = false;  ///< see set_deck_unordered
  /// Cards drawn so far, for chance_events(): not part of the position (equals() and the JSON
  /// leave it out).
  std::uint32_t draws_ = 0;
  std::array<Unit, kMaxUnits> units_{};
  std::array<std::array<std::uint8_t, kMaxCardTypes>, kMaxPlayers> hand_{};
  /// Each hand's card types as a mask (held_cards); every change of hand_ keeps it.
  std::array<std::uint32_t, kMaxPlayers> held_{};
  /// held_ computed from the hand.
  std::uint32_t count_held(int player) const;
  std::array<std::array<std::uint8_t, kMaxCardTypes>, kMaxPlayers> known_{};
  std::array<std::uint8_t, kMaxCardTypes> discard_{};
  std::array<CardType, kMaxDeck> deck_{};  ///< top = deck_[deck_size_ - 1]
  std::array<std::array<ArmyEntry, kMaxArmy>, kMaxPlayers> reserves_{};
  FieldSetup field_;
};

/// Reads an Ancient Warfare position; throws BadInput.
std::unique_ptr<WarfareState> warfare_from_json(const nlohmann::json& position);

}  // namespace ancients::warfare
