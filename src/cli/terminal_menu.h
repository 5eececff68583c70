// The numbered menu of the prompt: every whole legal action of the player to act, ordered by
// kind, except where there are too many to list (deployments, group advances), which are
// summarised with how to type them.
#pragma once

#include <string>
#include <vector>

#include "games/warfare/state.h"

namespace ancients::cli {

/// What the player may choose by number, and notes about actions typed by hand.
struct Menu {
  std::vector<std::string> items;  ///< numbered from 1; each an action text (or "auto")
  std::vector<std::string> notes;  ///< lines shown after the items
};

/// Group advances are listed one by one up to this many; beyond it they are summarised.
inline constexpr std::size_t kMaxListedAdvances = 8;

/// The menu of the player to act. In the deploy phase it offers "auto" (whose deployment is
/// `auto_deploy`, shown as an example) instead of listing every placement.
Menu build_menu(const warfare::WarfareState& state, const std::string& auto_deploy);

/// The menu as text, for the screen.
std::string render_menu(const Menu& menu);

}  // namespace ancients::cli
