// Shared helpers for the DBA tool tests: the bundled sheet (loaded once), building a checked
// combat from two element texts, and a side's factor or outcome row in one call.
#pragma once

#include <memory>
#include <string>

#include "tools/dba/combat.h"
#include "tools/dba/factors.h"
#include "tools/dba/odds.h"
#include "tools/dba/odds_report.h"
#include "tools/dba/outcome.h"
#include "tools/dba/sheet_loader.h"

namespace dba_test {

using namespace ancients::dba;

/// The bundled data/dba/dba3.toml.
inline const Sheet& sheet() {
  static const std::shared_ptr<const Sheet> s = load_sheet(default_sheet_path());
  return *s;
}

inline Combat combat(const std::string& a, const std::string& b,
                     CombatKind kind = CombatKind::kClose) {
  return make_combat(sheet(), kind, a, b);
}

inline Combat shooting(const std::string& a, const std::string& b) {
  return combat(a, b, CombatKind::kShooting);
}

/// Side `s`'s total factor.
inline int factor(const Combat& c, Side s = Side::kA) {
  return side_factor(sheet(), c, s).total;
}

/// The result for side `s` when its total stands to its opponent's as `block` says.
inline RowResult row(const Combat& c, Block block, Side s = Side::kB) {
  return side_result(sheet(), c, s, block);
}

/// The value of the term for `item` in side `s`'s factor (0 if absent).
inline int term(const Combat& c, const std::string& item, Side s = Side::kA) {
  int sum = 0;
  for (const auto& t : side_factor(sheet(), c, s).terms)
    if (t.item == item) sum += t.value;
  return sum;
}

}  // namespace dba_test
