// Plays a share of a balance plan's games on several threads (see experiment.h). Each game
// writes only its own slot, so the outcomes do not depend on the thread count or the order.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "tools/balance/experiment.h"

namespace ancients::balance {

/// One game of a plan by its index (play_game, play_generals_game).
using PlayOne = std::function<GameOutcome(std::size_t index)>;

/// Plays the games `indices` with `play` on `threads` threads into outcomes[index] (outcomes
/// has a slot for every index). Calls `progress(done)` on the calling thread about five
/// times a second while they play, when given. Rethrows the first error of a game once every
/// thread has stopped.
void play_games(const PlayOne& play, const std::vector<std::size_t>& indices, int threads,
                std::vector<GameOutcome>& outcomes,
                const std::function<void(std::size_t done)>& progress = {});

/// Every one of `games` games played with `play` on `threads` threads, in index order.
std::vector<GameOutcome> play_all_games(const PlayOne& play, std::size_t games, int threads);

/// Plays the games `indices` of the plan on `threads` threads into outcomes[index] (outcomes
/// has plan.games slots). Calls `progress(done)` on the calling thread about five times a
/// second while they play, when given. Rethrows the first error of a game once every thread
/// has stopped.
void play_games(const Config& config, const Plan& plan, const std::vector<std::size_t>& indices,
                int threads, std::vector<GameOutcome>& outcomes,
                const std::function<void(std::size_t done)>& progress = {});

}  // namespace ancients::balance
