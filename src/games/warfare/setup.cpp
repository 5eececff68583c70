// Building Ancient Warfare games: army and map files, the battlefield generator, automatic
// deployment and the initial state (see setup.h).
#include "games/warfare/setup.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/data_path.h"
#include "core/errors.h"
#include "core/json_input.h"
#include "core/utf8.h"
#include "games/warfare/battlefield_phase.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

json read_json_file(const std::string& path) {
  return read_json_input_file(path);
}

void only_keys(const json& j, std::initializer_list<const char*> allowed,
               const std::string& where) {
  for (const auto& [key, value] : j.items()) {
    bool ok = false;
    for (const char* a : allowed) ok = ok || key == a;
    if (!ok) throw BadInput(fmt::format("{}: unknown key \"{}\"", where, key));
  }
}

std::string require_string(const json& j, const char* key, const std::string& where) {
  if (!j.contains(key) || !j[key].is_string())
    throw BadInput(fmt::format("{}: \"{}\" must be a string", where, key));
  return j[key].get<std::string>();
}

/// A string of at most `max_chars` characters (Unicode code points: UTF-8 bytes that do not
/// continue a character), refused with the field and the limit named: an uploaded army's or
/// map's texts reach every message of its game (setup.h, kMaxNameChars).
std::string bounded_string(const json& j, const char* key, const std::string& where,
                           std::size_t max_chars) {
  std::string s = require_string(j, key, where);
  const std::size_t chars = utf8_chars(s);
  if (chars > max_chars)
    throw BadInput(fmt::format("{}: \"{}\" is limited to {} characters (has {})", where, key,
                               max_chars, chars));
  return s;
}

}  // namespace

bool may_lead(const UnitDef& d) {
  return d.role == Role::kUnit && !d.light && d.id != "psiloi" && d.id != "light-horse";
}

namespace {

/// The type of an army's General's element under nominated_general.
UnitType nominated_type(const Army& army, const Ruleset& rules) {
  if (!army.general.empty()) return static_cast<UnitType>(rules.find_unit(army.general));
  for (const auto& e : army.units)
    if (may_lead(rules.units[e.type])) return e.type;
  throw BadInput(fmt::format(
      "army \"{}\": nominated_general needs a unit that may lead (not light troops); name it "
      "with \"general\"",
      army.name));
}

}  // namespace

Army army_from_json(const json& j, const Ruleset& rules, const std::string& where) {
  if (!j.is_object()) throw BadInput(where + ": an army must be a JSON object");
  only_keys(j, {"format", "version", "name", "edition", "note", "units", "general", "topography"},
            where);
  if (require_string(j, "format", where) != "ancients-army")
    throw BadInput(where + ": \"format\" must be \"ancients-army\"");
  if (!j.contains("version") || j["version"] != 1)
    throw BadInput(where + ": \"version\" must be 1");
  Army army;
  army.name = bounded_string(j, "name", where, kMaxNameChars);
  army.edition = require_string(j, "edition", where);
  if (army.edition != rules.edition)
    throw BadInput(fmt::format("{}: the army is for the {} edition, not {}", where, army.edition,
                               rules.edition));
  if (j.contains("note")) army.note = bounded_string(j, "note", where, kMaxNoteChars);
  if (j.contains("topography")) {
    army.topography = require_string(j, "topography", where);
    if (!field_topography_index(army.topography)) {
      std::string known;
      for (const auto& t : field_table().topographies) known += (known.empty() ? "" : "|") + t.id;
      throw BadInput(fmt::format("{}: topography: unknown home topography \"{}\" (known: {})",
                                 where, army.topography, known));
    }
  }
  if (j.contains("general")) {
    army.general = require_string(j, "general", where);
    const int t = rules.find_unit(army.general);
    if (t < 0)
      throw BadInput(fmt::format("{}: general: unknown unit type \"{}\" in the {} edition", where,
                                 army.general, rules.edition));
    if (!may_lead(rules.units[t]))
      throw BadInput(fmt::format(
          "{}: general: a {} cannot be the General's element (not the General, Camp or light "
          "troops such as Light Horse and Psiloi)",
          where, army.general));
  }
  if (!j.contains("units") || !j["units"].is_array())
    throw BadInput(where + ": \"units\" must be a list like [\"general\", \"camp\", \"blades*\"]");
  int generals = 0, camps = 0, elites = 0, others = 0;
  for (std::size_t i = 0; i < j["units"].size(); ++i) {
    const json& u = j["units"][i];
    if (!u.is_string())
      throw BadInput(fmt::format("{}: units[{}] must be a unit type name", where, i));
    std::string name = u.get<std::string>();
    const bool elite = !name.empty() && name.back() == '*';
    if (elite) name.pop_back();
    const int t = rules.find_unit(name);
    if (t < 0)
      throw BadInput(fmt::format("{}: units[{}]: unknown unit type \"{}\" in the {} edition", where,
                                 i, name, rules.edition));
    const Role role = rules.units[t].role;
    generals += role == Role::kGeneral;
    camps += role == Role::kCamp;
    others += role == Role::kUnit;
    elites += elite;
    // One pick may give several units (the retreat edition's Horde: "2 such units").
    for (int k = 0; k < rules.units[t].per_pick; ++k)
      army.units.push_back(
          ArmyEntry{static_cast<UnitType>(t), static_cast<std::uint8_t>(elite && k == 0)});
  }
  if (generals != 1)
    throw BadInput(fmt::format("{}: an army needs exactly 1 general (has {})", where, generals));
  if (camps != 1)
    throw BadInput(fmt::format("{}: an army needs exactly 1 camp (has {})", where, camps));
  if (others != rules.army_units)
    throw BadInput(fmt::format("{}: an army needs {} units besides General and Camp (has {})",
                               where, rules.army_units, others));
  if (elites > rules.elite_max)
    throw BadInput(
        fmt::format("{}: at most {} units may be Elite (has {})", where, rules.elite_max, elites));
  return army;
}

json army_to_json(const Army& army, const Ruleset& rules) {
  json units = json::array();
  std::vector<int> owed(rules.units.size(), 0);  // further units of a multi-unit pick
  for (const auto& e : army.units) {
    if (owed[e.type] > 0 && !e.elite) {
      --owed[e.type];
      continue;
    }
    owed[e.type] += rules.units[e.type].per_pick - 1;
    units.push_back(rules.units[e.type].id + (e.elite ? "*" : ""));
  }
  json j = {{"format", "ancients-army"},
            {"version", 1},
            {"name", army.name},
            {"edition", army.edition},
            {"units", units}};
  if (!army.note.empty()) j["note"] = army.note;
  if (!army.general.empty()) j["general"] = army.general;
  if (!army.topography.empty()) j["topography"] = army.topography;
  return j;
}

Army load_army(const std::string& path, const Ruleset& rules) {
  return army_from_json(read_json_file(path), rules, path);
}

std::vector<std::string> sample_armies(const std::string& edition) {
  std::vector<std::string> out;
  const auto dir = std::filesystem::path(data_path("armies/" + edition));
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") out.push_back(entry.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

Army find_army(const std::string& name_or_path, const Ruleset& rules) {
  if (name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".json"))
    return load_army(name_or_path, rules);
  const std::string path = data_path("armies/" + rules.edition + "/" + name_or_path + ".json");
  std::error_code ec;
  // A file named without a folder or ".json" ("myarmy.txt"): read as a file, its errors told.
  if (!std::filesystem::exists(path, ec) && std::filesystem::is_regular_file(name_or_path, ec))
    return load_army(name_or_path, rules);
  if (!std::filesystem::exists(path, ec)) {
    std::string known;
    for (const auto& s : sample_armies(rules.edition)) {
      if (!known.empty()) known += ", ";
      known += s;
    }
    throw BadInput(
        fmt::format("unknown army \"{}\" (samples: {}; or give a file path)", name_or_path, known));
  }
  return load_army(path, rules);
}

Battlefield battlefield_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) throw BadInput(where + ": a map must be a JSON object");
  only_keys(
      j, {"format", "version", "name", "board", "width", "terrain", "rivers", "note", "features"},
      where);
  if (require_string(j, "format", where) != "ancients-map")
    throw BadInput(where + ": \"format\" must be \"ancients-map\"");
  if (!j.contains("version") || j["version"] != 1)
    throw BadInput(where + ": \"version\" must be 1");
  Battlefield f;
  f.name = bounded_string(j, "name", where, kMaxNameChars);
  if (!j.contains("board") || !j["board"].is_number_integer() ||
      (j["board"] != 8 && j["board"] != 12))
    throw BadInput(where + ": \"board\" must be 8 or 12");
  f.board = j["board"].get<int>();
  if (j.contains("width")) {  // the wide board of a multiplayer battle: 16 files by 12 ranks
    if (j["width"] != 16 || f.board != 12)
      throw BadInput(where + ": \"width\" must be 16, with board 12 (or left out: square)");
    f.width = 16;
  }
  if (j.contains("note")) f.note = bounded_string(j, "note", where, kMaxNoteChars);
  if (!j.contains("terrain") || !j["terrain"].is_object())
    throw BadInput(where + ": \"terrain\" must be an object of square: terrain");
  for (const auto& [name, value] : j["terrain"].items()) {
    const auto sq = parse_square(name, f.files(), f.board);
    if (!sq)
      throw BadInput(fmt::format("{}: terrain: \"{}\" is not a square of the {}x{} board", where,
                                 name, f.files(), f.board));
    const std::string t = value.is_string() ? value.get<std::string>() : "";
    const auto known = std::find(std::begin(kTerrainNames), std::end(kTerrainNames), t);
    if (known == std::end(kTerrainNames))
      throw BadInput(fmt::format(
          "{}: terrain.{}: unknown terrain {} (clear, rough, hill, impassable, woods, built-up, "
          "steep-hill)",
          where, name, value.dump()));
    if (known == std::begin(kTerrainNames)) continue;
    f.terrain.emplace_back(*sq, static_cast<Terrain>(known - std::begin(kTerrainNames)));
  }
  if (j.contains("rivers")) {
    // At most one river on each edge between two squares of the board.
    const std::size_t edges = static_cast<std::size_t>(2 * f.files() * f.board);
    if (!j["rivers"].is_array() || j["rivers"].size() > edges)
      throw BadInput(
          fmt::format("{}: \"rivers\" must be a list of at most {} [SQ, SQ] pairs", where, edges));
    const Geometry& g = geometry(f.board, f.files());
    for (std::size_t i = 0; i < j["rivers"].size(); ++i) {
      const json& e = j["rivers"][i];
      const std::string w = fmt::format("{}: rivers[{}]", where, i);
      if (!e.is_array() || e.size() != 2 || !e[0].is_string() || !e[1].is_string())
        throw BadInput(w + " must be a pair of squares like [\"d4\", \"d5\"]");
      const auto a = parse_square(e[0].get<std::string>(), f.files(), f.board);
      const auto b = parse_square(e[1].get<std::string>(), f.files(), f.board);
      if (!a || !b) throw BadInput(w + ": not squares of the board");
      const auto l = g.line(*a, *b);
      if (!l || l->second != 1 || l->first % 2 != 0)
        throw BadInput(w + ": a river runs between two orthogonally adjacent squares");
      for (const auto& [x, y] : f.rivers)
        if ((x == *a && y == *b) || (x == *b && y == *a))
          throw BadInput(fmt::format("{}: the river between {} and {} is given twice", w,
                                     e[0].get<std::string>(), e[1].get<std::string>()));
      f.rivers.emplace_back(*a, *b);
    }
  }
  if (j.contains("features")) {
    if (!j["features"].is_array() || j["features"].size() > kMaxMapFeatures)
      throw BadInput(fmt::format("{}: \"features\" must be a list of at most {} features", where,
                                 kMaxMapFeatures));
    for (std::size_t i = 0; i < j["features"].size(); ++i) {
      const json& feat = j["features"][i];
      const std::string w = fmt::format("{}: features[{}]", where, i);
      if (!feat.is_object()) throw BadInput(w + " must be an object");
      only_keys(feat, {"name", "source", "squares"}, w);
      bounded_string(feat, "name", w, kMaxFeatureNameChars);
      bounded_string(feat, "source", w, kMaxFeatureSourceChars);
      // A feature lies on squares of the board: no more of them than the board has.
      if (!feat.contains("squares") || !feat["squares"].is_array() ||
          feat["squares"].size() > static_cast<std::size_t>(f.files() * f.board))
        throw BadInput(fmt::format("{}: \"squares\" must be a list of at most {} squares", w,
                                   f.files() * f.board));
      for (const auto& s : feat["squares"])
        if (!s.is_string() || !parse_square(s.get<std::string>(), f.board))
          throw BadInput(fmt::format("{}: {} is not a square of the board", w, s.dump()));
    }
    f.features = j["features"];
  }
  return f;
}

json battlefield_to_json(const Battlefield& f) {
  json terrain = json::object();
  for (const auto& [sq, t] : f.terrain)
    terrain[square_name(sq, f.files())] = kTerrainNames[static_cast<int>(t)];
  json j = {{"format", "ancients-map"},
            {"version", 1},
            {"name", f.name},
            {"board", f.board},
            {"terrain", terrain}};
  if (f.width != 0) j["width"] = f.width;
  if (!f.rivers.empty()) {
    json rivers = json::array();
    for (const auto& [a, b] : f.rivers)
      rivers.push_back(json::array({square_name(a, f.files()), square_name(b, f.files())}));
    j["rivers"] = rivers;
  }
  if (!f.note.empty()) j["note"] = f.note;
  if (!f.features.empty()) j["features"] = f.features;
  return j;
}

Battlefield load_battlefield(const std::string& path) {
  return battlefield_from_json(read_json_file(path), path);
}

namespace {

/// The German house rules' terrain: 6-square woods and hills (a third of the hills steep), a
/// 1-square built-up area within 5 squares of two sides, and a small river between ranks.
void house_terrain(std::vector<Terrain>& grid, Battlefield& f, Rng& rng, int lo, int hi) {
  const int board = f.board;
  const int pieces = 2 + static_cast<int>(rng.below(board == 12 ? 3 : 2));
  for (int k = 0; k < pieces; ++k) {
    const std::uint32_t roll = rng.below(6);
    const Terrain t = roll < 3 ? Terrain::kWoods : roll < 5 ? Terrain::kHill : Terrain::kSteepHill;
    std::vector<int> blob = {
        (lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1)))) * board +
        static_cast<int>(rng.below(static_cast<std::uint32_t>(board)))};
    for (int tries = 0; blob.size() < 6 && tries < 60; ++tries) {
      const int from = blob[rng.below(static_cast<std::uint32_t>(blob.size()))];
      const int dir = 2 * static_cast<int>(rng.below(4));
      const int to = geometry(board).step(from, dir);
      if (to == kNoSquare || to / board < lo || to / board > hi) continue;
      if (std::find(blob.begin(), blob.end(), to) == blob.end()) blob.push_back(to);
    }
    for (int sq : blob) grid[sq] = t;
  }
  // The BUA: within 5 squares of a side edge and of a back edge, outside the deployment zones.
  const int file = rng.below(2) == 0 ? static_cast<int>(rng.below(5))
                                     : board - 1 - static_cast<int>(rng.below(5));
  const int rank = lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1)));
  grid[rank * board + file] = Terrain::kBuiltUp;
  // A small river between two middle ranks, across part of the board.
  const int r = lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo)));
  const int len = 3 + static_cast<int>(rng.below(static_cast<std::uint32_t>(board / 2)));
  const int f0 = static_cast<int>(rng.below(static_cast<std::uint32_t>(board - len + 1)));
  for (int x = f0; x < f0 + len; ++x) f.rivers.emplace_back(r * board + x, (r + 1) * board + x);
}

}  // namespace

Battlefield generate_battlefield(int board, std::uint64_t seed, bool house, int width) {
  if (width != 0 && width != board) {  // the wide board: the square field, centred
    Battlefield f = generate_battlefield(board, seed, house);
    const int shift = (width - board) / 2;
    const auto moved = [&](int sq) { return (sq / board) * width + sq % board + shift; };
    for (auto& [sq, t] : f.terrain) sq = moved(sq);
    for (auto& [a, b] : f.rivers) a = moved(a), b = moved(b);
    f.width = width;
    f.features = nlohmann::json::array();  // the DBA feature notes name squares of 12x12
    return f;
  }
  Rng rng(seed);
  Battlefield f;
  f.board = board;
  f.name = fmt::format("generated battlefield (seed {}{})", seed, house ? ", house terrain" : "");
  std::vector<Terrain> grid(board * board, Terrain::kClear);
  // Features sit in the middle ranks (between the deployment rows), 1 to 4 squares each.
  const int lo = 2, hi = board - 3;
  if (house) {
    house_terrain(grid, f, rng, board == 12 ? 4 : 2, board == 12 ? 7 : board - 3);
    for (int sq = 0; sq < board * board; ++sq)
      if (grid[sq] != Terrain::kClear) f.terrain.emplace_back(sq, grid[sq]);
    return f;
  }
  const int features = 2 + static_cast<int>(rng.below(board == 12 ? 5 : 3));
  for (int k = 0; k < features; ++k) {
    const std::uint32_t roll = rng.below(10);
    const Terrain t = roll < 5 ? Terrain::kRough : roll < 9 ? Terrain::kHill : Terrain::kImpassable;
    const int size = t == Terrain::kImpassable ? 1 : 1 + static_cast<int>(rng.below(4));
    int f0 = static_cast<int>(rng.below(board));
    int r0 = lo + static_cast<int>(rng.below(hi - lo + 1));
    for (int s = 0; s < size; ++s) {
      grid[r0 * board + f0] = t;
      const int dir = static_cast<int>(rng.below(4));
      const int nf = f0 + (dir == 0) - (dir == 1), nr = r0 + (dir == 2) - (dir == 3);
      if (nf >= 0 && nf < board && nr >= lo && nr <= hi) f0 = nf, r0 = nr;
    }
  }
  for (int sq = 0; sq < board * board; ++sq)
    if (grid[sq] != Terrain::kClear) f.terrain.emplace_back(sq, grid[sq]);
  return f;
}

std::unique_ptr<WarfareState> new_game(const GameSetup& setup) {
  auto rules = setup.rules ? setup.rules : ruleset_for(setup.edition, setup.options);
  Options options = setup.options;
  if (setup.field.board != options.board || setup.field.files() != options.width())
    throw BadInput(fmt::format("the battlefield \"{}\" is {}x{} but the game is {}x{}",
                               setup.field.name, setup.field.files(), setup.field.board,
                               options.width(), options.board));
  auto s = std::make_unique<WarfareState>(rules.get(), options);
  for (const auto& [sq, t] : setup.field.terrain) s->set_terrain(sq, t);
  for (const auto& [a, b] : setup.field.rivers)
    if (!s->add_river(a, b)) throw BadInput("a river must run between orthogonal neighbours");
  for (int p = 1; p <= options.players(); ++p) {
    Army army = setup.armies[p - 1];
    if (options.contingents) s->set_army_name(p, army.name);  // the position's players.N.army
    if (army.units.empty())
      throw BadInput(fmt::format("player {} has no army (a game of {} players needs {} armies)", p,
                                 options.players(), options.players()));
    if (options.nominated_general) {
      const UnitType t = nominated_type(army, *rules);
      for (auto& e : army.units)
        if (rules->units[e.type].role == Role::kGeneral) {
          e.type = t;
          e.general = 1;
        }
    }
    int usable = 0, firm = 0, need_firm = 0;
    for (int sq = 0; sq < s->geo().squares; ++sq) {
      if (!s->in_deploy_zone(p, sq) || s->terrain(sq) == Terrain::kImpassable) continue;
      ++usable;
      firm += !s->difficult(sq);
    }
    for (const auto& e : army.units) need_firm += rules->units[e.type].no_rough;
    if (static_cast<int>(army.units.size()) > usable || need_firm > firm)
      throw BadInput(fmt::format(
          "army \"{}\" (player {}) does not fit its deployment rows on \"{}\": {} units ({} that "
          "cannot enter rough) for {} usable squares ({} not rough)",
          army.name, p, setup.field.name, army.units.size(), need_firm, usable, firm));
    if (army.units.size() > kMaxArmy) throw BadInput("army \"" + army.name + "\" is too large");
    for (const auto& e : army.units) s->add_reserve(p, e);
  }
  Rng rng(setup.seed);
  auto deck = rules->full_deck();
  shuffle(deck.data(), deck.size(), rng);
  s->set_deck(deck);
  s->rng() = rng;
  s->set_turn(0);
  s->set_phase(Phase::kDeploy, 1, 1);
  if (setup.defender_battlefield) {
    if (options.width() != options.board)
      throw BadInput(
          "map \"defender\": the defender's battlefield is placed on a square board (a side of "
          "3 players plays on 16 files: choose \"generated\")");
    if (!options.dba_setup)
      throw BadInput(
          "map \"defender\": the defender places the battlefield only with the DBA-style set-up "
          "(dba_setup, board 12)");
    s->begin_battlefield();
    if (const auto home = field_topography_index(setup.armies[s->main_player(2) - 1].topography))
      s->field().home = static_cast<std::uint8_t>(*home);
  }
  return s;
}

std::string auto_deployment(const WarfareState& state, std::uint64_t seed) {
  const Ruleset& rules = state.rules();
  const int p = state.to_act();
  const int size = state.geo().width, height = state.geo().height;
  Rng rng(seed);
  // The zone's ranks from the front: the front half takes the melee troops, the back half the
  // rest; within a rank, squares from the centre outwards.
  const int depth = state.options().dba_setup || state.options().contingents ? 4 : 2;
  auto row = [&](int rank) {
    std::vector<int> sq;
    for (int f = 0; f < size; ++f)
      if (state.in_deploy_zone(p, rank * size + f)) sq.push_back(rank * size + f);
    std::stable_sort(sq.begin(), sq.end(), [&](int a, int b) {
      return std::abs(2 * (a % size) - (size - 1)) < std::abs(2 * (b % size) - (size - 1));
    });
    return sq;
  };
  std::vector<int> front, back;
  for (int k = 0; k < depth; ++k) {
    const int rank = state.side_of(p) == 1 ? depth - 1 - k : height - depth + k;  // front first
    for (int sq : row(rank)) (k < depth / 2 ? front : back).push_back(sq);
  }
  std::vector<int> melee, rear;
  for (int i = 0; i < state.reserve_count(p); ++i) {
    const UnitDef& d = rules.units[state.reserve(p, i).type];
    const bool behind =
        d.missile || d.role != Role::kUnit || d.move <= 1 || state.reserve(p, i).general;
    (behind ? rear : melee).push_back(i);
  }
  shuffle(melee.data(), melee.size(), rng);
  shuffle(rear.data(), rear.size(), rng);
  std::vector<int> squares(state.reserve_count(p), -1);
  std::vector<bool> used(kMaxSquares, false);
  auto place = [&](int i, const std::vector<int>& first, const std::vector<int>& second) {
    const UnitType t = state.reserve(p, i).type;
    for (const auto* list : {&first, &second})
      for (int sq : *list)
        if (!used[sq] && state.unit_at(sq) < 0 && state.can_enter(t, sq)) {
          used[sq] = true;
          squares[i] = sq;
          return true;
        }
    return false;
  };
  // Units that cannot enter rough choose first so that they always find firm ground.
  std::vector<int> all;
  for (int i : melee) all.push_back(i);
  for (int i : rear) all.push_back(i);
  std::stable_partition(all.begin(), all.end(),
                        [&](int i) { return rules.units[state.reserve(p, i).type].no_rough; });
  for (int i : all) {
    const bool is_melee = std::find(melee.begin(), melee.end(), i) != melee.end();
    if (!place(i, is_melee ? front : back, is_melee ? back : front))
      throw BadInput(fmt::format("player {}'s army does not fit its deployment rows", p));
  }
  std::string text = "deploy ";
  for (int i = 0; i < state.reserve_count(p); ++i) {
    const ArmyEntry& e = state.reserve(p, i);
    text += fmt::format("{}{}{}{}:{}", i ? "," : "", rules.units[e.type].id, e.elite ? "*" : "",
                        e.general ? "!" : "", square_name(squares[i], size));
  }
  return text;
}

}  // namespace ancients::warfare

namespace ancients::warfare {

std::unique_ptr<WarfareState> random_game(std::uint64_t seed, const Options& options,
                                          const std::string& edition) {
  static const auto load = [](const std::string& ed) {
    auto rules = builtin_ruleset(ed);
    std::vector<Army> out;
    for (const auto& name : sample_armies(ed)) out.push_back(find_army(name, *rules));
    if (out.empty()) throw BadInput("no sample armies found under " + data_path("armies/" + ed));
    return out;
  };
  static const std::vector<Army> autokill_samples = load("autokill");
  static const std::vector<Army> retreat_samples = load("retreat");
  const auto& samples = edition == "retreat" ? retreat_samples : autokill_samples;
  if (edition != "retreat" && edition != "autokill")
    throw BadInput(fmt::format("unknown edition \"{}\"", edition));
  Rng pick(seed ^ 0xA5A5A5A5ULL);
  GameSetup setup;
  setup.edition = edition;
  setup.options = options;
  setup.seed = seed;
  setup.armies[0] = samples[pick.below(static_cast<std::uint32_t>(samples.size()))];
  setup.armies[1] = samples[pick.below(static_cast<std::uint32_t>(samples.size()))];
  for (int p = 3; p <= options.players(); ++p)  // contingents: more armies from the same draw
    setup.armies[p - 1] = samples[pick.below(static_cast<std::uint32_t>(samples.size()))];
  setup.field = generate_battlefield(options.board, seed, options.house_terrain, options.width());
  return new_game(setup);
}

}  // namespace ancients::warfare
