// make_agent(): NAME[:LEVEL] specs to agents (see agent.h). ISMCTS and PIMC levels are the named
// iteration budgets of ismcts_levels(), a number of iterations ("ismcts:5000") or a time per
// decision in seconds ("ismcts:1.5s", which makes results depend on the machine's speed).
#include <cmath>
#include <cstdlib>

#include "agents/agent.h"
#include "agents/greedy_agent.h"
#include "agents/ismcts.h"
#include "agents/pimc.h"
#include "agents/random_agent.h"
#include "core/errors.h"

namespace ancients {
namespace {

/// The search budget of an ismcts or pimc level: a level's name, a number of iterations or
/// seconds per decision.
IsmctsConfig search_budget(const std::string& spec, const std::string& lv) {
  IsmctsConfig config;
  bool found = false;
  for (const auto& l : ismcts_levels())
    if (lv == l.name) {
      config.iterations = l.iterations;
      found = true;
    }
  if (!found) {
    const bool secs = lv.back() == 's';
    const std::string number = secs ? lv.substr(0, lv.size() - 1) : lv;
    char* end = nullptr;
    const double v = number.empty() ? 0.0 : std::strtod(number.c_str(), &end);
    const bool ok = !number.empty() && end == number.c_str() + number.size() && v > 0 &&
                    (secs ? v <= 3600 : (v <= 1e9 && v == std::floor(v)));
    if (!ok)
      throw BadInput("agent \"" + spec +
                     "\": the level must be easy, normal, hard, a number of iterations "
                     "(ismcts:5000) or seconds per decision (ismcts:1.5s)");
    if (secs)
      config.seconds = v;
    else
      config.iterations = static_cast<std::uint64_t>(v);
  }
  return config;
}

}  // namespace

std::vector<std::string> agent_names() {
  return {"random",      "greedy",    "ismcts:easy", "ismcts:normal",
          "ismcts:hard", "pimc:easy", "pimc:normal", "pimc:hard"};
}

std::unique_ptr<Agent> make_agent(const std::string& spec, std::uint64_t seed) {
  const auto colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  const std::string level = colon == std::string::npos ? "" : spec.substr(colon + 1);
  if (colon != std::string::npos && level.empty())
    throw BadInput("agent \"" + spec + "\": empty level after ':'");
  if (name == "random" || name == "greedy") {
    if (!level.empty())
      throw BadInput("agent \"" + name + "\" has no levels (got \"" + spec + "\")");
    if (name == "random") return std::make_unique<RandomAgent>(seed);
    return std::make_unique<GreedyAgent>(seed);
  }
  const std::string lv = level.empty() ? "normal" : level;
  if (name == "ismcts")
    return std::make_unique<IsmctsAgent>(search_budget(spec, lv), seed, "ismcts:" + lv);
  if (name == "pimc")
    return std::make_unique<PimcAgent>(search_budget(spec, lv), kPimcDeals, seed, "pimc:" + lv);
  throw BadInput("unknown agent \"" + spec +
                 "\" (known: random, greedy, ismcts[:LEVEL], pimc[:LEVEL])");
}

}  // namespace ancients
