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

/// Player 1 in `phase` ("battle" or "move"): its Cavalry on e5 cannot auto-kill player 2's
/// General on e6, but the Attack card in hand destroys it, and player 2 holds no card to defend
/// with. From the move phase, moving the Cavalry away with the Trod card would lose the chance.
inline std::unique_ptr<ancients::State> attack_card_on_the_general(const char* phase) {
  return wtest::Pos()
      .unit("a1", 1, "general")
      .unit("h1", 1, "camp")
      .unit("e5", 1, "cavalry")
      .unit("b2", 1, "blades")
      .unit("e6", 2, "general")
      .unit("h8", 2, "camp")
      .unit("a7", 2, "spears")
      .unit("g7", 2, "bows")
      .phase(phase)
      .hand(1, {"trod", "attack", "push"})
      .deck({"trod", "march", "attack", "push", "rally", "elite"})
      .state();
}

}  // namespace agents_test
