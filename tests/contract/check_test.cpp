// `ancients check` checks what it says: every bundled file is checked, a garbage Ancient Generals
// card file is an error, a Warfare rules file's turn steps are checked strictly, a file no check
// applies to is "skipped" when found in the data folder and an error when named, a missing file
// is an error naming it, and the summary line counts files checked and ok, skipped and errors.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "contract/run_binary.h"
#include "support/paths.h"

namespace contract {
namespace {

namespace fs = std::filesystem;

/// `ancients check ARGS...` with ANCIENTS_DATA pointing at `data` (the bundled data when empty).
RunResult check(const std::vector<std::string>& args, const std::string& data = "") {
  if (data.empty()) {
    std::vector<std::string> all = {"check"};
    all.insert(all.end(), args.begin(), args.end());
    return ancients(all);
  }
  std::vector<std::string> all = {"ANCIENTS_DATA=" + data, ancients::test_paths::ancients_binary(),
                                  "check"};
  all.insert(all.end(), args.begin(), args.end());
  return run_program("/usr/bin/env", all);
}

/// `ancients check FILE` (one file named on the command line).
RunResult check_file(const std::string& file) {
  return ancients(std::vector<std::string>{"check", file});
}

/// A copy of the bundled data folder in `dir`; returns its path.
std::string copy_of_data(const TempDir& dir) {
  const fs::path data = dir.path() / "data";
  fs::copy(fs::path(ancients::test_paths::source_dir()) / "data", data,
           fs::copy_options::recursive);
  return data.string();
}

TEST(Check, EveryBundledFileIsCheckedAndOk) {
  const RunResult r = check({});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find(" 0 skipped, 0 errors"), std::string::npos) << describe(r);
  EXPECT_EQ(r.out.find("-1"), std::string::npos) << describe(r);
}

TEST(Check, GarbageGeneralsCardsAreAnError) {
  TempDir dir;
  const std::string data = copy_of_data(dir);
  const std::string cards = data + "/generals/cards.toml";
  std::ofstream(cards, std::ios::trunc) << "this is [not toml\n";
  const RunResult named = check_file(cards);
  EXPECT_EQ(named.status, 1) << describe(named);
  EXPECT_NE(named.err.find("cards.toml"), std::string::npos) << describe(named);
  EXPECT_NE(named.out.find("0 checked and ok, 0 skipped, 1 errors"), std::string::npos)
      << describe(named);
  const RunResult walked = check({}, data);
  EXPECT_EQ(walked.status, 1) << describe(walked);
  EXPECT_NE(walked.err.find("cards.toml"), std::string::npos) << describe(walked);
  // The bundled file itself is checked and ok when named.
  const std::string bundled =
      fs::path(ancients::test_paths::source_dir()) / "data" / "generals" / "cards.toml";
  const RunResult good = check_file(bundled);
  EXPECT_RUN_OK(good);
}

/// `text` with the first `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(Check, AWarfareTurnStepIsCheckedStrictly) {
  // How a turn goes ([[turn]]): an id that is a card's, a repeated id, an unknown key and an
  // empty line are errors naming the file and the line.
  TempDir dir;
  const std::string data = copy_of_data(dir);
  const std::string rules = data + "/warfare/autokill.toml";
  std::string text;
  {
    std::ifstream in(rules);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::pair<std::string, std::string> bad[] = {
      {replaced(text, "id = \"end\"", "id = \"trod\""),
       "turn id \"trod\" is a unit's or card's id"},
      {replaced(text, "id = \"end\"", "id = \"move\""), "duplicate turn id \"move\""},
      {replaced(text, "id = \"end\"", "id = \"end\"\nwhen = 1"),
       "unknown key \"when\" in [[turn]]"},
      {replaced(text, "title = \"How the game ends\"\nlines = [",
                "title = \"How the game ends\"\nlines = [\"\","),
       "an empty line in turn \"end\""},
  };
  for (const auto& [edited, message] : bad) {
    std::ofstream(rules, std::ios::trunc) << edited;
    const RunResult r = check_file(rules);
    EXPECT_EQ(r.status, 1) << describe(r);
    EXPECT_NE(r.err.find("autokill.toml:"), std::string::npos) << describe(r);
    EXPECT_NE(r.err.find(message), std::string::npos) << message << "\n" << describe(r);
  }
}

TEST(Check, FilesNoCheckAppliesToAreSkippedOrRefusedWhenNamed) {
  TempDir dir;
  const std::string data = copy_of_data(dir);
  std::ofstream(data + "/notes.json") << "{}";
  std::ofstream(data + "/generals/extra.json") << "{}";
  const RunResult walked = check({}, data);
  EXPECT_RUN_OK(walked);
  EXPECT_NE(walked.out.find("notes.json: skipped"), std::string::npos) << describe(walked);
  EXPECT_NE(walked.out.find("extra.json: skipped"), std::string::npos) << describe(walked);
  EXPECT_NE(walked.out.find(" 2 skipped, 0 errors"), std::string::npos) << describe(walked);
  const RunResult named = check_file(data + "/notes.json");
  EXPECT_EQ(named.status, 1) << describe(named);
  EXPECT_NE(named.err.find("notes.json: no check applies"), std::string::npos) << describe(named);
  // The kinds it knows, the campaigns' among them.
  EXPECT_NE(named.err.find("campaigns/*.toml, campaigns/armies/*.json"), std::string::npos)
      << describe(named);
  EXPECT_EQ(named.out.find(" ok\n"), std::string::npos) << describe(named);
}

TEST(Check, AMissingFileIsAnErrorNamingIt) {
  TempDir dir;
  const std::string missing = (dir.path() / "no-such-rules.toml").string();
  const RunResult r = check_file(missing);
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_NE(r.err.find("no-such-rules.toml: no such file"), std::string::npos) << describe(r);
  EXPECT_NE(r.out.find("1 files: 0 checked and ok, 0 skipped, 1 errors"), std::string::npos)
      << describe(r);
  EXPECT_EQ(r.out.find("-1"), std::string::npos) << describe(r);
}

}  // namespace
}  // namespace contract
