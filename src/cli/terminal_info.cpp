// The status panel under the board (see terminal_info.h).
#include "cli/terminal_info.h"

#include <fmt/format.h>

#include "cli/terminal_board.h"
#include "cli/terminal_text.h"
#include "games/warfare/battlefield_phase.h"

namespace ancients::cli {
namespace {

using warfare::Phase;
using warfare::WarfareState;

const char* phase_words(Phase p) {
  switch (p) {
    case Phase::kDeploy:
      return "deployment";
    case Phase::kOrders:
      return "orders phase (discard down to 5)";
    case Phase::kMove:
      return "move phase";
    case Phase::kBattle:
      return "battle phase";
    case Phase::kOver:
      return "game over";
    case Phase::kBattlefield:
      return "battlefield";
  }
  return "?";
}

/// The cards of `player`'s hand, or with known_only those of the opponent's hand that
/// `player` has seen (Scout).
std::vector<std::string> card_items(const WarfareState& s, int player, bool known_only) {
  std::vector<std::string> items;
  const auto& cards = s.rules().cards;
  for (std::size_t c = 0; c < cards.size(); ++c) {
    const auto type = static_cast<warfare::CardType>(c);
    const int n = known_only ? s.known_count(player, type) : s.hand_count(player, type);
    if (n == 1) items.push_back(cards[c].id);
    if (n > 1) items.push_back(fmt::format("{} x{}", cards[c].id, n));
  }
  return items;
}

std::string reserve_text(const WarfareState& s, int player) {
  std::vector<std::string> items;
  for (int i = 0; i < s.reserve_count(player); ++i) {
    const auto& e = s.reserve(player, i);
    items.push_back(s.rules().units[e.type].id + (e.elite ? "*" : ""));
  }
  return wrap_list(fmt::format("  Still to deploy ({}): ", items.size()), items, 4);
}

}  // namespace

std::string cards_text(const WarfareState& s, int player) {
  std::string out;
  for (const auto& item : card_items(s, player, false)) out += (out.empty() ? "" : ", ") + item;
  return out.empty() ? "none" : out;
}

std::string pending_text(const WarfareState& s) {
  const auto& pend = s.pending();
  if (pend.kind == warfare::Pending::kNone) return {};
  // A move awaiting an answer (the retreat edition's Difficult Ground) names no attacker and
  // no target: its squares are in the move itself, which the game writes.
  if (pend.kind == warfare::Pending::kMove)
    return fmt::format("player {}'s {}", s.active(), s.pending_text());
  const int size = s.geo().width;
  const int ai = s.unit_at(pend.attacker), ti = s.unit_at(pend.target);
  const auto unit_name = [&](int ui) {
    if (ui < 0) return std::string("unit");
    const auto& u = s.unit(ui);
    return std::to_string(u.player) + unit_abbreviation(s.rules().units[u.type]) +
           (u.elite ? "*" : "");
  };
  const std::string how = pend.kind == warfare::Pending::kAutokill
                              ? "an auto-kill"
                              : "the card " + s.rules().cards[pend.card].id;
  return fmt::format("{} on {} attacks {} on {} with {}", unit_name(ai),
                     warfare::square_name(pend.attacker, size), unit_name(ti),
                     warfare::square_name(pend.target, size), how);
}

std::string render_status(const WarfareState& s, const InfoContext& ctx, const Style& style) {
  std::string out;
  const int limit = s.options().turn_limit;
  // A multiplayer battle counts rounds (every player's turn), as its turn limit does.
  const char* const turn_word = s.options().contingents ? "Round" : "Turn";
  if (s.phase() == Phase::kBattlefield) {
    out += warfare::battlefield_summary(s) + "\n";
  } else if (s.swap_step()) {
    out += "Deployment (DBA set-up): player 2 may swap two of player 1's units, or pass\n";
  } else if (s.phase() == Phase::kDeploy && s.options().contingents) {
    const auto [first, last] = s.sector_files(s.to_act());
    out +=
        fmt::format("Deployment: player {} places its army in its sector (files {}-{}, {})\n",
                    s.to_act(), static_cast<char>('a' + first), static_cast<char>('a' + last - 1),
                    s.side_of(s.to_act()) == 1 ? "ranks 1-4" : "the four highest ranks");
  } else if (s.phase() == Phase::kDeploy) {
    out += fmt::format("Deployment: player {} places its army on its two back rows ({})\n",
                       s.to_act(), s.to_act() == 1 ? "ranks 1-2" : "the two highest ranks");
  } else if (s.is_over()) {
    out += fmt::format("{} {} of {}: game over\n", turn_word, s.turn(), limit);
  } else {
    out += fmt::format("{} {} of {}: player {}'s {}, player {} to act\n", turn_word, s.turn(),
                       limit, s.active(), phase_words(s.phase()), s.to_act());
  }
  const int loss_limit = s.rules().loss_limit;
  const int players = s.player_count();
  for (int p = 1; p <= players; ++p) {
    const std::string who = style.player(s.side_of(p), fmt::format("Player {}", p));
    const std::string label = p <= static_cast<int>(ctx.labels.size()) ? ctx.labels[p - 1] : "";
    // A multiplayer battle: each player's side and role, and who is broken.
    std::string role;
    if (s.options().contingents)
      role = fmt::format("{} {}, ", s.side_of(p) == 1 ? "attacker's" : "defender's",
                         p == s.main_player(s.side_of(p)) ? "main player" : "contingent");
    if (s.broken(p)) {
      out += fmt::format("  {} ({}{}): broken, its army has left the field\n", who, role, label);
      continue;
    }
    out += fmt::format("  {} ({}{}): {} card{} in hand, lost {} of {}\n", who, role, label,
                       s.hand_size(p), s.hand_size(p) == 1 ? "" : "s", s.lost(p), loss_limit);
  }
  out += fmt::format("  Deck {} cards, discard pile {}\n", s.deck_size(), s.discard_size());
  for (int p = 1; p <= players; ++p) {
    if (ctx.viewer != 0 && ctx.viewer != p) continue;
    const std::string whose =
        ctx.viewer == 0 ? fmt::format("Player {}'s hand: ", p) : "Your hand: ";
    const auto hand = card_items(s, p, false);
    out += hand.empty() ? "  " + whose + "none\n" : wrap_list("  " + whose, hand, 4);
    if (ctx.viewer != 0) {
      const auto known = card_items(s, p, true);
      if (!known.empty())
        out += wrap_list(fmt::format("  Known in player {}'s hand (Scout): ", s.known_of(p)), known,
                         4);
    }
  }
  if (s.phase() == Phase::kDeploy && ctx.viewer != 0 && s.reserve_count(ctx.viewer) > 0)
    out += reserve_text(s, ctx.viewer);
  if (const std::string pend = pending_text(s); !pend.empty()) {
    const bool move = s.pending().kind == warfare::Pending::kMove;
    out += "  " + style.bold(move ? "Move awaiting an answer: " : "Attack awaiting an answer: ") +
           pend +
           fmt::format(" (player {} may {} or pass)\n", s.to_act(), move ? "answer it" : "defend");
  }
  if (!ctx.last_actions.empty()) {
    out += "  Last actions:\n";
    for (const auto& line : ctx.last_actions)
      out += "    " + style.player(s.side_of(line.player), fmt::format("P{}", line.player)) + " " +
             line.text + "\n";
  }
  return out;
}

}  // namespace ancients::cli
