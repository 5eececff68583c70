// Depth-checked JSON parsing for everything read from outside (see json_input.h). The depth is
// watched by nlohmann's own parser callback, in the same single pass as the parse.
#include "core/json_input.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "core/errors.h"

namespace ancients {

nlohmann::json parse_json_input(std::string_view text, const std::string& where) {
  using nlohmann::json;
  // `depth` counts the containers around the value being started (0 for the outermost).
  const json::parser_callback_t too_deep = [&where](int depth, json::parse_event_t event, json&) {
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
        depth >= kMaxJsonDepth)
      throw BadInput(fmt::format("{}: JSON nested more than {} levels deep", where, kMaxJsonDepth));
    return true;
  };
  try {
    return json::parse(text, too_deep);
  } catch (const json::exception& e) {
    throw BadInput(fmt::format("{}: not valid JSON ({})", where, e.what()));
  }
}

nlohmann::json read_json_input_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadInput(fmt::format("{}: cannot open the file", path));
  std::ostringstream text;
  text << in.rdbuf();
  return parse_json_input(text.str(), path);
}

}  // namespace ancients
