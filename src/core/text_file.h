// Reading a whole file that a user named (a scenario, an army, a data file): the one place that
// tells a folder, a missing file and an unreadable one apart, so that every reader's message
// names what is wrong instead of failing later on empty text.
#pragma once

#include <string>

namespace ancients {

/// The whole content of the file at `path`. Throws BadInput "PATH: is a folder, not a file",
/// "PATH: no such file" or "PATH: cannot open the file".
std::string read_text_file(const std::string& path);

}  // namespace ancients
