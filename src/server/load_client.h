// The load tool behind `ancients load`: many concurrent games between bots against a running
// `ancients serve`, over the same HTTP and WebSocket protocol as the browser (docs/server.md),
// reporting the round trip of actions (sent -> the acting seat's next state message). Every game
// is "vs friend": two sockets, each playing a random offered action when it is to act, at once
// (closed loop) or after a pause like a person's. It does what web/load/load.mjs does, with a
// fraction of Node's CPU per action, so that on a small machine the server, not the tool, is what
// is measured.
#pragma once

#include <cstdint>
#include <string>

namespace ancients::server {

struct LoadConfig {
  std::string url = "http://127.0.0.1:8080";  ///< the server: http://HOST[:PORT]
  int games = 500;                            ///< games played at once
  double seconds = 30;                        ///< how long bots start new actions (measured)
  /// Seconds played before the measured `seconds` begin, not counted in the report: every
  /// game is created and seated at once at the start, a burst no steady load has.
  double warmup = 0;
  double think_ms = 0;           ///< each bot waits think_ms x 0.5..1.5 before acting; 0: at once
  bool compact = true;           ///< ask for compact state messages (group advances as groups)
  std::string game = "warfare";  ///< the game played (any the server serves)
  std::string options = "{}";    ///< the create request's "options" (JSON object text)
  std::uint64_t seed = 0;        ///< the bots' random choices (0: from the system)
  /// A file to write one JSON line per measured round trip to: {"at_ms" (when the action was
  /// sent, after the warm-up), "rtt_ms", "reply_bytes" (the state message that answered it),
  /// "act" (the act message)}. Empty: none.
  std::string trace;
};

/// Runs the load and returns its report, one JSON line with the fields of load.mjs's:
/// concurrent_games, sockets_opened, seconds, warmup_seconds, actions, actions_per_second,
/// games_finished, games_in_play (how many games were in play on average: the others were being
/// created or seated), errors, first_error (when any), compact, messages, kib_per_message,
/// biggest_kib, rtt_ms {p50, p90, p99, max}; all but sockets_opened, messages and sizes count the
/// measured seconds only (after the warm-up; the round trips of actions sent after it). Throws
/// std::runtime_error for a URL it cannot use, options that are not a JSON object or a trace
/// file it cannot write.
std::string run_load(const LoadConfig& config);

}  // namespace ancients::server
