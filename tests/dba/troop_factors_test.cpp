// The sheet's Combat Factors table, line by line: the values below are typed from the sheet
// (shared/seeds/001_d38754e2cf7e7b64.txt, read with shared/rules/dba3-sheet.md) and compared
// with the data file, and each troop's factor is checked in a combat against foot and against
// mounted.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "dba_support.h"

namespace {

using namespace dba_test;

struct Line {
  const char* id;
  const char* cls;        // foot / mounted
  const char* formation;  // solid / fast / ""
  int vs_foot, vs_mounted, move_good, move_bad;
};

// Combat Factors: Troops | vs. Foot | vs. Mtd | GG | BG/RG.
constexpr std::array<Line, 28> kSheet{{
    {"artillery", "foot", "", 4, 4, 2, 1},
    {"auxilia-solid", "foot", "solid", 3, 3, 2, 2},
    {"auxilia-fast", "foot", "fast", 3, 3, 3, 3},
    {"blades-solid", "foot", "solid", 5, 3, 2, 1},
    {"blades-fast", "foot", "fast", 5, 3, 3, 3},
    {"bows-solid", "foot", "solid", 2, 4, 2, 1},
    {"bows-fast", "foot", "fast", 2, 4, 3, 3},
    {"camelry", "mounted", "", 3, 3, 3, 1},
    {"camp-followers", "foot", "", 2, 0, 2, 1},
    {"denizens", "foot", "", 2, 0, 2, 1},
    {"cavalry", "mounted", "", 3, 3, 4, 1},
    {"elephants", "mounted", "", 5, 4, 3, 1},
    {"hordes-solid", "foot", "solid", 3, 2, 2, 1},
    {"hordes-fast", "foot", "fast", 3, 2, 3, 3},
    {"knights", "mounted", "", 3, 4, 3, 1},
    {"light-horse", "mounted", "", 2, 2, 4, 1},
    {"light-camelry", "mounted", "", 2, 2, 4, 1},
    {"pikes-solid", "foot", "solid", 3, 4, 2, 1},
    {"pikes-fast", "foot", "fast", 3, 4, 3, 3},
    {"psiloi", "foot", "fast", 2, 2, 3, 3},
    {"scythed-chariots", "mounted", "", 3, 4, 4, 1},
    {"spears", "foot", "solid", 4, 4, 2, 1},
    {"command-wagons", "foot", "", 5, 3, 2, 1},
    {"command-posts", "foot", "", 5, 3, 2, 1},
    {"litters", "foot", "", 5, 3, 2, 1},
    {"war-wagons", "foot", "", 3, 4, 2, 1},
    {"warbands-solid", "foot", "solid", 3, 2, 2, 2},
    {"warbands-fast", "foot", "fast", 3, 2, 3, 3},
}};

std::string element(const Line& l) {
  std::string e = l.id;
  if (std::string(l.id) == "camp-followers") e += ",in=camp";
  if (std::string(l.id) == "denizens") e += ",in=city";
  return e;
}

TEST(TroopFactors, TheDataFileHoldsEveryLineOfTheSheet) {
  std::set<std::string> ids;
  for (const auto& l : kSheet) {
    const TroopType* t = sheet().find_troop(l.id);
    ASSERT_NE(t, nullptr) << l.id;
    ids.insert(l.id);
    EXPECT_EQ(t->cls == TroopClass::kFoot ? "foot" : "mounted", std::string(l.cls)) << l.id;
    const char* formation = t->formation == Formation::kSolid  ? "solid"
                            : t->formation == Formation::kFast ? "fast"
                                                               : "";
    EXPECT_EQ(std::string(formation), l.formation) << l.id;
    EXPECT_EQ(t->vs_foot, l.vs_foot) << l.id;
    EXPECT_EQ(t->vs_mounted, l.vs_mounted) << l.id;
    EXPECT_EQ(t->move_good, l.move_good) << l.id;
    EXPECT_EQ(t->move_bad, l.move_bad) << l.id;
  }
  EXPECT_EQ(sheet().troops.size(), ids.size()) << "the data file has a troop the sheet lacks";
}

TEST(TroopFactors, EachTroopFightsWithItsFactorAgainstFootAndMounted) {
  for (const auto& l : kSheet) {
    // CWg, CP & Lit always add the General's +1; camp followers and denizens their +2 at home.
    const int extra = sheet().find_troop(l.id)->always_general ? 1 : 0;
    const std::string id = l.id;
    const int camp = id == "camp-followers" || id == "denizens" ? 2 : 0;
    // Against foot (Auxilia) and against mounted (Cavalry), in close combat.
    EXPECT_EQ(factor(combat(element(l), "auxilia-solid")), l.vs_foot + extra + camp) << l.id;
    EXPECT_EQ(factor(combat(element(l), "cavalry")), l.vs_mounted + extra + camp) << l.id;
  }
}

TEST(TroopFactors, BladesAndCommandElementsAreFourWhenShotAtByFoot) {
  // "+5 +4 if shot at"
  EXPECT_EQ(factor(shooting("bows-solid", "blades-solid"), Side::kB), 4);
  EXPECT_EQ(factor(shooting("bows-solid", "blades-fast"), Side::kB), 4);
  EXPECT_EQ(factor(shooting("artillery", "command-wagons"), Side::kB), 4 + 1);  // +1 general
  // In close combat they keep +5.
  EXPECT_EQ(factor(combat("bows-solid", "blades-solid"), Side::kB), 5);
}

TEST(TroopFactors, ArtilleryInACityOrFortIsTwo) {
  // "Artillery (in City or Fort) +2 +2": plus the garrison's +4 when in CC or shot at.
  EXPECT_EQ(term(combat("blades-solid", "artillery,in=city"), "artillery", Side::kB), 2);
  EXPECT_EQ(term(combat("knights", "artillery,in=fort"), "artillery", Side::kB), 2);
  EXPECT_EQ(term(combat("blades-solid", "artillery,in=camp"), "artillery", Side::kB), 4);
  EXPECT_EQ(factor(combat("artillery", "blades-solid")), 4);
}

TEST(TroopFactors, MountedInfantryFightAsTheirFootType) {
  EXPECT_EQ(factor(combat("bows-solid,mtd", "cavalry")), 4);
  EXPECT_EQ(factor(combat("blades-solid,mtd", "spears")), 5);
  EXPECT_TRUE(combat("bows-solid,mtd", "cavalry").a.element.is_foot());
}

TEST(TroopFactors, VariantsDefaultToTheFirst) {
  EXPECT_EQ(combat("knights", "spears").a.element.variant, "4kn");
  EXPECT_EQ(combat("knights,3kn", "spears").a.element.variant, "3kn");
  EXPECT_EQ(combat("bows-solid", "spears").a.element.variant, "bw");
  EXPECT_EQ(combat("bows-solid,lb", "spears").a.element.variant, "lb");
  EXPECT_EQ(combat("spears", "spears").a.element.variant, "");
}

}  // namespace
