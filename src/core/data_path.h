// Where the bundled data files (rules tables, armies, maps) live: $ANCIENTS_DATA if set,
// else the source tree's data/ folder recorded at build time.
#pragma once

#include <string>

namespace ancients {

/// The data folder, without a trailing slash.
std::string data_dir();
/// data_dir() + "/" + relative.
std::string data_path(const std::string& relative);
/// The program's version ("0.1.0").
const char* program_version();

}  // namespace ancients
