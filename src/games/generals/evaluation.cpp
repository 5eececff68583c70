// The Ancient Generals evaluation (see evaluation.h). Weights are hand-tuned, in cards.
#include "games/generals/evaluation.h"

#include <array>
#include <cmath>

#include "games/generals/state.h"

namespace ancients::generals {
namespace {

constexpr double kDamage = 0.1;      ///< per damage point of a unit card in hand (attacking)
constexpr double kEncircling = 2.0;  ///< +1 damage per unblocked attacker for the rest of the game
constexpr double kScale = 12.0;      ///< tanh scale, in cards

/// Player p's deck and reserve (a player whose deck and reserve are empty loses; the hand does
/// not count) with a penalty for running low, and the damage its unit cards in hand threaten.
/// Weights tried (greedy vs random, 60 games): hand cards worth 1 each lost 90% of games,
/// 0.5 won 88%, 0 won 97%; force and tactics cards in hand did not help.
double side_value(const GeneralsState& s, int p) {
  const PlayerCards& pc = s.data().players[p - 1];
  const CardTable& tab = s.cards().table;
  double body = pc.deck_size + pc.reserve_size;
  // The last cards of deck and reserve are the ones that lose the game.
  if (body < 10) body -= (10 - body) * 0.5;
  double hand = 0;  // cards in hand do not count against losing (measured: weight 0 plays best)
  for (int k = 0; k < tab.kinds; ++k) {
    const int n = pc.hand[k];
    if (n == 0) continue;
    if (tab.is_unit(k)) hand += n * kDamage * tab.damage[k];
  }
  return body + hand;
}

/// The battle under way, resolved as it stands (tactics played so far included), in cards won
/// by the active player; unblocked attackers count at half before the blocks are known.
double battle_value(const GeneralsState& s) {
  const GameData& g = s.data();
  const Battle& b = g.battle;
  const int n = b.attacker_count;
  if (n == 0) return 0.0;
  const CardTable& t = s.cards().table;
  std::array<int, kMaxCards> extra{}, bonus_a{}, bonus_d{};
  std::array<bool, kMaxCards> shields{}, no_evade{};
  for (int i = 0; i < b.tactic_count; ++i) {
    const std::uint16_t tc = b.tactics[i];
    const std::uint8_t c = tactic_card(tc);
    const int combat = tactic_combat(tc);
    switch (t.effect_of(c)) {
      case Effect::kOverrun:
        extra[combat] += t.amount[c];
        break;
      case Effect::kBloodlust:
        (tactic_on_blocker(tc) ? bonus_d : bonus_a)[combat] += t.amount[c];
        break;
      case Effect::kShields:
        shields[combat] = true;
        break;
      case Effect::kDefensibleTerrain:
        bonus_d[combat] += t.amount[c];
        no_evade[combat] = true;
        break;
      case Effect::kTreacherousTerrain:
        bonus_a[combat] += t.amount[c];
        no_evade[combat] = true;
        break;
      default:
        break;
    }
  }
  const int A = g.active;
  const bool encircling = g.players[A - 1].flank > g.players[2 - A].flank;
  const bool blocks_known = g.phase == Phase::kTactics || b.no_block;
  double v = 0;
  for (int i = 0; i < n; ++i) {
    const std::uint8_t a = b.attackers[i];
    const std::uint8_t d = b.blockers[i];
    if (d == kNoCard) {
      const int damage = t.damage[a] + (encircling ? t.encircling_damage : 0) + extra[i];
      v += damage * (blocks_known ? 1.0 : 0.5);
      continue;
    }
    const bool evade = !no_evade[i] && (shields[i] || ((t.evade[d] >> t.type[a]) & 1U) ||
                                        ((t.evade[a] >> t.type[d]) & 1U));
    if (evade) continue;
    const int fa =
        t.force[a] + (((t.versus[a] >> t.type[d]) & 1U) ? t.versus_bonus : 0) + bonus_a[i];
    const int fd =
        t.force[d] + (((t.versus[d] >> t.type[a]) & 1U) ? t.versus_bonus : 0) + bonus_d[i];
    if (fa > fd) v += 1;
    if (fd > fa) v -= 1;
  }
  return v;
}

/// Cards of player p committed to the battle (still its own until the battle resolves).
int battle_cards(const GeneralsState& s, int p) {
  const Battle& b = s.data().battle;
  int n = 0;
  for (int i = 0; i < b.attacker_count; ++i)
    n += p == s.data().active ? 1 : (b.blockers[i] != kNoCard ? 1 : 0);
  return n;
}

}  // namespace

double evaluate_position(const GeneralsState& s, int player) {
  if (s.is_over()) return s.returns(player);
  const int opp = 3 - player;
  double raw =
      side_value(s, player) + battle_cards(s, player) - side_value(s, opp) - battle_cards(s, opp);
  const double battle = battle_value(s);
  raw += player == s.data().active ? battle : -battle;
  const int f_me = s.data().players[player - 1].flank;
  const int f_opp = s.data().players[opp - 1].flank;
  if (f_me > f_opp) raw += kEncircling;
  if (f_opp > f_me) raw -= kEncircling;
  return std::tanh(raw / kScale);
}

double evaluate_state(const State& state, int player) {
  return evaluate_position(static_cast<const GeneralsState&>(state), player);
}

}  // namespace ancients::generals
