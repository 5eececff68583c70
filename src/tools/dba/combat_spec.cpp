// Reading one side of a combat from its text, "TYPE[,ITEM...]" (see combat.h), and the
// combat's questions about who shoots and who assaults.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "core/errors.h"
#include "tools/dba/combat.h"
#include "tools/dba/troop_names.h"

namespace ancients::dba {
namespace {

std::string trim_lower(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])) != 0) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])) != 0) --e;
  std::string out(s.substr(b, e - b));
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    out.push_back(trim_lower(text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::string troop_names(const Sheet& sheet) {
  std::string out;
  for (const auto& t : sheet.troops) {
    if (!out.empty()) out += ", ";
    out += t.id;
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out.empty() ? "none" : out;
}

int count_value(const std::string& item, const std::string& value, int max, const char* meaning) {
  if (value.size() == 1 && value[0] >= '0' && value[0] - '0' <= max) return value[0] - '0';
  throw BadInput(fmt::format("\"{}\": {} must be a number from 0 to {}", item, meaning, max));
}

/// The items that are ticked or not, and the field each sets.
struct Flag {
  const char* name;
  bool Situation::*field;
};
constexpr Flag kFlags[] = {
    {"general", &Situation::general},           {"uphill", &Situation::uphill},
    {"riverbank", &Situation::riverbank},       {"rear", &Situation::rear},
    {"support", &Situation::support},           {"side-support", &Situation::side_support},
    {"sacking", &Situation::sacking},           {"sallied", &Situation::sallied},
    {"shot-in-rear", &Situation::shot_in_rear}, {"shoots-back", &Situation::shoots_back},
};
/// The items that take a value (`overlap=1`).
constexpr const char* kKeyed[] = {"overlap",        "flank", "extra-assault",
                                  "extra-shooters", "going", "in"};

/// Applies one situation item; false if `item` is not a situation item.
bool apply_item(Situation& s, const std::string& item) {
  const auto eq = item.find('=');
  const std::string key = item.substr(0, eq);
  const std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
  const bool has_value = eq != std::string::npos;
  for (const auto& f : kFlags) {
    if (key != f.name) continue;
    if (has_value) throw BadInput(fmt::format("\"{}\": {} takes no value", item, key));
    s.*f.field = true;
    return true;
  }
  const bool keyed = std::find_if(std::begin(kKeyed), std::end(kKeyed),
                                  [&](const char* k) { return key == k; }) != std::end(kKeyed);
  if (!keyed) return false;
  if (!has_value) throw BadInput(fmt::format("\"{}\" needs a value, like {}=1", key, key));
  if (key == "overlap")
    s.overlap = count_value(item, value, 2, "the number of flank edges");
  else if (key == "flank")
    s.flank = count_value(item, value, 2, "the number of flank edges");
  else if (key == "extra-assault")
    s.extra_assault = count_value(item, value, 2, "the number of additional assaulting elements");
  else if (key == "extra-shooters")
    s.extra_shooters = count_value(item, value, 2, "the number of supporting shooters");
  else if (key == "going") {
    if (value == "good")
      s.going = GoingKind::kGood;
    else if (value == "rough")
      s.going = GoingKind::kRough;
    else if (value == "bad")
      s.going = GoingKind::kBad;
    else if (value == "dunes")
      s.going = GoingKind::kDunes;
    else
      throw BadInput(fmt::format("\"{}\": going must be good, rough, bad or dunes", item));
  } else {  // in
    if (value == "city")
      s.in = Fortification::kCity;
    else if (value == "fort")
      s.in = Fortification::kFort;
    else if (value == "camp")
      s.in = Fortification::kCamp;
    else
      throw BadInput(fmt::format("\"{}\": in must be city, fort or camp", item));
  }
  return true;
}

bool takes(const std::vector<std::string>& list, const std::string& tag) {
  return std::find(list.begin(), list.end(), tag) != list.end();
}

}  // namespace

const char* going_kind_name(GoingKind g) {
  switch (g) {
    case GoingKind::kGood:
      return "good";
    case GoingKind::kRough:
      return "rough";
    case GoingKind::kBad:
      return "bad";
    case GoingKind::kDunes:
      return "dunes";
  }
  return "?";
}

bool counts_as_good(GoingKind g, const TroopType& t) {
  return g == GoingKind::kGood || (g == GoingKind::kDunes && t.dunes_good);
}

bool counts_as_bad(GoingKind g, const TroopType& t) {
  return g == GoingKind::kBad || (g == GoingKind::kDunes && !t.dunes_good);
}

const char* fortification_name(Fortification f) {
  switch (f) {
    case Fortification::kNone:
      return "none";
    case Fortification::kCity:
      return "city";
    case Fortification::kFort:
      return "fort";
    case Fortification::kCamp:
      return "camp";
  }
  return "?";
}

bool Combat::shot_at(Side s) const {
  if (kind != CombatKind::kShooting) return false;
  return s == Side::kB || b.situation.shoots_back;
}

bool Combat::shooting(Side s) const {
  return shot_at(other(s));
}

bool Combat::assaulting(Side s) const {
  if (side(other(s)).situation.in == Fortification::kNone) return false;
  return kind == CombatKind::kClose || shooting(s);
}

SideSpec parse_side(const Sheet& sheet, std::string_view text) {
  const auto items = split(text);
  SideSpec spec;
  spec.text = std::string(text);
  if (items[0].empty()) throw BadInput("an element needs a troop type, like spears or knights");
  const TroopMatch match = find_troop_by_name(sheet, items[0]);
  const TroopType* troop = match.troop;
  if (troop == nullptr) {
    const std::string near = nearest_troop_name(sheet, items[0]);
    throw BadInput(fmt::format(
        "unknown troop type \"{}\"{} (known: {}; or their abbreviations such as 4Bd, Bd, Lb, "
        "3Kn, and plurals)",
        items[0], near.empty() ? "" : fmt::format(": did you mean {}?", near), troop_names(sheet)));
  }
  spec.element.troop = troop;
  spec.element.variant = match.variant;
  std::set<std::string> seen;
  for (std::size_t i = 1; i < items.size(); ++i) {
    const std::string& item = items[i];
    // "knights, spears" typed as one would write it: the shell splits it after the comma.
    if (item.empty() && i + 1 == items.size())
      throw BadInput(fmt::format(
          "\"{}\": ends with a comma (the two elements are two words: `knights spears`; the "
          "items of one element are joined by commas without spaces: `spears,general`)",
          spec.text));
    if (item.empty())
      throw BadInput(fmt::format("\"{}\": an empty item (two commas in a row?)", spec.text));
    const std::string key = item.substr(0, item.find('='));
    if (!seen.insert(key).second)
      throw BadInput(fmt::format("\"{}\": \"{}\" is given twice", spec.text, key));
    if (apply_item(spec.situation, item)) continue;
    if (takes(troop->variants, item)) {
      if (!spec.element.variant.empty())
        throw BadInput(fmt::format("\"{}\": {} and {} exclude each other", spec.text,
                                   spec.element.variant, item));
      spec.element.variant = item;
    } else if (takes(troop->tags, item)) {
      spec.element.tags.push_back(item);
    } else if (sheet.tags.count(item) != 0) {
      std::vector<std::string> all = troop->variants;
      all.insert(all.end(), troop->tags.begin(), troop->tags.end());
      throw BadInput(fmt::format("{} do not take the tag \"{}\" ({} take: {})", troop->id, item,
                                 troop->id, joined(all)));
    } else {
      std::vector<std::string> all = troop->variants;
      all.insert(all.end(), troop->tags.begin(), troop->tags.end());
      throw BadInput(fmt::format(
          "unknown item \"{}\" for {} (situation items: general, uphill, riverbank, overlap=N, "
          "flank=N, rear, support, side-support, going=good|rough|bad|dunes, "
          "in=city|fort|camp, extra-assault=N, extra-shooters=N, sacking, sallied, "
          "shot-in-rear, shoots-back; tags of {}: {})",
          item, troop->id, troop->id, joined(all)));
    }
  }
  if (spec.element.variant.empty() && !troop->variants.empty())
    spec.element.variant = troop->variants.front();
  return spec;
}

Combat make_combat(const Sheet& sheet, CombatKind kind, std::string_view a, std::string_view b) {
  Combat c;
  c.kind = kind;
  c.a = parse_side(sheet, a);
  c.b = parse_side(sheet, b);
  check_combat(sheet, c);
  return c;
}

std::string element_label(const Sheet& sheet, const Element& e) {
  std::string out = e.troop->name;
  std::vector<std::string> quals;
  if (!e.variant.empty()) {
    auto it = sheet.tags.find(e.variant);
    quals.push_back(it != sheet.tags.end() ? it->second.name : e.variant);
  }
  for (const auto& t : e.tags) {
    auto it = sheet.tags.find(t);
    quals.push_back(it != sheet.tags.end() ? it->second.name : t);
  }
  for (const auto& q : quals) out += ", " + q;
  return out;
}

std::vector<std::string> situation_item_keys() {
  std::vector<std::string> out;
  for (const auto& f : kFlags) out.emplace_back(f.name);
  for (const char* k : kKeyed) out.emplace_back(k);
  return out;
}

std::optional<std::string> situation_item_problem(const std::string& item) {
  Situation s;
  try {
    if (!apply_item(s, item)) return fmt::format("\"{}\" is not a situation item", item);
  } catch (const BadInput& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

std::string situation_help(const Sheet& sheet) {
  // The items as the data file lists them ([[situation]]): the same list and words the odds
  // page shows, so the two never disagree.
  std::string out =
      "ELEMENT is TYPE[,ITEM...], e.g. spears,general,uphill or knights,3kn,overlap=1.\n"
      "Items (each tactical factor of the sheet):\n";
  for (const SituationItem& item : sheet.situation_items) {
    std::string name = item.key;
    std::string detail;
    if (!item.values.empty()) {
      // "overlap=N" for a count, "going=G" for a word: its values follow the label.
      const bool counts = std::all_of(item.values.begin(), item.values.end(), [](const auto& v) {
        return !v.empty() && std::isdigit(static_cast<unsigned char>(v[0]));
      });
      name += "=" + std::string(1, counts ? 'N' : static_cast<char>(std::toupper(item.key[0])));
      for (const auto& v : item.values) detail += (detail.empty() ? "" : ", ") + v;
      if (item.fallback) detail += "; default " + *item.fallback;
      detail = " (" + detail + ")";
    }
    out += fmt::format("  {:<18} {}{}\n", name, item.label, detail);
  }
  return out +
         "Tags: 4kn/3kn (Knights), bw/lb/cb (Bows), double (double-based), mtd (Mounted "
         "Infantry).\n"
         "A attacks (or shoots); B defends (or is shot at). `ancients dba troops` lists the "
         "types.\n";
}

}  // namespace ancients::dba
