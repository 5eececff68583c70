// Replaying the record of a game without a drawing of its own (layout "generic") in the
// terminal: verified through the core (core/generic_record.h), each position shown as its
// fields (terminal_view.h).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "cli/terminal_style.h"

namespace ancients::cli {

/// `ancients replay` of such a record `j` (read from `path`): verifies it (ExitError 2 for a
/// malformed record, 3 when the actions do not verify); `step` shows the whole position after
/// each action (waiting for Enter at a terminal), `show_final` the last one.
void replay_generic(const nlohmann::json& j, const std::string& path, bool step, bool show_final,
                    const Style& style);

}  // namespace ancients::cli
