// The text board (see terminal_board.h).
#include "cli/terminal_board.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <set>

#include "cli/terminal_text.h"

namespace ancients::cli {
namespace {

using warfare::Terrain;

constexpr int kCell = 5;  ///< characters per square

char terrain_mark(Terrain t) {
  switch (t) {
    case Terrain::kRough:
      return '~';
    case Terrain::kHill:
      return '^';
    case Terrain::kImpassable:
      return '#';
    case Terrain::kWoods:
      return '%';
    case Terrain::kBuiltUp:
      return '+';
    case Terrain::kSteepHill:
      return 'A';
    case Terrain::kClear:
      break;
  }
  return ' ';
}

std::string empty_cell(Terrain t) {
  switch (t) {
    case Terrain::kRough:
      return " ~~~ ";
    case Terrain::kHill:
      return " ^^^ ";
    case Terrain::kImpassable:
      return "#####";
    case Terrain::kWoods:
      return " %%% ";
    case Terrain::kBuiltUp:
      return " +++ ";
    case Terrain::kSteepHill:
      return " AAA ";
    case Terrain::kClear:
      break;
  }
  return "  .  ";
}

/// Whether `viewer` may see the unit: during deployment the opponent's placement is hidden.
bool visible(const warfare::WarfareState& s, const warfare::Unit& u, int viewer) {
  return viewer == 0 || s.phase() != warfare::Phase::kDeploy || s.swap_step() || u.player == viewer;
}

std::string file_labels(int size, int bottom) {
  std::string line = "    ";
  for (int k = 0; k < size; ++k) {
    const int file = bottom == 1 ? k : size - 1 - k;
    line += fmt::format("  {}", static_cast<char>('a' + file));
    if (k + 1 < size) line += "   ";
  }
  return line + "\n";
}

}  // namespace

std::string unit_abbreviation(const warfare::UnitDef& def) {
  static const std::map<std::string, std::string> known = {
      {"camp", "Cmp"},     {"general", "Gen"},  {"auxilia", "Ax"},     {"warband", "Wb"},
      {"blades", "Bd"},    {"spears", "Sp"},    {"pikes", "Pk"},       {"cavalry", "Cv"},
      {"knights", "Kn"},   {"psiloi", "Ps"},    {"light-horse", "LH"}, {"bows", "Bw"},
      {"elephants", "El"}, {"artillery", "Ar"}, {"war-wagons", "WW"},  {"scythed-chariots", "SCh"},
      {"horde", "Hd"}};
  if (auto it = known.find(def.id); it != known.end()) return it->second;
  // Initials of the hyphenated words, else the first two letters.
  std::string out;
  bool start = true;
  for (char ch : def.id) {
    if (ch == '-') {
      start = true;
    } else if (start) {
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      start = false;
    }
  }
  if (out.size() < 2 && def.id.size() >= 2)
    out = {static_cast<char>(std::toupper(def.id[0])), def.id[1]};
  return out.substr(0, 3);
}

std::string render_board(const warfare::WarfareState& s, int viewer, int bottom,
                         const Style& style) {
  // Files across, ranks down (a multiplayer battle of 3 a side is 16 files by 12 ranks).
  const int size = s.geo().width, height = s.geo().height;
  const auto& rules = s.rules();
  std::set<int> types_shown;
  std::set<Terrain> terrain_shown;
  std::string out = file_labels(size, bottom);
  bool rivers = false;
  const auto square_at = [&](int row, int k) {
    const int rank = bottom == 1 ? height - 1 - row : row;
    const int file = bottom == 1 ? k : size - 1 - k;
    return rank * size + file;
  };
  for (int row = 0; row < height; ++row) {
    const int rank = bottom == 1 ? height - 1 - row : row;
    if (row > 0) {
      // A river between this rank and the one above: "=====" under the squares it separates.
      std::string line = "    ";
      bool any = false;
      for (int k = 0; k < size; ++k) {
        const bool river = s.crosses_river(square_at(row - 1, k), square_at(row, k));
        any = any || river;
        line += river ? "=====" : "     ";
        if (k + 1 < size)
          line += river && s.crosses_river(square_at(row - 1, k + 1), square_at(row, k + 1)) ? "="
                                                                                             : " ";
      }
      if (any) out += style.river(line) + "\n";
      rivers = rivers || any;
    }
    out += fmt::format(" {:>2} ", rank + 1);
    for (int k = 0; k < size; ++k) {
      const int sq = square_at(row, k);
      const Terrain t = s.terrain(sq);
      const int ui = s.unit_at(sq);
      if (t != Terrain::kClear) terrain_shown.insert(t);
      if (ui >= 0 && visible(s, s.unit(ui), viewer)) {
        const warfare::Unit& u = s.unit(ui);
        types_shown.insert(u.type);
        // Its player's number (its side's colour): 1 or 2, or up to 6 in a multiplayer battle.
        std::string text = std::to_string(u.player) + unit_abbreviation(rules.units[u.type]);
        if (u.elite) text += '*';
        while (static_cast<int>(text.size()) < kCell) text += terrain_mark(t);
        out += style.cell(t, u.owner, text);
      } else {
        out += style.terrain(t, empty_cell(t));
      }
      if (k + 1 < size) {
        // A river between this square and the next of the rank: "|".
        const bool river = s.crosses_river(sq, square_at(row, k + 1));
        rivers = rivers || river;
        out += river ? style.river("|") : std::string(" ");
      }
    }
    out += fmt::format(" {}\n", rank + 1);
  }
  out += file_labels(size, bottom);
  // Legend: owners, Elite, the terrain and unit types on this board.
  if (s.player_count() > 2) {  // a multiplayer battle: the players of each side
    const int attackers = s.options().attackers, n = s.player_count();
    const auto range = [](int a, int b) {
      return a == b ? std::to_string(a) : fmt::format("{}-{}", a, b);
    };
    out += "  " + style.player(1, range(1, attackers)) + " = the attacker's players, " +
           style.player(2, range(attackers + 1, n)) + " = the defender's, * = Elite";
  } else {
    out += "  " + style.player(1, "1") + " = player 1, " + style.player(2, "2") +
           " = player 2, * = Elite";
  }
  for (Terrain t : terrain_shown)
    out += fmt::format(", {} {}", terrain_mark(t), warfare::kTerrainNames[static_cast<int>(t)]);
  if (rivers) out += ", | and = river (between squares)";
  out += "\n";
  std::vector<std::string> items;
  for (int t : types_shown)
    items.push_back(unit_abbreviation(rules.units[t]) + " " + rules.units[t].id);
  if (!items.empty()) out += wrap_list("  ", items, 2);
  return out;
}

}  // namespace ancients::cli
