// Reading the outcome tables for one element (see outcome.h): the first rule of the table
// whose troop filter, opponent filter and conditions all hold gives the result.
#include "tools/dba/outcome.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/errors.h"

namespace ancients::dba {

bool condition_holds(const Combat& c, Side side, Condition cond) {
  const Situation& self = c.side(side).situation;
  const Situation& enemy = c.side(other(side)).situation;
  const TroopType& troop = *c.side(side).element.troop;
  const TroopType& enemy_troop = *c.side(other(side)).element.troop;
  const bool cc = c.kind == CombatKind::kClose;
  switch (cond) {
    case Condition::kCloseCombat:
      return cc;
    case Condition::kShooting:
      return !cc;
    case Condition::kShotAt:
      return c.shot_at(side);
    case Condition::kGoodGoing:
      return counts_as_good(self.going, troop);
    case Condition::kBadGoing:
      return counts_as_bad(self.going, troop);
    case Condition::kEnemyGoodGoing:
      return counts_as_good(self.going, enemy_troop);
    case Condition::kShotInRear:
      return c.shot_at(side) && self.shot_in_rear;
    case Condition::kAssaulting:
      return c.assaulting(side);
    case Condition::kAssaultingCityOrFort:
      return cc && (enemy.in == Fortification::kCity || enemy.in == Fortification::kFort);
    case Condition::kDefending:
      return self.in != Fortification::kNone;
    case Condition::kSiege:
      return c.assaulting(side) || self.in != Fortification::kNone;
    case Condition::kSacking:
      return self.sacking;
    case Condition::kSallied:
      return self.sallied;
    case Condition::kTwoEdges:
      return cc && (self.flank > 0 || self.rear);
  }
  return false;
}

RowResult side_result(const Sheet& sheet, const Combat& c, Side side, Block block) {
  if (c.kind == CombatKind::kShooting && !c.shot_at(side)) {
    // Only the element shot at is affected. Each row says what it would be were this side shot
    // at in return, where its opponent can shoot: the three rows differ in that, not in "no
    // effect".
    const Element& shooter = c.side(other(side)).element;
    if (!shooter.troop->shoots)
      return RowResult{
          Result::kNoEffect,
          fmt::format("Not shot at, so no effect ({} cannot shoot back).", shooter.troop->name), 0};
    Combat returned = c;  // only A can be left unshot (B is always shot at): B shoots back
    returned.b.situation.shoots_back = true;
    const RowResult would = side_result(sheet, returned, side, block);
    return RowResult{Result::kNoEffect,
                     fmt::format("Not shot at, so no effect. Were {} to shoot back (shoots-back), "
                                 "the sheet's row: {}",
                                 side_name(other(side)), would.sheet),
                     0};
  }
  const Element& self = c.side(side).element;
  const Element& enemy = c.side(other(side)).element;
  for (const OutcomeRule& rule : sheet.block(block)) {
    if (!rule.troops.matches(self) || !rule.by.matches(enemy)) continue;
    if (!std::all_of(rule.when.begin(), rule.when.end(),
                     [&](Condition cond) { return condition_holds(c, side, cond); }))
      continue;
    return RowResult{rule.result, rule.sheet, rule.line};
  }
  throw BadInput(fmt::format("{}: the [[{}]] table has no row for {} against {}; add one",
                             sheet.file, block_name(block), self.troop->id, enemy.troop->id));
}

}  // namespace ancients::dba
