// Ancient Generals' views for every viewer: a player's view JSON (view.cpp's GeneralsView), a
// spectator's (viewer 0: public information only: every hand and deck as that many unknown
// cards, the battle and the open piles). The log is read whole by every viewer (State's default
// action_text_for): a discard's cards go to the reserve pile, whose contents are public
// (shared/rules/ancient-generals.md), and a Scout is played in the open; only what a Scout saw
// is hidden, by its events (events.cpp). (A discard once read "discard 2 cards" to the others.)
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

}  // namespace ancients::generals
