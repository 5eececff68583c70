// The default text forms of a state's JSON (game.h): its views and its actions' descriptions,
// written out from the trees; a game that writes them without a tree overrides them.
#include "core/game.h"
#include "core/json_writer.h"

namespace ancients {

std::string State::view_text(int player) const {
  std::string out;
  JsonWriter(out).tree(view_json(player));
  return out;
}

std::string State::action_info_text(std::string_view text, int viewer, bool offered) const {
  nlohmann::json info = action_info(text, viewer);
  if (offered) {
    info.erase("text");
    if (info.contains("units") && info["kind"] != "deploy" && info["kind"] != "place")
      info.erase("units");
  }
  std::string out;
  JsonWriter(out).tree(info);
  return out;
}

std::string State::events_text(const State& before, std::string_view action, int viewer) const {
  std::string out;
  JsonWriter(out).tree(events(before, action, viewer));
  return out;
}

}  // namespace ancients
