// Ancient Warfare's log as each viewer may read it: another player's deployment is logged as
// hidden. (The views themselves, a spectator's included, are written in view.cpp: a spectator
// sees the board, the piles and how many cards each hand holds; during deployment no unit
// until both sides have deployed.)
#include <string>

#include "games/warfare/state.h"

namespace ancients::warfare {

std::string WarfareState::action_text_for(std::string_view text, int actor, int viewer) const {
  if (viewer != actor && text.starts_with("deploy ")) return "deploy (hidden)";
  return std::string(text);
}

}  // namespace ancients::warfare
