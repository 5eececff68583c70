// Small helpers shared by the hub's source files (hub.cpp, hub_table.cpp, hub_campaign.cpp):
// an HTTP error answer, the steady clock in seconds, and a line in the server's log.
#pragma once

#include <chrono>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

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

}  // namespace ancients::server::hub_detail
