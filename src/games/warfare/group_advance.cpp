// Ancient Warfare: the legal actions of a group advance (see state.h): which units may start
// one with each held move card, and which may join it. A group is built one unit at a time,
// front first, so that no list is exponential. On a board of at most 64 squares without rivers
// a unit's advance is checked as bits (its path against the occupied and the terrain squares);
// elsewhere square by square. Rules source: shared/rules/ancient-warfare.md §1 (group moves).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "games/warfare/state.h"

namespace ancients::warfare {

int WarfareState::front_key(int side, int sq) const {
  const int r = geo_->rank(sq);
  const int forward_rank = side == 1 ? r : geo_->height - 1 - r;
  return (geo_->height - 1 - forward_rank) * geo_->width + geo_->file(sq);
}

int WarfareState::group_distance(CardType c) const {
  return rules_->cards[c].advance;
}

int WarfareState::advance_landing(CardType c, int sq) const {
  const int distance = group_distance(c);
  if (sq < 0 || sq >= geo_->squares || board_[sq] == 0 || distance < 1 || distance > kMaxBoard)
    return kNoSquare;
  const int dest = geo_->ray[sq][forward_dir(units_[board_[sq] - 1].owner)][distance - 1];
  return dest == kNoSquare ? kNoSquare : dest;
}

bool WarfareState::group_eligible(const GroupBuild& g, int ui, int distance) const {
  const Unit& u = units_[ui];
  const UnitDef& d = rules_->units[u.type];
  if (u.moves >= d.moves_per_turn || d.move < distance) return false;
  if (rules_->cards[g.card].condition != CardCondition::kNone &&
      !retreat_card_condition(g.card, u, u.square, kNoSquare))
    return false;
  const int dir = forward_dir(u.owner);
  // Alone, it needs a free square at the end (looked at first: most are refused there).
  if (distance >= 1 && distance <= kMaxBoard) {
    const int dest = geo_->ray[u.square][dir][distance - 1];
    if (dest == kNoSquare || (g.count == 0 && board_[dest] != 0)) return false;
  }
  int prev = u.square;
  for (int k = 0; k < distance; ++k) {
    const int sq = geo_->ray[u.square][dir][k];
    if (sq == kNoSquare || !can_enter(u.type, sq)) return false;
    const bool last = k == distance - 1;
    if (!last && must_stop(d, prev, dir, sq)) return false;
    prev = sq;
    if (board_[sq] != 0) {
      bool in_group = false;
      for (int i = 0; i < g.count; ++i) in_group = in_group || g.squares[i] == sq;
      if (in_group) continue;
      if (last || !d.pass_friends || units_[board_[sq] - 1].owner != u.owner) return false;
    }
  }
  return true;
}

void WarfareState::gen_group(ActionList& out) const {
  const int p = to_act_, side = side_of(p);
  const int dist = group_distance(group_.card);
  const int last_key = front_key(side, group_.squares[group_.count - 1]);
  for (int i = 0; i < unit_count_; ++i) {
    const Unit& u = units_[i];
    if (u.player != p || front_key(side, u.square) <= last_key) continue;
    if (group_eligible(group_, i, dist)) out.push_back(make_action(Kind::kGroupAdd, 0, u.square));
  }
  if (group_.count >= 2) out.push_back(make_action(Kind::kGroupDone));
}

[[gnu::always_inline]] inline bool WarfareState::advances(const Unit& u, const UnitDef& d, int fwd,
                                                          int dist, std::uint64_t occupied,
                                                          std::uint64_t enemies) const {
  const int dest = geo_->ray[u.square][fwd][dist - 1];
  if (dest == kNoSquare) return false;
  // The path: the squares 1..dist ahead; `before` those short of the destination.
  const std::uint64_t dest_bit = std::uint64_t{1} << dest;
  const std::uint64_t before =
      geo_->ray_mask[u.square][fwd] & ~geo_->ray_mask[dest][fwd] & ~dest_bit;
  const std::uint64_t no_entry = impassable_set_.words[0] | (d.no_rough ? rough_set_.words[0] : 0);
  if (((before | dest_bit) & no_entry) != 0 || (dest_bit & occupied) != 0) return false;
  // Short of the destination: no difficult going (it would have to stop there), and units
  // passed through only where it may pass friends.
  const std::uint64_t stops = d.rough_free ? 0 : difficult_set_.words[0];
  return (before & (stops | (d.pass_friends ? enemies : occupied))) == 0;
}

void WarfareState::gen_group_starts(ActionList& out) const {
  const int p = to_act_, side = side_of(p);
  if (geo_->one_word && !has_rivers_) {
    const std::uint32_t group_cards = held_cards(p) & rules_->move_cards & ~rules_->knight_cards;
    bool in_reach = true;  // every advance 1..kMaxBoard squares (the rays' length)
    for (std::uint32_t m = group_cards; m != 0; m &= m - 1) {
      const int dist = group_distance(static_cast<CardType>(std::countr_zero(m)));
      in_reach = in_reach && dist >= 1 && dist <= kMaxBoard;
    }
    if (in_reach) return gen_group_starts_narrow(group_cards, out);
  }
  const auto& hand = hand_[p - 1];
  const int ncards = static_cast<int>(rules_->cards.size());
  for (int c = 0; c < ncards; ++c) {
    const CardDef& card = rules_->cards[c];
    if (hand[c] == 0 || (card.uses & kUseMove) == 0 || card.knight) continue;
    const int dist = group_distance(static_cast<CardType>(c));
    // Units that could advance alone, and their front-first keys.
    std::array<bool, kMaxUnits> alone;  // set below for every unit
    std::array<int, kMaxUnits> key;     // set for the units that could advance alone
    GroupBuild g;
    g.card = static_cast<CardType>(c);
    g.count = 0;
    int eligible = 0;
    // The quick refusals first (no move left, too slow, the square ahead taken), inline: most
    // units are refused there.
    const int fwd = forward_dir(side);
    const auto may_try = [&](const Unit& u) {
      if (u.player != p) return false;
      const UnitDef& d = rules_->units[u.type];
      if (u.moves >= d.moves_per_turn || d.move < dist) return false;
      if (dist < 1 || dist > kMaxBoard) return true;
      const int dest = geo_->ray[u.square][fwd][dist - 1];
      return dest != kNoSquare && board_[dest] == 0;
    };
    for (int i = 0; i < unit_count_; ++i) {
      alone[i] = may_try(units_[i]) && group_eligible(g, i, dist);
      if (!alone[i]) continue;
      key[i] = front_key(side, units_[i].square);
      ++eligible;
    }
    if (eligible == 0) continue;
    int last_key = -1;  // the hindmost unit that could advance alone
    for (int i = 0; i < unit_count_; ++i)
      if (alone[i]) last_key = std::max(last_key, key[i]);
    const int back = (forward_dir(side) + 4) % 8;
    for (int i = 0; i < unit_count_; ++i) {
      if (!alone[i]) continue;
      // Another unit further back in the order must be able to join: one that can advance
      // alone, or one behind this one in its file, which this one's advance unblocks.
      bool joinable = key[i] < last_key;
      // A unit behind in the same file, within the advance's distance, may need this one gone.
      g.count = 1;
      g.squares[0] = units_[i].square;
      for (int k = 0; k < dist && !joinable; ++k) {
        const int behind = geo_->ray[units_[i].square][back][k];
        if (behind == kNoSquare) break;
        const int bi = board_[behind] - 1;
        if (bi >= 0 && units_[bi].player == p) joinable = group_eligible(g, bi, dist);
      }
      g.count = 0;
      if (joinable) out.push_back(make_action(Kind::kGroupStart, c, units_[i].square));
    }
  }
}

void WarfareState::gen_group_starts_narrow(std::uint32_t group_cards, ActionList& out) const {
  const int p = to_act_, side = side_of(p);
  const int fwd = forward_dir(side), back = (fwd + 4) % 8;
  const int width = geo_->width;
  const std::uint64_t board =
      geo_->squares == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << geo_->squares) - 1;
  const Occupancy occ = occupancy_bits(side);
  // The squares whose unit would meet x's squares k ranks ahead: x moved k ranks back.
  const auto ahead_in = [&](std::uint64_t x, int k) -> std::uint64_t {
    if (k * width >= 64) return 0;
    return fwd == 0 ? x >> (k * width) : (x << (k * width)) & board;
  };
  // This player's units with a move left, as squares: by the terrain and passing rules of
  // their type (class bit 0: no rough ground, bit 1: rough-free, bit 2: passes friends), and
  // by their Move (moves_at_least[m]: Move m or more).
  std::array<std::uint64_t, 8> by_class{};
  // (A Move of 8 or more counts as 8: no ray of a board of 64 squares is longer than 7.)
  std::array<std::uint64_t, 9> moves_at_least{};
  for (const int i : player_units_[p - 1]) {
    const Unit& u = units_[i];
    const UnitDef& d = rules_->units[u.type];
    if (u.moves >= d.moves_per_turn) continue;
    const std::uint64_t bit = std::uint64_t{1} << u.square;
    by_class[(d.no_rough ? 1 : 0) | (d.rough_free ? 2 : 0) | (d.pass_friends ? 4 : 0)] |= bit;
    moves_at_least[std::min(d.move, 8)] |= bit;
  }
  for (int m = 7; m >= 0; --m) moves_at_least[m] |= moves_at_least[m + 1];
  // Whether unit ui may advance with card c over dist squares, the squares of `passable` (the
  // group's) counting as empty.
  const auto eligible = [&](int ui, CardType c, int dist, std::uint64_t passable) {
    const Unit& u = units_[ui];
    const UnitDef& d = rules_->units[u.type];
    if (u.moves >= d.moves_per_turn || d.move < dist) return false;
    if (rules_->cards[c].condition != CardCondition::kNone &&
        !retreat_card_condition(c, u, u.square, kNoSquare))
      return false;
    return advances(u, d, fwd, dist, occ.occupied & ~passable, occ.enemies);
  };
  for (; group_cards != 0; group_cards &= group_cards - 1) {
    const auto c = static_cast<CardType>(std::countr_zero(group_cards));
    const int dist = group_distance(c);
    // The squares of the units that could advance alone, class by class: the destination on
    // the board, enterable and free; the squares before it enterable, not difficult going
    // (unless rough-free) and free, or friends' for units that pass through friends.
    std::uint64_t alone = 0;
    if (dist > 8) continue;  // longer than any ray
    const std::uint64_t able = moves_at_least[dist] & ahead_in(board, dist);
    for (int f = 0; f < 8; ++f) {
      std::uint64_t units = by_class[f] & able;
      if (units == 0) continue;
      const std::uint64_t no_entry = impassable_set_.words[0] | ((f & 1) ? rough_set_.words[0] : 0);
      const std::uint64_t stops = (f & 2) ? 0 : difficult_set_.words[0];
      const std::uint64_t in_the_way = no_entry | stops | ((f & 4) ? occ.enemies : occ.occupied);
      units &= ~ahead_in(no_entry | occ.occupied, dist);
      for (int k = 1; k < dist && units != 0; ++k) units &= ~ahead_in(in_the_way, k);
      alone |= units;
    }
    if (rules_->cards[c].condition != CardCondition::kNone)  // the card's own condition
      for (std::uint64_t m = alone; m != 0; m &= m - 1) {
        const int sq = std::countr_zero(m);
        if (!retreat_card_condition(c, units_[board_[sq] - 1], sq, kNoSquare))
          alone &= ~(std::uint64_t{1} << sq);
      }
    if (alone == 0) continue;
    // The hindmost of them, and their units as a set (taken in unit order).
    int last_key = -1;
    UnitSet starters;
    for (std::uint64_t m = alone; m != 0; m &= m - 1) {
      const int sq = std::countr_zero(m);
      last_key = std::max(last_key, front_key(side, sq));
      starters.set(board_[sq] - 1);
    }
    for (const int starter : starters) {
      // Another unit must be able to join: one further back that can advance alone, or one
      // behind this one in its file, within the advance's distance, that this one unblocks.
      const int sq = units_[starter].square;
      bool joinable = front_key(side, sq) < last_key;
      for (int k = 0; k < dist && !joinable; ++k) {
        const int behind = geo_->ray[sq][back][k];
        if (behind == kNoSquare) break;
        const int bi = board_[behind] - 1;
        if (bi >= 0 && units_[bi].player == p)
          joinable = eligible(bi, c, dist, std::uint64_t{1} << sq);
      }
      if (joinable) out.push_back(make_action(Kind::kGroupStart, c, sq));
    }
  }
}

}  // namespace ancients::warfare
