// Presenting the calculator's results: a readable table for players and JSON for tools. Both
// say that the calculator is a player's aid, not the rules, and cite the sheet.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "tools/dba/combat.h"
#include "tools/dba/odds.h"
#include "tools/dba/sheet.h"

namespace ancients::dba {

/// The header line: a player's aid citing the sheet.
std::string aid_notice(const Sheet& sheet);

/// The readable table.
std::string odds_text(const Sheet& sheet, const Combat& combat, const Odds& odds);

/// The same as JSON (see docs/dba.md for the fields).
nlohmann::json odds_json(const Sheet& sheet, const Combat& combat, const Odds& odds);

/// The [[uncertain]] entries for one tool ("odds" or "terrain"), as help text.
std::string uncertain_help(const Sheet& sheet, const std::string& tool);

}  // namespace ancients::dba
