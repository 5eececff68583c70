// One call that registers every game built into this program with the core registry.
#pragma once

namespace ancients {
void register_builtin_games();
}
