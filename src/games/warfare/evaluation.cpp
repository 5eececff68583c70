// The Ancient Warfare evaluation (see evaluation.h). One pass over the units finds, for each,
// the first unit along each of the 8 lines within its attack range (indirect-fire units look
// past units); an enemy found there is "in reach". Weights are hand-tuned, in loss points.
#include "games/warfare/evaluation.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

constexpr double kGeneralValue = 6.0;   ///< losing the General loses the game
constexpr double kThreatActing = 0.45;  ///< share of a target's value when its enemy acts next
constexpr double kThreatWaiting = 0.2;  ///< ... when its own side acts next
constexpr double kAutokillBonus = 1.5;  ///< an auto-kill needs no card and cannot be defended
/// Any card in hand, move cards too. Move cards were once worth a quarter of this (less than
/// a rank of advance, so that moving always paid): the computer then discarded its move cards
/// first and sat with nothing to move in most turns (docs/agents.md, "Passive turns").
constexpr double kCardValue = 0.12;
constexpr double kDefenseCardValue = 0.2;  ///< a defense card, per exposed valuable unit
constexpr double kAdvanceValue = 0.03;     ///< per rank a unit stands forward of its back rows
constexpr double kApproach = 0.04;         ///< per square nearer an enemy it can destroy (< 7)
constexpr double kScale = 5.0;             ///< tanh scale, in loss points
constexpr double kNonTerminal = 0.9;  ///< an unfinished game scores at most this: a win is more

/// The worth of a unit in loss points (the General: the game).
double unit_value(const WarfareState& s, const Unit& u) {
  const UnitDef& d = s.rules().units[u.type];
  if (d.role == Role::kGeneral) return kGeneralValue;
  return static_cast<double>(d.loss) + (u.elite ? 0.25 : 0.0);
}

/// For each attacker type, the target types it can destroy (auto-kill, or not immune to it),
/// as bits; computed once per ruleset and thread.
const std::array<std::uint32_t, kMaxUnitTypes>& hurt_masks(const Ruleset& rules) {
  thread_local const Ruleset* cached = nullptr;
  thread_local std::array<std::uint32_t, kMaxUnitTypes> masks{};
  if (cached != &rules) {
    const std::size_t n = rules.units.size();
    for (std::size_t a = 0; a < n; ++a) {
      std::uint32_t m = 0;
      for (std::size_t t = 0; t < n; ++t)
        if (rules.units[a].autokills.test(t) || !rules.units[t].immune_to.test(a))
          m |= std::uint32_t{1} << t;
      masks[a] = m;
    }
    cached = &rules;
  }
  return masks;
}

/// Squares as bits, like SquareSet but without its zero initialisation, for the arrays of
/// the evaluation that are filled only where used; W words: one on a board of at most 64
/// squares, three (SquareSet's) above.
template <int W>
struct Words {
  std::uint64_t w[W];
  void set(int sq) { w[W == 1 ? 0 : sq >> 6] |= std::uint64_t{1} << (sq & 63); }
  bool any() const {
    std::uint64_t a = w[0];
    for (int i = 1; i < W; ++i) a |= w[i];
    return a != 0;
  }
  bool meets(const SquareSet& o) const {
    std::uint64_t a = w[0] & o.words[0];
    for (int i = 1; i < W; ++i) a |= w[i] & o.words[i];
    return a != 0;
  }
};
template <int W>
double evaluate_in_words(const WarfareState& s, int player) {
  const Geometry& geo = s.geo();
  const auto& rules = s.rules();
  // threat[p]: the value at risk of player p's units; exposed[p]: units of p in enemy reach.
  std::array<double, 2> threat{};
  std::array<double, 2> exposed{};
  std::array<double, 2> advance{};
  // worst[i]: the most that unit i risks from a unit that sees it (1, or the auto-kill bonus);
  // 0: none sees it. Only the first n entries are used, and set.
  std::array<double, kMaxUnits> worst;
  const int n = s.unit_count();
  std::fill_n(worst.begin(), n, 0.0);
  const auto& hurt = hurt_masks(rules);
  // Each side's squares by unit type (types[k]: the types side k has; by_type is filled for
  // those only, the arrays are left uninitialised on purpose: this runs at every leaf of the
  // search). A unit with no enemy on its lines within range sees no target, and its lines
  // are not walked.
  std::array<std::uint32_t, 2> types{};
  Words<W> by_type[2][kMaxUnitTypes];
  for (int i = 0; i < n; ++i) {
    const Unit& u = s.unit(i);
    const int k = u.owner - 1;
    if ((types[k] >> u.type & 1U) == 0) by_type[k][u.type] = Words<W>{};
    types[k] |= std::uint32_t{1} << u.type;
    by_type[k][u.type].set(u.square);
  }
  // prey[k][t]: the squares of the enemies of side k that a unit of type t can destroy
  // (auto-kill, or a target not immune), worked out when first asked (bit t of prey_known[k]).
  Words<W> prey[2][kMaxUnitTypes];
  std::array<std::uint32_t, 2> prey_known{};
  const auto prey_of = [&](int k, int t) -> const Words<W>& {
    if ((prey_known[k] >> t & 1U) == 0) {
      // Accumulated in registers: an accumulator in memory made each OR wait for the last.
      Words<W> acc{};
      const int e = 1 - k;
      for (std::uint32_t m = hurt[t] & types[e]; m != 0; m &= m - 1) {
        const Words<W>& b = by_type[e][std::countr_zero(m)];
        for (int i = 0; i < W; ++i) acc.w[i] |= b.w[i];
      }
      prey[k][t] = acc;
      prey_known[k] |= std::uint32_t{1} << t;
    }
    return prey[k][t];
  };
  for (int i = 0; i < n; ++i) {
    const Unit& u = s.unit(i);
    const UnitDef& d = rules.units[u.type];
    const int r = geo.rank(u.square);
    const int forward = u.owner == 1 ? r : geo.height - 1 - r;
    if (d.role == Role::kUnit) {
      advance[u.owner - 1] += kAdvanceValue * forward;
      // Closing in on an enemy this unit can destroy: the nearest by king distance, looked
      // for ring by ring out to the distance where it stops counting.
      const Words<W>& targets = prey_of(u.owner - 1, u.type);
      if (targets.any()) {
        for (int k = 1; k <= Geometry::kBallRadius; ++k) {
          if (targets.meets(geo.king_ball[u.square][k])) {
            advance[u.owner - 1] += kApproach * (7 - k);
            break;
          }
        }
      }
    }
    const int range = s.attack_range(u, u.square);
    const bool indirect = d.special_indirect;
    if (!s.enemy_on_lines(u.square, range, s.side_squares(3 - u.owner))) continue;
    s.for_each_unit_in_sight(u.square, range, indirect, [&](int sq) {
      const int ti = s.unit_at(sq);
      const Unit& t = s.unit(ti);
      if (t.owner == u.owner || ((hurt[u.type] >> t.type) & 1U) == 0) return;
      const double w = d.autokills.test(t.type) ? kAutokillBonus : 1.0;
      if (w > worst[ti]) worst[ti] = w;
    });
  }
  // The side that acts next (in its battle phase, or next turn) strikes first.
  const int next = s.side_of(s.active());
  for (int i = 0; i < n; ++i) {
    if (worst[i] == 0) continue;
    const Unit& t = s.unit(i);
    const double v = unit_value(s, t) * worst[i];
    const double share = t.owner == next ? kThreatWaiting : kThreatActing;
    threat[t.owner - 1] += v * share;
    if (rules.units[t.type].role != Role::kUnit || rules.units[t.type].loss > 1)
      exposed[t.owner - 1] += 2.0;
    else
      exposed[t.owner - 1] += 1.0;
  }
  std::array<double, 2> cards{};
  for (int p = 1; p <= s.player_count(); ++p) {  // cards count for their player's side
    const int k_side = s.side_of(p) - 1;
    for (std::uint32_t held = s.held_cards(p); held != 0; held &= held - 1) {
      const int c = std::countr_zero(held);
      const int k = s.hand_count(p, static_cast<CardType>(c));
      double v = kCardValue;
      if (rules.cards[c].uses & kUseDefend)
        v += kDefenseCardValue * std::min(exposed[k_side], 3.0) / 3.0;
      cards[k_side] += v * k;
    }
  }
  const int my_side = s.side_of(player);
  const int me = my_side - 1;
  const int opp = 2 - my_side;
  double raw = static_cast<double>(s.side_lost(3 - my_side) - s.side_lost(my_side));
  raw += threat[opp] - threat[me];
  raw += cards[me] - cards[opp];
  raw += advance[me] - advance[opp];
  return kNonTerminal * std::tanh(raw / kScale);
}

}  // namespace

double evaluate_position(const WarfareState& s, int player) {
  if (s.is_over()) return s.returns(player);
  // One word of bits covers a board of at most 64 squares (8x8).
  return s.geo().squares <= 64 ? evaluate_in_words<1>(s, player) : evaluate_in_words<3>(s, player);
}

double evaluate_state(const State& state, int player) {
  return evaluate_position(static_cast<const WarfareState&>(state), player);
}

}  // namespace ancients::warfare
