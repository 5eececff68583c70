// Ancient Warfare games with the DBA-style set-up on the 12x12 board, still in their set-up:
// Gauls (the attacker) against Marian Romans in the autokill edition, the edition's sample
// armies in another; on a generated battlefield, or with the defender placing it (the map
// "defender"). For the tests of the deployment, the swap step and the defender's battlefield.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "games/warfare/setup.h"
#include "warfare/position_builder.h"

namespace wtest {

inline std::unique_ptr<ancients::warfare::WarfareState> dba_game(
    std::uint64_t seed, bool defender_battlefield, const std::string& edition = "autokill") {
  namespace w = ancients::warfare;
  ensure_registered();
  w::Options o;
  o.board = 12;
  o.dba_setup = true;
  auto rules = w::ruleset_for(edition, o);
  w::GameSetup setup;
  setup.edition = edition;
  setup.options = o;
  setup.armies[0] =
      w::find_army(edition == "autokill" ? "gauls" : w::sample_armies(edition)[0], *rules);
  setup.armies[1] =
      w::find_army(edition == "autokill" ? "marian-romans" : w::sample_armies(edition)[1], *rules);
  if (defender_battlefield) {
    setup.field.board = 12;
    setup.defender_battlefield = true;
  } else {
    setup.field = w::generate_battlefield(o.board, seed, o.house_terrain);
  }
  setup.seed = seed;
  return w::new_game(setup);
}

}  // namespace wtest
