// Effects of actions and results in words (see terminal_events.h).
#include "cli/terminal_events.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

#include "cli/terminal_board.h"

namespace ancients::cli {
namespace {

using Key = std::tuple<int, int, int>;  ///< owner, type, elite

std::map<Key, int> census(const warfare::WarfareState& s) {
  std::map<Key, int> out;
  for (int i = 0; i < s.unit_count(); ++i) {
    const auto& u = s.unit(i);
    ++out[{u.owner, u.type, u.elite}];
  }
  return out;
}

}  // namespace

std::string effect_text(const warfare::WarfareState& before, const warfare::WarfareState& after) {
  std::vector<std::string> parts;
  if (before.phase() != warfare::Phase::kDeploy) {
    const auto then = census(before), now = census(after);
    for (const auto& [key, n] : then) {
      const auto it = now.find(key);
      const int gone = n - (it == now.end() ? 0 : it->second);
      const auto& [owner, type, elite] = key;
      const std::string name =
          std::to_string(owner) + unit_abbreviation(after.rules().units[type]) + (elite ? "*" : "");
      for (int k = 0; k < gone; ++k) parts.push_back(name + " destroyed");
    }
  }
  if (after.pending().kind != warfare::Pending::kNone &&
      before.pending().kind == warfare::Pending::kNone)
    parts.push_back(fmt::format("player {} may {}", after.to_act(),
                                after.pending().kind == warfare::Pending::kMove
                                    ? "answer the move"  // the retreat edition's Difficult Ground
                                    : "defend"));
  if (after.is_over() && !before.is_over()) {
    parts.push_back("game over");
  } else if (before.phase() == warfare::Phase::kMove && after.phase() == warfare::Phase::kBattle) {
    parts.push_back("battle phase begins");
  } else if (after.turn() != before.turn() && before.phase() != warfare::Phase::kDeploy) {
    parts.push_back(fmt::format("turn {} begins", after.turn()));
  }
  if (parts.empty()) return {};
  std::string out = " (";
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  return out + ")";
}

std::string result_words(const warfare::WarfareState& s, const std::vector<std::string>& labels) {
  const int w = s.winner();
  if (w == kNotOver) return fmt::format("The game is not over (turn {}).", s.turn());
  if (w == kDraw)
    return fmt::format("Draw: the turn limit ({} {}) was reached.", s.options().turn_limit,
                       s.options().contingents ? "rounds" : "turns");
  // A multiplayer battle: the engine names the winning side and the main player who broke.
  if (s.player_count() > 2) return fmt::format("{} (turn {}).", s.over_reason(), s.turn());
  const int loser = 3 - w;
  const std::string why = s.lost(loser) >= s.rules().loss_limit
                              ? fmt::format("player {} lost {} loss points", loser, s.lost(loser))
                              : fmt::format("player {}'s General was destroyed", loser);
  return fmt::format("Player {} ({}) wins on turn {}: {}.", w, labels[w - 1], s.turn(), why);
}

}  // namespace ancients::cli
