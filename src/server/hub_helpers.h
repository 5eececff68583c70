// Small helpers shared by the hub's source files (hub.cpp, hub_table.cpp, hub_campaign.cpp):
// an HTTP error answer, the steady clock in seconds, a line in the server's log, the longest
// seat name, whole numbers read from requests without wrapping, and the server's cap on a
// game's turns.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/utf8.h"
#include "server/hub.h"

namespace ancients::server::hub_detail {

/// {"error": message} with an HTTP status.
inline HttpAnswer error_answer(int status, const std::string& message) {
  return {status, safe_dump(nlohmann::json{{"error", message}})};
}

/// The steady clock, in seconds (rate limits, presence, turn clocks).
inline double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// One line on the server's standard error.
inline void log_line(const std::string& text) {
  std::fprintf(stderr, "ancients serve: %s\n", text.c_str());
}

/// The longest player name the hub takes (characters): a seat's name is in every state
/// message, summary and lobby entry of its game (the games bound their own names too: an
/// uploaded army's name, games/warfare/setup.h).
inline constexpr std::size_t kMaxSeatNameChars = 80;

/// A whole number of a request in [lo, hi], or nothing (missing, not a whole number, or out of
/// range). Read as a 64-bit number first: get<int>() would wrap 4294967298 to 2 and take it
/// for another, valid value (security review F-10).
inline std::optional<int> int_in(const nlohmann::json& value, int lo, int hi) {
  if (!value.is_number_integer()) return std::nullopt;
  if (value.is_number_unsigned()) {  // above the signed range: too big for any field
    const auto v = value.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(std::max(hi, 0))) return std::nullopt;
  }
  const auto v = value.get<std::int64_t>();
  if (v < lo || v > hi) return std::nullopt;
  return static_cast<int>(v);
}

/// The same for a key of an object (missing: nothing).
inline std::optional<int> int_at(const nlohmann::json& object, const char* key, int lo, int hi) {
  if (!object.is_object() || !object.contains(key)) return std::nullopt;
  return int_in(object[key], lo, hi);
}

/// A listed game's options as the lobby shows them: an uploaded army or map (an object) by its
/// name alone, cut short, never the whole object; other values (numbers, flags, bundled names)
/// as they are. The lobby needs no more, and an upload may be up to the body limit.
inline nlohmann::json lobby_options(const nlohmann::json& options) {
  if (!options.is_object()) return nlohmann::json::object();
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : options.items()) {
    if (value.is_object() || value.is_array()) {
      const auto name = value.is_object() ? value.find("name") : value.end();
      out[key] = {{"name", name != value.end() && name->is_string()
                               ? utf8_prefix(name->get<std::string>(), kMaxSeatNameChars)
                               : ""}};
    } else if (value.is_string()) {
      out[key] = utf8_prefix(value.get<std::string>(), kMaxSeatNameChars);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/// The `stale` error's words for a message whose version is not the game's: behind it (the
/// game has moved on) or ahead of it (no such version yet).
inline std::string stale_text(const nlohmann::json& version, std::uint64_t game_version) {
  if (version.get<std::uint64_t>() > game_version)
    return "version " + version.dump() + " is ahead of the game (" + std::to_string(game_version) +
           (game_version == 1 ? " action" : " actions") + " so far); here is where it stands";
  return "the game has moved on; here is where it stands";
}

/// Why a game built for a request is longer than the server plays (HubLimits::max_turn_limit),
/// or empty: its resolved options' `turn_limit` (defaults included) above the cap.
inline std::string too_many_turns(const BuiltGame& built, int max_turn_limit) {
  if (max_turn_limit <= 0 || !built.setup.contains("options")) return "";
  const auto& options = built.setup["options"];
  const auto it = options.find("turn_limit");
  if (it == options.end() || !it->is_number_integer() || it->get<std::int64_t>() <= max_turn_limit)
    return "";
  return "\"turn_limit\": this server plays games of at most " + std::to_string(max_turn_limit) +
         " turns";
}

}  // namespace ancients::server::hub_detail
