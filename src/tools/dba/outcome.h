// The sheet's outcome tables applied to one element: what happens to it when its total is
// equal to its opponent's, less but more than half, or half or less, in this combat.
#pragma once

#include <string>

#include "tools/dba/combat.h"
#include "tools/dba/sheet.h"

namespace ancients::dba {

/// The result for one side in one of the three cases, with the row that gave it.
struct RowResult {
  Result result = Result::kNoEffect;
  std::string sheet;  ///< the sheet's words for the row (or why no row applies)
  int line = 0;       ///< the rule's line in the data file; 0 if not from the tables
};

/// What happens to `side` when its total stands to its opponent's as `block` says. In
/// shooting, an element that is not being shot at is not affected; its row then says what the
/// sheet's row would be were it shot at in return (or that its opponent cannot shoot). BadInput if
/// the data file's table has no row for the case.
RowResult side_result(const Sheet& sheet, const Combat& combat, Side side, Block block);

/// Whether one condition holds for `side` in this combat (exposed for tests).
bool condition_holds(const Combat& combat, Side side, Condition c);

}  // namespace ancients::dba
