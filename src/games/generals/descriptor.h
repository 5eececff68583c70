// Ancient Generals' descriptor: the option schema (turn limit, who moves first) and the factory
// (see core/game_descriptor.h).
#pragma once

#include <nlohmann/json.hpp>

#include "core/game_descriptor.h"
#include "games/generals/state.h"

namespace ancients::generals {

/// The options of a resolved option object (every key of the schema present).
Options options_from_json(const nlohmann::json& options);

/// The whole descriptor, as registered.
GameDescriptor descriptor();

}  // namespace ancients::generals
