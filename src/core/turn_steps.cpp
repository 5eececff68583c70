// The checks of a turn step and the rules book's turn section (see turn_steps.h).
#include "core/turn_steps.h"

#include <algorithm>

namespace ancients {

std::string turn_step_problem(const TurnStep& step, const std::vector<TurnStep>& before) {
  const bool plain = !step.id.empty() && step.id.front() >= 'a' && step.id.front() <= 'z' &&
                     std::all_of(step.id.begin(), step.id.end(), [](char c) {
                       return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
                     });
  if (!plain) return "turn id \"" + step.id + "\" must be lower case letters, digits and hyphens";
  for (const auto& s : before)
    if (s.id == step.id) return "duplicate turn id \"" + step.id + "\"";
  if (step.title.empty()) return "turn \"" + step.id + "\" has no title";
  if (step.lines.empty()) return "turn \"" + step.id + "\" has no lines";
  for (const auto& line : step.lines)
    if (line.empty()) return "an empty line in turn \"" + step.id + "\"";
  return {};
}

nlohmann::json turn_section(const std::vector<TurnStep>& steps) {
  if (steps.empty()) return nullptr;
  nlohmann::json entries = nlohmann::json::array();
  for (const TurnStep& s : steps) {
    nlohmann::json e = {
        {"id", s.id}, {"title", s.title}, {"stats", nlohmann::json::array()}, {"lines", s.lines}};
    if (!s.subtitle.empty()) e["subtitle"] = s.subtitle;
    entries.push_back(std::move(e));
  }
  return {{"id", "turn"}, {"title", "How a turn goes"}, {"entries", entries}};
}

}  // namespace ancients
