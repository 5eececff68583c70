// The rules books over HTTP: POST /api/rules {game, options} answers the game's rules book for
// those options (core/registry.h rules_book: every unit, card and terrain kind explained from
// the rules data), the explanations the page shows where the player points. The body is read
// with the shared strict JSON reader; options are checked by the game's schema (no files);
// any problem is a 400 reply naming it.
#pragma once

#include <string>

#include "server/hub.h"

namespace ancients::server {

/// Handles POST /api/rules.
HttpAnswer rules_api(const std::string& body);

}  // namespace ancients::server
