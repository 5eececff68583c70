// Ancient Warfare: the state's mutations — apply() of every action kind, attacks and their
// resolution, destruction and victory, turns, drawing and reshuffling (see state.h).
// Rules source: shared/rules/ancient-warfare.md §1 (turn, cards, victory) and §2.
#include "games/warfare/state.h"

#include <algorithm>

namespace ancients::warfare {

WarfareState::WarfareState(const Ruleset* rules, const Options& options)
    : rules_(rules), geo_(&geometry(options.board, options.width())), options_(options) {}

bool WarfareState::add_unit(const Unit& u) {
  if (unit_count_ >= kMaxUnits || board_[u.square] != 0) return false;
  units_[unit_count_] = u;
  if (u.player == 0) units_[unit_count_].player = u.owner;
  board_[u.square] = static_cast<std::uint8_t>(++unit_count_);
  side_squares_[units_[unit_count_ - 1].owner - 1].set(u.square);
  player_units_[units_[unit_count_ - 1].player - 1].set(unit_count_ - 1);
  return true;
}

void WarfareState::place_reserve(int player, int sq) {
  auto& res = reserves_[player - 1];
  const ArmyEntry e = res[0];
  std::move(res.begin() + 1, res.begin() + reserve_count_[player - 1], res.begin());
  --reserve_count_[player - 1];
  Unit u{};
  u.square = static_cast<std::uint8_t>(sq);
  u.owner = static_cast<std::uint8_t>(side_of(player));
  u.player = static_cast<std::uint8_t>(player);
  u.type = e.type;
  u.elite = e.elite;
  u.general = e.general;
  add_unit(u);
}

bool WarfareState::add_river(int a, int b) {
  const auto l = geo_->line(a, b);
  if (!l || l->second != 1 || l->first % 2 != 0) return false;  // orthogonal neighbours only
  const int dir = l->first;
  has_rivers_ = true;
  river_[a] = static_cast<std::uint8_t>(river_[a] | (1 << dir));
  river_[b] = static_cast<std::uint8_t>(river_[b] | (1 << ((dir + 4) % 8)));
  // A diagonal step crosses the river when the river edges around the corner it passes leave
  // no way round: both squares beside the step are cut off from one end or the other.
  const int n = geo_->squares;
  for (int sq = 0; sq < n; ++sq) {
    for (int d = 1; d < 8; d += 2) {
      const int to = geo_->step(sq, d);
      if (to == kNoSquare) continue;
      const int d1 = (d + 7) % 8, d2 = (d + 1) % 8;  // the two orthogonal parts of the step
      const int via1 = geo_->step(sq, d1), via2 = geo_->step(sq, d2);
      const bool open1 = ((river_[sq] >> d1) & 1) == 0 && ((river_[via1] >> d2) & 1) == 0;
      const bool open2 = ((river_[sq] >> d2) & 1) == 0 && ((river_[via2] >> d1) & 1) == 0;
      const int bit = 1 << d;
      river_[sq] = static_cast<std::uint8_t>(open1 || open2 ? river_[sq] & ~bit : river_[sq] | bit);
    }
  }
  return true;
}

std::vector<std::pair<int, int>> WarfareState::rivers() const {
  std::vector<std::pair<int, int>> out;
  for (int sq = 0; sq < geo_->squares; ++sq)
    for (int d : {0, 2})  // each edge once: towards higher ranks and files
      if (((river_[sq] >> d) & 1) != 0) out.emplace_back(sq, geo_->step(sq, d));
  return out;
}

bool WarfareState::crosses_river(int from, int to) const {
  const auto l = geo_->line(from, to);
  if (!l) return false;
  int sq = from;
  for (int k = 0; k < l->second; ++k) {
    if (((river_[sq] >> l->first) & 1) != 0) return true;
    sq = geo_->step(sq, l->first);
  }
  return false;
}

void WarfareState::add_reserve(int player, ArmyEntry e) {
  reserves_[player - 1][reserve_count_[player - 1]++] = e;
}

void WarfareState::set_hand_count(int player, CardType c, int n) {
  auto& h = hand_[player - 1];
  hand_size_[player - 1] = static_cast<std::uint8_t>(hand_size_[player - 1] - h[c] + n);
  h[c] = static_cast<std::uint8_t>(n);
  if (n > 0)
    held_[player - 1] |= std::uint32_t{1} << c;
  else
    held_[player - 1] &= ~(std::uint32_t{1} << c);
}

void WarfareState::push_deck_bottom(CardType c) {
  if (deck_unordered_) {  // the bottom is a place: the others take theirs first
    shuffle(deck_.data(), deck_size_, rng_);
    deck_unordered_ = false;
  }
  std::move_backward(deck_.begin(), deck_.begin() + deck_size_, deck_.begin() + deck_size_ + 1);
  deck_[0] = c;
  ++deck_size_;
}

void WarfareState::set_deck(const std::vector<CardType>& top_first) {
  deck_size_ = static_cast<std::uint8_t>(top_first.size());
  for (std::size_t i = 0; i < top_first.size(); ++i) deck_[deck_size_ - 1 - i] = top_first[i];
  deck_unordered_ = false;
}

void WarfareState::set_deck_unordered(const CardType* cards, int n) {
  deck_size_ = static_cast<std::uint8_t>(n);
  std::copy_n(cards, n, deck_.begin());
  deck_unordered_ = true;
}

void WarfareState::set_discard_count(CardType c, int n) {
  discard_size_ = static_cast<std::uint8_t>(discard_size_ - discard_[c] + n);
  discard_[c] = static_cast<std::uint8_t>(n);
}

std::vector<CardType> WarfareState::deck_top_first() const {
  std::vector<CardType> out;
  for (int i = deck_size_ - 1; i >= 0; --i) out.push_back(deck_[i]);
  return out;
}

int WarfareState::recoil_square(int target_sq, int dir) const {
  const int t = board_[target_sq] - 1;
  if (t < 0) return kNoSquare;
  const UnitDef& d = rules_->units[units_[t].type];
  if (d.move == 0 || d.role == Role::kCamp) return kNoSquare;
  const int back = geo_->step(target_sq, dir);
  if (back == kNoSquare || board_[back] != 0 || !can_enter(units_[t].type, back)) return kNoSquare;
  if (options_.retreat_away) {  // house rule: never next to an enemy unit
    for (int i = 0; i < unit_count_; ++i)
      if (units_[i].owner != units_[t].owner && geo_->king_distance(units_[i].square, back) == 1)
        return kNoSquare;
  }
  return back;
}

void WarfareState::pursue(int attacker_sq, int target_sq) {
  if (!options_.pursuit || phase_ == Phase::kOver || board_[target_sq] != 0) return;
  const int ai = board_[attacker_sq] - 1;
  if (ai < 0 || !rules_->units[units_[ai].type].pursues || !can_enter(units_[ai].type, target_sq))
    return;
  move_unit(ai, target_sq);
}

void WarfareState::remove_from_hand(int player, CardType c) {
  auto& h = hand_[player - 1];
  if (--h[c] == 0) held_[player - 1] &= ~(std::uint32_t{1} << c);
  --hand_size_[player - 1];
  for (int q = 0; q < player_count(); ++q) {  // what the others know of this hand (Scout)
    auto& k = known_[q][c];
    k -= static_cast<std::uint8_t>(known_of_[q] == player && k > 0);
  }
}

void WarfareState::discard_card(CardType c) {
  ++discard_[c];
  ++discard_size_;
}

void WarfareState::draw_card(int player) {
  ++draws_;
  if (deck_size_ == 0) {
    // Reshuffle the discard pile, in table order, with the game's random stream.
    for (int c = 0; c < static_cast<int>(rules_->cards.size()); ++c) {
      for (int k = 0; k < discard_[c]; ++k) deck_[deck_size_++] = static_cast<CardType>(c);
      discard_[c] = 0;
    }
    discard_size_ = 0;
    shuffle(deck_.data(), deck_size_, rng_);
    deck_unordered_ = false;
    if (deck_size_ == 0) return;
  } else if (deck_unordered_) {  // the top card is any of the remaining ones
    const std::uint32_t j = rng_.below(deck_size_);
    std::swap(deck_[j], deck_[deck_size_ - 1]);
  }
  const CardType c = deck_[--deck_size_];
  ++hand_[player - 1][c];
  held_[player - 1] |= std::uint32_t{1} << c;
  ++hand_size_[player - 1];
}

void WarfareState::move_unit(int ui, int to) {
  Unit& u = units_[ui];
  board_[u.square] = 0;
  side_squares_[u.owner - 1].reset(u.square);
  u.square = static_cast<std::uint8_t>(to);
  board_[to] = static_cast<std::uint8_t>(ui + 1);
  side_squares_[u.owner - 1].set(to);
}

void WarfareState::remove_unit(int ui) {
  board_[units_[ui].square] = 0;
  side_squares_[units_[ui].owner - 1].reset(units_[ui].square);
  player_units_[units_[ui].player - 1].reset(ui);
  const int last = unit_count_ - 1;
  if (ui != last) {  // the last unit takes the freed slot
    units_[ui] = units_[last];
    board_[units_[ui].square] = static_cast<std::uint8_t>(ui + 1);
    player_units_[units_[ui].player - 1].reset(last);
    player_units_[units_[ui].player - 1].set(ui);
  }
  --unit_count_;
}

void WarfareState::destroy(int ui) {
  const Unit dead = units_[ui];
  const UnitDef& d = rules_->units[dead.type];
  remove_unit(ui);
  const int player = dead.player;
  // A nominated General (house rule) counts as the General: no loss points, the game is lost.
  if (!dead.general)
    lost_[player - 1] = static_cast<std::uint8_t>(std::min(255, lost_[player - 1] + d.loss));
  if (d.role == Role::kGeneral || dead.general || lost_[player - 1] >= rules_->loss_limit)
    break_player(player);
}

void WarfareState::break_player(int player) {
  const int side = side_of(player);
  if (player == main_player(side)) {  // a side whose main player breaks loses the battle
    winner_ = static_cast<std::int8_t>(3 - side);
    phase_ = Phase::kOver;
    pending_ = Pending{};
    return;
  }
  // A contingent breaks: its units leave the board at once, its hand goes to the discard
  // pile, and it takes no more turns (multiplayer.md, "Breaking and victory").
  set_broken(player);
  for (int i = unit_count_ - 1; i >= 0; --i)
    if (units_[i].player == player) remove_unit(i);
  auto& hand = hand_[player - 1];
  for (std::size_t c = 0; c < rules_->cards.size(); ++c) {
    discard_[c] = static_cast<std::uint8_t>(discard_[c] + hand[c]);
    discard_size_ = static_cast<std::uint8_t>(discard_size_ + hand[c]);
    hand[c] = 0;
  }
  hand_size_[player - 1] = 0;
  held_[player - 1] = 0;
  for (int q = 0; q < player_count(); ++q)
    if (known_of_[q] == player) known_[q] = {};
}

int WarfareState::next_player(int player) const {
  const int n = player_count();
  for (int k = 1; k <= n; ++k) {
    const int q = (player - 1 + k) % n + 1;
    if (!broken(q)) return q;
  }
  return player;
}

int WarfareState::next_answerer(int after) const {
  const int side = 3 - side_of(active_);
  for (int q = after + 1; q <= player_count(); ++q)
    if (side_of(q) == side && !broken(q)) return q;
  return 0;
}

std::pair<int, int> WarfareState::sector_files(int player) const {
  const int side = side_of(player);
  const int count = side == 1 ? options_.attackers : options_.defenders;
  const int first = 2, width = (geo_->width - 4) / count;
  // Sector index from the side's own left: the main player left of 2, centre of 3; the
  // contingents fill the others in order.
  const int rank_in_side = player - main_player(side);  // 0 = main
  const int index = count == 3 ? (rank_in_side == 0 ? 1 : rank_in_side == 1 ? 0 : 2) : rank_in_side;
  // Side 1 looks up the board (its left is file a), side 2 looks down (its left is the last
  // file).
  const int k = side == 1 ? index : count - 1 - index;
  return {first + k * width, first + (k + 1) * width};
}

void WarfareState::start_battle() {
  turn_ = 1;
  active_ = 1;
  to_act_ = 1;
  for (int i = 0; i < kDrawPerTurn; ++i) draw_card(1);
  phase_ = hand_size_[0] > kHandLimit ? Phase::kOrders : Phase::kMove;
}

void WarfareState::end_turn() {
  pending_ = Pending{};
  group_ = GroupBuild{};
  const int next = next_player(active_);
  // The turn limit counts turns, or with contingents rounds (every player has had a turn).
  const bool round_ends = !options_.contingents || next <= active_;
  if (round_ends && turn_ >= options_.turn_limit) {
    phase_ = Phase::kOver;
    winner_ = kDraw;
    return;
  }
  if (round_ends) ++turn_;
  active_ = static_cast<std::uint8_t>(next);
  to_act_ = active_;
  for (int i = 0; i < unit_count_; ++i) units_[i].retreats = 0;
  for (const int i : player_units_[active_ - 1]) units_[i].moves = units_[i].attacks = 0;
  for (int i = 0; i < kDrawPerTurn; ++i) draw_card(active_);
  phase_ = hand_size_[active_ - 1] > kHandLimit ? Phase::kOrders : Phase::kMove;
}

void WarfareState::resolve_attack(int attacker_sq, int target_sq, CardType card, bool autokill) {
  const int ai = board_[attacker_sq] - 1;
  const int ti = board_[target_sq] - 1;
  ++units_[ai].attacks;
  if (autokill) {
    if (!options_.defend_autokill) {
      destroy(ti);
      pursue(attacker_sq, target_sq);
      return;
    }
  } else if (rules_->units[units_[ti].type].immune_to.test(units_[ai].type)) {
    const auto dir = geo_->line(attacker_sq, target_sq)->first;
    const int back = recoil_square(target_sq, dir);
    if (back != kNoSquare) move_unit(ti, back);
    pursue(attacker_sq, target_sq);
    return;
  }
  pending_.kind = autokill ? Pending::kAutokill : Pending::kCardAttack;
  pending_.card = card;
  pending_.attacker = static_cast<std::uint8_t>(attacker_sq);
  pending_.target = static_cast<std::uint8_t>(target_sq);
  to_act_ = units_[ti].player;  // the owner of the attacked unit answers from its own hand
}

void WarfareState::finish_pending(bool defended, CardType defense, int defend_dest) {
  if (rules_->retreat) {
    finish_retreat(defended, defense, defend_dest);
    return;
  }
  const int target_sq = pending_.target;
  const int attacker_sq = pending_.attacker;
  pending_ = Pending{};
  to_act_ = active_;
  const int ti = board_[target_sq] - 1;
  if (!defended) {
    destroy(ti);
    pursue(attacker_sq, target_sq);
    return;
  }
  if (rules_->cards[defense].effect == CardEffect::kRecoil) {
    const int back = recoil_square(target_sq, geo_->line(attacker_sq, target_sq)->first);
    if (back != kNoSquare) move_unit(ti, back);
    pursue(attacker_sq, target_sq);  // pursuers follow a Recoil card too (§5)
  }
}

void WarfareState::apply(Action a) {
  const int p = to_act_;
  const auto card = static_cast<CardType>(action_card(a));
  switch (action_kind(a)) {
    case Kind::kDiscard:
      remove_from_hand(p, card);
      discard_card(card);
      if (hand_size_[p - 1] <= kHandLimit) phase_ = Phase::kMove;
      break;
    case Kind::kMove:
    case Kind::kTrample:
      remove_from_hand(p, card);
      discard_card(card);
      if (rules_->negate_move != 0xFF)
        open_move_window(a);
      else
        perform_move(a);
      break;
    case Kind::kGroupStart:
      group_.card = card;
      group_.count = 1;
      group_.squares[0] = static_cast<std::uint8_t>(action_a(a));
      break;
    case Kind::kGroupAdd:
      group_.squares[group_.count++] = static_cast<std::uint8_t>(action_a(a));
      break;
    case Kind::kGroupDone:
      remove_from_hand(p, group_.card);
      discard_card(group_.card);
      if (rules_->negate_move != 0xFF)
        open_move_window(a);
      else
        perform_move(a);
      break;
    case Kind::kDismount: {
      remove_from_hand(p, card);
      discard_card(card);
      Unit& u = units_[board_[action_a(a)] - 1];
      u.type = rules_->units[u.type].becomes;
      break;
    }
    case Kind::kScout:
      remove_from_hand(p, card);
      discard_card(card);
      {
        // The hand of one opposing player (`scout P` with contingents; else the opponent).
        const int seen = action_a(a) != 0 ? action_a(a) : 3 - p;
        known_[p - 1] = hand_[seen - 1];
        known_of_[p - 1] = static_cast<std::uint8_t>(seen);
        break;
      }
    case Kind::kEnd:
      if (phase_ == Phase::kMove)
        phase_ = Phase::kBattle;
      else
        end_turn();
      break;
    case Kind::kAutokill:
      pending_.from = static_cast<std::uint8_t>(action_a(a));
      pending_.via = kNoSquare;
      resolve_attack(action_a(a), action_b(a), 0, true);
      break;
    case Kind::kAttack:
      remove_from_hand(p, card);
      discard_card(card);
      pending_.from = static_cast<std::uint8_t>(action_a(a));
      pending_.via = kNoSquare;
      resolve_attack(action_a(a), action_b(a), card, false);
      break;
    case Kind::kAttackMove:
      remove_from_hand(p, card);
      discard_card(card);
      pending_.from = static_cast<std::uint8_t>(action_a(a));
      pending_.via = kNoSquare;
      pending_.dest = static_cast<std::uint8_t>(action_c(a));
      resolve_attack(action_a(a), action_b(a), card, false);
      break;
    case Kind::kDefend:
      remove_from_hand(p, card);
      discard_card(card);
      finish_pending(true, card, action_b(a) != 0 ? action_a(a) : kNoSquare);
      break;
    case Kind::kNegate:
      remove_from_hand(p, card);
      discard_card(card);
      close_move_window(true);
      break;
    case Kind::kPass:
      if (phase_ == Phase::kDeploy)
        start_battle();  // the defender declines the DBA swap
      else if (pending_.kind == Pending::kMove && next_answerer(p) != 0)
        to_act_ = static_cast<std::uint8_t>(next_answerer(p));  // the next one of that side
      else if (pending_.kind == Pending::kMove)
        close_move_window(false);
      else
        finish_pending(false, 0);
      break;
    case Kind::kPlace: {
      place_reserve(p, action_a(a));
      if (reserve_count_[p - 1] == 0) {
        // The next player with units to deploy, in turn order from player 1.
        int next = 0;
        for (int q = 1; q <= player_count() && next == 0; ++q)
          if (reserve_count_[q - 1] > 0) next = q;
        if (next != 0) {
          active_ = to_act_ = static_cast<std::uint8_t>(next);
        } else if (options_.dba_setup) {
          // DBA set-up: the defender may swap two attacker units.
          active_ = to_act_ = static_cast<std::uint8_t>(main_player(2));
        } else {
          start_battle();
        }
      }
      break;
    }
    case Kind::kTopography:
    case Kind::kTerrain:
    case Kind::kTerrainAuto:
    case Kind::kTerrainDone:
    case Kind::kSide:
      apply_battlefield(a);
      break;
    case Kind::kSwap: {
      const int ia = board_[action_a(a)] - 1, ib = board_[action_b(a)] - 1;
      // Two units of one side: the sides' square sets stay as they are.
      std::swap(units_[ia].square, units_[ib].square);
      board_[units_[ia].square] = static_cast<std::uint8_t>(ia + 1);
      board_[units_[ib].square] = static_cast<std::uint8_t>(ib + 1);
      start_battle();
      break;
    }
  }
  if (pending_.kind == Pending::kNone && phase_ != Phase::kOver) {
    pending_.from = pending_.via = pending_.dest = kNoSquare;
  }
  // Contingents: a player broken during its own turn (Pikes receiving its charge) takes no
  // more actions; the turn passes on.
  if (broken_ != 0 && phase_ != Phase::kOver && broken(active_)) end_turn();
}

void WarfareState::perform_move(Action a) {
  switch (action_kind(a)) {
    case Kind::kMove: {
      const int ui = board_[action_a(a)] - 1;
      move_unit(ui, action_b(a));
      ++units_[ui].moves;
      break;
    }
    case Kind::kGroupDone: {
      const int dist = group_distance(group_.card);
      const int dir = forward_dir(side_of(active_));
      for (int i = 0; i < group_.count; ++i) {  // front first: squares are in that order
        const int sq = group_.squares[i];
        const int ui = board_[sq] - 1;
        move_unit(ui, geo_->ray[sq][dir][dist - 1]);
        ++units_[ui].moves;
      }
      group_ = GroupBuild{};
      break;
    }
    case Kind::kTrample: {
      const int ui = board_[action_a(a)] - 1;
      move_unit(ui, action_b(a));
      ++units_[ui].moves;
      pending_.from = static_cast<std::uint8_t>(action_a(a));
      pending_.via = static_cast<std::uint8_t>(action_b(a));
      resolve_attack(action_b(a), action_c(a), static_cast<CardType>(action_card(a)), false);
      break;
    }
    default:
      break;
  }
}

}  // namespace ancients::warfare
