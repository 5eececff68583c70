// The search part of `ancients bench`: ISMCTS (agents/ismcts.h) on a fixed set of positions,
// one thread, a fixed iteration budget and seed. Reports iterations per second and a node-count
// signature (a hash of every search's tree size, chosen action and its visits) that changes
// only when the rules, the evaluation or the search change, like Stockfish's bench node count.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace ancients::cli {

struct SearchBench {
  std::string game;
  int positions = 0;
  std::uint64_t budget = 0;  ///< iterations per position
  /// Greedy-guided actions played after the tree in each iteration (IsmctsConfig::guided_rollout,
  /// as the game's evaluation hints ask where not chosen).
  int guided_rollout = 0;
  std::uint64_t iterations = 0;
  std::uint64_t nodes = 0;
  double seconds = 0;      ///< wall clock
  double cpu_seconds = 0;  ///< this thread's CPU time
  std::uint64_t signature = 0;
};

/// Searches `positions` positions of `game` (a registered game's name), reached by random play
/// from deals of `seed`, with `budget` iterations each and `guided_rollout` greedy-guided
/// rollout actions (-1: as many as the game's evaluation hints ask for, the agents' default).
/// Throws BadInput for an unknown game.
SearchBench bench_search(const std::string& game, int positions, std::uint64_t budget,
                         std::uint64_t seed, int guided_rollout = -1);

nlohmann::json search_bench_json(const SearchBench& b);
/// The report lines of the text output.
std::string search_bench_text(const SearchBench& b);

}  // namespace ancients::cli
