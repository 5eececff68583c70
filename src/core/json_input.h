// Parsing JSON that comes from outside (files, the command line, the network) safely.
// nlohmann::json copies and prints values recursively, so a document nested thousands of
// levels deep could overflow the stack long after parsing; every input's nesting depth is
// therefore checked while it is parsed, and too deep a document is refused with a clear message
// naming where it came from; so is a key given twice in one object, which the DOM would keep
// only the last of.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace ancients {

/// Deepest nesting of arrays and objects that any input format of the project accepts.
/// Positions, records, armies and maps need fewer than ten levels.
inline constexpr int kMaxJsonDepth = 64;

/// Parses `text`; throws BadInput naming `where` if it is not valid JSON, nests deeper than
/// kMaxJsonDepth, or gives a key twice in one object (naming the key and where it lies:
/// `map.json: terrain: "d9" is given twice`).
nlohmann::json parse_json_input(std::string_view text, const std::string& where);

/// Reads the whole file at `path` and parses it as parse_json_input does; throws BadInput if
/// it is a folder or cannot be opened (core/text_file.h).
nlohmann::json read_json_input_file(const std::string& path);

}  // namespace ancients
