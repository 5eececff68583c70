// Registers Ancient Generals with the game registry (picked up by games/register_games.cpp).
#pragma once

namespace ancients::generals {
void register_game();
}
