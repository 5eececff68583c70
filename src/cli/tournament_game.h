// One game of a tournament (`ancients tournament`): builds the deal of a seed through the
// game's factory (core/registry.h: any registered game, from its options; Ancient Warfare by
// default draws the armies and generates the battlefield from the seed), takes the game's
// automatic set-up actions (Warfare's deployments), lets two agents play it from their views
// only, and returns the result (with each side's decisions and the time they took), with the
// game record when asked for and the game writes one.
// Pure function of its arguments, so tournaments are reproducible whatever the thread count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ancients::cli {

/// What one game needs: the game and its options, the deal's seed, which agent spec sits in
/// each seat.
struct TournamentGame {
  std::string game = "warfare";                       ///< a registered game's name
  nlohmann::json options = nlohmann::json::object();  ///< option values (the schema checks)
  std::uint64_t seed = 1;        ///< the deal (shared by the two games of a pairing)
  std::uint64_t agent_seed = 1;  ///< the agents' streams
  /// Agent specs of side 1 and side 2 (players 1 and 2; in a multiplayer battle every
  /// player of the side).
  std::array<std::string, 2> players;
  bool keep_record = false;
};

struct TournamentResult {
  int winner = -1;  ///< 1, 2, 0 (draw)
  int turns = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  /// Each side's agent decisions (its choose() calls; the automatic set-up actions are not
  /// decisions) and the wall-clock seconds they took, by side (1, 2).
  std::array<std::uint64_t, 2> decisions{};
  std::array<double, 2> think_seconds{};
  std::array<std::string, 2> armies;  ///< each player's side name (Warfare: its army), or ""
  /// The game record when asked for and the game writes records.
  std::optional<nlohmann::ordered_json> record;
};

/// Plays one game. Throws BadInput for an unknown game, bad options or an unknown agent.
TournamentResult play_tournament_game(const TournamentGame& game);

}  // namespace ancients::cli
