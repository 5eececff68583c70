// The server's way to every game (see game_kinds.h): the registry's factory, the option schema
// and the State interface, with no game named here.
#include "server/game_kinds.h"

#include <algorithm>
#include <memory>
#include <string>

#include "core/data_path.h"
#include "core/errors.h"
#include "core/generic_record.h"
#include "core/record_common.h"
#include "core/registry.h"
#include "games/register_games.h"

namespace ancients::server {
namespace {

using nlohmann::json;

/// The registry with every game built into this program (once; games registered by others,
/// such as the tests' own, stay beside them).
void ensure_registered() {
  static const bool done = [] {
    register_builtin_games();
    return true;
  }();
  (void)done;
}

const GameDescriptor& descriptor_of(const State& state) {
  ensure_registered();
  return game_named(std::string(state.game()));
}

/// Sets option `name` from an older top-level field `field`, refusing an option the game does
/// not have and a value given twice.
void fold(const GameDescriptor& game, json& options, const std::string& field,
          const std::string& name, const json& value) {
  if (find_option(game.options, name) == nullptr)
    throw BadInput("\"" + field + "\": " + game.name + " has no option " + name);
  if (options.contains(name))
    throw BadInput("\"" + field + "\" and options." + name + " name the same option: give it once");
  options[name] = value;
}

/// The options of a request or stored setup: its "options" object, with the older top-level
/// fields read as the options they name ("edition", "map", "armies" as army1 and army2, and in
/// a stored setup "field" as map). An empty or null older field means the option's default.
json options_of(const GameDescriptor& game, const json& from, bool stored) {
  json options = json::object();
  if (const auto it = from.find("options"); it != from.end() && !it->is_null()) {
    if (!it->is_object()) throw BadInput("\"options\" must be an object of option values");
    options = *it;
  }
  const auto present = [&](const char* key) -> const json* {
    const auto it = from.find(key);
    if (it == from.end() || it->is_null() || *it == "") return nullptr;
    return &*it;
  };
  for (const char* field : {"edition", "map"})
    if (const json* v = present(field)) fold(game, options, field, field, *v);
  if (const json* v = present("field"); v != nullptr && stored)
    fold(game, options, "field", "map", *v);
  if (const json* v = present("armies")) {
    if (!v->is_array() || v->size() > 2)
      throw BadInput("\"armies\": a list of at most two armies (one per player)");
    for (std::size_t i = 0; i < v->size(); ++i) {
      const json& army = (*v)[i];
      if (army.is_null() || army == "") continue;
      fold(game, options, "armies", "army" + std::to_string(i + 1), army);
    }
  }
  return options;
}

std::string game_field(const json& from) {
  ensure_registered();
  const auto it = from.find("game");
  if (it == from.end() || it->is_null()) {
    if (registered_games().empty()) throw BadInput("no games are registered");
    return registered_games().front().name;
  }
  if (!it->is_string()) throw BadInput("\"game\" must be a string: the game's name");
  return it->get<std::string>();
}

std::uint64_t stored_seed(const json& setup) {
  const std::string s = setup.at("seed").get<std::string>();
  if (s.empty() || s.size() > 20 || s.find_first_not_of("0123456789") != std::string::npos)
    throw BadInput("the stored seed \"" + s + "\" is not a whole number");
  return std::stoull(s);
}

/// The setup as this server stores it: the game, every option resolved, the seed and the date.
/// An older per-game layout (top-level edition, armies and field) is read into it.
json current_setup(const json& setup) {
  if (!setup.is_object()) throw BadInput("the stored setup is not an object");
  const GameDescriptor& game = game_named(game_field(setup));
  if (setup.contains("position"))  // a game started from a position (a campaign's battle)
    return {{"game", game.name},
            {"position", setup.at("position")},
            {"seed", setup.value("seed", "0")},
            {"date", setup.value("date", "")}};
  return {{"game", game.name},
          {"options", options_of(game, setup, true)},
          {"seed", setup.at("seed")},
          {"date", setup.value("date", "")}};
}

}  // namespace

const std::string& layout_of(const State& state) {
  return descriptor_of(state).layout;
}

BuiltGame build_game(const json& request, std::uint64_t seed, int max_turn_limit) {
  const GameDescriptor& game = game_named(game_field(request));
  OptionContext context;
  if (max_turn_limit > 0) context.lower_max = {{"turn_limit", max_turn_limit}};
  NewGame made = create_game(game.name, options_of(game, request, false), seed, context);
  BuiltGame out;
  out.state = std::move(made.state);
  out.setup = {{"game", game.name},
               {"options", std::move(made.options)},
               {"seed", std::to_string(seed)},
               {"date", record_date_now()}};
  const int players = out.state->player_count();
  for (int p = 0; p < players; ++p) {
    const std::string given = !made.player_names.empty()
                                  ? made.player_names[static_cast<std::size_t>(p)]
                                  : (p < 2 ? made.side_names[static_cast<std::size_t>(p)] : "");
    out.names.push_back(given.empty() ? "Player " + std::to_string(p + 1) : given);
  }
  return out;
}

BuiltGame build_position_game(const std::string& game_name, const json& position,
                              std::vector<std::string> names) {
  ensure_registered();
  const GameDescriptor& game = game_named(game_name);
  BuiltGame out;
  out.state = game.from_json(position);
  out.setup = {
      {"game", game.name}, {"position", position}, {"seed", "0"}, {"date", record_date_now()}};
  names.resize(static_cast<std::size_t>(out.state->player_count()));
  for (std::size_t p = 0; p < names.size(); ++p)
    if (names[p].empty()) names[p] = "Player " + std::to_string(p + 1);
  out.names = std::move(names);
  return out;
}

void register_games_once() {
  ensure_registered();
}

json same_game_request(const json& stored) {
  ensure_registered();
  const json setup = current_setup(stored);
  if (setup.contains("position"))
    throw BadInput("a game started from a position (a campaign's battle) has no rematch");
  return {{"game", setup.at("game")}, {"options", setup.at("options")}};
}

std::unique_ptr<State> state_from_setup(const json& stored) {
  ensure_registered();
  const json setup = current_setup(stored);
  if (setup.contains("position"))
    return game_named(setup.at("game").get<std::string>()).from_json(setup.at("position"));
  return create_game(setup.at("game").get<std::string>(), setup.at("options"), stored_seed(setup),
                     OptionContext{})
      .state;
}

std::vector<std::string> offered_actions(const State& state, std::uint64_t seed) {
  if (state.is_over()) return {};
  if (auto scripted = scripted_action(state, seed); !scripted.empty()) return {scripted};
  return state.legal_texts();
}

std::string scripted_action(const State& state, std::uint64_t seed) {
  if (state.is_over()) return {};
  const GameDescriptor& game = descriptor_of(state);
  return game.setup_action ? game.setup_action(state, seed) : std::string();
}

std::string computer_scripted_action(const State& state, std::uint64_t seed) {
  if (state.is_over()) return {};
  return automatic_action(descriptor_of(state), state, seed);
}

std::string agent_whole_action(const State& position, const std::vector<std::string>& texts,
                               Agent& agent) {
  const int p = position.to_act();
  if (texts.empty()) return {};
  const std::unique_ptr<State> st = position.clone();
  for (int step = 0; step < 64 && st->to_act() == p; ++step) {
    const Action a = agent.choose(*st->view(p));
    const std::string t = st->action_text(a);
    st->apply(a);
    // The first step, played on the position itself, is a whole action when its text is one.
    if (step == 0 && std::find(texts.begin(), texts.end(), t) != texts.end()) return t;
    for (const auto& whole : texts) {
      auto c = position.clone();
      try {
        c->apply_text(whole);
      } catch (const std::exception&) {
        continue;
      }
      if (c->equals(*st)) return whole;
    }
  }
  return {};
}

std::string log_text_for(const State& state, const LoggedAction& a, int viewer) {
  return state.action_text_for(a.text, a.player, viewer);
}

json game_record(const json& stored, const std::vector<std::string>& players,
                 const std::vector<LoggedAction>& actions, const State& final_state) {
  ensure_registered();
  const json setup = current_setup(stored);
  const GameDescriptor& game = descriptor_of(final_state);
  if (setup.contains("position")) {  // the generic record, from its starting position
    GenericRecord r;
    r.game = game.name;
    r.program_version = program_version();
    r.date = setup.at("date").get<std::string>();
    r.position = setup.at("position");
    r.players = players;
    for (const auto& a : actions) r.actions.push_back({a.player, a.text});
    r.winner = final_state.winner();
    return generic_record_to_json(r);
  }
  // The options resolved as the factory resolves them (an older setup's included).
  const json options = resolve_options(game.options, setup.at("options"), {}, game.name);
  RecordInput in;
  in.options = options;
  in.seed = stored_seed(setup);
  in.program_version = program_version();
  in.date = setup.at("date").get<std::string>();
  in.players.assign(players.begin(), players.end());
  for (const auto& a : actions) in.actions.push_back({a.player, a.text});
  in.final_state = &final_state;
  if (game.record) return game.record(in);
  // A game without a record format of its own: the generic record, which `ancients replay`
  // verifies and `ancients play --resume` goes on with (core/generic_record.h).
  GenericRecord r;
  r.game = game.name;
  r.program_version = in.program_version;
  r.date = in.date;
  r.options = options;
  r.seed = in.seed;
  r.players = players;
  r.actions = in.actions;
  r.winner = final_state.winner();
  return generic_record_to_json(r);
}

json catalogue() {
  ensure_registered();
  return {{"games", games_to_json().at("games")}};
}

}  // namespace ancients::server
