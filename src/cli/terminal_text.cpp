// Text layout for the terminal screens (see terminal_text.h).
#include "cli/terminal_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace ancients::cli {

std::string wrap_list(const std::string& prefix, const std::vector<std::string>& items, int indent,
                      int width) {
  std::string out = prefix;
  int col = static_cast<int>(prefix.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string piece = items[i] + (i + 1 < items.size() ? "," : "");
    const int len = static_cast<int>(piece.size());
    if (i > 0 && col + 1 + len > width) {
      out += "\n" + std::string(static_cast<std::size_t>(indent), ' ');
      col = indent;
    } else if (i > 0) {
      out += ' ';
      ++col;
    }
    out += piece;
    col += len;
  }
  return out + "\n";
}

std::string numbered_columns(const std::vector<std::string>& items, int first, int width) {
  if (items.empty()) return {};
  const int last = first + static_cast<int>(items.size()) - 1;
  const int num_width = static_cast<int>(std::to_string(last).size());
  std::size_t longest = 0;
  for (const auto& s : items) longest = std::max(longest, s.size());
  const int cell = 2 + num_width + 1 + static_cast<int>(longest) + 1;
  const int cols = std::max(1, width / cell);
  const int rows = (static_cast<int>(items.size()) + cols - 1) / cols;
  std::string out;
  for (int r = 0; r < rows; ++r) {
    std::string line;
    for (int c = 0; c < cols; ++c) {
      const int i = c * rows + r;
      if (i >= static_cast<int>(items.size())) break;
      std::string entry = fmt::format("  {:>{}} {}", first + i, num_width, items[i]);
      if (c + 1 < cols && i + rows < static_cast<int>(items.size()))
        entry.resize(static_cast<std::size_t>(cell), ' ');
      line += entry;
    }
    out += line + "\n";
  }
  return out;
}

std::string refusal_text(const std::string& action, const std::string& error) {
  std::string reason = error;
  for (const std::string& quoted : {"\"" + action + "\" refused: ", "\"" + action + "\": "})
    if (reason.starts_with(quoted)) {
      reason = reason.substr(quoted.size());
      break;
    }
  return "Refused: " + reason + "\n";
}

std::string overlong_input_text(const std::string& line) {
  if (line.size() <= kMaxInputLine) return {};
  return fmt::format(
      "Refused: that line is {} characters long; no action or command is longer "
      "than {}.\n",
      line.size(), kMaxInputLine);
}

std::string normalize_input(const std::string& line) {
  std::string out;
  bool space = false;
  for (char ch : line) {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  return out;
}

std::string counted(std::size_t n, const std::string& noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

std::string sentence(std::string text) {
  if (!text.empty() && text.back() != '.' && text.back() != '!' && text.back() != '?') text += '.';
  return text;
}

}  // namespace ancients::cli
