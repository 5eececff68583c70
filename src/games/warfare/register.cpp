// Registration of Ancient Warfare (see register.h).
#include "games/warfare/register.h"

#include "core/evaluation.h"
#include "core/registry.h"
#include "games/warfare/evaluation.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
void register_game() {
  ancients::register_game(GameInfo{
      "ancient-warfare", "warfare", "Ancient Warfare (board and cards on a chessboard)",
      [](const nlohmann::json& j) -> std::unique_ptr<State> { return warfare_from_json(j); }});
  register_evaluation("ancient-warfare", &evaluate_state);
}
}  // namespace ancients::warfare
