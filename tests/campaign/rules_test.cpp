// One test (or more) per clause of the campaign ruling (shared/rules/campaign.md), on the tiny
// map of campaign_support.h: politics, hidden orders, battle detection and the attacker rule,
// aftermath (holding, retreat, destruction, losses, the General, the Camp, disbanding), winter,
// prestige and the end, historical sequences, contingents, and refused actions.
#include <gtest/gtest.h>

#include <array>

#include "campaign/engine.h"
#include "campaign/simulate.h"
#include "campaign/state.h"
#include "campaign_support.h"
#include "core/errors.h"

namespace {

using ancients::IllegalAction;
using namespace ancients::campaign;
using campaign_test::apply_all;
using campaign_test::tiny_scenario;

bool chronicle_has(const CampaignState& s, const std::string& text) {
  for (const auto& e : s.chronicle)
    if (e.text.find(text) != std::string::npos) return true;
  return false;
}

/// Season 1: green takes Beta unopposed. Season 2: red enters Beta (green's garrison defends:
/// battle 1) and green's army enters Gamma (blue-2 defends: battle 2).
CampaignState season_two_battles() {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next", "orders red", "orders blue", "orders green green-1=b", "next", "next",
                "orders red red-1=b", "orders blue", "orders green green-1=c"});
  return s;
}

TEST(CampaignPolitics, AlliancesArePublicAndMadeOrEndedOnlyInPolitics) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"ally red green"});
  EXPECT_TRUE(s.allied("green", "red"));
  EXPECT_TRUE(chronicle_has(s, "Red and Green are allies"));
  apply_all(s, {"next"});
  EXPECT_THROW(apply_action(s, "break red green"), IllegalAction);
  EXPECT_THROW(apply_action(s, "ally red blue"), IllegalAction);
}

TEST(CampaignPolitics, EachSeasonKeepsThePairsWhoseAllianceChanged) {
  // What the server reads to refuse an alliance made again in the same season (security review
  // F-6); the rules themselves refuse nothing more, so campaigns stored before still replay.
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"ally red green", "break green red", "ally red green"});
  EXPECT_TRUE(s.allied("red", "green"));
  ASSERT_EQ(s.changed_this_season.size(), 1u);
  EXPECT_EQ(s.changed_this_season[0], (std::array<std::string, 2>{"red", "green"}));
  apply_all(s, {"next", "orders red", "orders blue", "orders green", "next"});
  ASSERT_EQ(s.season, 2);
  EXPECT_TRUE(s.changed_this_season.empty());
}

TEST(CampaignPolitics, AlliesNeverFightEachOther) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(
      s, {"ally red green", "next", "orders red red-1=b", "orders blue", "orders green green-1=b"});
  EXPECT_EQ(s.phase, "battles");
  EXPECT_TRUE(s.battles.empty());
  EXPECT_EQ(s.owner["b"], "red");  // the first listed of the allies takes the empty region
}

// A nation whose name is a plural (Nation::plural: "Crusaders", "The Gauls") takes plural verbs
// in the chronicle; the others singular ones. The flag is read strictly.
TEST(CampaignChronicle, APluralNationTakesPluralVerbs) {
  std::string text = campaign_test::tiny_scenario_text("");
  const std::string blue = "name = \"Blue\"\n";
  ASSERT_NE(text.find(blue), std::string::npos);
  text.replace(text.find(blue), blue.size(), "name = \"The Blues\"\nplural = true\n");
  CampaignState s = new_campaign(load_scenario_text(text, "tiny.toml", "."));
  apply_all(s, {"next", "orders red red-1=b", "orders blue"});
  EXPECT_TRUE(chronicle_has(s, "Red has given its orders (hidden)"));
  EXPECT_TRUE(chronicle_has(s, "The Blues have given their orders (hidden)"));
  // A campaign file written before the flag (no "plural" in its nations) reads as singular.
  nlohmann::json file = scenario_to_json(s.scenario);
  for (auto& n : file.at("nations")) n.erase("plural");
  EXPECT_FALSE(scenario_from_json(file).nation("blue")->plural);
  EXPECT_TRUE(s.scenario.nation("blue")->plural);
  // A colour the pages cannot draw with is refused, naming the line.
  std::string painted = text;
  painted.replace(painted.find("colour = \"#00f\""), 15, "colour = \"blue;x\"");
  EXPECT_THROW(load_scenario_text(painted, "tiny.toml", "."), ancients::BadInput);
  std::string bad = text;
  bad.replace(bad.find("plural = true"), 13, "plural = \"yes\"");
  try {
    load_scenario_text(bad, "tiny.toml", ".");
    FAIL() << "accepted plural = \"yes\"";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("plural must be true or false"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("tiny.toml:"), std::string::npos) << e.what();
  }
}

TEST(CampaignChronicle, ArmiesAreNamedByTheirNationAndNumberOrByTheScenario) {
  std::string text = campaign_test::tiny_scenario_text("");
  const std::string green = "name = \"Green\"\n";
  text.replace(text.find(green), green.size(), "name = \"Greens\"\nplural = true\n");
  CampaignState s = new_campaign(load_scenario_text(text, "tiny.toml", "."));
  EXPECT_EQ(army_name(s, "red-1"), "Red's 1st army");
  EXPECT_EQ(army_name(s, "blue-2"), "Blue's 2nd army");
  EXPECT_EQ(army_name(s, "green-1"), "the Greens' 1st army");
  EXPECT_EQ(army_name(s, "green-1", true), "The Greens' 1st army");
  EXPECT_EQ(army_name(s, "nobody-9"), "nobody-9");
  // Wherever the chronicle names an army: a retreat, a destruction, a disbanding, winter.
  apply_all(s, {"next", "orders red", "orders blue", "orders green green-1=b", "next", "next",
                "orders red red-1=b", "orders blue", "orders green green-1=c"});
  CampaignState lost = s;
  apply_all(s, {"result 1 winner=red lost=red:4", "result 2 winner=blue", "next"});
  EXPECT_TRUE(chronicle_has(s, "Red orders: Red's 1st army from Alpha to Beta"));
  EXPECT_TRUE(chronicle_has(s, "The Greens' 1st army has nowhere to retreat from Gamma"));
  EXPECT_TRUE(chronicle_has(s, "Red's 1st army regains 2 units in winter"));
  apply_all(lost, {"result 1 winner=red", "result 2 winner=green lost=blue:6"});
  EXPECT_TRUE(chronicle_has(lost, "Blue's 2nd army retreats from Gamma to Delta"));
  EXPECT_TRUE(chronicle_has(lost, "Blue's 2nd army is down to 5 units and disbands"));
  for (const auto* state : {&s, &lost})
    for (const auto& e : state->chronicle)
      for (const char* id : {"red-1", "blue-1", "blue-2", "green-1"})
        EXPECT_EQ(e.text.find(id), std::string::npos) << e.text;
  // The scenario's own names, one per army, kept in the campaign file.
  std::string named = campaign_test::tiny_scenario_text("");
  const std::string blue_armies = "armies = [\"d\", \"c\"]\n";
  named.replace(named.find(blue_armies), blue_armies.size(),
                blue_armies + "army_names = [\"the Delta guard\", \"Gamma's levy\"]\n");
  CampaignState n = new_campaign(load_scenario_text(named, "tiny.toml", "."));
  EXPECT_EQ(army_name(n, "blue-1", true), "The Delta guard");
  EXPECT_EQ(army_name(n, "blue-2"), "Gamma's levy");
  EXPECT_EQ(army_name(n, "red-1"), "Red's 1st army");
  EXPECT_EQ(army_name(state_from_json(state_to_json(n)), "blue-2"), "Gamma's levy");
  std::string short_list = named;
  short_list.replace(short_list.find(", \"Gamma's levy\""), 16, "");
  EXPECT_THROW(load_scenario_text(short_list, "tiny.toml", "."), ancients::BadInput);
  // A historical sequence's one army a nation has.
  CampaignState seq = new_campaign(load_scenario(kCampaigns + "first-two-crusades.toml"));
  EXPECT_EQ(army_name(seq, "crusaders"), "the Crusaders' army");
}

TEST(CampaignChronicle, AFileInTheOlderWordsIsTheSameButForTheWording) {
  // A campaign written before the chronicle named armies still reads (the server and the
  // terminal keep the replayed state, in today's words); any other difference does not.
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next", "orders red red-1=b", "orders blue", "orders green"});
  CampaignState old = s;
  for (auto& e : old.chronicle)
    if (e.text == "Red orders: Red's 1st army from Alpha to Beta")
      e.text = "Red orders: red-1 Alpha -> Beta";
  EXPECT_FALSE(old == s);
  EXPECT_TRUE(same_but_wording(s, old));
  old.owner["b"] = "blue";
  EXPECT_FALSE(same_but_wording(s, old));
}

TEST(CampaignOrders, HiddenUntilEveryNationHasOrderedThenRevealedTogether) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next", "orders red red-1=b"});
  EXPECT_EQ(s.army("red-1")->region, "a");
  EXPECT_TRUE(chronicle_has(s, "Red has given its orders (hidden)"));
  EXPECT_FALSE(chronicle_has(s, "Beta"));
  apply_all(s, {"orders blue", "orders green"});
  EXPECT_EQ(s.army("red-1")->region, "b");
  EXPECT_TRUE(s.orders.empty());
  EXPECT_TRUE(chronicle_has(s, "Red orders: Red's 1st army from Alpha to Beta"));
}

TEST(CampaignOrders, StayOrMoveToOneAdjacentRegionOncePerSeason) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next"});
  const auto before = s.actions.size();
  EXPECT_THROW(apply_action(s, "orders red red-1=c"), IllegalAction);   // not adjacent
  EXPECT_THROW(apply_action(s, "orders red blue-1=c"), IllegalAction);  // not its army
  EXPECT_EQ(s.actions.size(), before);
  apply_all(s, {"orders red red-1=stay"});
  EXPECT_THROW(apply_action(s, "orders red"), IllegalAction);  // twice
}

TEST(CampaignBattles, BothMovedHigherAggressionAttacks) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next", "orders red red-1=b", "orders blue blue-2=b", "orders green"});
  ASSERT_EQ(s.battles.size(), 1U);
  EXPECT_EQ(s.battles[0].attacker, "blue");  // aggression 3 against 2
  EXPECT_EQ(s.battles[0].defender, "red");
  EXPECT_EQ(s.battles[0].region, "b");
}

TEST(CampaignBattles, BothMovedEqualAggressionTheNationListedFirstAttacks) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next", "orders red red-1=b", "orders blue", "orders green green-1=b"});
  ASSERT_EQ(s.battles.size(), 1U);
  EXPECT_EQ(s.battles[0].attacker, "red");
  EXPECT_EQ(s.battles[0].defender, "green");
}

TEST(CampaignBattles, TheMoverAttacksAHeldRegionArmyOrGarrison) {
  const CampaignState s = season_two_battles();
  ASSERT_EQ(s.battles.size(), 2U);
  EXPECT_EQ(s.battles[0].region, "b");
  EXPECT_EQ(s.battles[0].attacker, "red");
  EXPECT_EQ(s.battles[0].defender, "green");
  EXPECT_EQ(s.battles[0].defender_army, "");  // the garrison
  EXPECT_EQ(s.battles[1].region, "c");
  EXPECT_EQ(s.battles[1].attacker, "green");
  EXPECT_EQ(s.battles[1].defender_army, "blue-2");
}

TEST(CampaignBattles, HostileArmiesCrossingABorderMeet) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"next", "orders red red-1=b", "orders blue", "orders green", "next", "next",
                "orders red red-1=e", "orders blue", "orders green green-1=b"});
  ASSERT_EQ(s.battles.size(), 1U);
  EXPECT_EQ(s.battles[0].region, "e");  // red (listed first) attacks; green's move is stopped
  EXPECT_EQ(s.army("green-1")->region, "e");
}

TEST(CampaignAftermath, WinnerHoldsLoserRetreatsToAHeldNeighbourLossesCarryOver) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 2 winner=green lost=blue:warband,warband lost=green:1"});
  EXPECT_EQ(s.owner["c"], "green");
  EXPECT_EQ(s.army("blue-2")->region, "d");
  EXPECT_EQ(s.army("blue-2")->lost, (std::vector<std::string>{"warband", "warband"}));
  EXPECT_EQ(s.strength(*s.army("blue-2")), 9);
  EXPECT_EQ(s.army("green-1")->lost.size(), 1U);
  EXPECT_EQ(s.prestige["green"], 2);
}

TEST(CampaignAftermath, ALoserRetreatsToWhereItCameFromWhenItsNationHoldsIt) {
  CampaignState s = new_campaign(tiny_scenario());
  // Season 1: blue-2 takes Beta; season 2 it attacks Epsilon (green) from there and loses.
  apply_all(s, {"next", "orders red", "orders blue blue-2=b", "orders green", "next", "next",
                "orders red", "orders blue blue-2=e", "orders green", "result 1 winner=green"});
  EXPECT_EQ(s.army("blue-2")->region, "b");
}

TEST(CampaignAftermath, ALoserWithNowhereToRetreatIsDestroyed) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 1 winner=red", "result 2 winner=blue"});
  EXPECT_EQ(s.owner["b"], "red");
  EXPECT_FALSE(s.army("green-1")->alive);  // Beta is red now, Delta blue
  EXPECT_TRUE(chronicle_has(s, "is destroyed"));
}

TEST(CampaignAftermath, AFallenGeneralCostsOnePrestigeAndTheArmyKeepsAGeneral) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 2 winner=green general=blue camp=blue"});
  EXPECT_TRUE(chronicle_has(s, "its General fell, its Camp fell"));  // Blue: a singular name
  EXPECT_EQ(s.prestige["blue"], -1);
  EXPECT_EQ(s.prestige["green"], 3);  // +2 won, +1 the Camp
  const auto units = s.units_of(*s.army("blue-2"));
  EXPECT_EQ(std::count(units.begin(), units.end(), "general*"), 1);
}

TEST(CampaignAftermath, AnArmyBelowSixUnitsIsDisbanded) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 2 winner=green lost=blue:6"});
  EXPECT_FALSE(s.army("blue-2")->alive);
  EXPECT_TRUE(chronicle_has(s, "disbands"));
  CampaignState t = season_two_battles();
  apply_all(t, {"result 2 winner=green lost=blue:5"});
  EXPECT_TRUE(t.army("blue-2")->alive);
}

TEST(CampaignAftermath, ADrawLeavesTheRegionAndTheAttackerRetreats) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 2 winner=draw"});
  EXPECT_EQ(s.owner["c"], "blue");
  EXPECT_EQ(s.army("green-1")->region, "b");
}

TEST(CampaignWinter, ArmiesRegainTwoUnitsPerCityTheirNationHoldsNextToThem) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 1 winner=green", "result 2 winner=green lost=blue:4 lost=green:3", "next"});
  // blue-2 retreated to Delta (a capital of blue): one city, 2 units back of 4.
  EXPECT_EQ(s.army("blue-2")->lost.size(), 2U);
  // green-1 holds Gamma, next to Beta (green): Gamma is a city, Beta open: 2 back of 3.
  EXPECT_EQ(s.army("green-1")->lost.size(), 1U);
}

TEST(CampaignWinter, EverySeasonWhenTheScenarioSaysSo) {
  CampaignState s = new_campaign(tiny_scenario("[rules]\nwinter = \"every\"\n"));
  apply_all(s, {"next", "orders red", "orders blue blue-2=b", "orders green"});
  s.army("blue-2")->lost = {"warband"};
  apply_all(s, {"next"});
  EXPECT_TRUE(s.army("blue-2")->lost.empty());
}

TEST(CampaignEnd, CitiesAndCapitalsScoreAndTheMostPrestigeWins) {
  CampaignState s = season_two_battles();
  apply_all(s, {"result 1 winner=red", "result 2 winner=green", "next"});
  EXPECT_EQ(s.phase, "over");
  // red: won (+2), holds Alpha (capital +3); green: won (+2), holds Gamma, Epsilon (+2);
  // blue: holds Delta (+3).
  EXPECT_EQ(s.prestige["red"], 5);
  EXPECT_EQ(s.prestige["green"], 4);
  EXPECT_EQ(s.prestige["blue"], 3);
  EXPECT_EQ(s.winner, "red");
  for (const auto& n : {"red", "green", "blue"})
    EXPECT_EQ(s.prestige[n], campaign_test::chronicle_prestige(s, n));
}

TEST(CampaignEnd, TiesGoToTheNationWithMoreCities) {
  CampaignState s = new_campaign(tiny_scenario("[rules]\ncapital_held = 1\n"));
  apply_all(s, {"next", "orders red", "orders blue", "orders green", "next", "next", "orders red",
                "orders blue", "orders green", "next"});
  // red 1 (Alpha), blue 2 (Gamma, Delta), green 1 (Epsilon).
  EXPECT_EQ(s.winner, "blue");
  EXPECT_EQ(standings(s), (std::vector<std::string>{"blue", "red", "green"}));
}

TEST(CampaignContingents, AnAllyNextToTheBattleOffersAndTheMainPlayerAccepts) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s,
            {"next", "orders red", "orders blue", "orders green green-1=b", "next", "ally red blue",
             "next", "orders red red-1=b", "orders blue", "orders green green-1=c"});
  EXPECT_THROW(apply_action(s, "accept 1 blue"), IllegalAction);  // no offer yet
  EXPECT_THROW(apply_action(s, "offer 1 green"), IllegalAction);  // a side, not an ally
  apply_all(s, {"offer 1 blue", "accept 1 blue"});
  EXPECT_EQ(s.battle(1)->contingents, (std::vector<std::string>{"blue"}));
  EXPECT_TRUE(chronicle_has(s, "is accepted for battle 1"));
}

TEST(CampaignSequence, BattlesInOrderLossesCarryOverAndTheEnd) {
  const Scenario sc = load_scenario_text(R"(format = 1
kind = "sequence"
title = "Two battles"
[[nations]]
id = "rome"
name = "Rome"
colour = "red"
army = "marian-romans"
[[nations]]
id = "gaul"
name = "Gaul"
colour = "green"
army = "gauls"
[[battles]]
name = "First"
year = -58
attacker = "rome"
defender = "gaul"
[[battles]]
name = "Second"
year = -52
attacker = "gaul"
defender = "rome"
map = "open-plain"
)",
                                         "seq.toml", ".");
  CampaignState s = new_campaign(sc);
  ASSERT_EQ(s.battles.size(), 1U);
  EXPECT_EQ(s.battles[0].name, "First");
  EXPECT_THROW(apply_action(s, "next"), IllegalAction);  // no result yet
  apply_all(s, {"result 1 winner=rome lost=rome:blades,psiloi camp=gaul", "next"});
  EXPECT_EQ(s.battles[0].name, "Second");
  EXPECT_EQ(s.battles[0].attacker, "gaul");
  EXPECT_EQ(s.army("rome")->lost.size(), 2U);
  apply_all(s, {"result 2 winner=gaul lost=gaul:7", "next"});
  EXPECT_TRUE(s.army("gaul")->lost.empty());  // below 6: raised anew
  // Named as the army is everywhere ("The Crusaders' army"; it once read "Crusaders's army").
  EXPECT_TRUE(chronicle_has(s, army_name(s, "gaul", true) + ", down to 4 units, is disbanded"));
  EXPECT_FALSE(chronicle_has(s, "s's army"));
  EXPECT_EQ(s.phase, "over");
  EXPECT_EQ(s.prestige["rome"], 3);
  EXPECT_EQ(s.prestige["gaul"], 2);
  EXPECT_EQ(s.winner, "rome");
  // Each battle fought is kept with its result, in order; not in the file, rebuilt by replaying.
  ASSERT_EQ(s.history.size(), 2U);
  EXPECT_EQ(s.history[0].battle.name, "First");
  EXPECT_EQ(s.history[0].battle.winner, "rome");
  EXPECT_TRUE(s.history[0].battle.defender_camp);
  EXPECT_EQ(s.history[1].battle.winner, "gaul");
  EXPECT_EQ(s.history[1].battle.attacker_lost.size(), 7U);
  EXPECT_FALSE(state_to_json(s).contains("history"));
  EXPECT_EQ(replay(sc, s.actions).history.size(), 2U);
}

TEST(CampaignActions, AnAbsentNationIsHandedToTheComputerAndBack) {
  CampaignState s = new_campaign(tiny_scenario());
  apply_all(s, {"computer green", "next", "orders red", "orders blue"});
  EXPECT_TRUE(chronicle_has(s, "Green is played by the computer"));
  EXPECT_EQ(waiting_for(s), (std::vector<std::string>{"orders from green"}));
  computer_turns(s, 1);
  EXPECT_EQ(s.phase, "battles");
  EXPECT_EQ(s.actions[4].rfind("orders green", 0), 0U) << s.actions[4];
  EXPECT_THROW(apply_action(s, "computer green"), IllegalAction);
  apply_all(s, {"human green"});
  EXPECT_TRUE(s.computer.empty());
  EXPECT_THROW(apply_action(s, "human green"), IllegalAction);
}

TEST(CampaignActions, BadResultsAreRefusedAndLeaveTheStateUnchanged) {
  CampaignState s = season_two_battles();
  const CampaignState before = s;
  for (const char* bad : {"result 9 winner=red", "result 1 winner=blue", "result 1",
                          "result 2 winner=green "
                          "lost=blue:elephants",
                          "result 2 winner=green lost=blue:12",
                          "result 2 winner=green "
                          "lost=blue:general",
                          "result 2 winner=green colour=blue", "next", "fly away"})
    EXPECT_THROW(apply_action(s, bad), IllegalAction) << bad;
  EXPECT_TRUE(s == before);
  apply_all(s, {"result 1 winner=red game=records/b1.json"});
  EXPECT_EQ(s.battle(1)->game, "records/b1.json");
  EXPECT_TRUE(chronicle_has(s, "(game: records/b1.json)"));
  EXPECT_THROW(apply_action(s, "result 1 winner=red"), IllegalAction);
}

}  // namespace
