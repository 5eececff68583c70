// The terminal loops' prompt (see terminal_prompt.h).
#include "cli/terminal_prompt.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "cli/io.h"
#include "cli/terminal_style.h"
#include "cli/terminal_text.h"

namespace ancients::cli {

std::optional<std::string> read_prompt_line(std::istream& in, bool echo) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  if (const std::string refusal = overlong_input_text(line); !refusal.empty()) {
    if (echo) print_now(fmt::format("({} characters)\n", line.size()));
    print_now(refusal);
    return std::string();
  }
  if (echo) print_now(line + "\n");
  return normalize_input(line);
}

std::optional<std::size_t> menu_pick(const std::string& input, std::size_t items) {
  if (input.empty() ||
      !std::all_of(input.begin(), input.end(), [](char c) { return std::isdigit(c) != 0; }))
    return std::nullopt;
  const std::size_t n = input.size() > 6 ? 0 : std::stoul(input);
  if (n < 1 || n > items) {
    print_now(fmt::format("No menu item {}: choose 1 to {} (`menu` shows them).\n", input, items));
    return items;
  }
  return n - 1;
}

bool hand_over(std::istream& in, bool after_another, const HandOver& words) {
  const bool tty = stdin_is_tty();
  std::string line;
  if (after_another && tty) {
    print_now(words.hide + " ");
    if (!std::getline(in, line)) return false;
  }
  if (after_another) clear_screen();
  print_now(words.turn + "\n");
  if (!tty) return true;
  print_now(words.ready + " ");
  return static_cast<bool>(std::getline(in, line));
}

}  // namespace ancients::cli
