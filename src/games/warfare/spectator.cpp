// Ancient Warfare's views for every viewer: a player's view JSON (view.cpp's PlayerView), a
// spectator's (viewer 0: public information only) and the log as each viewer may read it.
// A spectator sees the board, the piles and how many cards each hand holds; during deployment
// no unit until both sides have deployed. Another player's deployment is logged as hidden.
#include <string>

#include "games/warfare/state.h"

namespace ancients::warfare {

nlohmann::json WarfareState::view_json(int player) const {
  if (player != 0) return view(player)->to_json();
  nlohmann::json j = view(1)->to_json();
  for (const char* key : {"known", "unseen", "rng", "view"}) j.erase(key);
  for (int p = 1; p <= player_count(); ++p)
    if (auto& h = j["hands"][std::to_string(p)]; h.is_array()) h = h.size();
  j.erase("known_of");
  if (phase_ == Phase::kDeploy && !swap_step()) j["units"] = nlohmann::json::array();
  j["viewer"] = 0;
  return j;
}

std::string WarfareState::action_text_for(std::string_view text, int actor, int viewer) const {
  if (viewer != actor && text.starts_with("deploy ")) return "deploy (hidden)";
  return std::string(text);
}

}  // namespace ancients::warfare
