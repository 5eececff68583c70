// Ancient Generals' descriptor: the option schema (turn limit, who moves first) and the factory
// (see core/game_descriptor.h).
#pragma once

#include "core/game_descriptor.h"

namespace ancients::generals {

/// The whole descriptor, as registered.
GameDescriptor descriptor();

}  // namespace ancients::generals
