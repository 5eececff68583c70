// The registry of games: each game declares itself once (core/game_descriptor.h: names,
// players, option schema, factory, how to read a position), and front ends (`ancients games`,
// `new`, `legal`, `apply`, `tournament`, `bench`, the server) find it here by name or by a
// position's "game" field without including the game's headers.
#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/game_descriptor.h"

namespace ancients {

/// What a game declares about itself (the older name of GameDescriptor).
using GameInfo = GameDescriptor;

/// Registers a game; called once per game at start-up (see register_all_games()).
void register_game(GameInfo info);
/// All registered games, in registration order.
const std::vector<GameInfo>& registered_games();
/// The game with this name or short name, or nullptr.
const GameInfo* find_game(const std::string& name);
/// Reads any registered game's position (by its "game" field); throws BadInput.
std::unique_ptr<State> state_from_json(const nlohmann::json& position);

// --- The factory ---
/// The game with this name or short name; throws BadInput naming the known games.
const GameDescriptor& game_named(const std::string& name);
/// Builds a new game: checks `options` against the game's schema (resolve_options: defaults
/// filled in, unknown or bad values refused naming the option and what is allowed), then calls
/// the game's factory. The result's `options` hold every value used.
NewGame create_game(const std::string& game, const nlohmann::json& options, std::uint64_t seed,
                    const OptionContext& context = {});
/// The game's rules book for these options (checked like create_game's), explained in words
/// from its rules data; throws BadInput for bad options or a game without one.
nlohmann::json rules_book(const std::string& game, const nlohmann::json& options,
                          const OptionContext& context = {});
/// Every registered game's descriptor, as `ancients games --json` prints it.
nlohmann::json games_to_json();

}  // namespace ancients
