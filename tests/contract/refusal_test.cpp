// Contract tests of refused actions (shared/rules/positions-and-notation.md, "Commands every
// build must offer"): an illegal or malformed action given to `ancients apply` must give a
// non-zero exit status, NOTHING on stdout and a message on stderr naming the action and why it
// is refused — for legal-looking but illegal actions, malformed text, unknown cards and unit
// types, squares off the board, the wrong player acting, actions after the game is over, and
// a sequence whose later action is refused after earlier ones were accepted.
#include <string>
#include <vector>

#include "contract/positions.h"
#include "contract/run_binary.h"

namespace contract {
namespace {

struct Refusal {
  json position;
  std::vector<std::string> actions;  ///< the last one is the refused action
  const char* why;                   ///< what the test means by it
};

/// Runs all cases (in parallel) and checks each refusal.
void expect_refused(const std::vector<Refusal>& cases) {
  TempDir dir;
  std::vector<std::string> files;
  for (const auto& c : cases) files.push_back(dir.write_position(c.position));
  std::vector<RunResult> results(cases.size());
  parallel_for(cases.size(), [&](std::size_t i) {
    std::vector<std::string> args = {"apply", files[i]};
    args.insert(args.end(), cases[i].actions.begin(), cases[i].actions.end());
    results[i] = ancients(args);
  });
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(std::string(cases[i].why) + ": \"" + cases[i].actions.back() + "\"");
    EXPECT_TRUE(clean_refusal(results[i], cases[i].actions.back(), kStatusRefused));
    // The message says why, beyond repeating the action.
    EXPECT_GT(results[i].err.size(), cases[i].actions.back().size() + 12) << results[i].err;
  }
}

TEST(Refusal, LegalLookingButIllegalActions) {
  const json move = move_position();
  const json battle = battle_position();
  expect_refused({
      {move, {"move march d4-d7"}, "March moves exactly 2"},
      {move, {"move march d4-d5"}, "March moves exactly 2"},
      {move, {"move march d4-d6"}, "d6 is impassable"},
      {move, {"move march d4-f6"}, "the path enters rough before its end"},
      {move, {"move march d4-b2"}, "the path goes through a unit"},
      {move, {"move march d4-c5"}, "not a straight line of 2"},
      {move, {"move march d4-e6"}, "a knight's jump with March"},
      {move, {"move march a1-a3"}, "a Camp cannot move"},
      {move, {"move trod d4-d5"}, "player 1 holds no Trod"},
      {move, {"move march e4-e6"}, "no unit on e4"},
      {move, {"advance march d4,a1"}, "the Camp cannot advance"},
      {move, {"advance march d4"}, "one unit is a move, not an advance"},
      {move, {"attack attack d4xc3"}, "an attack in the move phase"},
      {move, {"discard march"}, "a discard outside the orders phase"},
      {move, {"scout"}, "player 1 holds no Scout"},
      {move, {"dismount d4"}, "Blades are no Knights"},
      {move, {"defend push"}, "nothing to answer"},
      {move, {"pass"}, "nothing to answer"},
      {battle, {"autokill c4xd5"}, "the General auto-kills nothing"},
      {battle, {"autokill d4xh8"}, "out of range"},
      {battle, {"attack attack d4xh8"}, "out of range"},
      {battle, {"attack push d4xd5"}, "Push is no attack card"},
      {battle, {"attack outflank d4xd5"}, "player 1 holds no Outflank"},
      {battle, {"attack attack d4xc4"}, "attacking a friendly unit"},
      {battle, {"move march d4-d6"}, "a move in the battle phase"},
      {battle, {"autokill d4xd5", "autokill d4xd5"}, "the Blades attacked already"},
      {battle, {"autokill d4xd5", "attack attack c4xd5"}, "the target is gone"},
      {orders_position(), {"discard rally"}, "player 1 holds no Rally"},
      {orders_position(), {"end"}, "the orders phase needs discards first"},
      {orders_position(), {"move march d2-d4"}, "the orders phase needs discards first"},
  });
}

TEST(Refusal, MalformedActionText) {
  const json move = move_position();
  expect_refused({
      {move, {"move march d4d6"}, "no dash"},
      {move, {"move march d4-"}, "no destination"},
      {move, {"move march -d6"}, "no origin"},
      {move, {"move march d4--d6"}, "two dashes"},
      {move, {"move march d4-d6-d8"}, "three squares"},
      {move, {"move march"}, "no squares"},
      {move, {"move"}, "a verb alone"},
      {move, {"march d4-d6"}, "no verb"},
      {move, {"move march d4-d6 now"}, "a word too many"},
      {move, {"fly"}, "unknown verb"},
      {move, {"end end"}, "a word too many"},
      {move, {"end;"}, "punctuation"},
      {move,
       {"move march d4\xe2\x80\x93"
        "d6"},
       "an en dash instead of a hyphen"},
      {move, {"move,march,d4-d6"}, "commas"},
      {move, {"advance march"}, "no squares"},
      {move, {"advance march d4,,a1"}, "an empty square name"},
      {move, {"deploy"}, "a verb alone"},
      {move, {"end\nend"}, "two actions in one argument"},
      {move, {std::string(5000, 'x')}, "a very long word"},
      {battle_position(), {"attack attack d4xd5xd6"}, "two targets"},
      {battle_position(), {"autokill d4-d5"}, "a dash instead of x"},
      {battle_position(), {"autokill d4x"}, "no target"},
      {pending_position(), {"defend"}, "no card"},
  });
}

TEST(Refusal, EmptyActionIsRefused) {
  // An empty argument is no action: it is refused like any malformed action.
  TempDir dir;
  for (const char* text : {"", " ", "\t"}) {
    const RunResult r = apply_raw(dir, move_position(), {text});
    EXPECT_TRUE(clean_refusal(r, "", kStatusRefused)) << "\"" << text << "\"";
  }
}

TEST(Refusal, UnknownCardsAndUnitTypes) {
  json deploy = new_position({"--seed", "1"});
  deploy["reserves"] = {{"1", {"general", "blades"}}, {"2", {"general"}}};
  expect_refused({
      {move_position(), {"move teleport d4-d6"}, "unknown card"},
      {move_position(), {"move March d4-d6x"}, "malformed"},
      {move_position(), {"advance hyperspace d4,a1"}, "unknown card"},
      {orders_position(), {"discard joker"}, "unknown card"},
      {pending_position(), {"defend shield"}, "unknown card"},
      {battle_position(), {"attack fireball d4xd5"}, "unknown card"},
      {deploy, {"deploy general:e1,dragons:d1"}, "unknown unit type"},
      {deploy, {"deploy general:e1,blades:d1,blades:c1"}, "one unit too many"},
      {deploy, {"deploy general:e1"}, "a unit missing"},
      {deploy, {"deploy general:e1,knights:d1"}, "a type not in the army"},
      {deploy, {"deploy general:e1,blades*:d1"}, "an Elite the army does not have"},
      {deploy, {"deploy general:e1,blades:e1"}, "two units on one square"},
      {deploy, {"deploy general:e1,blades:e3"}, "outside the back two ranks"},
      {deploy, {"deploy general:e1,blades"}, "no square"},
  });
}

TEST(Refusal, SquaresOffTheBoard) {
  json big = move_position();
  big["options"]["board"] = 12;
  expect_refused({
      {move_position(), {"move march d4-d9"}, "rank 9 of 8"},
      {move_position(), {"move march d4-i4"}, "file i of 8"},
      {move_position(), {"move march d4-d0"}, "rank 0"},
      {move_position(), {"move march d9-d7"}, "rank 9 of 8"},
      {move_position(), {"move march d44-d46"}, "rank 44"},
      {move_position(), {"move march d-1-d1"}, "a negative rank"},
      {move_position(), {"move march 4d-6d"}, "rank and file swapped"},
      {move_position(), {"move march dd-d6"}, "no rank"},
      {move_position(), {"move march d99999999999999999999-d6"}, "a huge rank"},
      {move_position(), {"advance march d4,z1"}, "file z"},
      {battle_position(), {"autokill d4xd9"}, "rank 9 of 8"},
      {battle_position(), {"attack attack j4xd5"}, "file j"},
      {big, {"move march d4-m4"}, "file m of 12"},
      {big, {"move march d4-d13"}, "rank 13 of 12"},
  });
}

TEST(Refusal, TheWrongPlayerActing) {
  json battle_with_push = battle_position();
  json move_two = move_position();
  expect_refused({
      // The attacker (player 1) cannot answer its own attack, nor act while it waits.
      {battle_position(), {"defend push"}, "player 1 holds Push, but nothing attacks it"},
      {battle_position(), {"attack attack d4xd5", "end"}, "the defender must answer first"},
      {battle_position(),
       {"attack attack d4xd5", "autokill d4xd5"},
       "the attacker acts while its attack waits"},
      {battle_position(),
       {"attack attack d4xd5", "attack supported-attack c4xd5"},
       "the attacker acts while its attack waits"},
      {pending_position(), {"end"}, "player 2 answers; ending is player 1's"},
      {pending_position(), {"defend elite"}, "the Bows are not Elite"},
      {pending_position(), {"defend rough-ground"}, "d5 is clear"},
      {pending_position(), {"defend attack"}, "Attack is no defense card"},
      // Player 1's turn: player 2's units and cards cannot be used.
      {move_two, {"move trod h8-h7"}, "the unit and the card are player 2's"},
      {move_two, {"move march h8-h6"}, "player 2's unit with player 1's card"},
      {move_two, {"move march c3-c5"}, "player 2's unit"},
      {battle_position(), {"autokill d5xd4"}, "player 2's Bows in player 1's turn"},
      {battle_position(), {"attack attack d5xd4"}, "player 2's Bows in player 1's turn"},
      {orders_position(), {"discard gallop"}, "player 2's card"},
  });
}

TEST(Refusal, ActionsAfterTheGameIsOver) {
  json pending_last = pending_position();
  pending_last["lost"]["2"] = 7;
  expect_refused({
      {over_position(), {"end"}, "the game is over"},
      {over_position(), {"move march d4-d6"}, "the game is over"},
      {over_position(), {"autokill d4xd5"}, "the game is over"},
      {over_position(), {"pass"}, "the game is over"},
      {pending_last, {"pass", "end"}, "the 8th loss point ended the game"},
  });
}

TEST(Refusal, ALaterActionOfASequenceLeavesStdoutEmpty) {
  TempDir dir;
  struct Case {
    json position;
    std::vector<std::string> actions;
    std::string refused;
  };
  const std::vector<Case> cases = {
      {move_position(), {"move march d4-d2", "move march d2-d4"}, "move march d2-d4"},
      {move_position(), {"move march d4-d2", "end", "move march a1-a3"}, "move march a1-a3"},
      {orders_position(), {"discard march", "discard march", "discard march"}, "discard march"},
      {battle_position(), {"autokill d4xd5", "bogus"}, "bogus"},
      {battle_position(), {"attack attack d4xd5", "pass", "pass"}, "pass"},
      {move_position(), {"move march d4-d7", "end"}, "move march d4-d7"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.refused);
    const RunResult r = apply_raw(dir, c.position, c.actions);
    EXPECT_TRUE(clean_refusal(r, c.refused, kStatusRefused));
  }
}

TEST(Refusal, TheRefusingCallChangesNothing) {
  // The position file is input only: a refused apply leaves it as it was.
  TempDir dir;
  const std::string file = dir.write_position(move_position());
  const RunResult r = ancients({"apply", file, "move march d4-d2", "fly"});
  EXPECT_TRUE(clean_refusal(r, "fly", kStatusRefused));
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(json::parse(text.str()), move_position());
}

}  // namespace
}  // namespace contract
