// Ancient Generals' rules book (explain.cpp): every card explained in words from the card data.
#pragma once

#include <nlohmann/json.hpp>

#include "games/generals/cards.h"

namespace ancients::generals {

/// The rules book of a card set (the shape of core/game_descriptor.h's rules_book).
nlohmann::json rules_book(const Cards& cards);

}  // namespace ancients::generals
