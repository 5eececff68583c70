// Troop names as players write them (troop_names.h): tried in order, the id, the abbreviation
// (with and without its numeric prefix), the variant codes, and the id with a plural or
// singular ending, or with "-solid" (the sheet's first line of a Solid/Fast pair).
#include "tools/dba/troop_names.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace ancients::dba {
namespace {

std::string normal(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '_') c = '-';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::string without_prefix(const std::string& abbrev) {
  std::size_t i = 0;
  while (i < abbrev.size() && std::isdigit(static_cast<unsigned char>(abbrev[i]))) ++i;
  return abbrev.substr(i);
}

const TroopType* by_id(const Sheet& sheet, const std::string& id) {
  if (const TroopType* t = sheet.find_troop(id)) return t;
  return sheet.find_troop(id + "-solid");
}

/// Of two types matching a name, the Solid line of a Solid/Fast pair (the sheet's first).
bool preferred(const TroopType* candidate, const TroopType* found) {
  const auto solid = [](const TroopType* t) {
    return t->id.size() > 6 && t->id.compare(t->id.size() - 6, 6, "-solid") == 0;
  };
  return found == nullptr || (solid(candidate) && !solid(found));
}

}  // namespace

TroopMatch find_troop_by_name(const Sheet& sheet, const std::string& name) {
  const std::string n = normal(name);
  if (n.empty()) return {};
  if (const TroopType* t = by_id(sheet, n)) return {t, ""};
  // Abbreviations: "4Bd" exactly; variant codes ("lb", "3kn": the first type that takes the
  // variant, with it); then the code without its prefix ("Bd", "6Bd": the type of code Bd,
  // the Solid one of a pair).
  for (const TroopType& t : sheet.troops)
    if (normal(t.abbrev) == n) return {&t, ""};
  const std::string code = without_prefix(n);
  for (const std::string& key : {n, code}) {
    const TroopType* found = nullptr;
    std::string variant;
    for (const TroopType& t : sheet.troops)
      for (const std::string& v : t.variants)
        if (v == key && preferred(&t, found)) {
          found = &t;
          variant = v;
        }
    if (found) return {found, variant};
    if (key == n && !code.empty()) {
      for (const TroopType& t : sheet.troops)
        if (normal(without_prefix(t.abbrev)) == code && preferred(&t, found)) found = &t;
      if (found) return {found, ""};
    }
  }
  // Plural and singular forms.
  if (n.size() > 1 && n.back() == 's')
    if (const TroopType* t = by_id(sheet, n.substr(0, n.size() - 1))) return {t, ""};
  if (const TroopType* t = by_id(sheet, n + "s")) return {t, ""};
  if (n.size() > 2 && n.compare(n.size() - 2, 2, "es") == 0)
    if (const TroopType* t = by_id(sheet, n.substr(0, n.size() - 2))) return {t, ""};
  return {};
}

namespace {

/// Edits (insert, delete, change, or swap two neighbours) from a to b.
std::size_t slips(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_troop_name(const Sheet& sheet, const std::string& name) {
  const std::string n = normal(name);
  if (n.size() < 3) return "";
  std::string best;
  std::size_t fewest = 3;
  for (const TroopType& t : sheet.troops) {
    std::vector<std::string> names{t.id};
    // "blades" for blades-solid: a shorter name only where it names a troop itself.
    if (const auto dash = t.id.find('-'); dash != std::string::npos)
      if (find_troop_by_name(sheet, t.id.substr(0, dash)).troop != nullptr)
        names.push_back(t.id.substr(0, dash));
    for (const std::string& candidate : names) {
      const std::size_t k = slips(n, candidate);
      if (k < fewest) {
        fewest = k;
        best = candidate;
      }
    }
  }
  return best;
}

}  // namespace ancients::dba
