// Contract tests of `ancients legal POSITION.json` (shared/rules/positions-and-notation.md,
// "Commands every build must offer"): it prints every legal action of the player to act, one
// per line, each once, in the notation of the actions table, for positions of every phase
// (deploy, orders, move, battle, an attack awaiting the defender's answer, over). The expected
// lists are worked out by hand from the rules (shared/rules/ancient-warfare.md and the seed's
// tables), square by square, in the comments next to each expectation.
#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "contract/positions.h"
#include "contract/run_binary.h"

namespace contract {
namespace {

/// Checks the shape of a listing: one action per line, no empty or padded lines, every verb
/// from the contract's action table, no duplicate lines.
void expect_well_formed_listing(const RunResult& r) {
  EXPECT_RUN_OK(r);
  if (!r.out.empty()) {
    EXPECT_EQ(r.out.back(), '\n') << "the last line is not terminated";
  }
  static const std::set<std::string> verbs = {"discard", "move",   "advance",  "dismount",
                                              "scout",   "end",    "autokill", "attack",
                                              "defend",  "negate", "pass",     "deploy"};
  const auto lines = lines_of(r.out);
  for (const auto& line : lines) {
    EXPECT_FALSE(line.empty()) << "empty line in the listing";
    if (line.empty()) continue;
    EXPECT_NE(line.front(), ' ') << line;
    EXPECT_NE(line.back(), ' ') << line;
    EXPECT_EQ(line.find('\r'), std::string::npos) << line;
    EXPECT_EQ(line.find("  "), std::string::npos) << line;
    const std::string verb = line.substr(0, line.find(' '));
    EXPECT_TRUE(verbs.count(verb)) << "\"" << line << "\" is not in the contract's notation";
  }
  EXPECT_TRUE(duplicates(lines).empty())
      << "duplicate lines, first: " << (duplicates(lines).empty() ? "" : duplicates(lines)[0]);
}

std::vector<std::string> checked_legal(TempDir& dir, const json& position) {
  const RunResult r = ancients({"legal", dir.write_position(position)});
  expect_well_formed_listing(r);
  return lines_of(r.out);
}

/// `deploy TYPE:SQ,TYPE:SQ,...` with its entries sorted, so that two texts of the same
/// deployment compare equal (the contract fixes no order of the entries).
std::string canonical_deploy(const std::string& line) {
  if (line.rfind("deploy ", 0) != 0) return "not a deploy: " + line;
  std::vector<std::string> entries;
  std::stringstream ss(line.substr(7));
  std::string e;
  while (std::getline(ss, e, ',')) entries.push_back(e);
  std::sort(entries.begin(), entries.end());
  std::string out = "deploy ";
  for (std::size_t i = 0; i < entries.size(); ++i) out += (i ? "," : "") + entries[i];
  return out;
}

/// `advance CARD SQ,SQ,...` with its squares sorted (a group is a set of units).
std::string canonical_advance(const std::string& line) {
  const auto sp = line.rfind(' ');
  std::vector<std::string> squares;
  std::stringstream ss(line.substr(sp + 1));
  std::string s;
  while (std::getline(ss, s, ',')) squares.push_back(s);
  std::sort(squares.begin(), squares.end());
  std::string out = line.substr(0, sp + 1);
  for (std::size_t i = 0; i < squares.size(); ++i) out += (i ? "," : "") + squares[i];
  return out;
}

std::vector<std::string> zone(int first_rank) {
  std::vector<std::string> out;
  for (int rank = first_rank; rank <= first_rank + 1; ++rank)
    for (char file = 'a'; file <= 'h'; ++file)
      out.push_back(std::string(1, file) + std::to_string(rank));
  return out;
}

/// A deploy-phase position from `ancients new` with tiny armies (partial positions are valid).
/// The units still to deploy are the engine's "reserves" field: the contract names no field for
/// them, so this is the only way to state a deploy position.
json tiny_deploy_position() {
  json p = new_position({"--seed", "1"});
  EXPECT_EQ(p.value("phase", ""), "deploy");
  EXPECT_EQ(p.value("to_act", 0), 1);
  EXPECT_TRUE(p.value("units", json::array()).empty());
  p["terrain"] = {{"a1", "impassable"}, {"b1", "rough"}};
  p["reserves"] = {{"1", {"general", "war-wagons", "war-wagons"}}, {"2", {"general", "camp"}}};
  p["deck"] = {"trod", "march", "attack", "push"};
  p["discard"] = json::array();
  p.erase("rng");
  return p;
}

TEST(Legal, DeployListsEveryPlacementOfATinyArmyOnce) {
  TempDir dir;
  const json p = tiny_deploy_position();
  const auto lines = checked_legal(dir, p);

  // Ranks 1-2 without the impassable a1; War Wagons cannot enter the rough b1 (ruling §1).
  // The two War Wagons are interchangeable, so each deployment is a General square and an
  // unordered pair of Wagon squares.
  std::set<std::string> expected;
  const auto squares = zone(1);
  for (const auto& g : squares) {
    if (g == "a1") continue;
    for (const auto& w1 : squares)
      for (const auto& w2 : squares) {
        if (w1 >= w2 || w1 == g || w2 == g) continue;
        if (w1 == "a1" || w2 == "a1" || w1 == "b1" || w2 == "b1") continue;
        expected.insert(
            canonical_deploy("deploy general:" + g + ",war-wagons:" + w1 + ",war-wagons:" + w2));
      }
  }
  std::set<std::string> got;
  for (const auto& l : lines) got.insert(canonical_deploy(l));
  EXPECT_EQ(lines.size(), got.size()) << "the same deployment is listed twice in other words";
  EXPECT_EQ(got.size(), expected.size());
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                      std::back_inserter(missing));
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  EXPECT_TRUE(missing.empty()) << missing.size() << " missing, first: " << missing[0];
  EXPECT_TRUE(extra.empty()) << extra.size() << " unexpected, first: " << extra[0];
}

TEST(Legal, DeployOfThePlayerTwoUsesTheTwoHighestRanks) {
  TempDir dir;
  json p = tiny_deploy_position();
  const json after = apply(dir, p, {"deploy general:c2,war-wagons:d1,war-wagons:e2"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["phase"], "deploy");
  EXPECT_EQ(after["to_act"], 2);
  const auto lines = checked_legal(dir, after);
  std::set<std::string> expected;
  const auto squares = zone(7);
  for (const auto& g : squares)
    for (const auto& c : squares)
      if (g != c) expected.insert(canonical_deploy("deploy general:" + g + ",camp:" + c));
  std::set<std::string> got;
  for (const auto& l : lines) got.insert(canonical_deploy(l));
  EXPECT_EQ(got, expected);
  EXPECT_EQ(lines.size(), expected.size());
}

TEST(Legal, FullArmyDeployIsListedOrRefusedWithoutPartialOutput) {
  // 13 units on 16 squares have millions of deployments. The contract asks for all of them;
  // a refusal must at least be clean (no half listing on stdout).
  TempDir dir;
  const json p = new_position({"--seed", "2"});
  const RunResult r = ancients({"legal", dir.write_position(p)});
  EXPECT_FALSE(looks_like_crash(r)) << describe(r);
  ASSERT_TRUE(r.exited()) << describe(r);
  if (r.status != 0) {
    EXPECT_TRUE(r.out.empty()) << describe(r);
    EXPECT_FALSE(r.err.empty());
  } else {
    EXPECT_GT(lines_of(r.out).size(), 20000u);
  }
}

TEST(Legal, AutomaticGivesTheComputersDeploymentWhereTheListIsTooLong) {
  TempDir dir;
  const json p = new_position({"--seed", "2"});
  const std::string file = dir.write_position(p);
  const RunResult refused = ancients({"legal", file});
  ASSERT_EQ(refused.status, 2) << describe(refused);
  EXPECT_NE(refused.err.find("ancients legal --automatic"), std::string::npos) << describe(refused);
  RunResult r = ancients({"legal", file, "--automatic"});
  EXPECT_RUN_OK(r);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_EQ(lines[0].rfind("deploy ", 0), 0u) << lines[0];
  EXPECT_RUN_OK(ancients({"apply", file, lines[0]}));  // a legal whole action
  // Another seed, another arrangement of the same army; --json describes it unit by unit.
  EXPECT_NE(ancients({"legal", file, "--automatic", "--seed", "9"}).out, r.out);
  // Without --automatic a seed changes nothing: refused, naming what it needs.
  const RunResult seed_alone = ancients({"legal", file, "--seed", "9"});
  EXPECT_EQ(seed_alone.status, 2) << describe(seed_alone);
  EXPECT_NE(seed_alone.err.find("--automatic"), std::string::npos) << describe(seed_alone);
  r = ancients({"legal", file, "--automatic", "--json"});
  EXPECT_RUN_OK(r);
  const json described = json::parse(r.out);
  ASSERT_EQ(described.size(), 1u);
  EXPECT_EQ(described[0]["kind"], "deploy");
  EXPECT_EQ(described[0]["units"].size(), p["reserves"]["1"].size());
  // Once deployed there is no set-up action: the player decides from the listed choices.
  const RunResult none =
      ancients({"legal", dir.write_position(new_position({"--deploy"})), "--automatic"});
  EXPECT_EQ(none.status, 2) << describe(none);
  EXPECT_NE(none.err.find("no automatic set-up action here"), std::string::npos) << describe(none);
}

TEST(Legal, OrdersListsOneDiscardPerCardTypeHeld) {
  TempDir dir;
  const auto lines = checked_legal(dir, orders_position());
  const std::set<std::string> expected = {"discard march", "discard attack", "discard push",
                                          "discard scout", "discard trod",   "discard elite"};
  EXPECT_EQ(as_set(lines), expected);
  EXPECT_EQ(lines.size(), expected.size());
}

TEST(Legal, MoveListsExactDistanceMovesAndEnd) {
  TempDir dir;
  const auto lines = checked_legal(dir, move_position());
  // See move_position(): March moves exactly 2; d6 impassable, f6 through rough, b2 through a
  // unit; two March cards in hand give each move once.
  const std::set<std::string> expected = {"end",
                                          "move march d4-d2",
                                          "move march d4-b4",
                                          "move march d4-f4",
                                          "move march d4-b6",
                                          "move march d4-f2"};
  EXPECT_EQ(as_set(lines), expected);
  EXPECT_EQ(lines.size(), expected.size());
}

TEST(Legal, MoveListsTheGroupAdvanceOfAColumn) {
  TempDir dir;
  json p = base_position();
  p["units"] = {unit("c2", 1, "blades"), unit("c3", 1, "blades"), unit("h8", 2, "general")};
  p["hands"]["1"] = {"trod"};
  const auto lines = checked_legal(dir, p);
  // Trod moves exactly 1 in any of the 8 directions onto an empty square; the column advances
  // as a block (front rank first): c3 to c4 and c2 to c3 in one action.
  std::set<std::string> expected = {"end", "advance trod c2,c3"};
  for (const char* to : {"c4", "b4", "d4", "b3", "d3", "b2", "d2"})
    expected.insert(std::string("move trod c3-") + to);
  for (const char* to : {"b1", "c1", "d1", "b2", "d2", "b3", "d3"})
    expected.insert(std::string("move trod c2-") + to);
  std::set<std::string> got;
  for (const auto& l : lines) got.insert(l.rfind("advance ", 0) == 0 ? canonical_advance(l) : l);
  EXPECT_EQ(got, expected);
  EXPECT_EQ(lines.size(), expected.size());
}

TEST(Legal, MoveListsEveryGroupOfTwoOrMore) {
  TempDir dir;
  json p = base_position();
  p["units"] = {unit("b2", 1, "blades"), unit("c2", 1, "blades"), unit("d2", 1, "blades"),
                unit("e2", 1, "blades", false, true), unit("h8", 2, "general")};
  p["hands"]["1"] = {"march"};
  const auto lines = checked_legal(dir, p);
  // e2 has moved this turn, so it takes part in nothing; the other three can each advance 2.
  std::set<std::string> advances;
  for (const auto& l : lines)
    if (l.rfind("advance ", 0) == 0) advances.insert(canonical_advance(l));
  const std::set<std::string> expected = {"advance march b2,c2", "advance march b2,d2",
                                          "advance march c2,d2", "advance march b2,c2,d2"};
  EXPECT_EQ(advances, expected);
  for (const auto& l : lines) EXPECT_EQ(l.find("e2-"), std::string::npos) << l;
}

TEST(Legal, BattleListsAutokillsCardAttacksAndEnd) {
  TempDir dir;
  const auto lines = checked_legal(dir, battle_position());
  // Blades auto-kill Bows; the General auto-kills nothing. Both reach d5 (range 1) and each
  // supports the other's Supported Attack. Push is no attack card.
  const std::set<std::string> expected = {"end",
                                          "autokill d4xd5",
                                          "attack attack d4xd5",
                                          "attack attack c4xd5",
                                          "attack supported-attack d4xd5",
                                          "attack supported-attack c4xd5"};
  EXPECT_EQ(as_set(lines), expected);
  EXPECT_EQ(lines.size(), expected.size());
}

TEST(Legal, SupportedAttackNeedsASupporter) {
  TempDir dir;
  json p = battle_position();
  p["units"].erase(1);  // the General on c4 leaves: nobody supports the Blades
  const auto lines = checked_legal(dir, p);
  const std::set<std::string> expected = {"end", "autokill d4xd5", "attack attack d4xd5"};
  EXPECT_EQ(as_set(lines), expected);
}

TEST(Legal, PendingAttackIsAnsweredByTheDefender) {
  TempDir dir;
  const auto lines = checked_legal(dir, pending_position());
  // Player 2 answers: Push (no condition) and Recoil (d6 behind the Bows is free) are legal;
  // Rough Ground (d5 is clear), Elite (the Bows are not Elite) and Attack are not.
  const std::set<std::string> expected = {"pass", "defend push", "defend recoil"};
  EXPECT_EQ(as_set(lines), expected);
  EXPECT_EQ(lines.size(), expected.size());
}

TEST(Legal, PendingAttackFromAPositionAppliedByTheEngine) {
  TempDir dir;
  const json after = apply(dir, battle_position(), {"attack attack d4xd5"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["phase"], "battle");
  EXPECT_EQ(after["active"], 1);
  EXPECT_EQ(after["to_act"], 2);
  EXPECT_EQ(after["pending"], json({{"attack", "attack attack d4xd5"}}));
  const auto lines = checked_legal(dir, after);
  EXPECT_EQ(as_set(lines), (std::set<std::string>{"pass", "defend push", "defend recoil"}));
}

TEST(Legal, GameOverPrintsNothing) {
  TempDir dir;
  const RunResult r = ancients({"legal", dir.write_position(over_position())});
  EXPECT_RUN_OK(r);
  EXPECT_EQ(r.out, "");
}

TEST(Legal, RealGameStartListsMovesOfPlayerOne) {
  TempDir dir;
  for (const char* seed : {"1", "2", "3"}) {
    SCOPED_TRACE(seed);
    const json p = new_position({"--deploy", "--seed", seed});
    ASSERT_TRUE(p.is_object());
    const auto lines = checked_legal(dir, p);
    EXPECT_TRUE(as_set(lines).count("end")) << "the move phase can always be ended";
    // Every unit named as the mover is player 1's.
    const auto units = units_by_square(p);
    for (const auto& l : lines) {
      if (l.rfind("move ", 0) != 0) continue;
      const std::string squares = l.substr(l.rfind(' ') + 1);
      const std::string from = squares.substr(0, squares.find('-'));
      ASSERT_TRUE(units.count(from)) << l;
      EXPECT_EQ(units.at(from)["owner"], 1) << l;
    }
  }
}

TEST(Legal, ReadsThePositionFromStdin) {
  TempDir dir;
  const json p = battle_position();
  const RunResult from_file = ancients({"legal", dir.write_position(p)});
  const RunResult from_stdin = ancients({"legal", "-"}, p.dump());
  EXPECT_RUN_OK(from_stdin);
  EXPECT_EQ(from_stdin.out, from_file.out);
}

}  // namespace
}  // namespace contract

namespace contract {
namespace {

TEST(Legal, JsonListsTheSameActionsInStructureAndInWords) {
  TempDir dir;
  const std::string file = dir.write_position(move_position());
  const RunResult plain = ancients({"legal", file});
  const RunResult r = ancients({"legal", "--json", file});
  EXPECT_RUN_OK(r);
  const json list = json::parse(r.out);
  ASSERT_TRUE(list.is_array());
  const auto lines = lines_of(plain.out);
  ASSERT_EQ(list.size(), lines.size());
  for (std::size_t k = 0; k < list.size(); ++k) {
    EXPECT_EQ(list[k]["text"], lines[k]);
    if (lines[k] == "end") {
      EXPECT_EQ(list[k]["kind"], "end");
      EXPECT_EQ(list[k]["words"], "End the move phase");
      continue;
    }
    // "move march d4-b6": the March card, the unit on d4, from d4 to b6.
    EXPECT_EQ(list[k]["kind"], "move");
    EXPECT_EQ(list[k]["card"], "march");
    EXPECT_EQ(list[k]["from"], "d4");
    EXPECT_EQ(list[k]["to"], lines[k].substr(lines[k].size() - 2));
    ASSERT_EQ(list[k]["units"].size(), 1u);
    EXPECT_EQ(list[k]["units"][0]["square"], "d4");
    EXPECT_EQ(list[k]["units"][0]["owner"], 1);
    const std::string words = list[k]["words"];
    EXPECT_TRUE(words.starts_with("March: ")) << words;
    EXPECT_TRUE(words.ends_with(" d4 moves to " + lines[k].substr(lines[k].size() - 2))) << words;
  }
}

}  // namespace
}  // namespace contract
