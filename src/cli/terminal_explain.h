// `info N` at the prompt of both terminal games: menu item N in the game's own words (the
// words the browser shows for an offered action, State::action_info), with the warning when it
// loses the game at once. The menu shows only the notation ("play bloodlust a1"), which does not
// say what the choice does.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/terminal_foresight.h"
#include "core/game.h"

namespace ancients::cli {

/// What `info WHAT` says when WHAT is a number: menu item WHAT ("3 play bloodlust a1: Play
/// Bloodlust on the attacker of combat 1 ...") or that there is no such item. Nothing when WHAT
/// is not a number (a unit, a card, a square: the caller explains those). `actions` are the menu's
/// whole actions of `player`; `shown` each item as the menu writes it.
std::optional<std::string> menu_item_info(const State& state, int player,
                                          const std::vector<std::string>& actions,
                                          const std::vector<std::string>& shown,
                                          const LosingChoices& losing, const std::string& what);

}  // namespace ancients::cli
