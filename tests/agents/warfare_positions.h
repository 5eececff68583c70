// Ancient Warfare positions shared by the agent tests, written with the contract's position
// builder (tests/warfare/position_builder.h).
#pragma once

#include <memory>

#include "warfare/position_builder.h"

namespace agents_test {

/// Player 1 to battle: its Knights on d4 can auto-kill the Auxilia on d5, player 2's eighth
/// loss point, which wins at once; ending the turn instead lets player 2's Bows strike first.
inline std::unique_ptr<ancients::State> autokill_wins_now() {
  return wtest::Pos()
      .unit("a1", 1, "general")
      .unit("h1", 1, "camp")
      .unit("d4", 1, "knights")
      .unit("b2", 1, "blades")
      .unit("a8", 2, "general")
      .unit("h8", 2, "camp")
      .unit("d5", 2, "auxilia")
      .unit("g6", 2, "bows")
      .lost(2, 7)
      .hand(1, {"trod", "push"})
      .deck({"trod", "march", "attack", "push", "rally", "elite"})
      .state();
}

}  // namespace agents_test
