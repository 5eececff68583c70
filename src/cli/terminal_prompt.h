// What the three terminal game loops (Ancient Warfare's, Ancient Generals' and the generic
// one) share at the prompt: reading one line (refusing an overlong one, echoing piped input,
// normalising it), a menu number typed for an item, and the hotseat hand-over that hides one
// player's screen before the next player looks.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>

namespace ancients::cli {

/// One line read at the prompt: std::nullopt at the end of input; "" for a line with nothing
/// to do (blank, or too long: refused with a message); else the line normalised
/// (normalize_input). With `echo` (input piped in) the line is written back, so that a
/// transcript reads as a session.
std::optional<std::string> read_prompt_line(std::istream& in, bool echo);

/// What a line means for a menu of `items` entries: std::nullopt when it is not a number (an
/// action or a command), else the item's index from 0, or `items` (one past the end) for a
/// number that names no item, which has been refused with a message.
std::optional<std::size_t> menu_pick(const std::string& input, std::size_t items);

/// The words of one hotseat hand-over.
struct HandOver {
  std::string hide;   ///< asked of the previous player: "Press Enter to hide your hand ..."
  std::string turn;   ///< the next player's heading: "Player 2 (human): your turn."
  std::string ready;  ///< asked of the next player: "Press Enter when player 1 is not looking."
};

/// Hides the previous player's screen (`after_another`: someone else played last) and greets
/// the next player. At a terminal each waits for Enter; piped input does not wait. False at
/// the end of input.
bool hand_over(std::istream& in, bool after_another, const HandOver& words);

}  // namespace ancients::cli
