// The registry of games: each game declares its name and how to read a position, once, and
// front ends (`ancients legal`, `ancients apply`, the server) find it here by the position's
// "game" field without including the game's headers.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"

namespace ancients {

/// What a game declares about itself.
struct GameInfo {
  std::string name;         ///< as in positions: "ancient-warfare"
  std::string short_name;   ///< as on the command line: "warfare"
  std::string description;  ///< one line for --help
  /// Reads a position JSON; throws BadInput naming what is malformed.
  std::function<std::unique_ptr<State>(const nlohmann::json&)> from_json;
};

/// Registers a game; called once per game at start-up (see register_all_games()).
void register_game(GameInfo info);
/// All registered games, in registration order.
const std::vector<GameInfo>& registered_games();
/// The game with this name or short name, or nullptr.
const GameInfo* find_game(const std::string& name);
/// Reads any registered game's position (by its "game" field); throws BadInput.
std::unique_ptr<State> state_from_json(const nlohmann::json& position);

}  // namespace ancients
