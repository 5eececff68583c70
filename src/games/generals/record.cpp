// Game records of Ancient Generals: JSON writing, strict reading and verified re-play (see
// record.h and docs/generals.md).
#include "games/generals/record.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

RecordResult read_result(const JsonFields& f) {
  f.only({"winner", "turns", "left"});
  RecordResult r;
  r.winner = winner_from_json(f.get("winner"), f);
  r.turns = f.integer("turns", 0, 1000000);
  const JsonFields left = f.sub("left");
  left.only({"1", "2"});
  r.left = {left.integer("1", 0, 1000), left.integer("2", 0, 1000)};
  return r;
}

}  // namespace

nlohmann::ordered_json record_to_json(const GameRecord& r) {
  using ojson = nlohmann::ordered_json;
  ojson j = record_envelope(kRecordVersion, "ancient-generals", r.program_version);
  if (!r.date.empty()) j["date"] = r.date;
  j["options"] = {{"turn_limit", r.options.turn_limit}, {"first_player", r.options.first_player}};
  j["seed"] = r.seed;
  j["players"] = {{"1", r.players[0]}, {"2", r.players[1]}};
  j["actions"] = actions_to_json(r.actions);
  j["result"] = {{"winner", winner_to_json(r.result.winner)},
                 {"turns", r.result.turns},
                 {"left", {{"1", r.result.left[0]}, {"2", r.result.left[1]}}}};
  return j;
}

GameRecord record_from_json(const json& j, const std::string& where) {
  const JsonFields f(j, where);
  check_is_record(f);
  f.only({"format", "version", "program_version", "game", "date", "options", "seed", "players",
          "actions", "result"});
  check_record_envelope(f, kRecordVersion, "ancient-generals");
  GameRecord r;
  r.program_version = f.string("program_version");
  if (f.has("date")) r.date = f.string("date");
  const JsonFields options = f.sub("options");
  options.only({"turn_limit", "first_player"});
  r.options.turn_limit = options.integer("turn_limit", 1, 1000000);
  r.options.first_player = options.integer("first_player", 0, 2);
  if (!f.get("seed").is_number_unsigned()) f.fail("\"seed\" must be a non-negative integer");
  r.seed = f.get("seed").get<std::uint64_t>();
  const JsonFields players = f.sub("players");
  players.only({"1", "2"});
  r.players = {players.string("1"), players.string("2")};
  r.actions = actions_from_json(f.get("actions"), where);
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
  return winner_text(r.winner);
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
