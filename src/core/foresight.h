// One action ahead, from what a player knows: which of their whole actions end the game with
// their side losing, whatever the hidden parts are (the cards or dice they cannot see), so that
// a front end can warn before such an action, or say that every choice loses. Game-agnostic:
// each action is played in deals of the hidden parts drawn from the player's own view
// (PlayerView::sample), never in the true state. See foresight.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace ancients {

/// For each of `texts` (whole actions of `player`, who is to act in `state`): whether it ends
/// the game with the player's side losing in every one of `deals` deals of what the player
/// cannot see, dealt from their view with `seed` (the same deals for every action). An action
/// whose outcome hangs on the hidden parts shows another outcome in some deal and is not
/// marked; an outcome that hangs on them yet lost in every deal would be (the deals are a
/// sample, as for undo's check; docs/protocol.md says so). All false where `player` is not to
/// act, where the game is over, or where there are more than `limit` texts (the check then
/// costs too much to make at every position: a move phase of Ancient Warfare; 300 cost
/// the server about a tenth more CPU per Warfare action in `ancients load`).
std::vector<bool> lose_at_once(const State& state, int player,
                               const std::vector<std::string>& texts, std::uint64_t seed,
                               int deals = 12, std::size_t limit = 64);

}  // namespace ancients
