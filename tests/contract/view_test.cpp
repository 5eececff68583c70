// Contract tests of `ancients view POSITION.json --player N` through the binary: each player's
// view hides what the contract says it hides (the opponent's hand and the deck as numbers, no
// random state, another player's deployment as reserves), the viewer is named, the acting
// player's own cards are listed, and bad viewers and positions are refused with exit 2.
#include <string>

#include "contract/positions.h"
#include "contract/run_binary.h"

namespace contract {
namespace view_cli {

json view_of(const std::string& file, const std::string& player) {
  const RunResult r = ancients({"view", file, "--player", player});
  EXPECT_RUN_OK(r);
  return r.status == 0 ? json::parse(r.out) : json::object();
}

TEST(ViewCli, EachPlayerSeesOwnHandAndTheRestCounted) {
  const RunResult made = ancients({"new", "--deploy", "--seed", "3"});
  EXPECT_RUN_OK(made);
  const json position = json::parse(made.out);
  TempDir dir;
  const std::string file = dir.write("start.json", made.out);
  for (const std::string p : {"1", "2"}) {
    SCOPED_TRACE(p);
    const std::string other = p == "1" ? "2" : "1";
    const json v = view_of(file, p);
    EXPECT_EQ(v["viewer"], std::stoi(p));
    EXPECT_EQ(v["hands"][p], position["hands"][p]);  // its own cards, by name
    EXPECT_EQ(v["hands"][other], position["hands"][other].size());
    EXPECT_TRUE(v["deck"].is_number()) << v["deck"];
    EXPECT_FALSE(v.contains("rng"));
  }
  const json spectator = view_of(file, "0");
  EXPECT_EQ(spectator["viewer"], 0);
  EXPECT_TRUE(spectator["hands"]["1"].is_number());
  EXPECT_TRUE(spectator["hands"]["2"].is_number());
}

TEST(ViewCli, AnotherPlayersDeploymentStaysHidden) {
  // Player 1 deploys its army on its first ranks; player 2's view must not say where.
  const RunResult made = ancients({"new", "--seed", "1"});
  EXPECT_RUN_OK(made);
  const json start = json::parse(made.out);
  const std::string deploy = first_ranks_deployment(start);
  TempDir dir;
  const RunResult after = ancients({"apply", dir.write("start.json", made.out), deploy});
  EXPECT_RUN_OK(after);
  const std::string file = dir.write("after.json", after.out);
  EXPECT_FALSE(view_of(file, "1")["units"].empty());  // its own units, on their squares
  for (const std::string p : {"2", "0"}) {
    const json v = view_of(file, p);
    EXPECT_TRUE(v["units"].empty()) << p << ": " << v["units"];
    EXPECT_EQ(v["reserves"]["1"].size(), start["reserves"]["1"].size()) << p;
  }
}

TEST(ViewCli, AViewerOutsideThePositionOrABadFileIsRefused) {
  const RunResult made = ancients({"new", "generals", "--seed", "2"});
  EXPECT_RUN_OK(made);
  TempDir dir;
  const std::string file = dir.write("g.json", made.out);
  EXPECT_FALSE(view_of(file, "2").contains("rng"));
  RunResult r = ancients({"view", file, "--player", "3"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("the position has 2 players"), std::string::npos) << describe(r);
  r = ancients({"view", file});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("--player"), std::string::npos) << describe(r);
  r = ancients({"view", dir.write("bad.json", "{\"game\": 1}"), "--player", "1"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_NE(r.err.find("bad.json"), std::string::npos) << describe(r);
}

}  // namespace view_cli
}  // namespace contract
