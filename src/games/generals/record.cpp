// Game records of Ancient Generals: JSON writing, strict reading and verified re-play (see
// record.h and docs/generals.md).
#include "games/generals/record.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

const char* const kFormat = "ancients-record";
const char* const kGame = "ancient-generals";

nlohmann::ordered_json winner_json(int winner) {
  if (winner == kNotOver) return nullptr;
  if (winner == kDraw) return "draw";
  return winner;
}

/// Strict field access for one JSON object, with messages naming the record and the field.
class Fields {
 public:
  Fields(const json& j, std::string where) : j_(j), where_(std::move(where)) {
    if (!j_.is_object()) fail("must be a JSON object");
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw BadInput(fmt::format("{}: {}", where_, what));
  }
  void only(std::initializer_list<const char*> keys) const {
    for (const auto& item : j_.items()) {
      bool ok = false;
      for (const char* k : keys) ok = ok || item.key() == k;
      if (!ok) fail(fmt::format("unknown key \"{}\"", item.key()));
    }
  }
  const json& get(const char* key) const {
    if (!j_.contains(key)) fail(fmt::format("\"{}\" is missing", key));
    return j_[key];
  }
  bool has(const char* key) const { return j_.contains(key); }
  std::string string(const char* key) const {
    const json& v = get(key);
    if (!v.is_string()) fail(fmt::format("\"{}\" must be a string", key));
    return v.get<std::string>();
  }
  int integer(const char* key, int lo, int hi) const {
    const json& v = get(key);
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
      fail(fmt::format("\"{}\" must be an integer from {} to {}", key, lo, hi));
    return v.get<int>();
  }
  Fields sub(const char* key) const { return Fields(get(key), where_ + "." + key); }
  const std::string& where() const { return where_; }

 private:
  const json& j_;
  std::string where_;
};

int read_winner(const json& v, const Fields& at) {
  if (v.is_null()) return kNotOver;
  if (v == "draw") return kDraw;
  if (v.is_number_integer() && (v == 1 || v == 2)) return v.get<int>();
  at.fail("\"winner\" must be 1, 2, \"draw\" or null");
}

RecordResult read_result(const Fields& f) {
  f.only({"winner", "turns", "left"});
  RecordResult r;
  r.winner = read_winner(f.get("winner"), f);
  r.turns = f.integer("turns", 0, 1000000);
  const Fields left = f.sub("left");
  left.only({"1", "2"});
  r.left = {left.integer("1", 0, 1000), left.integer("2", 0, 1000)};
  return r;
}

std::vector<RecordedAction> read_actions(const json& v, const std::string& where) {
  if (!v.is_array()) throw BadInput(where + ": \"actions\" must be a list");
  std::vector<RecordedAction> out;
  out.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Fields a(v[i], fmt::format("{}: actions[{}]", where, i));
    a.only({"player", "action"});
    out.push_back(RecordedAction{a.integer("player", 1, 2), a.string("action")});
    if (out.back().action.empty()) a.fail("\"action\" is empty");
  }
  return out;
}

}  // namespace

nlohmann::ordered_json record_to_json(const GameRecord& r) {
  using ojson = nlohmann::ordered_json;
  ojson j = ojson::object();
  j["format"] = kFormat;
  j["version"] = kRecordVersion;
  j["program_version"] = r.program_version;
  j["game"] = kGame;
  if (!r.date.empty()) j["date"] = r.date;
  j["options"] = {{"turn_limit", r.options.turn_limit}, {"first_player", r.options.first_player}};
  j["seed"] = r.seed;
  j["players"] = {{"1", r.players[0]}, {"2", r.players[1]}};
  ojson actions = ojson::array();
  for (const auto& a : r.actions) actions.push_back({{"player", a.player}, {"action", a.action}});
  j["actions"] = std::move(actions);
  j["result"] = {{"winner", winner_json(r.result.winner)},
                 {"turns", r.result.turns},
                 {"left", {{"1", r.result.left[0]}, {"2", r.result.left[1]}}}};
  return j;
}

GameRecord record_from_json(const json& j, const std::string& where) {
  const Fields f(j, where);
  f.only({"format", "version", "program_version", "game", "date", "options", "seed", "players",
          "actions", "result"});
  if (f.string("format") != kFormat) f.fail("\"format\" must be \"ancients-record\"");
  if (f.integer("version", 0, 1000000) != kRecordVersion)
    f.fail(fmt::format("\"version\" {} is not supported (this program reads version {})",
                       f.get("version").dump(), kRecordVersion));
  if (f.string("game") != kGame) f.fail("\"game\" must be \"ancient-generals\"");
  GameRecord r;
  r.program_version = f.string("program_version");
  if (f.has("date")) r.date = f.string("date");
  const Fields options = f.sub("options");
  options.only({"turn_limit", "first_player"});
  r.options.turn_limit = options.integer("turn_limit", 1, 1000000);
  r.options.first_player = options.integer("first_player", 0, 2);
  if (!f.get("seed").is_number_unsigned()) f.fail("\"seed\" must be a non-negative integer");
  r.seed = f.get("seed").get<std::uint64_t>();
  const Fields players = f.sub("players");
  players.only({"1", "2"});
  r.players = {players.string("1"), players.string("2")};
  r.actions = read_actions(f.get("actions"), where);
  r.result = read_result(f.sub("result"));
  return r;
}

RecordResult result_of(const GeneralsState& s) {
  RecordResult r{s.winner(), s.turn(), {}};
  for (int p = 0; p < 2; ++p)
    r.left[p] = s.data().players[p].deck_size + s.data().players[p].reserve_size;
  return r;
}

std::string result_text(const RecordResult& r) {
  if (r.winner == kNotOver) return "unfinished";
  if (r.winner == kDraw) return "draw";
  return fmt::format("player {} wins", r.winner);
}

std::string describe(const RecordResult& r) {
  return fmt::format("{} after {} turns (cards left {}-{})", result_text(r), r.turns, r.left[0],
                     r.left[1]);
}

GeneralsState replay_record(const GameRecord& r, const ReplayStep& step) {
  GeneralsState s = GeneralsState::new_game(standard_cards(), r.options, r.seed);
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const RecordedAction& a = r.actions[i];
    const std::string at = fmt::format("action {} (player {}: \"{}\")", i + 1, a.player, a.action);
    if (s.is_over()) throw BadInput(at + ": the game is already over");
    if (s.to_act() != a.player)
      throw BadInput(fmt::format("{}: recorded for player {}, but player {} is to act", at,
                                 a.player, s.to_act()));
    try {
      s.apply_text(a.action);
    } catch (const IllegalAction& e) {
      throw BadInput(fmt::format("{}: illegal: {}", at, e.what()));
    }
    if (step) step(s, i);
  }
  const RecordResult reached = result_of(s);
  if (reached != r.result)
    throw BadInput(fmt::format("the result differs: the record says {}, the replay reaches {}",
                               describe(r.result), describe(reached)));
  return s;
}

}  // namespace ancients::generals
