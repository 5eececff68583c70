// Game records of Ancient Warfare: JSON writing, strict reading and verified re-play (see
// record.h and docs/play.md).
#include "games/warfare/record.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

/// The keys "1".."n" of a per-player object.
std::vector<std::string> player_keys(int n) {
  std::vector<std::string> keys;
  for (int p = 1; p <= n; ++p) keys.push_back(std::to_string(p));
  return keys;
}

/// Checks that an object has only the keys "1".."n".
void only_players(const JsonFields& f, int n) {
  f.only(player_keys(n));
}

RecordResult read_result(const JsonFields& f, int players) {
  f.only({"winner", "turns", "lost"});
  RecordResult r;
  r.winner = winner_from_json(f.get("winner"), f);
  r.turns = f.integer("turns", 0, 1000000);
  const JsonFields lost = f.sub("lost");
  only_players(lost, players);
  for (int p = 1; p <= players; ++p)
    r.lost[p - 1] = lost.integer(std::to_string(p).c_str(), 0, 1000);
  return r;
}

std::string describe(const RecordResult& r, int players) {
  std::string losses;
  for (int p = 0; p < players; ++p) losses += (p ? "-" : "") + std::to_string(r.lost[p]);
  return fmt::format("{} after {} turns (losses {})", result_text(r), r.turns, losses);
}

}  // namespace

nlohmann::ordered_json record_to_json(const GameRecord& r) {
  using ojson = nlohmann::ordered_json;
  const Ruleset& rules = *ruleset_for(r.setup.edition, r.setup.options);
  ojson j = record_envelope(kRecordVersion, "ancient-warfare", r.program_version);
  j["edition"] = r.setup.edition;
  if (!r.date.empty()) j["date"] = r.date;
  j["options"] = options_to_json(r.setup.options);
  j["seed"] = r.setup.seed;
  const int players = r.setup.options.players();
  ojson armies = ojson::object();
  for (int p = 1; p <= players; ++p)
    armies[std::to_string(p)] = army_to_json(r.setup.armies[p - 1], rules);
  j["armies"] = std::move(armies);
  // The defender's battlefield is placed by the game's own actions: the record says "defender".
  if (r.setup.defender_battlefield)
    j["battlefield"] = "defender";
  else
    j["battlefield"] = battlefield_to_json(r.setup.field);
  ojson controllers = ojson::object();
  for (int p = 1; p <= players; ++p)
    controllers[std::to_string(p)] =
        p <= static_cast<int>(r.players.size()) ? r.players[p - 1] : "human";
  j["players"] = std::move(controllers);
  ojson deployments = ojson::object();
  for (int p = 1; p <= players; ++p)
    if (!r.deployments[p - 1].empty()) deployments[std::to_string(p)] = r.deployments[p - 1];
  j["deployments"] = std::move(deployments);
  j["actions"] = actions_to_json(r.actions);
  j["result"] = {{"winner", winner_to_json(r.result.winner)},
                 {"turns", r.result.turns},
                 {"lost", [&] {
                    ojson lost = ojson::object();
                    for (int p = 1; p <= players; ++p)
                      lost[std::to_string(p)] = r.result.lost[p - 1];
                    return lost;
                  }()}};
  return j;
}

GameRecord record_from_json(const json& j, const std::string& where) {
  const JsonFields f(j, where);
  check_is_record(f);
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
  const int n = r.setup.options.players();
  const JsonFields armies = f.sub("armies");
  only_players(armies, n);
  for (int p = 1; p <= n; ++p) {
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
  only_players(players, n);
  r.players.clear();
  for (int p = 1; p <= n; ++p) r.players.push_back(players.string(std::to_string(p).c_str()));
  const JsonFields deployments = f.sub("deployments");
  only_players(deployments, n);
  for (int p = 1; p <= n; ++p) {
    const std::string key = std::to_string(p);
    if (deployments.has(key.c_str())) r.deployments[p - 1] = deployments.string(key.c_str());
  }
  r.actions = actions_from_json(f.get("actions"), where, n);
  r.result = read_result(f.sub("result"), n);
  return r;
}

RecordResult result_of(const WarfareState& s) {
  RecordResult r{s.winner(), s.turn(), {}};
  for (int p = 1; p <= s.player_count(); ++p) r.lost[p - 1] = s.lost(p);
  return r;
}

std::string result_text(const RecordResult& r) {
  return winner_text(r.winner);
}

std::unique_ptr<WarfareState> replay_record(const GameRecord& r, const ReplayStep& step) {
  std::unique_ptr<WarfareState> s = new_game(r.setup);
  std::array<std::string, kMaxPlayers> deployed;
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
  for (int p = 1; p <= s->player_count(); ++p)
    if (deployed[p - 1] != r.deployments[p - 1])
      throw BadInput(fmt::format(
          "player {}'s deployment differs: the record's \"deployments\" says \"{}\", its actions "
          "\"{}\"",
          p, r.deployments[p - 1], deployed[p - 1]));
  const RecordResult reached = result_of(*s);
  if (reached != r.result)
    throw BadInput(fmt::format("the result differs: the record says {}, the replay reaches {}",
                               describe(r.result, s->player_count()),
                               describe(reached, s->player_count())));
  return s;
}

}  // namespace ancients::warfare
