// Each row of the sheet's three outcome tables (EQUAL; LESS but more than half; HALF OR
// LESS), per troop type: the expected results below are read from the sheet, not from the data
// file. Each table's test also checks that every rule of the data file was reached by a case.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "dba_support.h"

namespace {

using namespace dba_test;

/// The element whose result is asked is B; A is its opponent.
struct Case {
  const char* a;
  const char* b;
  bool shooting;
  Result expected;
};

constexpr Result NE = Result::kNoEffect;
constexpr Result RC = Result::kRecoil;
constexpr Result FL = Result::kFlee;
constexpr Result DE = Result::kDestroyed;

void run_block(Block block, const std::vector<Case>& cases) {
  std::set<int> reached;
  for (const Case& c : cases) {
    const Combat cb = c.shooting ? shooting(c.a, c.b) : combat(c.a, c.b);
    const RowResult r = row(cb, block, Side::kB);
    EXPECT_EQ(r.result, c.expected) << block_name(block) << ": B " << c.b << " against A " << c.a
                                    << (c.shooting ? " (shooting)" : "") << " gave "
                                    << result_name(r.result) << " by \"" << r.sheet << "\"";
    reached.insert(r.line);
  }
  for (const OutcomeRule& rule : sheet().block(block))
    EXPECT_TRUE(reached.count(rule.line) != 0) << block_name(block) << " rule at line " << rule.line
                                               << " (\"" << rule.sheet << "\") has no test case";
}

TEST(OutcomeRows, EqualTotals) {
  run_block(Block::kEqual,
            {
                // No effect if attacking or defending a city, fort or camp.
                {"knights", "spears,in=city", false, NE},
                {"spears,in=camp", "knights", false, NE},
                {"bows-solid", "psiloi,in=fort", true, NE},
                // Scythed chariots: destroyed by everything.
                {"psiloi", "scythed-chariots", false, DE},
                {"bows-fast", "scythed-chariots", true, DE},
                // Knights or Camelry: destroyed by Bd, Lb or Cb in CC.
                {"blades-solid", "knights", false, DE},
                {"blades-fast", "camelry", false, DE},
                {"bows-solid,lb", "knights,3kn", false, DE},
                {"bows-fast,cb", "knights", false, DE},
                // ... recoiled in CC by Solid Foot.
                {"bows-solid", "knights", false, RC},
                {"spears", "camelry", false, RC},
                {"bows-solid,mtd", "knights", false, RC},
                // ... 4Kn recoiled by 3Kn; 3Kn by 4Kn: no effect.
                {"knights,3kn", "knights", false, RC},
                {"knights", "knights,3kn", false, NE},
                // ... otherwise no effect (shot at by Lb: "in CC" only).
                {"cavalry", "knights", false, NE},
                {"bows-solid,lb", "knights", true, NE},
                {"auxilia-fast", "camelry", false, NE},
                // Other Mounted: recoiled by Solid Foot in CC, otherwise no effect.
                {"spears", "cavalry", false, RC},
                {"pikes-solid", "elephants", false, RC},
                {"auxilia-solid", "light-horse", false, RC},
                {"knights", "cavalry", false, NE},
                {"auxilia-fast", "cavalry", false, NE},
                {"bows-solid", "light-horse", true, NE},
                // Fast Foot: recoiled by Solid Foot in CC with it or shooting at it.
                {"spears", "auxilia-fast", false, RC},
                {"blades-solid", "psiloi", false, RC},
                {"bows-solid", "psiloi", true, RC},
                {"bows-fast", "psiloi", true, NE},
                {"artillery", "blades-fast", true, NE},
                {"knights", "warbands-fast", false, NE},
                // CP, CWg or Lit: destroyed by Foot if in contact on 2 or more edges.
                {"blades-solid", "command-wagons,flank=1", false, DE},
                {"psiloi", "litters,rear", false, DE},
                {"blades-solid", "command-posts,overlap=1", false, NE},
                {"knights", "command-wagons,flank=1", false, NE},
                // Otherwise: no effect.
                {"spears", "blades-solid", false, NE},
                {"knights", "spears", false, NE},
            });
}

TEST(OutcomeRows, LessButMoreThanHalf) {
  run_block(Block::kLess,
            {
                // Destroyed if sacking a city.
                {"spears", "blades-solid,sacking", false, DE},
                // Destroyed if the defenders of a city, fort or camp.
                {"blades-solid", "spears,in=fort", false, DE},
                {"knights", "camp-followers,in=camp", false, DE},
                {"bows-solid", "spears,in=city", true, DE},
                // Denizens or camp followers that have sallied.
                {"psiloi", "camp-followers,sallied", false, DE},
                {"psiloi", "denizens,sallied", false, DE},
                // Mtd Ft in BG.
                {"spears", "bows-solid,mtd,going=bad", false, DE},
                {"spears", "bows-solid,mtd", false, RC},
                // Elephants: destroyed if in CC vs a City or Fort (but recoil from a camp).
                {"spears,in=city", "elephants", false, DE},
                {"spears,in=camp", "elephants", false, RC},
                // Recoil if in CC against defenders of a city, fort or camp.
                {"warbands-solid,in=city", "blades-solid", false, RC},
                {"spears,in=fort", "knights", false, RC},
                // No effect if CP, Lit or CWg.
                {"blades-solid", "litters", false, NE},
                {"knights", "command-wagons", false, NE},
                {"spears", "command-posts", false, NE},
                // Elephants: destroyed by Ps, Ax, LH, Art shooting; flee from El; else recoil.
                {"psiloi", "elephants", false, DE},
                {"auxilia-solid", "elephants", false, DE},
                {"light-camelry", "elephants", false, DE},
                {"artillery", "elephants", true, DE},
                {"artillery", "elephants", false, RC},
                {"elephants", "elephants", false, FL},
                {"spears", "elephants", false, RC},
                // Scythed chariots.
                {"spears", "scythed-chariots", false, DE},
                {"bows-solid", "scythed-chariots,shot-in-rear", true, DE},
                {"bows-solid", "scythed-chariots", true, FL},
                // Knights: destroyed by El, SCh, Cm, LH; else recoil.
                {"camelry", "knights", false, DE},
                {"light-horse", "knights", false, DE},
                {"elephants", "knights", false, DE},
                {"spears", "knights", false, RC},
                // Camelry: destroyed by SCh or if in BG; flee from El; else recoil.
                {"scythed-chariots", "camelry", false, DE},
                {"spears", "camelry,going=bad", false, DE},
                {"spears", "camelry,going=dunes", false, RC},
                {"elephants", "camelry", false, FL},
                {"spears", "camelry", false, RC},
                // Cavalry: flee from SCh, or if BG; else recoil.
                {"scythed-chariots", "cavalry", false, FL},
                {"spears", "cavalry,going=bad", false, FL},
                {"spears", "cavalry,going=dunes", false, FL},
                {"knights", "cavalry", false, RC},
                // Light Horse: flee from SCh, from Art shooting, or if in BG; else recoil.
                {"scythed-chariots", "light-horse", false, FL},
                {"artillery", "light-horse", true, FL},
                {"spears", "light-horse,going=bad", false, FL},
                {"spears", "light-horse,going=dunes", false, FL},
                {"spears", "light-camelry,going=dunes", false, RC},
                {"cavalry", "light-horse", false, RC},
                // Spears, Pikes, Blades: destroyed by Kn or SCh if in GG, or by Wb.
                {"knights", "spears", false, DE},
                {"scythed-chariots", "pikes-fast", false, DE},
                {"knights", "blades-solid,going=rough", false, RC},
                {"warbands-fast", "blades-fast", false, DE},
                {"warbands-solid", "spears,going=bad", false, DE},
                {"blades-solid", "pikes-solid", false, RC},
                // Auxilia: destroyed by Kn in GG; else recoil.
                {"knights", "auxilia-solid", false, DE},
                {"knights", "auxilia-fast,going=bad", false, RC},
                {"spears", "auxilia-fast", false, RC},
                // Bows: destroyed by any Mounted; else recoil.
                {"light-horse", "bows-fast", false, DE},
                {"cavalry", "bows-solid,going=bad", false, DE},
                {"spears", "bows-solid", false, RC},
                {"bows-solid", "bows-fast,shoots-back", true, RC},
                // Psiloi: destroyed by Kn, Cv, Cm if in going the enemy counts as good.
                {"cavalry", "psiloi", false, DE},
                {"camelry", "psiloi,going=dunes", false, DE},
                {"cavalry", "psiloi,going=dunes", false, RC},
                {"knights", "psiloi,going=rough", false, RC},
                {"light-horse", "psiloi", false, RC},
                // Warband: destroyed by Kn or SCh if in GG; else recoil.
                {"scythed-chariots", "warbands-solid", false, DE},
                {"knights", "warbands-fast,going=bad", false, RC},
                {"spears", "warbands-solid", false, RC},
                // Hordes: destroyed by Kn, El if in GG, or by Wb; recoil if shot at; else NE.
                {"elephants", "hordes-solid", false, DE},
                {"knights", "hordes-fast,going=rough", false, NE},
                {"warbands-fast", "hordes-fast,going=bad", false, DE},
                {"bows-solid", "hordes-fast", true, RC},
                {"spears", "hordes-solid", false, NE},
                // War Wagons: destroyed by Art shooting or El; else no effect.
                {"artillery", "war-wagons", true, DE},
                {"elephants", "war-wagons", false, DE},
                {"blades-solid", "war-wagons", false, NE},
                // Artillery: destroyed by everything.
                {"psiloi", "artillery", false, DE},
                {"bows-fast", "artillery", true, DE},
            });
}

TEST(OutcomeRows, HalfOrLess) {
  run_block(Block::kHalf,
            {
                // Destroyed if defenders of a city, fort or camp.
                {"spears", "cavalry,in=camp", false, DE},
                {"bows-solid", "psiloi,in=city", true, DE},
                // Cavalry: flee from Pk, Sp or Hd if in GG, or Art in CC; else destroyed.
                {"spears", "cavalry", false, FL},
                {"pikes-fast", "cavalry", false, FL},
                {"hordes-solid", "cavalry", false, FL},
                {"spears", "cavalry,going=rough", false, DE},
                {"artillery", "cavalry", false, FL},
                {"artillery", "cavalry", true, DE},
                {"knights", "cavalry", false, DE},
                // Light Horse: destroyed if in BG, by Mounted, Art shooting, Bows or Psiloi.
                {"spears", "light-horse,going=bad", false, DE},
                {"cavalry", "light-horse", false, DE},
                {"artillery", "light-horse", true, DE},
                {"bows-fast", "light-horse", true, DE},
                {"psiloi", "light-camelry", false, DE},
                {"spears", "light-horse", false, FL},
                {"artillery", "light-horse", false, FL},
                // Psiloi: destroyed by Kn, Cv, Cm or LH in going the enemy counts as good, or
                // in CC by El or SCh; else flee.
                {"light-horse", "psiloi", false, DE},
                {"light-horse", "psiloi,going=rough", false, FL},
                {"camelry", "psiloi,going=dunes", false, DE},
                {"elephants", "psiloi,going=bad", false, DE},
                {"scythed-chariots", "psiloi", false, DE},
                {"auxilia-fast", "psiloi", false, FL},
                {"bows-solid", "psiloi", true, FL},
                // All others: destroyed.
                {"blades-solid", "spears", false, DE},
                {"spears", "knights", false, DE},
                {"bows-solid", "hordes-fast", true, DE},
            });
}

TEST(OutcomeRows, OnlyTheElementShotAtIsAffected) {
  const Combat c = shooting("bows-solid", "spears");
  for (Block b : {Block::kEqual, Block::kLess, Block::kHalf})
    EXPECT_EQ(row(c, b, Side::kA).result, Result::kNoEffect) << block_name(b);
  // Shooting back makes the shooter a target too.
  const Combat back = shooting("bows-solid", "bows-solid,shoots-back");
  EXPECT_EQ(row(back, Block::kHalf, Side::kA).result, Result::kDestroyed);
  EXPECT_EQ(row(back, Block::kLess, Side::kA).result, Result::kRecoil);
}

// The shooter not shot at: each of its rows says what is particular to it (the sheet's row it
// would be were it shot at in return), not one sentence three times; against an element that
// cannot shoot, why nothing can happen to it.
TEST(OutcomeRows, TheUnshotShootersRowsEachSayTheirOwnRow) {
  const Combat c = shooting("bows-solid", "bows-solid");
  const Combat back = shooting("bows-solid", "bows-solid,shoots-back");
  std::set<std::string> texts;
  for (Block b : {Block::kEqual, Block::kLess, Block::kHalf}) {
    const RowResult r = row(c, b, Side::kA);
    EXPECT_EQ(r.result, Result::kNoEffect) << block_name(b);
    EXPECT_NE(r.sheet.find("Not shot at"), std::string::npos) << r.sheet;
    EXPECT_NE(r.sheet.find(row(back, b, Side::kA).sheet), std::string::npos)
        << block_name(b) << ": " << r.sheet;
    texts.insert(r.sheet);
  }
  EXPECT_EQ(texts.size(), 3u) << "the three rows say the same";
  const RowResult knights = row(shooting("bows-solid", "knights"), Block::kLess, Side::kA);
  EXPECT_EQ(knights.result, Result::kNoEffect);
  EXPECT_NE(knights.sheet.find("Knights cannot shoot back"), std::string::npos) << knights.sheet;
}

TEST(OutcomeRows, OutcomeCountsFollowTheRows) {
  // Spears (+4) against Knights (+3) in good going: spears beaten are destroyed (by Kn in GG),
  // knights beaten recoil, doubled are destroyed, equal: knights recoil from solid foot.
  const Odds o = compute_odds(sheet(), combat("spears", "knights"));
  const auto idx = [](Result r) { return static_cast<std::size_t>(r); };
  EXPECT_EQ(o.a.counts[idx(Result::kDestroyed)], o.dice.b_beats + o.dice.b_doubles);
  EXPECT_EQ(o.b.counts[idx(Result::kRecoil)], o.dice.a_beats + o.dice.equal);
  EXPECT_EQ(o.b.counts[idx(Result::kDestroyed)], o.dice.a_doubles);
  EXPECT_EQ(o.a.counts[idx(Result::kNoEffect)], o.dice.a_beats + o.dice.a_doubles + o.dice.equal);
}

TEST(OutcomeRows, EveryPairOfTroopsHasARowInEveryTable) {
  // The tables must answer every case: each troop against each, close combat and shooting.
  const auto spec = [](const TroopType& t) {
    std::string s = t.id;
    if (t.home == "camp") s += ",in=camp";
    if (t.home == "city") s += ",in=city";
    return s;
  };
  int combats = 0;
  for (const auto& a : sheet().troops) {
    for (const auto& b : sheet().troops) {
      if (!a.home.empty() && !b.home.empty()) continue;  // both cannot be inside
      for (const char* going : {"", ",going=rough", ",going=bad", ",going=dunes"}) {
        const Combat cc = combat(spec(a), spec(b) + going);
        EXPECT_NO_THROW(compute_odds(sheet(), cc)) << a.id << " vs " << b.id << going;
        if (a.shoots) {
          const Combat sh = shooting(spec(a), spec(b) + going);
          EXPECT_NO_THROW(compute_odds(sheet(), sh)) << a.id << " shooting " << b.id << going;
        }
        ++combats;
      }
    }
  }
  EXPECT_GT(combats, 2000);
}

}  // namespace
