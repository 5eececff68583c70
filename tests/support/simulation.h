// The generic random-simulation check that every game of the project runs (after OpenSpiel's
// random_sim_test): seeded random games, checking at every step that the legal actions are
// unique and all apply, that the position JSON round-trips to an identical state, that a clone
// equals its original, that each player's view hides the other's hand and the deck order, and
// that every game ends. A game adds its own invariants through the `extra` hook.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"
#include "core/registry.h"

namespace ancients::testing {

struct SimulationConfig {
  int games = 10000;
  std::uint64_t seed = 1;
  int max_steps = 100000;    ///< a game longer than this fails the "every game ends" check
  int full_check_every = 1;  ///< apply-every-action and JSON round trip on every Nth step
  int threads = 2;           ///< games are shared out over this many threads
  /// A new game for a seed.
  std::function<std::unique_ptr<State>(std::uint64_t)> new_game;
  /// Checks a view's JSON for hidden information of the other player; returns a problem or "".
  std::function<std::string(const State&, const nlohmann::json& view, int viewer)> view_leak;
  /// Game-specific invariants after every step; returns a problem or "".
  std::function<std::string(const State&)> extra;
};

struct SimulationStats {
  std::uint64_t games = 0, steps = 0, draws = 0, wins[3] = {0, 0, 0};
};

/// Number of games of a simulation: the full count, or ANCIENTS_SIM_GAMES games when that
/// environment variable is set (the sanitizer run of CI), at most `sanitizer_cap` of them (the
/// long games of the wide boards, whose full counts the release run plays), or
/// ANCIENTS_SIM_PERCENT percent of the full count (CI's release run, to stay within its time).
inline int simulation_games(int full, int sanitizer_cap = std::numeric_limits<int>::max()) {
  if (const char* env = std::getenv("ANCIENTS_SIM_GAMES"))
    return std::clamp(std::atoi(env), 1, std::max(1, sanitizer_cap));
  if (const char* env = std::getenv("ANCIENTS_SIM_PERCENT"))
    return std::max(1, full * std::clamp(std::atoi(env), 1, 100) / 100);
  return full;
}

/// Plays one game with every check; returns false after the first failure.
inline bool simulate_one(const SimulationConfig& cfg, int g, SimulationStats& stats) {
  Rng rng(cfg.seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(g + 1)));
  ActionList actions, sorted, from_view;
  auto state = cfg.new_game(cfg.seed * 1000003ULL + static_cast<std::uint64_t>(g));
  int steps = 0;
  while (!state->is_over()) {
    const bool full = steps % cfg.full_check_every == 0;
    state->legal_actions(actions);
    const std::string where = "game " + std::to_string(g) + " step " + std::to_string(steps);
    if (actions.empty()) {
      ADD_FAILURE() << where << ": no legal action in a running game\n" << state->to_json().dump();
      return false;
    }
    sorted = actions;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      ADD_FAILURE() << where << ": a legal action is listed twice\n" << state->to_json().dump();
      return false;
    }
    auto copy = state->clone();
    if (!copy->equals(*state)) {
      ADD_FAILURE() << where << ": a clone differs from its original";
      return false;
    }
    if (full) {
      for (Action a : actions) {
        auto c = state->clone();
        c->apply(a);
      }
      const nlohmann::json position = state->to_json();
      std::unique_ptr<State> back;
      try {
        back = state_from_json(position);
      } catch (const std::exception& e) {
        ADD_FAILURE() << where << ": the position does not read back: " << e.what() << "\n"
                      << position.dump();
        return false;
      }
      if (!back->equals(*state)) {
        ADD_FAILURE() << where << ": the position JSON does not round-trip\n" << position.dump();
        return false;
      }
      for (int viewer = 1; viewer <= state->player_count(); ++viewer) {
        auto view = state->view(viewer);
        const auto problem = cfg.view_leak(*state, view->to_json(), viewer);
        if (!problem.empty()) {
          ADD_FAILURE() << where << ": view of player " << viewer << ": " << problem;
          return false;
        }
        if (viewer != state->to_act()) continue;
        view->legal_actions(from_view);
        if (from_view != actions) {
          ADD_FAILURE() << where << ": the view's legal actions differ from the state's";
          return false;
        }
      }
    }
    state->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    if (cfg.extra) {
      const auto problem = cfg.extra(*state);
      if (!problem.empty()) {
        ADD_FAILURE() << where << ": " << problem << "\n" << state->to_json().dump();
        return false;
      }
    }
    if (++steps > cfg.max_steps) {
      ADD_FAILURE() << "game " << g << " did not end within " << cfg.max_steps << " steps";
      return false;
    }
  }
  ++stats.games;
  stats.steps += static_cast<std::uint64_t>(steps);
  const int w = state->winner();
  if (w == kDraw)
    ++stats.draws;
  else if (w == 1 || w == 2)
    ++stats.wins[w];
  else
    ADD_FAILURE() << "game " << g << " is over without a result";
  return true;
}

/// Runs cfg.games games over cfg.threads threads (game g always plays the same way).
inline SimulationStats run_simulation(const SimulationConfig& cfg) {
  std::vector<SimulationStats> per(static_cast<std::size_t>(cfg.threads));
  std::vector<std::thread> workers;
  for (int t = 0; t < cfg.threads; ++t)
    workers.emplace_back([&cfg, &per, t] {
      for (int g = t; g < cfg.games; g += cfg.threads)
        if (!simulate_one(cfg, g, per[static_cast<std::size_t>(t)])) return;
    });
  for (auto& w : workers) w.join();
  SimulationStats total;
  for (const auto& s : per) {
    total.games += s.games;
    total.steps += s.steps;
    total.draws += s.draws;
    for (int i = 0; i < 3; ++i) total.wins[i] += s.wins[i];
  }
  return total;
}

}  // namespace ancients::testing
