// What an action did and how a game ended, in words, for the terminal: units destroyed, an
// attack waiting for its answer, the winner and why. Found by comparing the states before
// and after the action, so the engine needs no event log.
#pragma once

#include <array>
#include <string>

#include "games/warfare/state.h"

namespace ancients::cli {

/// " (2Bd destroyed; player 2 may defend)" or "" when nothing worth telling happened.
std::string effect_text(const warfare::WarfareState& before, const warfare::WarfareState& after);

/// "Player 1 (you, Marian Romans) wins: player 2's General was destroyed." or the draw.
std::string result_words(const warfare::WarfareState& state,
                         const std::vector<std::string>& labels);

}  // namespace ancients::cli
