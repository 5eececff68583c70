// `ancients campaign ...` through the built executable: a campaign day at the terminal (new,
// orders, status, next, result typed in, play, show), simulate, `ancients check` on scenarios,
// a battle started from the campaign and its result read from the final position, and clean
// refusals (bad scenario with file:line, bad actions, a tampered file).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "agents/agent.h"
#include "campaign_support.h"
#include "contract/run_binary.h"
#include "core/registry.h"

namespace {

using contract::ancients;
using contract::TempDir;

TEST(CampaignCli, ACampaignDayAtTheTerminal) {
  TempDir dir;
  const std::string file = (dir.path() / "day.json").string();
  auto r = ancients({"campaign", "new", kCampaigns + "learning-campaign.toml", "--out", file});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("season 1 of 2, phase politics"), std::string::npos) << r.out;
  {
    const auto ok1 = ancients({"campaign", "act", file, "ally romans macedonians"});
    EXPECT_RUN_OK(ok1);
  }
  {
    const auto ok2 = ancients({"campaign", "next", file});
    EXPECT_RUN_OK(ok2);
  }
  {
    const auto ok3 = ancients({"campaign", "orders", file, "romans", "romans-1=cisalpina"});
    EXPECT_RUN_OK(ok3);
  }
  r = ancients({"campaign", "status", file});
  EXPECT_NE(r.out.find("waiting for: orders from The Gauls (gauls)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("cisalpina"), std::string::npos) << "orders must stay hidden";
  {
    const auto ok4 = ancients({"campaign", "orders", file, "carthaginians"});
    EXPECT_RUN_OK(ok4);
  }
  {
    const auto ok5 = ancients({"campaign", "orders", file, "gauls", "--computer"});
    EXPECT_RUN_OK(ok5);
  }
  r = ancients({"campaign", "orders", file, "macedonians"});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("Rome attacks The Gauls at Cisalpine Gaul"), std::string::npos) << r.out;
  r = ancients({"campaign", "result", file, "1", "--winner", "romans", "--lost", "romans:blades",
                "--lost", "gauls:3", "--camp", "gauls"});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("Rome wins"), std::string::npos) << r.out;
  // Further battles (if the Gauls marched) are resolved by the computer at once.
  for (int battle = 2; battle <= 3; ++battle)
    (void)ancients({"campaign", "play", file, std::to_string(battle), "--agent", "random"});
  {
    const auto ok6 = ancients({"campaign", "next", file});
    EXPECT_RUN_OK(ok6);
  }
  r = ancients({"campaign", "show", file});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("season 2 of 2, phase politics"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Chronicle:"), std::string::npos);
  EXPECT_NE(r.out.find("romans +3"), std::string::npos) << r.out;  // won +2, Camp +1
  r = ancients({"campaign", "show", file, "--season", "1"});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("After season 1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("romans A"), std::string::npos) << r.out;  // Rome holds Cisalpine Gaul
  r = ancients({"campaign", "show", file, "--season", "2"});
  EXPECT_TRUE(contract::clean_refusal(r, "season 2 has not ended", contract::kStatusBadInput));
}

// A battle played at this screen: a person in Rome's seat (typing the menu's first choice) and
// the computer in the other; the position file keeps it as it goes; the finished battle's result
// goes to the campaign; a battle left unfinished changes nothing.
TEST(CampaignCli, ABattlePlayedAtThisScreen) {
  TempDir dir;
  const std::string file = (dir.path() / "day.json").string();
  const std::string position = (dir.path() / "battle.json").string();
  for (const auto& step : std::vector<std::vector<std::string>>{
           {"new", kCampaigns + "learning-campaign.toml", "--out", file},
           {"next", file},
           {"orders", file, "romans", "romans-1=cisalpina"},
           {"orders", file, "carthaginians"},
           {"orders", file, "gauls"},
           {"orders", file, "macedonians"}}) {
    std::vector<std::string> args{"campaign"};
    args.insert(args.end(), step.begin(), step.end());
    const auto ok = ancients(args);
    EXPECT_RUN_OK(ok);
  }
  auto r = ancients({"campaign", "play", file, "1", "--humans", "3"});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("players 1 to 2"), std::string::npos) << r.err;
  r = ancients(
      {"campaign", "play", file, "1", "--humans", "1", "--agent", "random", "--out", position},
      std::string("quit\n"));
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("unfinished"), std::string::npos) << r.out;
  EXPECT_NE(ancients({"campaign", "status", file}).out.find("to be fought"), std::string::npos);
  std::string ones;
  for (int i = 0; i < 8000; ++i) ones += "1\n";
  r = ancients(
      {"campaign", "play", file, "1", "--humans", "1", "--agent", "random", "--out", position},
      ones);
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("Position saved: " + position), std::string::npos) << r.out.substr(0, 400);
  const auto shown = ancients({"campaign", "show", file});
  EXPECT_NE(shown.out.find("(game: " + position + ")"), std::string::npos) << shown.out;
  EXPECT_EQ(ancients({"campaign", "status", file}).out.find("to be fought"), std::string::npos);
}

TEST(CampaignCli, StatusListsTheBattlesFoughtWithTheirResults) {
  // A sequence's status says who won each battle fought (the file keeps only the actions and
  // this battle; replaying gives back the others).
  TempDir dir;
  const std::string file = (dir.path() / "fought.json").string();
  auto r = ancients({"campaign", "simulate", kCampaigns + "first-two-crusades.toml", "--agent",
                     "random", "--seed", "5", "--out", file});
  EXPECT_RUN_OK(r);
  r = ancients({"campaign", "status", file});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("battles fought:\n  battle 1: Dorylaeum (1097), Seljuks of Rum (the "
                       "Seljuks of Rum's army) attacks Crusaders (the Crusaders' army): "),
            std::string::npos)
      << r.out;
  int results = 0;
  for (std::size_t at = r.out.find("\n  battle "); at != std::string::npos;
       at = r.out.find("\n  battle ", at + 1)) {
    const std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
    EXPECT_TRUE(line.ends_with(" won") || line.ends_with(": a draw")) << line;
    ++results;
  }
  EXPECT_EQ(results, 10) << r.out;
}

TEST(CampaignCli, SimulatePrintsProgressAndTheChronicle) {
  auto r = ancients({"campaign", "simulate", kCampaigns + "first-two-crusades.toml", "--agent",
                     "random", "--seed", "3"});
  EXPECT_RUN_OK(r);
  // A sequence of ten battles: the bar is full at the tenth.
  EXPECT_NE(r.err.find("[####################] battle 10/10 · battle 10:"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("[##..................] battle 1/10"), std::string::npos) << r.err;
  // "Crusaders win", "Fatimid Egypt wins": a plural nation's verb (Nation::plural).
  EXPECT_NE(r.out.find(" the campaign with "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Crusaders wins"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Damascus"), std::string::npos);
}

TEST(CampaignCli, CheckValidatesScenarios) {
  TempDir dir;
  {
    const auto ok7 = ancients({"check", kCampaigns + "crusaders-conquest.toml"});
    EXPECT_RUN_OK(ok7);
  }
  std::filesystem::create_directory(dir.path() / "campaigns");
  const std::string bad = (dir.path() / "campaigns" / "bad.toml").string();
  {
    std::ofstream f(bad);
    f << "format = 1\nkind = \"map\"\ntitle = \"Bad\"\nseasons = 99\n";
  }
  auto r = ancients({"check", bad});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("bad.toml:4:"), std::string::npos) << r.err;
  r = ancients({"campaign", "new", bad, "--out", (dir.path() / "x.json").string()});
  EXPECT_TRUE(contract::clean_refusal(r, "bad.toml:4:", contract::kStatusBadInput));
  // A folder given for the scenario is named as one (it once read "missing format").
  r = ancients({"campaign", "new", (dir.path() / "campaigns").string(), "--out",
                (dir.path() / "y.json").string()});
  EXPECT_TRUE(contract::clean_refusal(r, "is a folder, not a file", contract::kStatusBadInput));
  // An army file the scenario names that is not there is named with the scenario's line.
  const std::string learning = kCampaigns + "learning-campaign.toml";
  std::ifstream in(learning);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find("army = \"");
  ASSERT_NE(at, std::string::npos);
  const auto end = text.find('"', at + 8);
  text.replace(at, end + 1 - at, "army = \"missing.json\"");
  const std::string edited = (dir.path() / "campaigns" / "edited.toml").string();
  std::ofstream(edited) << text;
  r = ancients({"check", edited});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.err.find("missing.json: no such file"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("edited.toml:"), std::string::npos) << r.err;
}

TEST(CampaignCli, RefusalsAreClean) {
  TempDir dir;
  const std::string file = (dir.path() / "c.json").string();
  auto r = ancients({"campaign", "new", kCampaigns + "learning-campaign.toml", "--out", file});
  EXPECT_RUN_OK(r);
  r = ancients({"campaign", "orders", file, "romans"});
  EXPECT_TRUE(contract::clean_refusal(r, "orders romans", contract::kStatusRefused));
  r = ancients({"campaign", "new", kCampaigns + "learning-campaign.toml", "--out", file});
  EXPECT_EQ(r.status, 1) << "an existing file is not overwritten";
  // A hand-edited state does not match its actions.
  auto j = contract::json::parse(std::ifstream(file));
  j["prestige"]["romans"] = 99;
  dir.write("c.json", j.dump());
  r = ancients({"campaign", "status", file});
  EXPECT_TRUE(contract::clean_refusal(r, "not what its actions give", contract::kStatusBadInput));
  j["prestige"]["romans"] = 0;
  j["scenario"]["regions"][0]["neighbours"] = {"atlantis"};
  dir.write("c.json", j.dump());
  r = ancients({"campaign", "status", file});
  EXPECT_TRUE(contract::clean_refusal(r, "atlantis", contract::kStatusBadInput));
  dir.write("c.json", "{\"format\": \"ancients-campaign\"}");
  r = ancients({"campaign", "status", file});
  EXPECT_TRUE(contract::clean_refusal(r, "c.json", contract::kStatusBadInput));
}

}  // namespace

namespace {

TEST(CampaignCli, ABattleStartedFromTheCampaignAndItsFinalPositionRead) {
  TempDir dir;
  const std::string file = (dir.path() / "seq.json").string();
  const std::string start = (dir.path() / "start.json").string();
  auto r = ancients({"campaign", "new", kCampaigns + "first-two-crusades.toml", "--out", file});
  EXPECT_RUN_OK(r);
  r = ancients({"campaign", "battle", file, "1", "--seed", "4", "--out", start});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("player 1 (attacker): Seljuks of Rum"), std::string::npos) << r.out;
  // Play the game to its end with random moves, as any front end would, from the position.
  auto game = ancients::state_from_json(contract::json::parse(std::ifstream(start)));
  auto agent = ancients::make_agent("random", 9);
  r = ancients({"campaign", "result", file, "1", "--position", start});
  EXPECT_TRUE(contract::clean_refusal(r, "not over", contract::kStatusBadInput));
  while (!game->is_over()) game->apply(agent->choose(*game->view(game->to_act())));
  const std::string final_position = dir.write("final.json", game->to_json().dump());
  r = ancients({"campaign", "result", file, "1", "--position", final_position});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("Battle 1 (Dorylaeum):"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(game: " + final_position + ")"), std::string::npos) << r.out;
  // The next battle resolved at once by the computer, its finished game kept and linked.
  r = ancients({"campaign", "next", file});
  EXPECT_RUN_OK(r);
  const std::string kept = (dir.path() / "battle2.json").string();
  r = ancients({"campaign", "play", file, "2", "--agent", "random", "--out", kept});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("(game: " + kept + ")"), std::string::npos) << r.out;
  EXPECT_TRUE(ancients::state_from_json(contract::json::parse(std::ifstream(kept)))->is_over());
  EXPECT_NE(r.out.find("waiting for: next"), std::string::npos) << r.out;
}

}  // namespace

namespace {

TEST(CampaignCli, AbsentNationsOrdersAreGivenByTheComputer) {
  TempDir dir;
  const std::string file = (dir.path() / "c.json").string();
  auto r = ancients({"campaign", "new", kCampaigns + "learning-campaign.toml", "--out", file});
  EXPECT_RUN_OK(r);
  r = ancients({"campaign", "act", file, "computer gauls", "computer carthaginians",
                "computer macedonians", "next"});
  EXPECT_RUN_OK(r);
  r = ancients({"campaign", "orders", file, "romans"});
  EXPECT_RUN_OK(r);
  EXPECT_NE(r.out.find("Macedon orders:"), std::string::npos) << r.out;  // all revealed
  r = ancients({"campaign", "status", file});
  // The names a player reads, with the ids the commands take.
  EXPECT_NE(r.out.find("played by the computer: The Gauls (gauls), Carthage (carthaginians), "
                       "Macedon (macedonians)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Rome (romans)"), std::string::npos) << r.out;  // the standings
  EXPECT_EQ(r.out.find("waiting for: orders"), std::string::npos) << r.out;
  r = ancients({"campaign", "show", file});  // the chronicle: a plural nation's verb
  EXPECT_NE(r.out.find("The Gauls are played by the computer"), std::string::npos) << r.out;
}

}  // namespace
