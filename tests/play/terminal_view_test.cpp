// The generic terminal front end's drawing of a position (src/cli/terminal_view.cpp): each
// field under its own name, nested fields indented, lists of plain values (and each flat record
// of a list) on one line, nothing as a dash, and the heading's fields (game, options) left out;
// and `sentence`.
#include <gtest/gtest.h>

#include "cli/terminal_text.h"
#include "cli/terminal_view.h"

namespace {

TEST(TerminalView, FieldsAreShownUnderTheirNames) {
  const auto view = nlohmann::json::parse(R"({
    "game": "tiny-duel", "options": {"cards": 3}, "round": 2, "sudden_death": true,
    "pending": null, "hand": [1, 3], "played": [], "score": {"1": 0, "2": 1},
    "rounds": [{"won_by": 1, "winner_card": 3}, {"won_by": null, "winner_card": null},
               {"hands": [1, 2]}], "log": {}
  })");
  EXPECT_EQ(ancients::cli::view_fields_text(view),
            "hand: 1, 3\n"
            "log: —\n"
            "pending: —\n"
            "played: —\n"
            "round: 2\n"
            "rounds:\n"
            "  1. winner card: 3, won by: 1\n"
            "  2. winner card: —, won by: —\n"
            "  3.\n"
            "    hands: 1, 2\n"
            "score:\n"
            "  1: 0\n"
            "  2: 1\n"
            "sudden death: yes\n");
}

TEST(TerminalView, APlainValueIsShownAlone) {
  EXPECT_EQ(ancients::cli::view_fields_text(nlohmann::json("x")), "x\n");
}

TEST(TerminalText, ASentenceEndsWithAFullStop) {
  EXPECT_EQ(ancients::cli::sentence("The game is drawn"), "The game is drawn.");
  EXPECT_EQ(ancients::cli::sentence("Player 1 wins!"), "Player 1 wins!");
  EXPECT_EQ(ancients::cli::sentence("Done."), "Done.");
  EXPECT_EQ(ancients::cli::sentence(""), "");
}

}  // namespace
