// Ancient Warfare's descriptor, option schema and factory (see descriptor.h).
#include "games/warfare/descriptor.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>

#include "core/data_path.h"
#include "core/errors.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/bench.h"
#include "games/warfare/explain.h"
#include "games/warfare/record.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

/// The bundled maps by board size (file stems of data/maps/*.json), read once.
const std::map<int, std::vector<std::string>>& bundled_maps() {
  static const auto maps = [] {
    std::map<int, std::vector<std::string>> out{{8, {}}, {12, {}}};
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(data_path("maps"), ec))
      if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      try {
        out[load_battlefield(f.string()).board].push_back(f.stem().string());
      } catch (const BadInput&) {
        // A broken bundled map is reported by `ancients check`; it is simply not offered.
      }
    }
    return out;
  }();
  return maps;
}

/// A map file named by the option `map` (a path: on the command line): a name that is neither
/// a bundled map nor a file, and a file that is not a map, are told as the option's.
Battlefield load_map_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    std::vector<std::string> names;
    for (const auto& [board, on_board] : bundled_maps())
      names.insert(names.end(), on_board.begin(), on_board.end());
    throw BadInput(fmt::format(
        "option map: no bundled map and no file \"{}\" (bundled: generated, defender, {}; or a "
        "map file's path)",
        path, fmt::join(names, ", ")));
  }
  try {
    return load_battlefield(path);
  } catch (const BadInput& e) {
    throw BadInput(fmt::format("option map: {}", e.what()));
  }
}

/// The board of a map as given (a bundled name, a file path on the CLI, an inline map), or 0.
int board_of_map(const json& map, bool allow_files) {
  if (map.is_object()) {
    const auto it = map.find("board");
    return it != map.end() && it->is_number_integer() ? it->get<int>() : 0;
  }
  if (!map.is_string() || map == "generated") return 0;
  const auto name = map.get<std::string>();
  for (const auto& [board, names] : bundled_maps())
    if (std::find(names.begin(), names.end(), name) != names.end()) return board;
  if (allow_files) return load_map_file(name).board;
  return 0;
}

OptionSpec flag(const char* name, const char* group, const char* description) {
  OptionSpec o;
  o.name = name;
  o.type = OptionType::kBool;
  o.default_value = false;
  o.group = group;
  o.description = description;
  return o;
}

OptionSpec army_option(int side) {
  OptionSpec o;
  o.name = fmt::format("army{}", side);
  o.type = OptionType::kData;
  o.data_kind = "army";
  o.group = "setup";
  o.description = fmt::format(
      "Player {}'s army: one of the edition's sample armies, \"random\" (one drawn from the "
      "seed) or an army file of your own (JSON)",
      side);
  o.default_value = "random";
  o.special = {"random"};
  o.inline_objects = true;
  o.choices.depends_on = "edition";
  o.choices.names = [](const json& edition) {
    return edition.is_string() ? sample_armies(edition.get<std::string>())
                               : std::vector<std::string>{};
  };
  return o;
}

/// The name of a bundled map, or "" when `name` names none.
bool is_bundled_map(const std::string& name) {
  for (const auto& [board, names] : bundled_maps())
    if (std::find(names.begin(), names.end(), name) != names.end()) return true;
  return false;
}

/// The options a position carries, from a game's resolved options.
Options position_options_of(const json& resolved) {
  json position_options = json::object();
  for (const char* key :
       {"board", "turn_limit", "defend_autokill", "pursuit", "multi_move", "retreat_away",
        "elephant_house", "horde_house", "nominated_general", "house_terrain", "dba_setup"})
    position_options[key] = resolved.at(key);
  if (resolved.value("contingents", false)) {
    position_options["contingents"] = true;
    position_options["players"] = resolved.at("players");
  }
  return options_from_json(position_options);
}

}  // namespace

OptionSchema option_schema() {
  OptionSchema s;
  OptionSpec edition;
  edition.name = "edition";
  edition.type = OptionType::kChoice;
  edition.group = "rules";
  edition.description =
      "Rules edition: autokill (the 2nd edition: auto-kills and immunities) or retreat (the "
      "1st edition: retreats and no auto-kills)";
  edition.default_value = "autokill";
  for (const auto& e : builtin_editions()) {
    edition.values.push_back(e);
    edition.value_labels.push_back(e == "autokill"  ? "autokill (2nd edition)"
                                   : e == "retreat" ? "retreat (1st edition)"
                                                    : e);
  }
  s.push_back(edition);

  OptionSpec board;
  board.name = "board";
  board.type = OptionType::kInt;
  board.group = "rules";
  board.description = "Squares a side: 8 (the chessboard) or 12 (the large board)";
  board.default_value = 8;
  board.values = {8, 12};
  board.value_labels = {"8 \u00d7 8 (the chessboard)", "12 \u00d7 12 (the large board)"};
  board.default_note = "the map's board when a map is chosen";
  board.derived_default = [](const json& given, bool allow_files) -> json {
    const auto it = given.find("map");
    if (it == given.end()) return nullptr;
    const int b = board_of_map(*it, allow_files);
    return b == 0 ? json(nullptr) : json(b);
  };
  s.push_back(board);

  OptionSpec turns;
  turns.name = "turn_limit";
  turns.type = OptionType::kInt;
  turns.group = "rules";
  turns.description =
      "Turns in total, each player's turn counting one (200: 100 each); with contingents: "
      "rounds, every player having had a turn; reaching the limit ends the game as a draw";
  turns.default_value = 200;
  turns.min = 1;
  turns.max = 100000;
  s.push_back(turns);

  s.push_back(flag("defend_autokill", "rules", "Defense cards may answer auto-kills too"));
  s.push_back(flag("pursuit", "house rule",
                   "Knights, Scythed Chariots, Horde and Warband follow up a recoil or kill"));
  s.push_back(flag("multi_move", "house rule",
                   "Any number of Move cards on one unit in a turn, each for its edition's "
                   "distance: exactly the card's (autokill), up to it (retreat)"));
  s.push_back(flag("retreat_away", "house rule",
                   "A recoil or retreat square must not touch an enemy unit"));
  s.push_back(flag("elephant_house", "house rule",
                   "Elephants: Move 3, Range 1, special ability = an attack at range 2"));
  s.push_back(flag("horde_house", "house rule",
                   "Horde: Move 2, Range 1, no special ability, never auto-killed"));
  s.push_back(flag("nominated_general", "house rule",
                   "The General is one of the army's elements, of the army's general type"));
  s.push_back(flag("house_terrain", "house rule",
                   "Generated battlefields get woods, built-up areas, steep hills and rivers; "
                   "units on hills may play Rough Ground against attacks from lower ground"));
  OptionSpec dba = flag("dba_setup", "house rule",
                        "The DBA-style set-up of the 12x12 board: four back rows without the "
                        "side columns; the defender (player 2) may swap two attacker units; "
                        "the attacker moves first, the defender's hand still empty");
  dba.needs = {{"board", 12}};
  dba.seat_names = {{"attacker", "defender"}};  // a battle of two while the flag is on
  s.push_back(dba);

  // Multiplayer battles (shared/rules/multiplayer.md).
  OptionSpec contingents =
      flag("contingents", "multiplayer",
           "A battle of 3 or more players on two sides, as in DBA's big battles: each side's "
           "main player and its contingents, one shared deck, turns in player order");
  contingents.needs = {{"board", 12}};
  contingents.multiplayer = true;
  s.push_back(contingents);
  OptionSpec players;
  players.name = "players";
  players.type = OptionType::kChoice;
  players.group = "multiplayer";
  players.description =
      "Players of the attacker's and the defender's side (\"A+D\"); players are numbered in "
      "turn order: the attacker, its contingents, the defender, its contingents. A side of 3 "
      "plays on 16 files (a..p) by 12 ranks";
  players.values = {"1+1", "2+1", "1+2", "2+2", "3+1", "1+3", "3+2", "2+3", "3+3"};
  for (const auto& v : players.values) {  // "A+D": A + D players, in turn order
    const std::string sides = v.get<std::string>();
    const int attackers = sides[0] - '0', defenders = sides[2] - '0';
    players.seats.push_back(attackers + defenders);
    std::vector<std::string> names;
    for (const auto& [side, count] : {std::pair{"attacker", attackers}, {"defender", defenders}})
      for (int k = 0; k < count; ++k)
        names.push_back(k == 0 ? std::string(side)
                        : count == 2
                            ? fmt::format("{}'s contingent", side)
                            : fmt::format("{}'s {} contingent", side, k == 1 ? "1st" : "2nd"));
    players.seat_names.push_back(names);
  }
  players.default_value = "1+1";
  players.default_note = "\"2+2\" with contingents";
  players.default_if = {{"contingents", true, "2+2"}};
  players.needs = {{"contingents", true}};
  players.multiplayer = true;
  s.push_back(players);

  for (int p = 1; p <= kMaxPlayers; ++p) {
    OptionSpec army = army_option(p);
    army.seat = p;
    if (p > 2) {
      army.needs = {{"contingents", true}};
      army.multiplayer = true;
    }
    s.push_back(army);
  }

  OptionSpec map;
  map.name = "map";
  map.type = OptionType::kData;
  map.data_kind = "map";
  map.group = "setup";
  map.description =
      "The battlefield: a ready-made map of the board size, \"generated\" (from the seed; with "
      "the house terrain rule it has woods, built-up areas, steep hills and rivers), "
      "\"defender\" (with the DBA-style set-up: the defender chooses a home topography, places "
      "its terrain features and picks its edge before deployment) or a map file of your own "
      "(JSON)";
  map.default_value = "generated";
  map.special = {"generated", "defender"};
  // The ruling: with the DBA-style set-up the defender places the terrain before deployment
  // (dba-battlefield-and-lists.md); a map chosen by name is the battlefield instead.
  map.default_note = "generated, or \"defender\" with the DBA-style set-up";
  map.default_if = {{"dba_setup", true, "defender"}};
  map.inline_objects = true;
  map.choices.depends_on = "board";
  // The ready-made maps are 8 or 12 files wide: a side of three players (16 files) has none;
  // the defender's battlefield is the DBA-style set-up's.
  map.names_need = {{"players", {}}};
  for (const auto& v : players.values)  // "A+D"
    if (v.get<std::string>().find('3') == std::string::npos) map.names_need[0].values.push_back(v);
  map.special_need["defender"] = {{"dba_setup", {true}}};
  map.choices.names = [](const json& b) {
    const auto& maps = bundled_maps();
    const auto it = b.is_number_integer() ? maps.find(b.get<int>()) : maps.end();
    return it == maps.end() ? std::vector<std::string>{} : it->second;
  };
  s.push_back(map);
  // Short names for menus (the lobby's labels).
  const std::map<std::string, std::string> labels = {
      {"edition", "Edition"},
      {"board", "Board"},
      {"turn_limit", "Turn limit"},
      {"defend_autokill", "Defense cards against auto-kills"},
      {"pursuit", "Pursuit"},
      {"multi_move", "Several Move cards on one unit"},
      {"retreat_away", "Recoil away from the enemy"},
      {"elephant_house", "House-rule Elephants"},
      {"horde_house", "House-rule Horde"},
      {"nominated_general", "Nominated General"},
      {"house_terrain", "House-rule terrain"},
      {"dba_setup", "DBA-style set-up"},
      {"army1", "Army of player 1"},
      {"army2", "Army of player 2"},
      {"army3", "Army of player 3"},
      {"army4", "Army of player 4"},
      {"army5", "Army of player 5"},
      {"army6", "Army of player 6"},
      {"contingents", "Multiplayer (contingents)"},
      {"players", "Players (attacker + defender)"},
      {"map", "Battlefield"}};
  for (OptionSpec& o : s)
    if (const auto it = labels.find(o.name); it != labels.end()) o.label = it->second;
  return s;
}

GameSetup setup_from_options(const json& o, std::uint64_t seed, const OptionContext& context,
                             json* resolved) {
  GameSetup setup;
  setup.edition = o.at("edition").get<std::string>();
  setup.options = position_options_of(o);
  setup.seed = seed;
  const auto rules = builtin_ruleset(setup.edition);
  // "random" armies are drawn as random_game() draws them, so that default options give the
  // same games as the benchmarks and tournaments always played.
  Rng pick(seed ^ 0xA5A5A5A5ULL);
  const auto samples = sample_armies(setup.edition);
  json out = o;
  // Armies for every player (army3..army6 only with contingents); "random" ones are drawn in
  // player order, so a two-player game draws as it always did. In a battle of more players a
  // random army is one no player has yet while there is one (six players, three Parthians).
  std::vector<std::string> taken;
  for (int p = 0; p < setup.options.players(); ++p) {
    const std::string key = fmt::format("army{}", p + 1);
    json& value = out[key];
    if (value == "random") {
      if (samples.empty()) throw BadInput("no sample armies found under " + data_path("armies"));
      std::vector<std::string> free;
      if (setup.options.players() > 2)
        for (const auto& a : samples)
          if (std::find(taken.begin(), taken.end(), a) == taken.end()) free.push_back(a);
      const auto& from = free.empty() ? samples : free;
      value = from[pick.below(static_cast<std::uint32_t>(from.size()))];
    }
    if (value.is_string()) taken.push_back(value.get<std::string>());
    if (value.is_object()) {
      setup.armies[p] = army_from_json(value, *rules, "option " + key);
      continue;
    }
    const auto name = value.get<std::string>();
    const bool sample = std::find(samples.begin(), samples.end(), name) != samples.end();
    if (!sample && !context.allow_files)
      throw BadInput(fmt::format("option {}: no sample army \"{}\" of the {} edition", key, name,
                                 setup.edition));
    setup.armies[p] = find_army(name, *rules);
    if (!sample) value = army_to_json(setup.armies[p], *rules);  // a file: kept inline
  }
  json& map = out["map"];
  if (map.is_object()) {
    setup.field = battlefield_from_json(map, "option map");
  } else if (map == "generated") {
    setup.field = generate_battlefield(setup.options.board, seed, setup.options.house_terrain,
                                       setup.options.width());
  } else if (map == "defender") {
    setup.field = Battlefield{};
    setup.field.name = "the defender's battlefield";
    setup.field.board = setup.options.board;
    setup.defender_battlefield = true;
  } else {
    const auto name = map.get<std::string>();
    const bool bundled = is_bundled_map(name);
    if (!bundled && !context.allow_files)
      throw BadInput(fmt::format("option map: no bundled map \"{}\"", name));
    setup.field =
        bundled ? load_battlefield(data_path("maps/" + name + ".json")) : load_map_file(name);
    if (!bundled) map = battlefield_to_json(setup.field);  // a file: kept inline
  }
  if (resolved != nullptr) *resolved = std::move(out);
  return setup;
}

GameDescriptor descriptor() {
  GameDescriptor d;
  d.name = "ancient-warfare";
  d.short_name = "warfare";
  d.description = "Ancient Warfare (board and cards on a chessboard)";
  d.layout = "board";
  d.from_json = [](const json& j) -> std::unique_ptr<State> { return warfare_from_json(j); };
  d.options = option_schema();
  d.max_players = kMaxPlayers;  // with contingents (multiplayer.md)
  d.create = [](const json& options, std::uint64_t seed, const OptionContext& context) {
    NewGame g;
    const GameSetup setup = setup_from_options(options, seed, context, &g.options);
    g.state = new_game(setup);
    g.side_names = {setup.armies[0].name, setup.armies[1].name};
    if (setup.options.players() > 2)
      for (int p = 0; p < setup.options.players(); ++p)
        g.player_names.push_back(setup.armies[p].name);
    return g;
  };
  d.setup_action = [](const State& state, std::uint64_t seed) -> std::string {
    const auto* w = dynamic_cast<const WarfareState*>(&state);
    if (w == nullptr || w->phase() != Phase::kDeploy || w->swap_step()) return "";
    return auto_deployment(*w, seed);
  };
  d.computer_setup_choice = [](const State& state, std::uint64_t) -> std::string {
    const auto* w = dynamic_cast<const WarfareState*>(&state);
    if (w == nullptr || w->phase() != Phase::kBattlefield) return "";
    return battlefield_choice(*w);
  };
  d.finish_setup = [](State& state, std::uint64_t seed) {
    auto* w = dynamic_cast<WarfareState*>(&state);
    if (w == nullptr) return;
    while (w->phase() == Phase::kBattlefield) w->apply_text(battlefield_choice(*w));
    for (std::uint64_t k = 0; w->phase() == Phase::kDeploy && !w->swap_step(); ++k)
      w->apply_text(auto_deployment(*w, seed + k));
    if (w->swap_step()) w->apply_text("pass");  // the defender swaps nothing
  };
  d.record = [](const RecordInput& in) {
    GameRecord r;
    r.program_version = in.program_version;
    r.date = in.date;
    r.setup = setup_from_options(in.options, in.seed, OptionContext{});
    r.players = in.players;
    r.actions = in.actions;
    for (const auto& a : in.actions)
      if (a.action.starts_with("deploy ")) r.deployments[a.player - 1] = a.action;
    const auto* w = dynamic_cast<const WarfareState*>(in.final_state);
    if (w == nullptr) throw BadInput("ancient-warfare record: no final state");
    r.result = result_of(*w);
    return record_to_json(r);
  };
  d.rules_book = [](const json& resolved) {
    const Options options = position_options_of(resolved);
    const std::string edition = resolved.at("edition").get<std::string>();
    return rules_book(*ruleset_for(edition, options), options);
  };
  d.bench = [](int games, std::uint64_t seed, const json& values, bool trace_legal) {
    const json o = resolve_options(option_schema(), values, OptionContext{}, "ancient-warfare");
    BenchConfig config;
    config.edition = o.at("edition").get<std::string>();
    config.options = position_options_of(o);
    config.trace_legal = trace_legal;
    const BenchResult r = bench(games, seed, config);
    return BenchFigures{
        r.games,
        r.actions,
        r.seconds,
        r.signature,
        r.state_bytes,
        fmt::format("{}, {}x{}, {}, random play", config.edition, config.options.board,
                    config.options.board, options_to_json(config.options).dump()),
        r.legal_listed};
  };
  d.bench_games = 2000;
  d.bench_label = "autokill, 8x8, random play";
  // Multiplayer battles beside the duel (issue #14): 4 players on 12x12, 6 on 16x12.
  d.bench_variants = {
      {"4 players (2+2), 12x12", {{"board", 12}, {"contingents", true}, {"players", "2+2"}}, 400},
      {"6 players (3+3), 16x12", {{"board", 12}, {"contingents", true}, {"players", "3+3"}}, 250}};
  return d;
}

}  // namespace ancients::warfare
