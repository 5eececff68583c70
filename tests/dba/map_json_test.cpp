// The strict map-file check (docs/formats.md "Map file") that generated and hand-made maps
// pass alike: the bundled maps pass, and each kind of mistake is refused with its reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/data_path.h"
#include "core/errors.h"
#include "dba_support.h"
#include "tools/dba/generate.h"
#include "tools/dba/map_json.h"

namespace {

using namespace dba_test;
using nlohmann::json;

json good_map() {
  return json::parse(R"({
    "format": "ancients-map", "version": 1, "name": "Test", "board": 8,
    "terrain": {"c4": "rough", "e5": "hill", "a6": "impassable", "b2": "clear"},
    "note": "free text",
    "features": [{"name": "wood", "source": "dba", "squares": ["c4"]}]
  })");
}

std::string refusal(const json& j) {
  try {
    validate_map_json(j, "test.json");
  } catch (const ancients::BadInput& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_MAP_REFUSED(j, words) \
  EXPECT_NE(refusal(j).find(words), std::string::npos) << "message: \"" << refusal(j) << "\""

TEST(MapJson, AGoodMapPasses) {
  EXPECT_EQ(refusal(good_map()), "");
}

TEST(MapJson, TheBundledHandMadeMapsPass) {
  int maps = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(ancients::data_path("maps"), ec)) {
    if (entry.path().extension() != ".json") continue;
    ++maps;
    EXPECT_NO_THROW(read_map_file(entry.path().string())) << entry.path();
  }
  if (maps == 0) GTEST_SKIP() << "no bundled maps yet";
}

TEST(MapJson, TopLevelMistakesAreRefused) {
  EXPECT_MAP_REFUSED(json::array(), "must be a JSON object");
  json j = good_map();
  j["colour"] = "red";
  EXPECT_MAP_REFUSED(j, "unknown key \"colour\"");
  j = good_map();
  j["format"] = "dba-map";
  EXPECT_MAP_REFUSED(j, "\"format\" must be \"ancients-map\"");
  j = good_map();
  j["version"] = 2;
  EXPECT_MAP_REFUSED(j, "\"version\" must be 1");
  j["version"] = "1";
  EXPECT_MAP_REFUSED(j, "\"version\" must be 1");
  j = good_map();
  j.erase("name");
  EXPECT_MAP_REFUSED(j, "\"name\" is missing");
  j = good_map();
  j["board"] = 10;
  EXPECT_MAP_REFUSED(j, "\"board\" must be 8 or 12");
  j["board"] = "8";
  EXPECT_MAP_REFUSED(j, "\"board\" must be 8 or 12");
  j = good_map();
  j["note"] = 5;
  EXPECT_MAP_REFUSED(j, "\"note\" must be a string");
  j = good_map();
  j.erase("terrain");
  EXPECT_MAP_REFUSED(j, "\"terrain\" must be an object");
}

TEST(MapJson, HouseRuleRiversAreCheckedSquareBySquare) {
  json j = good_map();
  j["rivers"] = json::array({json::array({"d4", "d5"})});
  EXPECT_EQ(refusal(j), "");
  j["rivers"] = json::array({json::array({"d4", "d9"})});
  EXPECT_MAP_REFUSED(j, "is not a pair of squares of the board");
  j["rivers"] = json::array({json::array({"d4"})});
  EXPECT_MAP_REFUSED(j, "is not a pair of squares of the board");
  j["rivers"] = "d4-d5";
  EXPECT_MAP_REFUSED(j, "\"rivers\" must be an array");
}

TEST(MapJson, TerrainMistakesAreRefused) {
  for (const char* square : {"i1", "a9", "a0", "a01", "A1", "a", "b2x"}) {
    json j = good_map();
    j["terrain"][square] = "rough";
    EXPECT_MAP_REFUSED(j, "is not a square of the 8x8 board") << square;
  }
  json big = good_map();
  big["board"] = 12;
  big["terrain"]["l12"] = "hill";
  EXPECT_EQ(refusal(big), "");
  json j = good_map();
  j["terrain"]["d4"] = "forest";
  EXPECT_MAP_REFUSED(j, "unknown terrain \"forest\"");
  j["terrain"]["d4"] = 1;
  EXPECT_MAP_REFUSED(j, "unknown terrain 1");
}

TEST(MapJson, FeatureMistakesAreRefused) {
  json j = good_map();
  j["features"] = json::object();
  EXPECT_MAP_REFUSED(j, "\"features\" must be a list");
  j = good_map();
  j["features"][0]["die"] = 3;
  EXPECT_MAP_REFUSED(j, "features[0]: unknown key \"die\"");
  j = good_map();
  j["features"][0].erase("source");
  EXPECT_MAP_REFUSED(j, "\"source\" is missing");
  j = good_map();
  j["features"][0]["squares"] = json::array({"z9"});
  EXPECT_MAP_REFUSED(j, "\"z9\" is not a square");
  j = good_map();
  j["features"][0]["squares"] = json::array({"c4", "c4"});
  EXPECT_MAP_REFUSED(j, "listed twice");
  j = good_map();
  j["features"].push_back("wood");
  EXPECT_MAP_REFUSED(j, "features[1] must be an object");
}

TEST(MapJson, FilesThatCannotBeReadAreRefused) {
  EXPECT_THROW(read_map_file("/nonexistent/map.json"), ancients::BadInput);
  const auto path = std::filesystem::temp_directory_path() / "dba_map_json_test_bad.json";
  std::ofstream(path) << "{ not json";
  try {
    read_map_file(path.string());
    FAIL() << "no error for bad JSON";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos);
  }
  std::filesystem::remove(path);
}

// A square written twice in a hand-edited map: the JSON reader kept the last line and the map
// passed (`dba check-map` said "a valid map"); now the key is named, wherever it is.
TEST(MapJson, AKeyGivenTwiceIsRefusedNamingIt) {
  // The project's one JSON reader refuses it (tests/core/json_input_test.cpp); a map file is
  // read through it.
  const auto path = std::filesystem::temp_directory_path() / "dba_map_json_test_twice.json";
  std::ofstream(path) << R"({"format": "ancients-map", "version": 1, "name": "T", "board": 8,
    "terrain": {"c4": "rough", "c4": "hill"}})";
  try {
    read_map_file(path.string());
    FAIL() << "a square given twice passed";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("terrain: \"c4\" is given twice"), std::string::npos)
        << e.what();
  }
  std::filesystem::remove(path);
}

TEST(MapJson, MapFileTextKeepsTheContractOrderAndReadsBack) {
  const auto g = generate_map(sheet(), "arable", 12, 42);
  const std::string text = map_file_text(g.map);
  EXPECT_EQ(text.find("\"format\""), text.find('"'));
  EXPECT_LT(text.find("\"version\""), text.find("\"name\""));
  EXPECT_LT(text.find("\"terrain\""), text.find("\"features\""));
  EXPECT_EQ(json::parse(text), g.map);
}

}  // namespace
