// Registers Ancient Warfare with the core game registry.
#pragma once

namespace ancients::warfare {
void register_game();
}
