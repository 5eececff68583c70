// The command line's own checks, common to every subcommand (src/cli/run.cpp): whole-number
// options refuse what CLI11 alone read wrongly (a negative or too large seed became the
// largest one, 010 was octal), and a misspelt subcommand is named in the message.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "contract/run_binary.h"
#include "support/paths.h"

namespace contract {
namespace command_line {

/// The deck's random state of `ancients new --seed SEED`, or the refusal's stderr.
std::string rng_of(const std::string& seed, RunResult* r) {
  *r = ancients({"new", "--seed", seed});
  if (r->status != 0) return "";
  return json::parse(r->out)["rng"].dump();
}

TEST(CommandLine, ASeedOutOfRangeOrNotDecimalIsRefused) {
  for (const std::string seed : {"-1", "99999999999999999999", "0x10", "abc", "", "1.5"}) {
    SCOPED_TRACE(seed);
    RunResult r;
    rng_of(seed, &r);
    EXPECT_EQ(r.status, 2) << describe(r);  // as every bad argument (CLI11 said 105)
    EXPECT_FALSE(looks_like_crash(r)) << describe(r);
    EXPECT_NE(r.err.find("--seed"), std::string::npos) << describe(r);
    EXPECT_TRUE(r.err.find("too large") != std::string::npos ||
                r.err.find("is not a whole number") != std::string::npos)
        << describe(r);
  }
}

TEST(CommandLine, ASeedIsDecimalEvenWithALeadingZero) {
  RunResult a, b;
  const std::string ten = rng_of("10", &a), zero_ten = rng_of("010", &b);
  EXPECT_RUN_OK(a);
  EXPECT_RUN_OK(b);
  EXPECT_EQ(ten, zero_ten);
  RunResult max;
  rng_of("18446744073709551615", &max);  // the largest seed is still one
  EXPECT_RUN_OK(max);
}

TEST(CommandLine, AMapThatIsNeitherBundledNorAFileIsTheOptionsError) {
  // It said only "nowhere: no such file", naming neither the option nor the bundled maps.
  RunResult r = ancients({"new", "--options", "map=nowhere"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("option map: no bundled map and no file \"nowhere\" (bundled: "),
            std::string::npos)
      << describe(r);
  EXPECT_NE(r.err.find("open-plain"), std::string::npos) << describe(r);
  // A file that is not a map: the option and the file are named, with what is wrong.
  r = ancients({"play", "--options",
                "map=" + std::string(ancients::test_paths::source_dir()) + "/README.md"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("option map: "), std::string::npos) << describe(r);
  EXPECT_NE(r.err.find("README.md: not valid JSON"), std::string::npos) << describe(r);
}

TEST(CommandLine, AnArmyFileNamedWithoutAFolderIsReadAsAFile) {
  // "my-army.txt" in the current folder was taken for a sample army's name: 'unknown army'.
  const std::string name = "army-" + std::to_string(::getpid()) + ".txt";
  { std::ofstream(name) << "not an army"; }
  const RunResult r = ancients({"new", "--options", "army1=" + name});
  std::filesystem::remove(name);
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find(name + ": not valid JSON"), std::string::npos) << describe(r);
}

TEST(CommandLine, ANegativeCountIsRefusedWithTheOptionNamed) {
  const RunResult r = ancients({"tournament", "--agents", "random,random", "--games", "-5"});
  EXPECT_NE(r.status, 0) << describe(r);
  EXPECT_NE(r.err.find("--games"), std::string::npos) << describe(r);
}

TEST(CommandLine, AMisspeltSubcommandIsNamed) {
  RunResult r = ancients({"plya"});
  EXPECT_NE(r.status, 0) << describe(r);
  EXPECT_NE(r.err.find("no command \"plya\""), std::string::npos) << describe(r);
  EXPECT_NE(r.err.find("play"), std::string::npos) << describe(r);  // the commands listed
  r = ancients({"campaign", "stauts"});
  EXPECT_NE(r.status, 0) << describe(r);
  EXPECT_NE(r.err.find("`ancients campaign` has no command \"stauts\""), std::string::npos)
      << describe(r);
  r = ancients({"army"});  // no subcommand at all: CLI11's own message
  EXPECT_NE(r.status, 0) << describe(r);
  EXPECT_NE(r.err.find("subcommand is required"), std::string::npos) << describe(r);
}

TEST(CommandLine, AFolderOrAnEmptyFileIsNamedAsSuch) {
  TempDir dir;
  RunResult r = ancients({"legal", dir.path().string()});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("is a folder, not a file"), std::string::npos) << describe(r);
  for (const std::string text : {"", "  \n"}) {
    r = ancients({"legal", dir.write("empty.json", text)});
    EXPECT_EQ(r.status, 2) << describe(r);
    EXPECT_NE(r.err.find("empty.json: is empty"), std::string::npos) << describe(r);
  }
  r = ancients({"legal", "-"}, std::string());
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("-: is empty"), std::string::npos) << describe(r);
}

TEST(CommandLine, ApplyViewerNeedsEventsAndAPlayerOfThePosition) {
  const RunResult start = ancients({"new", "--deploy"});
  EXPECT_RUN_OK(start);
  TempDir dir;
  const std::string file = dir.write("start.json", start.out);
  RunResult r = ancients({"apply", file, "--viewer", "1"});  // once silently ignored
  EXPECT_NE(r.status, 0) << describe(r);
  EXPECT_NE(r.err.find("--events"), std::string::npos) << describe(r);
  r = ancients({"apply", file, "--events", "--viewer", "3"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("the position has 2 players"), std::string::npos) << describe(r);
  r = ancients({"apply", file, "--events", "--viewer", "2", "end"});
  EXPECT_RUN_OK(r);
}

TEST(CommandLine, ServeRefusesAnAgentItDoesNotKnowOrDoesNotOffer) {
  TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  // Under `timeout`: were the refusal gone, the server would start and serve until stopped.
  const auto serve = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"10", ancients::test_paths::ancients_binary(), "serve", "--port",
                               "0", "--db", db});
    return run_program("/usr/bin/timeout", args);
  };
  RunResult r = serve({"--agents", "random,greedy", "--agent", "ismcts:hard"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("--agent ismcts:hard is not among the agents offered (--agents "
                       "random,greedy)"),
            std::string::npos)
      << describe(r);
  r = serve({"--agents", "random,nobody"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("--agents: "), std::string::npos) << describe(r);
  EXPECT_NE(r.err.find("nobody"), std::string::npos) << describe(r);
  r = serve({"--agent", "nobody"});  // once played by "random" without a word
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("--agent nobody is not among"), std::string::npos) << describe(r);
}

}  // namespace command_line
}  // namespace contract
