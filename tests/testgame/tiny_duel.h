// A tiny game registered only in the tests ("tiny-duel"): it proves that the command line
// (games, new, legal, apply, tournament) serves any game registered with the core registry,
// through its descriptor, option schema and factory, with no line of game-specific code.
//
// Rules: each player holds the cards 1..N (option `cards`). Each round player 1 plays a card
// face down, then player 2 plays one; the higher card wins the round (option `wins`: higher or
// lower), equal cards win nothing. After N rounds the player with more rounds wins. Options:
// `sudden_death` (the first round won wins the game; needs wins=higher) and `open` (player 1's
// card is played face up). The notation is "play K".
#pragma once

namespace testgame {
/// Registers tiny-duel with the core registry (once).
void register_tiny_duel();
}  // namespace testgame
