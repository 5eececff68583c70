// Building and strictly checking map files (see map_json.h).
#include "tools/dba/map_json.h"

#include <fmt/format.h>

#include <fstream>
#include <set>

#include "core/errors.h"
#include "core/json_input.h"
#include "games/warfare/setup.h"

namespace ancients::dba {
namespace {

using nlohmann::json;

void only_keys(const json& j, std::initializer_list<const char*> allowed,
               const std::string& where) {
  for (const auto& [key, value] : j.items()) {
    bool ok = false;
    for (const char* a : allowed) ok = ok || key == a;
    if (!ok) throw BadInput(fmt::format("{}: unknown key \"{}\"", where, key));
  }
}

const std::string& string_at(const json& j, const char* key, const std::string& where) {
  if (!j.contains(key)) throw BadInput(fmt::format("{}: \"{}\" is missing", where, key));
  if (!j[key].is_string()) throw BadInput(fmt::format("{}: \"{}\" must be a string", where, key));
  return j[key].get_ref<const std::string&>();
}

void check_features(const json& features, int board, const std::string& where) {
  if (!features.is_array()) throw BadInput(where + ": \"features\" must be a list");
  for (std::size_t i = 0; i < features.size(); ++i) {
    const json& f = features[i];
    const std::string w = fmt::format("{}: features[{}]", where, i);
    if (!f.is_object()) throw BadInput(w + " must be an object");
    only_keys(f, {"name", "source", "squares"}, w);
    string_at(f, "name", w);
    string_at(f, "source", w);
    if (!f.contains("squares") || !f["squares"].is_array())
      throw BadInput(w + ": \"squares\" must be a list of squares");
    std::set<std::string> seen;
    for (const json& s : f["squares"]) {
      if (!s.is_string() || !parse_square(s.get<std::string>(), board))
        throw BadInput(
            fmt::format("{}: {} is not a square of the {}x{} board", w, s.dump(), board, board));
      if (!seen.insert(s.get<std::string>()).second)
        throw BadInput(fmt::format("{}: square {} is listed twice", w, s.dump()));
    }
  }
}

}  // namespace

void validate_map_json(const json& j, const std::string& where) {
  if (!j.is_object()) throw BadInput(where + ": a map must be a JSON object");
  only_keys(j, {"format", "version", "name", "board", "terrain", "rivers", "note", "features"},
            where);
  if (string_at(j, "format", where) != "ancients-map")
    throw BadInput(where + ": \"format\" must be \"ancients-map\"");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"] != 1)
    throw BadInput(where + ": \"version\" must be 1");
  string_at(j, "name", where);
  if (!j.contains("board") || !j["board"].is_number_integer() ||
      (j["board"] != 8 && j["board"] != 12))
    throw BadInput(where + ": \"board\" must be 8 or 12");
  const int board = j["board"].get<int>();
  if (j.contains("note")) string_at(j, "note", where);
  if (!j.contains("terrain") || !j["terrain"].is_object())
    throw BadInput(where + ": \"terrain\" must be an object of square: terrain");
  for (const auto& [square, value] : j["terrain"].items()) {
    if (!parse_square(square, board))
      throw BadInput(fmt::format("{}: terrain: \"{}\" is not a square of the {}x{} board", where,
                                 square, board, board));
    const std::string t = value.is_string() ? value.get<std::string>() : "";
    if (t != "clear" && t != "rough" && t != "hill" && t != "impassable" && t != "woods" &&
        t != "built-up" && t != "steep-hill")
      throw BadInput(fmt::format(
          "{}: terrain.{}: unknown terrain {} (clear, rough, hill, impassable, woods, built-up, "
          "steep-hill)",
          where, square, value.dump()));
  }
  // Rivers of the house rules run between two squares: [["d4", "d5"], ...].
  if (j.contains("rivers")) {
    if (!j["rivers"].is_array()) throw BadInput(where + ": \"rivers\" must be an array");
    for (const auto& river : j["rivers"]) {
      if (!river.is_array() || river.size() != 2 || !river[0].is_string() ||
          !river[1].is_string() || !parse_square(river[0].get<std::string>(), board) ||
          !parse_square(river[1].get<std::string>(), board))
        throw BadInput(fmt::format("{}: rivers: {} is not a pair of squares of the board", where,
                                   river.dump()));
    }
  }
  if (j.contains("features")) check_features(j["features"], board, where);
  // And what the game's own map reader checks (rivers between neighbours, ...).
  (void)warfare::battlefield_from_json(j, where);
}

json read_map_file(const std::string& path) {
  json j = read_json_input_file(path);
  validate_map_json(j, path);
  return j;
}

json battlefield_map_json(const Battlefield& field, const std::string& name,
                          const std::string& note) {
  json terrain = json::object();
  for (int r = 0; r < field.board; ++r)
    for (int f = 0; f < field.board; ++f) {
      const Square s{f, r};
      if (field.terrain_at(s) != "clear") terrain[square_name(s)] = field.terrain_at(s);
    }
  json features = json::array();
  for (const auto& p : field.features) {
    json squares = json::array();
    std::set<std::string> seen;
    for (const Square& s : p.squares)
      if (seen.insert(square_name(s)).second) squares.push_back(square_name(s));
    features.push_back({{"name", p.kind->id}, {"source", "dba"}, {"squares", squares}});
  }
  json j = {{"format", "ancients-map"}, {"version", 1},       {"name", name},
            {"board", field.board},     {"terrain", terrain}, {"note", note},
            {"features", features}};
  if (!field.rivers.empty()) {
    json rivers = json::array();
    for (const auto& [a, b] : field.rivers)
      rivers.push_back(json::array({square_name(a), square_name(b)}));
    j["rivers"] = rivers;
  }
  return j;
}

std::string map_file_text(const json& map) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const char* key :
       {"format", "version", "name", "board", "terrain", "rivers", "note", "features"}) {
    if (!map.contains(key)) continue;
    if (std::string(key) != "features") {
      out[key] = map[key];
      continue;
    }
    nlohmann::ordered_json features = nlohmann::ordered_json::array();
    for (const json& f : map[key])
      features.push_back({{"name", f["name"]}, {"source", f["source"]}, {"squares", f["squares"]}});
    out[key] = features;
  }
  return out.dump(2) + "\n";
}

}  // namespace ancients::dba
