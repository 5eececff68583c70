// Bad input to the calculator is refused with a clear message: unknown troop types, tags and
// items, malformed values, and situations that cannot happen on the table.
#include <gtest/gtest.h>

#include "core/errors.h"
#include "dba_support.h"

namespace {

using namespace dba_test;

/// The message of the BadInput thrown by building the combat, or "" if none was thrown.
std::string refusal(const std::string& a, const std::string& b,
                    CombatKind kind = CombatKind::kClose) {
  try {
    make_combat(sheet(), kind, a, b);
  } catch (const ancients::BadInput& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REFUSED(call, words) \
  EXPECT_NE((call).find(words), std::string::npos) << "message: \"" << (call) << "\""

TEST(CombatInput, UnknownTroopTypeIsNamedWithTheKnownOnes) {
  EXPECT_REFUSED(refusal("spearmen", "knights"), "unknown troop type \"spearmen\"");
  EXPECT_REFUSED(refusal("spearmen", "knights"), "spears");
  EXPECT_REFUSED(refusal("spears", "knigt"), "unknown troop type \"knigt\"");
  EXPECT_REFUSED(refusal("", "knights"), "needs a troop type");
  EXPECT_REFUSED(refusal("swordsmen", "knights"), "unknown troop type \"swordsmen\" (known:");
  // A typing slip gets the name meant (the message listed all 28 types and no more).
  EXPECT_REFUSED(refusal("knigts", "spears"), "\"knigts\": did you mean knights?");
  EXPECT_REFUSED(refusal("knights", "spaers"), "did you mean spears?");
  EXPECT_REFUSED(refusal("elefants", "spears"), "did you mean elephants?");
  EXPECT_REFUSED(refusal("blads", "spears"), "did you mean blades?");
  // Singulars, plurals and abbreviations are names, not errors (troop_names_test.cpp).
  EXPECT_REFUSED(refusal("blades", "knight,kn3"), "unknown item \"kn3\"");
}

TEST(CombatInput, UnknownOrMisplacedItemsAreRefused) {
  EXPECT_REFUSED(refusal("spears,brave", "knights"), "unknown item \"brave\" for spears");
  EXPECT_REFUSED(refusal("spears,lb", "knights"), "spears do not take the tag \"lb\"");
  EXPECT_REFUSED(refusal("knights,3kn,4kn", "spears"), "exclude each other");
  EXPECT_REFUSED(refusal("spears,general,general", "knights"), "\"general\" is given twice");
  EXPECT_REFUSED(refusal("spears,,general", "knights"), "empty item");
  // "knights, spears" in a shell: A is "knights," (it said "two commas in a row?").
  EXPECT_REFUSED(refusal("knights,", "spears"), "ends with a comma");
  EXPECT_REFUSED(refusal("spears,general=1", "knights"), "takes no value");
  EXPECT_REFUSED(refusal("spears,overlap", "knights"), "needs a value");
  EXPECT_REFUSED(refusal("spears,overlap=3", "knights"), "from 0 to 2");
  EXPECT_REFUSED(refusal("spears,overlap=x", "knights"), "from 0 to 2");
  EXPECT_REFUSED(refusal("spears,going=swamp", "knights"), "going must be");
  EXPECT_REFUSED(refusal("spears,in=castle", "knights"), "in must be city, fort or camp");
}

TEST(CombatInput, ItemsAreReadWithoutRegardToCaseAndSpaces) {
  EXPECT_EQ(refusal(" Spears , General ", "KNIGHTS"), "");
}

TEST(CombatInput, ShootingNeedsAShooter) {
  EXPECT_REFUSED(refusal("spears", "knights", CombatKind::kShooting), "cannot shoot");
  EXPECT_REFUSED(refusal("bows-solid", "spears,shoots-back", CombatKind::kShooting),
                 "cannot shoot back");
  EXPECT_REFUSED(refusal("bows-solid,shoots-back", "spears", CombatKind::kShooting),
                 "shoots-back is for B");
  EXPECT_REFUSED(refusal("bows-solid", "bows-solid,shoots-back"), "shoots-back is for shooting");
  EXPECT_EQ(refusal("war-wagons", "knights", CombatKind::kShooting), "");
  EXPECT_EQ(refusal("artillery", "knights", CombatKind::kShooting), "");
}

TEST(CombatInput, CloseCombatFactorsAreRefusedInShooting) {
  for (const char* item : {"uphill", "riverbank", "overlap=1", "flank=1", "rear", "side-support"})
    EXPECT_REFUSED(refusal("bows-solid", std::string("spears,") + item, CombatKind::kShooting),
                   "close combat");
  EXPECT_REFUSED(refusal("bows-solid", "pikes-solid,support", CombatKind::kShooting),
                 "only in close combat");
  EXPECT_REFUSED(refusal("spears,shot-in-rear", "knights"), "only for an element being shot at");
  EXPECT_REFUSED(refusal("spears", "knights,extra-shooters=1"), "being shot at");
  EXPECT_REFUSED(refusal("bows-solid,extra-shooters=1", "knights", CombatKind::kShooting),
                 "being shot at");
}

TEST(CombatInput, ImpossiblePositionsAreRefused) {
  EXPECT_REFUSED(refusal("spears,uphill", "knights,uphill"), "both elements cannot be uphill");
  EXPECT_REFUSED(refusal("spears,riverbank", "knights,riverbank"), "only one side");
  EXPECT_REFUSED(refusal("spears,in=city", "knights,in=camp"), "both sides cannot be defending");
  EXPECT_REFUSED(refusal("spears,overlap=2,flank=1", "knights"), "only two flank edges");
  EXPECT_REFUSED(refusal("psiloi,overlap=1", "knights"), "cannot be corner-overlapped");
  EXPECT_REFUSED(refusal("scythed-chariots,overlap=1", "knights"), "cannot be corner-overlapped");
  EXPECT_REFUSED(refusal("spears,extra-assault=1", "knights"), "defender of a city");
  EXPECT_REFUSED(refusal("spears,sacking,in=city", "knights"), "sacking");
}

TEST(CombatInput, SupportOnlyWhereTheSheetGivesIt) {
  EXPECT_REFUSED(refusal("blades-solid,support", "spears"), "no second-rank rear support");
  EXPECT_REFUSED(refusal("blades-solid,side-support", "spears"), "flank support is only for");
  EXPECT_REFUSED(refusal("warbands-solid,double,support", "spears"), "double-based");
  EXPECT_EQ(refusal("pikes-solid,support", "spears"), "");
}

TEST(CombatInput, CampFollowersAndDenizensFightAtHomeOrSallied) {
  EXPECT_REFUSED(refusal("knights", "camp-followers"), "in its own camp");
  EXPECT_REFUSED(refusal("knights", "denizens"), "in its own city");
  EXPECT_REFUSED(refusal("knights", "camp-followers,in=city"), "only its own camp");
  EXPECT_REFUSED(refusal("knights", "camp-followers,in=camp,sallied"), "no longer in");
  EXPECT_REFUSED(refusal("knights", "spears,sallied"), "only camp followers and denizens sally");
  EXPECT_REFUSED(refusal("knights", "camp-followers,in=camp,general"), "General's element");
  EXPECT_EQ(refusal("knights", "denizens,sallied"), "");
}

TEST(CombatInput, MessagesNameTheSideAndTheElement) {
  const std::string m = refusal("spears", "psiloi,overlap=1");
  EXPECT_REFUSED(m, "impossible situation: B (Psiloi");
}

}  // namespace
