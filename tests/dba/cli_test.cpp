// `ancients dba` as a player uses it: runs the built executable and checks the
// output, the exit status and the messages for bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/paths.h"

namespace {

struct CliRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

CliRun run(const std::string& args) {
  const std::string cmd =
      std::string(ancients::test_paths::ancients_binary()) + " " + args + " 2>&1";
  CliRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

/// Runs with stderr discarded, for output that must be pure JSON.
CliRun run_stdout(const std::string& args) {
  return run(args + " 2>/dev/null");
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A copy of the bundled dba3.toml with the first `from` replaced by `to`, written as
/// `folder`/dba3.toml under the temporary directory; `line` gets the changed line's number.
std::filesystem::path edited_sheet(const std::string& from, const std::string& to,
                                   const std::filesystem::path& folder, int* line = nullptr) {
  std::string text =
      read(std::filesystem::path(ancients::test_paths::source_dir()) / "data/dba/dba3.toml");
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at == std::string::npos) return {};
  text.replace(at, from.size(), to);
  if (line != nullptr)
    *line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
  const auto dir = std::filesystem::temp_directory_path() / folder;
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "dba3.toml") << text;
  return dir / "dba3.toml";
}

TEST(DbaCli, OddsPrintsATableCitingTheSheet) {
  const CliRun r = run("dba odds spears,general knights,overlap=1");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("a player's aid, not the rules"), std::string::npos);
  // The sheet named as players know it (a page once showed the seed's file path).
  EXPECT_NE(r.out.find("Society of Ancients DBA3 reference sheet"), std::string::npos);
  EXPECT_EQ(r.out.find("shared/seeds"), std::string::npos);
  EXPECT_NE(r.out.find("Close combat: A Spears"), std::string::npos);
  EXPECT_NE(r.out.find("destroyed"), std::string::npos);
}

TEST(DbaCli, OddsJsonIsConsistent) {
  const CliRun r = run_stdout("dba odds bows-solid,lb knights --shooting --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["combat"], "shooting");
  EXPECT_NE(j["aid"].get<std::string>().find("player's aid"), std::string::npos);
  const auto& d = j["dice"];
  EXPECT_EQ(d["a_beats"].get<int>() + d["a_doubles"].get<int>() + d["equal"].get<int>() +
                d["b_beats"].get<int>() + d["b_doubles"].get<int>(),
            36);
  for (const char* side : {"a", "b"}) {
    double p = 0;
    for (const auto& [name, v] : j[side]["results"].items()) p += v["probability"].get<double>();
    EXPECT_NEAR(p, 1.0, 1e-9) << side;
  }
  EXPECT_EQ(j["a"]["results"]["no-effect"]["count"], 36);  // the shooter is not shot at
  EXPECT_EQ(j["b"]["factor"], 3);
}

TEST(DbaCli, BadOddsInputGivesAMessageAndANonZeroExit) {
  CliRun r = run("dba odds spearmen knights");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("ancients: unknown troop type \"spearmen\""), std::string::npos) << r.out;
  r = run("dba odds spears knights --shooting");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("cannot shoot"), std::string::npos) << r.out;
  r = run("dba odds spears,uphill knights,uphill");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("impossible situation"), std::string::npos) << r.out;
  r = run("dba odds spears");
  EXPECT_NE(r.status, 0);
  r = run("dba --sheet /nonexistent/dba3.toml odds spears knights");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("cannot open"), std::string::npos) << r.out;
}

TEST(DbaCli, HelpListsTheItemsAndTheUncertainValues) {
  CliRun r = run("dba odds --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("overlap=N"), std::string::npos);
  EXPECT_NE(r.out.find("does not give with certainty"), std::string::npos);
  EXPECT_NE(r.out.find("General's element"), std::string::npos);
  r = run("dba terrain --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("Plough"), std::string::npos);
}

TEST(DbaCli, HelpListsTheSituationItemsOfTheDataFileInUse) {
  // Every [[situation]] item of the bundled data, by key ...
  CliRun r = run("dba odds --help");
  ASSERT_EQ(r.status, 0) << r.out;
  for (const char* key : {"general", "uphill", "going=G", "extra-assault=N", "shoots-back"})
    EXPECT_NE(r.out.find("  " + std::string(key) + " "), std::string::npos) << key << r.out;
  EXPECT_NE(r.out.find("(good, rough, bad, dunes; default good)"), std::string::npos) << r.out;
  // ... and in the words of the sheet given, not of a list written in the program.
  const auto file =
      edited_sheet("label = \"Uphill in close combat (+1)\"",
                   "label = \"Higher ground when fighting (+1)\"", "dba_cli_help_test");
  ASSERT_FALSE(file.empty());
  r = run("dba --sheet " + file.string() + " odds --help");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Higher ground when fighting (+1)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Uphill in close combat"), std::string::npos) << r.out;
  std::filesystem::remove_all(file.parent_path());
}

TEST(DbaCli, TerrainWritesAReproducibleValidMap) {
  const auto dir = std::filesystem::temp_directory_path();
  const auto a = dir / "dba_cli_test_a.json";
  const auto b = dir / "dba_cli_test_b.json";
  std::filesystem::remove(a);
  std::filesystem::remove(b);
  CliRun r = run("dba terrain --topography hilly --seed 5 --board 8 --out " + a.string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Legend"), std::string::npos);
  EXPECT_NE(r.out.find("Map written to"), std::string::npos);
  ASSERT_EQ(run("dba terrain --topography hilly --seed 5 --board 8 --out " + b.string()).status, 0);
  EXPECT_EQ(read(a), read(b));
  const auto map = nlohmann::json::parse(read(a));
  EXPECT_EQ(map["board"], 8);
  r = run("dba check-map " + a.string());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("a valid map"), std::string::npos);
  // A map already there is kept (it was overwritten without a word), unless --force.
  const std::string before = read(a);
  r = run("dba terrain --topography steppe --seed 6 --out " + a.string());
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("exists"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--force"), std::string::npos) << r.out;
  EXPECT_EQ(read(a), before);
  ASSERT_EQ(run("dba terrain --topography steppe --seed 6 --force --out " + a.string()).status, 0);
  EXPECT_EQ(nlohmann::json::parse(read(a))["board"], 12);
  std::filesystem::remove(a);
  std::filesystem::remove(b);
  // --json prints the same map to stdout.
  const CliRun j = run_stdout("dba terrain --topography hilly --seed 5 --board 8 --json");
  ASSERT_EQ(j.status, 0);
  EXPECT_EQ(nlohmann::json::parse(j.out), map);
}

// `ancients check` reads the odds form's situation items with the rest of the sheet: a copy
// whose [[situation]] entry the calculator would refuse is an error naming the file and line.
TEST(DbaCli, CheckRefusesABadSituationEntryAtItsLine) {
  int line = 0;
  // (In a folder named dba: `ancients check` tells a sheet by its place.)
  const auto file = edited_sheet("default = \"good\"", "default = \"swamp\"",
                                 std::filesystem::path("dba_cli_check_test") / "dba", &line);
  ASSERT_FALSE(file.empty());
  const CliRun r = run("check " + file.string());
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find(file.string() + ":" + std::to_string(line) + ":"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"swamp\" is not one of its values"), std::string::npos) << r.out;
  std::filesystem::remove_all(file.parent_path().parent_path());
}

TEST(DbaCli, BadTerrainInputGivesAMessageAndANonZeroExit) {
  CliRun r = run("dba terrain --topography swamp --seed 1");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("unknown home topography \"swamp\""), std::string::npos) << r.out;
  r = run("dba terrain --topography arable --board 10");
  EXPECT_NE(r.status, 0);
  r = run("dba terrain --topography arable --out /nonexistent/dir/map.json --seed 1");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("cannot write"), std::string::npos) << r.out;
  r = run("dba check-map /nonexistent/map.json");
  EXPECT_NE(r.status, 0);
}

TEST(DbaCli, TroopsListsEveryType) {
  const CliRun r = run("dba troops");
  ASSERT_EQ(r.status, 0);
  for (const char* id : {"spears", "knights", "psiloi", "war-wagons", "light-camelry"})
    EXPECT_NE(r.out.find(id), std::string::npos) << id;
  const CliRun j = run_stdout("dba troops --json");
  ASSERT_EQ(j.status, 0);
  EXPECT_EQ(nlohmann::json::parse(j.out).size(), 28u);
}

TEST(DbaCli, OddsTakesAbbreviationsAndPlurals) {
  const CliRun a = run_stdout("dba odds Bd bows --json");
  const CliRun b = run_stdout("dba odds blades-solid bows-solid --json");
  ASSERT_EQ(a.status, 0) << a.out;
  ASSERT_EQ(b.status, 0) << b.out;
  EXPECT_EQ(nlohmann::json::parse(a.out)["dice"], nlohmann::json::parse(b.out)["dice"]);
  EXPECT_EQ(run("dba odds 4Bd 3Kn").status, 0);
}

TEST(DbaCli, ArmyFromDbaWritesAnArmyTheGameLoads) {
  const auto dir = std::filesystem::temp_directory_path() / "ancients-army-from-dba";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "army.json").string();
  const CliRun r =
      run("army from-dba \"1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw\" --name "
          "Mine --elite Bd --out " +
          file);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto army = nlohmann::json::parse(read(file));
  EXPECT_EQ(army["name"], "Mine");
  EXPECT_EQ(army["general"], "knights");
  EXPECT_EQ(army["units"].size(), 13u);
  // The game takes it as an ordinary army file.
  const CliRun game = run_stdout("new --army1 " + file + " --army2 gauls --seed 3");
  ASSERT_EQ(game.status, 0) << game.out;
  EXPECT_TRUE(nlohmann::json::parse(game.out).is_object());
  // An existing file is kept.
  const CliRun again = run("army from-dba \"12x4Bd\" --out " + file);
  EXPECT_NE(again.status, 0);
  EXPECT_NE(again.out.find("--force"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(read(file))["name"], "Mine");
  std::filesystem::remove_all(dir);
}

TEST(DbaCli, ArmyFromDbaNamesWhatDoesNotFit) {
  CliRun r = run("army from-dba \"1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Qq\"");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("element 6"), std::string::npos) << r.out;
  r = run("army from-dba \"2x4Bd\" --edition nosuch");
  EXPECT_NE(r.status, 0);
  r = run("army from-dba \"12x4Bd\" --map Bd");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("CODE=UNIT"), std::string::npos) << r.out;
  r = run("army table --edition retreat");
  ASSERT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("horse-archers"), std::string::npos);
}

}  // namespace
