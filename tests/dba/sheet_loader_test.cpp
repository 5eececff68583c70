// The DBA data file is read strictly: every unknown key or name, wrong type or unsupported
// format is an error naming the file and the line; and a corrected value changes the results.
// Each case edits the bundled file's text and loads the result.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/errors.h"
#include "dba_support.h"
#include "tools/dba/generate.h"

namespace {

using namespace dba_test;

std::string bundled_text() {
  std::ifstream in(default_sheet_path());
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The bundled text with the first occurrence of `from` replaced by `to`.
std::string edited(const std::string& from, const std::string& to) {
  std::string text = bundled_text();
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "the data file no longer contains: " << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// 1-based line of the first occurrence of `needle` in `text`.
int line_of(const std::string& text, const std::string& needle) {
  const auto at = text.find(needle);
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
}

std::string load_error(const std::string& text) {
  try {
    load_sheet_text(text, "edited.toml");
  } catch (const ancients::BadInput& e) {
    return e.what();
  }
  return "";
}

/// Loading `text` fails at the line of `marker` with a message containing `words`.
void expect_error_at(const std::string& text, const std::string& marker, const std::string& words) {
  const std::string msg = load_error(text);
  const std::string where = "edited.toml:" + std::to_string(line_of(text, marker)) + ":";
  EXPECT_EQ(msg.rfind(where, 0), 0u) << "expected " << where << " in: " << msg;
  EXPECT_NE(msg.find(words), std::string::npos) << msg;
}

TEST(SheetLoader, TheBundledFileLoads) {
  const Sheet& s = sheet();
  EXPECT_EQ(s.troops.size(), 28u);
  EXPECT_EQ(s.terrain.topographies.size(), 7u);
  EXPECT_FALSE(s.equal.empty());
  EXPECT_FALSE(s.less.empty());
  EXPECT_FALSE(s.half.empty());
  EXPECT_FALSE(s.uncertain.empty());
}

TEST(SheetLoader, UnknownKeysAreErrorsWithFileAndLine) {
  expect_error_at(edited("title = \"DBA 3.0\"", "title = \"DBA 3.0\"\ncolour = \"red\""), "colour",
                  "unknown key \"colour\"");
  expect_error_at(edited("abbrev = \"Sp\"", "abbrev = \"Sp\"\nbrave = true"), "brave = true",
                  "unknown key \"brave\" in troops.spears");
  expect_error_at(edited("garrison = 4", "garrison = 4\nmorale = 1"), "morale = 1",
                  "unknown key \"morale\" in [tactical]");
  expect_error_at(edited("symbol = \"W\"", "symbol = \"W\"\ncolour = 1"), "colour = 1",
                  "unknown key \"colour\" in features.wood");
}

TEST(SheetLoader, UnknownNamesAreErrorsWithFileAndLine) {
  expect_error_at(edited("troops = [\"scythed-chariots\"]\nresult = \"destroyed\"",
                         "troops = [\"chariots\"]\nresult = \"destroyed\""),
                  "\"chariots\"", "unknown troop or group \"chariots\"");
  expect_error_at(edited("when = [\"siege\"]", "when = [\"besieged\"]"), "besieged",
                  "unknown condition \"besieged\"");
  expect_error_at(edited("result = \"recoil\"", "result = \"retreat\""), "retreat",
                  "unknown result \"retreat\"");
  expect_error_at(edited("variants = [\"4kn\", \"3kn\"]", "variants = [\"4kn\", \"2kn\"]"), "2kn",
                  "unknown tag \"2kn\"");
  expect_error_at(edited("by = [\"blades\", \"*/lb\", \"*/cb\"]", "by = [\"blades\", \"*/xb\"]"),
                  "*/xb", "unknown tag \"xb\"");
  expect_error_at(
      edited("compulsory = [\"wood\", \"wood wood\"]", "compulsory = [\"wood\", \"wood jungle\"]"),
      "wood jungle", "unknown feature \"jungle\"");
  expect_error_at(edited("class = \"mounted\"", "class = \"flying\""), "flying", "foot or mounted");
}

TEST(SheetLoader, WrongTypesAndValuesAreErrors) {
  expect_error_at(edited("vs_foot = 4\nvs_mounted = 4\nmove_good = 2\nmove_bad = 1\ntags",
                         "vs_foot = \"four\"\nvs_mounted = 4\nmove_good = 2\nmove_bad = 1\ntags"),
                  "\"four\"", "must be an integer");
  expect_error_at(edited("terrain = \"hill\"", "terrain = \"mountain\""), "mountain",
                  "clear, rough, hill, impassable, woods, built-up or steep-hill");
  expect_error_at(edited("symbol = \"W\"", "symbol = \"~\"  # the wood's"), "the wood's",
                  "also used by");
  expect_error_at(edited("compulsory = [\"bua\", \"plough plough\"]",
                         "compulsory = [\"bua bua\", \"plough plough\"]"),
                  "bua bua", "exceeds its limit");
}

TEST(SheetLoader, OnlyFormatTwoIsRead) {
  expect_error_at(edited("format = 2", "format = 3"), "format = 3", "not supported");
  // A format-1 file (before [[situation]]) is refused by its number, not by a missing table.
  expect_error_at(edited("format = 2", "format = 1"), "format = 1", "this build reads format 2");
  // ... and says how to bring such a copy up to date.
  expect_error_at(edited("format = 2", "format = 1"), "format = 1",
                  "copy them from the bundled dba3.toml and set format = 2");
}

// The odds form's situation items are data ([[situation]]), checked against what the calculator
// takes: an entry it would refuse is an error at the entry's line, naming what is wrong.
TEST(SheetLoader, ASituationEntryTheCalculatorRefusesIsAnErrorAtItsLine) {
  expect_error_at(edited("key = \"uphill\"", "key = \"downhill\""), "downhill",
                  "the calculator has no item \"downhill\"");
  expect_error_at(edited("values = [\"good\", \"rough\", \"bad\", \"dunes\"]",
                         "values = [\"good\", \"rough\", \"marsh\", \"dunes\"]"),
                  "\"marsh\"", "going must be good, rough, bad or dunes");
  expect_error_at(edited("default = \"good\"", "default = \"swamp\""), "\"swamp\"",
                  "\"swamp\" is not one of its values");
  expect_error_at(edited("key = \"rear\"", "key = \"rear\"\nvalues = [\"1\"]"), "values = [\"1\"]",
                  "takes no value");
  expect_error_at(edited("key = \"rear\"", "key = \"general\""),
                  "key = \"general\"\ngroup = \"General, ground and edges\"\nlabel = \"Rear",
                  "\"general\" has an entry already");
  expect_error_at(edited("key = \"rear\"", "key = \"rear\"\ncommon = true"), "common = true",
                  "unknown key");
  // An entry taken away: the item is missing, named, at the [[situation]] table.
  const std::string text = bundled_text();
  const auto from = text.find("[[situation]]\nkey = \"rear\"");
  ASSERT_NE(from, std::string::npos);
  const auto to = text.find("[[situation]]", from + 1);
  std::string without = text;
  without.erase(from, to - from);
  const std::string msg = load_error(without);
  EXPECT_NE(msg.find("edited.toml:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("no entry for the item \"rear\""), std::string::npos) << msg;
}

TEST(SheetLoader, SyntaxErrorsAndMissingFilesAreClear) {
  const std::string text = edited("title = \"DBA 3.0\"", "title = \"DBA 3.0");
  expect_error_at(text, "title = \"DBA 3.0", "");
  try {
    load_sheet("/nonexistent/dba3.toml");
    FAIL() << "no error for a missing file";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dba3.toml: cannot open"), std::string::npos);
  }
}

TEST(SheetLoader, ACorrectedValueChangesTheResults) {
  // Spears +4 vs mounted in the bundled file; a player's corrected copy says +5.
  const auto corrected =
      load_sheet_text(edited("vs_foot = 4\nvs_mounted = 4\nmove_good = 2\nmove_bad = 1\ntags",
                             "vs_foot = 4\nvs_mounted = 5\nmove_good = 2\nmove_bad = 1\ntags"),
                      "corrected.toml");
  const Combat c = make_combat(*corrected, CombatKind::kClose, "spears", "knights");
  EXPECT_EQ(side_factor(*corrected, c, Side::kA).total, 5);
  EXPECT_EQ(factor(combat("spears", "knights")), 4);
}

TEST(SheetLoader, ATableWithoutARowForACaseIsAClearError) {
  // Remove the EQUAL table's last line ("Otherwise: no effect") and ask for a case it covered.
  const auto broken = load_sheet_text(
      edited("[[equal]]\nsheet = \"Otherwise: no effect.\"\nresult = \"no-effect\"\n", ""),
      "broken.toml");
  const Combat c = make_combat(*broken, CombatKind::kClose, "spears", "blades-solid");
  try {
    compute_odds(*broken, c);
    FAIL() << "no error for a missing row";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("broken.toml: the [[equal]] table has no row"),
              std::string::npos)
        << e.what();
  }
}

TEST(SheetLoader, UncertainValuesAreListedForEachTool) {
  const std::string odds = uncertain_help(sheet(), "odds");
  const std::string terrain = uncertain_help(sheet(), "terrain");
  EXPECT_NE(odds.find("General's element"), std::string::npos);
  EXPECT_NE(odds.find("Flank Support"), std::string::npos);
  EXPECT_NE(terrain.find("Plough"), std::string::npos);
  EXPECT_EQ(terrain.find("General's element"), std::string::npos);
}

}  // namespace
