// Loader of the sheet's terrain tables: [terrain], [boards.N], [features.X] and
// [topography.X] (see loader_parts.h, terrain_table.h).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "tools/dba/loader_parts.h"

namespace ancients::dba::detail {
namespace {

bool engine_terrain(const std::string& t) {
  return t == "clear" || t == "rough" || t == "hill" || t == "impassable" || t == "woods" ||
         t == "built-up" || t == "steep-hill";
}

Going parse_going(const TomlReader& r, const Located& g, const std::string& what) {
  if (g.value == "good") return Going::kGood;
  if (g.value == "rough") return Going::kRough;
  if (g.value == "bad") return Going::kBad;
  if (g.value == "water") return Going::kWater;
  if (g.value == "special") return Going::kSpecial;
  r.fail_at(g.line, fmt::format("{}: going must be good, rough, bad, water or special, not \"{}\"",
                                what, g.value));
}

Shape parse_shape(const TomlReader& r, const Located& s, const std::string& what) {
  for (Shape shape : {Shape::kArea, Shape::kSmall, Shape::kSingle, Shape::kLine, Shape::kRiver,
                      Shape::kRoad, Shape::kWaterway})
    if (s.value == shape_name(shape)) return shape;
  r.fail_at(s.line, fmt::format("{}.shape: unknown shape \"{}\" (known: area, small, single, "
                                "line, river, road, waterway)",
                                what, s.value));
}

FeatureKind read_feature(const TomlReader& r, const std::string& id, const toml::table& t) {
  const std::string what = "features." + id;
  r.only_keys(
      t,
      {"name", "abbrev", "going", "terrain", "die_terrain", "die_notes", "shape", "symbol", "max"},
      what);
  FeatureKind f;
  f.id = id;
  f.name = r.string(t, "name", what);
  f.abbrev = r.string(t, "abbrev", what);
  f.going = parse_going(r, r.located_string(t, "going", what), what);
  f.shape = parse_shape(r, r.located_string(t, "shape", what), what);
  f.max = r.integer(t, "max", what, 1, 9);
  const Located symbol = r.located_string(t, "symbol", what);
  if (symbol.value.size() != 1 || symbol.value[0] <= ' ' || symbol.value[0] > '~' ||
      symbol.value == ".")
    r.fail_at(symbol.line, what + ".symbol must be one printable character other than \".\"");
  f.symbol = symbol.value[0];
  const bool fixed = t.get("terrain") != nullptr;
  f.rolled = t.get("die_terrain") != nullptr;
  if (fixed == f.rolled) r.fail(t.source(), what + " needs either terrain or die_terrain");
  if (fixed) {
    const Located terrain = r.located_string(t, "terrain", what);
    if (!engine_terrain(terrain.value))
      r.fail_at(
          terrain.line,
          fmt::format(
              "{}.terrain must be clear, rough, hill, impassable, woods, built-up or steep-hill",
              what));
    f.terrain = terrain.value;
  } else {
    const auto die = r.strings(t, "die_terrain", what, true);
    const auto notes = r.strings(t, "die_notes", what, true);
    if (die.size() != 6 || notes.size() != 6)
      r.fail(t.source(), what + ": die_terrain and die_notes need 6 entries, one per d6 result");
    for (std::size_t i = 0; i < 6; ++i) {
      if (!engine_terrain(die[i].value))
        r.fail_at(die[i].line, fmt::format("{}.die_terrain: \"{}\" is not clear, rough, hill, "
                                           "impassable, woods, built-up or steep-hill",
                                           what, die[i].value));
      f.die_terrain[i] = die[i].value;
      f.die_notes[i] = notes[i].value;
    }
  }
  if (!fixed && t.get("die_notes") == nullptr) r.fail(t.source(), what + " needs die_notes");
  if (fixed && t.get("die_notes") != nullptr)
    r.fail(t.source(), what + ": die_notes goes with die_terrain only");
  return f;
}

Piece parse_piece(const TomlReader& r, const TerrainTable& terrain, const std::string& text,
                  int line, const std::string& what) {
  Piece piece;
  piece.text = text;
  std::stringstream in(text);
  std::string choice;
  while (std::getline(in, choice, '|')) {
    const FeatureKind* f = terrain.find_feature(choice);
    if (f == nullptr)
      r.fail_at(line, fmt::format("{}: unknown feature \"{}\" in \"{}\"", what, choice, text));
    piece.choices.push_back(f);
  }
  if (piece.choices.empty()) r.fail_at(line, what + ": empty piece");
  return piece;
}

std::vector<Piece> parse_pieces(const TomlReader& r, const TerrainTable& terrain,
                                const Located& text, const std::string& what) {
  std::vector<Piece> pieces;
  std::stringstream in(text.value);
  std::string word;
  while (in >> word) pieces.push_back(parse_piece(r, terrain, word, text.line, what));
  if (pieces.empty()) r.fail_at(text.line, what + ": an empty alternative");
  return pieces;
}

void check_alternative_limits(const TomlReader& r, const std::vector<Piece>& pieces, int line,
                              const std::string& what) {
  std::map<const FeatureKind*, int> worst;
  for (const auto& p : pieces)
    if (p.choices.size() == 1) ++worst[p.choices[0]];
  for (const auto& [f, n] : worst)
    if (n > f->max)
      r.fail_at(line, fmt::format("{}: {} x {} exceeds its limit of {}", what, n, f->id, f->max));
}

Topography read_topography(const TomlReader& r, const TerrainTable& terrain, const std::string& id,
                           const toml::table& t) {
  const std::string what = "topography." + id;
  r.only_keys(t, {"name", "compulsory", "optional"}, what);
  Topography topo;
  topo.id = id;
  topo.name = r.string(t, "name", what);
  for (const auto& alt : r.strings(t, "compulsory", what, true)) {
    topo.compulsory.push_back(parse_pieces(r, terrain, alt, what + ".compulsory"));
    check_alternative_limits(r, topo.compulsory.back(), alt.line, what + ".compulsory");
  }
  for (const auto& piece : r.strings(t, "optional", what, true))
    topo.optional.push_back(parse_piece(r, terrain, piece.value, piece.line, what + ".optional"));
  if (topo.compulsory.empty() || topo.optional.empty())
    r.fail(t.source(), what + " needs compulsory and optional features");
  return topo;
}

void read_boards(const TomlReader& r, const toml::table& root, TerrainTable& terrain) {
  const toml::table& boards = r.table_at(root, "boards", "the sheet");
  for (auto&& [key, node] : boards) {
    const std::string what = fmt::format("boards.{}", key.str());
    if (key.str() != "8" && key.str() != "12")
      r.fail(node.source(), what + ": boards are 8 or 12 (the map format's sizes)");
    const toml::table& t = r.table(node, what);
    r.only_keys(t, {"area", "small", "line", "waterway"}, what);
    BoardSpec b;
    b.size = key.str() == "8" ? 8 : 12;
    b.area = r.integer(t, "area", what, 1, 12);
    b.small = r.integer(t, "small", what, 1, 12);
    b.waterway = r.integer(t, "waterway", what, 1, 2);
    b.line = r.integer(t, "line", what, 1, b.size - 4);
    terrain.boards[b.size] = b;
  }
  if (terrain.boards.size() != 2) r.fail(boards.source(), "[boards] needs both 8 and 12");
}

}  // namespace

void load_terrain(const TomlReader& r, const toml::table& root, TerrainTable& terrain) {
  const toml::table& features = r.table_at(root, "features", "the sheet");
  terrain.features.reserve(features.size());
  for (auto&& [key, node] : features) {
    const toml::table& t = r.table(node, "features");
    FeatureKind f = read_feature(r, std::string(key.str()), t);
    for (const auto& other : terrain.features)
      if (other.symbol == f.symbol)
        r.fail(t.get("symbol")->source(), fmt::format("features.{}: symbol '{}' is also used by {}",
                                                      f.id, f.symbol, other.id));
    terrain.features.push_back(f);
  }
  read_boards(r, root, terrain);

  const toml::table& t = r.table_at(root, "terrain", "the sheet");
  r.only_keys(t,
              {"optional_min", "optional_max", "must_include_going", "must_include", "deploy_rows",
               "bua_edge_distance"},
              "[terrain]");
  terrain.optional_min = r.integer(t, "optional_min", "terrain", 0, 6);
  terrain.optional_max = r.integer(t, "optional_max", "terrain", terrain.optional_min, 6);
  for (const auto& g : r.strings(t, "must_include_going", "terrain", true))
    terrain.must_include_going.push_back(parse_going(r, g, "terrain.must_include_going"));
  for (const auto& [name, line] : r.strings(t, "must_include", "terrain", true)) {
    const FeatureKind* f = terrain.find_feature(name);
    if (f == nullptr)
      r.fail_at(line, fmt::format("terrain.must_include: unknown feature \"{}\"", name));
    terrain.must_include.push_back(f);
  }
  terrain.deploy_rows = r.integer(t, "deploy_rows", "terrain", 1, 3);
  terrain.bua_edge_distance = r.integer(t, "bua_edge_distance", "terrain", 1, 12);

  const toml::table& topos = r.table_at(root, "topography", "the sheet");
  for (auto&& [key, node] : topos)
    terrain.topographies.push_back(
        read_topography(r, terrain, std::string(key.str()), r.table(node, "topography")));
  if (terrain.topographies.empty()) r.fail(topos.source(), "[topography] is empty");
}

}  // namespace ancients::dba::detail
