// `ancients play`'s screens as a player reads them, on scripted games through stdin: what the
// status panel says of a move awaiting an answer (the retreat edition), the warning before a
// choice that loses the game at once, colour switched off for a dumb terminal, Ancient
// Generals' words for a deck the player has scouted, a line too long to be an action, a game
// left unfinished taken up again (`--resume`), and `info N` (a menu item in the game's words).
#include <gtest/gtest.h>

#include <regex>

#include "cli/terminal_style.h"
#include "cli/terminal_text.h"
#include "play_support.h"
#include "support/paths.h"

namespace {

using play_test::read_text;
using play_test::run;
using play_test::temp_folder;

// The retreat edition: every move waits for the opponent's Difficult Ground answer. The
// status panel said "unit on h32 attacks unit on h32 with the card trod" (a pending move has
// no attacker or target square); it names the move that waits now.
TEST(PlayScreen, AMoveAwaitingAnAnswerIsNamed) {
  const auto dir = temp_folder("pending-move");
  const auto r = run("play --edition retreat --vs human --seed 4 --first 1 --no-color --record " +
                         (dir / "game.json").string(),
                     "1\n1\n1\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  // The move player 1 made, as the log writes it: "P1 move trod g1-g2 (player 2 may answer the
  // move)" (it said "may defend", as of an attack).
  std::smatch logged;
  ASSERT_TRUE(std::regex_search(r.out, logged, std::regex(R"(P1 (move \S+ [a-h]\d-[a-h]\d))")))
      << r.out;
  EXPECT_NE(r.out.find(logged[0].str() + " (player 2 may answer the move)"), std::string::npos)
      << r.out;
  const auto line = r.out.find("Move awaiting an answer: ");
  ASSERT_NE(line, std::string::npos) << r.out;
  const std::string said = r.out.substr(line, r.out.find('\n', line) - line);
  EXPECT_NE(said.find("player 1's " + logged[1].str()), std::string::npos) << said;
  EXPECT_NE(said.find("(player 2 may answer it or pass)"), std::string::npos) << said;
  EXPECT_EQ(r.out.find("Attack awaiting an answer"), std::string::npos) << r.out;
  EXPECT_FALSE(std::regex_search(r.out, std::regex(R"([a-z]\d\d\d?\b attacks)"))) << r.out;
}

// Against greedy with seed 2, player 1's General is attacked on turn 4 (the screen after three
// choices "1"): passing loses the game at once, defending does not. The menu marks the pass and
// warns; the first "3" only says so, the second (after a `help`) plays it and the game ends.
TEST(PlayScreen, AChoiceThatLosesTheGameAtOnceIsMarkedAndAskedTwice) {
  const auto dir = temp_folder("loses-at-once");
  const auto record = dir / "game.json";
  const auto r = run("play --agent greedy --seed 2 --no-color --record " + record.string(),
                     "1\n1\n1\n3\nhelp\n3\n");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto warned = r.out.find("Careful: choice 3 loses the game at once (marked below)");
  ASSERT_NE(warned, std::string::npos) << r.out;
  const auto menu = r.out.find("P1> ", warned);
  EXPECT_NE(r.out.substr(warned, menu - warned).find("3 pass [loses the game]"), std::string::npos)
      << r.out.substr(warned, menu - warned);
  EXPECT_EQ(r.out.substr(warned, menu - warned).find("defend rally [loses"), std::string::npos);
  const auto asked = r.out.find("`pass` loses the game at once: type it again (3)", menu);
  ASSERT_NE(asked, std::string::npos) << r.out.substr(menu);
  // Asked, not played: the game goes on to the next prompt, and ends after the second "3".
  EXPECT_LT(asked, r.out.find("Actions (type the text"));
  EXPECT_NE(r.out.find("wins on turn 4: player 1's General was destroyed"), std::string::npos)
      << r.out.substr(asked);
  const auto j = nlohmann::json::parse(read_text(record));
  EXPECT_EQ(j["result"]["winner"], 2);
  EXPECT_EQ(j["actions"].back()["action"], "pass");
}

// A dumb terminal (TERM=dumb: Emacs' shell, some IDE consoles) understands no escapes: the
// screens were coloured there, escapes printed as garbage. Colour is kept for other terminals.
TEST(PlayScreen, NoColourOnADumbTerminal) {
  using ancients::cli::wants_color;
  EXPECT_TRUE(wants_color(false, true, nullptr, "xterm-256color"));
  EXPECT_TRUE(wants_color(false, true, nullptr, nullptr));
  EXPECT_TRUE(wants_color(false, true, "", "xterm"));  // NO_COLOR set but empty: no effect
  EXPECT_FALSE(wants_color(false, true, nullptr, "dumb"));
  EXPECT_FALSE(wants_color(false, true, "1", "xterm"));
  EXPECT_FALSE(wants_color(true, true, nullptr, "xterm"));
  EXPECT_FALSE(wants_color(false, false, nullptr, "xterm"));
  EXPECT_TRUE(ancients::cli::dumb_terminal("dumb"));
  EXPECT_FALSE(ancients::cli::dumb_terminal("vt100"));
  EXPECT_FALSE(ancients::cli::dumb_terminal(nullptr));
}

// Ancient Generals, seed 3: the first choice, item 3, is "scout slingers deck1" (the top of the
// player's own deck). The screen said "the top of your's deck".
TEST(PlayScreen, CountsAreSaidWithTheirNounInTheRightNumber) {
  // "the game is left unfinished after 1 actions" read wrongly after a single action.
  using ancients::cli::counted;
  EXPECT_EQ(counted(1, "action"), "1 action");
  EXPECT_EQ(counted(0, "action"), "0 actions");
  EXPECT_EQ(counted(12, "action"), "12 actions");
}

TEST(PlayScreen, GeneralsSaysWhoseDeckWasScouted) {
  const auto dir = temp_folder("scouted-deck");
  const auto r = run(
      "play generals --agent greedy --seed 3 --no-color --record " + (dir / "game.json").string(),
      "3\nquit\n");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("P1 scout slingers deck1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("You have seen the top of your deck (next first): "), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("your's"), std::string::npos) << r.out;
}

// A line of 100,000 characters was refused by quoting it whole ("unknown action \"xxx...\""),
// and echoed whole into the transcript: both games now say how long it is and go on.
TEST(PlayScreen, AnOverlongLineIsRefusedWithoutRepeatingIt) {
  const auto dir = temp_folder("overlong");
  const std::string line(100000, 'x');
  for (const std::string game : {"warfare", "generals"}) {
    const auto r = run("play " + game + " --agent greedy --seed 3 --no-color --record " +
                           (dir / (game + ".json")).string(),
                       line + "\nquit\n");
    ASSERT_EQ(r.status, 0) << game;
    EXPECT_NE(r.out.find("Refused: that line is 100000 characters long; no action or command is "
                         "longer than 2000."),
              std::string::npos)
        << game;
    EXPECT_EQ(r.out.find(std::string(200, 'x')), std::string::npos) << game;
    EXPECT_NE(r.out.find("You left the game"), std::string::npos) << game;
  }
}

// A game left with `quit` could not be taken up again. `--resume` plays the record again, shows
// the screen where it was left (its last actions included) and writes on to the same record,
// which replays; a finished game and a flag that would change the game are refused.
TEST(PlayScreen, AnUnfinishedGameIsResumedFromItsRecord) {
  const auto dir = temp_folder("resume");
  const auto record = dir / "game.json";
  const auto quit =
      run("play --agent greedy --seed 2 --no-color --record " + record.string(), "1\n1\n1\nquit\n");
  ASSERT_EQ(quit.status, 0);
  EXPECT_NE(quit.out.find("(go on with `ancients play --resume " + record.string() + "`)"),
            std::string::npos)
      << quit.out;
  const auto left = nlohmann::json::parse(read_text(record));
  ASSERT_TRUE(left["result"]["winner"].is_null());
  const std::size_t done = left["actions"].size();
  const auto again = run("play --no-color --resume " + record.string(), "quit\n");
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("Resumed after " + std::to_string(done) + " actions"), std::string::npos)
      << again.out;
  EXPECT_NE(again.out.find("Player 2: computer (greedy), "), std::string::npos) << again.out;
  // The screen where the game was left: the attack on player 1's General waits for an answer.
  EXPECT_NE(again.out.find("Attack awaiting an answer: "), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("P2 attack attack f7xg6"), std::string::npos) << again.out;
  EXPECT_EQ(nlohmann::json::parse(read_text(record))["actions"].size(), done);

  const auto to_the_end =
      run("play --no-color --resume " + record.string(), play_test::lines("1", 3000));
  ASSERT_EQ(to_the_end.status, 0) << to_the_end.out;
  const auto finished = nlohmann::json::parse(read_text(record));
  EXPECT_FALSE(finished["result"]["winner"].is_null()) << to_the_end.out;
  ASSERT_GT(finished["actions"].size(), done);
  for (std::size_t i = 0; i < done; ++i) EXPECT_EQ(finished["actions"][i], left["actions"][i]);
  const auto replayed = run("replay " + record.string());
  EXPECT_EQ(replayed.status, 0) << replayed.out;

  const auto over = run("play --resume " + record.string());
  EXPECT_EQ(over.status, 2);
  EXPECT_NE(over.out.find("this game is over"), std::string::npos) << over.out;
  const auto changed = run("play --resume " + record.string() + " --seed 3");
  EXPECT_EQ(changed.status, 2);
  EXPECT_NE(changed.out.find("--seed cannot change it"), std::string::npos) << changed.out;
}

TEST(PlayScreen, AnUnfinishedGeneralsGameIsResumedFromItsRecord) {
  const auto dir = temp_folder("resume-generals");
  const auto record = dir / "game.json";
  ASSERT_EQ(run("play generals --agent greedy --seed 3 --no-color --record " + record.string(),
                "3\n1\n2\nquit\n")
                .status,
            0);
  const std::size_t done = nlohmann::json::parse(read_text(record))["actions"].size();
  const auto r = run("play --no-color --resume " + record.string(), play_test::lines("1", 3000));
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Resumed after " + std::to_string(done) + " actions"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("P1 scout slingers deck1"), std::string::npos) << "the last actions";
  const auto finished = nlohmann::json::parse(read_text(record));
  EXPECT_FALSE(finished["result"]["winner"].is_null());
  EXPECT_GT(finished["actions"].size(), done);
  EXPECT_EQ(run("replay " + record.string()).status, 0);
}

// The menu shows the notation only ("pass", "play bloodlust a1"); `info N` says what item N does
// in the game's words, as the browser does, and whether it loses the game at once.
TEST(PlayScreen, InfoExplainsAMenuItem) {
  const auto dir = temp_folder("info-item");
  const auto warfare =
      run("play --agent greedy --seed 2 --no-color --record " + (dir / "warfare.json").string(),
          "1\n1\n1\ninfo 3\ninfo 1\ninfo 9\nquit\n");
  ASSERT_EQ(warfare.status, 0) << warfare.out;
  EXPECT_NE(warfare.out.find("3 pass: Take the attack (no defence): General g6 is destroyed; the "
                             "game ends\n  It loses the game at once"),
            std::string::npos)
      << warfare.out;
  EXPECT_NE(warfare.out.find("1 defend rally: Defend with Rally\n"), std::string::npos)
      << warfare.out;
  EXPECT_NE(warfare.out.find("No menu item 9: choose 1 to 3"), std::string::npos) << warfare.out;
  const auto generals = run("play generals --agent greedy --seed 3 --no-color --record " +
                                (dir / "generals.json").string(),
                            "info 3\nquit\n");
  ASSERT_EQ(generals.status, 0) << generals.out;
  EXPECT_NE(generals.out.find(
                "3 scout slingers deck1: Scout with Slingers: look at the top of your deck\n"),
            std::string::npos)
      << generals.out;
}

}  // namespace
