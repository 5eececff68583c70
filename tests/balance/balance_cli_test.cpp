// `ancients balance` through the built executable: its files (JSON, CSV, the
// HTML report), clear errors for bad input (before any game is played), the command a report
// gives playing the same games again, and the same JSON from one MPI rank and from two
// (`mpirun -n 2`, skipped where mpirun is missing or the program was built without MPI).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
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

CliRun run_command(const std::string& cmd) {
  CliRun r;
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

CliRun run(const std::string& args) {
  return run_command(std::string(ancients::test_paths::ancients_binary()) + " " + args);
}

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::filesystem::path temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("ancients-balance-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

/// mpirun as root is allowed in tests; a sanitizer build does not count Open MPI's own
/// allocations kept until exit as leaks of ours.
constexpr const char* kMpirun =
    "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 "
    "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" mpirun --allow-run-as-root "
    "--oversubscribe ";

constexpr const char* kSmall = "balance --games 4 --matrix-games 2 --seed 7";

TEST(BalanceCli, WritesJsonCsvAndAnHtmlReport) {
  const auto dir = temp_dir("files");
  const CliRun r = run(std::string(kSmall) + " --json " + (dir / "b.json").string() + " --csv " +
                       (dir / "b.csv").string() + " --html " + (dir / "b.html").string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("unit (swapped in)"), std::string::npos) << r.out;
  // The effects of deck and rule changes follow the baseline's own figures that they change.
  const auto base = r.out.find("baseline (as played)");
  EXPECT_NE(base, std::string::npos) << r.out;
  EXPECT_LT(base, r.out.find("pursuit on")) << r.out;
  // Four games are two deals: too few for the intervals to be trusted, and it says so.
  EXPECT_NE(r.out.find("note: only 2 deals per cell"), std::string::npos) << r.out;
  EXPECT_NE(read(dir / "b.html").find("const kFewGames = 20;"), std::string::npos);
  EXPECT_NE(read(dir / "b.html")
                .find("<h1>Balance report: Ancient Warfare, autokill edition, "
                      "random</h1>"),
            std::string::npos);
  const auto j = nlohmann::json::parse(read(dir / "b.json"));
  EXPECT_EQ(j.at("format"), "ancients-balance");
  // 14 unit types, and the two a house rule changes, measured with the rule.
  EXPECT_EQ(j.at("units").size(), 16u);
  EXPECT_NE(j.dump().find("elephants with elephant_house on"), std::string::npos);
  EXPECT_EQ(j.at("cards").size(), 16u);
  EXPECT_EQ(j.at("matrix").at("units").size(), 14u);
  const std::string csv = read(dir / "b.csv");
  EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')),
            j.at("cells").size() + 1);
  const std::string html = read(dir / "b.html");
  EXPECT_NE(html.find("<canvas id=\"units\">"), std::string::npos);
  EXPECT_NE(html.find("\"format\":\"ancients-balance\""), std::string::npos);
}

TEST(BalanceCli, BadInputGivesAClearErrorAndStatus2) {
  CliRun r = run("balance --baseline-unit dragons --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("\"dragons\" is not a unit type"), std::string::npos) << r.out;
  r = run("balance --options pursuit=maybe --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("pursuit"), std::string::npos) << r.out;
  r = run("balance --agent wizard --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("wizard"), std::string::npos) << r.out;
  r = run("balance --baseline no-such-army --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("no-such-army"), std::string::npos) << r.out;
  r = run("balance --rules-file /no/such/rules.toml --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--rules-file: /no/such/rules.toml: no such file"), std::string::npos)
      << r.out;
  r = run("balance --baseline /no/such/army.json --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--baseline: "), std::string::npos) << r.out;
}

TEST(BalanceCli, AnOutputFileInAMissingFolderIsRefusedBeforeAnyGame) {
  const auto dir = temp_dir("outputs");
  for (const char* flag : {"--json", "--csv", "--html"}) {
    const std::string path = (dir / "no-such-folder" / "b.out").string();
    const CliRun r = run(std::string(kSmall) + " --experiments units " + flag + " " + path);
    EXPECT_EQ(r.status, 2) << r.out;
    EXPECT_NE(r.out.find(std::string(flag) + " " + path + ": the folder " +
                         (dir / "no-such-folder").string() + " does not exist"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("games in"), std::string::npos) << "it played first: " << r.out;
  }
  const CliRun r = run("balance --game generals --games 2 --html " + dir.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("is a folder, not a file"), std::string::npos) << r.out;
}

/// A copy of the bundled autokill tables with `from` replaced by `to` (a designer's edit).
std::filesystem::path edited_rules(const std::filesystem::path& dir, const std::string& from,
                                   const std::string& to) {
  std::string text = read(std::filesystem::path(ancients::test_paths::source_dir()) /
                          "data/warfare/autokill.toml");
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  const auto path = dir / "autokill.toml";
  std::ofstream(path) << text;
  return path;
}

TEST(BalanceCli, ARulesFileWithAWrongLineOrATableChangingHouseRuleIsRefused) {
  const auto dir = temp_dir("rules-file");
  auto path = edited_rules(dir, "loss_limit = 8", "loss_limt = 8");
  CliRun r = run("balance --games 2 --rules-file " + path.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--rules-file: " + path.string() + ":"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("unknown key \"loss_limt\""), std::string::npos) << r.out;
  // The file's tables are played as written: a house rule that changes them would be lost.
  path = edited_rules(dir, "loss_limit = 8", "loss_limit = 8");  // an unchanged copy
  r = run("balance --games 2 --rule elephant_house --rules-file " + path.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("the house rule elephant_house changes the tables"), std::string::npos)
      << r.out;
  r = run("balance --games 2 --options horde_house=true --rules-file " + path.string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("horde_house"), std::string::npos) << r.out;
}

/// The command a report says plays the same games again, run with this build's binary and
/// another --json file.
CliRun rerun(const nlohmann::json& results, const std::filesystem::path& json) {
  std::string command = results.at("command").get<std::string>();
  const std::string program = "ancients ";
  EXPECT_EQ(command.rfind(program, 0), 0u) << command;
  command.replace(0, program.size(), std::string(ancients::test_paths::ancients_binary()) + " ");
  return run_command(command + " --json " + json.string());
}

TEST(BalanceCli, TheReportsCommandPlaysTheSameGamesAgain) {
  const auto dir = temp_dir("rerun");
  const auto rules = edited_rules(dir, "loss_limit = 8", "loss_limit = 7");
  CliRun r =
      run("balance --agent greedy --games 3 --matrix-games 2 --experiments units,rules "
          "--options turn_limit=60 --rule pursuit --seed 5 --rules-file " +
          rules.string() + " --json " + (dir / "a.json").string() + " --html " +
          (dir / "a.html").string());
  ASSERT_EQ(r.status, 0) << r.out;
  auto a = nlohmann::json::parse(read(dir / "a.json"));
  EXPECT_EQ(a.at("rules_file"), rules.string());
  EXPECT_NE(r.out.find("rerun: " + a.at("command").get<std::string>()), std::string::npos) << r.out;
  EXPECT_NE(read(dir / "a.html").find("id=\"command\""), std::string::npos);
  r = rerun(a, dir / "b.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(read(dir / "a.json"), read(dir / "b.json"));
  // The unit ranking marks its control, the baseline unit swapped for itself, and says how
  // many games of each row were skipped.
  int controls = 0;
  for (const auto& u : a.at("units")) {
    EXPECT_TRUE(u.contains("skipped")) << u;
    if (u.value("control", false)) {
      ++controls;
      EXPECT_EQ(u.at("name"), a.at("baseline").at("unit"));
    }
  }
  EXPECT_EQ(controls, 1);

  r =
      run("balance --game generals --agent greedy --games 2 --cards slingers,rally --options "
          "turn_limit=50 --seed 9 --json " +
          (dir / "g.json").string());
  ASSERT_EQ(r.status, 0) << r.out;
  a = nlohmann::json::parse(read(dir / "g.json"));
  EXPECT_NE(a.at("summary").get<std::string>().find("turn limit 50"), std::string::npos);
  r = rerun(a, dir / "h.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(read(dir / "g.json"), read(dir / "h.json"));
  ASSERT_EQ(a.at("cards").size(), 3u);  // the two cards and the control
  EXPECT_EQ(std::count_if(a.at("cards").begin(), a.at("cards").end(),
                          [](const auto& c) { return c.value("control", false); }),
            1);
}

TEST(BalanceCli, AncientGeneralsCardsWithTheirOwnReport) {
  const auto dir = temp_dir("generals");
  const CliRun r = run("balance --game generals --agent greedy --games 4 --seed 3 --json " +
                       (dir / "g.json").string() + " --csv " + (dir / "g.csv").string() +
                       " --html " + (dir / "g.html").string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("card (in place of a dealt card)"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(read(dir / "g.json"));
  EXPECT_EQ(j.at("format"), "ancients-balance");
  EXPECT_EQ(j.at("game"), "ancient-generals");
  EXPECT_EQ(j.at("sections"), nlohmann::json::array({"cards"}));
  EXPECT_EQ(j.at("cards").size(), 35u);  // the 34 kinds of the common deck and the control
  EXPECT_TRUE(j.at("units").empty());
  const std::string csv = read(dir / "g.csv");
  EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), 36u);
  const std::string html = read(dir / "g.html");
  EXPECT_NE(html.find("id=\"sec-units\""), std::string::npos);
  EXPECT_NE(html.find("data.sections"), std::string::npos);  // the sections it lacks hidden
}

TEST(BalanceCli, AncientGeneralsRefusesWarfareFlagsAndUnknownCards) {
  CliRun r = run("balance --game generals --edition retreat --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--edition: an Ancient Warfare flag"), std::string::npos) << r.out;
  r = run("balance --game generals --experiments units --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("the cards experiment only"), std::string::npos) << r.out;
  r = run("balance --game generals --cards slingers,dragons --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("\"dragons\" is no card"), std::string::npos) << r.out;
  r = run("balance --game generals --cards-file /no/such/cards.toml --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("/no/such/cards.toml"), std::string::npos) << r.out;
  r = run("balance --game generals --options turn_limit=0 --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("turn_limit"), std::string::npos) << r.out;
  r = run("balance --cards-file cards.toml --games 2");  // Ancient Warfare's lab
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--cards-file: Ancient Generals' cards"), std::string::npos) << r.out;
}

TEST(BalanceCli, TheOptionsExperimentVariesEachOptionNamed) {
  const auto dir = temp_dir("options");
  CliRun r =
      run("balance --experiments options --vary pursuit,edition,dba_setup --games 4 "
          "--seed 2 --options turn_limit=40 --json " +
          (dir / "o.json").string() + " --csv " + (dir / "o.csv").string() + " --html " +
          (dir / "o.html").string());
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("pursuit on "), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(read(dir / "o.json"));
  EXPECT_EQ(j.at("game"), "ancient-warfare");
  EXPECT_EQ(j.at("title"), "Ancient Warfare (autokill edition)");  // as its rules book says
  EXPECT_EQ(j.at("options").at("turn_limit"), 40);
  std::vector<std::string> labels;
  for (const auto& e : j.at("effects")) labels.push_back(e.at("label"));
  EXPECT_EQ(labels, (std::vector<std::string>{"edition = retreat (1st edition)", "pursuit on"}));
  // The DBA set-up needs the large board: said, not played.
  ASSERT_EQ(j.at("left_out").size(), 1u);
  EXPECT_NE(j.at("left_out")[0].get<std::string>().find("dba_setup on: "), std::string::npos);
  const std::string csv = read(dir / "o.csv");
  EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), 4u);
  EXPECT_NE(read(dir / "o.html").find("left-out-list"), std::string::npos);
  // Each option varied is said in the game's words (the report shows it under its row).
  EXPECT_EQ(j.at("descriptions").size(), 2u) << j.at("descriptions");
  EXPECT_FALSE(j.at("descriptions").at("pursuit").get<std::string>().empty());
  EXPECT_EQ(j.at("effects")[1].at("subject"), "pursuit");
  r = rerun(j, dir / "p.json");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(read(dir / "o.json"), read(dir / "p.json"));
}

TEST(BalanceCli, TheOptionsExperimentRefusesOtherExperimentsFlags) {
  CliRun r = run("balance --experiments options,units --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("options runs on its own"), std::string::npos) << r.out;
  r = run("balance --vary pursuit --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--vary: the options experiment's"), std::string::npos) << r.out;
  r = run("balance --experiments options --baseline gauls --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--baseline: not a flag of the options experiment"), std::string::npos)
      << r.out;
  r = run("balance --game generals --experiments options --cards rally --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--cards: not a flag of the options experiment"), std::string::npos)
      << r.out;
  r = run("balance --experiments options --vary map --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("--vary map: a data file (map)"), std::string::npos) << r.out;
  // Options the game refuses to deal with: the baseline's before any game, a change's left out.
  r = run("balance --experiments options --edition retreat --options army1=gauls --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("the baseline's options: unknown army \"gauls\""), std::string::npos)
      << r.out;
  r =
      run("balance --experiments options --options army1=gauls,army2=huns --vary edition,pursuit "
          "--games 2");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("not varied: edition = retreat (1st edition): unknown army \"gauls\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("pursuit on "), std::string::npos) << r.out;
  r = run("balance --game chess --games 2");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("chess"), std::string::npos) << r.out;
}

TEST(BalanceCli, OneRankAndTwoMpiRanksGiveTheSameJson) {
  if (run_command("command -v mpirun").status != 0) GTEST_SKIP() << "no mpirun";
  const auto dir = temp_dir("mpi");
  const std::string mpirun = kMpirun;
  const std::string args = std::string(" ") + kSmall + " --threads 1 --json ";
  const CliRun one = run(args + (dir / "one.json").string());
  ASSERT_EQ(one.status, 0) << one.out;
  const CliRun two = run_command(mpirun + "-n 2 " + ancients::test_paths::ancients_binary() + args +
                                 (dir / "two.json").string());
  if (two.out.find("built without MPI") != std::string::npos)
    GTEST_SKIP() << "this ancients was built without MPI";
  ASSERT_EQ(two.status, 0) << two.out;
  EXPECT_NE(two.out.find("on 2 rank(s)"), std::string::npos) << two.out;
  EXPECT_EQ(read(dir / "one.json"), read(dir / "two.json"));
}

}  // namespace

namespace {

/// Per-game result lines without their timings.
std::string without_seconds(std::string lines) {
  std::string out;
  std::stringstream in(lines);
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    j.erase("seconds");  // the timings depend on the machine; the decisions' count does not
    j.erase("think_seconds");
    EXPECT_TRUE(j.contains("decisions")) << line;
    out += j.dump() + "\n";
  }
  return out;
}

TEST(TournamentMpi, TwoRanksPlayTheSameGamesAsOne) {
  if (run_command("command -v mpirun").status != 0) GTEST_SKIP() << "no mpirun";
  const auto dir = temp_dir("tournament");
  const std::string mpirun = std::string(kMpirun) + "-n 2 ";
  const std::string args = " tournament --agents greedy,random --games 9 --threads 1 --results ";
  const CliRun one = run(args + (dir / "one.jsonl").string());
  ASSERT_EQ(one.status, 0) << one.out;
  const CliRun two = run_command(mpirun + ancients::test_paths::ancients_binary() + args +
                                 (dir / "two.jsonl").string());
  if (two.out.find("built without MPI") != std::string::npos)
    GTEST_SKIP() << "this ancients was built without MPI";
  ASSERT_EQ(two.status, 0) << two.out;
  EXPECT_NE(two.out.find("2 ranks x 1 threads"), std::string::npos) << two.out;
  const std::string lines = without_seconds(read(dir / "one.jsonl"));
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 9);
  EXPECT_EQ(lines, without_seconds(read(dir / "two.jsonl")));
}

}  // namespace
