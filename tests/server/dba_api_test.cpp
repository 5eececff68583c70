// The DBA tools' HTTP API (src/server/dba_api.cpp) through the router, as the browser's DBA page
// and an attacker use it: troop data, odds equal to the calculator's, a reproducible battlefield
// from a seed, a DBA list made into an army, and hostile bodies answered with 400 and a JSON
// error naming what is wrong (never an exception, never a crash).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/dba_api.h"
#include "server/routes.h"
#include "tools/dba/combat.h"
#include "tools/dba/odds.h"
#include "tools/dba/sheet_loader.h"

namespace {

using nlohmann::json;
using namespace ancients::server;

HttpAnswer post(const std::string& what, const std::string& body) {
  return dba_api(what, "POST", body);
}

TEST(DbaApi, TroopsListTheSheetsTypesItemsAndTopographies) {
  const HttpAnswer a = dba_api("troops", "GET", "");
  ASSERT_EQ(a.status, 200);
  const json j = json::parse(a.body);
  EXPECT_EQ(j["troops"].size(), 28u);
  EXPECT_EQ(j["topographies"].size(), 7u);
  EXPECT_EQ(j["features"].size(), 16u);  // each with what it does (DbaToolJson tests it)
  EXPECT_FALSE(j["items"].empty());
  // Every item the page offers is one the calculator accepts.
  for (const json& it : j["items"]) {
    const std::string item =
        it["key"].get<std::string>() +
        (it.contains("values") ? "=" + it["values"].back().get<std::string>() : "");
    const HttpAnswer r = post("odds", json{{"a", "blades-solid," + item}, {"b", "spears"}}.dump());
    const bool known = r.status == 200 || json::parse(r.body)["error"].get<std::string>().find(
                                              "unknown item") == std::string::npos;
    EXPECT_TRUE(known) << item << ": " << r.body;
  }
}

TEST(DbaApi, OddsEqualTheCalculators) {
  const HttpAnswer a = post("odds", R"({"a":"4Bd","b":"3Kn","shooting":false})");
  ASSERT_EQ(a.status, 200) << a.body;
  const auto sheet = ancients::dba::load_sheet(ancients::dba::default_sheet_path());
  const auto combat = ancients::dba::make_combat(*sheet, ancients::dba::CombatKind::kClose,
                                                 "blades-solid", "knights,3kn");
  const auto odds = ancients::dba::compute_odds(*sheet, combat);
  const json j = json::parse(a.body);
  EXPECT_EQ(j["dice"]["a_beats"], odds.dice.a_beats);
  EXPECT_EQ(j["dice"]["b_doubles"], odds.dice.b_doubles);
  EXPECT_EQ(j["data_file"], "dba3.toml") << "the data file by its name, not its path on the server";
}

TEST(DbaApi, TheSameSeedGivesTheSameBattlefield) {
  const HttpAnswer a = post("terrain", R"({"topography":"arable","board":12,"seed":"77"})");
  const HttpAnswer b = post("terrain", R"({"topography":"arable","board":12,"seed":77})");
  ASSERT_EQ(a.status, 200) << a.body;
  ASSERT_EQ(b.status, 200) << b.body;
  EXPECT_EQ(json::parse(a.body)["map"], json::parse(b.body)["map"]);
  EXPECT_EQ(json::parse(a.body)["seed"], "77");
}

TEST(DbaApi, AListBecomesAnArmy) {
  const HttpAnswer a =
      post("army", R"({"list":"1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw","edition":"retreat",
                 "map":{"Bd":"legionnaires"},"elite":["Bd"]})");
  ASSERT_EQ(a.status, 200) << a.body;
  const json army = json::parse(a.body)["army"];
  EXPECT_EQ(army["edition"], "retreat");
  EXPECT_NE(army["units"].dump().find("legionnaires*"), std::string::npos);
}

TEST(DbaApi, HostileInputGetsAClearError) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"odds", "\xff"},
      {"odds", "[]"},
      {"odds", R"({"a":"4Bd"})"},
      {"odds", R"({"a":"4Bd","b":"3Kn","shooting":"yes"})"},
      {"odds", R"({"a":"4Bd","b":"3Kn","x":1})"},
      {"odds", std::string(5000, '[')},
      {"terrain", R"({"topography":"moon"})"},
      {"terrain", R"({"topography":"arable","board":10})"},
      {"terrain", R"({"topography":"arable","seed":"-1"})"},
      {"terrain", R"({"topography":"arable","seed":"99999999999999999999999"})"},
      {"army", R"({"list":"2x4Qq"})"},
      {"army", R"({"list":"12x4Bd","edition":"nosuch"})"},
      {"army", R"({"list":"12x4Bd","rules":["no_such_rule"]})"},
      {"army", R"({"list":"12x4Bd","map":{"Bd":7}})"},
      {"army", json{{"list", std::string(3000, 'x')}}.dump()},
      {"army", "{\"list\":\"1x3Kn (Gen), 11x4B\xff\"}"},
  };
  for (const auto& [what, body] : cases) {
    const HttpAnswer r = post(what, body);
    EXPECT_EQ(r.status, 400) << what << " " << body.substr(0, 60) << " -> " << r.body;
    ASSERT_TRUE(json::accept(r.body)) << r.body;
    EXPECT_FALSE(json::parse(r.body)["error"].get<std::string>().empty());
  }
  EXPECT_EQ(dba_api("odds", "GET", "").status, 404);
  EXPECT_EQ(dba_api("../../etc/passwd", "GET", "").status, 404);
  EXPECT_EQ(dba_api("troops", "POST", "{}").status, 404);
}

}  // namespace
