// Ancient Generals' order score (evaluation.h's order_position, in cards; the evaluation is its
// squashed form) and the search's look ahead of a step's actions (order_after): the score of
// the position each action would make, from the position's parts worked out once (each side's
// counts, each combat's share of the battle) and the action's change to them (a card out of a
// hand, one more card in a reserve, flank points, an attacker declared, a blocker assigned, a
// tactic played, the blocks made known, cards drawn from the top of a deck, damage, the battle
// resolved), so that the guided rollouts try each legal action without copying the 1,400-byte
// state and applying it. The changes mirror apply.cpp's card movements (state.cpp); an action
// that would empty a deck (a reshuffle from the state's random stream, or a loss) is left to be
// played. One formula (order_sum) adds
// the parts up for both, in the same order: the same doubles. Weights are hand-tuned, in cards.
// tests/generals/order_after_test.cpp checks every answer against applying the action.
// guided_play runs the searches' guided rollout in a loop of its own over these looks (no
// virtual call, no array of scores: EvaluationHints::guided_play), the same actions chosen.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "games/generals/combat.h"
#include "games/generals/evaluation.h"
#include "games/generals/state.h"

namespace ancients::generals {
namespace {

constexpr double kDamage = 0.1;      ///< per damage point of a unit card in hand (attacking)
constexpr double kEncircling = 2.0;  ///< +1 damage per unblocked attacker for the rest of the game
/// A tactics card in hand: a little, so that playing one to no effect scores below passing
/// (hand weights of 0.05-0.3 for tactics and 0-0.8 for units measured, see docs/agents.md).
constexpr double kHandTactic = 0.1;
constexpr double kLowBody = 10.0;  ///< below this many cards in deck + reserve, each counts 1.5

/// What the score reads of one player's cards.
struct Side {
  int body = 0;  ///< deck + reserve
  std::uint16_t hand_damage = 0;
  std::uint16_t hand_tactics = 0;
  std::uint16_t flank = 0;
};

/// A player's deck and reserve (a player whose deck and reserve are empty loses; the hand does
/// not count) with a penalty for running low, and the damage its unit cards in hand threaten.
/// Weights tried (greedy vs random, 60 games): hand cards worth 1 each lost 90% of games,
/// 0.5 won 88%, 0 won 97%; force and tactics cards in hand did not help.
[[gnu::always_inline]] inline double side_value(const Side& pc) {
  double body = pc.body;
  // The last cards of deck and reserve are the ones that lose the game.
  if (body < kLowBody) body -= (kLowBody - body) * 0.5;
  // Cards in hand do not count against losing (measured: weight 0 plays best). The units'
  // damage points and the number of other cards, kept as integer sums by the state (no chain
  // of floating-point additions).
  const double hand = pc.hand_damage * kDamage + pc.hand_tactics * kHandTactic;
  return body + hand;
}

/// One combat's share of the battle's value, in cards won by the active player; an unblocked
/// attacker counts at half before the blocks are known.
double combat_term(const CombatTotals& c, bool blocks_known) {
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return c.damage * (blocks_known ? 1.0 : 0.5);
    case CombatOutcome::kAttackerWins:
      return 1.0;
    case CombatOutcome::kBlockerWins:
      return -1.0;
    case CombatOutcome::kEvade:
    case CombatOutcome::kTie:
      break;
  }
  return 0.0;
}

/// The score: both sides' values and the cards each has committed to the battle (its own until
/// the battle resolves), the battle as it would resolve now, who is Encircling.
[[gnu::always_inline]] inline double order_sum(const Side& me, int cards_me, const Side& opp,
                                               int cards_opp, double battle, bool me_active) {
  double raw = side_value(me) + cards_me - side_value(opp) - cards_opp;
  raw += me_active ? battle : -battle;
  if (me.flank > opp.flank) raw += kEncircling;
  if (opp.flank > me.flank) raw -= kEncircling;
  return raw;
}

/// A card leaves a hand (GeneralsState::hand_out_public, count_hand_card).
void hand_out(Side& side, const CardTable& t, std::uint8_t card) {
  if (t.is_unit(card))
    side.hand_damage = static_cast<std::uint16_t>(side.hand_damage - t.damage[card]);
  else
    side.hand_tactics = static_cast<std::uint16_t>(side.hand_tactics - 1);
}

/// A card enters a hand (GeneralsState::add_hand).
void hand_in(Side& side, const CardTable& t, std::uint8_t card) {
  if (t.is_unit(card))
    side.hand_damage = static_cast<std::uint16_t>(side.hand_damage + t.damage[card]);
  else
    side.hand_tactics = static_cast<std::uint16_t>(side.hand_tactics + 1);
}

/// A position's parts, worked out once for every action of a step.
class Parts {
 public:
  explicit Parts(const GeneralsState& s)
      : g_(s.data()), t_(s.cards().table), b_(g_.battle), active_(g_.active) {
    for (int p = 0; p < 2; ++p) {
      const PlayerCards& pc = g_.players[p];
      sides_[p] = {pc.deck_size + pc.reserve_size, pc.hand_damage, pc.hand_tactics, pc.flank};
    }
    blocks_known_ = g_.phase == Phase::kTactics || b_.no_block;
    for (int i = 0; i < b_.attacker_count; ++i) {
      const CombatTotals c = totals(i, b_.blockers[i], nullptr);
      half_[i] = combat_term(c, false);
      full_[i] = combat_term(c, true);
      blocked_ += b_.blockers[i] != kNoCard ? 1 : 0;
    }
    battle_ = sum(blocks_known_, -1, 0.0);
  }

  /// The position's own score for `player`.
  double score(int player) const { return score(player, sides_, attackers(), blocked_, battle_); }

  /// The score for `player` after `action` (NaN where the parts cannot tell).
  [[gnu::always_inline]] double after(Action action, int player) const;

 private:
  /// Whether p's deck holds more than `cards` cards.
  bool deck_lasts(int p, int cards) const;
  /// `cards` drawn from the top of p's deck into its hand (`side`); false where the deck would
  /// run out.
  bool draw(Side& side, int p, int cards) const;
  /// The score after the battle's resolution and the end of the turn (NaN: cannot tell).
  double resolved(int player) const;
  int attackers() const { return b_.attacker_count; }
  bool encircling(const std::array<Side, 2>& sides) const {
    return sides[active_ - 1].flank > sides[2 - active_].flank;
  }
  CombatTotals totals(int i, std::uint8_t blocker, const std::uint16_t* tactic) const {
    return combat_sums(t_, b_, i, b_.attackers[i], blocker, encircling(sides_), tactic);
  }
  /// The battle's value: the combats' shares added in order, share `changed` replaced.
  double sum(bool known, int changed, double share) const {
    const double* terms = known ? full_.data() : half_.data();
    double v = 0;
    for (int i = 0; i < attackers(); ++i) v += i == changed ? share : terms[i];
    return v;
  }
  [[gnu::always_inline]] double score(int player, const std::array<Side, 2>& sides, int attackers,
                                      int blocked, double battle) const {
    const int opp = 3 - player;
    const auto cards = [&](int p) { return p == active_ ? attackers : blocked; };
    return order_sum(sides[player - 1], cards(player), sides[opp - 1], cards(opp), battle,
                     player == active_);
  }
  /// The battle's value with every combat's sums made again (flank points changed).
  double battle_again(const std::array<Side, 2>& sides) const {
    double v = 0;
    for (int i = 0; i < attackers(); ++i)
      v += combat_term(
          combat_sums(t_, b_, i, b_.attackers[i], b_.blockers[i], encircling(sides), nullptr),
          blocks_known_);
    return v;
  }

  const GameData& g_;
  const CardTable& t_;
  const Battle& b_;
  const int active_;
  std::array<Side, 2> sides_{};
  bool blocks_known_ = false;
  int blocked_ = 0;
  double battle_ = 0;
  std::array<double, kMaxCards> half_;  ///< each combat's share before the blocks are known
  std::array<double, kMaxCards> full_;  ///< ... and once they are
};

inline double Parts::after(Action action, int player) const {
  constexpr double kCannotTell = std::numeric_limits<double>::quiet_NaN();
  const int me = g_.to_act;
  std::array<Side, 2> sides = sides_;
  Side& mine = sides[me - 1];
  const std::uint8_t card = action_card(action);
  switch (action_op(action)) {
    case Op::kPass:
      if (g_.phase == Phase::kTactics && b_.passes + 1 >= 2) return resolved(player);
      if (g_.phase == Phase::kAttack && attackers() == 0 && g_.turn >= g_.turn_limit)
        return 0.0;  // the turn ends at the limit: a draw (order_with: 0 times kFinishedOrder)
      // Every other pass moves the turn on without moving a card; a turn that ends without
      // attackers leaves an empty battle, whose score does not depend on who is active.
      return score(player);
    case Op::kScout:  // the card discarded; what it shows changes what a player knows only
    case Op::kDiscardStep:
      hand_out(mine, t_, card);
      ++mine.body;  // into the reserve
      return score(player, sides, attackers(), blocked_, battle_);
    case Op::kRally:
      hand_out(mine, t_, t_.card(Effect::kRally));
      hand_in(mine, t_, card);
      return score(player, sides, attackers(), blocked_, battle_);
    case Op::kDifficultTerrain:
      hand_out(mine, t_, t_.card(Effect::kDifficultTerrain));
      return score(player, sides, attackers(), blocked_, battle_);
    case Op::kBreakMorale:
      hand_out(mine, t_, t_.card(Effect::kBreakMorale));
      return score(player, sides, attackers(), blocked_, sum(true, -1, 0.0));
    case Op::kFlank:
      hand_out(mine, t_, card);
      if (t_.effect_of(card) != Effect::kOutflank) ++mine.body;  // a unit goes to the reserve
      mine.flank = static_cast<std::uint16_t>(mine.flank + t_.flank_points[card]);
      return score(player, sides, attackers(), blocked_, battle_again(sides));
    case Op::kAttackStep: {
      hand_out(mine, t_, card);
      const CombatTotals c =
          combat_sums(t_, b_, attackers(), card, kNoCard, encircling(sides_), nullptr);
      return score(player, sides, attackers() + 1, blocked_,
                   battle_ + combat_term(c, blocks_known_));
    }
    case Op::kBlockStep: {
      const int i = action_arg(action);
      if (i >= attackers()) return kCannotTell;
      hand_out(mine, t_, card);
      const int blocked = blocked_ + (b_.blockers[i] == kNoCard ? 1 : 0);
      const double share = combat_term(totals(i, card, nullptr), blocks_known_);
      return score(player, sides, attackers(), blocked, sum(blocks_known_, i, share));
    }
    case Op::kBlockEnd:  // the tactics window opens: the blocks are known
      return score(player, sides, attackers(), blocked_, sum(true, -1, 0.0));
    case Op::kPlay: {
      const int i = action_arg(action);
      if (i >= attackers()) return kCannotTell;
      hand_out(mine, t_, card);
      const std::uint16_t tactic = pack_tactic(card, me, action_arg2(action) != 0, i);
      const double share = combat_term(totals(i, b_.blockers[i], &tactic), blocks_known_);
      return score(player, sides, attackers(), blocked_, sum(blocks_known_, i, share));
    }
    case Op::kDiscardEnd:  // the active player's hand drawn up
      if (!draw(mine, me, t_.hand - g_.players[me - 1].hand_size)) return kCannotTell;
      return score(player, sides, attackers(), blocked_, battle_);
    case Op::kReserve: {
      const std::uint8_t reserve = t_.card(Effect::kReserve);
      hand_out(mine, t_, reserve);
      if (!draw(mine, me, t_.amount[reserve])) return kCannotTell;
      return score(player, sides, attackers(), blocked_, battle_);
    }
    case Op::kSiege: {  // the card to the reserve, the top of the opponent's deck lost
      hand_out(mine, t_, card);
      ++mine.body;
      if (!deck_lasts(3 - me, 1)) return kCannotTell;
      --sides[2 - me].body;
      return score(player, sides, attackers(), blocked_, battle_);
    }
  }
  return kCannotTell;
}

bool Parts::deck_lasts(int p, int cards) const {
  // Taking the last card of a deck reshuffles the reserve or loses the game: not told.
  return cards < g_.players[p - 1].deck_size;
}

bool Parts::draw(Side& side, int p, int cards) const {
  if (cards <= 0) return true;
  if (!deck_lasts(p, cards)) return false;
  const PlayerCards& pc = g_.players[p - 1];
  if (pc.deck_size - cards < g_.unresolved[p - 1]) return false;  // a card not dealt yet
  for (int j = 0; j < cards; ++j) hand_in(side, t_, pc.deck[pc.deck_size - 1 - j]);
  side.body -= cards;
  return true;
}

double Parts::resolved(int player) const {
  // GeneralsState::resolve_battle: each combat's cards go to their reserves or casualty
  // piles, unblocked damage takes cards off the defender's deck; then the turn ends with an
  // empty battle (or at the turn limit, a draw).
  std::array<Side, 2> sides = sides_;
  Side& attacker = sides[active_ - 1];
  Side& defender = sides[2 - active_];
  int damage = 0;
  for (int i = 0; i < attackers(); ++i) {
    const CombatTotals c = totals(i, b_.blockers[i], nullptr);
    switch (c.outcome) {
      case CombatOutcome::kDamage:
        damage += std::max(c.damage, 0);
        ++attacker.body;
        break;
      case CombatOutcome::kEvade:
        ++attacker.body;
        ++defender.body;
        break;
      case CombatOutcome::kAttackerWins:
        ++attacker.body;
        break;
      case CombatOutcome::kBlockerWins:
        ++defender.body;
        break;
      case CombatOutcome::kTie:
        break;
    }
  }
  if (damage > 0 && !deck_lasts(3 - active_, damage))
    return std::numeric_limits<double>::quiet_NaN();
  defender.body -= damage;
  if (g_.turn >= g_.turn_limit) return 0.0;
  return score(player, sides, 0, 0, 0.0);
}

/// order_with(order_position) of the position `action` makes, played on a copy (an action
/// the parts cannot tell: rare, so out of line).
[[gnu::noinline]] double order_played(const GeneralsState& s, Action action, int player) {
  GeneralsState trial = s;
  trial.apply(action);
  if (trial.is_over()) return trial.returns(player) * kFinishedOrder;
  return order_position(trial, player);
}

}  // namespace

double order_position(const GeneralsState& s, int player) {
  return Parts(s).score(player);
}

void order_after(const GeneralsState& s, const Action* actions, std::size_t count, int player,
                 double* scores) {
  if (s.is_over()) {
    for (std::size_t i = 0; i < count; ++i) scores[i] = std::numeric_limits<double>::quiet_NaN();
    return;
  }
  const Parts parts(s);
  for (std::size_t i = 0; i < count; ++i) scores[i] = parts.after(actions[i], player);
}

int guided_play(GeneralsState& s, int actions, ActionList& legal) {
  // The choice of IsmctsAgent::guided_rollout's own loop (guided_step_played, every action
  // played on a copy), without its virtual calls and copies: each action scored by the parts
  // where they can tell, else played on a copy; the best action is then played on the state
  // (the same state a copy would be).
  int played = 0;
  for (; played < actions && !s.is_over(); ++played) {
    s.legal_actions(legal);
    if (legal.size() == 1) {
      s.apply(legal[0]);
      continue;
    }
    const int p = s.to_act();
    double best = -2.0 * kFinishedOrder;
    std::size_t best_index = 0;
    {
      const Parts parts(s);
      for (std::size_t i = 0; i < legal.size(); ++i) {
        double v = parts.after(legal[i], p);
        if (std::isnan(v)) v = order_played(s, legal[i], p);
        if (v > best) {  // ties: the first in the legal order
          best = v;
          best_index = i;
        }
      }
    }
    s.apply(legal[best_index]);
  }
  return played;
}

}  // namespace ancients::generals
