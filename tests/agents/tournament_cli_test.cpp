// `ancients tournament` through the binary: the JSON summary's fields, results that do not
// depend on the thread count, per-game results and replayable Warfare and Generals records, an
// interrupted run resumed from its partial results (and a finished one given more games), clean
// refusals.
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "contract/run_binary.h"

namespace {

using contract::ancients;
using nlohmann::json;

json tournament_json(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"tournament", "--agents", "greedy,random", "--games", "6",
                                   "--seed",     "5",        "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = ancients(args);
  EXPECT_EQ(r.status, 0) << contract::describe(r);
  return json::parse(r.out);
}

/// The agents' figures without their time per decision (which depends on the machine).
json without_timing(json agents) {
  for (auto& a : agents) a.erase("seconds_per_decision");
  return agents;
}

TEST(TournamentCli, JsonSummaryIndependentOfThreads) {
  const json one = tournament_json({"--threads", "1"});
  const json two = tournament_json({"--threads", "3"});
  EXPECT_EQ(without_timing(one["agents"]), without_timing(two["agents"]));
  for (const char* name : {"greedy", "random"}) {
    const auto& a = one["agents"][name];
    for (const char* key :
         {"wins", "draws", "losses", "win_rate", "ci95", "decisions", "seconds_per_decision"})
      EXPECT_TRUE(a.contains(key)) << name << " lacks " << key;
    EXPECT_GT(a["decisions"].get<int>(), 6) << "each agent decides in each of the six games";
    EXPECT_GE(a["seconds_per_decision"].get<double>(), 0.0);
    EXPECT_EQ(a["wins"].get<int>() + a["draws"].get<int>() + a["losses"].get<int>(), 6);
    EXPECT_EQ(a["ci95"].size(), 2u);
    EXPECT_LE(a["ci95"][0].get<double>(), a["win_rate"].get<double>());
    EXPECT_GE(a["ci95"][1].get<double>(), a["win_rate"].get<double>());
  }
  EXPECT_EQ(one["agents"]["greedy"]["wins"], one["agents"]["random"]["losses"]);
  // By pairing: three complete pairings, each won both, lost both or neither by greedy; with
  // every game in a pairing the score is the per-game one, inside its interval.
  const auto& p = one["pairings"];
  EXPECT_EQ(p, two["pairings"]);
  EXPECT_EQ(p["count"], 3);
  EXPECT_EQ(p["of"], "greedy");
  EXPECT_EQ(p["won_both"].get<int>() + p["lost_both"].get<int>() + p["neither"].get<int>(), 3);
  EXPECT_DOUBLE_EQ(p["score"].get<double>(), (one["agents"]["greedy"]["wins"].get<int>() +
                                              0.5 * one["agents"]["greedy"]["draws"].get<int>()) /
                                                 6);
  EXPECT_LE(p["ci95"][0].get<double>(), p["score"].get<double>());
  EXPECT_GE(p["ci95"][1].get<double>(), p["score"].get<double>());
}

TEST(TournamentCli, ResultsAndRecordsReplay) {
  contract::TempDir dir;
  const std::string results = (dir.path() / "results.jsonl").string();
  const std::string records = (dir.path() / "records").string();
  const auto r = ancients({"tournament", "--agents", "random,greedy", "--games", "2", "--seed", "9",
                           "--results", results, "--records", records});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  EXPECT_NE(r.out.find("Elo difference"), std::string::npos) << r.out;
  // One pairing has no spread to measure: no line by pairing.
  EXPECT_EQ(r.out.find("By pairing"), std::string::npos) << r.out;
  std::ifstream in(results);
  std::string line;
  std::vector<json> games;
  while (std::getline(in, line)) games.push_back(json::parse(line));
  ASSERT_EQ(games.size(), 2u);
  // Each side's decisions and their time: every action but the automatic deployments is a
  // decision of one side, and the time they took is within the game's.
  for (const auto& g : games) {
    const auto d = g["decisions"].get<std::array<std::uint64_t, 2>>();
    const auto t = g["think_seconds"].get<std::array<double, 2>>();
    EXPECT_GT(d[0], 0u);
    EXPECT_GT(d[1], 0u);
    EXPECT_LE(d[0] + d[1], g["actions"].get<std::uint64_t>());
    EXPECT_GE(d[0] + d[1] + 40, g["actions"].get<std::uint64_t>()) << "deployments at most";
    EXPECT_GE(t[0], 0.0);
    EXPECT_LE(t[0] + t[1], g["seconds"].get<double>());
  }
  EXPECT_NE(r.out.find("Time per decision: random "), std::string::npos) << r.out;
  // A pairing: the same deal, seats swapped.
  EXPECT_EQ(games[0]["seed"], games[1]["seed"]);
  EXPECT_EQ(games[0]["player1"], games[1]["player2"]);
  EXPECT_EQ(games[0]["armies"], games[1]["armies"]);
  for (int g = 1; g <= 2; ++g) {
    const std::string file = records + "/game-0000" + std::to_string(g) + ".json";
    const auto rr = ancients({"replay", file});
    EXPECT_EQ(rr.status, 0) << contract::describe(rr);
    EXPECT_NE(rr.out.find("verified"), std::string::npos) << rr.out;
  }
}

// A multiplayer battle (2+1): one agent per side, every player of the side playing it; its
// records name every player and army, and replay; a tampered record is refused.
TEST(TournamentCli, MultiplayerRecordsNameEveryPlayerAndReplay) {
  contract::TempDir dir;
  const std::string records = (dir.path() / "records").string();
  const auto r =
      ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--seed", "3",
                "--options", "board=12,contingents=true,players=2+1", "--records", records});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  for (int g = 1; g <= 2; ++g) {
    const std::string file = records + "/game-0000" + std::to_string(g) + ".json";
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    json record = json::parse(in);
    EXPECT_EQ(record["options"]["players"], "2+1");
    ASSERT_EQ(record["players"].size(), 3u);
    EXPECT_EQ(record["armies"].size(), 3u);
    EXPECT_EQ(record["result"]["lost"].size(), 3u);
    // Game 1: greedy is side 1 (players 1 and 2); game 2: the sides swapped.
    EXPECT_EQ(record["players"]["1"], g == 1 ? "greedy" : "random");
    EXPECT_EQ(record["players"]["2"], record["players"]["1"]);
    EXPECT_NE(record["players"]["3"], record["players"]["1"]);
    const auto rr = ancients({"replay", file});
    EXPECT_EQ(rr.status, 0) << contract::describe(rr);
    EXPECT_NE(rr.out.find("side wins"), std::string::npos) << rr.out;
    // An action credited to the wrong player fails verification.
    for (auto& a : record["actions"])
      if (a["player"] == 3) {
        a["player"] = 2;
        break;
      }
    const std::string bad = (dir.path() / "bad.json").string();
    std::ofstream(bad) << record.dump();
    EXPECT_EQ(ancients({"replay", bad}).status, 3);
  }
}

TEST(TournamentCli, GeneralsRecordsReplay) {
  contract::TempDir dir;
  const std::string records = (dir.path() / "records").string();
  const auto r = ancients({"tournament", "--game", "generals", "--agents", "random,greedy",
                           "--games", "2", "--seed", "4", "--records", records});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  for (int g = 1; g <= 2; ++g) {
    const std::string file = records + "/game-0000" + std::to_string(g) + ".json";
    std::ifstream in(file);
    ASSERT_TRUE(in) << file;
    const json record = json::parse(in);
    EXPECT_EQ(record["game"], "ancient-generals");
    EXPECT_FALSE(record["actions"].empty());
    const auto rr = ancients({"replay", file});
    EXPECT_EQ(rr.status, 0) << contract::describe(rr);
    EXPECT_NE(rr.out.find("verified"), std::string::npos) << rr.out;
  }
}

std::vector<json> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<json> out;
  for (std::string line; std::getline(in, line);) {
    json j = json::parse(line);
    j.erase("seconds");  // the fields that depend on the machine
    j.erase("think_seconds");
    out.push_back(j);
  }
  return out;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

TEST(TournamentCli, ResumesFromPartialResults) {
  contract::TempDir dir;
  const std::string full = (dir.path() / "full.jsonl").string();
  const std::vector<std::string> base = {"tournament", "--agents", "greedy,random", "--seed", "5"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return ancients(args);
  };
  ASSERT_EQ(with({"--games", "6", "--results", full}).status, 0);
  const auto expected = read_lines(full);
  ASSERT_EQ(expected.size(), 6u);
  EXPECT_FALSE(std::filesystem::exists(full + ".partial")) << "left behind after the run";
  // An interrupted run: two games ended (their lines in the partial file, out of order).
  std::string first_two;
  {
    std::ifstream in(full);
    std::string l1, l2;
    std::getline(in, l1);
    std::getline(in, l2);
    first_two = l2 + "\n" + l1 + "\n";
  }
  const std::string resumed = (dir.path() / "resumed.jsonl").string();
  write_text(resumed + ".partial", first_two);
  // Without --resume the interrupted run's games are not overwritten.
  const auto fresh_run = with({"--games", "6", "--results", resumed});
  EXPECT_EQ(fresh_run.status, 2);
  EXPECT_NE(fresh_run.err.find("add --resume"), std::string::npos) << fresh_run.err;
  const auto r = with({"--games", "6", "--results", resumed, "--resume"});
  ASSERT_EQ(r.status, 0) << contract::describe(r);
  EXPECT_NE(r.err.find("resumed 2 finished games"), std::string::npos) << r.err;
  EXPECT_EQ(read_lines(resumed), expected);
  EXPECT_FALSE(std::filesystem::exists(resumed + ".partial"));
  // A finished run given more games plays only the new ones; the first six stay as they were.
  const auto more = with({"--games", "10", "--results", full, "--resume"});
  ASSERT_EQ(more.status, 0) << contract::describe(more);
  EXPECT_NE(more.err.find("resumed 6 finished games"), std::string::npos) << more.err;
  const auto ten = read_lines(full);
  ASSERT_EQ(ten.size(), 10u);
  EXPECT_EQ(std::vector<json>(ten.begin(), ten.begin() + 6), expected);
  const std::string fresh = (dir.path() / "fresh.jsonl").string();
  ASSERT_EQ(with({"--games", "10", "--results", fresh}).status, 0);
  EXPECT_EQ(read_lines(fresh), ten);
  // A file written before the decisions were counted (lines without them) still resumes: its
  // games count no decisions, the games played now do.
  std::string old_lines;
  for (json j : read_lines(full)) {
    j.erase("decisions");
    j["seconds"] = 1.0;
    old_lines += j.dump() + "\n";
  }
  const std::string old = (dir.path() / "old.jsonl").string();
  write_text(old, old_lines);
  const auto resumed_old =
      with({"--games", "12", "--results", old, "--resume", "--json", "--threads", "1"});
  ASSERT_EQ(resumed_old.status, 0) << contract::describe(resumed_old);
  const json summary = json::parse(resumed_old.out);
  const auto lines = read_lines(old);
  ASSERT_EQ(lines.size(), 12u);
  std::uint64_t counted = 0;
  for (std::size_t i = 0; i < 12; ++i) {
    const auto d = lines[i].at("decisions").get<std::array<std::uint64_t, 2>>();
    if (i < 10) {
      EXPECT_EQ(d[0] + d[1], 0u) << "game " << i + 1 << " was read back without decisions";
    } else {
      EXPECT_GT(d[0] + d[1], 0u) << "game " << i + 1 << " was played now";
      counted += d[0] + d[1];
    }
  }
  EXPECT_GT(counted, 0u);
  EXPECT_EQ(summary["agents"]["greedy"]["decisions"].get<std::uint64_t>() +
                summary["agents"]["random"]["decisions"].get<std::uint64_t>(),
            counted)
      << "only the two games played now counted their decisions";
}

TEST(TournamentCli, RefusesResultsOfAnotherTournament) {
  contract::TempDir dir;
  const std::string file = (dir.path() / "r.jsonl").string();
  ASSERT_EQ(ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--seed", "5",
                      "--results", file})
                .status,
            0);
  // Another seed: other deals.
  auto r = ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--seed", "6",
                     "--results", file, "--resume"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("line 1: game 1 was played with another deal"), std::string::npos) << r.err;
  // Other options: the same seeds, other games.
  r = ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--seed", "5",
                "--options", "board=12", "--results", file, "--resume"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("another game or other options"), std::string::npos) << r.err;
  // Fewer games than the file holds.
  r = ancients({"tournament", "--agents", "greedy,random", "--games", "1", "--seed", "5",
                "--results", file, "--resume"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("game 2 is not one of this tournament's 1 games"), std::string::npos)
      << r.err;
  // A damaged line.
  write_text(file + ".partial", "{\"game\": 1, \"seed\": \"x\"\n");
  r = ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--seed", "5",
                "--results", file, "--resume"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("r.jsonl.partial line 1"), std::string::npos) << r.err;
  // Nothing to resume from.
  EXPECT_EQ(
      ancients({"tournament", "--agents", "greedy,random", "--games", "2", "--resume"}).status, 2);
}

TEST(TournamentCli, RefusesBadArguments) {
  EXPECT_EQ(ancients({"tournament", "--agents", "greedy"}).status, 2);
  EXPECT_EQ(ancients({"tournament", "--agents", "greedy,nosuch"}).status, 2);
  EXPECT_EQ(ancients({"tournament", "--agents", "ismcts:fast,random"}).status, 2);
  EXPECT_EQ(ancients({"tournament", "--agents", "random,random", "--armies", "nosuch"}).status, 2);
  const auto r = ancients(
      {"tournament", "--agents", "random,random", "--game", "generals", "--games", "2", "--json"});
  EXPECT_EQ(r.status, 0) << contract::describe(r);
  EXPECT_EQ(json::parse(r.out)["agents"]["random#1"]["wins"].get<int>() +
                json::parse(r.out)["agents"]["random#2"]["wins"].get<int>() +
                json::parse(r.out)["agents"]["random#1"]["draws"].get<int>(),
            2);
}

}  // namespace
