// The game-specific parts of the server, one set per game (Ancient Warfare, Ancient Generals):
// building a new game from a create request, rebuilding it from its stored setup, the actions
// offered to a seat, what a spectator may see, which log lines an opponent may read, and the
// downloadable record. Everything else in the server is game-agnostic.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace ancients::server {

/// One action as the server keeps it.
struct LoggedAction {
  int player = 0;
  std::string text;
};

/// A new game: its initial state, the setup to store (everything needed to rebuild the
/// state, seed included) and a short name for each player ("Marian Romans").
struct BuiltGame {
  std::unique_ptr<State> state;
  nlohmann::json setup;
  std::array<std::string, 2> names;
};

/// Builds a new game from the "game", "edition", "options", "armies", "map" and "seed"
/// fields of a create request; throws BadInput naming what is wrong.
BuiltGame build_game(const nlohmann::json& request, std::uint64_t seed);
/// Rebuilds the initial state from a stored setup.
std::unique_ptr<State> state_from_setup(const nlohmann::json& setup);

/// The whole actions offered to the player to act. During Ancient Warfare's deployment, one
/// automatic deployment (any other `deploy` text is accepted too).
std::vector<std::string> offered_actions(const State& state, std::uint64_t seed);
/// The action a computer player makes where agents do not choose (deployment), or "".
std::string scripted_action(const State& state, std::uint64_t seed);

/// What a spectator may see: public information only.
nlohmann::json spectator_view(const State& state);
/// The log line `viewer` (0: spectator) may read for an action of another player.
std::string log_text_for(const State& state, const LoggedAction& action, int viewer);

/// The full game record (Ancient Warfare: the format `ancients replay` reads).
nlohmann::json game_record(const nlohmann::json& setup, const std::array<std::string, 2>& players,
                           const std::vector<LoggedAction>& actions, const State& final_state);

/// The games, sample armies, maps and agents a create request may name.
nlohmann::json catalogue();

}  // namespace ancients::server
