// Scenario files: the bundled scenarios load (and build every army through the game factory),
// and bad files are refused with a message naming the file and the line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "campaign/scenario.h"
#include "campaign_support.h"
#include "core/errors.h"

namespace {

using namespace ancients::campaign;

TEST(CampaignScenario, TheBundledScenariosLoad) {
  const Scenario map = load_scenario(kCampaigns + "crusaders-conquest.toml");
  EXPECT_EQ(map.kind, "map");
  EXPECT_GE(map.nations.size(), 4U);
  EXPECT_LE(map.nations.size(), 6U);
  const Scenario seq = load_scenario(kCampaigns + "first-two-crusades.toml");
  EXPECT_EQ(seq.kind, "sequence");
  EXPECT_GE(seq.battles.size(), 8U);
  const Scenario learn = load_scenario(kCampaigns + "learning-campaign.toml");
  EXPECT_EQ(learn.nations.size(), 4U);
  // Army files next to the scenario are kept inline.
  EXPECT_EQ(map.nations[0].army["name"], "First Crusaders");
}

TEST(CampaignScenario, RoundTripsThroughJson) {
  const Scenario s = campaign_test::tiny_scenario();
  EXPECT_EQ(scenario_to_json(scenario_from_json(scenario_to_json(s))), scenario_to_json(s));
}

/// The tiny scenario with `from` replaced by `to` must be refused naming tiny.toml:LINE and
/// `what`.
void expect_refused(const std::string& from, const std::string& to, const std::string& what) {
  std::string text = campaign_test::tiny_scenario_text();
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  try {
    (void)load_scenario_text(text, "tiny.toml", ".");
    ADD_FAILURE() << "accepted: " << to;
  } catch (const ancients::BadInput& e) {
    const std::string msg = e.what();
    EXPECT_TRUE(std::regex_search(msg, std::regex("^tiny\\.toml:[0-9]+: "))) << msg;
    EXPECT_NE(msg.find(what), std::string::npos) << msg;
  }
}

TEST(CampaignScenario, BadFilesAreRefusedWithFileAndLine) {
  expect_refused("seasons = 2", "seasons = 2\nweather = \"fine\"", "weather");
  expect_refused("kind = \"map\"", "kind = \"atlas\"", "kind");
  expect_refused("seasons = 2", "seasons = 0", "seasons");
  expect_refused("neighbours = [\"b\"]", "neighbours = [\"z\"]", "unknown neighbour");
  expect_refused("neighbours = [\"b\", \"d\"]", "neighbours = [\"b\"]", "does not list");
  expect_refused("army = \"gauls\"", "army = \"vikings\"", "vikings");
  expect_refused("army = \"gauls\"", "army = \"missing.json\"", "missing.json");
  expect_refused("aggression = 3", "aggression = 7", "aggression");
  expect_refused("capital = \"d\"", "capital = \"c\"", "capital");
  expect_refused("regions = [\"e\"]", "regions = [\"a\"]", "held by two nations");
  expect_refused("armies = [\"e\"]", "armies = [\"b\"]", "not one of its regions");
  expect_refused("topography = \"arable\"", "topography = \"lunar\"", "lunar");
  expect_refused("kind = \"city\"", "kind = \"village\"", "kind");
  expect_refused("seasons = 2", "seasons = 2\n[battle]\nboard = 9", "board");
  expect_refused("seasons = 2", "seasons = 2\n[rules]\nwinter = \"never\"", "winter");
  expect_refused("id = \"green\"", "id = \"red\"", "taken");
}

TEST(CampaignScenario, BadBattleOptionsAreRefused) {
  expect_refused("seasons = 2", "seasons = 2\n[battle]\nhouse_rules = [\"flying\"]", "flying");
}

// A nation's army may be a DBA army list typed in a text file next to the scenario (".dba"):
// it becomes an army of the scenario's edition; a list that does not fit is refused with the
// scenario's file and line and the list's own reason.
TEST(CampaignScenario, ANationsArmyMayBeADbaListTypedInAFile) {
  const auto dir = std::filesystem::temp_directory_path() / "ancients-dba-scenario";
  std::filesystem::create_directories(dir);
  {
    std::ofstream(dir / "gallic.dba") << "1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw\n";
    std::ofstream(dir / "bad.dba") << "1x3Kn (Gen), 12xZz\n";
  }
  std::string text = campaign_test::tiny_scenario_text();
  text.replace(text.find("army = \"gauls\""), 14, "army = \"gallic.dba\"");
  const Scenario sc = load_scenario_text(text, "dba.toml", dir.string());
  const auto units = sc.nation("blue")->army.at("units");
  EXPECT_EQ(units.size(), 13u);  // the General, the Camp and 11 elements
  EXPECT_EQ(sc.nation("blue")->army.at("name"), "gallic");
  std::string bad = campaign_test::tiny_scenario_text();
  bad.replace(bad.find("army = \"gauls\""), 14, "army = \"bad.dba\"");
  try {
    load_scenario_text(bad, "bad.toml", dir.string());
    ADD_FAILURE() << "a DBA list with an unknown element was accepted";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("bad.toml:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Zz"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(CampaignScenario, AMissingFileIsBadInput) {
  EXPECT_THROW(load_scenario(kCampaigns + "no-such.toml"), ancients::BadInput);
}

}  // namespace
