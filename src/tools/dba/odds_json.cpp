// The calculator's results as JSON for tools (see odds_report.h and docs/dba.md).
#include <fmt/format.h>

#include "tools/dba/odds_report.h"

namespace ancients::dba {
namespace {

nlohmann::json count_json(int count) {
  return {{"count", count}, {"probability", static_cast<double>(count) / kDicePairs}};
}

nlohmann::json side_json(const Sheet& sheet, const SideSpec& spec, const SideOdds& side,
                         const std::array<int, 3>& case_counts) {
  nlohmann::json terms = nlohmann::json::array();
  for (const auto& t : side.factor.terms)
    terms.push_back({{"item", t.item}, {"value", t.value}, {"reason", t.reason}});
  nlohmann::json totals = nlohmann::json::array();
  for (int die = 1; die <= 6; ++die)
    totals.push_back({{"total", side.factor.total + die}, {"probability", 1.0 / 6.0}});
  nlohmann::json results = nlohmann::json::object();
  for (int r = 0; r < kResultCount; ++r)
    results[result_name(static_cast<Result>(r))] =
        count_json(side.counts[static_cast<std::size_t>(r)]);
  nlohmann::json rows = nlohmann::json::object();
  for (Block b : {Block::kEqual, Block::kLess, Block::kHalf}) {
    const auto i = static_cast<std::size_t>(b);
    rows[block_name(b)] = {{"count", case_counts[i]},
                           {"result", result_name(side.rows[i].result)},
                           {"sheet", side.rows[i].sheet},
                           {"line", side.rows[i].line}};
  }
  return {{"element", spec.text},
          {"troop", spec.element.troop->id},
          {"label", element_label(sheet, spec.element)},
          {"variant", spec.element.variant},
          {"tags", spec.element.tags},
          {"factor", side.factor.total},
          {"terms", terms},
          {"not_counted", side.factor.notes},
          {"totals", totals},
          {"results", results},
          {"rows", rows}};
}

}  // namespace

nlohmann::json odds_json(const Sheet& sheet, const Combat& combat, const Odds& odds) {
  const DiceCounts& d = odds.dice;
  return {{"tool", "ancients dba odds"},
          {"aid",
           fmt::format("{} combat outcome calculator: a player's aid, not the rules", sheet.title)},
          {"source", sheet.source},
          {"data_file", sheet.file},
          {"combat", combat.kind == CombatKind::kClose ? "close" : "shooting"},
          {"dice",
           {{"pairs", kDicePairs},
            {"a_beats", d.a_beats},
            {"a_doubles", d.a_doubles},
            {"equal", d.equal},
            {"b_beats", d.b_beats},
            {"b_doubles", d.b_doubles}}},
          {"a", side_json(sheet, combat.a, odds.a, {d.equal, d.b_beats, d.b_doubles})},
          {"b", side_json(sheet, combat.b, odds.b, {d.equal, d.a_beats, d.a_doubles})}};
}

}  // namespace ancients::dba
