// A second tiny game registered only in the tests ("tiny-muster", layout "generic"): its one
// decision is a set-up too large to list, as Ancient Warfare's deployments are, so that the
// generic terminal loop's way with one (the menu says so and offers the set-up the computer
// would make, from the descriptor's setup_action) is tested on a game drawn by that loop.
//
// Rules: each player in turn musters three of the soldiers 1..12, in order ("muster 12,7,3":
// 1,320 musters, kept face down); when both have mustered, the larger sum wins (equal sums
// draw). A player sees only their own muster until the game is over.
#pragma once

namespace testgame {
/// Registers tiny-muster with the core registry (once).
void register_tiny_muster();
}  // namespace testgame
