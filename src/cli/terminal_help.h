// The help screens of `ancients play`: the action notation with examples, the commands of
// the prompt, and the card and unit tables of the edition being played, written from the
// ruleset so that they always match the rules in force.
#pragma once

#include <string>

#include "games/warfare/ruleset.h"

namespace ancients::cli {

/// `help`: the actions in the notation with examples, and the prompt's own commands.
std::string help_text();
/// `cards`: every card of the deck, how many, and what it does.
std::string card_table(const warfare::Ruleset& rules);
/// `units`: every unit type, its abbreviation, Move, Range, special ability and auto-kills.
std::string unit_table(const warfare::Ruleset& rules);

}  // namespace ancients::cli
