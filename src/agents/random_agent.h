// The random agent: uniform over the legal actions, from its own seeded stream.
#pragma once

#include "agents/agent.h"

namespace ancients {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Action choose(const PlayerView& view) override;

 private:
  Rng rng_;
  ActionList actions_;
};

}  // namespace ancients
