// One game of a balance experiment (see experiment.h): the deal of the pairing (battlefield and
// deck from its seed), both sides deployed automatically, both seats played by the agent.
#include <memory>

#include "agents/agent.h"
#include "core/errors.h"
#include "games/warfare/state.h"
#include "tools/balance/experiment.h"

namespace ancients::balance {
namespace {

using warfare::WarfareState;

/// The game of `cell` on deal `seed` with the tested side in `tested_seat`.
std::unique_ptr<WarfareState> build(const Config& c, const Cell& cell, std::uint64_t seed,
                                    int tested_seat) {
  warfare::GameSetup setup;
  setup.edition = c.edition;
  setup.options = cell.options;
  setup.rules = cell.rules;
  setup.seed = seed;
  setup.armies[0] = cell.sides[tested_seat == 1 ? 0 : 1];
  setup.armies[1] = cell.sides[tested_seat == 1 ? 1 : 0];
  setup.field =
      c.map ? *c.map
            : warfare::generate_battlefield(cell.options.board, seed, cell.options.house_terrain);
  auto state = warfare::new_game(setup);
  if (cell.extra_card >= 0) {
    const auto card = static_cast<warfare::CardType>(cell.extra_card);
    state->set_hand_count(tested_seat, card, state->hand_count(tested_seat, card) + 1);
  }
  return state;
}

/// The deal of pairing `pair`: the first of a few seeds whose battlefield fits both sides from
/// both seats (an army that cannot enter rough needs firm deployment squares), with the game
/// of `tested_seat` built on it; seed 0 when none fits.
std::uint64_t deal(const Config& c, const Cell& cell, int pair, int tested_seat,
                   std::unique_ptr<WarfareState>& game) {
  const std::uint64_t first = mix_seed(c.seed * 1000003ULL + static_cast<std::uint64_t>(pair));
  for (std::uint64_t k = 0; k < 8; ++k) {
    const std::uint64_t seed = (k == 0 ? first : mix_seed(first + k)) % 1000000000000ULL + 1;
    try {
      game = build(c, cell, seed, tested_seat);
      build(c, cell, seed, 3 - tested_seat);  // the other game of the pairing fits too
      return seed;
    } catch (const BadInput&) {
      // This battlefield does not fit; try the next seed.
    }
  }
  return 0;
}

}  // namespace

GameOutcome play_game(const Config& c, const Plan& plan, std::size_t index) {
  const Cell& cell = cell_of(plan, index);
  const std::size_t local = index - cell.first_game;
  GameOutcome out;
  out.tested_seat = local % 2 == 0 ? 1 : 2;
  std::unique_ptr<WarfareState> state;
  const std::uint64_t seed = deal(c, cell, static_cast<int>(local / 2), out.tested_seat, state);
  if (seed == 0) return out;
  std::array<std::unique_ptr<Agent>, 2> agents;
  for (int p = 0; p < 2; ++p)
    agents[p] =
        make_agent(c.agent, mix_seed(seed ^ (static_cast<std::uint64_t>(out.tested_seat) << 8) ^
                                     static_cast<std::uint64_t>(p + 1)));
  while (!state->is_over()) {
    const int p = state->to_act();
    if (state->phase() == warfare::Phase::kDeploy && !state->swap_step())
      state->apply_text(
          warfare::auto_deployment(*state, seed * 31 + static_cast<std::uint64_t>(p)));
    else
      state->apply(agents[p - 1]->choose(*state->view(p)));
  }
  out.winner = state->winner();
  out.turns = state->turn();
  return out;
}

}  // namespace ancients::balance
