// Ancient Generals' entry in the registry of games (its descriptor, descriptor.h, and its
// evaluation for the search), and the library's entry points.
#include "games/generals/register.h"

#include "core/errors.h"
#include "core/evaluation.h"
#include "core/registry.h"
#include "games/generals/descriptor.h"
#include "games/generals/evaluation.h"
#include "games/generals/generals.h"
#include "games/generals/position.h"

namespace ancients::generals {

std::unique_ptr<State> new_game(const Options& options, std::uint64_t seed) {
  return std::make_unique<GeneralsState>(GeneralsState::new_game(standard_cards(), options, seed));
}

std::unique_ptr<State> from_json(const nlohmann::json& position) {
  auto s =
      std::make_unique<GeneralsState>(GeneralsState::from_position(position, standard_cards()));
  if (const std::string problem = unreachable_position_problem(*s); !problem.empty())
    throw BadInput("position: " + problem);
  return s;
}

void register_game() {
  ancients::register_game(descriptor());
  register_evaluation("ancient-generals", &evaluate_state, search_hints());
}

}  // namespace ancients::generals
