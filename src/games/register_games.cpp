// Registers every game present in this build (see register_games.h).
#include "games/register_games.h"

#include "games/warfare/register.h"
#if __has_include("games/generals/register.h")
#include "games/generals/register.h"
#define ANCIENTS_HAVE_GENERALS 1
#endif

namespace ancients {
void register_builtin_games() {
  warfare::register_game();
#ifdef ANCIENTS_HAVE_GENERALS
  generals::register_game();
#endif
}
}  // namespace ancients
