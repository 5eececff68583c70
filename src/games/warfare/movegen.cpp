// Ancient Warfare: legal action generation for the search space (see state.h). Every action
// appears once; a group advance is built one unit at a time (front first) and a deployment
// one unit at a time, so that no list is exponential. Allocation-free once `out` has grown.
// Rules source: shared/rules/ancient-warfare.md §1 (movement, attacks) and §2.
#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>

#include "games/warfare/state.h"

namespace ancients::warfare {

bool WarfareState::line_clear(int from, int to, int ignore_sq) const {
  const auto l = geo_->line(from, to);
  if (!l) return false;
  for (int k = 0; k < l->second - 1; ++k) {
    const int sq = geo_->ray[from][l->first][k];
    if ((board_[sq] != 0 && sq != ignore_sq) || blocks_sight(sq)) return false;
  }
  return true;
}

bool WarfareState::in_direct_range(const Unit& /*u*/, int from_sq, int target_sq, int range,
                                   int ignore_sq) const {
  const auto l = geo_->line(from_sq, target_sq);
  return l && l->second <= range && line_clear(from_sq, target_sq, ignore_sq);
}

SquareSet WarfareState::deploy_zone(int player) const {
  // As in_deploy_zone: the side's back rows (two; four with the DBA-style set-up or
  // contingents), without the two outer files on each edge where the zone is wide, and with
  // contingents only the player's sector.
  const int width = geo_->width, height = geo_->height;
  const bool wide_zone = options_.dba_setup || options_.contingents;
  const int depth = wide_zone ? 4 : 2;
  int first_file = wide_zone ? 2 : 0, end_file = wide_zone ? width - 2 : width;
  if (options_.contingents) {
    const auto [lo, hi] = sector_files(player);
    first_file = std::max(first_file, lo);
    end_file = std::min(end_file, hi);
  }
  SquareSet zone;
  if (end_file <= first_file) return zone;
  const int first_rank = side_of(player) == 1 ? 0 : height - depth;
  for (int r = first_rank; r < first_rank + depth; ++r)
    zone.set_run(r * width + first_file, end_file - first_file);
  return zone;
}

void WarfareState::gen_deploy(ActionList& out) const {
  const int p = to_act_;
  if (reserve_count_[p - 1] == 0) return;
  const UnitType next = reserves_[p - 1][0].type;
  // The free squares of the zone, and how many of them are firm (not rough ground): after this
  // placement the rest of the reserve must still fit, the units that cannot enter rough ground
  // on firm squares.
  const SquareSet free = deploy_zone(p).minus(occupied_squares()).minus(impassable_set_);
  const int free_any = free.count(), free_firm = free.minus(rough_set_).count();
  int need_firm = 0;
  for (int i = 1; i < reserve_count_[p - 1]; ++i)
    need_firm += rules_->units[reserves_[p - 1][i].type].no_rough;
  const int need_any = reserve_count_[p - 1] - 1;
  if (need_any > free_any - 1 || need_firm > free_firm) return;
  // The squares it may enter; if the firm squares are all needed, only rough ones.
  SquareSet places = rules_->units[next].no_rough ? free.minus(rough_set_) : free;
  if (need_firm > free_firm - 1) places = places.both(rough_set_);
  places.for_each([&](int sq) { out.push_back(make_action(Kind::kPlace, 0, sq)); });
}

void WarfareState::gen_swap(ActionList& out) const {
  // The defender swaps two of the attacker's (player 1's) units, or passes.
  for (int i = 0; i < unit_count_; ++i) {
    if (units_[i].owner != 1) continue;
    for (int j = 0; j < unit_count_; ++j) {
      const Unit &a = units_[i], &b = units_[j];
      // Contingents: two units of one player, which stay in its sector.
      if (b.owner != 1 || b.square <= a.square || b.player != a.player) continue;
      if (a.type == b.type && a.elite == b.elite && a.general == b.general) continue;
      if (can_enter(a.type, b.square) && can_enter(b.type, a.square))
        out.push_back(make_action(Kind::kSwap, 0, a.square, b.square));
    }
  }
  out.push_back(make_action(Kind::kPass));
}

bool WarfareState::placement_ok(int player, int sq) const {
  if (!in_deploy_zone(player, sq) || board_[sq] != 0) return false;
  if (!can_enter(reserves_[player - 1][0].type, sq)) return false;
  // After this placement the rest must still fit: enough free squares, and enough free
  // non-rough squares for the units that cannot enter rough (the only restriction by type).
  int free_any = 0, free_firm = 0;
  for (int s = 0; s < geo_->squares; ++s) {
    if (!in_deploy_zone(player, s) || s == sq || board_[s] != 0) continue;
    const auto t = static_cast<Terrain>(terrain_[s]);
    if (t == Terrain::kImpassable) continue;
    ++free_any;
    if (firm(s)) ++free_firm;
  }
  int need_any = 0, need_firm = 0;
  for (int i = 1; i < reserve_count_[player - 1]; ++i) {
    ++need_any;
    if (rules_->units[reserves_[player - 1][i].type].no_rough) ++need_firm;
  }
  return need_any <= free_any && need_firm <= free_firm;
}

void WarfareState::gen_special_common(ActionList& out) const {
  const int p = to_act_;
  const auto& hand = hand_[p - 1];
  const CardType sa = rules_->special_ability;
  if (hand[sa] > 0) {
    for (const int i : player_units_[p - 1]) {
      const Unit& u = units_[i];
      if ((rules_->units[u.type].special_uses & kSpecialDismount) != 0)
        out.push_back(make_action(Kind::kDismount, sa, u.square));
    }
  }
  if (rules_->scout != 0xFF && hand[rules_->scout] > 0) {
    if (!options_.contingents) {
      out.push_back(make_action(Kind::kScout, rules_->scout));
    } else {  // `scout P`: the hand of one opposing player who is still in the battle
      for (int q = 1; q <= player_count(); ++q)
        if (side_of(q) != side_of(p) && !broken(q))
          out.push_back(make_action(Kind::kScout, rules_->scout, q));
    }
  }
}

namespace {

/// Calls f(c) for each bit c set in mask, lowest first (card table order).
template <class F>
inline void for_each_bit(std::uint32_t mask, F&& f) {
  for (; mask != 0; mask &= mask - 1) f(std::countr_zero(mask));
}

}  // namespace

std::uint32_t WarfareState::count_held(int player) const {
  // One bit per nonzero byte of the hand, eight card types at a time: bit 7 of each byte is
  // set where the byte is nonzero, then one multiplication gathers those bits into a byte.
  constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL, kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kGather = 0x0102040810204080ULL;
  static_assert(kMaxCardTypes % 8 == 0 && kMaxCardTypes <= 32);
  const auto& hand = hand_[player - 1];
  std::uint32_t held = 0;
  for (int w = 0; w < kMaxCardTypes / 8; ++w) {
    std::uint64_t bytes = 0;
    std::memcpy(&bytes, hand.data() + 8 * w, 8);
    const std::uint64_t nonzero = ((((bytes & kLow7) + kLow7) | bytes) >> 7) & kOnes;
    held |= static_cast<std::uint32_t>((nonzero * kGather) >> 56) << (8 * w);
  }
  return held;
}

void WarfareState::rebuild_unit_sets() {
  side_squares_ = {};
  player_units_ = {};
  for (int i = 0; i < unit_count_; ++i) {
    side_squares_[units_[i].owner - 1].set(units_[i].square);
    player_units_[units_[i].player - 1].set(i);
  }
}

bool WarfareState::side_sets_match() const {
  std::array<SquareSet, 2> sets{};
  std::array<UnitSet, kMaxPlayers> players{};
  for (int i = 0; i < unit_count_; ++i) {
    sets[units_[i].owner - 1].set(units_[i].square);
    players[units_[i].player - 1].set(i);
  }
  return sets == side_squares_ && players == player_units_;
}

bool WarfareState::terrain_sets_match() const {
  for (int sq = 0; sq < kMaxSquares; ++sq)
    if (impassable_set_.test(sq) !=
            (terrain_[sq] == static_cast<std::uint8_t>(Terrain::kImpassable)) ||
        rough_set_.test(sq) != rough_ground(sq) || difficult_set_.test(sq) != difficult(sq) ||
        woods_set_.test(sq) != blocks_sight(sq))
      return false;
  return true;
}

// The two helpers below are gen_move_phase's inner steps, shared with some_unit_moves:
// inlined, as they were written in place before (called apart they cost 4% of the search).
[[gnu::always_inline]] inline WarfareState::UnitMoveCards WarfareState::unit_move_cards(
    const Unit& u, const UnitDef& d, std::uint32_t held_moves) const {
  UnitMoveCards m;
  for_each_bit(held_moves, [&](int c) {
    const CardDef& card = rules_->cards[c];
    if (d.move < card.min_move) return;
    if (card.knight) m.knights |= 1u << c;
    if (card.distances == 0) return;
    if (card.condition != CardCondition::kNone &&
        !retreat_card_condition(static_cast<CardType>(c), u, u.square, kNoSquare))
      return;
    m.usable |= 1u << c;
    m.distances |= card.distances;
  });
  return m;
}

[[gnu::always_inline]] inline std::uint64_t WarfareState::straight_destinations(
    const Unit& u, const UnitDef& d, std::uint32_t distances, const Occupancy& occ) const {
  // Along each line the squares up to the first that ends it (a queen's attack set with those
  // as blockers) within the longest distance a card moves, less those it may not enter or stop
  // on and those at a distance no card moves.
  const int max =
      std::min(static_cast<int>(d.move), static_cast<int>(std::bit_width(distances)) - 1);
  const std::uint64_t cannot_enter = impassable_set_.words[0] |
                                     (d.pass_friends ? occ.enemies : occ.occupied) |
                                     (d.no_rough ? rough_set_.words[0] : 0);
  const auto& within = geo_->lines_within[u.square];
  // One square at most: nothing on the way ends a ray.
  if (max <= 1)
    return max == 1 && (distances & 2) != 0 ? within[1].words[0] & ~cannot_enter & ~occ.occupied
                                            : 0;
  const std::uint64_t ends = d.rough_free ? cannot_enter : cannot_enter | difficult_set_.words[0];
  std::uint64_t at_distance = 0;  // the squares on its lines at a distance a card moves
  for (std::uint32_t m = distances & ((2u << max) - 2); m != 0; m &= m - 1) {
    const int k = std::countr_zero(m);
    at_distance |= within[k].words[0] & ~within[k - 1].words[0];
  }
  // Each square that ends a ray nearer than `max` hides the squares behind it on its line
  // (`end` itself stays: a unit may stop on difficult ground): on each line the squares up to
  // its nearest such square, or all of them, found without a branch.
  const std::uint64_t near_ends = ends & within[max - 1].words[0];
  const auto& rays = geo_->ray_mask[u.square];
  std::uint64_t reached = 0;
#pragma GCC unroll 8
  for (int dir = 0; dir < 8; ++dir) {
    const std::uint64_t hits = rays[dir] & near_ends;
    // The line's squares up to its nearest end: on a rising line those up to its lowest bit
    // (hits ^ (hits - 1); all of them when there is none), on a falling line those from its
    // highest bit (minus it; with no end the sentinel bit 0 keeps all of them).
    if (Geometry::rising(dir)) {
      reached |= rays[dir] & (hits ^ (hits - 1));
    } else {
      reached |= rays[dir] & (0 - highest_bit_or_one(hits));
    }
  }
  return reached & within[max].words[0] & at_distance & ~cannot_enter & ~occ.occupied;
}

// gen_move_phase and gen_battle_phase are flattened (every call inlined): GCC otherwise calls
// an outlined vector::push_back for every action listed (2.4% of the engine's instructions).
[[gnu::flatten]] void WarfareState::gen_move_phase(ActionList& out) const {
  const int p = to_act_, side = side_of(p);
  const auto& hand = hand_[p - 1];
  const Ruleset& rs = *rules_;
  const CardType sa = rs.special_ability;
  // The move cards in hand as bit masks over card types: all of them, the knight cards, and
  // for each distance the cards that move exactly that far.
  const std::uint32_t held_moves = held_cards(p) & rs.move_cards;
  const bool any_group_card = (held_moves & ~rs.knight_cards) != 0;
  std::array<std::uint32_t, 8> by_distance;
  for (int dist = 0; dist < 8; ++dist)
    by_distance[dist] = rs.move_cards_by_distance[dist] & held_moves;
  const bool has_sa = hand[sa] > 0;
  assert(terrain_sets_match());
  // On a board of at most 64 squares without rivers a ray is walked with one word of bits:
  // the squares a unit may not enter and those where it must stop. Else square by square.
  const bool narrow = geo_->one_word && !has_rivers_;
  const Occupancy occ = narrow ? occupancy_bits(side) : Occupancy{};
  // House rule multi_move: any number of Move cards on a unit, each with the edition's own
  // distance rule (exact or a maximum; ancient-warfare.md §5).
  const bool multi = options_.multi_move;
  for (const int i : player_units_[p - 1]) {  // a player moves its own units only
    const Unit& u = units_[i];
    const UnitDef& d = rs.units[u.type];
    if ((u.moves >= d.moves_per_turn && !multi) || d.move == 0) continue;
    // The held cards this unit may move with (its Move limit, the card's own condition).
    const auto [usable, knights, distances] = unit_move_cards(u, d, held_moves);
    // Straight moves. On a narrow board all of a unit's destinations at once, as bits, then
    // listed ray by ray, nearest first, as the square-by-square walk does.
    if (usable != 0 && narrow) {
      // Each destination as bit 8 * direction + distance - 1 of a word (the board's lines are
      // at most 7 squares long), so that the word's bits come in the walk's order.
      std::uint64_t in_order = 0;
      for (std::uint64_t m = straight_destinations(u, d, distances, occ); m != 0; m &= m - 1) {
        const int line = geo_->lines[u.square][std::countr_zero(m)];  // dir | distance << 3
        in_order |= std::uint64_t{1} << (((line & 7) << 3) + (line >> 3) - 1);
      }
      const auto& rays = geo_->ray[u.square];
      for (; in_order != 0; in_order &= in_order - 1) {
        const int bit = std::countr_zero(in_order), dir = bit >> 3, k = bit & 7;
        const int sq = rays[dir][k];
        for_each_bit(by_distance[k + 1] & usable,
                     [&](int c) { out.push_back(make_action(Kind::kMove, c, u.square, sq)); });
      }
    } else if (usable != 0) {
      const int longest = static_cast<int>(std::bit_width(distances)) - 1;
      const int max = std::min({static_cast<int>(d.move), kMaxBoard - 1, longest});
      const bool no_rough = d.no_rough, rough_free = d.rough_free, pass = d.pass_friends;
      for (int dir = 0; dir < 8; ++dir) {
        const auto& ray = geo_->ray[u.square][dir];
        int prev = u.square;
        for (int k = 0; k < max; ++k) {
          const int sq = ray[k];
          if (sq == kNoSquare) break;
          const std::uint8_t terr = terrain_[sq];
          if (terr == static_cast<std::uint8_t>(Terrain::kImpassable) ||
              (no_rough && rough_ground(sq)))
            break;
          const int occupant = board_[sq];
          if (occupant == 0) {
            for_each_bit(by_distance[k + 1] & usable,
                         [&](int c) { out.push_back(make_action(Kind::kMove, c, u.square, sq)); });
          } else if (!pass || units_[occupant - 1].owner != side) {
            break;  // going further: only through friends, for units that may
          }
          if ((!rough_free && difficult(sq)) || ((river_[prev] >> dir) & 1) != 0) break;
          prev = sq;
        }
      }
    }
    // Knight moves: with a knight card (units of enough Move) or the unit's special ability.
    const bool sa_knight = has_sa && (d.special_uses & kSpecialKnightMove) != 0;
    if (knights != 0 || sa_knight) {
      // The jumps onto free squares it may enter as eight bits in the table's order: on a
      // narrow board gathered from one word without a branch per jump, else square by square.
      const auto& jumps = geo_->knight[u.square];
      unsigned ok = 0;
      if (narrow) {
        const std::uint64_t open =
            ~(occ.occupied | impassable_set_.words[0] | (d.no_rough ? rough_set_.words[0] : 0));
        for (int j = 0; j < 8; ++j) ok |= static_cast<unsigned>((open >> (jumps[j] & 63)) & 1) << j;
        ok &= geo_->knight_on_board[u.square];
      } else {
        for (int j = 0; j < 8; ++j)
          if (jumps[j] != kNoSquare && board_[jumps[j]] == 0 && can_enter(u.type, jumps[j]))
            ok |= 1u << j;
      }
      for (; ok != 0; ok &= ok - 1) {
        const int to = jumps[std::countr_zero(ok)];
        for_each_bit(knights,
                     [&](int c) { out.push_back(make_action(Kind::kMove, c, u.square, to)); });
        if (sa_knight) out.push_back(make_action(Kind::kMove, sa, u.square, to));
      }
    }
  }
  if (any_group_card) gen_group_starts(out);
  gen_special_common(out);
  out.push_back(make_action(Kind::kEnd));
}

bool WarfareState::has_choice() const {
  // The orders phase: a discard of each card type held.
  if (phase_ == Phase::kOrders) return bit_count(held_cards(to_act_)) >= 2;
  if (phase_ != Phase::kMove || pending_.kind != Pending::kNone || group_.count > 0 ||
      geo_->squares > 64 || has_rivers_)
    return false;
  const bool moves = some_unit_moves();
#ifndef NDEBUG
  thread_local ActionList all;  // kept: the check allocates nothing once it has grown
  legal_actions(all);
  assert(!moves || all.size() >= 2);
#endif
  return moves;
}

bool WarfareState::some_unit_moves() const {
  const int p = to_act_;
  const std::uint32_t held_moves = held_cards(p) & rules_->move_cards;
  if (held_moves == 0) return false;
  const Occupancy occ = occupancy_bits(side_of(p));
  for (const int i : player_units_[p - 1]) {
    const Unit& u = units_[i];
    const UnitDef& d = rules_->units[u.type];
    if ((u.moves >= d.moves_per_turn && !options_.multi_move) || d.move == 0) continue;
    const std::uint32_t distances = unit_move_cards(u, d, held_moves).distances;
    if (distances != 0 && straight_destinations(u, d, distances, occ) != 0) return true;
  }
  return false;
}

bool WarfareState::attack_condition(CardType c, int attacker_sq, int target_sq) const {
  const Unit& a = units_[board_[attacker_sq] - 1];
  switch (rules_->cards[c].condition) {
    case CardCondition::kNone:
      return true;
    case CardCondition::kElite:
      return a.elite != 0;
    case CardCondition::kOutflank: {
      const int ar = geo_->rank(attacker_sq), tr = geo_->rank(target_sq);
      return a.owner == 1 ? ar > tr : ar < tr;
    }
    case CardCondition::kSupported:
      for (int i = 0; i < unit_count_; ++i) {
        const Unit& v = units_[i];
        if (v.owner != a.owner || v.square == attacker_sq) continue;
        if (in_direct_range(v, v.square, target_sq, attack_range(v, v.square))) return true;
      }
      return false;
    default:
      return false;
  }
}

void WarfareState::gen_unit_attacks(int ui, std::uint32_t attack_cards, const SquareSet& supported,
                                    const SquareSet& enemies, ActionList& out) const {
  const Unit& u = units_[ui];
  const Ruleset& rs = *rules_;
  const UnitDef& d = rs.units[u.type];
  const int p = u.owner;                   // its side (enemies: the other side)
  const auto& hand = hand_[u.player - 1];  // its player's hand
  const CardType sa = rs.special_ability;
  const bool has_sa = hand[sa] > 0;
  const bool sa_attack = has_sa && (d.special_uses & kSpecialAttack) != 0 &&
                         (d.special_when != SpecialWhen::kOnRough || rough_ground(u.square)) &&
                         (d.special_when != SpecialWhen::kOnClear ||
                          terrain_[u.square] == static_cast<std::uint8_t>(Terrain::kClear));
  const int range = attack_range(u, u.square);
  const bool sa_own_line = sa_attack && !d.special_indirect && d.special_range == 0;
  const int my_rank = geo_->rank(u.square);
  if (enemy_on_lines(u.square, range, enemies))
    for_each_target_in_sight(u.square, range, enemies, [&](int sq) {
      const Unit& t = units_[board_[sq] - 1];
      if (autokills(u, t, sq)) out.push_back(make_action(Kind::kAutokill, 0, u.square, sq));
      for (std::uint32_t m = attack_cards; m != 0; m &= m - 1) {
        const int c = std::countr_zero(m);
        bool ok = false;
        switch (rs.cards[c].condition) {
          case CardCondition::kNone:
            ok = true;
            break;
          case CardCondition::kElite:
            ok = u.elite != 0;
            break;
          case CardCondition::kOutflank: {
            const int tr = geo_->rank(sq);
            ok = p == 1 ? my_rank > tr : my_rank < tr;
            break;
          }
          case CardCondition::kSupported:  // this unit and another see the target
            ok = supported.test(sq);
            break;
          default:
            ok = attack_condition(static_cast<CardType>(c), u.square, sq);
            break;
        }
        if (ok) out.push_back(make_action(Kind::kAttack, c, u.square, sq));
      }
      if (sa_own_line &&
          (d.special_when != SpecialWhen::kVsNonMissile || !rs.units[t.type].missile))
        out.push_back(make_action(Kind::kAttack, sa, u.square, sq));
    });
  if (sa_attack && !sa_own_line) {
    const int sa_range = d.special_range > 0 ? d.special_range + (range - d.range) : range;
    if (enemy_on_lines(u.square, sa_range, enemies))
      for_each_unit_in_sight(u.square, sa_range, d.special_indirect, [&](int sq) {
        const Unit& t = units_[board_[sq] - 1];
        if (t.owner != p &&
            (d.special_when != SpecialWhen::kVsNonMissile || !rules_->units[t.type].missile))
          out.push_back(make_action(Kind::kAttack, sa, u.square, sq));
      });
  }
  if (has_sa && (d.special_uses & kSpecialTrample) != 0 && u.moves == 0 &&
      !d.no_attack_after_move) {
    for (int dir = 0; dir < 8; ++dir) {
      const int via = geo_->step(u.square, dir);
      if (via == kNoSquare || board_[via] != 0 || !can_enter(u.type, via)) continue;
      for_each_unit_in_sight(
          via, attack_range(u, via), false,
          [&](int sq) {
            if (units_[board_[sq] - 1].owner != p)
              out.push_back(make_action(Kind::kTrample, sa, u.square, via, sq));
          },
          u.square);
    }
  }
}

[[gnu::flatten]] void WarfareState::gen_battle_phase(ActionList& out) const {
  const int p = to_act_, side = side_of(p);
  const Ruleset& rs = *rules_;
  const bool retreat = rs.retreat;
  // The attack cards in hand (a mask over card types), and with a Supported Attack among them
  // the map of the enemy units that two or more of this side's units see (ancient-warfare.md
  // §1: any friendly unit with the target in its own range and a clear line).
  const std::uint32_t attack_cards = held_cards(p) & rs.attack_cards;
  const bool needs_support = (attack_cards & rs.supported_attack_cards) != 0;
  // The enemy units' squares: a unit with none of them within reach has no target, and its
  // lines are not walked.
  const SquareSet& enemies = side_squares_[2 - side];
  SquareSet seen, supported;
  if (needs_support && !retreat) {
    side_squares_[side - 1].for_each([&](int from) {  // an ally's unit supports too
      const Unit& v = units_[board_[from] - 1];
      const int range = attack_range(v, from);
      if (!enemy_on_lines(from, range, enemies)) return;
      for_each_unit_in_sight(from, range, false, [&](int sq) {
        if (seen.test(sq)) supported.set(sq);
        seen.set(sq);
      });
    });
  }
  std::array<std::uint8_t, kMaxUnits> attackers;  // (not in the retreat edition)
  int count = 0;
  for (const int i : player_units_[p - 1]) {
    const Unit& u = units_[i];
    const UnitDef& d = rs.units[u.type];
    if (u.attacks >= d.attacks_per_turn || (d.no_attack_after_move && u.moves != 0)) continue;
    if (retreat) {
      // Retreat edition: attacks may follow a move (a Charge card, Trample), so the bound is
      // a king's distance: no enemy that near, nothing to attack.
      int near = std::max(d.range, d.special_range) + 1;
      if (u.moves < d.moves_per_turn && d.move != 0 && !d.no_attack_after_move)
        near += std::max(1, static_cast<int>(d.trample_move));
      if (near <= Geometry::kBallRadius && !geo_->king_ball[u.square][near].intersects(enemies))
        continue;
      gen_retreat_attacks(i, attack_cards, out);
      continue;
    }
    // No enemy on its lines as far as any of its attacks reaches (one more on a hill): it has
    // no target. A trampling unit attacks from a neighbouring square, off these lines. The
    // units that may have one are noted without a branch, then listed in unit order.
    const int reach = std::max(d.range, d.special_range) + 1;
    attackers[count] = static_cast<std::uint8_t>(i);
    count += static_cast<int>((d.special_uses & kSpecialTrample) != 0) |
             static_cast<int>(enemy_on_lines(u.square, reach, enemies));
  }
  for (int j = 0; j < count; ++j)
    gen_unit_attacks(attackers[j], attack_cards, supported, enemies, out);
  gen_special_common(out);
  out.push_back(make_action(Kind::kEnd));
}

bool WarfareState::defense_allowed(CardType c) const {
  const int target_sq = pending_.target;
  const Unit& t = units_[board_[target_sq] - 1];
  const Unit& a = units_[board_[pending_.attacker] - 1];
  const CardDef& card = rules_->cards[c];
  if (c == rules_->special_ability) {
    const UnitDef& d = rules_->units[t.type];
    if ((d.special_uses & kSpecialDefend) != 0) {
      bool ok = true;
      if (d.special_when == SpecialWhen::kOnRough) ok = rough_ground(target_sq);
      if (d.special_when == SpecialWhen::kOnClear)
        ok = terrain_[target_sq] == static_cast<std::uint8_t>(Terrain::kClear);
      if (d.special_when == SpecialWhen::kVsNonMissile) ok = !rules_->units[a.type].missile;
      if (ok) return true;
    }
    for (int i = 0; i < unit_count_; ++i) {  // a rallying unit (the General) adjacent
      const Unit& g = units_[i];
      if (g.player == t.player && g.square != target_sq &&  // its own army's General
          (rules_->units[g.type].special_uses & kSpecialRally) != 0 &&
          geo_->king_distance(g.square, target_sq) == 1)
        return true;
    }
    return false;
  }
  if ((card.uses & kUseDefend) == 0) return false;
  if (card.effect == CardEffect::kRecoil &&
      recoil_square(target_sq, geo_->line(pending_.attacker, target_sq)->first) == kNoSquare)
    return false;
  switch (card.condition) {
    case CardCondition::kNone:
      return true;
    case CardCondition::kElite:
      return t.elite != 0;
    case CardCondition::kOnRough:
      return rough_defense_ok(target_sq, pending_.attacker);
    case CardCondition::kFriendAdjacent:
      for (int i = 0; i < unit_count_; ++i)
        if (units_[i].owner == t.owner && units_[i].square != target_sq &&
            geo_->king_distance(units_[i].square, target_sq) == 1)
          return true;
      return false;
    case CardCondition::kGeneralWithin2:  // Rally: the defending unit's own General
      for (int i = 0; i < unit_count_; ++i)
        if (units_[i].player == t.player &&
            (rules_->units[units_[i].type].role == Role::kGeneral || units_[i].general) &&
            geo_->king_distance(units_[i].square, target_sq) <= 2)
          return true;
      return false;
    default:
      return false;
  }
}

void WarfareState::gen_defense(ActionList& out) const {
  const auto& hand = hand_[to_act_ - 1];
  const int ncards = static_cast<int>(rules_->cards.size());
  for (int c = 0; c < ncards; ++c)
    if (hand[c] > 0 && defense_allowed(static_cast<CardType>(c)))
      out.push_back(make_action(Kind::kDefend, c));
  out.push_back(make_action(Kind::kPass));
}

void WarfareState::legal_actions(ActionList& out) const {
  out.clear();
  assert(side_sets_match());
  switch (phase_) {
    case Phase::kOver:
      return;
    case Phase::kBattlefield:
      gen_battlefield(out);
      return;
    case Phase::kDeploy:
      if (swap_step())
        gen_swap(out);
      else
        gen_deploy(out);
      return;
    case Phase::kOrders:
      for_each_bit(held_cards(to_act_),
                   [&](int c) { out.push_back(make_action(Kind::kDiscard, c)); });
      return;
    case Phase::kMove:
      if (pending_.kind == Pending::kMove)
        gen_move_window(out);
      else if (group_.count > 0)
        gen_group(out);
      else
        gen_move_phase(out);
      return;
    case Phase::kBattle:
      if (pending_.kind == Pending::kMove)
        gen_move_window(out);
      else if (pending_.kind != Pending::kNone && rules_->retreat)
        gen_retreat_defense(out);
      else if (pending_.kind != Pending::kNone)
        gen_defense(out);
      else
        gen_battle_phase(out);
      return;
  }
}

}  // namespace ancients::warfare
