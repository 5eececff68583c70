// The greedy agent: a one-step lookahead. It samples one determinization of its view (never the
// true state), applies each legal action to a copy and keeps the action whose resulting
// position the game's evaluation (core/evaluation.h) scores best for it; ties are broken from
// its own seeded stream. A decision with one legal action is taken without looking.
#pragma once

#include <string>

#include "agents/agent.h"

namespace ancients {

class GreedyAgent final : public Agent {
 public:
  explicit GreedyAgent(std::uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "greedy"; }
  Action choose(const PlayerView& view) override;
  std::string last_reason() const override { return reason_; }

 private:
  Rng rng_;
  ActionList actions_;
  std::string reason_;
};

}  // namespace ancients
