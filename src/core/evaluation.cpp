// The registry of position evaluations (see evaluation.h).
#include "core/evaluation.h"

#include <string>
#include <vector>

namespace ancients {
namespace {
struct Entry {
  std::string game;
  Evaluator evaluator;
  EvaluationHints hints;
};

std::vector<Entry>& evaluations() {
  static std::vector<Entry> list;
  return list;
}

const Entry* find_entry(std::string_view game) {
  for (const Entry& e : evaluations())
    if (e.game == game) return &e;
  return nullptr;
}
}  // namespace

void register_evaluation(std::string_view game, Evaluator evaluator, EvaluationHints hints) {
  for (Entry& e : evaluations())
    if (e.game == game) {
      e.evaluator = evaluator;
      e.hints = hints;
      return;
    }
  evaluations().push_back(Entry{std::string(game), evaluator, hints});
}

Evaluator find_evaluation(std::string_view game) {
  const Entry* e = find_entry(game);
  return e == nullptr ? nullptr : e->evaluator;
}

EvaluationHints evaluation_hints(std::string_view game) {
  const Entry* e = find_entry(game);
  return e == nullptr ? EvaluationHints{} : e->hints;
}

double evaluate(const State& state, int player) {
  return evaluate_with(find_evaluation(state.game()), state, player);
}

}  // namespace ancients
