// The random agent (see random_agent.h).
#include "agents/random_agent.h"

namespace ancients {

Action RandomAgent::choose(const PlayerView& view) {
  view.legal_actions(actions_);
  return actions_[rng_.below(static_cast<std::uint32_t>(actions_.size()))];
}

}  // namespace ancients
