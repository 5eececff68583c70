// Ancient Generals' views for every viewer: a player's view JSON (view.cpp's GeneralsView), a
// spectator's (viewer 0: public information only: every hand and deck as that many unknown
// cards, the battle and the open piles) and the log as each viewer may read it: the cards
// another player discards are hidden (a count), and what another player's Scout saw.
#include <algorithm>
#include <string>

#include "core/json_writer.h"
#include "games/generals/position.h"
#include "games/generals/view.h"

namespace ancients::generals {

nlohmann::json GeneralsState::view_json(int player) const {
  if (player != 0) return GeneralsView(*this, player).to_json();
  const GeneralsView one(*this, 1);
  return json_tree([&](auto& w) { write_position(w, one.masked(), 1, &one.unseen(), true); });
}

std::string GeneralsState::view_text(int player) const {
  // A player's view, or a spectator's: what player 1 sees less the names of hand and deck
  // cards and the knowledge (see write_position).
  const GeneralsView view(*this, player == 0 ? 1 : player);
  return json_text([&](auto& w) {
    write_position(w, view.masked(), view.player(), &view.unseen(), player == 0);
  });
}

std::string GeneralsState::action_text_for(std::string_view text, int actor, int viewer) const {
  if (viewer == actor) return std::string(text);
  // A Scout is played in the open (its card goes to the open reserve, and which hand or deck
  // it looks at is plain to see): only what it shows is hidden, and the log says that only to
  // the player who looked (events.cpp).
  if (text.starts_with("discard ")) {
    const auto n = std::count(text.begin(), text.end(), ',') + 1;
    return "discard " + std::to_string(n) + (n == 1 ? " card" : " cards");
  }
  return std::string(text);
}

}  // namespace ancients::generals
