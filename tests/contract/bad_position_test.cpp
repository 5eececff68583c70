// Contract tests of unreadable and malformed position files given to `ancients legal` and
// `ancients apply` (shared/rules/positions-and-notation.md: "A position is refused as malformed
// only for its structure: JSON shape, unknown identifiers, squares off the board, two units on
// a square, an impossible phase/to_act/pending combination"). Each must give a clear message on
// stderr naming the file, nothing on stdout and a non-zero exit (2, the project's status for
// bad input) — never a crash, an uncaught exception or a sanitizer report. Also the other side
// of the clause: partial positions and extra fields are valid.
#include <string>
#include <vector>

#include "contract/positions.h"
#include "contract/run_binary.h"

namespace contract {
namespace {

struct BadFile {
  std::string why;
  std::string text;  ///< file contents
};

/// A base position with one change applied through a JSON pointer-like edit.
json with(const json& base, const std::string& pointer, const json& value) {
  json p = base;
  p[json::json_pointer(pointer)] = value;
  return p;
}

json without(const json& base, const std::string& key) {
  json p = base;
  p.erase(key);
  return p;
}

std::string nested(std::size_t depth, char open, char close, const std::string& inner = "") {
  return std::string(depth, open) + inner + std::string(depth, close);
}

std::string nested_objects(std::size_t depth) {
  std::string s;
  for (std::size_t i = 0; i < depth; ++i) s += "{\"a\":";
  s += "1";
  s += std::string(depth, '}');
  return s;
}

/// Runs `legal FILE` and `apply FILE end` on every case and checks each refusal.
void expect_bad(const std::vector<BadFile>& cases) {
  TempDir dir;
  std::vector<std::string> files;
  for (std::size_t i = 0; i < cases.size(); ++i)
    files.push_back(dir.write("bad-" + std::to_string(i) + ".json", cases[i].text));
  std::vector<RunResult> legal_runs(cases.size()), apply_runs(cases.size());
  parallel_for(cases.size(), [&](std::size_t i) {
    legal_runs[i] = ancients({"legal", files[i]});
    apply_runs[i] = ancients({"apply", files[i], "end"});
  });
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].why + " | " + cases[i].text.substr(0, 160));
    const std::string name = "bad-" + std::to_string(i) + ".json";
    EXPECT_TRUE(clean_refusal(legal_runs[i], name, kStatusBadInput)) << "legal";
    EXPECT_TRUE(clean_refusal(apply_runs[i], name, kStatusBadInput)) << "apply";
  }
}

TEST(BadPosition, NotJson) {
  expect_bad({
      {"empty file", ""},
      {"blank file", "  \n\t\n"},
      {"a word", "hello"},
      {"unterminated object", "{"},
      {"missing value", "{\"game\": }"},
      {"unterminated array", "[1, 2,"},
      {"binary bytes", std::string("\xff\xfe\x00\x01\x80", 5)},
      {"trailing garbage", base_position().dump() + " }"},
      {"two documents", base_position().dump() + base_position().dump()},
      {"NaN", "{\"game\": NaN}"},
      {"comment", "// a position\n" + base_position().dump()},
      {"single quotes", "{'game': 'ancient-warfare'}"},
      {"invalid UTF-8 in a string", "{\"game\": \"ancient-warfare\", \"x\": \"\xc3\x28\"}"},
      {"unterminated string", "{\"game\": \"ancient-warf"},
  });
}

TEST(BadPosition, WrongShape) {
  const json b = battle_position();
  expect_bad({
      {"array", "[]"},
      {"number", "42"},
      {"string", "\"position\""},
      {"null", "null"},
      {"boolean", "true"},
      {"empty object", "{}"},
      {"game only", "{\"game\": \"ancient-warfare\"}"},
      {"game not a string", with(b, "/game", 7).dump()},
      {"missing phase", without(b, "phase").dump()},
      {"missing active", without(b, "active").dump()},
      {"missing to_act", without(b, "to_act").dump()},
      {"missing units", without(b, "units").dump()},
      {"missing hands", without(b, "hands").dump()},
      {"units an object", with(b, "/units", json::object()).dump()},
      {"units a string", with(b, "/units", "d4").dump()},
      {"unit a list", with(b, "/units/0", {"d4", 1, "blades"}).dump()},
      {"unit without square", with(b, "/units/0", {{"owner", 1}, {"type", "blades"}}).dump()},
      {"unit without owner", with(b, "/units/0", {{"square", "d4"}, {"type", "blades"}}).dump()},
      {"unit without type", with(b, "/units/0", {{"square", "d4"}, {"owner", 1}}).dump()},
      {"owner a string", with(b, "/units/0/owner", "one").dump()},
      {"owner a fraction", with(b, "/units/0/owner", 1.5).dump()},
      {"owner 0", with(b, "/units/0/owner", 0).dump()},
      {"owner 3", with(b, "/units/0/owner", 3).dump()},
      {"type a number", with(b, "/units/0/type", 4).dump()},
      {"square a number", with(b, "/units/0/square", 27).dump()},
      {"elite a string", with(b, "/units/0/elite", "yes").dump()},
      {"moved a number", with(b, "/units/0/moved", 1).dump()},
      {"attacks a string", with(b, "/units/0/attacks", "0").dump()},
      {"attacks negative", with(b, "/units/0/attacks", -1).dump()},
      {"hands a list", with(b, "/hands", json::array()).dump()},
      {"a hand a string", with(b, "/hands/1", "march").dump()},
      {"a hand of numbers", with(b, "/hands/1", {1, 2}).dump()},
      {"deck a string", with(b, "/deck", "march").dump()},
      {"deck of numbers", with(b, "/deck", {1, 2}).dump()},
      {"deck of lists", with(b, "/deck", {{"march"}}).dump()},
      {"discard an object", with(b, "/discard", json::object()).dump()},
      {"terrain a list", with(b, "/terrain", {"c4"}).dump()},
      {"terrain value a number", with(b, "/terrain", {{"c4", 3}}).dump()},
      {"lost a list", with(b, "/lost", {0, 0}).dump()},
      {"lost a string", with(b, "/lost/1", "zero").dump()},
      {"turn a string", with(b, "/turn", "3").dump()},
      {"active a string", with(b, "/active", "1").dump()},
      {"phase a number", with(b, "/phase", 3).dump()},
      {"options a list", with(b, "/options", {8, 200}).dump()},
      {"board a string", with(b, "/options/board", "8").dump()},
      {"pending a string", with(b, "/pending", "attack attack d4xd5").dump()},
      {"pending text a number", with(pending_position(), "/pending", {{"attack", 5}}).dump()},
      {"pending a list", with(pending_position(), "/pending", {"attack attack d4xd5"}).dump()},
      {"pending without a card",
       with(pending_position(), "/pending/attack", "attack d4xd5").dump()},
      {"pending garbage", with(pending_position(), "/pending/attack", "x").dump()},
      {"pending empty", with(pending_position(), "/pending/attack", "").dump()},
      {"pending move in the autokill edition",
       with(pending_position(), "/pending", {{"move", "move march d2-d4"}}).dump()},
      {"winner a word", with(over_position(), "/winner", "player1").dump()},
      {"winner 3", with(over_position(), "/winner", 3).dump()},
      {"to_act a string", with(b, "/to_act", "1").dump()},
  });
}

TEST(BadPosition, UnknownIdentifiers) {
  const json b = battle_position();
  expect_bad({
      {"unknown game", with(b, "/game", "chess").dump()},
      {"empty game", with(b, "/game", "").dump()},
      {"unknown edition", with(b, "/edition", "deluxe").dump()},
      {"unknown phase", with(b, "/phase", "lunch").dump()},
      {"phase in capitals", with(b, "/phase", "BATTLE").dump()},
      {"unknown unit type", with(b, "/units/0/type", "dragons").dump()},
      {"unit type in capitals", with(b, "/units/0/type", "Blades").dump()},
      {"unit type with a space", with(b, "/units/0/type", "war wagons").dump()},
      {"unit type with a NUL", with(b, "/units/0/type", std::string("blades\0", 7)).dump()},
      {"unknown card in a hand", with(b, "/hands/1/0", "joker").dump()},
      {"unknown card in the deck", with(b, "/deck/0", "joker").dump()},
      {"unknown card in the discard", with(b, "/discard/0", "joker").dump()},
      {"card with a space", with(b, "/hands/1/0", "supported attack").dump()},
      {"unknown terrain", with(b, "/terrain", {{"c4", "lava"}}).dump()},
      {"unknown option", with(b, "/options/fog", true).dump()},
      {"unknown player in hands", with(b, "/hands/3", json::array()).dump()},
      {"unknown player in lost", with(b, "/lost/0", 1).dump()},
      {"unknown card in pending",
       with(pending_position(), "/pending/attack", "attack joker d4xd5").dump()},
      {"a huge unknown name", with(b, "/units/0/type", std::string(1 << 20, 'q')).dump()},
  });
}

TEST(BadPosition, SquaresOffTheBoard) {
  const json b = battle_position();
  expect_bad({
      {"file i", with(b, "/units/0/square", "i1").dump()},
      {"rank 9", with(b, "/units/0/square", "a9").dump()},
      {"rank 0", with(b, "/units/0/square", "a0").dump()},
      {"rank 10", with(b, "/units/0/square", "a10").dump()},
      {"empty square", with(b, "/units/0/square", "").dump()},
      {"two letters", with(b, "/units/0/square", "aa").dump()},
      {"far away", with(b, "/units/0/square", "z99").dump()},
      {"capital file", with(b, "/units/0/square", "D4").dump()},
      {"trailing space", with(b, "/units/0/square", "d4 ").dump()},
      {"huge rank", with(b, "/units/0/square", "d99999999999999999999").dump()},
      {"12x12 square on 8x8", with(b, "/units/0/square", "l12").dump()},
      {"terrain off the board", with(b, "/terrain", {{"q3", "rough"}}).dump()},
      {"pending target off the board",
       with(pending_position(), "/pending/attack", "attack attack d4xd9").dump()},
      {"pending attacker off the board",
       with(pending_position(), "/pending/attack", "attack attack i4xd5").dump()},
  });
}

TEST(BadPosition, TwoUnitsOnASquare) {
  json p = battle_position();
  p["units"].push_back(unit("d4", 2, "psiloi"));
  json same_owner = battle_position();
  same_owner["units"].push_back(unit("c4", 1, "blades"));
  expect_bad({{"two owners", p.dump()}, {"one owner", same_owner.dump()}});
}

TEST(BadPosition, ImpossiblePhaseToActPendingCombinations) {
  const json b = battle_position();
  const json pend = pending_position();
  json orders_few = orders_position();
  orders_few["hands"]["1"] = {"march", "attack", "push"};
  json pending_from_empty = pend;
  pending_from_empty["pending"]["attack"] = "attack attack e4xd5";
  json pending_at_own = pend;
  pending_at_own["pending"]["attack"] = "attack attack d4xc4";
  json pending_by_defender = pend;
  pending_by_defender["pending"]["attack"] = "attack attack d5xd4";
  json pending_off_line = pend;
  pending_off_line["units"].push_back(unit("e6", 2, "psiloi"));
  pending_off_line["pending"]["attack"] = "attack attack d4xe6";
  expect_bad({
      {"pending in the move phase", with(pend, "/phase", "move").dump()},
      {"pending in the orders phase", with(pend, "/phase", "orders").dump()},
      {"pending in the deploy phase", with(pend, "/phase", "deploy").dump()},
      {"pending but the attacker acts", with(pend, "/to_act", 1).dump()},
      {"the opponent acts with nothing pending", with(b, "/to_act", 2).dump()},
      {"the opponent acts in the move phase", with(move_position(), "/to_act", 2).dump()},
      {"to_act 3", with(b, "/to_act", 3).dump()},
      {"to_act 0", with(b, "/to_act", 0).dump()},
      {"to_act null while playing", with(b, "/to_act", nullptr).dump()},
      {"active 0", with(b, "/active", 0).dump()},
      {"active 3", with(b, "/active", 3).dump()},
      {"over without a winner", with(over_position(), "/winner", nullptr).dump()},
      {"a winner while playing", with(b, "/winner", 1).dump()},
      {"a draw while playing", with(b, "/winner", "draw").dump()},
      {"orders with 3 cards", orders_few.dump()},
      {"pending from an empty square", pending_from_empty.dump()},
      {"pending against an own unit", pending_at_own.dump()},
      {"pending by the defender's unit", pending_by_defender.dump()},
      {"pending off a straight line", pending_off_line.dump()},
  });
}

/// Runs `legal FILE` and `apply FILE end` on a position no game can reach: both must refuse it
/// cleanly (exit 2) with a message containing `says`.
void expect_unreachable(const json& position, const std::string& says) {
  TempDir dir;
  const std::string file = dir.write("unreachable.json", position.dump());
  for (const auto& args :
       {std::vector<std::string>{"legal", file}, std::vector<std::string>{"apply", file, "end"}}) {
    SCOPED_TRACE(args[0]);
    const RunResult r = ancients(args);
    EXPECT_TRUE(clean_refusal(r, "unreachable.json", kStatusBadInput));
    EXPECT_NE(r.err.find(says), std::string::npos) << describe(r);
  }
}

/// Player `p`'s hand of `n` cards spread over the card kinds, at most `per_kind` of each.
json spread_hand(int n, int per_kind = 2) {
  const std::vector<std::string> kinds = {"march", "attack", "push",  "recoil", "trod",
                                          "scout", "elite",  "quick", "gallop", "fast-pace"};
  json hand = json::array();
  for (int i = 0; i < n; ++i) hand.push_back(kinds[static_cast<std::size_t>(i / per_kind)]);
  return hand;
}

// "Positions that are refused" (docs/protocol.md): positions no game can reach.
TEST(UnreachablePosition, UnitOnImpassableGround) {
  json p = move_position();  // d6 is impassable
  p["units"].push_back(unit("d6", 2, "blades"));
  expect_unreachable(p, "impassable");
}

TEST(UnreachablePosition, TwentyCardHand) {
  json p = base_position();
  p["hands"]["1"] = spread_hand(20);
  expect_unreachable(p, "holds 20 cards");
}

TEST(UnreachablePosition, SixCardsOutsideTheOrdersPhase) {
  json p = battle_position();
  p["hands"]["2"] = spread_hand(6);
  expect_unreachable(p, "holds 6 cards");
}

TEST(UnreachablePosition, NineCardsInTheOrdersPhase) {
  json p = orders_position();
  p["hands"]["1"] = spread_hand(9);
  expect_unreachable(p, "at most 8");
}

TEST(UnreachablePosition, MoreCopiesOfACardThanTheDeckHolds) {
  json p = move_position();  // two march in hand
  p["deck"] = {"march", "march", "march", "march"};
  expect_unreachable(p, "7 march cards");
}

TEST(UnreachablePosition, LossPointsOfALostGameWhilePlaying) {
  json p = battle_position();
  p["lost"]["2"] = 200;
  expect_unreachable(p, "loss points");
}

TEST(UnreachablePosition, TurnPastTheTurnLimit) {
  json p = battle_position();
  p["turn"] = 201;  // turn_limit 200
  expect_unreachable(p, "turn limit");
}

TEST(UnreachablePosition, ArmyLargerThanAnyArmy) {
  json p = base_position();
  p["units"] = json::array({unit("h8", 2, "general")});
  for (int i = 0; i < 25; ++i)
    p["units"].push_back(unit(
        std::string(1, static_cast<char>('a' + i % 8)) + std::to_string(1 + i / 8), 1, "blades"));
  expect_unreachable(p, "an army has at most");
}

/// An Ancient Generals position in player 1's discard phase with `hand` in its hand.
json generals_discard(const json& hand) {
  return json{{"game", "ancient-generals"},
              {"turn", 2},
              {"active", 1},
              {"to_act", 1},
              {"phase", "discard"},
              {"players",
               {{"1",
                 {{"deck", {"bowmen"}},
                  {"hand", hand},
                  {"reserve", json::array()},
                  {"casualties", json::array()},
                  {"flank", 0}}},
                {"2",
                 {{"deck", {"nomads"}},
                  {"hand", {"shields"}},
                  {"reserve", json::array()},
                  {"casualties", json::array()},
                  {"flank", 0}}}}},
              {"battle", nullptr},
              {"winner", nullptr}};
}

TEST(UnreachablePosition, GeneralsCopiesBeyondTheCommonDeck) {
  expect_unreachable(generals_discard({"elephants", "elephants", "elephants"}),
                     "the common deck holds 2");
}

TEST(UnreachablePosition, GeneralsHugeHandIsRefusedNotListed) {
  // 39 cards of different kinds would have 2^39 discards (the program used to exhaust memory):
  // `legal` refuses beyond its documented bound; `apply` with a given action still works.
  const std::vector<std::string> kinds = {"slingers",
                                          "javelineers",
                                          "psiloi",
                                          "auxilia",
                                          "peltasts",
                                          "barbarians",
                                          "horde",
                                          "warriors",
                                          "legionaires",
                                          "hoplite-phalanx",
                                          "horse-archers",
                                          "light-chariots",
                                          "medium-cavalry",
                                          "cataphracts",
                                          "heavy-chariots",
                                          "elephants",
                                          "war-wagon",
                                          "overrun",
                                          "bloodlust",
                                          "outflank",
                                          "defensible-terrain",
                                          "difficult-terrain",
                                          "treacherous-terrain",
                                          "reserve",
                                          "rally",
                                          "break-morale",
                                          "onagers",
                                          "scorpions",
                                          "catapults",
                                          "ballista",
                                          "trebuchet"};
  json hand = json::array();
  for (const auto& k : kinds) hand.push_back(k);
  for (const char* k :
       {"overrun", "bloodlust", "outflank", "reserve", "rally", "slingers", "psiloi", "auxilia"})
    hand.push_back(k);
  ASSERT_EQ(hand.size(), 39U);
  TempDir dir;
  const std::string file = dir.write("huge-hand.json", generals_discard(hand).dump());
  const RunResult legal_run = ancients({"legal", file});
  EXPECT_TRUE(clean_refusal(legal_run, "huge-hand.json", kStatusBadInput));
  EXPECT_NE(legal_run.err.find("too many to list"), std::string::npos) << describe(legal_run);
  const RunResult apply_run = ancients({"apply", file, "discard slingers,psiloi"});
  EXPECT_RUN_OK(apply_run);
}

TEST(BadPosition, HugeAndOutOfRangeNumbers) {
  const json b = battle_position();
  auto raw = [&](const std::string& key, const std::string& number) {
    std::string text = b.dump();
    const std::string needle = "\"" + key + "\":";
    const auto at = text.find(needle);
    const auto end = text.find_first_of(",}", at);
    return text.substr(0, at + needle.size()) + number + text.substr(end);
  };
  expect_bad({
      {"turn 1e400", raw("turn", "1e400")},
      {"turn 2^64", raw("turn", "18446744073709551616")},
      {"turn 2^63-1", raw("turn", "9223372036854775807")},
      {"turn -2^63", raw("turn", "-9223372036854775808")},
      {"turn -1", raw("turn", "-1")},
      {"turn 3.5", raw("turn", "3.5")},
      {"turn 1e300", raw("turn", "1e300")},
      {"active 2^32+1", raw("active", "4294967297")},
      {"to_act 2^32+1", raw("to_act", "4294967297")},
      {"owner 2^32+1", with(b, "/units/0/owner", 4294967297LL).dump()},
      {"owner 2^8+1", with(b, "/units/0/owner", 257).dump()},
      {"attacks 256", with(b, "/units/0/attacks", 256).dump()},
      {"attacks 2^64-1", with(b, "/units/0/attacks", 18446744073709551615ULL).dump()},
      {"retreats 1e300", with(b, "/units/0/retreats", 1e300).dump()},
      {"lost 256", with(b, "/lost/1", 256).dump()},
      {"lost -1", with(b, "/lost/2", -1).dump()},
      {"board 8.0", with(b, "/options/board", 8.0).dump()},
      {"board 9", with(b, "/options/board", 9).dump()},
      {"board 2^32+8", with(b, "/options/board", 4294967304LL).dump()},
      {"turn_limit 0", with(b, "/options/turn_limit", 0).dump()},
      {"turn_limit 1e18", with(b, "/options/turn_limit", 1000000000000000000LL).dump()},
      {"turn_limit 2^32+5", with(b, "/options/turn_limit", 4294967301LL).dump()},
      {"winner 2^32+1", with(over_position(), "/winner", 4294967297LL).dump()},
  });
}

TEST(BadPosition, TooMuchOfEverythingIsReadOrRefusedCleanly) {
  // More units or cards than a whole game has: the contract neither lists this among the
  // refusals nor promises it works, but the program must stay in control either way.
  json many_units = base_position();
  many_units["units"] = json::array();
  for (int f = 0; f < 8; ++f)
    for (int r = 1; r <= 6; ++r)
      many_units["units"].push_back(
          unit(std::string(1, static_cast<char>('a' + f)) + std::to_string(r), r <= 3 ? 1 : 2,
               "blades"));
  json huge_deck = base_position();
  huge_deck["deck"] = json::array();
  for (int i = 0; i < 100000; ++i) huge_deck["deck"].push_back("march");
  json huge_hand = base_position();
  huge_hand["hands"]["1"] = json::array();
  for (int i = 0; i < 300; ++i) huge_hand["hands"]["1"].push_back("trod");
  json many_discards = base_position();
  for (int i = 0; i < 300; ++i) many_discards["discard"].push_back("push");
  json many_lost = base_position();
  many_lost["lost"] = {{"1", 200}, {"2", 255}};
  TempDir dir;
  for (const json& p : {many_units, huge_deck, huge_hand, many_discards, many_lost}) {
    SCOPED_TRACE(p.dump().substr(0, 300));
    const std::string file = dir.write_position(p);
    for (const auto& args : {std::vector<std::string>{"legal", file},
                             std::vector<std::string>{"apply", file, "end"}}) {
      const RunResult r = ancients(args);
      ASSERT_TRUE(r.exited()) << describe(r);
      EXPECT_FALSE(looks_like_crash(r)) << describe(r);
      if (r.status != 0) {
        EXPECT_TRUE(clean_refusal(r, "", kStatusBadInput));
      }
    }
  }
}

TEST(BadPosition, DeeplyNestedJson) {
  const json b = battle_position();
  std::string deep_units = b.dump();
  const std::string units_text = b["units"].dump();
  deep_units.replace(deep_units.find(units_text), units_text.size(), nested(100000, '[', ']'));
  std::string deep_options = b.dump();
  const std::string options_text = b["options"].dump();
  deep_options.replace(deep_options.find(options_text), options_text.size(),
                       nested_objects(100000));
  expect_bad({
      {"100000 nested lists", nested(100000, '[', ']')},
      {"100000 nested objects", nested_objects(100000)},
      {"1000000 unclosed lists", std::string(1000000, '[')},
      {"nested lists as units", deep_units},
      {"nested objects as options", deep_options},
  });
}

TEST(BadPosition, MissingFileAndDirectory) {
  TempDir dir;
  const std::string missing = (dir.path() / "no-such-position.json").string();
  for (const char* cmd : {"legal", "apply"}) {
    SCOPED_TRACE(cmd);
    EXPECT_TRUE(clean_refusal(ancients({cmd, missing}), "no-such-position.json", kStatusBadInput));
    const RunResult d = ancients({cmd, dir.path().string()});
    EXPECT_TRUE(clean_refusal(d, dir.path().filename().string(), kStatusBadInput));
  }
  // No position at all is a usage error: non-zero, nothing on stdout.
  const RunResult usage = ancients({"legal"});
  EXPECT_TRUE(clean_refusal(usage, ""));
}

TEST(BadPosition, PartialPositionsAndExtraFieldsAreValid) {
  // "Partial positions (small armies, short decks) are valid" and "Extra fields are allowed".
  TempDir dir;
  json lone = base_position();
  lone["units"] =
      json::array({unit("d4", 1, "blades")});  // (a one-element {} is not a list in clang)
  json extra = battle_position();
  extra["comment"] = "from a tool";
  extra["annotations"] = {{"by", "test"}, {"marks", {1, 2, 3}}};
  extra["units"][0]["colour"] = "red";
  json no_cards = battle_position();
  no_cards["hands"] = {{"1", json::array()}, {"2", json::array()}};
  no_cards["deck"] = json::array();
  no_cards["discard"] = json::array();
  for (const json& p : {lone, extra, no_cards, base_position()}) {
    SCOPED_TRACE(p.dump().substr(0, 200));
    const RunResult r = ancients({"legal", dir.write_position(p)});
    EXPECT_RUN_OK(r);
    EXPECT_TRUE(as_set(lines_of(r.out)).count("end")) << r.out;
  }
  EXPECT_EQ(legal(dir, extra), legal(dir, battle_position()));
}

TEST(BadPosition, DeeplyNestedExtraFieldIsReadOrRefusedCleanly) {
  // Extra fields are allowed, so a deep one may be read (and ignored) or refused as too deep,
  // but never crash the program. Without "rng" the engines derive a seed from the position.
  // The Ancient Generals position is the contract's own example.
  const json generals = json::parse(R"({
    "game": "ancient-generals",
    "turn": 1, "active": 1, "to_act": 2, "phase": "attack",
    "players": {
      "1": {"deck": ["bowmen"], "hand": ["elephants"], "reserve": [], "casualties": [], "flank": 0},
      "2": {"deck": ["nomads"], "hand": ["shields"], "reserve": [], "casualties": [], "flank": 1}
    },
    "battle": {"attackers": ["elephants"], "blockers": {"1": null}, "tactics": [], "passes": 0,
               "no_attack": false, "no_block": false},
    "winner": null
  })");
  json with_rng = battle_position();
  with_rng["rng"] = {"1", "2", "3", "4"};
  const std::vector<std::pair<std::string, json>> cases = {
      {"warfare without rng", battle_position()},
      {"warfare with rng", with_rng},
      {"generals without rng", generals}};
  for (const auto& [name, p] : cases) {
    SCOPED_TRACE(name);
    TempDir dir;
    std::string text = p.dump();
    text.insert(text.size() - 1, ",\"notes\":" + nested(100000, '[', ']'));
    const std::string file = dir.write("deep.json", text);
    for (const char* cmd : {"legal", "apply"}) {
      SCOPED_TRACE(cmd);
      const RunResult r = ancients({cmd, file});
      EXPECT_TRUE(r.exited()) << describe(r);
      EXPECT_FALSE(looks_like_crash(r)) << describe(r);
      if (r.status != 0) {
        EXPECT_TRUE(clean_refusal(r, "deep.json"));
      }
    }
  }
}

}  // namespace
}  // namespace contract
