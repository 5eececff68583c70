// One game of a tournament (see tournament_game.h).
#include "cli/tournament_game.h"

#include <chrono>
#include <memory>

#include "agents/agent.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {

TournamentResult play_tournament_game(const TournamentGame& g) {
  const auto t0 = std::chrono::steady_clock::now();
  const GameDescriptor& game = game_named(g.game);
  NewGame built = create_game(game.name, g.options, g.seed, OptionContext{true});
  auto& state = built.state;
  // One agent per player, of its side's spec (a multiplayer battle has more players than
  // sides: every player of a side plays the same agent, each from its own view).
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<std::string> specs;
  for (int p = 1; p <= state->player_count(); ++p) {
    specs.push_back(g.players[static_cast<std::size_t>(state->side_of(p) - 1)]);
    agents.push_back(make_agent(
        specs.back(), g.agent_seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(p)));
  }
  TournamentResult r;
  r.armies = built.side_names;
  std::vector<RecordedAction> actions;
  while (!state->is_over()) {
    const int p = state->to_act();
    // Set-up decisions the game takes automatically (deployments), seeded by the deal.
    std::string text = automatic_action(game, *state, g.seed * 31 + static_cast<std::uint64_t>(p));
    if (!text.empty()) {
      state->apply_text(text);
    } else {
      const auto view = state->view(p);
      const auto thinking = std::chrono::steady_clock::now();
      const Action a = agents[p - 1]->choose(*view);
      const auto side = static_cast<std::size_t>(state->side_of(p) - 1);
      ++r.decisions[side];
      r.think_seconds[side] +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - thinking).count();
      if (g.keep_record) text = state->action_text(a);
      state->apply(a);
    }
    ++r.actions;
    if (g.keep_record) actions.push_back({p, text});
  }
  r.winner = state->winner();
  r.turns = state->turn();
  if (g.keep_record && game.record) {
    RecordInput in;
    in.options = built.options;
    in.seed = g.seed;
    in.program_version = program_version();
    in.players = specs;
    in.actions = std::move(actions);
    in.final_state = state.get();
    r.record = game.record(in);
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace ancients::cli
