// Ancient Generals' views for every viewer: a player's view JSON (view.cpp's GeneralsView), a
// spectator's (viewer 0: public information only: every hand and deck as that many unknown
// cards, the battle and the open piles) and the log as each viewer may read it: another
// player's Scout and the cards he discards are hidden.
#include <algorithm>
#include <string>

#include "games/generals/view.h"

namespace ancients::generals {

nlohmann::json GeneralsState::view_json(int player) const {
  if (player != 0) return GeneralsView(*this, player).to_json();
  nlohmann::json j = GeneralsView(*this, 1).to_json();
  for (const char* key : {"known", "unseen", "rng", "view"}) j.erase(key);
  for (const char* p : {"1", "2"}) {
    auto& pl = j["players"][p];
    for (const char* pile : {"hand", "deck"})
      if (pl[pile].is_array()) pl[pile] = nlohmann::json::array_t(pl[pile].size(), nullptr);
  }
  j["viewer"] = 0;
  return j;
}

std::string GeneralsState::action_text_for(std::string_view text, int actor, int viewer) const {
  if (viewer == actor) return std::string(text);
  if (text.starts_with("scout ")) return "scout (hidden)";
  if (text.starts_with("discard ")) {
    const auto n = std::count(text.begin(), text.end(), ',') + 1;
    return "discard " + std::to_string(n) + (n == 1 ? " card" : " cards");
  }
  return std::string(text);
}

}  // namespace ancients::generals
