// The calculator's readable table and the shared notices (see odds_report.h).
#include <fmt/format.h>

#include "tools/dba/odds_report.h"

namespace ancients::dba {
namespace {

std::string chance(int count) {
  return fmt::format("{:2}/36 {:5.1f}%", count, 100.0 * count / kDicePairs);
}

const char* result_label(Result r) {
  switch (r) {
    case Result::kNoEffect:
      return "no effect";
    case Result::kRecoil:
      return "recoil";
    case Result::kFlee:
      return "flee";
    case Result::kDestroyed:
      return "destroyed";
  }
  return "?";
}

void side_block(std::string& out, const Sheet& sheet, Side s, const SideSpec& spec,
                const SideFactor& f) {
  out += fmt::format("{}  {:<44} factor {:+d}, total {}..{}, each 1 in 6\n", side_name(s),
                     element_label(sheet, spec.element), f.total, f.total + 1, f.total + 6);
  for (const auto& t : f.terms)
    out += fmt::format("   {:+3d}  {:<22} {}\n", t.value, t.item, t.reason);
  for (const auto& n : f.notes) out += fmt::format("        not counted: {}\n", n);
}

void why_rows(std::string& out, Side s, const SideOdds& side, const DiceCounts& d) {
  const int counts[3] = {d.equal, s == Side::kA ? d.b_beats : d.a_beats,
                         s == Side::kA ? d.b_doubles : d.a_doubles};
  const char* cases[3] = {"equal", "less but more than half", "half or less"};
  for (std::size_t i = 0; i < 3; ++i) {
    const RowResult& row = side.rows[i];
    out += fmt::format("  {} total {:<23} {:2}/36  {:<9}  {}\n", side_name(s), cases[i], counts[i],
                       result_label(row.result), row.sheet);
  }
}

}  // namespace

std::string aid_notice(const Sheet& sheet) {
  return fmt::format(
      "{} combat outcome calculator: a player's aid, not the rules.\n"
      "Tables from the {},\nas read in {}; check the rulebook when in doubt.\n",
      sheet.title, sheet.source, sheet.file);
}

namespace {

/// `text` word-wrapped to `width` columns, the first line after `first`, the others indented.
std::string wrapped(const std::string& first, const std::string& text, std::size_t width) {
  std::string out = first;
  std::size_t column = first.size();
  const std::string indent(first.size(), ' ');
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (column > first.size() && column + 1 + word.size() > width) {
      out += "\n" + indent;
      column = indent.size();
    } else if (column > first.size()) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    start = end + 1;
  }
  return out + "\n";
}

}  // namespace

std::string uncertain_help(const Sheet& sheet, const std::string& tool) {
  std::string out = "Values the damaged sheet does not give with certainty (as chosen here):\n";
  for (const auto& u : sheet.uncertain) {
    if (u.tool != tool) continue;
    out += wrapped("  - ", u.what, 96);
    out += wrapped("    Chosen: ", u.chosen, 96);
  }
  return out;
}

std::string odds_text(const Sheet& sheet, const Combat& combat, const Odds& odds) {
  std::string out = aid_notice(sheet) + "\n";
  const bool cc = combat.kind == CombatKind::kClose;
  out += fmt::format("{}: A {} {} B {}\n\n", cc ? "Close combat" : "Shooting",
                     element_label(sheet, combat.a.element), cc ? "against" : "shooting at",
                     element_label(sheet, combat.b.element));
  side_block(out, sheet, Side::kA, combat.a, odds.a.factor);
  side_block(out, sheet, Side::kB, combat.b, odds.b.factor);

  const DiceCounts& d = odds.dice;
  out += "\nDice (36 pairs of A's d6 and B's d6):\n";
  out += fmt::format("  A beats B, not doubling  {}\n", chance(d.a_beats));
  out += fmt::format("  A doubles B              {}\n", chance(d.a_doubles));
  out += fmt::format("  equal totals             {}\n", chance(d.equal));
  out += fmt::format("  B beats A, not doubling  {}\n", chance(d.b_beats));
  out += fmt::format("  B doubles A              {}\n", chance(d.b_doubles));

  out += fmt::format("\n{:<12} {:<16} {}\n", "Result", "for A", "for B");
  for (int r = 0; r < kResultCount; ++r) {
    const auto i = static_cast<std::size_t>(r);
    out += fmt::format("  {:<10} {:<16} {}\n", result_label(static_cast<Result>(r)),
                       chance(odds.a.counts[i]), chance(odds.b.counts[i]));
  }
  out += "\nThe sheet's rows for the losing side:\n";
  why_rows(out, Side::kA, odds.a, d);
  why_rows(out, Side::kB, odds.b, d);
  return out;
}

}  // namespace ancients::dba
