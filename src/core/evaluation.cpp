// The registry of position evaluations (see evaluation.h).
#include "core/evaluation.h"

#include <string>
#include <utility>
#include <vector>

namespace ancients {
namespace {
std::vector<std::pair<std::string, Evaluator>>& evaluations() {
  static std::vector<std::pair<std::string, Evaluator>> list;
  return list;
}
}  // namespace

void register_evaluation(std::string_view game, Evaluator evaluator) {
  for (auto& [name, fn] : evaluations())
    if (name == game) {
      fn = evaluator;
      return;
    }
  evaluations().emplace_back(std::string(game), evaluator);
}

Evaluator find_evaluation(std::string_view game) {
  for (const auto& [name, fn] : evaluations())
    if (name == game) return fn;
  return nullptr;
}

double evaluate(const State& state, int player) {
  if (state.is_over()) return state.returns(player);
  const Evaluator fn = find_evaluation(state.game());
  return fn == nullptr ? 0.0 : fn(state, player);
}

}  // namespace ancients
