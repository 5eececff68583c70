// Plain-text layout helpers for the terminal screens: word wrapping of lists and numbered
// menus laid out in columns. They measure visible characters, so pass text without colour.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ancients::cli {

inline constexpr int kScreenWidth = 80;

/// Joins `items` with ", " and wraps the result to `width`, continuation lines indented by
/// `indent` spaces. The first line starts right after `prefix` (which is included).
std::string wrap_list(const std::string& prefix, const std::vector<std::string>& items, int indent,
                      int width = kScreenWidth);

/// Numbers `items` from `first` ("  1 end") and lays them out column by column, as many columns
/// as fit in `width`.
std::string numbered_columns(const std::vector<std::string>& items, int first = 1,
                             int width = kScreenWidth);

/// A refusal as the prompt shows it: "Refused: " and the reason. The rules' messages start by
/// quoting the action ("\"move march z9-z99\" refused: why" or "\"zzz\": why"), which at the
/// prompt only repeats what was just typed, so that quote is left off.
std::string refusal_text(const std::string& action, const std::string& error);

/// The longest line read at the prompt: a whole deployment of the largest army is a few hundred
/// characters. A longer line is refused unread (the refusal once quoted all of it back).
inline constexpr std::size_t kMaxInputLine = 2000;

/// What the prompt says of a line longer than kMaxInputLine ("" for one that is not).
std::string overlong_input_text(const std::string& line);

/// A count with its noun ("1 action", "12 actions"): the noun's plural is made with an "s".
std::string counted(std::size_t n, const std::string& noun);

/// `text` ending as a sentence: a full stop added unless it ends with one (or "!" or "?").
std::string sentence(std::string text);

/// Lower case, surrounding blanks removed, inner runs of blanks made one space.
std::string normalize_input(const std::string& line);

}  // namespace ancients::cli
