// make_agent(): NAME[:LEVEL] specs to agents (see agent.h).
#include "agents/agent.h"
#include "agents/random_agent.h"
#include "core/errors.h"

namespace ancients {

std::vector<std::string> agent_names() {
  return {"random"};
}

std::unique_ptr<Agent> make_agent(const std::string& spec, std::uint64_t seed) {
  const auto colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string level = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (name == "random") {
    if (!level.empty()) throw BadInput("agent \"random\" has no levels (got \"" + spec + "\")");
    return std::make_unique<RandomAgent>(seed);
  }
  throw BadInput("unknown agent \"" + spec + "\" (known: random)");
}

}  // namespace ancients
