// Menu items explained in the game's words (see terminal_explain.h).
#include "cli/terminal_explain.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <exception>

namespace ancients::cli {

std::optional<std::string> menu_item_info(const State& state, int player,
                                          const std::vector<std::string>& actions,
                                          const std::vector<std::string>& shown,
                                          const LosingChoices& losing, const std::string& what) {
  if (what.empty() ||
      !std::all_of(what.begin(), what.end(), [](char c) { return std::isdigit(c) != 0; }))
    return std::nullopt;
  const std::size_t n = what.size() > 6 ? 0 : std::stoul(what);
  if (n < 1 || n > actions.size() || n > shown.size())
    return fmt::format("No menu item {}: choose 1 to {} (`menu` shows them).\n", what,
                       std::min(actions.size(), shown.size()));
  std::string words;
  try {
    const nlohmann::json info = state.action_info(actions[n - 1], player);
    if (const auto it = info.find("words"); it != info.end() && it->is_string())
      words = it->get<std::string>();
  } catch (const std::exception&) {
    words.clear();  // an item the game cannot describe (the automatic deployment): its text
  }
  std::string out = fmt::format("{} {}", n, shown[n - 1]);
  if (!words.empty() && words != actions[n - 1]) out += ": " + words;
  out += "\n";
  if (n - 1 < losing.loses.size() && losing.loses[n - 1])
    out += "  It loses the game at once, whatever the cards you cannot see.\n";
  return out;
}

}  // namespace ancients::cli
