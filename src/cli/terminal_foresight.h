// The warning before a choice that loses the game at once, for both terminal games (the browser
// has it too): which items of the prompt's menu end the game with the player's side losing
// whatever the player cannot see (core/foresight.h, from the player's own view), how the menu
// marks them, the line said above it, and the second typing asked before one is played.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace ancients::cli {

/// The menu's choices that lose the game at once.
struct LosingChoices {
  std::vector<bool> loses;  ///< per menu item, in the menu's order
  std::size_t count() const;
  bool all() const;  ///< every item loses (nothing to warn against choosing)
  /// Item i's text as the menu shows it: marked when it loses.
  std::string label(std::size_t i, const std::string& text) const;
  /// The line said above the menu ("Careful: choice 2 loses the game at once ..."), or "".
  std::string warning() const;
};

/// Which of `actions` (the menu's whole actions of `player`, who is to act) lose the game at
/// once, checked in deals of `player`'s view drawn from `seed`. None where there are too many to
/// check at each decision (a move phase of Ancient Warfare: see lose_at_once's limit).
LosingChoices losing_choices(const State& state, int player,
                             const std::vector<std::string>& actions, std::uint64_t seed);

/// Asks for a second typing before a choice that loses the game while another does not.
class LosingGuard {
 public:
  /// Whether `action` (a whole action text) may be played now. False the first time a losing
  /// menu item is chosen (`note` then says so); true when the same item is chosen next, and
  /// for every other action.
  bool allow(const LosingChoices& losing, const std::vector<std::string>& actions,
             const std::string& action, std::string& note);
  /// Forgets a losing choice typed once (any other input comes between).
  void reset() { armed_.clear(); }

 private:
  std::string armed_;  ///< the losing action typed once, waiting to be typed again
};

}  // namespace ancients::cli
