// `ancients play` and `ancients replay` as a player uses them: scripted games through stdin
// (hotseat and against the computer) to the end or to EOF, the record they write verified by
// `ancients replay`, tampered records refused, and bad arguments refused.
#include <gtest/gtest.h>

#include "play_support.h"
#include "support/paths.h"

namespace {

using play_test::lines;
using play_test::read_text;
using play_test::run;
using play_test::temp_folder;

/// Plays with every answer "1" (auto deploy, then the first menu item) until the game ends.
play_test::CliRun play_scripted(const std::string& args, const std::filesystem::path& record) {
  return run("play " + args + " --turn-limit 4 --no-color --record " + record.string(),
             lines("1", 3000));
}

void expect_verified(const std::filesystem::path& record) {
  const auto r = run("replay " + record.string());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("verified: "), std::string::npos) << r.out;
}

TEST(PlayCli, AgainstTheComputerToTheEnd) {
  const auto dir = temp_folder("computer");
  const auto record = dir / "game.json";
  const auto r = play_scripted(
      "--vs computer --agent ismcts:easy --seed 5 --army1 gauls --army2 marian-romans", record);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Record saved: " + record.string()), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Your actions"), std::string::npos);
  EXPECT_NE(r.out.find("Computer (player"), std::string::npos);
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_EQ(j["format"], "ancients-record");
  EXPECT_FALSE(j["result"]["winner"].is_null()) << "the game should have ended";
  EXPECT_EQ(j["deployments"].size(), 2u);
  EXPECT_TRUE(j["players"]["1"] == "human" || j["players"]["2"] == "human");
  expect_verified(record);
}

TEST(PlayCli, HotseatToTheEnd) {
  const auto dir = temp_folder("hotseat");
  const auto record = dir / "game.json";
  const auto r = play_scripted("--vs human --seed 9 --first 2", record);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("your turn"), std::string::npos);
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_EQ(j["players"]["1"], "human");
  EXPECT_EQ(j["players"]["2"], "human");
  EXPECT_FALSE(j["result"]["winner"].is_null());
  expect_verified(record);
}

TEST(PlayCli, HotseatHidesTheFirstDeploymentFromTheSecondPlayer) {
  const auto dir = temp_folder("hidden");
  const auto record = dir / "game.json";
  const auto r =
      run("play --vs human --seed 4 --first 1 --no-color --record " + record.string(), "auto\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto second = r.out.find("Deployment: player 2");
  ASSERT_NE(second, std::string::npos) << r.out;
  // Player 2's screen (board, status, menu) shows none of player 1's units.
  const std::string screen = r.out.substr(r.out.rfind("your turn", second));
  EXPECT_EQ(screen.find("1Gen"), std::string::npos) << screen;
  EXPECT_EQ(screen.find("1Cmp"), std::string::npos) << screen;
  EXPECT_NE(screen.find("P1 deployed its army"), std::string::npos) << screen;
  EXPECT_NE(r.out.find("1Gen"), std::string::npos) << "player 1 saw its own deployment";
}

// A multiplayer battle (2+1) at one screen: players 1 and 3 people, player 2 the computer. It
// plays to the end; each person's screen shows its own hand only, the others' as counts; the
// record names the three players and replays.
TEST(PlayCli, MultiplayerHotseatWithTheComputerInTheOtherSeat) {
  const auto dir = temp_folder("multiplayer");
  const auto record = dir / "game.json";
  const auto r =
      run("play --vs human --humans 1,3 --agent greedy --seed 6 --options "
          "board=12,contingents=true,players=2+1 --turn-limit 3 --no-color --record " +
              record.string(),
          lines("1", 3000));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Player 3 (human"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("Player 3 (human, "), std::string::npos) << "the hand-over to player 3";
  EXPECT_NE(r.out.find("Computer (player 2)"), std::string::npos);
  EXPECT_NE(r.out.find("(attacker's contingent"), std::string::npos);
  // Player 3's first screen of the battle: its own hand, nobody else's cards.
  const auto first = r.out.find("your turn", r.out.find("Round 1 of 3: player 3"));
  ASSERT_NE(first, std::string::npos) << r.out.substr(0, 4000);
  const std::string screen = r.out.substr(first, r.out.find("P3>", first) - first);
  EXPECT_NE(screen.find("Your hand:"), std::string::npos) << screen;
  EXPECT_EQ(screen.find("Player 1's hand"), std::string::npos) << screen;
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_EQ(j["players"]["1"], "human");
  EXPECT_EQ(j["players"]["2"], "greedy");
  EXPECT_EQ(j["players"]["3"], "human");
  EXPECT_EQ(j["deployments"].size(), 3u);
  EXPECT_FALSE(j["result"]["winner"].is_null()) << "the battle should have ended";
  expect_verified(record);
}

TEST(PlayCli, EndOfInputSavesAnUnfinishedRecord) {
  const auto dir = temp_folder("eof");
  const auto record = dir / "game.json";
  const auto r =
      run("play --seed 3 --side 2 --agent ismcts:easy --no-color --record " + record.string(),
          "help\ncards\nunits\nhand\nbogus action\n99\nauto\n1\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("End of input"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Refused: unknown action \"bogus\""), std::string::npos) << r.out;
  // and the words an action may start with (it once sent the player to `ancients play` help).
  EXPECT_NE(r.out.find("(an action starts with one of: discard, move, advance,"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("No menu item 99"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Actions (type the text"), std::string::npos);
  // The defender's battlefield's actions are in the help too (they were missing).
  for (const char* action :
       {"topography NAME", "terrain KIND SQ", "terrain auto", "terrain done", "side north|south"})
    EXPECT_NE(r.out.find(action), std::string::npos) << action;
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_TRUE(j["result"]["winner"].is_null());
  EXPECT_GE(j["actions"].size(), 2u);
  expect_verified(record);
}

TEST(PlayCli, QuitSavesTheRecord) {
  const auto dir = temp_folder("quit");
  const auto record = dir / "sub" / "game.json";
  const auto r = run("play --vs human --seed 2 --no-color --record " + record.string(),
                     "deploy general:a1\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("must deploy all"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("You left the game"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::exists(record));
  expect_verified(record);
}

TEST(PlayCli, DefaultRecordGoesToTheRecordsFolder) {
  const auto dir = temp_folder("default");
  const auto cmd = "cd " + dir.string() + " && " +
                   std::string(ancients::test_paths::ancients_binary()) +
                   " play --seed 77 --no-color < /dev/null > out.txt 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  int found = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "records"))
    found += e.path().filename().string().ends_with("-77.json");
  EXPECT_EQ(found, 1) << read_text(dir / "out.txt");
}

TEST(PlayCli, BadArgumentsAreRefused) {
  const auto dir = temp_folder("badargs");
  const std::string rec = " --record " + (dir / "x.json").string();
  EXPECT_NE(run("play --vs robot" + rec).status, 0);
  EXPECT_NE(run("play --side 3" + rec).status, 0);
  EXPECT_NE(run("play --board 9" + rec).status, 0);
  EXPECT_NE(run("play --first 3" + rec).status, 0);
  EXPECT_NE(run("play --turn-limit 0" + rec).status, 0);
  auto r = run("play --army1 nosuch-army" + rec);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("unknown army \"nosuch-army\""), std::string::npos) << r.out;
  r = run("play --agent nosuch" + rec);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("unknown agent"), std::string::npos) << r.out;
  r = run("play --vs human --side 2" + rec);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("--vs computer"), std::string::npos) << r.out;
  r = run("play --board 12 --map " + std::string(ancients::test_paths::source_dir()) +
          "/data/maps/open-plain.json" + rec);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "x.json"));
}

TEST(ReplayCli, StepShowsEveryPosition) {
  const auto dir = temp_folder("step");
  const auto record = dir / "game.json";
  play_test::write_text(record,
                        ancients::warfare::record_to_json(play_test::random_record(21, 2)).dump());
  const auto j = nlohmann::json::parse(read_text(record));
  const auto r = run("replay --step --show-final --no-color " + record.string());
  ASSERT_EQ(r.status, 0) << r.out;
  const std::string last = "Action " + std::to_string(j["actions"].size()) + " of ";
  EXPECT_NE(r.out.find("Action 1 of "), std::string::npos);
  EXPECT_NE(r.out.find(last), std::string::npos);
  EXPECT_NE(r.out.find("verified: " + std::to_string(j["actions"].size()) + " actions"),
            std::string::npos)
      << r.out;
}

TEST(ReplayCli, TamperedRecordsAreRefused) {
  const auto dir = temp_folder("tamper");
  const auto good = ancients::warfare::record_to_json(play_test::random_record(13, 3));
  // An `end` never comes with an attack awaiting its answer, so `defend push` is illegal there.
  std::size_t i = 2;
  while (good["actions"][i]["action"] != "end") ++i;
  auto changed = good;
  changed["actions"][i]["action"] = "defend push";
  play_test::write_text(dir / "changed.json", changed.dump());
  auto r = run("replay " + (dir / "changed.json").string());
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("verification failed: action " + std::to_string(i + 1) + " "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("no attack to answer"), std::string::npos) << r.out;

  auto player = good;
  player["actions"][i]["player"] = 3 - good["actions"][i]["player"].get<int>();
  play_test::write_text(dir / "player.json", player.dump());
  r = run("replay " + (dir / "player.json").string());
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("recorded for player"), std::string::npos) << r.out;

  auto result = good;
  result["result"]["winner"] = good["result"]["winner"] == "draw" ? nlohmann::json(1) : "draw";
  play_test::write_text(dir / "result.json", result.dump());
  r = run("replay " + (dir / "result.json").string());
  EXPECT_EQ(r.status, 3) << r.out;
  EXPECT_NE(r.out.find("the result differs"), std::string::npos) << r.out;

  // A position given for a record is named as such (it said: unknown key "active").
  r = run("new --seed 2");
  ASSERT_EQ(r.status, 0) << r.out;
  play_test::write_text(dir / "position.json", r.out);
  r = run("replay " + (dir / "position.json").string());
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("not a game record"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("`ancients apply`"), std::string::npos) << r.out;

  play_test::write_text(dir / "broken.json", "{\"format\": \"ancients-record\"");
  r = run("replay " + (dir / "broken.json").string());
  EXPECT_EQ(r.status, 2) << r.out;
  r = run("replay " + (dir / "missing.json").string());
  EXPECT_EQ(r.status, 2) << r.out;
}

}  // namespace

namespace {

/// The first screen of `ancients play` on a battlefield: it must draw without a crash, name
/// every terrain kind of the board in its legend and draw rivers when there are some.
void expect_drawn(const std::string& args, const std::string& what) {
  const auto dir = temp_folder("draw");
  const auto r = run(
      "play " + args + " --vs human --no-color --record " + (dir / "game.json").string(), "q\n");
  ASSERT_EQ(r.status, 0) << what << "\n" << r.out;
  const auto legend_at = r.out.find("= player 1");
  ASSERT_NE(legend_at, std::string::npos) << what << "\n" << r.out;
  const std::string legend = r.out.substr(legend_at, r.out.find('\n', legend_at) - legend_at);
  const std::pair<const char*, const char*> kinds[] = {
      {" ~~~ ", "rough"}, {" ^^^ ", "hill"},     {"#####", "impassable"},
      {" %%% ", "woods"}, {" +++ ", "built-up"}, {" AAA ", "steep-hill"}};
  for (const auto& [cell, name] : kinds)
    if (r.out.find(cell) != std::string::npos) {
      EXPECT_NE(legend.find(name), std::string::npos) << what << ": " << name << "\n" << legend;
    }
  // Every byte of the board is printable ASCII or a line break.
  for (char c : r.out.substr(0, legend_at))
    EXPECT_TRUE(c == '\n' || (c >= ' ' && c <= '~')) << what << ": byte " << static_cast<int>(c);
}

TEST(PlayCli, EveryBundledMapAndGeneratedBattlefieldIsDrawn) {
  const std::string maps = std::string(ancients::test_paths::source_dir()) + "/data/maps/";
  for (const auto& entry : std::filesystem::directory_iterator(maps))
    expect_drawn("--map " + entry.path().string(), entry.path().filename().string());
  expect_drawn("--seed 3", "a generated 8x8 battlefield");
  expect_drawn("--seed 3 --board 12", "a generated 12x12 battlefield");
  // The DBA terrain generator's battlefields, one per home topography.
  const auto dir = temp_folder("dba-maps");
  for (const char* topography :
       {"arable", "forest", "hilly", "steppe", "dry", "tropical", "littoral"}) {
    const auto map = (dir / (std::string(topography) + ".json")).string();
    const auto made =
        run(std::string("dba terrain --seed 7 --topography ") + topography + " --out " + map);
    ASSERT_EQ(made.status, 0) << made.out;
    expect_drawn("--map " + map, topography);
  }
}

TEST(PlayCli, RiversAreDrawnBetweenSquares) {
  const auto dir = temp_folder("river");
  const auto r = run("play --map " + std::string(ancients::test_paths::source_dir()) +
                         "/data/maps/river-and-town.json --vs human --no-color --record " +
                         (dir / "game.json").string(),
                     "q\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("====="), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("river (between squares)"), std::string::npos) << r.out;
}

}  // namespace

namespace {

TEST(PlayCli, UnitsCardsAndInfoComeFromTheRulesBook) {
  const auto dir = temp_folder("info");
  const auto r = run("play --vs human --seed 2 --no-color --record " + (dir / "g.json").string(),
                     "units\ncards\ninfo knights\ninfo gallop\ninfo nosuch\ninfo a99\nbogus\nq\n");
  ASSERT_EQ(r.status, 0) << r.out;
  // The book's sentences (src/games/warfare/explain.cpp), with the board's abbreviations.
  EXPECT_NE(r.out.find("  Kn  Knights (Move 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Moves exactly 4 or 5 squares."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Auto-killed by: Bows, Elephants"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("No unit, card or terrain is called \"nosuch\""), std::string::npos);
  // A square off the board is named as such (it once read "No unit ... is called").
  EXPECT_NE(r.out.find("a99 is not a square of this 8x8 board (files a-h, ranks 1-8)"),
            std::string::npos)
      << r.out;
  // A refusal gives the reason without quoting back the line just typed.
  EXPECT_NE(r.out.find("Refused: unknown action \"bogus\""), std::string::npos) << r.out;
  // and the words an action may start with (it once sent the player to `ancients play` help).
  EXPECT_NE(r.out.find("(an action starts with one of: discard, move, advance,"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("\"bogus\" refused"), std::string::npos) << r.out;
  const auto g = run("play generals --vs human --no-color --record " + (dir / "h.json").string(),
                     "info overrun\ninfo\nq\n");
  ASSERT_EQ(g.status, 0) << g.out;
  EXPECT_NE(g.out.find("Overrun tactics card"), std::string::npos) << g.out;
  EXPECT_NE(g.out.find("Type `info` and a card"), std::string::npos) << g.out;  // not "No card"
}

}  // namespace
