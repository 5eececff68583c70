// Writing an Ancient Generals position as JSON, for the true state or for one player's view
// (hidden cards as null). Internal to the game library; see position.cpp for the format.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "games/generals/state.h"

namespace ancients::generals {

/// A card a player cannot see, in the masked state a view holds (never in a true state).
inline constexpr std::uint8_t kUnknownCard = 0xFE;

/// The position JSON. viewer 0: the true state. viewer 1 or 2: `state` is that player's masked
/// state (see view.cpp) and `unseen` the cards hidden from him; hidden cards are written null.
nlohmann::json write_position(const GeneralsState& state, int viewer,
                              const std::array<std::uint8_t, kMaxKinds>* unseen);
/// The same through a writer (core/json_writer.h: JsonWriter for text, JsonTreeWriter for a
/// tree); `spectator`: `state` is player 1's masked state, written as a spectator's view.
template <class Writer>
void write_position(Writer& w, const GeneralsState& state, int viewer,
                    const std::array<std::uint8_t, kMaxKinds>* unseen, bool spectator);

/// What makes a read position impossible in a game (more copies of a card than the common deck
/// holds, counting both players' decks, hands, piles and the battle), or empty. Applied by the
/// registry's reader (`ancients legal`/`apply`, docs/protocol.md), not by from_position(), whose
/// callers include rules tests that build positions from a few illustrative cards.
std::string unreachable_position_problem(const GeneralsState& state);

}  // namespace ancients::generals
