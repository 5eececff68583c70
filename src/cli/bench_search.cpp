// The search benchmark (see bench_search.h).
#include "cli/bench_search.h"

#include <fmt/format.h>

#include <ctime>
#include <memory>

#include "agents/ismcts.h"
#include "core/evaluation.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

/// Position k of the set: a deal from the seed with the default options (the game's factory),
/// its automatic set-up actions taken (Warfare's deployments), then 6k + 3 random actions
/// (fewer if the game ends), stopping at a choice of two or more.
std::unique_ptr<State> position(const GameDescriptor& game, int k, std::uint64_t seed) {
  const std::uint64_t deal = seed + static_cast<std::uint64_t>(k);
  std::unique_ptr<State> s = create_game(game.name, nlohmann::json::object(), deal).state;
  while (game.setup_action && !s->is_over()) {
    const std::string action =
        game.setup_action(*s, deal * 7 + static_cast<std::uint64_t>(s->to_act()));
    if (action.empty()) break;
    s->apply_text(action);
  }
  Rng rng(deal ^ 0xBE7C4ULL);
  ActionList actions;
  for (int i = 0; i < 6 * k + 3; ++i) {
    s->legal_actions(actions);
    auto next = s->clone();
    next->apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    if (next->is_over()) break;
    s = std::move(next);
  }
  for (;;) {
    s->legal_actions(actions);
    if (actions.size() > 1) break;
    auto next = s->clone();
    next->apply(actions[0]);
    if (next->is_over()) break;
    s = std::move(next);
  }
  return s;
}

/// CPU time of this thread, so that a loaded machine does not lower the figure.
double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void hash_in(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFF;
    h *= 1099511628211ULL;
  }
}

}  // namespace

SearchBench bench_search(const std::string& game, int positions, std::uint64_t budget,
                         std::uint64_t seed, int guided_rollout) {
  SearchBench b;
  const GameDescriptor& descriptor = game_named(game);
  b.game = descriptor.name;
  b.positions = positions;
  b.budget = budget;
  b.signature = 1469598103934665603ULL;
  IsmctsConfig config;
  config.iterations = budget;
  config.sure_win_states = 0;        // the search alone
  config.stop_when_decided = false;  // every position's whole budget, timed
  config.guided_rollout = guided_rollout;
  b.guided_rollout =
      guided_rollout >= 0 ? guided_rollout : evaluation_hints(descriptor.name).guided_rollout;
  for (int k = 0; k < positions; ++k) {
    const auto s = position(descriptor, k, seed);
    const auto view = s->view(s->to_act());
    IsmctsAgent agent(config, seed + static_cast<std::uint64_t>(k), "bench");
    const double cpu0 = thread_cpu_seconds();
    const Action a = agent.choose(*view);
    b.cpu_seconds += thread_cpu_seconds() - cpu0;
    const SearchStats& st = agent.stats();
    b.iterations += st.iterations;
    b.nodes += st.nodes;
    b.seconds += st.seconds;
    hash_in(b.signature, st.nodes);
    hash_in(b.signature, st.root_visits);
    hash_in(b.signature, a);
  }
  return b;
}

nlohmann::json search_bench_json(const SearchBench& b) {
  return {{"game", b.game},
          {"positions", b.positions},
          {"iterations_per_position", b.budget},
          {"guided_rollout", b.guided_rollout},
          {"iterations", b.iterations},
          {"nodes", b.nodes},
          {"seconds", b.seconds},
          {"iterations_per_second",
           b.seconds > 0 ? static_cast<double>(b.iterations) / b.seconds : 0.0},
          {"signature", fmt::format("{:016x}", b.signature)}};
}

std::string search_bench_text(const SearchBench& b) {
  return fmt::format(
      "ismcts positions   {} ({} iterations each, one thread)\n"
      "ismcts rollout     {} greedy-guided action{} after the tree\n"
      "ismcts iterations  {}\n"
      "ismcts nodes       {}\n"
      "ismcts seconds     {:.3f}\n"
      "ismcts iter/second {:.0f} (wall clock), {:.0f} (thread CPU time)\n"
      "ismcts signature   {:016x}\n",
      b.positions, b.budget, b.guided_rollout, b.guided_rollout == 1 ? "" : "s", b.iterations,
      b.nodes, b.seconds, b.seconds > 0 ? static_cast<double>(b.iterations) / b.seconds : 0.0,
      b.cpu_seconds > 0 ? static_cast<double>(b.iterations) / b.cpu_seconds : 0.0, b.signature);
}

}  // namespace ancients::cli
