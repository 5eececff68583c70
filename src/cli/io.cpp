// JSON input and atomic file output for the subcommands (see io.h).
#include "cli/io.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/command.h"
#include "core/errors.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "core/text_file.h"

namespace ancients::cli {

nlohmann::json read_json(const std::string& path) {
  std::string text;
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    text = ss.str();
  } else {
    try {
      text = read_text_file(path);  // a folder, a missing file and an unreadable one told apart
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
  }
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    throw ExitError{2, fmt::format("{}: is empty (expected JSON)", path)};
  try {
    return parse_json_input(text, path);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
}

namespace {

/// What to add to a refusal of `document` as a position when it is a view (`ancients view`, the
/// server's `view`): its hidden parts are counts or nulls, which no position holds.
std::string view_hint(const nlohmann::json& document) {
  if (!document.is_object() || !document.contains("viewer")) return "";
  const nlohmann::json& viewer = document["viewer"];
  const std::string whose = viewer.is_number_integer() && viewer.get<long long>() > 0
                                ? fmt::format("player {}'s view", viewer.get<long long>())
                                : std::string("a spectator's view");
  return " (this is " + whose +
         ", with hidden parts left out: `legal`, `apply` and `view` read the whole position)";
}

}  // namespace

std::unique_ptr<State> read_position(const std::string& path) {
  const nlohmann::json document = read_json(path);
  try {
    return state_from_json(document);
  } catch (const BadInput& e) {
    throw ExitError{2, path + ": " + e.what() + view_hint(document)};
  }
}

void check_player_of(const State& state, int player, std::string_view flag) {
  if (player > state.player_count())
    throw ExitError{2, fmt::format("{} {}: the position has {} players (0: a spectator)", flag,
                                   player, state.player_count())};
}

void refuse_overwrite(const std::string& path, bool force) {
  std::error_code ec;
  if (!force && std::filesystem::exists(path, ec))
    throw ExitError{1, path + " exists; choose another --out or add --force"};
}

void write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw ExitError{1, fmt::format("{}: cannot write", tmp)};
    out << text;
    out.flush();
    if (!out) throw ExitError{1, fmt::format("{}: write failed", tmp)};
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw ExitError{1, fmt::format("{}: cannot rename to {}", tmp, path)};
}

void print_now(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

}  // namespace ancients::cli
