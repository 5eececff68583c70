// The terminal picture of a generated battlefield, with its legend (see generate.h).
#include <fmt/format.h>

#include <algorithm>

#include "tools/dba/generate.h"

namespace ancients::dba {
namespace {

std::string rstrip(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::string file_letters(int board) {
  std::string out = "    ";
  for (int f = 0; f < board; ++f) out += fmt::format(" {}", static_cast<char>('a' + f));
  return out + "\n";
}

/// Where a feature lies: its ends for rivers, roads and waterways, else its squares in order.
std::string where(const PlacedFeature& p) {
  if (p.squares.empty()) return "";
  const Shape shape = p.kind->shape;
  if (shape == Shape::kRiver || shape == Shape::kRoad || shape == Shape::kWaterway)
    return fmt::format(" from {} to {}", square_name(p.squares.front()),
                       square_name(p.squares.back()));
  std::vector<Square> sorted = p.squares;
  std::sort(sorted.begin(), sorted.end(), [](const Square& a, const Square& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.file < b.file;
  });
  std::string out = " at";
  for (const Square& s : sorted) out += " " + square_name(s);
  return out;
}

std::string going_words(const FeatureKind& k) {
  switch (k.going) {
    case Going::kGood:
      return "good going";
    case Going::kRough:
      return "rough going";
    case Going::kBad:
      return "bad going";
    case Going::kWater:
      return "water";
    case Going::kSpecial:
      return "built-up";
  }
  return "";
}

std::string legend_line(const PlacedFeature& p) {
  std::string what = fmt::format("{} ({}), {}", p.kind->name, p.kind->abbrev, going_words(*p.kind));
  if (p.kind->shape == Shape::kRoad) what += "; fords a river, keeps hills and the BUA";
  if (p.kind->rolled)
    what += fmt::format("; rolled {}: {}", p.die,
                        p.kind->die_notes[static_cast<std::size_t>(p.die - 1)]);
  const std::string terrain = p.kind->shape == Shape::kRiver ? "river edges" : p.terrain;
  return fmt::format("  {}  {:<50} -> {}{}\n", p.kind->symbol, what, terrain, where(p));
}

std::string names(const Selection& s, bool compulsory) {
  std::string out;
  for (const auto& c : s.features)
    if (c.compulsory == compulsory) {
      if (!out.empty()) out += ", ";
      out += c.kind->name;
    }
  return out.empty() ? "none" : out;
}

}  // namespace

std::string map_picture(const Sheet& sheet, const GeneratedMap& g) {
  const Battlefield& field = g.field;
  const int n = field.board;
  const int deploy = sheet.terrain.deploy_rows;
  std::string out = fmt::format("{} terrain: home topography {}, seed {}, board {}x{}\n",
                                sheet.title, g.selection.topography->name, g.seed, n, n);
  out += fmt::format("Compulsory: {}.  Optional: {}.\n\n", names(g.selection, true),
                     names(g.selection, false));
  out += file_letters(n);
  const auto river = [&](Square a, Square b) {
    return std::any_of(field.rivers.begin(), field.rivers.end(), [&](const auto& e) {
      return (e.first == a && e.second == b) || (e.first == b && e.second == a);
    });
  };
  for (int r = n - 1; r >= 0; --r) {
    if (r < n - 1) {  // river edges between this rank and the one above: ~ under the square
      std::string line = "    ";
      bool any = false;
      for (int f = 0; f < n; ++f) {
        const bool w = river(Square{f, r}, Square{f, r + 1});
        any = any || w;
        line += w ? " ~" : "  ";
      }
      if (any) out += rstrip(line) + "\n";
    }
    std::string row = fmt::format("{:>3} ", r + 1);
    for (int f = 0; f < n; ++f) {
      const bool w = f > 0 && river(Square{f - 1, r}, Square{f, r});
      row += fmt::format("{}{}", w ? '|' : ' ', field.symbol_at(Square{f, r}));
    }
    row += fmt::format("  {:<3}", r + 1);
    if (r < deploy)
      row += " player 1 deploys";
    else if (r >= n - deploy)
      row += " player 2 deploys";
    out += rstrip(row) + "\n";
  }
  out += file_letters(n);
  out += "\nLegend (DBA feature -> Ancient Warfare terrain):\n";
  out += fmt::format("  .  {:<50} -> clear\n", "open ground (good going)");
  for (const auto& p : field.features) out += legend_line(p);
  if (!field.rivers.empty())
    out += "  ~ | a river between squares (every unit crossing it stops; a road fords it)\n";
  return out;
}

}  // namespace ancients::dba
