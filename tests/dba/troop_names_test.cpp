// The names `ancients dba odds` accepts for a troop type (troop_names.h): ids, every
// abbreviation `ancients dba troops` prints, codes without prefix, variant codes, plurals and
// singulars, in any case; and a combat given with abbreviations equals the one given with ids.
#include <gtest/gtest.h>

#include "dba_support.h"
#include "tools/dba/troop_names.h"

namespace {

using namespace dba_test;

std::string id_of(const std::string& name) {
  const TroopMatch m = find_troop_by_name(sheet(), name);
  return m.troop ? m.troop->id + (m.variant.empty() ? "" : "," + m.variant) : "";
}

TEST(TroopNames, EveryPrintedAbbreviationFindsItsType) {
  for (const TroopType& t : sheet().troops) {
    EXPECT_EQ(find_troop_by_name(sheet(), t.abbrev).troop, &t) << t.abbrev;
    EXPECT_EQ(find_troop_by_name(sheet(), t.id).troop, &t) << t.id;
  }
}

TEST(TroopNames, CodesVariantsPluralsAndCase) {
  EXPECT_EQ(id_of("Bd"), "blades-solid");
  EXPECT_EQ(id_of("3bd"), "blades-fast");
  EXPECT_EQ(id_of("6Bd"), "blades-solid");
  EXPECT_EQ(id_of("Lb"), "bows-solid,lb");
  EXPECT_EQ(id_of("4Cb"), "bows-solid,cb");
  EXPECT_EQ(id_of("3Kn"), "knights,3kn");
  EXPECT_EQ(id_of("bows"), "bows-solid");
  EXPECT_EQ(id_of("bow"), "bows-solid");
  EXPECT_EQ(id_of("knight"), "knights");
  EXPECT_EQ(id_of("SPEARS"), "spears");
  EXPECT_EQ(id_of("light horse"), "light-horse");
  EXPECT_EQ(id_of("Hd"), "hordes-solid");
  EXPECT_EQ(id_of("spearmen"), "");
  EXPECT_EQ(id_of(""), "");
}

TEST(TroopNames, AnAbbreviatedCombatEqualsTheSpelledOutOne) {
  const auto a = compute_odds(sheet(), combat("4Bd", "3Kn"));
  const auto b = compute_odds(sheet(), combat("blades-solid", "knights,3kn"));
  EXPECT_EQ(a.dice.a_beats, b.dice.a_beats);
  EXPECT_EQ(a.dice.a_doubles, b.dice.a_doubles);
  EXPECT_EQ(a.dice.equal, b.dice.equal);
  EXPECT_EQ(a.a.counts, b.a.counts);
  EXPECT_EQ(a.b.counts, b.b.counts);
}

}  // namespace
