// The parts of a game record that every game writes and reads the same way: the envelope
// ("format": "ancients-record", "version", "game"), the actions with their players, the
// winner, and strict field access that names the record and the field in every message.
// Each game's record.{h,cpp} adds its own set-up (armies, options, seed) and result fields.
// No file I/O here.
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ancients {

/// The "format" of every game record.
inline constexpr const char* kRecordFormat = "ancients-record";

/// One action of a record: who made it and its text (the notation, or the game's documented
/// extensions of it).
struct RecordedAction {
  int player = 1;
  std::string action;

  friend bool operator==(const RecordedAction&, const RecordedAction&) = default;
};

/// Strict access to one JSON object: unknown keys, missing keys and values of the wrong type
/// or range throw BadInput naming the location ("game.json.result: ...").
class JsonFields {
 public:
  JsonFields(const nlohmann::json& j, std::string where);

  [[noreturn]] void fail(const std::string& what) const;
  /// Refuses any key not in `keys`.
  void only(std::initializer_list<const char*> keys) const;
  void only(const std::vector<std::string>& keys) const;
  const nlohmann::json& get(const char* key) const;
  bool has(const char* key) const { return j_.contains(key); }
  std::string string(const char* key) const;
  int integer(const char* key, int lo, int hi) const;
  /// A nested object of the same strictness; `key` extends the location.
  JsonFields sub(const char* key) const;
  const std::string& where() const { return where_; }

 private:
  const nlohmann::json& j_;
  std::string where_;
};

/// Refuses a JSON object without a "format" as not a game record, saying that a position (which
/// has none) is read by other commands: before the strict check of the keys, which would name
/// the position's first key as unknown.
void check_is_record(const JsonFields& record);

/// The first fields of every record: "format", "version", "program_version" and "game".
nlohmann::ordered_json record_envelope(int version, const std::string& game,
                                       const std::string& program_version);

/// Checks "format", "version" (must be `version`) and "game" (must be `game`).
void check_record_envelope(const JsonFields& record, int version, const char* game);

/// The winner as records write it: 1, 2, "draw", or null for an unfinished game.
nlohmann::ordered_json winner_to_json(int winner);
int winner_from_json(const nlohmann::json& v, const JsonFields& at);
/// "player 1 wins", "draw" or "unfinished".
std::string winner_text(int winner);

/// The "date" records carry: now, in UTC, ISO 8601 ("2026-11-21T10:15:00Z").
std::string record_date_now();

nlohmann::ordered_json actions_to_json(const std::vector<RecordedAction>& actions);
/// Reads the "actions" list: objects {"player": 1|2, "action": non-empty text}.
/// `players`: the game's number of players (the highest player number an action may name).
std::vector<RecordedAction> actions_from_json(const nlohmann::json& v, const std::string& where,
                                              int players = 2);

}  // namespace ancients
