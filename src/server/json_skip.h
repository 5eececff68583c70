// Stepping over JSON values without reading them, for the load tool's bots (load_client.cpp):
// where a value that starts at a given byte ends, following only strings and nesting. The
// server writes its state messages without spaces, so a bot finds the few fields it needs by
// stepping over the rest (the view, the offered actions' descriptions, the log: most of the
// bytes). Objects and arrays are scanned sixteen bytes at a time where SSE2 is there (every
// x86-64): only quotes, backslashes and brackets stop the scan. end_of_value_bytewise reads the
// same byte by byte; the tests hold the two to the same answers.
#pragma once

#include <cstddef>
#include <string_view>

namespace ancients::server {

/// The end of the JSON value starting at m[at] (one past it), or npos when the text ends first
/// or no value starts there. Numbers and literals end at the next comma or closing bracket.
std::size_t end_of_value(std::string_view m, std::size_t at);

/// The same, a byte at a time.
std::size_t end_of_value_bytewise(std::string_view m, std::size_t at);

}  // namespace ancients::server
