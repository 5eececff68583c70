// The defender's battlefield in the position JSON ("battlefield", docs/protocol.md and
// shared/rules/positions-and-notation.md's extensions): written while the phase runs and, once
// features were placed, for the rest of the game (the map's notes); read back strictly.
#include <fmt/format.h>

#include "core/errors.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

constexpr const char* kStepNames[] = {"topography", "features", "side"};
constexpr const char* kEdgeNames[] = {"south", "east", "north", "west"};

[[noreturn]] void fail(const std::string& msg) {
  throw BadInput("position: battlefield: " + msg);
}

int square_of(const json& v, int size, const std::string& what) {
  if (!v.is_string()) fail(what + " must be a square name");
  const auto sq = parse_square(v.get<std::string>(), size);
  if (!sq) fail(fmt::format("{}: \"{}\" is not a square of the board", what, v.get<std::string>()));
  return *sq;
}

/// The squares a road placed from its start square crosses, by name ("crosses").
json road_crossing(const FieldFeature& ff, int size) {
  json out = json::array();
  for (const int sq : field_road_squares(ff.squares[0], size)) out.push_back(square_name(sq, size));
  return out;
}

}  // namespace

json field_to_json(const FieldSetup& f, int size) {
  const auto& table = field_table();
  json j;
  j["step"] = kStepNames[static_cast<int>(f.step)];
  j["topography"] =
      f.topography == 0xFF ? json(nullptr) : json(table.topographies[f.topography].id);
  if (f.home != 0xFF) j["home"] = table.topographies[f.home].id;
  json features = json::array();
  for (int i = 0; i < f.count; ++i) {
    const FieldFeature& ff = f.features[i];
    const auto& kind = table.features[ff.kind];
    json one = {{"kind", kind.id}};
    if (ff.die != 0) one["die"] = ff.die;
    if (kind.shape == dba::Shape::kWaterway) {
      one["edge"] = waterway_edge_name(ff.squares[0]);
    } else if (kind.shape != dba::Shape::kRiver) {
      json squares = json::array();
      for (int k = 0; k < ff.count; ++k) squares.push_back(square_name(ff.squares[k], size));
      one["squares"] = std::move(squares);
    }
    if (kind.shape == dba::Shape::kRoad && ff.count > 0) one["crosses"] = road_crossing(ff, size);
    features.push_back(std::move(one));
  }
  j["features"] = std::move(features);
  j["building"] = f.building != 0;
  if (f.river_end != 0xFF) {
    j["river_end"] = json::array({f.river_end % (size + 1), f.river_end / (size + 1)});
    j["river_from"] = kEdgeNames[f.river_side % 4];
  }
  return j;
}

FieldSetup field_from_json(const json& j, int size) {
  if (!j.is_object()) fail("expected an object");
  static const std::vector<std::string> known = {"step",     "topography", "home",      "features",
                                                 "building", "river_end",  "river_from"};
  for (const auto& [key, value] : j.items())
    if (std::find(known.begin(), known.end(), key) == known.end())
      fail(fmt::format("unknown field \"{}\"", key));
  const auto& table = field_table();
  FieldSetup f;
  const auto step = j.find("step");
  if (step == j.end() || !step->is_string()) fail("missing \"step\"");
  bool step_ok = false;
  for (int i = 0; i < 3; ++i)
    if (*step == kStepNames[i]) {
      f.step = static_cast<FieldStep>(i);
      step_ok = true;
    }
  if (!step_ok) fail("\"step\" must be topography, features or side");
  const auto topo = j.find("topography");
  if (topo != j.end() && !topo->is_null()) {
    if (!topo->is_string()) fail("\"topography\" must be a name or null");
    const auto t = field_topography_index(topo->get<std::string>());
    if (!t) fail(fmt::format("unknown topography \"{}\"", topo->get<std::string>()));
    f.topography = static_cast<std::uint8_t>(*t);
  }
  const auto home = j.find("home");
  if (home != j.end()) {
    const auto t =
        home->is_string() ? field_topography_index(home->get<std::string>()) : std::nullopt;
    if (!t) fail("\"home\" must name a topography");
    f.home = static_cast<std::uint8_t>(*t);
  }
  if ((f.topography == 0xFF) != (f.step == FieldStep::kTopography))
    fail("a topography is chosen exactly when the step is not \"topography\"");
  const auto features = j.find("features");
  if (features != j.end()) {
    if (!features->is_array() || features->size() > kMaxFeatures)
      fail(fmt::format("\"features\" must be a list of at most {} features", kMaxFeatures));
    for (const auto& one : *features) {
      if (!one.is_object() || !one.contains("kind") || !one["kind"].is_string())
        fail("each feature needs a \"kind\"");
      const auto k = field_kind_index(one["kind"].get<std::string>());
      if (!k) fail(fmt::format("unknown feature kind \"{}\"", one["kind"].get<std::string>()));
      const auto& kind = table.features[static_cast<std::size_t>(*k)];
      FieldFeature ff;
      ff.kind = static_cast<std::uint8_t>(*k);
      if (one.contains("die")) {
        if (!one["die"].is_number_integer() || one["die"] < 1 || one["die"] > 6 || !kind.rolled)
          fail(fmt::format("{}: \"die\" is 1-6, for rolled kinds only", kind.id));
        ff.die = one["die"].get<std::uint8_t>();
      }
      if (kind.shape == dba::Shape::kWaterway) {
        if (!one.contains("edge") || (one["edge"] != "west" && one["edge"] != "east"))
          fail("a waterway needs \"edge\": west or east");
        ff.squares[0] = one["edge"] == "west" ? 0 : 1;
        ff.count = 1;
      } else if (one.contains("squares")) {
        const json& sq = one["squares"];
        if (!sq.is_array() || sq.size() > kFeatureSquares)
          fail(fmt::format("{}: \"squares\" must list at most {}", kind.id, kFeatureSquares));
        for (const auto& s : sq)
          ff.squares[ff.count++] = static_cast<std::uint8_t>(square_of(s, size, kind.id));
      }
      // A road's squares crossed follow from its start; given, they must be those.
      if (one.contains("crosses") && (kind.shape != dba::Shape::kRoad || ff.count == 0 ||
                                      one["crosses"] != road_crossing(ff, size)))
        fail(kind.id + ": \"crosses\" must list the squares the road crosses from its start");
      f.features[f.count++] = ff;
    }
  }
  const auto building = j.find("building");
  if (building != j.end() && !building->is_boolean()) fail("\"building\" must be true or false");
  f.building = building != j.end() && building->get<bool>() ? 1 : 0;
  if (f.building != 0 && (f.count == 0 || f.step != FieldStep::kFeatures))
    fail("a feature is being placed only in the features step, after one was started");
  const auto end = j.find("river_end");
  if (end != j.end()) {
    if (!end->is_array() || end->size() != 2 || !(*end)[0].is_number_integer() ||
        !(*end)[1].is_number_integer())
      fail("\"river_end\" must be [x, y]");
    const int x = (*end)[0], y = (*end)[1];
    if (x <= 0 || x >= size || y <= 0 || y >= size)
      fail("\"river_end\" must be a corner of squares inside the board");
    f.river_end = static_cast<std::uint8_t>(x + y * (size + 1));
    const auto from = j.find("river_from");
    bool from_ok = false;
    for (int i = 0; i < 4 && from != j.end(); ++i)
      if (*from == kEdgeNames[i]) {
        f.river_side = static_cast<std::uint8_t>(i);
        from_ok = true;
      }
    if (!from_ok) fail("\"river_from\" must be south, east, north or west");
    if (f.building == 0 || table.features[f.features[f.count - 1].kind].shape != dba::Shape::kRiver)
      fail("\"river_end\" belongs to a river being placed");
  } else if (f.building != 0 &&
             table.features[f.features[f.count - 1].kind].shape == dba::Shape::kRiver) {
    fail("a river being placed needs \"river_end\" and \"river_from\"");
  }
  return f;
}

}  // namespace ancients::warfare
