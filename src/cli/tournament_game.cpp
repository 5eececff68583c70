// One game of a tournament (see tournament_game.h).
#include "cli/tournament_game.h"

#include <chrono>
#include <memory>

#include "agents/agent.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "games/generals/generals.h"
#include "games/generals/record.h"
#include "games/warfare/record.h"
#include "games/warfare/setup.h"

namespace ancients::cli {
namespace {

/// The Warfare setup of a deal: the named armies (or two sample armies drawn by the seed), a
/// battlefield generated from the seed, the deck shuffled with it.
warfare::GameSetup warfare_setup(const TournamentGame& g) {
  static const auto rules = warfare::builtin_ruleset("autokill");
  warfare::GameSetup setup;
  setup.seed = g.seed;
  setup.field = warfare::generate_battlefield(setup.options.board, g.seed);
  Rng pick(g.seed ^ 0xA5A5A5A5ULL);
  const auto samples = warfare::sample_armies("autokill");
  if (samples.empty()) throw BadInput("no sample armies found under " + data_path("armies"));
  for (int p = 0; p < 2; ++p) {
    std::string name;
    if (g.armies.empty())
      name = samples[pick.below(static_cast<std::uint32_t>(samples.size()))];
    else
      name = g.armies[g.armies.size() == 1 ? 0 : static_cast<std::size_t>(p)];
    setup.armies[p] = warfare::find_army(name, *rules);
  }
  return setup;
}

TournamentResult play_warfare(const TournamentGame& g,
                              std::array<std::unique_ptr<Agent>, 2>& agents) {
  TournamentResult r;
  warfare::GameRecord record;
  record.program_version = program_version();
  record.setup = warfare_setup(g);
  record.players = g.players;
  auto state = warfare::new_game(record.setup);
  for (int p = 0; p < 2; ++p) r.armies[p] = record.setup.armies[p].name;
  while (!state->is_over()) {
    const int p = state->to_act();
    std::string text;
    if (state->phase() == warfare::Phase::kDeploy) {
      // Both sides deploy automatically (from the deal's seed), as the computer does in play.
      text = warfare::auto_deployment(*state, g.seed * 31 + static_cast<std::uint64_t>(p));
      state->apply_text(text);
      record.deployments[p - 1] = text;
    } else {
      const Action a = agents[p - 1]->choose(*state->view(p));
      if (g.keep_record) text = state->action_text(a);
      state->apply(a);
    }
    ++r.actions;
    if (g.keep_record) record.actions.push_back({p, text});
  }
  r.winner = state->winner();
  r.turns = state->turn();
  if (g.keep_record) {
    record.result = warfare::result_of(*state);
    r.record = warfare::record_to_json(record);
  }
  return r;
}

TournamentResult play_generals(const TournamentGame& g,
                               std::array<std::unique_ptr<Agent>, 2>& agents) {
  TournamentResult r;
  generals::GameRecord record;
  record.program_version = program_version();
  record.options.first_player = 1;
  record.seed = g.seed;
  record.players = g.players;
  auto state = generals::new_game(record.options, g.seed);
  while (!state->is_over()) {
    const int p = state->to_act();
    const Action a = agents[p - 1]->choose(*state->view(p));
    if (g.keep_record) record.actions.push_back({p, state->action_text(a)});
    state->apply(a);
    ++r.actions;
  }
  r.winner = state->winner();
  r.turns = state->turn();
  if (g.keep_record) {
    record.result = generals::result_of(dynamic_cast<const generals::GeneralsState&>(*state));
    r.record = generals::record_to_json(record);
  }
  return r;
}

}  // namespace

TournamentResult play_tournament_game(const TournamentGame& g) {
  const auto t0 = std::chrono::steady_clock::now();
  std::array<std::unique_ptr<Agent>, 2> agents;
  for (int p = 0; p < 2; ++p)
    agents[p] = make_agent(
        g.players[p], g.agent_seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(p + 1));
  TournamentResult r = g.game == "generals" ? play_generals(g, agents) : play_warfare(g, agents);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace ancients::cli
