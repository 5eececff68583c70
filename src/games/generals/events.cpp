// Ancient Generals' events: what an action made happen, read from the viewer's views of the
// state before and after it, so that nothing a viewer may not know can appear (an opponent's
// drawn cards are a count; a spectator sees no hand). Each event has a type, the player it
// concerns and a sentence:
//   action      the action as the viewer reads it
//   casualties  cards that went to a player's casualty pile (public)
//   flank       a player's flank points rose
//   reserve     cards that went to a player's reserve
//   drew        cards that came into a player's hand (their names only to that player)
//   scouted     cards of the opponent's hand, or of a deck's top, that the viewer now knows
//   over        the game ended, with its reason
// Computed on demand (the server's log, `ancients apply --events`), never in play's hot path.
#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "core/words.h"
#include "games/generals/state.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

std::string who(int p) {
  return fmt::format("Player {}", p);
}

/// The named cards of a pile as counts (unknown cards, null, are left out).
std::map<std::string, int> counts(const json& pile) {
  std::map<std::string, int> out;
  for (const auto& c : pile)
    if (c.is_string()) ++out[c.get<std::string>()];
  return out;
}

/// The cards in `after` beyond those in `before`, in card order.
std::vector<std::string> added(const json& before, const json& after) {
  std::map<std::string, int> was = counts(before);
  std::vector<std::string> out;
  for (const auto& [card, n] : counts(after))
    for (int k = was[card]; k < n; ++k) out.push_back(card);
  return out;
}

std::string card_titles(const std::vector<std::string>& cards) {
  std::string out;
  for (const auto& c : cards) out += (out.empty() ? "" : ", ") + title_case(c);
  return out;
}

}  // namespace

std::string GeneralsState::over_reason() const {
  if (!is_over()) return {};
  const auto out_of_cards = [&](int p) {
    const PlayerCards& P = g_.players[p - 1];
    return P.deck_size == 0 && P.reserve_size == 0;
  };
  const int w = winner();
  if (w == kDraw)
    return out_of_cards(1) && out_of_cards(2)
               ? "The game is drawn: both players ran out of cards in deck and reserve at once"
               : fmt::format("The game is drawn: the turn limit ({} turns) was reached",
                             g_.turn_limit);
  const int loser = 3 - w;
  if (out_of_cards(loser))
    return fmt::format("{} wins: {} ran out of cards (deck and reserve are empty)", who(w),
                       who(loser));
  return fmt::format("{} wins", who(w));
}

json GeneralsState::events(const State& before_state, std::string_view action, int viewer) const {
  return events_from_views(before_state, before_state.view_json(viewer), view_json(viewer), action,
                           viewer);
}

json GeneralsState::events_from_views(const State& before_state, const json& a, const json& b,
                                      std::string_view action, int viewer) const {
  const int actor = before_state.to_act();
  json out = json::array({{{"type", "action"},
                           {"player", actor},
                           {"text", before_state.action_text_for(action, actor, viewer)}}});
  for (int p = 1; p <= 2; ++p) {
    const std::string key = std::to_string(p);
    const json &was = a["players"][key], &now = b["players"][key];
    if (const auto fell = added(was["casualties"], now["casualties"]); !fell.empty())
      out.push_back(
          {{"type", "casualties"},
           {"player", p},
           {"cards", fell},
           {"text", fmt::format("{} lost {} to the casualty pile", who(p), card_titles(fell))}});
    if (const auto kept = added(was["reserve"], now["reserve"]); !kept.empty())
      out.push_back({{"type", "reserve"},
                     {"player", p},
                     {"cards", kept},
                     {"text", fmt::format("{} put {} in reserve", who(p), card_titles(kept))}});
    const int flank_was = was.value("flank", 0), flank_now = now.value("flank", 0);
    if (flank_now > flank_was)
      out.push_back({{"type", "flank"},
                     {"player", p},
                     {"points", flank_now},
                     {"text", fmt::format("{} has {} flank point{}", who(p), flank_now,
                                          flank_now == 1 ? "" : "s")}});
    // Cards into the hand: named to their owner; a count to the others (the deck shrank).
    if (p == viewer) {
      if (const auto drawn = added(was["hand"], now["hand"]); !drawn.empty())
        out.push_back({{"type", "drew"},
                       {"player", p},
                       {"count", drawn.size()},
                       {"cards", drawn},
                       {"text", fmt::format("{} drew {}", who(p), card_titles(drawn))}});
    } else {
      const int from_deck =
          static_cast<int>(was["deck"].size()) - static_cast<int>(now["deck"].size());
      const int grew = static_cast<int>(now["hand"].size()) - static_cast<int>(was["hand"].size());
      const int drawn = std::min(from_deck, std::max(grew, 0));
      if (drawn > 0)
        out.push_back(
            {{"type", "drew"},
             {"player", p},
             {"count", drawn},
             {"text", fmt::format("{} drew {} card{}", who(p), drawn, drawn == 1 ? "" : "s")}});
    }
  }
  // Scout: cards of the opponent's hand this viewer now knows.
  if (viewer == 1 || viewer == 2) {
    const std::string opp = std::to_string(3 - viewer);
    if (const auto seen = added(a["players"][opp]["hand"], b["players"][opp]["hand"]);
        !seen.empty() && action.starts_with("scout"))
      out.push_back({{"type", "scouted"},
                     {"player", viewer},
                     {"cards", seen},
                     {"text", fmt::format("{} saw {} in the opponent\u2019s hand", who(viewer),
                                          card_titles(seen))}});
  }
  if (viewer == 1 || viewer == 2)
    for (int p = 1; p <= 2; ++p) {
      const std::string key = std::to_string(p);
      if (const auto seen = added(a["players"][key]["deck"], b["players"][key]["deck"]);
          !seen.empty() && action.starts_with("scout"))
        out.push_back({{"type", "scouted"},
                       {"player", viewer},
                       {"cards", seen},
                       {"text", fmt::format("{} saw {} on top of {}\u2019s deck", who(viewer),
                                            card_titles(seen), who(p))}});
    }
  if (!before_state.is_over() && is_over()) {
    const int w = winner();
    out.push_back({{"type", "over"},
                   {"winner", w == kDraw ? json("draw") : json(w)},
                   {"text", over_reason()}});
  }
  return out;
}

}  // namespace ancients::generals
