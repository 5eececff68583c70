// One game of a tournament (`ancients tournament`): sets up the deal of a seed for a game
// (Ancient Warfare: the armies and a generated battlefield, both sides deployed automatically;
// Ancient Generals: the dealt deck), lets two agents play it from their views only, and
// returns the result, with the Warfare game record when asked for. Pure function of its
// arguments, so tournaments are reproducible whatever the thread count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ancients::cli {

/// What one game needs: the game, the deal's seed, which agent spec sits in each seat.
struct TournamentGame {
  std::string game = "warfare";        ///< "warfare" or "generals"
  std::vector<std::string> armies;     ///< Warfare: 0 (drawn by seed), 1 (both) or 2 names
  std::uint64_t seed = 1;              ///< the deal (shared by the two games of a pairing)
  std::uint64_t agent_seed = 1;        ///< the agents' streams
  std::array<std::string, 2> players;  ///< agent specs of player 1 and player 2
  bool keep_record = false;
};

struct TournamentResult {
  int winner = -1;  ///< 1, 2, 0 (draw)
  int turns = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  std::array<std::string, 2> armies;  ///< Warfare: each player's army
  /// The game record (Warfare) when asked for; Generals has none yet (see
  /// generals_record() in tournament_game.cpp, the hook for it).
  std::optional<nlohmann::ordered_json> record;
};

/// Plays one game. Throws BadInput for an unknown army or agent.
TournamentResult play_tournament_game(const TournamentGame& game);

}  // namespace ancients::cli
