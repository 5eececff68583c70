// Agents choose actions from a player's view only (never the true state), so they are fair
// by construction. Named on the command line as NAME[:LEVEL] ("random", "ismcts:hard").
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace ancients {

/// A computer player. choose() is called only when the view's player is to act.
class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string name() const = 0;
  virtual Action choose(const PlayerView& view) = 0;
  /// A short reason for the last choice ("win chance 62%"), or empty.
  virtual std::string last_reason() const { return {}; }
  /// Lets a long search end early (a server shutting down, a time cap per decision): choose()
  /// returns its best action so far once `*stop` is true or after `max_seconds` (0: no cap).
  /// Agents that decide at once ignore it.
  virtual void set_stop(const std::atomic<bool>* /*stop*/, double /*max_seconds*/) {}
  /// Gives back the memory a decision reserved (a search's tree), which an agent otherwise
  /// keeps for its next decision: for a holder of many agents that wait long between
  /// decisions (the server's computer seats). The next decision reserves it again; the
  /// decisions are the same.
  virtual void release_memory() {}
  /// Bytes the agent holds between decisions (its reserved pools), for such holders and tests.
  virtual std::size_t held_bytes() const { return 0; }
};

/// Builds an agent from its NAME[:LEVEL] spec; throws BadInput for an unknown spec.
std::unique_ptr<Agent> make_agent(const std::string& spec, std::uint64_t seed);
/// The agent names make_agent() understands, for --help.
std::vector<std::string> agent_names();

}  // namespace ancients
