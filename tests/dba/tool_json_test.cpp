// What the DBA tools tell a front end about their inputs (tool_json.cpp): every situation item
// says what it means, a keyed item's default is one of its values and changes nothing when
// given, and every variant and tag of a troop type has a name from the data file, so that the
// browser's odds calculator can explain each input without tables of its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "dba_support.h"
#include "support/paths.h"
#include "tools/dba/tool_json.h"

namespace {

using namespace dba_test;
using nlohmann::json;

TEST(DbaToolJson, EveryItemSaysWhatItMeansAndItsDefaultChangesNothing) {
  const json items = situation_items_json(sheet());
  ASSERT_FALSE(items.empty());
  int defaults = 0;
  for (const json& it : items) {
    const std::string key = it["key"];
    ASSERT_TRUE(it.contains("meaning")) << key;
    EXPECT_GT(it["meaning"].get<std::string>().size(), 20u) << key;
    if (!it.contains("default")) continue;
    ASSERT_TRUE(it.contains("values")) << key << ": only a keyed item has a default";
    const std::string d = it["default"];
    const auto& values = it["values"];
    EXPECT_NE(std::find(values.begin(), values.end(), json(d)), values.end()) << key;
    // The odds with the default given are the odds without it.
    const json with =
        odds_json(sheet(), combat("spears," + key + "=" + d, "knights"),
                  compute_odds(sheet(), combat("spears," + key + "=" + d, "knights")));
    const json without = odds_json(sheet(), combat("spears", "knights"),
                                   compute_odds(sheet(), combat("spears", "knights")));
    EXPECT_EQ(with["a"]["results"], without["a"]["results"]) << key;
    EXPECT_EQ(with["a"]["factor"], without["a"]["factor"]) << key;
    ++defaults;
  }
  EXPECT_GE(defaults, 5);  // going and the four counts
}

// The situation items moved from the program into the data file ([[situation]]): the page gets
// the same JSON as when they were written in C++ (tests/dba/situation_items.json, the server's
// answer before the move, with the `group` each is shown under added since).
TEST(DbaToolJson, TheSituationItemsFromTheDataAreTheJsonThePageGot) {
  std::ifstream in(std::string(ancients::test_paths::source_dir()) +
                   "/tests/dba/situation_items.json");
  ASSERT_TRUE(in) << "tests/dba/situation_items.json";
  const json before = json::parse(in);
  const json now = situation_items_json(sheet());
  ASSERT_EQ(now.size(), before.size());
  for (std::size_t i = 0; i < now.size(); ++i) EXPECT_EQ(now[i], before[i]) << i;
}

TEST(DbaToolJson, EveryVariantAndTagOfATroopHasAName) {
  const json troops = troops_json(sheet());
  int named = 0;
  for (const json& t : troops) {
    for (const char* list : {"variants", "tags"})
      for (const json& id : t[list]) {
        ASSERT_TRUE(t["tag_names"].contains(id.get<std::string>())) << t["id"] << " " << id;
        EXPECT_EQ(t["tag_names"][id.get<std::string>()],
                  sheet().tags.at(id.get<std::string>()).name);
        ++named;
      }
  }
  EXPECT_GT(named, 20);
}

// Each home topography tells its sheet row: the compulsory alternatives and the optional
// features by name, as the generator reads them, so the page can show what it draws from.
TEST(DbaToolJson, EveryTopographySaysItsCompulsoryAndOptionalFeatures) {
  const json tops = topographies_json(sheet());
  ASSERT_EQ(tops.size(), sheet().terrain.topographies.size());
  for (std::size_t i = 0; i < tops.size(); ++i) {
    const auto& t = sheet().terrain.topographies[i];
    const json& j = tops[i];
    ASSERT_EQ(j["compulsory"].size(), t.compulsory.size()) << t.id;
    for (std::size_t a = 0; a < t.compulsory.size(); ++a) {
      ASSERT_EQ(j["compulsory"][a].size(), t.compulsory[a].size()) << t.id;
      for (std::size_t k = 0; k < t.compulsory[a].size(); ++k)
        for (const FeatureKind* f : t.compulsory[a][k].choices)
          EXPECT_NE(j["compulsory"][a][k].get<std::string>().find(f->name), std::string::npos);
    }
    ASSERT_EQ(j["optional"].size(), t.optional.size()) << t.id;
    for (std::size_t k = 0; k < t.optional.size(); ++k)
      for (const FeatureKind* f : t.optional[k].choices)
        EXPECT_NE(j["optional"][k].get<std::string>().find(f->name), std::string::npos);
    EXPECT_EQ(j["optional_count"], json::array({2, 3})) << "the sheet's \"Optional (2-3)\"";
  }
  // Littoral: "Either DH or Marsh" is one pick of two features.
  const auto littoral =
      std::find_if(tops.begin(), tops.end(), [](const json& x) { return x["id"] == "littoral"; });
  ASSERT_NE(littoral, tops.end());
  EXPECT_EQ((*littoral)["optional"][0], "Difficult hill or Marsh");
}

// Each terrain feature says what it is in DBA and on the Ancient Warfare board, so that the
// defender placing the battlefield in the browser reads what a piece does before placing it
// (the buttons named only the feature), and a rolled feature's die notes say what it rolled.
TEST(DbaToolJson, EveryTerrainFeatureSaysWhatItIsInDbaAndOnTheBoard) {
  const json features = features_json(sheet());
  ASSERT_EQ(features.size(), sheet().terrain.features.size());
  const auto find = [&](const std::string& id) {
    for (const json& f : features)
      if (f["id"] == id) return f;
    return json();
  };
  for (const json& f : features) {
    const std::string effect = f["effect"];
    EXPECT_EQ(effect.rfind(
                  f["name"].get<std::string>() + " (" + f["abbrev"].get<std::string>() + "): ", 0),
              0u)
        << effect;
    EXPECT_NE(effect.find("Ancient Warfare"), std::string::npos) << effect;
    EXPECT_EQ(f.contains("die_notes"), f["terrain"].is_null()) << f["id"];
  }
  EXPECT_EQ(find("wood")["effect"], "Wood (Wd): bad going in DBA; Ancient Warfare woods");
  EXPECT_EQ(find("bua")["effect"],
            "Built-up area (BUA): a built-up area in DBA; Ancient Warfare built-up");
  EXPECT_EQ(find("plough")["effect"],
            "Plough (Pl): rough going in DBA; its die, rolled when placed: 1 rough going (rolled "
            "1), 2-6 good going (Ancient Warfare rough or clear)");
  EXPECT_NE(find("river")["effect"].get<std::string>().find(
                "1-2 paltry, 3-4 slows crossing and aids defence, 5-6 slows crossing and aids "
                "defence, single columns only"),
            std::string::npos);
  EXPECT_EQ(find("plough")["die_notes"][0], "rough going (rolled 1)");
}

}  // namespace
