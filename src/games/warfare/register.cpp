// Registration of Ancient Warfare (see register.h): its descriptor (descriptor.h) and its
// evaluation for the search.
#include "games/warfare/register.h"

#include "core/evaluation.h"
#include "core/registry.h"
#include "games/warfare/descriptor.h"
#include "games/warfare/evaluation.h"

namespace ancients::warfare {
void register_game() {
  ancients::register_game(descriptor());
  register_evaluation("ancient-warfare", &evaluate_state);
}
}  // namespace ancients::warfare
