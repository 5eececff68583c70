// Ancient Generals positions shared by the agent tests, written as patches over the Generals
// tests' base position (tests/generals/helpers.h).
#pragma once

#include <string>
#include <vector>

#include "generals/helpers.h"

namespace agents_test {

/// Player 1 to act in `phase`: the three units in hand (3 + 2 + 1 damage) attacking unblocked
/// take player 2's last five cards at once; player 1's deck holds only tactics to draw.
/// Player 2's hand is `hand2`; `scouted`: player 1 has seen it.
inline ancients::generals::GeneralsState attack_wins_at_once(const char* phase,
                                                             const std::vector<std::string>& hand2,
                                                             bool scouted) {
  using ancients::generals::testing::json;
  json patch{
      {"phase", phase},
      {"players",
       {{"1",
         {{"hand", {"legionaires", "peltasts", "bowmen"}},
          {"deck", {"shields", "shields", "overrun", "overrun", "rally", "rally", "reserve"}}}},
        {"2",
         {{"deck", {"nomads", "auxilia", "nomads", "peltasts", "auxilia"}}, {"hand", hand2}}}}}};
  if (scouted) patch["known"] = json{{"1", {{"hand", hand2}}}};
  return ancients::generals::testing::make(patch);
}

}  // namespace agents_test
