// Game records of Ancient Warfare: JSON writing, strict reading and verified re-play (see
// record.h and docs/play.md).
#include "games/warfare/record.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

RecordResult read_result(const JsonFields& f) {
  f.only({"winner", "turns", "lost"});
  RecordResult r;
  r.winner = winner_from_json(f.get("winner"), f);
  r.turns = f.integer("turns", 0, 1000000);
  const JsonFields lost = f.sub("lost");
  lost.only({"1", "2"});
  r.lost = {lost.integer("1", 0, 1000), lost.integer("2", 0, 1000)};
  return r;
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
  j["format"] = kRecordFormat;
  j["version"] = kRecordVersion;
  j["program_version"] = r.program_version;
  j["game"] = "ancient-warfare";
  j["edition"] = r.setup.edition;
  if (!r.date.empty()) j["date"] = r.date;
  j["options"] = options_to_json(r.setup.options);
  j["seed"] = r.setup.seed;
  j["armies"] = {{"1", army_to_json(r.setup.armies[0], rules)},
                 {"2", army_to_json(r.setup.armies[1], rules)}};
  // The defender's battlefield is placed by the game's own actions: the record says "defender".
  if (r.setup.defender_battlefield)
    j["battlefield"] = "defender";
  else
    j["battlefield"] = battlefield_to_json(r.setup.field);
  j["players"] = {{"1", r.players[0]}, {"2", r.players[1]}};
  ojson deployments = ojson::object();
  for (int p = 1; p <= 2; ++p)
    if (!r.deployments[p - 1].empty()) deployments[std::to_string(p)] = r.deployments[p - 1];
  j["deployments"] = std::move(deployments);
  j["actions"] = actions_to_json(r.actions);
  j["result"] = {{"winner", winner_to_json(r.result.winner)},
                 {"turns", r.result.turns},
                 {"lost", {{"1", r.result.lost[0]}, {"2", r.result.lost[1]}}}};
  return j;
}

GameRecord record_from_json(const json& j, const std::string& where) {
  const JsonFields f(j, where);
  f.only({"format", "version", "program_version", "game", "edition", "date", "options", "seed",
          "armies", "battlefield", "players", "deployments", "actions", "result"});
  check_record_envelope(f, kRecordVersion, "ancient-warfare");
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
  const JsonFields armies = f.sub("armies");
  armies.only({"1", "2"});
  for (int p = 1; p <= 2; ++p) {
    const std::string key = std::to_string(p);
    r.setup.armies[p - 1] =
        army_from_json(armies.get(key.c_str()), *rules, armies.where() + "." + key);
  }
  if (f.get("battlefield") == "defender") {
    r.setup.defender_battlefield = true;
    r.setup.field.name = "the defender's battlefield";
    r.setup.field.board = r.setup.options.board;
  } else {
    r.setup.field = battlefield_from_json(f.get("battlefield"), where + ".battlefield");
  }
  if (r.setup.field.board != r.setup.options.board)
    f.fail(fmt::format("the battlefield is {}x{} but options.board is {}", r.setup.field.board,
                       r.setup.field.board, r.setup.options.board));
  const JsonFields players = f.sub("players");
  players.only({"1", "2"});
  r.players = {players.string("1"), players.string("2")};
  const JsonFields deployments = f.sub("deployments");
  deployments.only({"1", "2"});
  for (int p = 1; p <= 2; ++p) {
    const std::string key = std::to_string(p);
    if (deployments.has(key.c_str())) r.deployments[p - 1] = deployments.string(key.c_str());
  }
  r.actions = actions_from_json(f.get("actions"), where);
  r.result = read_result(f.sub("result"));
  return r;
}

RecordResult result_of(const WarfareState& s) {
  return RecordResult{s.winner(), s.turn(), {s.lost(1), s.lost(2)}};
}

std::string result_text(const RecordResult& r) {
  return winner_text(r.winner);
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
