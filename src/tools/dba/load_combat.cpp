// Loader of the sheet's combat tables: troop filters, [tactical], [[rear_support]] and the
// three outcome tables [[equal]], [[less]], [[half]] (see loader_parts.h).
#include <fmt/format.h>

#include <algorithm>

#include "tools/dba/loader_parts.h"

namespace ancients::dba::detail {
namespace {

std::string known_names(const Sheet& sheet) {
  std::string out = "classes: any, foot, mounted, solid-foot, fast-foot; groups:";
  for (const auto& [name, members] : sheet.groups) out += " " + name;
  out += "; troops:";
  for (const auto& t : sheet.troops) out += " " + t.id;
  return out;
}

bool troop_takes(const TroopType& t, const std::string& tag) {
  return std::find(t.variants.begin(), t.variants.end(), tag) != t.variants.end() ||
         std::find(t.tags.begin(), t.tags.end(), tag) != t.tags.end();
}

FilterItem compile_item(const TomlReader& r, const Sheet& sheet, const Located& item,
                        const std::string& what) {
  FilterItem out;
  std::string head = item.value;
  if (const auto slash = head.find('/'); slash != std::string::npos) {
    out.tag = head.substr(slash + 1);
    head = head.substr(0, slash);
    if (sheet.tags.count(out.tag) == 0)
      r.fail_at(item.line,
                fmt::format("{}: unknown tag \"{}\" in \"{}\"", what, out.tag, item.value));
  }
  using Kind = FilterItem::Kind;
  if (head == "any")
    out.kind = Kind::kAny;
  else if (head == "foot")
    out.kind = Kind::kFoot;
  else if (head == "mounted")
    out.kind = Kind::kMounted;
  else if (head == "solid-foot")
    out.kind = Kind::kSolidFoot;
  else if (head == "fast-foot")
    out.kind = Kind::kFastFoot;
  else {
    out.kind = Kind::kTroops;
    if (head == "*") {
      if (out.tag.empty()) r.fail_at(item.line, fmt::format("{}: \"*\" needs a /tag", what));
    } else if (sheet.find_troop(head) != nullptr) {
      out.troops = {head};
    } else if (auto g = sheet.groups.find(head); g != sheet.groups.end()) {
      out.troops = g->second;
    } else {
      r.fail_at(item.line, fmt::format("{}: unknown troop or group \"{}\" ({})", what, head,
                                       known_names(sheet)));
    }
  }
  if (!out.tag.empty()) {
    if (out.kind != Kind::kTroops)
      r.fail_at(item.line,
                fmt::format("{}: a class word takes no /tag (\"{}\")", what, item.value));
    bool any = out.troops.empty();
    for (const auto& id : out.troops) any = any || troop_takes(*sheet.find_troop(id), out.tag);
    if (!any)
      r.fail_at(item.line,
                fmt::format("{}: no troop of \"{}\" takes the tag \"{}\"", what, head, out.tag));
  }
  return out;
}

int value(const TomlReader& r, const toml::table& t, std::string_view key) {
  return r.integer(t, key, "tactical", -9, 9);
}

OutcomeRule read_rule(const TomlReader& r, const Sheet& sheet, const toml::table& t,
                      const std::string& what) {
  r.only_keys(t, {"sheet", "troops", "by", "when", "result"}, what);
  OutcomeRule rule;
  rule.line = TomlReader::line_of(t);
  rule.sheet = r.string(t, "sheet", what);
  rule.troops = filter_at(r, sheet, t, "troops", what + ".troops");
  rule.by = filter_at(r, sheet, t, "by", what + ".by");
  for (const auto& [name, line] : r.strings(t, "when", what, false)) {
    const auto c = parse_condition(name);
    if (!c)
      r.fail_at(line, fmt::format("{}.when: unknown condition \"{}\" (known: {})", what, name,
                                  condition_names()));
    rule.when.push_back(*c);
  }
  const Located result = r.located_string(t, "result", what);
  const auto res = parse_result(result.value);
  if (!res)
    r.fail_at(result.line, fmt::format("{}.result: unknown result \"{}\" (known: no-effect, "
                                       "recoil, flee, destroyed)",
                                       what, result.value));
  rule.result = *res;
  return rule;
}

std::vector<OutcomeRule> read_block(const TomlReader& r, const Sheet& sheet,
                                    const toml::table& root, const char* key) {
  std::vector<OutcomeRule> rules;
  for (const toml::table* t : r.tables_at(root, key, "the sheet", true))
    rules.push_back(read_rule(r, sheet, *t, fmt::format("{}[{}]", key, rules.size() + 1)));
  if (rules.empty()) r.fail(root.source(), fmt::format("[[{}]] has no rules", key));
  return rules;
}

}  // namespace

Filter compile_filter(const TomlReader& r, const Sheet& sheet, const std::vector<Located>& items,
                      const std::string& what) {
  Filter f;
  f.present = true;
  for (const auto& item : items) {
    f.items.push_back(compile_item(r, sheet, item, what));
    {
      if (!f.text.empty()) f.text += ", ";
      f.text += item.value;
    }
  }
  return f;
}

Filter filter_at(const TomlReader& r, const Sheet& sheet, const toml::table& t,
                 std::string_view key, const std::string& what) {
  if (t.get(key) == nullptr) return Filter{};
  const auto items = r.strings(t, key, what, true);
  if (items.empty()) r.fail(t.get(key)->source(), what + " is an empty list");
  return compile_filter(r, sheet, items, what);
}

void load_tactical(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  const toml::table& t = r.table_at(root, "tactical", "the sheet");
  r.only_keys(t,
              {"garrison", "own_camp", "denizens", "general", "uphill", "riverbank", "edge",
               "extra_assault", "extra_assault_max", "extra_shooter", "extra_shooter_max",
               "bad_going", "bad_going_exempt", "side_support", "side_support_troops",
               "side_support_vs", "double_based", "double_based_vs"},
              "[tactical]");
  TacticalTable& tac = sheet.tactical;
  tac.garrison = value(r, t, "garrison");
  tac.own_camp = value(r, t, "own_camp");
  tac.denizens = value(r, t, "denizens");
  tac.general = value(r, t, "general");
  tac.uphill = value(r, t, "uphill");
  tac.riverbank = value(r, t, "riverbank");
  tac.edge = value(r, t, "edge");
  tac.extra_assault = value(r, t, "extra_assault");
  tac.extra_assault_max = r.integer(t, "extra_assault_max", "tactical", 0, 9);
  tac.extra_shooter = value(r, t, "extra_shooter");
  tac.extra_shooter_max = r.integer(t, "extra_shooter_max", "tactical", 0, 9);
  tac.bad_going = value(r, t, "bad_going");
  tac.bad_going_exempt = filter_at(r, sheet, t, "bad_going_exempt", "tactical.bad_going_exempt");
  tac.side_support = value(r, t, "side_support");
  tac.side_support_troops =
      filter_at(r, sheet, t, "side_support_troops", "tactical.side_support_troops");
  tac.side_support_vs = filter_at(r, sheet, t, "side_support_vs", "tactical.side_support_vs");
  tac.double_based = value(r, t, "double_based");
  tac.double_based_vs = filter_at(r, sheet, t, "double_based_vs", "tactical.double_based_vs");
  if (!tac.side_support_troops.present || !tac.side_support_vs.present ||
      !tac.double_based_vs.present || !tac.bad_going_exempt.present)
    r.fail(t.source(),
           "[tactical] needs bad_going_exempt, side_support_troops, side_support_vs and "
           "double_based_vs");

  for (const toml::table* rs : r.tables_at(root, "rear_support", "the sheet", true)) {
    const std::string what = fmt::format("rear_support[{}]", sheet.rear_support.size() + 1);
    r.only_keys(*rs, {"sheet", "troops", "vs", "except", "value"}, what);
    RearSupportRule rule;
    rule.sheet = r.string(*rs, "sheet", what);
    rule.troops = filter_at(r, sheet, *rs, "troops", what + ".troops");
    rule.vs = filter_at(r, sheet, *rs, "vs", what + ".vs");
    rule.except = filter_at(r, sheet, *rs, "except", what + ".except");
    rule.value = r.integer(*rs, "value", what, -9, 9);
    if (!rule.troops.present || !rule.vs.present)
      r.fail(rs->source(), what + " needs troops and vs");
    sheet.rear_support.push_back(rule);
  }
}

void load_outcomes(const TomlReader& r, const toml::table& root, Sheet& sheet) {
  sheet.equal = read_block(r, sheet, root, "equal");
  sheet.less = read_block(r, sheet, root, "less");
  sheet.half = read_block(r, sheet, root, "half");
}

}  // namespace ancients::dba::detail
