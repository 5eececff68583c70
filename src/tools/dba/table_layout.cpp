// A generated battlefield for DBA's own table (see table_layout.h).
#include "tools/dba/table_layout.h"

#include <fmt/format.h>

#include <algorithm>

namespace ancients::dba {

using nlohmann::json;

namespace {

std::string inches(double v) {
  return fmt::format("{:g}\"", v);
}
std::string mm(double v) {
  return fmt::format("{:g} mm", v * 25.0);
}

}  // namespace

json table_layout(const GeneratedMap& map) {
  const double square = kTableInches / map.board;
  json features = json::array();
  for (const PlacedFeature& f : map.field.features) {
    if (f.squares.empty()) continue;
    int f0 = map.board, f1 = -1, r0 = map.board, r1 = -1;
    json squares = json::array();
    for (const Square& s : f.squares) {
      f0 = std::min(f0, s.file);
      f1 = std::max(f1, s.file);
      r0 = std::min(r0, s.rank);
      r1 = std::max(r1, s.rank);
      squares.push_back(square_name(s));
    }
    // A feature whose die was rolled (plough, river) goes as the die said: a plough that did
    // not roll a 1 is good going on the table as on the map.
    const std::string going = f.die > 0 ? f.kind->die_notes[static_cast<std::size_t>(f.die - 1)]
                                        : std::string(going_name(f.kind->going));
    features.push_back({{"kind", f.kind->id},
                        {"name", f.kind->name},
                        {"abbrev", f.kind->abbrev},
                        {"going", going},
                        {"terrain", f.terrain},
                        {"from", json::array({f0 * square, r0 * square})},
                        {"to", json::array({(f1 + 1) * square, (r1 + 1) * square})},
                        {"squares", squares}});
  }
  json rivers = json::array();
  for (const auto& [a, b] : map.field.rivers) {
    // The edge between two orthogonal neighbours, as a segment on the table.
    if (a.rank == b.rank) {
      const double x = std::max(a.file, b.file) * square;
      rivers.push_back({{"from", json::array({x, a.rank * square})},
                        {"to", json::array({x, (a.rank + 1) * square})}});
    } else {
      const double y = std::max(a.rank, b.rank) * square;
      rivers.push_back({{"from", json::array({a.file * square, y})},
                        {"to", json::array({(a.file + 1) * square, y})}});
    }
  }
  return {{"table", {{"inches", kTableInches}, {"mm", kTableInches * 25.0}}},
          {"square", {{"inches", square}, {"mm", square * 25.0}}},
          {"features", features},
          {"rivers", rivers}};
}

std::string table_layout_text(const GeneratedMap& map) {
  const json t = table_layout(map);
  const double square = t["square"]["inches"].get<double>();
  std::string out = fmt::format(
      "On DBA's own table ({} = {} square, a square of the grid {} = {}; x from the left edge, "
      "y from player 1's edge):\n",
      inches(kTableInches), mm(kTableInches), inches(square), mm(square));
  for (const auto& f : t["features"]) {
    const double x0 = f["from"][0], y0 = f["from"][1], x1 = f["to"][0], y1 = f["to"][1];
    out += fmt::format("  {} ({}, {}): x {}-{}, y {}-{} ({}-{}, {}-{})\n",
                       f["name"].get<std::string>(), f["abbrev"].get<std::string>(),
                       f["going"].get<std::string>(), inches(x0), inches(x1), inches(y0),
                       inches(y1), mm(x0), mm(x1), mm(y0), mm(y1));
  }
  if (!t["rivers"].empty())
    out += fmt::format("  River: along {} square edges (the map's ~ and | marks)\n",
                       t["rivers"].size());
  return out;
}

}  // namespace ancients::dba
