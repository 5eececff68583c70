// The shared envelope, actions and strict fields of game records (see record_common.h).
#include "core/record_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>

#include "core/errors.h"
#include "core/game.h"

namespace ancients {

using nlohmann::json;

JsonFields::JsonFields(const json& j, std::string where) : j_(j), where_(std::move(where)) {
  if (!j_.is_object()) fail("must be a JSON object");
}

void JsonFields::fail(const std::string& what) const {
  throw BadInput(fmt::format("{}: {}", where_, what));
}

void JsonFields::only(std::initializer_list<const char*> keys) const {
  for (const auto& item : j_.items()) {
    bool ok = false;
    for (const char* k : keys) ok = ok || item.key() == k;
    if (!ok) fail(fmt::format("unknown key \"{}\"", item.key()));
  }
}

void JsonFields::only(const std::vector<std::string>& keys) const {
  for (const auto& item : j_.items())
    if (std::find(keys.begin(), keys.end(), item.key()) == keys.end())
      fail(fmt::format("unknown key \"{}\"", item.key()));
}

const json& JsonFields::get(const char* key) const {
  if (!j_.contains(key)) fail(fmt::format("\"{}\" is missing", key));
  return j_[key];
}

std::string JsonFields::string(const char* key) const {
  const json& v = get(key);
  if (!v.is_string()) fail(fmt::format("\"{}\" must be a string", key));
  return v.get<std::string>();
}

int JsonFields::integer(const char* key, int lo, int hi) const {
  const json& v = get(key);
  if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
    fail(fmt::format("\"{}\" must be an integer from {} to {}", key, lo, hi));
  return v.get<int>();
}

JsonFields JsonFields::sub(const char* key) const {
  return JsonFields(get(key), where_ + "." + key);
}

void check_is_record(const JsonFields& f) {
  if (!f.has("format"))
    f.fail(
        fmt::format("not a game record: it has no \"format\": \"{}\" (a position has none; "
                    "`ancients apply` and `ancients legal` read positions)",
                    kRecordFormat));
}

nlohmann::ordered_json record_envelope(int version, const std::string& game,
                                       const std::string& program_version) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  j["format"] = kRecordFormat;
  j["version"] = version;
  j["program_version"] = program_version;
  j["game"] = game;
  return j;
}

void check_record_envelope(const JsonFields& f, int version, const char* game) {
  if (f.string("format") != kRecordFormat)
    f.fail(fmt::format("\"format\" must be \"{}\"", kRecordFormat));
  if (f.integer("version", 0, 1000000) != version)
    f.fail(fmt::format("\"version\" {} is not supported (this program reads version {})",
                       f.get("version").dump(), version));
  if (f.string("game") != game) f.fail(fmt::format("\"game\" must be \"{}\"", game));
}

nlohmann::ordered_json winner_to_json(int winner) {
  if (winner == kNotOver) return nullptr;
  if (winner == kDraw) return "draw";
  return winner;
}

int winner_from_json(const json& v, const JsonFields& at) {
  if (v.is_null()) return kNotOver;
  if (v == "draw") return kDraw;
  if (v.is_number_integer() && (v == 1 || v == 2)) return v.get<int>();
  at.fail("\"winner\" must be 1, 2, \"draw\" or null");
}

std::string winner_text(int winner) {
  if (winner == kNotOver) return "unfinished";
  if (winner == kDraw) return "draw";
  return fmt::format("player {} wins", winner);
}

std::string record_date_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

nlohmann::ordered_json actions_to_json(const std::vector<RecordedAction>& actions) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& a : actions) out.push_back({{"player", a.player}, {"action", a.action}});
  return out;
}

std::vector<RecordedAction> actions_from_json(const json& v, const std::string& where,
                                              int players) {
  if (!v.is_array()) throw BadInput(where + ": \"actions\" must be a list");
  std::vector<RecordedAction> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const JsonFields a(v[i], fmt::format("{}: actions[{}]", where, i));
    a.only({"player", "action"});
    out.push_back(RecordedAction{a.integer("player", 1, players), a.string("action")});
    if (out.back().action.empty()) a.fail("\"action\" is empty");
  }
  return out;
}

}  // namespace ancients
