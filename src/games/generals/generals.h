// Ancient Generals, the card game (shared/seeds/002_6c183bd648f27ad5.txt with the rulings of
// shared/rules/ancient-generals.md): the entry points other parts of the program use. New games,
// reading a position, and the random-play speed measurement behind `ancients bench`.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>

#include "core/game.h"
#include "games/generals/state.h"

namespace ancients::generals {

/// A new game with the bundled card data; throws BadInput for bad options or card data.
std::unique_ptr<State> new_game(const Options& options, std::uint64_t seed);
/// Reads a position with the bundled card data; throws BadInput naming what is malformed.
std::unique_ptr<State> from_json(const nlohmann::json& position);

/// What bench() measured: random play, both players uniform over the legal actions.
struct BenchResult {
  int games = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  std::uint64_t signature = 0;     ///< a hash of every final position; changes only with behaviour
  std::uint64_t legal_listed = 0;  ///< legal actions listed, summed over the decisions
};
/// Plays `games` random games (game i from seed + i, the agents from `seed`) on this thread,
/// with `options`.
BenchResult bench(int games, std::uint64_t seed, const Options& options = {});

}  // namespace ancients::generals
