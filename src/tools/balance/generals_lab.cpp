// The Ancient Generals balance lab's plan and games (see generals_lab.h).
#include "tools/balance/generals_lab.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "agents/agent.h"
#include "core/errors.h"
#include "games/generals/register.h"

namespace ancients::balance {

Plan make_generals_plan(const GeneralsConfig& c) {
  // The agents that score positions find the game's evaluation in the registry: a program
  // that has not registered the game (a test, a tool linking the library) gets it here.
  generals::register_game();
  if (c.games < 1) throw BadInput("--games: at least 1 game per cell");
  if (!c.cards || c.cards->cards.empty()) throw BadInput("the lab needs card data");
  Plan plan;
  const int pairs = (c.games + 1) / 2;
  const auto add = [&](Cell cell) {
    cell.experiment = "cards";
    cell.pairs = pairs;
    cell.first_game = plan.games;
    plan.games += 2 * static_cast<std::size_t>(pairs);
    plan.cells.push_back(std::move(cell));
  };
  Cell control;
  control.subject = kControlSubject;
  control.label = "control (the dealt card kept)";
  control.control = true;
  add(std::move(control));
  for (const auto& name : c.only)
    if (c.cards->find(name) < 0)
      throw BadInput(
          fmt::format("--cards: \"{}\" is no card of {} (`ancients rules generals` "
                      "lists them)",
                      name, c.cards->source.empty() ? c.cards->title : c.cards->source));
  for (std::size_t k = 0; k < c.cards->cards.size(); ++k) {
    if (!c.only.empty() &&
        std::find(c.only.begin(), c.only.end(), c.cards->cards[k].name) == c.only.end())
      continue;
    Cell cell;
    cell.subject = c.cards->cards[k].name;
    cell.label = "+" + cell.subject;
    cell.extra_card = static_cast<int>(k);
    add(std::move(cell));
  }
  return plan;
}

GameOutcome play_generals_game(const GeneralsConfig& c, const Plan& plan, std::size_t index) {
  const Cell& cell = cell_of(plan, index);
  const std::size_t local = index - cell.first_game;
  GameOutcome out;
  out.tested_seat = local % 2 == 0 ? 1 : 2;
  // The deal of the pairing: the same in every cell, so that cells differ by their card only.
  const std::uint64_t seed =
      mix_seed(c.seed * 1000003ULL + static_cast<std::uint64_t>(local / 2)) % 1000000000000ULL + 1;
  generals::GeneralsState state = generals::GeneralsState::new_game(*c.cards, c.options, seed);
  if (cell.extra_card >= 0) {
    const int deck = state.data().players[out.tested_seat - 1].deck_size;
    if (deck > 0) {
      const auto slot =
          static_cast<int>(mix_seed(seed ^ static_cast<std::uint64_t>(out.tested_seat)) %
                           static_cast<unsigned>(deck));
      state.replace_deck_card(out.tested_seat, slot, static_cast<std::uint8_t>(cell.extra_card));
    }
  }
  std::array<std::unique_ptr<Agent>, 2> agents;
  for (int p = 0; p < 2; ++p)
    agents[p] =
        make_agent(c.agent, mix_seed(seed ^ (static_cast<std::uint64_t>(out.tested_seat) << 8) ^
                                     static_cast<std::uint64_t>(p + 1)));
  while (!state.is_over()) {
    const int p = state.to_act();
    state.apply(agents[p - 1]->choose(*state.view(p)));
  }
  out.winner = state.winner();
  out.turns = state.turn();
  return out;
}

}  // namespace ancients::balance
