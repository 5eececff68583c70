// The greedy agent (see greedy_agent.h).
#include "agents/greedy_agent.h"

#include <fmt/format.h>

#include "core/evaluation.h"

namespace ancients {

Action GreedyAgent::choose(const PlayerView& view) {
  sensible_actions(view, actions_);
  if (actions_.size() == 1) {
    reason_ = "only legal action";
    return actions_[0];
  }
  const int me = view.player();
  const auto base = view.sample(rng_);
  std::unique_ptr<State> scratch;
  double best = -2.0;
  Action chosen = actions_[0];
  std::uint32_t ties = 0;
  for (const Action a : actions_) {
    scratch = base->clone();
    scratch->apply(a);
    const double v = evaluate(*scratch, me);
    if (v > best + 1e-12) {
      best = v;
      chosen = a;
      ties = 1;
    } else if (v > best - 1e-12 && rng_.below(++ties) == 0) {
      chosen = a;
    }
  }
  reason_ = fmt::format("evaluation {:+.2f}", best);
  return chosen;
}

}  // namespace ancients
