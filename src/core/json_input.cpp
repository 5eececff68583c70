// Depth-checked JSON parsing for everything read from outside (see json_input.h).
#include "core/json_input.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "core/errors.h"

namespace ancients {
namespace {

// Deepest nesting of [ and { outside strings; a linear scan that never recurses.
int nesting_depth(std::string_view text) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const std::string& where) {
  if (const int depth = nesting_depth(text); depth > kMaxJsonDepth)
    throw BadInput(fmt::format("{}: JSON nested {} levels deep; at most {} are accepted", where,
                               depth, kMaxJsonDepth));
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
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
