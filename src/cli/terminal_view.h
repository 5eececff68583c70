// A position shown as its fields, for the terminal's generic front end (a game whose layout is
// "generic" has no drawing of its own, as in the browser's web/src/generic.ts): each field of
// a player's view (or of a whole position, in a replay) under its own name, nested fields
// indented beneath, lists of plain values on one line, and a list of flat records (a board's
// units) one record a line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/game.h"

namespace ancients::cli {

/// The fields of `view` (a JSON object) as lines of text: "score:" then "  1: 2" for a
/// nested object, "hand: 1, 3" for a list of values, "  2. type: camp, square: e1" for each
/// record of a list of flat records, "—" for nothing. The fields "game" and
/// "options" are left out (the screen's heading says them).
std::string view_fields_text(const nlohmann::json& view);

/// The action `text`, which `actor` made in `before` to reach `after`, as `viewer` may read it:
/// its events' texts joined by "; " (the game's log text where it gives no events).
std::string action_words(const State& before, const State& after, std::string_view text, int actor,
                         int viewer);

}  // namespace ancients::cli
