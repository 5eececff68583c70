// Game records of games without a record format of their own (see generic_record.h).
#include "core/generic_record.h"

#include <fmt/format.h>

#include "core/errors.h"
#include "core/registry.h"

namespace ancients {

using nlohmann::json;

nlohmann::ordered_json generic_record_to_json(const GenericRecord& r) {
  using ojson = nlohmann::ordered_json;
  ojson j = record_envelope(kGenericRecordVersion, r.game, r.program_version);
  if (!r.date.empty()) j["date"] = r.date;
  if (r.position.is_null()) {
    j["options"] = ojson::parse(r.options.dump());
    j["seed"] = r.seed;
  } else {
    j["position"] = ojson::parse(r.position.dump());
  }
  ojson players = ojson::object();
  for (std::size_t p = 0; p < r.players.size(); ++p) players[std::to_string(p + 1)] = r.players[p];
  j["players"] = players;
  j["actions"] = actions_to_json(r.actions);
  j["result"] = {{"winner", winner_to_json(r.winner)}};
  return j;
}

bool is_generic_record(const json& j) {
  if (!j.is_object() || j.contains("position")) return true;
  const auto game = j.find("game");
  const GameDescriptor* found =
      game != j.end() && game->is_string() ? find_game(game->get<std::string>()) : nullptr;
  return found == nullptr || !found->record;
}

GenericRecord generic_record_from_json(const json& j, const std::string& where) {
  const JsonFields f(j, where);
  check_is_record(f);
  const GameDescriptor* game = find_game(f.string("game"));
  if (!game) f.fail(fmt::format("\"game\" \"{}\" is not a game of this program", f.string("game")));
  f.only({"format", "version", "program_version", "game", "date", "options", "seed", "position",
          "players", "actions", "result"});
  check_record_envelope(f, kGenericRecordVersion, game->name.c_str());
  GenericRecord r;
  r.game = game->name;
  r.program_version = f.string("program_version");
  if (f.has("date")) r.date = f.string("date");
  if (f.has("position")) {  // a game started from a position: no options or seed beside it
    if (f.has("options") || f.has("seed"))
      f.fail(
          "a record starts from its \"position\" or from its \"options\" and \"seed\", not both");
    if (!f.get("position").is_object()) f.fail("\"position\" must be an object");
    r.position = f.get("position");
  } else {
    if (!f.get("options").is_object()) f.fail("\"options\" must be an object");
    r.options = f.get("options");
    if (!f.get("seed").is_number_unsigned()) f.fail("\"seed\" must be a non-negative integer");
    r.seed = f.get("seed").get<std::uint64_t>();
  }
  const JsonFields players = f.sub("players");
  const int most = game->max_players;
  std::vector<std::string> seats;
  for (int p = 1; p <= most; ++p) seats.push_back(std::to_string(p));
  players.only(seats);
  for (int p = 1; p <= most && players.has(seats[p - 1].c_str()); ++p)
    r.players.push_back(players.string(seats[p - 1].c_str()));
  if (static_cast<int>(r.players.size()) < game->min_players)
    players.fail(
        fmt::format("must name who played each of seats 1 to {} at least", game->min_players));
  r.actions = actions_from_json(f.get("actions"), where, most);
  const JsonFields result = f.sub("result");
  result.only({"winner"});
  r.winner = winner_from_json(result.get("winner"), result);
  return r;
}

std::unique_ptr<State> generic_record_start(const GenericRecord& r) {
  try {
    if (!r.position.is_null()) {
      if (!r.position.contains("game") || r.position["game"] != r.game)
        throw BadInput(fmt::format("it is not a position of {}", r.game));
      return game_named(r.game).from_json(r.position);
    }
    return create_game(r.game, r.options, r.seed).state;
  } catch (const BadInput& e) {
    throw BadInput(fmt::format("the recorded {} does not build the game: {}",
                               r.position.is_null() ? "options" : "position", e.what()));
  }
}

std::unique_ptr<State> replay_generic_record(const GenericRecord& r,
                                             const GenericReplayStep& on_step) {
  std::unique_ptr<State> state = generic_record_start(r);
  if (static_cast<int>(r.players.size()) != state->player_count())
    throw BadInput(fmt::format("the record names {} players; this game has {}", r.players.size(),
                               state->player_count()));
  std::unique_ptr<State> before;
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    const RecordedAction& a = r.actions[i];
    const std::string at = fmt::format("action {} (player {}: \"{}\")", i + 1, a.player, a.action);
    if (state->is_over()) throw BadInput(at + ": the game was already over");
    if (a.player != state->to_act())
      throw BadInput(fmt::format("{}: recorded for player {}, but player {} is to act", at,
                                 a.player, state->to_act()));
    state->copy_into(before);
    try {
      state->apply_text(a.action);
    } catch (const IllegalAction& e) {
      throw BadInput(fmt::format("{}: {}", at, e.what()));
    }
    if (on_step) on_step(*before, *state, i);
  }
  if (state->winner() != r.winner)
    throw BadInput(fmt::format("the record's result is {}, but the actions lead to {}",
                               winner_text(r.winner), winner_text(state->winner())));
  return state;
}

}  // namespace ancients
