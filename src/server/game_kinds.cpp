// The game-specific parts of the server (see game_kinds.h): Ancient Warfare (armies,
// battlefields, deployment, records `ancients replay` reads) and Ancient Generals.
#include "server/game_kinds.h"

#include <filesystem>

#include "agents/agent.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/record_common.h"
#include "games/generals/generals.h"
#include "games/generals/record.h"
#include "games/warfare/record.h"
#include "games/warfare/setup.h"

namespace ancients::server {
namespace {

using nlohmann::json;
constexpr const char* kWarfare = "ancient-warfare";
constexpr const char* kGenerals = "ancient-generals";

std::string string_field(const json& j, const char* key, const std::string& fallback) {
  if (!j.contains(key) || j[key].is_null()) return fallback;
  if (!j[key].is_string()) throw BadInput(std::string("\"") + key + "\" must be a string");
  return j[key].get<std::string>();
}

/// Bundled map names (file stems of data/maps/*.json).
std::vector<std::string> map_names() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(data_path("maps"), ec))
    if (e.path().extension() == ".json") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

// --- Ancient Warfare ---

warfare::Army request_army(const json& a, const warfare::Ruleset& rules, int side,
                           const std::vector<std::string>& samples, Rng& pick) {
  const std::string where = "armies[" + std::to_string(side) + "]";
  if (a.is_null() || (a.is_string() && (a == "" || a == "random")))
    return warfare::find_army(samples[pick.below(static_cast<std::uint32_t>(samples.size()))],
                              rules);
  if (a.is_string()) {
    const auto name = a.get<std::string>();
    if (std::find(samples.begin(), samples.end(), name) == samples.end())
      throw BadInput(where + ": no sample army \"" + name + "\"");
    return warfare::find_army(name, rules);
  }
  if (a.is_object()) return warfare::army_from_json(a, rules, where);
  throw BadInput(where + ": a sample army name or an army (JSON object)");
}

BuiltGame build_warfare(const json& req, std::uint64_t seed) {
  const std::string edition = string_field(req, "edition", "autokill");
  if (edition != "autokill") throw BadInput("edition \"" + edition + "\" is not playable yet");
  auto rules = warfare::builtin_ruleset(edition);
  warfare::GameSetup s;
  s.edition = edition;
  s.seed = seed;
  s.options = warfare::options_from_json(req.value("options", json::object()));
  const auto samples = warfare::sample_armies(edition);
  Rng pick(seed ^ 0xA11CE5ULL);
  const json armies = req.value("armies", json::array());
  if (!armies.is_array() || armies.size() > 2) throw BadInput("\"armies\": a list of two armies");
  for (int p = 0; p < 2; ++p)
    s.armies[p] = request_army(p < static_cast<int>(armies.size()) ? armies[p] : json(nullptr),
                               *rules, p + 1, samples, pick);
  const json map = req.value("map", json(nullptr));
  if (map.is_null() || map == "" || map == "generated") {
    s.field = warfare::generate_battlefield(s.options.board, seed);
  } else if (map.is_string()) {
    const auto names = map_names();
    const auto name = map.get<std::string>();
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw BadInput("map: no bundled map \"" + name + "\"");
    s.field = warfare::load_battlefield(data_path("maps/" + name + ".json"));
  } else if (map.is_object()) {
    s.field = warfare::battlefield_from_json(map, "map");
  } else {
    throw BadInput("\"map\": a map name, \"generated\" or a map (JSON object)");
  }
  if (s.field.board != s.options.board)
    throw BadInput("the map is for a board of " + std::to_string(s.field.board) +
                   " squares, the options say " + std::to_string(s.options.board));
  BuiltGame out;
  out.state = warfare::new_game(s);
  out.setup = {
      {"game", kWarfare},
      {"edition", edition},
      {"options", warfare::options_to_json(s.options)},
      {"armies",
       {warfare::army_to_json(s.armies[0], *rules), warfare::army_to_json(s.armies[1], *rules)}},
      {"field", warfare::battlefield_to_json(s.field)},
      {"seed", std::to_string(seed)},
      {"date", record_date_now()}};
  out.names = {s.armies[0].name, s.armies[1].name};
  return out;
}

warfare::GameSetup warfare_setup(const json& setup) {
  warfare::GameSetup s;
  s.edition = setup.at("edition").get<std::string>();
  auto rules = warfare::builtin_ruleset(s.edition);
  s.options = warfare::options_from_json(setup.at("options"));
  for (int p = 0; p < 2; ++p)
    s.armies[p] = warfare::army_from_json(setup.at("armies")[p], *rules, "stored army");
  s.field = warfare::battlefield_from_json(setup.at("field"), "stored map");
  s.seed = std::stoull(setup.at("seed").get<std::string>());
  return s;
}

const warfare::WarfareState* as_warfare(const State& s) {
  return s.game() == kWarfare ? static_cast<const warfare::WarfareState*>(&s) : nullptr;
}

// --- Ancient Generals ---

BuiltGame build_generals(const json& req, std::uint64_t seed) {
  generals::Options o;
  const json opts = req.value("options", json::object());
  if (!opts.is_object()) throw BadInput("\"options\" must be an object");
  for (const auto& [k, v] : opts.items()) {
    if (!v.is_number_integer()) throw BadInput("options." + k + " must be a whole number");
    if (k == "turn_limit")
      o.turn_limit = v.get<int>();
    else if (k == "first_player")
      o.first_player = v.get<int>();
    else
      throw BadInput("options." + k + ": unknown option of ancient-generals");
  }
  BuiltGame out;
  out.state = generals::new_game(o, seed);
  out.setup = {{"game", kGenerals},
               {"options", {{"turn_limit", o.turn_limit}, {"first_player", o.first_player}}},
               {"seed", std::to_string(seed)},
               {"date", record_date_now()}};
  out.names = {"Player 1", "Player 2"};
  return out;
}

}  // namespace

BuiltGame build_game(const json& req, std::uint64_t seed) {
  const std::string game = string_field(req, "game", kWarfare);
  if (game == kWarfare) return build_warfare(req, seed);
  if (game == kGenerals) return build_generals(req, seed);
  throw BadInput("unknown game \"" + game + "\" (ancient-warfare or ancient-generals)");
}

std::unique_ptr<State> state_from_setup(const json& setup) {
  const std::string game = setup.at("game").get<std::string>();
  if (game == kWarfare) return warfare::new_game(warfare_setup(setup));
  generals::Options o;
  o.turn_limit = setup.at("options").at("turn_limit").get<int>();
  o.first_player = setup.at("options").at("first_player").get<int>();
  return generals::new_game(o, std::stoull(setup.at("seed").get<std::string>()));
}

namespace {

/// Ancient Warfare's deployment proper (one whole `deploy` action), not the DBA set-up's swap
/// step that follows it (its actions are ordinary legal actions).
const warfare::WarfareState* deploying(const State& state) {
  const auto* w = as_warfare(state);
  return w != nullptr && w->phase() == warfare::Phase::kDeploy && !w->swap_step() ? w : nullptr;
}

}  // namespace

std::vector<std::string> offered_actions(const State& state, std::uint64_t seed) {
  if (state.is_over()) return {};
  if (const auto* w = deploying(state)) return {warfare::auto_deployment(*w, seed)};
  return state.legal_texts();
}

std::string scripted_action(const State& state, std::uint64_t seed) {
  if (const auto* w = deploying(state)) return warfare::auto_deployment(*w, seed);
  return {};
}

json spectator_view(const State& state) {
  json j = state.view_json(1);
  j.erase("known");
  j.erase("unseen");
  j.erase("rng");
  j.erase("viewer");
  j.erase("view");
  if (as_warfare(state) != nullptr) {
    for (const char* p : {"1", "2"})
      if (j["hands"][p].is_array()) j["hands"][p] = j["hands"][p].size();
    if (j.value("phase", "") == "deploy") j["units"] = json::array();
  } else {
    for (const char* p : {"1", "2"}) {
      auto& pl = j["players"][p];
      for (const char* pile : {"hand", "deck"})
        if (pl[pile].is_array()) pl[pile] = json::array_t(pl[pile].size(), nullptr);
    }
  }
  j["viewer"] = 0;
  return j;
}

std::string log_text_for(const State& state, const LoggedAction& a, int viewer) {
  if (viewer == a.player) return a.text;
  if (a.text.starts_with("deploy ")) return "deploy (hidden)";
  if (state.game() == kGenerals) {
    if (a.text.starts_with("scout ")) return "scout (hidden)";
    if (a.text.starts_with("discard ")) {
      const auto n = std::count(a.text.begin(), a.text.end(), ',') + 1;
      return "discard " + std::to_string(n) + (n == 1 ? " card" : " cards");
    }
  }
  return a.text;
}

json game_record(const json& setup, const std::array<std::string, 2>& players,
                 const std::vector<LoggedAction>& actions, const State& final_state) {
  if (const auto* w = as_warfare(final_state)) {
    warfare::GameRecord r;
    r.program_version = program_version();
    r.date = setup.value("date", "");
    r.setup = warfare_setup(setup);
    r.players = players;
    for (const auto& a : actions) {
      r.actions.push_back({a.player, a.text});
      if (a.text.starts_with("deploy ")) r.deployments[a.player - 1] = a.text;
    }
    r.result = warfare::result_of(*w);
    return warfare::record_to_json(r);
  }
  const auto& g = static_cast<const generals::GeneralsState&>(final_state);
  generals::GameRecord r;
  r.program_version = program_version();
  r.date = setup.value("date", "");
  r.options.turn_limit = setup.at("options").at("turn_limit").get<int>();
  r.options.first_player = setup.at("options").at("first_player").get<int>();
  r.seed = std::stoull(setup.at("seed").get<std::string>());
  r.players = players;
  for (const auto& a : actions) r.actions.push_back({a.player, a.text});
  r.result = generals::result_of(g);
  return generals::record_to_json(r);
}

json catalogue() {
  return {{"games", {kWarfare, kGenerals}},
          {"editions", {"autokill"}},
          {"armies", warfare::sample_armies("autokill")},
          {"maps", map_names()},
          {"agents", agent_names()}};
}

}  // namespace ancients::server
