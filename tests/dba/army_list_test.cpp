// The DBA army-list reader and its conversion into Ancient Warfare armies
// (shared/rules/dba-battlefield-and-lists.md, "DBA army lists"): every notation form, the table
// per edition and house rule, the (Gen) element, overrides, choices, Elite picks and the errors
// that name the element that does not fit. The table is the bundled data/dba/army-lists.toml.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/errors.h"
#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"
#include "tools/dba/army_from_list.h"
#include "tools/dba/army_list.h"

namespace {

using namespace ancients;
using namespace ancients::dba;
using nlohmann::json;

const char* kList = "1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw";

const ListTable& table() {
  static const auto t = load_list_table(default_list_table_path());
  return *t;
}

json convert(const std::string& list, const std::string& edition = "autokill",
             std::map<std::string, std::string> map = {}, std::vector<std::string> elite = {},
             std::vector<std::string> take = {}, warfare::Options options = {}) {
  ListRequest r;
  r.list = list;
  r.edition = edition;
  r.map = std::move(map);
  r.elite = std::move(elite);
  r.take = std::move(take);
  r.options = options;
  r.name = "Test";
  return army_from_list(table(), r);
}

int count(const json& army, const std::string& unit) {
  return static_cast<int>(std::count(army["units"].begin(), army["units"].end(), unit));
}

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

TEST(ArmyList, ReadsCountsPrefixesAndTheGeneralMark) {
  const auto rows = parse_army_list(kList);
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_TRUE(rows[0].general);
  EXPECT_FALSE(rows[1].general);
  EXPECT_EQ(rows[0].choices[0].count, 1);
  EXPECT_EQ(rows[0].choices[0].prefix, 3);
  EXPECT_EQ(rows[0].choices[0].code, "Kn");
  EXPECT_EQ(rows[2].choices[0].code, "LH");
  EXPECT_EQ(rows[2].choices[0].prefix, 0);
  EXPECT_EQ(rows[3].choices[0].count, 3);
  EXPECT_EQ(rows[3].choices[0].written, "4Bd");
}

TEST(ArmyList, AcceptsEveryCountAndSeparatorForm) {
  const auto rows = parse_army_list("1 x 3Kn(Gen); 2 X 3Cv\n2\xC3\x97LH, 4Bd General, 3Bd gen");
  ASSERT_EQ(rows.size(), 5u);
  EXPECT_TRUE(rows[0].general);
  EXPECT_EQ(rows[1].choices[0].count, 2);
  EXPECT_EQ(rows[2].choices[0].count, 2);
  EXPECT_EQ(rows[2].choices[0].code, "LH");
  EXPECT_EQ(rows[3].choices[0].count, 1);
  EXPECT_TRUE(rows[3].general);
  EXPECT_TRUE(rows[4].general);
}

// The DBA 3 book writes the general's element first as "1 x General (3Cv)" (or with a choice,
// "General (3Kn or Cv)"): pasted as printed, it is read as "1x3Cv (Gen)" (it was refused, "not
// an element type").
TEST(ArmyList, ReadsTheBooksGeneralFirstForm) {
  const auto rows =
      parse_army_list("1 x General (3Cv), 1x Gen (3Kn or Cv), General (LH), 2\xC3\x97General(4Bd)");
  ASSERT_EQ(rows.size(), 4u);
  for (const auto& row : rows) EXPECT_TRUE(row.general) << row.text;
  EXPECT_EQ(rows[0].choices[0].count, 1);
  EXPECT_EQ(rows[0].choices[0].written, "3Cv");
  ASSERT_EQ(rows[1].choices.size(), 2u);
  EXPECT_EQ(rows[1].choices[1].code, "Cv");
  EXPECT_EQ(rows[2].choices[0].code, "LH");
  EXPECT_EQ(rows[3].choices[0].count, 2);
  EXPECT_EQ(rows[3].choices[0].code, "Bd");
  const json army =
      convert("1 x General (3Cv), 2 x 3Cv, 1 x 2LH, 6 x 4Bd, 1 x 4Ax or Art, 1 x 2Ps");
  EXPECT_EQ(army["general"], "cavalry");
  EXPECT_EQ(count(army, "cavalry"), 2);
  // A word that only begins like "Gen" is not the mark.
  EXPECT_NE(error_of([] { parse_army_list("1xGenX (3Kn)"); }).find("element 1"), std::string::npos);
}

TEST(ArmyList, ReadsAlternatives) {
  const auto rows = parse_army_list("2x3Cv or 4Bw, 1x2Ps or 2x3Ax");
  ASSERT_EQ(rows.size(), 2u);
  ASSERT_EQ(rows[0].choices.size(), 2u);
  EXPECT_EQ(rows[0].choices[1].code, "Bw");
  EXPECT_EQ(rows[0].choices[1].count, 2);  // takes the row's count
  EXPECT_EQ(rows[1].choices[1].count, 2);  // its own count
}

TEST(ArmyList, RefusesMalformedRowsNamingThem) {
  EXPECT_NE(error_of([] { parse_army_list("2x"); }).find("element 1 \"2x\""), std::string::npos);
  EXPECT_NE(error_of([] { parse_army_list("2x4Bd, 3x4B-d"); }).find("element 2"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_army_list("  ,  "); }).find("empty"), std::string::npos);
  EXPECT_NE(error_of([] { parse_army_list("2x4Bd or"); }).find("\"or\""), std::string::npos);
  EXPECT_NE(error_of([] { parse_army_list("0x4Bd"); }).find("at least 1"), std::string::npos);
  EXPECT_NE(error_of([] { parse_army_list("2x44Bd"); }).find("one digit"), std::string::npos);
}

TEST(ArmyFromList, AutokillArmyIsTheGeneralTheCampAndTheOtherElevenElements) {
  const json army = convert(kList);
  EXPECT_EQ(army["edition"], "autokill");
  EXPECT_EQ(army["general"], "knights");
  EXPECT_EQ(army["units"].size(), 13u);
  EXPECT_EQ(count(army, "general"), 1);
  EXPECT_EQ(count(army, "camp"), 1);
  EXPECT_EQ(count(army, "knights"), 0);  // the (Gen) element is the General
  EXPECT_EQ(count(army, "cavalry"), 2);
  EXPECT_EQ(count(army, "light-horse"), 2);
  EXPECT_EQ(count(army, "blades"), 3);
  EXPECT_EQ(count(army, "psiloi"), 2);
  EXPECT_EQ(count(army, "bows"), 2);
  EXPECT_NE(army["note"].get<std::string>().find(kList), std::string::npos);
  // An ordinary army file that the game accepts, also with nominated_general.
  warfare::Options nominated;
  nominated.nominated_general = true;
  EXPECT_NO_THROW(warfare::army_from_json(army, *warfare::ruleset_for("autokill", nominated), "t"));
}

TEST(ArmyFromList, RetreatEditionUsesItsOwnColumn) {
  const json army =
      convert("1x3Cv (Gen), 2x3Kn, 2xLH, 1x4Lb, 1x4Cb, 1xBw, 2x5Hd, 1xHCh, 1xLCh", "retreat");
  EXPECT_EQ(army["general"], "cataphracts");
  EXPECT_EQ(count(army, "cataphracts"), 2);
  EXPECT_EQ(count(army, "horse-archers"), 2);
  EXPECT_EQ(count(army, "longbows"), 1);
  EXPECT_EQ(count(army, "crossbows"), 1);
  EXPECT_EQ(count(army, "bows"), 1);
  EXPECT_EQ(count(army, "horde"), 2);
  EXPECT_EQ(count(army, "heavy-chariots"), 1);
  EXPECT_EQ(count(army, "light-chariots"), 1);
}

TEST(ArmyFromList, HordesFollowTheHordeHouseRule) {
  const std::string list = "1x3Kn (Gen), 3x7Hd, 8x3Wb";
  EXPECT_EQ(count(convert(list), "warband"), 11);
  warfare::Options house;
  house.horde_house = true;
  const json with = convert(list, "autokill", {}, {}, {}, house);
  EXPECT_EQ(count(with, "horde"), 3);
  EXPECT_EQ(count(with, "warband"), 8);
}

TEST(ArmyFromList, CommandWagonIsTheGeneral) {
  const json army = convert("1xCWg, 3x4Pk, 2x3Kn, 2x2Ps, 4x4Bw");
  EXPECT_FALSE(army.contains("general"));
  EXPECT_EQ(count(army, "general"), 1);
  EXPECT_EQ(count(army, "pikes"), 3);
}

TEST(ArmyFromList, OverridesChoicesAndElite) {
  const json army = convert(kList, "retreat", {{"Bd", "legionnaires"}}, {"4Bd", "Cv"}, {});
  EXPECT_EQ(count(army, "legionnaires*"), 1);
  EXPECT_EQ(count(army, "legionnaires"), 2);
  EXPECT_EQ(count(army, "cataphracts*"), 1);
  const json chose = convert("1x3Kn (Gen), 2x3Cv or 4Bw, 9x4Bd", "autokill", {}, {}, {"4Bw"});
  EXPECT_EQ(count(chose, "bows"), 2);
  EXPECT_EQ(count(chose, "cavalry"), 0);
  EXPECT_EQ(count(convert("1x3Kn (Gen), 2x3Cv or 4Bw, 9x4Bd"), "cavalry"), 2);
}

TEST(ArmyFromList, RefusesWhatDoesNotFitNamingTheElement) {
  EXPECT_NE(error_of([] {
              convert("1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Zz");
            }).find("element 6 \"2x4Zz\""),
            std::string::npos);
  EXPECT_NE(error_of([] { convert("1x3Kn (Gen), 2x3Cv"); }).find("3 elements"), std::string::npos);
  EXPECT_NE(error_of([] { convert("1x3Kn (Gen)"); }).find(": 1 element after"), std::string::npos);
  // A word that is no element type is named as such, not counted as a list of one.
  EXPECT_NE(error_of([] { convert("garbage"); }).find("unknown DBA element type \"garbage\""),
            std::string::npos)
      << error_of([] { convert("garbage"); });
  EXPECT_NE(error_of([] {
              convert(kList, "autokill", {{"Bd", "legionnaires"}});
            }).find("legionnaires"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              convert(kList, "autokill", {{"Wb", "warband"}});
            }).find("no element"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              convert(kList, "autokill", {}, {"Bd", "Bd", "Bd"});
            }).find("at most"),
            std::string::npos);
  EXPECT_NE(error_of([] { convert(kList, "autokill", {}, {"Kn"}); }).find("--elite Kn"),
            std::string::npos);
  EXPECT_NE(error_of([] { convert(kList, "autokill", {}, {}, {"4Bw"}); }).find("--take"),
            std::string::npos);
  EXPECT_NE(error_of([] { convert("1x3Kn (Gen), 1xCP, 10x4Bd"); }).find("element 2"),
            std::string::npos);
  EXPECT_NE(error_of([] { convert("1x3Kn (Gen), 1x3Cv (Gen), 10x4Bd"); }).find("more than one"),
            std::string::npos);
}

TEST(ArmyFromList, WithoutAGeneralMarkTheFirstElementLeads) {
  const json army = convert("2x3Cv, 2xLH, 4x4Bd, 2x2Ps, 2x4Bw");
  EXPECT_EQ(army["general"], "cavalry");
  EXPECT_EQ(count(army, "cavalry"), 1);
  EXPECT_NE(army["note"].get<std::string>().find("No element was marked"), std::string::npos);
}

TEST(ArmyFromList, ALongListTypedInIsQuotedShortEnoughForTheArmysNote) {
  // The page accepts a list of up to 2,000 characters; the note quoting it stays within the
  // army file's limit (setup.h, kMaxNoteChars), so the army can be played.
  const std::string list = "1x3Kn(Gen)" + std::string(1900, ' ') + ", 2x3Cv, 2xLH, 3x4Bd, 2x2Ps";
  const json army = convert(list + ", 2x4Bw");
  const std::string note = army["note"].get<std::string>();
  EXPECT_LE(note.size(), warfare::kMaxNoteChars);
  EXPECT_NE(note.find("...\""), std::string::npos) << "the quote is marked as cut";
  EXPECT_NO_THROW(warfare::army_from_json(army, *warfare::builtin_ruleset("autokill"), "test"));
}

TEST(ArmyFromList, ALightGeneralLeadsOnlyWithoutNominatedGeneral) {
  const json army = convert("1xLH (Gen), 11x4Bd");
  EXPECT_FALSE(army.contains("general"));
  EXPECT_NE(army["note"].get<std::string>().find("cannot lead"), std::string::npos);
}

TEST(ListTable, EveryRowOfTheRulingIsThereForBothEditions) {
  for (const char* code :
       {"Kn", "HCh", "Cv", "Cm", "LH", "LCm", "LCh", "SCh", "El",  "Sp",  "Pk", "Bd",
        "Ax", "Bw",  "Lb", "Cb", "Ps", "Wb",  "Hd",  "Art", "WWg", "CWg", "CP", "Lit"}) {
    const ListType* t = table().find(code);
    ASSERT_NE(t, nullptr) << code;
    EXPECT_EQ(t->units.size(), 2u) << code;
  }
  EXPECT_NE(table().find("bd"), nullptr);  // codes ignore case
}

TEST(ListTable, RefusesBadFilesNamingTheLine) {
  const auto err = [](const std::string& text) {
    return error_of([&] { load_list_table_text(text, "t.toml"); });
  };
  EXPECT_NE(err("format = 1\n[types.Kn]\nname = \"K\"\nautokill = \"knights\"\nretreat = "
                "\"nope\"\n")
                .find("t.toml:5"),
            std::string::npos);
  EXPECT_NE(err("format = 1\n[types.Kn]\nname = \"K\"\nautokill = \"knights\"\nretreat = "
                "\"cataphracts\"\ncolour = 1\n")
                .find("colour"),
            std::string::npos);
  EXPECT_NE(err("format = 2\n[types.Kn]\n").find("format"), std::string::npos);
  EXPECT_NE(err("format = 1\n[types.Kn]\nname = \"K\"\nautokill = \"knights\"\nretreat = "
                "\"cataphracts\"\n[types.Kn.when.no_such_option]\nautokill = \"knights\"\n")
                .find("no_such_option"),
            std::string::npos);
}

}  // namespace
