// Shared pieces of the campaign tests: a tiny map scenario (five regions, three nations with
// sample armies) as TOML text, loaded without files, a helper that applies actions, and the
// folder of the bundled campaign files.
#pragma once

#include <string>
#include <vector>

#include "campaign/engine.h"
#include "campaign/scenario.h"
#include "support/paths.h"

/// The bundled campaign and scenario files (data/campaigns/).
inline const std::string kCampaigns =
    std::string(ancients::test_paths::source_dir()) + "/data/campaigns/";

namespace campaign_test {

/// a(capital, red) - b(open) - c(city, blue) - d(capital, blue); b - e(city, green).
/// red: army at a, aggression 2; blue: army at d and at c, aggression 3; green: army at e,
/// aggression 2. `extra` is appended (more [rules], for example).
inline std::string tiny_scenario_text(const std::string& rules = "") {
  return R"(format = 1
kind = "map"
title = "Tiny"
seasons = 2
)" + rules +
         R"(
[[regions]]
id = "a"
name = "Alpha"
kind = "capital"
neighbours = ["b"]
at = [0, 0]

[[regions]]
id = "b"
name = "Beta"
neighbours = ["a", "c", "e"]
at = [1, 0]

[[regions]]
id = "c"
name = "Gamma"
kind = "city"
neighbours = ["b", "d"]
at = [2, 0]

[[regions]]
id = "d"
name = "Delta"
kind = "capital"
neighbours = ["c"]
at = [3, 0]

[[regions]]
id = "e"
name = "Epsilon"
kind = "city"
topography = "arable"
neighbours = ["b"]
at = [1, 1]

[[nations]]
id = "red"
name = "Red"
colour = "#f00"
army = "marian-romans"
capital = "a"
regions = ["a"]
armies = ["a"]

[[nations]]
id = "blue"
name = "Blue"
colour = "#00f"
army = "gauls"
capital = "d"
regions = ["d", "c"]
armies = ["d", "c"]
aggression = 3

[[nations]]
id = "green"
name = "Green"
colour = "#0f0"
army = "carthaginians"
regions = ["e"]
armies = ["e"]
)";
}

inline ancients::campaign::Scenario tiny_scenario(const std::string& rules = "") {
  return ancients::campaign::load_scenario_text(tiny_scenario_text(rules), "tiny.toml", ".");
}

inline void apply_all(ancients::campaign::CampaignState& s, const std::vector<std::string>& acts) {
  for (const auto& a : acts) ancients::campaign::apply_action(s, a);
}

/// The sum of the chronicle's prestige for a nation.
inline int chronicle_prestige(const ancients::campaign::CampaignState& s, const std::string& n) {
  int sum = 0;
  for (const auto& e : s.chronicle) {
    const auto it = e.prestige.find(n);
    if (it != e.prestige.end()) sum += it->second;
  }
  return sum;
}

}  // namespace campaign_test
