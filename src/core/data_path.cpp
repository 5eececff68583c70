// Locating the bundled data folder (see data_path.h).
#include "core/data_path.h"

#include <cstdlib>

namespace ancients {

std::string data_dir() {
  if (const char* env = std::getenv("ANCIENTS_DATA"); env != nullptr && *env != '\0') return env;
  return ANCIENTS_DATA_DIR;
}

std::string data_path(const std::string& relative) {
  return data_dir() + "/" + relative;
}

const char* program_version() {
  return ANCIENTS_VERSION;
}

}  // namespace ancients
