// Game records of Ancient Warfare: JSON writing, strict reading and verified re-play (see
// record.h and docs/play.md).
#include "games/warfare/record.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

const char* const kFormat = "ancients-record";

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
    for (const auto& [key, value] : j_.items()) {
      bool ok = false;
      for (const char* k : keys) ok = ok || key == k;
      if (!ok) fail(fmt::format("unknown key \"{}\"", key));
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
  /// A nested object of the same strictness; `name` extends the location.
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
  f.only({"winner", "turns", "lost"});
  RecordResult r;
  r.winner = read_winner(f.get("winner"), f);
  r.turns = f.integer("turns", 0, 1000000);
  const Fields lost = f.sub("lost");
  lost.only({"1", "2"});
  r.lost = {lost.integer("1", 0, 1000), lost.integer("2", 0, 1000)};
  return r;
}

std::vector<RecordedAction> read_actions(const json& v, const std::string& where) {
  if (!v.is_array()) throw BadInput(where + ": \"actions\" must be a list");
  std::vector<RecordedAction> out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Fields a(v[i], fmt::format("{}: actions[{}]", where, i));
    a.only({"player", "action"});
    out.push_back(RecordedAction{a.integer("player", 1, 2), a.string("action")});
    if (out.back().action.empty()) a.fail("\"action\" is empty");
  }
  return out;
}

std::string describe(const RecordResult& r) {
  return fmt::format("{} after {} turns (losses {}-{})", result_text(r), r.turns, r.lost[0],
                     r.lost[1]);
}

}  // namespace

nlohmann::ordered_json record_to_json(const GameRecord& r) {
  using ojson = nlohmann::ordered_json;
  const Ruleset& rules = *ruleset_for(r.setup.edition, r.setup.options);
  ojson j = ojson::object();
  j["format"] = kFormat;
  j["version"] = kRecordVersion;
  j["program_version"] = r.program_version;
  j["game"] = "ancient-warfare";
  j["edition"] = r.setup.edition;
  if (!r.date.empty()) j["date"] = r.date;
  j["options"] = options_to_json(r.setup.options);
  j["seed"] = r.setup.seed;
  j["armies"] = {{"1", army_to_json(r.setup.armies[0], rules)},
                 {"2", army_to_json(r.setup.armies[1], rules)}};
  j["battlefield"] = battlefield_to_json(r.setup.field);
  j["players"] = {{"1", r.players[0]}, {"2", r.players[1]}};
  ojson deployments = ojson::object();
  for (int p = 1; p <= 2; ++p)
    if (!r.deployments[p - 1].empty()) deployments[std::to_string(p)] = r.deployments[p - 1];
  j["deployments"] = std::move(deployments);
  ojson actions = ojson::array();
  for (const auto& a : r.actions) actions.push_back({{"player", a.player}, {"action", a.action}});
  j["actions"] = std::move(actions);
  j["result"] = {{"winner", winner_json(r.result.winner)},
                 {"turns", r.result.turns},
                 {"lost", {{"1", r.result.lost[0]}, {"2", r.result.lost[1]}}}};
  return j;
}

GameRecord record_from_json(const json& j, const std::string& where) {
  const Fields f(j, where);
  f.only({"format", "version", "program_version", "game", "edition", "date", "options", "seed",
          "armies", "battlefield", "players", "deployments", "actions", "result"});
  if (f.string("format") != kFormat) f.fail("\"format\" must be \"ancients-record\"");
  if (f.integer("version", 0, 1000000) != kRecordVersion)
    f.fail(fmt::format("\"version\" {} is not supported (this program reads version {})",
                       f.get("version").dump(), kRecordVersion));
  if (f.string("game") != "ancient-warfare") f.fail("\"game\" must be \"ancient-warfare\"");
  GameRecord r;
  r.program_version = f.string("program_version");
  if (f.has("date")) r.date = f.string("date");
  r.setup.edition = f.string("edition");
  try {
    r.setup.options = options_from_json(f.get("options"));
  } catch (const BadInput& e) {
    f.fail(e.what());
  }
  const auto rules = [&] {
    try {
      return ruleset_for(r.setup.edition, r.setup.options);
    } catch (const BadInput& e) {
      f.fail(fmt::format("\"edition\": {}", e.what()));
    }
  }();
  if (!f.get("seed").is_number_unsigned()) f.fail("\"seed\" must be a non-negative integer");
  r.setup.seed = f.get("seed").get<std::uint64_t>();
  const Fields armies = f.sub("armies");
  armies.only({"1", "2"});
  for (int p = 1; p <= 2; ++p) {
    const std::string key = std::to_string(p);
    r.setup.armies[p - 1] =
        army_from_json(armies.get(key.c_str()), *rules, armies.where() + "." + key);
  }
  r.setup.field = battlefield_from_json(f.get("battlefield"), where + ".battlefield");
  if (r.setup.field.board != r.setup.options.board)
    f.fail(fmt::format("the battlefield is {}x{} but options.board is {}", r.setup.field.board,
                       r.setup.field.board, r.setup.options.board));
  const Fields players = f.sub("players");
  players.only({"1", "2"});
  r.players = {players.string("1"), players.string("2")};
  const Fields deployments = f.sub("deployments");
  deployments.only({"1", "2"});
  for (int p = 1; p <= 2; ++p) {
    const std::string key = std::to_string(p);
    if (deployments.has(key.c_str())) r.deployments[p - 1] = deployments.string(key.c_str());
  }
  r.actions = read_actions(f.get("actions"), where);
  r.result = read_result(f.sub("result"));
  return r;
}

RecordResult result_of(const WarfareState& s) {
  return RecordResult{s.winner(), s.turn(), {s.lost(1), s.lost(2)}};
}

std::string result_text(const RecordResult& r) {
  if (r.winner == kNotOver) return "unfinished";
  if (r.winner == kDraw) return "draw";
  return fmt::format("player {} wins", r.winner);
}

std::unique_ptr<WarfareState> replay_record(const GameRecord& r, const ReplayStep& step) {
  std::unique_ptr<WarfareState> s = new_game(r.setup);
  std::array<std::string, 2> deployed;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const RecordedAction& a = r.actions[i];
    const std::string at = fmt::format("action {} (player {}: \"{}\")", i + 1, a.player, a.action);
    if (s->is_over()) throw BadInput(at + ": the game is already over");
    if (s->to_act() != a.player)
      throw BadInput(fmt::format("{}: recorded for player {}, but player {} is to act", at,
                                 a.player, s->to_act()));
    try {
      s->apply_text(a.action);
    } catch (const IllegalAction& e) {
      throw BadInput(fmt::format("{}: illegal: {}", at, e.what()));
    }
    if (a.action.starts_with("deploy ")) deployed[a.player - 1] = a.action;
    if (step) step(*s, i);
  }
  for (int p = 1; p <= 2; ++p)
    if (deployed[p - 1] != r.deployments[p - 1])
      throw BadInput(fmt::format(
          "player {}'s deployment differs: the record's \"deployments\" says \"{}\", its actions "
          "\"{}\"",
          p, r.deployments[p - 1], deployed[p - 1]));
  const RecordResult reached = result_of(*s);
  if (reached != r.result)
    throw BadInput(fmt::format("the result differs: the record says {}, the replay reaches {}",
                               describe(r.result), describe(reached)));
  return s;
}

}  // namespace ancients::warfare
