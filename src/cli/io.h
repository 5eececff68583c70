// Small input and output helpers shared by the subcommands: reading JSON files and positions (or
// "-" for stdin) with messages that name the file, writing files atomically so no data is lost on a
// crash, and printing a screen at once.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/game.h"

namespace ancients::cli {

/// Reads a JSON document; throws ExitError{2} naming the file and the parse error.
nlohmann::json read_json(const std::string& path);
/// Reads a position of any registered game; throws ExitError{2} naming the file and what is
/// wrong (`legal`, `apply`, `view`).
std::unique_ptr<State> read_position(const std::string& path);
/// Refuses (ExitError{2}, naming `flag`) a viewer the position does not have; 0, a spectator,
/// is every position's.
void check_player_of(const State& state, int player, std::string_view flag);
/// Refuses (ExitError{1}) to write an --out file over one already there unless `force`: a
/// file perhaps edited by hand is not lost.
void refuse_overwrite(const std::string& path, bool force);
/// Writes text to path through a temporary file and a rename; throws ExitError{1}.
void write_file_atomic(const std::string& path, const std::string& text);
/// Writes text to standard output and flushes it (a replay's screens, shown as they are stepped).
void print_now(const std::string& text);

}  // namespace ancients::cli
