// The warning before a losing choice (see terminal_foresight.h).
#include "cli/terminal_foresight.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/foresight.h"

namespace ancients::cli {

std::size_t LosingChoices::count() const {
  return static_cast<std::size_t>(std::count(loses.begin(), loses.end(), true));
}

bool LosingChoices::all() const {
  return !loses.empty() && count() == loses.size();
}

std::string LosingChoices::label(std::size_t i, const std::string& text) const {
  return i < loses.size() && loses[i] ? text + " [loses the game]" : text;
}

std::string LosingChoices::warning() const {
  const std::size_t n = count();
  if (n == 0) return {};
  if (all())
    return loses.size() == 1 ? "Your only choice loses the game at once.\n"
                             : "Every choice you have now loses the game at once.\n";
  std::string numbers;
  for (std::size_t i = 0; i < loses.size(); ++i)
    if (loses[i]) numbers += fmt::format("{}{}", numbers.empty() ? "" : ", ", i + 1);
  return fmt::format(
      "Careful: {} {} {} the game at once (marked below); you will be asked to type it twice.\n",
      n == 1 ? "choice" : "choices", numbers, n == 1 ? "loses" : "lose");
}

LosingChoices losing_choices(const State& state, int player,
                             const std::vector<std::string>& actions, std::uint64_t seed) {
  return LosingChoices{lose_at_once(state, player, actions, seed)};
}

bool LosingGuard::allow(const LosingChoices& losing, const std::vector<std::string>& actions,
                        const std::string& action, std::string& note) {
  const auto at = std::find(actions.begin(), actions.end(), action);
  const auto i = static_cast<std::size_t>(at - actions.begin());
  if (at == actions.end() || i >= losing.loses.size() || !losing.loses[i] || losing.all()) {
    armed_.clear();
    return true;
  }
  if (armed_ == action) {
    armed_.clear();
    return true;
  }
  armed_ = action;
  note = fmt::format("`{}` loses the game at once: type it again ({}) to play it anyway.\n", action,
                     i + 1);
  return false;
}

}  // namespace ancients::cli
