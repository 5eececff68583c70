// `ancients replay` for Ancient Generals records: re-plays and verifies a record (every action
// legal and made by the player to act, the recorded result reached), optionally showing the
// table after every action (waiting for Enter at a terminal) or at the end. cmd_replay.cpp
// comes here for a record whose game has the "cards" layout.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "cli/terminal_style.h"

namespace ancients::cli {

/// Replays and verifies; throws ExitError{2} for a malformed record, {3} when verification
/// fails. Prints "verified: N actions, result: ..." on success.
void replay_generals(const nlohmann::json& record, const std::string& path, bool step,
                     bool show_final, const Style& style);

}  // namespace ancients::cli
