// The DBA list table's loader and the conversion of a parsed list into an army file
// (army_from_list.h). The army is the General, the Camp and the 11 elements other than the
// (Gen) one; the (Gen) element's type is written as the army's "general", so that with
// nominated_general the General is an element of that type (the 12 elements plus the Camp).
#include "tools/dba/army_from_list.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/data_path.h"
#include "core/errors.h"
#include "core/utf8.h"
#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"
#include "tools/dba/army_list.h"
#include "tools/dba/toml_reader.h"

namespace ancients::dba {
namespace {

using nlohmann::json;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

const std::vector<std::string> kEditions{"autokill", "retreat"};

/// Checks that `unit` exists in the edition's rules (with `option` on, when given).
void check_unit(const TomlReader& r, int line, const std::string& what, const std::string& edition,
                const std::string& unit, const std::string& option) {
  warfare::Options options;
  if (!option.empty()) {
    try {
      options = warfare::options_with(options, {option}, {});
    } catch (const std::exception& e) {
      r.fail_at(line, fmt::format("{}: \"{}\" is not a game option ({})", what, option, e.what()));
    }
  }
  const auto rules = warfare::ruleset_for(edition, options);
  if (rules->find_unit(unit) < 0)
    r.fail_at(line, fmt::format("{}: \"{}\" is not a unit of the {} edition{}", what, unit, edition,
                                option.empty() ? "" : " with " + option));
}

std::map<std::string, std::string> read_units(const TomlReader& r, const toml::table& t,
                                              const std::string& what, const std::string& option,
                                              bool required) {
  std::map<std::string, std::string> out;
  for (const std::string& edition : kEditions) {
    if (!required && !t.contains(edition)) continue;
    const Located unit = r.located_string(t, edition, what);
    check_unit(r, unit.line, what + "." + edition, edition, unit.value, option);
    out[edition] = unit.value;
  }
  return out;
}

std::shared_ptr<const ListTable> read_table(const toml::table& root, const std::string& file) {
  TomlReader r(file);
  r.only_keys(root, {"format", "types"}, "the file");
  if (r.integer(root, "format", "the file", 0, 1000) != 1)
    r.fail_at(TomlReader::line_of(*root.get("format")), "format must be 1");
  auto table = std::make_shared<ListTable>();
  table->file = file;
  const toml::table& types = r.table_at(root, "types", "the file");
  for (auto&& [key, node] : types) {
    ListType type;
    type.code = std::string(key.str());
    const std::string what = "types." + type.code;
    const toml::table& t = r.table(node, what);
    r.only_keys(t, {"name", "autokill", "retreat", "when"}, what);
    if (table->find(type.code))
      r.fail(node.source(), fmt::format("{}: the code is listed twice (codes ignore case)", what));
    type.name = r.string(t, "name", what);
    type.units = read_units(r, t, what, "", true);
    if (t.contains("when")) {
      const toml::table& when = r.table_at(t, "when", what);
      for (auto&& [opt, onode] : when) {
        const std::string option(opt.str());
        const std::string owhat = what + ".when." + option;
        const toml::table& ot = r.table(onode, owhat);
        r.only_keys(ot, {"autokill", "retreat"}, owhat);
        type.when[option] = read_units(r, ot, owhat, option, false);
      }
    }
    table->types.push_back(std::move(type));
  }
  if (table->types.empty()) throw BadInput(file + ": no [types.CODE] tables");
  return table;
}

/// One element of the army after choices are made.
struct ListElement {
  const ListRow* row;
  std::string written, code;
  bool general = false;
  bool elite = false;
  std::string unit;
};

bool names(const std::string& key, const ListElement& e) {
  const std::string k = lower(key);
  return k == lower(e.code) || k == lower(e.written);
}

bool names_choice(const std::string& key, const ListChoice& c) {
  const std::string k = lower(key);
  return k == lower(c.code) || k == lower(c.written);
}

[[noreturn]] void fail_element(const ListElement& e, const std::string& what) {
  throw BadInput(fmt::format("DBA list, element {} \"{}\" ({}): {}", e.row->number, e.row->text,
                             e.written, what));
}

std::vector<ListElement> choose(const std::vector<ListRow>& rows,
                                const std::vector<std::string>& take) {
  std::vector<bool> used(take.size(), false);
  std::vector<ListElement> out;
  for (const ListRow& row : rows) {
    const ListChoice* pick = &row.choices.front();
    for (std::size_t k = 0; k < take.size(); ++k)
      for (const ListChoice& c : row.choices)
        if (row.choices.size() > 1 && names_choice(take[k], c)) {
          pick = &c;
          used[k] = true;
        }
    for (int n = 0; n < pick->count; ++n)
      out.push_back(ListElement{&row, pick->written, pick->code, row.general && n == 0, false, ""});
  }
  for (std::size_t k = 0; k < take.size(); ++k)
    if (!used[k])
      throw BadInput(fmt::format(
          "--take {}: no row of the list offers \"{}\" as an alternative (rows like \"1x3Cv or "
          "4Bw\")",
          take[k], take[k]));
  return out;
}

}  // namespace

const ListType* ListTable::find(const std::string& code) const {
  const std::string c = lower(code);
  for (const ListType& t : types)
    if (lower(t.code) == c) return &t;
  return nullptr;
}

std::string ListTable::unit_for(const ListType& type, const std::string& edition,
                                const warfare::Options& options) const {
  const json on = warfare::options_to_json(options);
  for (const auto& [option, units] : type.when)
    if (on.contains(option) && on[option] == true && units.count(edition)) return units.at(edition);
  const auto it = type.units.find(edition);
  if (it == type.units.end())
    throw BadInput(fmt::format("{}: no unit for {} in the {} edition", file, type.code, edition));
  return it->second;
}

std::string default_list_table_path() {
  return data_path("dba/army-lists.toml");
}

std::shared_ptr<const ListTable> load_list_table(const std::string& path) {
  return read_table(parse_toml_file(path), path);
}

std::shared_ptr<const ListTable> load_list_table_text(const std::string& text,
                                                      const std::string& file) {
  return read_table(parse_toml_text(text, file), file);
}

json army_from_list(const ListTable& table, const ListRequest& request) {
  const auto rules = warfare::ruleset_for(request.edition, request.options);
  const std::vector<ListRow> rows = parse_army_list(request.list);
  std::vector<ListElement> elements = choose(rows, request.take);

  // Each element's unit: the user's override first, then the table.
  for (const auto& [key, unit] : request.map) {
    const std::string& code = key;  // (clang 14 cannot capture a structured binding)
    if (std::none_of(elements.begin(), elements.end(),
                     [&](const ListElement& e) { return names(code, e); }))
      throw BadInput(fmt::format("--map {}={}: the list has no element \"{}\"", key, unit, key));
    if (rules->find_unit(unit) < 0)
      throw BadInput(fmt::format("--map {}={}: \"{}\" is not a unit of the {} edition", key, unit,
                                 unit, request.edition));
  }
  for (ListElement& e : elements) {
    for (const auto& [key, unit] : request.map)
      if (names(key, e)) e.unit = unit;
    if (!e.unit.empty()) continue;
    const ListType* type = table.find(e.code);
    if (!type) {
      std::string known;
      for (const ListType& t : table.types) known += (known.empty() ? "" : ", ") + t.code;
      fail_element(e, fmt::format("unknown DBA element type \"{}\" (known: {}; or give its unit "
                                  "with --map {}=UNIT)",
                                  e.code, known, e.code));
    }
    e.unit = table.unit_for(*type, request.edition, request.options);
  }
  // Counted once every element is known to be one ("garbage" is an unknown type, not a short
  // list).
  const int want = rules->army_units + 1;  // the 11 units and the general's element
  if (static_cast<int>(elements.size()) != want)
    throw BadInput(fmt::format(
        "DBA list: {} element{} after choosing alternatives; a DBA army has {} (\"{}\")",
        elements.size(), elements.size() == 1 ? "" : "s", want, request.list));

  // The General: the (Gen) element, or else an element that becomes the General (CWg, CP, Lit).
  auto is_general_unit = [&](const ListElement& e) {
    return rules->units[rules->find_unit(e.unit)].role == warfare::Role::kGeneral;
  };
  int marked = 0;
  for (const ListElement& e : elements) marked += e.general;
  if (marked > 1)
    throw BadInput("DBA list: more than one element is marked (Gen); mark only the general's");
  for (ListElement& e : elements) {
    if (!is_general_unit(e)) continue;
    if (e.general) continue;
    if (marked == 1)
      fail_element(e,
                   "becomes the General, but another element is marked (Gen); give it a unit "
                   "with --map");
    e.general = true;
    marked = 1;
  }
  std::string note_general;
  if (marked == 0) {
    elements.front().general = true;
    note_general = fmt::format(" No element was marked (Gen): the first, {}, is the general's.",
                               elements.front().written);
  }
  const ListElement& gen = *std::find_if(elements.begin(), elements.end(),
                                         [](const ListElement& e) { return e.general; });
  for (const ListElement& e : elements)
    if (!e.general && is_general_unit(e))
      fail_element(e, "becomes the General, and an army has one; give it a unit with --map");
  const warfare::Role gen_role = rules->units[rules->find_unit(gen.unit)].role;
  if (gen_role == warfare::Role::kCamp)
    fail_element(gen, "the general's element cannot be the Camp");

  // Elite: the first element of each named type that is not the general's and not yet Elite.
  if (static_cast<int>(request.elite.size()) > rules->elite_max)
    throw BadInput(fmt::format("--elite: at most {} units may be Elite (asked {})",
                               rules->elite_max, request.elite.size()));
  for (const std::string& key : request.elite) {
    auto it = std::find_if(elements.begin(), elements.end(), [&](const ListElement& e) {
      return !e.general && !e.elite && names(key, e);
    });
    if (it == elements.end())
      throw BadInput(fmt::format(
          "--elite {}: the list has no further element \"{}\" besides the general's", key, key));
    it->elite = true;
  }

  json units = json::array({"general", "camp"});
  for (const ListElement& e : elements)
    if (!e.general) units.push_back(e.unit + (e.elite ? "*" : ""));

  json army = {{"format", "ancients-army"},
               {"version", 1},
               {"name", request.name.empty() ? "DBA army" : request.name},
               {"edition", request.edition}};
  // The list quoted in the note, cut short: an army's note has a length limit (setup.h,
  // kMaxNoteChars), which a long list typed in would otherwise pass.
  constexpr std::size_t kQuotedList = 1200;  // characters
  std::string quoted = utf8_prefix(request.list, kQuotedList);
  if (quoted.size() < request.list.size()) quoted += "...";
  std::string note = fmt::format("From the DBA list \"{}\".{}", quoted, note_general);
  const int gen_type = rules->find_unit(gen.unit);
  if (gen_role == warfare::Role::kUnit && warfare::may_lead(rules->units[gen_type])) {
    army["general"] = gen.unit;
  } else if (gen_role == warfare::Role::kUnit) {
    note += fmt::format(
        " The general's element ({}, {}) cannot lead under nominated_general (light troops): "
        "there the General is the first element that may.",
        gen.written, gen.unit);
  }
  army["note"] = note;
  army["units"] = units;
  if (!request.topography.empty()) army["topography"] = request.topography;
  // The result must be an ordinary, valid army file.
  (void)warfare::army_from_json(army, *rules, "the army made from the DBA list");
  return army;
}

std::vector<std::string> list_table_lines(const ListTable& table, const std::string& edition,
                                          const warfare::Options& options) {
  std::vector<std::string> out;
  for (const ListType& t : table.types)
    out.push_back(
        fmt::format("{:<4} {:<17} -> {}", t.code, t.name, table.unit_for(t, edition, options)));
  return out;
}

}  // namespace ancients::dba
