// Each line of the sheet's Tactical Factors, Flank Support and Second Rank Rear Support,
// with the cases where it does not count.
#include <gtest/gtest.h>

#include "dba_support.h"

namespace {

using namespace dba_test;

TEST(TacticalFactors, GeneralCountsInCloseCombatAndWhenShotAt) {
  EXPECT_EQ(term(combat("spears,general", "blades-solid"), "general"), 1);
  EXPECT_EQ(term(shooting("bows-solid", "spears,general"), "general", Side::kB), 1);
  // A General shooting, not shot at: no +1, and a note says why.
  const Combat c = shooting("bows-solid,general", "spears");
  EXPECT_EQ(term(c, "general"), 0);
  EXPECT_FALSE(side_factor(sheet(), c, Side::kA).notes.empty());
  // Shot back at, it counts.
  EXPECT_EQ(term(shooting("bows-solid,general", "bows-fast,shoots-back"), "general"), 1);
}

TEST(TacticalFactors, CommandElementsAlwaysCountAsGeneralsOnce) {
  EXPECT_EQ(factor(combat("command-wagons", "spears")), 5 + 1);
  EXPECT_EQ(factor(combat("command-posts,general", "spears")), 5 + 1);
  EXPECT_EQ(factor(combat("litters", "knights")), 3 + 1);
}

TEST(TacticalFactors, GarrisonOfACityOrFortIsFour) {
  EXPECT_EQ(term(combat("blades-solid", "spears,in=city"), "in=city", Side::kB), 4);
  EXPECT_EQ(term(combat("blades-solid", "spears,in=fort"), "in=fort", Side::kB), 4);
  EXPECT_EQ(term(shooting("bows-solid", "spears,in=fort"), "in=fort", Side::kB), 4);
  // The garrison shooting out, not shot at: no bonus.
  EXPECT_EQ(term(shooting("bows-solid,in=city", "spears"), "in=city"), 0);
}

TEST(TacticalFactors, FootInOwnCampAndDenizensInOwnCityAreTwo) {
  EXPECT_EQ(term(combat("knights", "camp-followers,in=camp"), "in=camp", Side::kB), 2);
  EXPECT_EQ(term(combat("knights", "bows-solid,in=camp"), "in=camp", Side::kB), 2);
  EXPECT_EQ(term(combat("knights", "denizens,in=city"), "in=city", Side::kB), 2);
  // Mounted in their own camp get nothing.
  EXPECT_EQ(term(combat("spears", "cavalry,in=camp"), "in=camp", Side::kB), 0);
  // Camp followers that sallied lose the bonus.
  EXPECT_EQ(factor(combat("knights", "camp-followers,sallied"), Side::kB), 0);
}

TEST(TacticalFactors, UphillAndRiverbankArePlusOneInCloseCombat) {
  EXPECT_EQ(term(combat("spears,uphill", "blades-solid"), "uphill"), 1);
  EXPECT_EQ(term(combat("blades-solid", "spears,riverbank"), "riverbank", Side::kB), 1);
  EXPECT_EQ(factor(combat("spears,uphill,riverbank", "blades-solid")), 4 + 2);
}

TEST(TacticalFactors, EachFlankOrRearEdgeOverlappedOrContactedIsMinusOne) {
  EXPECT_EQ(factor(combat("spears,overlap=1", "blades-solid")), 3);
  EXPECT_EQ(factor(combat("spears,overlap=2", "blades-solid")), 2);
  EXPECT_EQ(factor(combat("spears,flank=1", "blades-solid")), 3);
  EXPECT_EQ(factor(combat("spears,rear", "blades-solid")), 3);
  EXPECT_EQ(factor(combat("spears,overlap=1,flank=1,rear", "blades-solid")), 1);
  // Psiloi and SCh cannot be corner-overlapped, but a flank contact counts.
  EXPECT_EQ(factor(combat("psiloi,flank=1", "blades-solid")), 1);
}

TEST(TacticalFactors, AdditionalAssaultersAndSupportingShootersAreMinusOneEach) {
  EXPECT_EQ(
      term(combat("blades-solid", "spears,in=city,extra-assault=1"), "extra-assault=1", Side::kB),
      -1);
  EXPECT_EQ(
      term(combat("blades-solid", "spears,in=camp,extra-assault=2"), "extra-assault=2", Side::kB),
      -2);
  EXPECT_EQ(term(shooting("bows-solid", "knights,extra-shooters=1"), "extra-shooters=1", Side::kB),
            -1);
  // Knights shot at by Bows (foot): +3 vs foot, -2 for two supporting shooters.
  EXPECT_EQ(factor(shooting("bows-solid", "knights,extra-shooters=2"), Side::kB), 3 - 2);
}

TEST(TacticalFactors, BadGoingIsMinusTwoInCloseCombatExceptAxWbBwPs) {
  EXPECT_EQ(term(combat("spears,going=bad", "blades-solid"), "going=bad"), -2);
  EXPECT_EQ(term(combat("knights,going=bad", "blades-solid"), "going=bad"), -2);
  for (const char* exempt : {"auxilia-solid", "auxilia-fast", "warbands-solid", "warbands-fast",
                             "bows-solid", "bows-fast", "psiloi"})
    EXPECT_EQ(term(combat(std::string(exempt) + ",going=bad", "spears"), "going=bad"), 0) << exempt;
  // Rough going is not bad going.
  EXPECT_EQ(factor(combat("spears,going=rough", "blades-solid")), 4);
  // Dunes and oasis: bad going except for camels.
  EXPECT_EQ(term(combat("cavalry,going=dunes", "spears"), "going=dunes"), -2);
  EXPECT_EQ(term(combat("camelry,going=dunes", "spears"), "going=dunes"), 0);
  EXPECT_EQ(term(combat("light-camelry,going=dunes", "spears"), "going=dunes"), 0);
  // Not in shooting.
  EXPECT_EQ(factor(shooting("bows-solid", "spears,going=bad"), Side::kB), 4);
}

TEST(TacticalFactors, PikesRearSupportIsThreeAgainstFootExceptPsiloiAndAgainstKnEl) {
  EXPECT_EQ(term(combat("pikes-solid,support", "blades-solid"), "support"), 3);
  EXPECT_EQ(term(combat("pikes-fast,support", "spears"), "support"), 3);
  EXPECT_EQ(term(combat("pikes-solid,support", "psiloi"), "support"), 0);
  EXPECT_EQ(term(combat("pikes-solid,support", "knights"), "support"), 3);
  EXPECT_EQ(term(combat("pikes-solid,support", "elephants"), "support"), 3);
  EXPECT_EQ(term(combat("pikes-solid,support", "scythed-chariots"), "support"), 3);
  EXPECT_EQ(term(combat("pikes-solid,support", "cavalry"), "support"), 0);
  // Both ranks in good going.
  EXPECT_EQ(term(combat("pikes-solid,support,going=rough", "blades-solid"), "support"), 0);
}

TEST(TacticalFactors, WarbandAndLightHorseRearSupportIsOne) {
  EXPECT_EQ(term(combat("warbands-solid,support", "blades-solid"), "support"), 1);
  EXPECT_EQ(term(combat("warbands-fast,support", "psiloi"), "support"), 0);
  EXPECT_EQ(term(combat("warbands-fast,support", "knights"), "support"), 0);
  EXPECT_EQ(term(combat("light-horse,support", "knights"), "support"), 1);
  EXPECT_EQ(term(combat("light-horse,support", "spears"), "support"), 1);
}

TEST(TacticalFactors, DoubleBasedElementsArePlusOneAgainstFootInGoodGoing) {
  EXPECT_EQ(term(combat("blades-solid,double", "spears"), "double"), 1);
  EXPECT_EQ(term(combat("blades-solid,double", "knights"), "double"), 0);
  EXPECT_EQ(term(combat("blades-solid,double,going=rough", "spears"), "double"), 0);
  EXPECT_EQ(term(combat("knights", "spears,double,in=city"), "double", Side::kB), 0);
}

TEST(TacticalFactors, FlankSupportIsPlusOneAgainstFootInGoodGoing) {
  EXPECT_EQ(term(combat("spears,side-support", "blades-solid"), "side-support"), 1);
  EXPECT_EQ(term(combat("bows-solid,side-support", "warbands-solid"), "side-support"), 1);
  EXPECT_EQ(term(combat("spears,side-support", "knights"), "side-support"), 0);
  EXPECT_EQ(term(combat("spears,side-support,going=rough", "blades-solid"), "side-support"), 0);
}

TEST(TacticalFactors, TheDataFileDrivesTheValues) {
  // A player who owns the rulebook edits the file; the calculator follows it.
  const Sheet& s = sheet();
  EXPECT_EQ(s.tactical.general, 1);
  EXPECT_EQ(s.tactical.garrison, 4);
  EXPECT_EQ(s.tactical.bad_going, -2);
  EXPECT_EQ(s.tactical.edge, -1);
}

}  // namespace
