// Small input and output helpers shared by the subcommands: reading JSON files (or "-" for
// stdin) with messages that name the file, writing files atomically so no data is lost on a
// crash, and printing a screen at once.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ancients::cli {

/// Reads a JSON document; throws ExitError{2} naming the file and the parse error.
nlohmann::json read_json(const std::string& path);
/// Writes text to path through a temporary file and a rename; throws ExitError{1}.
void write_file_atomic(const std::string& path, const std::string& text);
/// Writes text to standard output and flushes it (a replay's screens, shown as they are stepped).
void print_now(const std::string& text);

}  // namespace ancients::cli
