// Ancient Generals' views for every viewer: a player's view JSON (view.cpp's GeneralsView), a
// spectator's (viewer 0: public information only: every hand and deck as that many unknown
// cards, the battle and the open piles) and the log as each viewer may read it: whole, but for
// what another player's Scout saw (events.cpp).
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
  (void)actor;
  (void)viewer;
  // Every action is read whole by every viewer. A discard's cards go to the reserve pile, whose
  // contents are public (shared/rules/ancient-generals.md; its `reserve` event names them), so
  // it is not hidden; it once read "discard 2 cards" to the others beside that event. A Scout
  // is played in the open (its card goes to the reserve, and which hand or deck it looks at is
  // plain to see): only what it shows is hidden, and the log says that only to the player who
  // looked (events.cpp).
  return std::string(text);
}

}  // namespace ancients::generals
