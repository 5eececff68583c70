// Help screens of the terminal game (see terminal_help.h).
#include "cli/terminal_help.h"

#include <fmt/format.h>

#include "cli/terminal_board.h"
#include "cli/terminal_text.h"

namespace ancients::cli {
namespace {

using namespace ancients::warfare;

std::string condition_words(CardCondition c) {
  switch (c) {
    case CardCondition::kSupported:
      return "another of your units also has the target in range";
    case CardCondition::kOutflank:
      return "the attacker is nearer the enemy's edge than the target";
    case CardCondition::kElite:
      return "the unit is Elite";
    case CardCondition::kFriendAdjacent:
      return "the target is next to a friendly unit";
    case CardCondition::kGeneralWithin2:
      return "your General is within 2 squares of the target";
    case CardCondition::kOnRough:
      return "the target stands on rough";
    case CardCondition::kFriendAdjacentToTarget:
      return "another of your units is next to the target";
    case CardCondition::kMoved:
      return "the attacker moved this turn";
    case CardCondition::kShock:
      return "the unit is a shock unit";
    case CardCondition::kMissile:
      return "the unit is a missile unit";
    case CardCondition::kLight:
      return "the unit is a light unit";
    case CardCondition::kHeavyInfantry:
      return "the unit is Heavy Infantry";
    case CardCondition::kNone:
      break;
  }
  return {};
}

std::string card_words(const Ruleset& rules, const CardDef& c) {
  std::vector<std::string> parts;
  if (c.uses & kUseMove) {
    if (c.knight) {
      parts.push_back(fmt::format("move a knight's jump (units with Move {}+)", c.min_move));
    } else {
      std::vector<std::string> d;
      for (int k = 1; k < 8; ++k)
        if (c.distances & (1 << k)) d.push_back(std::to_string(k));
      std::string list;
      for (std::size_t i = 0; i < d.size(); ++i)
        list += (i == 0 ? "" : i + 1 == d.size() ? " or " : ", ") + d[i];
      parts.push_back(fmt::format("move {} {} square{} (one unit, or a group straight forward)",
                                  rules.move_exact ? "exactly" : "up to", list,
                                  list == "1" ? "" : "s"));
    }
  }
  if (c.uses & kUseAttack) parts.push_back("attack");
  if (c.uses & kUseDefend) parts.push_back("defend");
  if (c.effect == CardEffect::kRecoil) parts.back() += " (the target moves back one square)";
  if (c.uses & kUseSpecial) parts.push_back("the special ability of one unit (see `units`)");
  if (c.uses & kUseScout) parts.push_back("see the opponent's hand");
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : " or ") + p;
  if (c.condition != CardCondition::kNone) out += ", if " + condition_words(c.condition);
  return out;
}

std::string special_words(const Ruleset& rules, const UnitDef& u) {
  if (u.special_name.empty()) return "none";
  std::vector<std::string> uses;
  if (u.special_uses & kSpecialAttack)
    uses.push_back(u.special_range      ? fmt::format("attack at range {}", u.special_range)
                   : u.special_indirect ? "attack over units"
                                        : "attack");
  if (u.special_uses & kSpecialDefend) uses.push_back("defend");
  if (u.special_uses & kSpecialKnightMove) uses.push_back("knight's-jump move");
  if (u.special_uses & kSpecialDismount)
    uses.push_back(u.becomes == kNoUnitType ? "changes type"
                                            : "becomes " + rules.units[u.becomes].id);
  if (u.special_uses & kSpecialTrample) uses.push_back("move 1 then attack");
  if (u.special_uses & kSpecialRally) uses.push_back("defend an adjacent unit");
  std::string out = u.special_name + " (";
  for (std::size_t i = 0; i < uses.size(); ++i) out += (i ? ", " : "") + uses[i];
  out += ")";
  switch (u.special_when) {
    case SpecialWhen::kOnRough:
      out += " on rough";
      break;
    case SpecialWhen::kOnClear:
      out += " on clear ground";
      break;
    case SpecialWhen::kVsNonMissile:
      out += " against non-missile units";
      break;
    case SpecialWhen::kVsShock:
      out += " against shock units";
      break;
    case SpecialWhen::kAlways:
      break;
  }
  return out;
}

}  // namespace

std::string help_text() {
  return R"(Actions (type the text, or the number of a menu item):
  deploy TYPE[*]:SQ,...    your whole deployment, * = Elite:
                           deploy general:d1,camp:e1,blades*:d2,blades:e2,...
  auto                     (deployment) deploy automatically
  discard CARD             orders phase, down to 5 cards: discard march
  move CARD FROM-TO        move one unit: move march c2-c4, move quick b1-c3
  advance CARD SQ,SQ,...   group advance straight forward, 2+ units: advance trod c2,d2,e2
  dismount SQ              Knights become Blades (special-ability): dismount f2
  scout                    play Scout and see the opponent's hand
  end                      end the move phase / end the battle phase and the turn
  autokill FROMxTO         auto-kill, no card: autokill d4xd5
  attack CARD FROMxTO      card attack: attack attack c4xc5, attack special-ability b2xb4
  attack CARD FROM-VIAxTO  Elephants' Trample: attack special-ability e3-e4xe5
  defend CARD              answer an attack on your unit: defend push
  pass                     let the attack go through (or, DBA set-up, swap nothing)
  swap SQ,SQ               DBA set-up, player 2 after both deployments: swap two of
                           player 1's units (DBA set-up)
Squares are named like chess squares: files a.. from player 1's left, ranks 1.. from
player 1's back edge. Player 1 deploys on ranks 1-2, player 2 on the two highest ranks
(option dba_setup: the four back rows, files c-j). TYPE! in a deployment marks a nominated
General (house rule nominated_general).
Commands: help, cards (the cards), units (the unit types), board, hand, menu,
  all (every legal action), quit (the record is saved after every action).
)";
}

std::string card_table(const Ruleset& rules) {
  std::string out = "Cards (one shared deck):\n";
  for (const auto& c : rules.cards)
    out += fmt::format("  {:<17} x{:<2} {}\n", c.id, c.count, card_words(rules, c));
  return out;
}

std::string unit_table(const Ruleset& rules) {
  std::string out = "Units (abbreviation, Move, Range, special ability; auto-kills):\n";
  for (const auto& u : rules.units) {
    std::vector<std::string> kills;
    for (std::size_t t = 0; t < rules.units.size(); ++t)
      if (u.autokills.test(t)) kills.push_back(rules.units[t].id);
    out += fmt::format("  {:<3} {:<16} M{} R{}  {}\n", unit_abbreviation(u), u.id, u.move, u.range,
                       special_words(rules, u));
    if (!kills.empty()) out += wrap_list("        auto-kills: ", kills, 20);
  }
  return out;
}

}  // namespace ancients::cli
