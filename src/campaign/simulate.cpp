// Computer orders and the whole-campaign loop (see simulate.h).
#include "campaign/simulate.h"

#include <fmt/format.h>

#include "campaign/battle.h"
#include "campaign/engine.h"
#include "core/rng.h"

namespace ancients::campaign {

std::string computer_orders(const CampaignState& s, const std::string& nation, std::uint64_t seed) {
  Rng rng(seed);
  const int aggression = s.scenario.nation(nation)->aggression;
  std::string text = "orders " + nation;
  for (const auto& a : s.armies) {
    if (!a.alive || a.nation != nation) continue;
    // An army marches with a chance of (aggression + 1) in 6, towards a region its nation does
    // not hold when there is one.
    if (static_cast<int>(rng.below(6)) > aggression) continue;
    std::vector<std::string> targets, others;
    for (const auto& n : s.scenario.region(a.region)->neighbours) {
      const std::string& holder = s.owner.at(n);
      (holder == nation || (!holder.empty() && s.allied(holder, nation)) ? others : targets)
          .push_back(n);
    }
    auto& pool = targets.empty() ? others : targets;
    if (pool.empty()) continue;
    text += fmt::format(" {}={}", a.id, pool[rng.below(static_cast<std::uint32_t>(pool.size()))]);
  }
  return text;
}

void simulate(CampaignState& s, const std::string& agent, std::uint64_t seed,
              const std::function<void(int, const std::string&)>& progress) {
  std::uint64_t step = 0;
  while (s.phase != "over") {
    ++step;
    if (s.phase == "orders") {
      const auto wanted = waiting_for(s);
      const std::string nation = wanted.front().substr(std::string("orders from ").size());
      apply_action(s, computer_orders(s, nation, seed * 1000003 + step));
      continue;
    }
    if (s.phase == "battles") {
      const Battle* open = nullptr;
      for (const auto& b : s.battles)
        if (!b.resolved && open == nullptr) open = &b;
      if (open != nullptr) {
        const std::string result = play_battle(s, *open, agent, seed * 7919 + step);
        apply_action(s, result);
        if (progress) {
          std::string line;
          for (const auto& e : s.chronicle)
            if (e.kind == "battle") line = e.text;
          progress(s.battles_fought, line);
        }
        continue;
      }
    }
    apply_action(s, "next");
  }
}

}  // namespace ancients::campaign
