// Reading a whole file that a user named, with a message that says why it could not be read.
#include "core/text_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/errors.h"

namespace ancients {

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw BadInput(fmt::format("{}: is a folder, not a file", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (!std::filesystem::exists(path, ec)) throw BadInput(fmt::format("{}: no such file", path));
    throw BadInput(fmt::format("{}: cannot open the file", path));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace ancients
