// Drawing the Ancient Warfare board as text: ranks and files labelled, terrain shaded (and
// marked with ~ ^ # so it reads without colour), units as owner digit + abbreviation + Elite
// mark, and a legend of what is on the board. Rendering only: no game logic.
#pragma once

#include <string>

#include "cli/terminal_style.h"
#include "games/warfare/state.h"

namespace ancients::cli {

/// The short name of a unit type ("Bd" for blades, "SCh" for scythed-chariots; at most 3
/// characters; types without a fixed abbreviation are abbreviated from their id).
std::string unit_abbreviation(const warfare::UnitDef& def);

/// The board as seen by `viewer` (1 or 2; 0 = an onlooker who sees everything), with
/// `bottom`'s back edge at the bottom (player 1: rank 1 at the bottom, files a.. left to right;
/// player 2: the board turned round). While deploying, the opponent's placed units are hidden
/// from a viewer. Ends with a legend and a newline.
std::string render_board(const warfare::WarfareState& state, int viewer, int bottom,
                         const Style& style);

}  // namespace ancients::cli
