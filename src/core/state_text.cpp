// The default text forms of a state's JSON (game.h): a game that writes its view without a
// tree overrides them.
#include "core/game.h"
#include "core/json_writer.h"

namespace ancients {

std::string State::view_text(int player) const {
  std::string out;
  JsonWriter(out).tree(view_json(player));
  return out;
}

}  // namespace ancients
