// The DBA club tools over HTTP, for the browser's DBA page: the troop types and calculator
// items, the combat odds, the terrain generator and the DBA army-list conversion. Inputs are
// hostile: bodies are read with the shared strict JSON reader, every field is checked, and any
// problem is a 400 reply naming it. The work is done by src/tools/dba (no game state involved).
#pragma once

#include <string>

#include "server/hub.h"

namespace ancients::server {

/// Handles /api/dba/<rest>: GET troops; POST odds, terrain, army. 404 for anything else.
HttpAnswer dba_api(const std::string& rest, const std::string& method, const std::string& body);

}  // namespace ancients::server
