// Contract tests of the position JSON that `ancients new` and `ancients apply` print
// (shared/rules/positions-and-notation.md, "Ancient Warfare position"): every required field is
// there with the type and meaning the contract gives it, identifiers are lower case with
// hyphens, and a real starting position follows the rules of set-up (ancient-warfare.md §1:
// 1 General, 1 Camp and 11 units a side, at most 2 Elite, each side on its two back ranks; one
// shared deck with the seed's card list; player 1 starts and draws 3 cards).
#include <map>
#include <regex>
#include <set>
#include <string>

#include "contract/positions.h"
#include "contract/run_binary.h"

namespace contract {
namespace {

/// The seed's card list (003, CARD LIST): Trod 5, March 5, Fast Pace 5, Gallop 5, Quick 5,
/// Attack 5, Supported Attack 5, Outflank 5, Elite 5, Push 5, Recoil 5, Reinforced 5, Rally 5,
/// Rough Ground 5, Special Ability 8, Scout 2.
const std::map<std::string, int>& card_list() {
  static const std::map<std::string, int> list = {
      {"trod", 5},  {"march", 5},        {"fast-pace", 5},        {"gallop", 5},
      {"quick", 5}, {"attack", 5},       {"supported-attack", 5}, {"outflank", 5},
      {"elite", 5}, {"push", 5},         {"recoil", 5},           {"reinforced", 5},
      {"rally", 5}, {"rough-ground", 5}, {"special-ability", 8},  {"scout", 2}};
  return list;
}

const std::set<std::string>& unit_types() {
  static const std::set<std::string> types = {
      "camp",      "general",   "auxilia",    "warband",         "blades",      "spears",
      "pikes",     "cavalry",   "knights",    "psiloi",          "light-horse", "bows",
      "elephants", "artillery", "war-wagons", "scythed-chariots"};
  return types;
}

bool is_identifier(const std::string& s) {
  static const std::regex id("[a-z]+(-[a-z]+)*");
  return std::regex_match(s, id);
}

/// File index 0.. and rank 1.. of a square name on a board of `size`, or {-1, -1}.
std::pair<int, int> square(const std::string& name, int size) {
  static const std::regex sq("([a-z])([1-9][0-9]?)");
  std::smatch m;
  if (!std::regex_match(name, m, sq)) return {-1, -1};
  const int file = m[1].str()[0] - 'a';
  const int rank = std::stoi(m[2].str());
  if (file >= size || rank < 1 || rank > size) return {-1, -1};
  return {file, rank};
}

/// The fields and types every position must have (the contract's example and its notes).
void expect_required_fields(const json& p) {
  ASSERT_TRUE(p.is_object());
  EXPECT_EQ(p["game"], "ancient-warfare");
  EXPECT_EQ(p["edition"], "autokill");
  ASSERT_TRUE(p["options"].is_object());
  EXPECT_TRUE(p["options"]["board"] == 8 || p["options"]["board"] == 12);
  EXPECT_TRUE(p["options"]["turn_limit"].is_number_integer());
  EXPECT_TRUE(p["turn"].is_number_integer());
  EXPECT_TRUE(p["active"] == 1 || p["active"] == 2);
  const std::set<std::string> phases = {"deploy", "orders", "move", "battle", "over"};
  ASSERT_TRUE(p["phase"].is_string());
  EXPECT_TRUE(phases.count(p["phase"].get<std::string>())) << p["phase"];
  if (p["phase"] != "over") {
    EXPECT_TRUE(p["to_act"] == 1 || p["to_act"] == 2);
  }
  EXPECT_TRUE(p.contains("to_act"));
  const int size = p["options"]["board"].get<int>();

  ASSERT_TRUE(p["terrain"].is_object());
  for (const auto& [sq, t] : p["terrain"].items()) {
    EXPECT_NE(square(sq, size).first, -1) << sq;
    EXPECT_TRUE(t == "clear" || t == "rough" || t == "hill" || t == "impassable") << t;
  }
  ASSERT_TRUE(p["units"].is_array());
  std::set<std::string> occupied;
  for (const auto& u : p["units"]) {
    ASSERT_TRUE(u.is_object());
    ASSERT_TRUE(u["square"].is_string()) << u;
    EXPECT_NE(square(u["square"].get<std::string>(), size).first, -1) << u;
    EXPECT_TRUE(occupied.insert(u["square"].get<std::string>()).second) << "two units on " << u;
    EXPECT_TRUE(u["owner"] == 1 || u["owner"] == 2) << u;
    ASSERT_TRUE(u["type"].is_string()) << u;
    EXPECT_TRUE(unit_types().count(u["type"].get<std::string>())) << u;
    EXPECT_TRUE(u["elite"].is_boolean()) << u;
    EXPECT_TRUE(u["moved"].is_boolean()) << u;
    EXPECT_TRUE(u["attacks"].is_number_integer()) << u;
    EXPECT_TRUE(u["retreats"].is_number_integer()) << u;
  }
  ASSERT_TRUE(p["hands"].is_object());
  ASSERT_TRUE(p["hands"]["1"].is_array());
  ASSERT_TRUE(p["hands"]["2"].is_array());
  ASSERT_TRUE(p["deck"].is_array());
  ASSERT_TRUE(p["discard"].is_array());
  for (const json* list : {&p["hands"]["1"], &p["hands"]["2"], &p["deck"], &p["discard"]})
    for (const auto& c : *list) {
      ASSERT_TRUE(c.is_string());
      EXPECT_TRUE(card_list().count(c.get<std::string>())) << c;
      EXPECT_TRUE(is_identifier(c.get<std::string>())) << c;
    }
  ASSERT_TRUE(p["lost"].is_object());
  EXPECT_TRUE(p["lost"]["1"].is_number_integer());
  EXPECT_TRUE(p["lost"]["2"].is_number_integer());
  EXPECT_TRUE(p.contains("pending"));
  EXPECT_TRUE(p["pending"].is_null() || p["pending"].is_object());
  EXPECT_TRUE(p.contains("winner"));
  const json& w = p["winner"];
  EXPECT_TRUE(w.is_null() || w == 1 || w == 2 || w == "draw") << w;
  EXPECT_EQ(p["phase"] == "over", !w.is_null());
}

TEST(Fields, StartingPositionOfARealGame) {
  for (const char* seed : {"1", "2", "3", "4", "5", "6"}) {
    SCOPED_TRACE(seed);
    const json p = new_position({"--deploy", "--seed", seed});
    expect_required_fields(p);
    if (HasFatalFailure()) return;
    EXPECT_EQ(p["options"]["board"], 8) << "default board";
    EXPECT_EQ(p["options"]["turn_limit"], 200) << "default turn limit";
    EXPECT_EQ(p["active"], 1) << "player 1 starts";
    EXPECT_EQ(p["to_act"], 1);
    EXPECT_TRUE(p["phase"] == "move" || p["phase"] == "orders");
    EXPECT_EQ(p["hands"]["1"].size(), 3u) << "player 1 has drawn 3 cards";
    EXPECT_TRUE(p["hands"]["2"].empty()) << "hands start empty";
    EXPECT_TRUE(p["discard"].empty());
    EXPECT_EQ(p["lost"], json({{"1", 0}, {"2", 0}}));
    EXPECT_TRUE(p["pending"].is_null());
    EXPECT_TRUE(p["winner"].is_null());

    // One shared deck with the seed's card list, split between the deck and player 1's hand.
    std::map<std::string, int> count;
    for (const json* list : {&p["hands"]["1"], &p["deck"]})
      for (const auto& c : *list) ++count[c.get<std::string>()];
    EXPECT_EQ(count, card_list());

    // Armies: 13 units a side on its two back ranks, 1 General, 1 Camp, at most 2 Elite.
    std::map<int, int> units, generals, camps, elites;
    for (const auto& u : p["units"]) {
      const int owner = u["owner"].get<int>();
      ++units[owner];
      generals[owner] += u["type"] == "general";
      camps[owner] += u["type"] == "camp";
      elites[owner] += u["elite"] == true;
      const int rank = square(u["square"].get<std::string>(), 8).second;
      if (owner == 1) {
        EXPECT_TRUE(rank == 1 || rank == 2) << u;
      }
      if (owner == 2) {
        EXPECT_TRUE(rank == 7 || rank == 8) << u;
      }
      EXPECT_EQ(u["moved"], false);
      EXPECT_EQ(u["attacks"], 0);
      EXPECT_EQ(u["retreats"], 0);
      const std::string sq = u["square"].get<std::string>();
      const json t = p["terrain"].value(sq, json("clear"));
      EXPECT_NE(t, "impassable") << "a unit stands on impassable ground: " << u;
      if (u["type"] == "war-wagons") {
        EXPECT_NE(t, "rough") << u;
      }
    }
    for (int owner : {1, 2}) {
      EXPECT_EQ(units[owner], 13) << owner;
      EXPECT_EQ(generals[owner], 1) << owner;
      EXPECT_EQ(camps[owner], 1) << owner;
      EXPECT_LE(elites[owner], 2) << owner;
    }
  }
}

TEST(Fields, UndeployedGameHoldsTheWholeDeck) {
  const json p = new_position({"--seed", "4"});
  expect_required_fields(p);
  if (HasFatalFailure()) return;
  EXPECT_EQ(p["phase"], "deploy");
  EXPECT_EQ(p["to_act"], 1);
  EXPECT_TRUE(p["units"].empty());
  EXPECT_TRUE(p["hands"]["1"].empty());
  EXPECT_TRUE(p["hands"]["2"].empty());
  std::map<std::string, int> count;
  for (const auto& c : p["deck"]) ++count[c.get<std::string>()];
  EXPECT_EQ(count, card_list());
}

TEST(Fields, TheFirstDrawTakesTheDeckTopFirst) {
  // The same seed gives the same shuffled deck; deployment draws nothing, then player 1's
  // first orders phase draws the first three cards of the listed deck.
  for (const char* seed : {"7", "8"}) {
    SCOPED_TRACE(seed);
    const json undeployed = new_position({"--seed", seed});
    const json deployed = new_position({"--deploy", "--seed", seed});
    ASSERT_TRUE(undeployed.is_object() && deployed.is_object());
    const json& deck = undeployed["deck"];
    ASSERT_GE(deck.size(), 3u);
    EXPECT_EQ(cards(deployed["hands"]["1"]), cards(json({deck[0], deck[1], deck[2]})));
    json rest = deck;
    rest.erase(rest.begin(), rest.begin() + 3);
    EXPECT_EQ(deployed["deck"], rest);
  }
}

TEST(Fields, TheSeedFixesTheGame) {
  const json a = new_position({"--deploy", "--seed", "9"});
  const json b = new_position({"--deploy", "--seed", "9"});
  const json c = new_position({"--deploy", "--seed", "10"});
  EXPECT_EQ(a, b) << "a game must be replayable from its seed";
  EXPECT_NE(a["deck"], c["deck"]) << "the deck is shuffled with the seed";
}

TEST(Fields, OptionsFromTheCommandLineAreRecorded) {
  const json p = new_position({"--deploy", "--seed", "3", "--board", "12", "--turn-limit", "50"});
  expect_required_fields(p);
  if (HasFatalFailure()) return;
  EXPECT_EQ(p["options"]["board"], 12);
  EXPECT_EQ(p["options"]["turn_limit"], 50);
  for (const auto& u : p["units"]) {
    const int rank = square(u["square"].get<std::string>(), 12).second;
    if (u["owner"] == 1) {
      EXPECT_TRUE(rank == 1 || rank == 2) << u;
    }
    if (u["owner"] == 2) {
      EXPECT_TRUE(rank == 11 || rank == 12) << u;
    }
  }
}

TEST(Fields, PositionsAfterEachKindOfActionKeepTheShape) {
  TempDir dir;
  const std::vector<std::pair<json, std::string>> cases = {
      {orders_position(), "discard march"},
      {move_position(), "move march d4-f2"},
      {move_position(), "end"},
      {battle_position(), "autokill d4xd5"},
      {battle_position(), "attack attack d4xd5"},
      {pending_position(), "pass"},
      {pending_position(), "defend recoil"},
      {battle_position(), "end"}};
  for (const auto& [p, action] : cases) {
    SCOPED_TRACE(action);
    expect_required_fields(apply(dir, p, {action}));
  }
}

TEST(Fields, IdentifiersAreLowerCaseWithHyphens) {
  const json p = new_position(
      {"--deploy", "--seed", "5", "--army1", "hussites", "--army2", "early-byzantines"});
  expect_required_fields(p);
  if (HasFatalFailure()) return;
  for (const auto& u : p["units"]) EXPECT_TRUE(is_identifier(u["type"].get<std::string>())) << u;
}

}  // namespace
}  // namespace contract
