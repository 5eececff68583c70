// Ancient Warfare: refusing read positions that no game can reach (see position_checks.h).
// Each rule here is an invariant of play: the engine never puts a unit on impassable ground,
// hands hold at most 5 cards except the active player's in the orders phase (5 kept + 3 drawn),
// every card of the edition's deck is in exactly one hand or pile, a player whose loss points
// reach the edition's limit has lost, and the game ends at its turn limit.
#include "games/warfare/position_checks.h"

#include <fmt/format.h>

#include <array>

#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

std::string unit_problem(const WarfareState& s) {
  const int size = s.geo().width;
  std::array<int, kMaxPlayers> army{};
  for (int i = 0; i < s.unit_count(); ++i) {
    const Unit& u = s.unit(i);
    if (s.terrain(u.square) == Terrain::kImpassable)
      return fmt::format("units: the unit on {} stands on impassable ground",
                         square_name(u.square, size));
    ++army[u.player - 1];
  }
  for (int p = 1; p <= s.player_count(); ++p)
    if (army[p - 1] + s.reserve_count(p) > kMaxArmy)
      return fmt::format(
          "player {} has {} units on the board and in reserve; an army has at most {}", p,
          army[p - 1] + s.reserve_count(p), kMaxArmy);
  return {};
}

std::string hand_problem(const WarfareState& s) {
  for (int p = 1; p <= s.player_count(); ++p) {
    const int n = s.hand_size(p);
    const bool drawing = s.phase() == Phase::kOrders && p == s.active();
    if (drawing && n > kHandLimit + kDrawPerTurn)
      return fmt::format(
          "hands.{} holds {} cards; in the orders phase the active player holds at most {} ({} "
          "kept and {} drawn)",
          p, n, kHandLimit + kDrawPerTurn, kHandLimit, kDrawPerTurn);
    if (!drawing && n > kHandLimit)
      return fmt::format(
          "hands.{} holds {} cards; a hand holds at most {} (more only for the active player in "
          "the orders phase)",
          p, n, kHandLimit);
  }
  return {};
}

std::string card_copies_problem(const WarfareState& s) {
  const Ruleset& rules = s.rules();
  std::array<int, kMaxCardTypes> copies{};
  for (const CardType c : s.deck_top_first()) ++copies[c];
  for (std::size_t c = 0; c < rules.cards.size(); ++c) {
    const auto type = static_cast<CardType>(c);
    int n = copies[c] + s.discard_count(type);
    for (int p = 1; p <= s.player_count(); ++p) n += s.hand_count(p, type);
    if (n > rules.cards[c].count)
      return fmt::format("{} {} cards in the hands, deck and discard pile; the {} deck holds {}", n,
                         rules.cards[c].id, rules.edition, rules.cards[c].count);
  }
  return {};
}

std::string count_problem(const WarfareState& s) {
  const bool over = s.phase() == Phase::kOver;
  for (int p = 1; p <= s.player_count(); ++p)
    if (!over && !s.broken(p) && s.lost(p) >= s.rules().loss_limit)
      return fmt::format(
          "lost.{} is {}: a player with {} loss points has lost (or, a contingent, is broken), "
          "but the game is not over",
          p, s.lost(p), s.rules().loss_limit);
  for (int p = 1; p <= s.player_count(); ++p) {
    if (!s.broken(p)) continue;
    if (p == s.main_player(s.side_of(p)))
      return fmt::format("players.{}: a main player who is broken has lost the battle", p);
    if (s.hand_size(p) > 0) return fmt::format("players.{} is broken but holds cards", p);
    for (int i = 0; i < s.unit_count(); ++i)
      if (s.unit(i).player == p)
        return fmt::format("players.{} is broken but its units are still on the board", p);
  }
  if (s.turn() > s.options().turn_limit)
    return fmt::format("turn {} is past the turn limit {}", s.turn(), s.options().turn_limit);
  return {};
}

}  // namespace

std::string unreachable_position_problem(const WarfareState& s) {
  for (const auto& check : {unit_problem, hand_problem, card_copies_problem, count_problem})
    if (std::string problem = check(s); !problem.empty()) return problem;
  return {};
}

}  // namespace ancients::warfare
