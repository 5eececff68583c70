// Computer politics, orders and contingents, and the whole-campaign loop (see simulate.h).
#include "campaign/simulate.h"

#include <fmt/format.h>

#include <algorithm>

#include "campaign/battle.h"
#include "campaign/engine.h"
#include "core/errors.h"
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

namespace {

/// Politics of computer nations: one random pair a season may ally (1 in 3) or, when allied,
/// end the alliance (1 in 2).
void computer_politics(CampaignState& s, Rng& rng) {
  const auto n = static_cast<std::uint32_t>(s.scenario.nations.size());
  const auto i = rng.below(n), j = rng.below(n);
  if (i == j) return;
  const std::string a = s.scenario.nations[i].id;
  const std::string b = s.scenario.nations[j].id;
  if (s.allied(a, b)) {
    if (rng.below(2) == 0) apply_action(s, fmt::format("break {} {}", a, b));
  } else if (rng.below(3) == 0) {
    apply_action(s, fmt::format("ally {} {}", a, b));
  }
}

/// Every ally of a side with an army in or next to the battle offers, and is accepted.
void computer_contingents(CampaignState& s, const Battle& b) {
  std::vector<std::string> ids;  // copied: every action replaces the state as a whole
  for (const auto& n : s.scenario.nations) ids.push_back(n.id);
  for (const auto& id : ids) {
    if (id == b.attacker || id == b.defender) continue;
    if (!s.allied(id, b.attacker) && !s.allied(id, b.defender)) continue;
    try {
      apply_action(s, fmt::format("offer {} {}", b.number, id));
      apply_action(s, fmt::format("accept {} {}", b.number, id));
    } catch (const IllegalAction&) {  // not in or next to the region: no offer
    }
  }
}

}  // namespace

void computer_turns(CampaignState& s, std::uint64_t seed) {
  for (bool again = true; again && s.phase == "orders";) {
    again = false;
    for (const auto& nation : owing_orders(s)) {
      if (std::find(s.computer.begin(), s.computer.end(), nation) == s.computer.end()) continue;
      apply_action(s, computer_orders(s, nation, seed * 1000003 + s.actions.size()));
      again = true;
      break;
    }
  }
}

void simulate(CampaignState& s, const std::string& agent, std::uint64_t seed,
              const std::function<void(int, const std::string&)>& progress) {
  std::uint64_t step = 0;
  Rng rng(seed ^ 0x5EA5011ULL);
  while (s.phase != "over") {
    ++step;
    if (s.phase == "politics") computer_politics(s, rng);
    if (s.phase == "orders") {
      const std::string nation = owing_orders(s).front();
      apply_action(s, computer_orders(s, nation, seed * 1000003 + step));
      continue;
    }
    if (s.phase == "battles") {
      int open = 0;
      for (const auto& b : s.battles)
        if (!b.resolved && open == 0) open = b.number;
      if (open != 0) {
        // Copies: every action replaces the state (and its battles) as a whole.
        if (s.battle(open)->offers.empty()) computer_contingents(s, Battle(*s.battle(open)));
        const std::string result = play_battle(s, *s.battle(open), agent, seed * 7919 + step);
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
