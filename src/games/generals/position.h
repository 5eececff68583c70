// Writing an Ancient Generals position as JSON, for the true state or for one player's view
// (hidden cards as null). Internal to the game library; see position.cpp for the format.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>

#include "games/generals/state.h"

namespace ancients::generals {

/// A card a player cannot see, in the masked state a view holds (never in a true state).
inline constexpr std::uint8_t kUnknownCard = 0xFE;

/// The position JSON. viewer 0: the true state. viewer 1 or 2: `state` is that player's masked
/// state (see view.cpp) and `unseen` the cards hidden from him; hidden cards are written null.
nlohmann::json write_position(const GeneralsState& state, int viewer,
                              const std::array<std::uint8_t, kMaxKinds>* unseen);

}  // namespace ancients::generals
