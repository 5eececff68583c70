// A side's combat factor in one combat: its troop factor against the enemy's class plus each
// tactical factor of the sheet that applies, item by item, with notes on the items the player
// gave that do not count here (and why).
#pragma once

#include <string>
#include <vector>

#include "tools/dba/combat.h"
#include "tools/dba/sheet.h"

namespace ancients::dba {

/// One addend of a side's factor.
struct FactorTerm {
  std::string item;  ///< what the player gave, or the troop type
  int value = 0;
  std::string reason;  ///< the sheet's words
};

/// A side's factor: the sum of its terms, with the notes on items that do not count.
struct SideFactor {
  int total = 0;
  std::vector<FactorTerm> terms;
  std::vector<std::string> notes;  ///< items given that do not count in this combat
};

/// Computes the factor of side `s` (before the die is added).
SideFactor side_factor(const Sheet& sheet, const Combat& combat, Side s);

}  // namespace ancients::dba
