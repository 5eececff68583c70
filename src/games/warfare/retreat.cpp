// Ancient Warfare, retreat edition: the mechanisms this edition adds to the shared engine —
// card conditions on the acting unit, attack restrictions between classes, move-then-attack
// and attack-then-move abilities, the Difficult Ground window on moves made with a card, the
// defense window on every card attack and retreat combat (see state.h).
// Rules source: shared/seeds/000_069fe0e0bed8163d.txt (rules and FAQ) read with
// shared/rules/ancient-warfare.md §1 and §3.
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <string>

#include "core/words.h"

#include "games/warfare/state.h"

namespace ancients::warfare {

bool WarfareState::retreat_card_condition(CardType c, const Unit& actor, int actor_sq,
                                          int target_sq) const {
  const UnitDef& d = rules_->units[actor.type];
  switch (rules_->cards[c].condition) {
    case CardCondition::kNone:
      return true;
    case CardCondition::kElite:
      return actor.elite != 0;
    case CardCondition::kShock:
      return d.shock;
    case CardCondition::kMissile:
      return d.missile;
    case CardCondition::kLight:
      return d.light;
    case CardCondition::kHeavyInfantry:
      return d.heavy && d.infantry;
    case CardCondition::kMoved:
      return actor.moves != 0;
    case CardCondition::kGeneralWithin2:  // the acting (or defending) unit's own General
      for (int i = 0; i < unit_count_; ++i)
        if (units_[i].player == actor.player &&
            (rules_->units[units_[i].type].role == Role::kGeneral || units_[i].general) &&
            geo_->king_distance(units_[i].square, actor_sq) <= 2)
          return true;
      return false;
    case CardCondition::kFriendAdjacent:  // another friendly unit next to the acting unit
    case CardCondition::kFriendAdjacentToTarget: {
      const bool to_target = rules_->cards[c].condition == CardCondition::kFriendAdjacentToTarget;
      const int around = to_target ? target_sq : actor_sq;
      if (around == kNoSquare) return false;
      for (int i = 0; i < unit_count_; ++i)
        if (units_[i].owner == actor.owner && units_[i].square != actor_sq &&
            geo_->king_distance(units_[i].square, around) == 1)
          return true;
      return false;
    }
    case CardCondition::kOnRough:
      return rough_ground(actor_sq);
    case CardCondition::kSupported:
    case CardCondition::kOutflank:
      return target_sq != kNoSquare && attack_condition(c, actor_sq, target_sq);
  }
  return false;
}

namespace {

/// Whether a special ability's "when" holds, standing on `terr`, against unit type `other`.
bool special_when_ok(SpecialWhen when, Terrain terr, const UnitDef& other) {
  switch (when) {
    case SpecialWhen::kAlways:
      return true;
    case SpecialWhen::kOnRough:
      return terr == Terrain::kRough || terr == Terrain::kWoods;
    case SpecialWhen::kOnClear:
      return terr == Terrain::kClear;
    case SpecialWhen::kVsNonMissile:
      return !other.missile;
    case SpecialWhen::kVsShock:
      return other.shock;
  }
  return false;
}

}  // namespace

void WarfareState::gen_retreat_attacks(int ui, std::uint32_t attack_cards, ActionList& out) const {
  const Unit& u = units_[ui];
  const UnitDef& d = rules_->units[u.type];
  const int p = u.owner;                   // its side (enemies: the other side)
  const auto& hand = hand_[u.player - 1];  // its player's hand
  const int ncards = static_cast<int>(rules_->cards.size());
  const CardType sa = rules_->special_ability;
  const bool has_sa = hand[sa] > 0;
  const Terrain here = terrain(u.square);
  const bool sa_attack = has_sa && (d.special_uses & kSpecialAttack) != 0 &&
                         (d.special_when != SpecialWhen::kOnRough || rough_ground(u.square)) &&
                         (d.special_when != SpecialWhen::kOnClear || here == Terrain::kClear);
  const int range = attack_range(u, u.square);
  const bool sa_own_line =
      sa_attack && !d.special_indirect && d.special_range == 0 && d.then != SpecialThen::kMove;
  // Card attacks (and an ability used as an attack card) along each clear line.
  for_each_unit_in_sight(u.square, range, false, [&](int sq) {
    const Unit& t = units_[board_[sq] - 1];
    if (t.owner == p || !may_attack(u.type, t)) return;
    for (std::uint32_t m = attack_cards; m != 0; m &= m - 1) {
      const int c = std::countr_zero(m);
      if (retreat_card_condition(static_cast<CardType>(c), u, u.square, sq))
        out.push_back(make_action(Kind::kAttack, c, u.square, sq));
    }
    if (sa_own_line && special_when_ok(d.special_when, here, rules_->units[t.type]))
      out.push_back(make_action(Kind::kAttack, sa, u.square, sq));
  });
  // Ability attacks with their own range, over units, or followed by a move away.
  if (sa_attack && !sa_own_line) {
    const int sa_range = d.special_range > 0 ? d.special_range + (range - d.range) : range;
    const bool moves_away = d.then == SpecialThen::kMove;
    // The move away needs a move left (and Artillery never moves and attacks in one turn).
    if (!moves_away || (u.moves < d.moves_per_turn && !d.no_attack_after_move))
      for_each_unit_in_sight(u.square, sa_range, d.special_indirect, [&](int sq) {
        const Unit& t = units_[board_[sq] - 1];
        if (t.owner == p || !may_attack(u.type, t) ||
            !special_when_ok(d.special_when, here, rules_->units[t.type]))
          return;
        if (moves_away)
          for_each_straight_move(u.type, p, u.square, d.then_move, [&](int dest) {
            out.push_back(make_action(Kind::kAttackMove, sa, u.square, sq, dest));
          });
        else
          out.push_back(make_action(Kind::kAttack, sa, u.square, sq));
      });
  }
  // Move then attack: the ability (Elephants, Cataphracts) or a Charge card (move 1, range 1).
  // It needs a move left (an unmoved unit, or the Light Chariots' second move), and never for
  // Artillery, which cannot move and attack in one turn (ancient-warfare.md §5).
  if (u.moves >= d.moves_per_turn || d.move == 0 || d.no_attack_after_move) return;
  auto attacks_from = [&](int card, int via, int r) {
    for_each_unit_in_sight(
        via, r, false,
        [&](int sq) {
          const Unit& t = units_[board_[sq] - 1];
          if (t.owner != p && may_attack(u.type, t))
            out.push_back(make_action(Kind::kTrample, card, u.square, via, sq));
        },
        u.square);
  };
  if (has_sa && (d.special_uses & kSpecialTrample) != 0)
    for_each_straight_move(u.type, p, u.square, d.trample_move,
                           [&](int via) { attacks_from(sa, via, attack_range(u, via)); });
  for (int c = 0; c < ncards; ++c) {
    if (hand[c] == 0 || (rules_->cards[c].uses & kUseCharge) == 0) continue;
    for (int dir = 0; dir < 8; ++dir) {
      const int via = geo_->step(u.square, dir);
      if (via != kNoSquare && board_[via] == 0 && can_enter(u.type, via)) attacks_from(c, via, 1);
    }
  }
}

bool WarfareState::retreat_defense_allowed(CardType c) const {
  const int target_sq = pending_.target;
  const Unit& t = units_[board_[target_sq] - 1];
  const Unit& a = units_[board_[pending_.attacker] - 1];
  const CardDef& card = rules_->cards[c];
  if (c == rules_->special_ability) {
    for (int i = 0; i < unit_count_; ++i) {  // a rallying unit (the General) adjacent
      const Unit& g = units_[i];
      if (g.player == t.player && g.square != target_sq &&  // its own army's General
          (rules_->units[g.type].special_uses & kSpecialRally) != 0 &&
          geo_->king_distance(g.square, target_sq) == 1)
        return true;
    }
    return false;  // the target's own ability: see own_defense below
  }
  if ((card.uses & kUseDefend) == 0) return false;
  if (card.effect == CardEffect::kRecoil &&
      recoil_square(target_sq, geo_->line(pending_.attacker, target_sq)->first) == kNoSquare)
    return false;
  (void)a;
  if (card.condition == CardCondition::kOnRough)  // across a river, on a hill (house rules)
    return rough_defense_ok(target_sq, pending_.attacker);
  return retreat_card_condition(c, t, target_sq, pending_.attacker);
}

void WarfareState::gen_retreat_defense(ActionList& out) const {
  const auto& hand = hand_[to_act_ - 1];
  const int ncards = static_cast<int>(rules_->cards.size());
  const CardType sa = rules_->special_ability;
  for (int c = 0; c < ncards; ++c)
    if (hand[c] > 0 && c != sa && retreat_defense_allowed(static_cast<CardType>(c)))
      out.push_back(make_action(Kind::kDefend, c));
  if (hand[sa] > 0) {
    const int target_sq = pending_.target;
    const Unit& t = units_[board_[target_sq] - 1];
    const UnitDef& d = rules_->units[t.type];
    const UnitDef& attacker = rules_->units[units_[board_[pending_.attacker] - 1].type];
    const bool own = (d.special_uses & kSpecialDefend) != 0 &&
                     special_when_ok(d.special_when, terrain(target_sq), attacker);
    bool plain = retreat_defense_allowed(sa);
    if (own && d.then == SpecialThen::kKnightMove) {
      // Negate, then a knight's move to a free square (Psiloi's Run Away).
      bool any = false;
      for (int j = 0; j < 8; ++j) {
        const int to = geo_->knight[target_sq][j];
        if (to == kNoSquare || board_[to] != 0 || !can_enter(t.type, to)) continue;
        out.push_back(make_action(Kind::kDefend, sa, to, 1));
        any = true;
      }
      plain = plain || !any;
    } else {
      plain = plain || own;
    }
    if (plain) out.push_back(make_action(Kind::kDefend, sa));
  }
  out.push_back(make_action(Kind::kPass));
}

void WarfareState::gen_move_window(ActionList& out) const {
  const CardType dg = rules_->negate_move;
  if (dg != 0xFF && hand_[to_act_ - 1][dg] > 0) out.push_back(make_action(Kind::kNegate, dg));
  out.push_back(make_action(Kind::kPass));
}

void WarfareState::open_move_window(Action a) {
  pending_ = Pending{};
  pending_.kind = Pending::kMove;
  pending_.action = a;
  pending_.card =
      action_kind(a) == Kind::kGroupDone ? group_.card : static_cast<CardType>(action_card(a));
  pending_.from = static_cast<std::uint8_t>(action_a(a));
  // Any one player of the other side may answer: the first of them in turn order first.
  to_act_ = static_cast<std::uint8_t>(next_answerer(0));
}

void WarfareState::close_move_window(bool negated) {
  const Action a = pending_.action;
  pending_ = Pending{};
  to_act_ = active_;
  if (negated) {
    group_ = GroupBuild{};
    return;
  }
  perform_move(a);
}

WarfareState::RetreatFate WarfareState::retreat_fate(UnitType attacker, int attacker_sq,
                                                     int target_sq, int& back) const {
  back = kNoSquare;
  const Unit& target = units_[board_[target_sq] - 1];
  const UnitDef& a = rules_->units[attacker];
  const UnitDef& t = rules_->units[target.type];
  const bool light_infantry = t.light && t.infantry;
  // The Camp is looted (FAQ); Elephants never retreat; Heavy Cavalry overrun Light Infantry.
  if (t.role == Role::kCamp) return RetreatFate::kLooted;
  if (t.elephant) return RetreatFate::kElephants;
  if (a.heavy && a.cavalry && light_infantry) return RetreatFate::kOverrun;
  // Cavalry and Light Infantry evade Heavy Infantry: destroyed only at the third retreat.
  const int allowed = (a.heavy && a.infantry && (t.cavalry || light_infantry)) ? 2 : 1;
  if (target.retreats >= allowed) return RetreatFate::kRetreatedBefore;
  back = recoil_square(target_sq, geo_->line(attacker_sq, target_sq)->first);
  return back == kNoSquare ? RetreatFate::kNoRetreatSquare : RetreatFate::kRetreats;
}

std::string WarfareState::retreat_words(UnitType attacker, int attacker_sq, int target_sq) const {
  int back = kNoSquare;
  const RetreatFate fate = retreat_fate(attacker, attacker_sq, target_sq, back);
  const Unit& target = units_[board_[target_sq] - 1];
  const auto name = [&](int type) { return title_case(rules_->units[type].id); };
  const auto sq_name = [&](int sq) { return std::string(square_name_view(sq, geo_->width)); };
  switch (fate) {
    case RetreatFate::kRetreats:
      return "retreats to " + sq_name(back);
    case RetreatFate::kLooted:
      return "is destroyed: a Camp is looted, it cannot retreat";
    case RetreatFate::kElephants:
      return "is destroyed: Elephants never retreat";
    case RetreatFate::kOverrun:
      return fmt::format("is destroyed: {} overrun Light Infantry", name(attacker));
    case RetreatFate::kRetreatedBefore:
      return target.retreats >= 2 ? "is destroyed: it has already retreated twice this turn"
                                  : "is destroyed: it has already retreated this turn";
    case RetreatFate::kNoRetreatSquare:
      break;
  }
  // recoil_square's reasons, in its order.
  const UnitDef& t = rules_->units[target.type];
  if (t.move == 0) return "is destroyed: it cannot move, so it cannot retreat";
  const int behind = geo_->step(target_sq, geo_->line(attacker_sq, target_sq)->first);
  if (behind == kNoSquare) return "is destroyed: the board ends behind it";
  if (board_[behind] != 0)
    return fmt::format("is destroyed: {} behind it is occupied", sq_name(behind));
  if (!can_enter(target.type, behind)) {
    std::string ground = kTerrainNames[terrain_[behind]];
    std::replace(ground.begin(), ground.end(), '-', ' ');
    if (terrain(behind) == Terrain::kImpassable)
      return fmt::format("is destroyed: {} behind it is impassable", sq_name(behind));
    return fmt::format("is destroyed: {} behind it is {} ground, where it cannot go",
                       sq_name(behind), ground);
  }
  return fmt::format("is destroyed: {} behind it is next to an enemy unit", sq_name(behind));
}

std::string WarfareState::awaited_attack_words() const {
  if (!rules_->retreat || pending_.kind != Pending::kCardAttack) return "";
  const int attacker = unit_at(pending_.attacker);
  if (attacker < 0 || unit_at(pending_.target) < 0) return "";
  return retreat_words(units_[attacker].type, pending_.attacker, pending_.target);
}

void WarfareState::resolve_retreat(int attacker_sq, int target_sq) {
  const int ti = board_[target_sq] - 1;
  int back = kNoSquare;
  if (retreat_fate(units_[board_[attacker_sq] - 1].type, attacker_sq, target_sq, back) ==
      RetreatFate::kRetreats) {
    move_unit(ti, back);
    ++units_[ti].retreats;
  } else {
    destroy(ti);
  }
  pursue(attacker_sq, target_sq);
}

void WarfareState::finish_retreat(bool defended, CardType defense, int defend_dest) {
  const int target_sq = pending_.target;
  const int attacker_sq = pending_.attacker;
  const int dest = pending_.dest;
  pending_ = Pending{};
  to_act_ = active_;
  if (!defended) {
    resolve_retreat(attacker_sq, target_sq);
  } else {
    const int ti = board_[target_sq] - 1;
    const UnitDef& td = rules_->units[units_[ti].type];
    if (rules_->cards[defense].effect == CardEffect::kRecoil) {
      const int back = recoil_square(target_sq, geo_->line(attacker_sq, target_sq)->first);
      if (back != kNoSquare) move_unit(ti, back);
    }
    if (defense == rules_->special_ability) {
      const UnitDef& ad = rules_->units[units_[board_[attacker_sq] - 1].type];
      const bool own = (td.special_uses & kSpecialDefend) != 0 &&
                       special_when_ok(td.special_when, terrain(target_sq), ad);
      if (defend_dest != kNoSquare) move_unit(ti, defend_dest);
      if (own && (td.special_uses & kSpecialKillAttacker) != 0) {
        destroy(board_[attacker_sq] - 1);  // Pikes receive the charge
        return;
      }
    }
    // Pursuers follow a target that a Recoil card or Run Away took off its square (§5).
    pursue(attacker_sq, target_sq);
  }
  if (phase_ == Phase::kOver || dest == kNoSquare) return;
  // Attack then move away (Horse Archers), if the square is still free.
  const int ai = board_[attacker_sq] - 1;
  if (ai >= 0 && board_[dest] == 0) {
    move_unit(ai, dest);
    ++units_[ai].moves;
  }
}

}  // namespace ancients::warfare
