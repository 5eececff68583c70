// Contract tests of `ancients apply POSITION.json ACTION...` on legal actions
// (shared/rules/positions-and-notation.md): every line `legal` prints is accepted; several
// actions in one call equal the same actions one call at a time; the printed position reads
// back (apply with no actions is the identity on its own output and keeps what the input
// said); and the printed position means what the contract says after each kind of action
// (cards leave the hand for the discard pile, the draw takes the deck's top cards, `lost`
// counts loss points, `winner` is set when the game ends).
#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "contract/positions.h"
#include "contract/run_binary.h"

namespace contract {
namespace {

/// Up to `cap` lines, spread evenly over the listing (all of them when there are few).
std::vector<std::string> spread(const std::vector<std::string>& lines, std::size_t cap) {
  if (lines.size() <= cap) return lines;
  std::vector<std::string> out;
  for (std::size_t i = 0; i < cap; ++i) out.push_back(lines[i * lines.size() / cap]);
  return out;
}

/// Every (or a spread of up to `cap`) line of `legal` is accepted by `apply`.
void expect_every_line_applies(TempDir& dir, const json& position, std::size_t cap = 48) {
  const auto lines = legal(dir, position);
  const auto chosen = spread(lines, cap);
  const std::string file = dir.write_position(position);
  std::vector<RunResult> results(chosen.size());
  parallel_for(chosen.size(), [&](std::size_t i) {
    results[i] = ancients({"apply", file, chosen[i]});
  });
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    EXPECT_TRUE(results[i].exited() && results[i].status == 0)
        << "legal printed \"" << chosen[i] << "\" but apply refused it\n"
        << describe(results[i]) << "\nposition: " << position.dump();
    EXPECT_FALSE(looks_like_crash(results[i])) << describe(results[i]);
    EXPECT_FALSE(json::parse(results[i].out, nullptr, false).is_discarded())
        << "apply \"" << chosen[i] << "\" printed no JSON";
  }
}

TEST(Apply, EveryLegalLineOfHandWrittenPositionsIsAccepted) {
  TempDir dir;
  for (const json& p :
       {orders_position(), move_position(), battle_position(), pending_position()}) {
    SCOPED_TRACE(p["phase"].get<std::string>() + (p["pending"].is_null() ? "" : " pending"));
    expect_every_line_applies(dir, p);
  }
}

TEST(Apply, EveryLegalLineOfNewGamesIsAccepted) {
  TempDir dir;
  for (const char* seed : {"1", "2", "3", "4"}) {
    SCOPED_TRACE(seed);
    const json p = new_position({"--deploy", "--seed", seed});
    ASSERT_TRUE(p.is_object());
    expect_every_line_applies(dir, p);
  }
}

// Multiplayer battles through the binary (multiplayer.md, "Contract additions"): positions of
// 2+1 and 3+3 battles, every legal line accepted, the players object, hands keyed by player,
// and the turn passing in player order.
TEST(Apply, MultiplayerBattlesKeepTheContract) {
  TempDir dir;
  for (const char* players : {"players=2+1", "players=3+3"}) {
    SCOPED_TRACE(players);
    const json p = new_position({"--deploy", "--seed", "5", "--options",
                                 std::string("board=12,contingents=true,") + players});
    ASSERT_TRUE(p.is_object());
    const std::size_t n = p["players"].size();
    EXPECT_EQ(n, std::string(players) == "players=2+1" ? 3u : 6u);
    EXPECT_EQ(p["hands"].size(), n);
    EXPECT_EQ(p["players"]["1"]["role"], "main");
    EXPECT_EQ(p["players"]["2"]["side"], 1);
    expect_every_line_applies(dir, p, 24);
    // Player 1 ends its move phase and its turn: player 2 acts next and has drawn.
    const json after = apply(dir, p, {"end", "end"});
    EXPECT_EQ(after["to_act"], 2);
    EXPECT_EQ(after["active"], 2);
    EXPECT_GE(after["hands"]["2"].size(), 3u);
  }
}

TEST(Apply, TinyDeploymentsAreAcceptedAndStartTheGame) {
  TempDir dir;
  json p = new_position({"--seed", "1"});
  ASSERT_TRUE(p.is_object());
  p["terrain"] = json::object();
  p["reserves"] = {{"1", {"general", "blades*"}}, {"2", {"general", "camp"}}};
  p["deck"] = {"trod", "march", "attack", "push"};
  p["discard"] = json::array();
  expect_every_line_applies(dir, p, 24);

  const json after = apply(dir, p, {"deploy general:e1,blades*:d2", "deploy camp:a8,general:e8"});
  ASSERT_TRUE(after.is_object());
  // Both sides deployed: turn 1 begins, player 1 draws the deck's top three cards.
  EXPECT_EQ(after["active"], 1);
  EXPECT_EQ(after["to_act"], 1);
  EXPECT_EQ(after["phase"], "move");
  EXPECT_EQ(cards(after["hands"]["1"]), (std::multiset<std::string>{"trod", "march", "attack"}));
  EXPECT_TRUE(after["hands"]["2"].empty());
  EXPECT_EQ(after["deck"], json({"push"}));
  const auto units = units_by_square(after);
  ASSERT_EQ(units.size(), 4u);
  EXPECT_EQ(units.at("e1")["type"], "general");
  EXPECT_EQ(units.at("d2")["type"], "blades");
  EXPECT_EQ(units.at("d2")["elite"], true);
  EXPECT_EQ(units.at("d2")["owner"], 1);
  EXPECT_EQ(units.at("a8")["type"], "camp");
  EXPECT_EQ(units.at("a8")["owner"], 2);
  EXPECT_EQ(units.at("e8")["elite"], false);
}

TEST(Apply, DiscardMovesTheCardToTheDiscardPileUntilFiveAreLeft) {
  TempDir dir;
  const json one = apply(dir, orders_position(), {"discard march"});
  ASSERT_TRUE(one.is_object());
  EXPECT_EQ(one["phase"], "orders") << "6 cards left: the player must still discard";
  EXPECT_EQ(cards(one["hands"]["1"]),
            (std::multiset<std::string>{"march", "attack", "push", "scout", "trod", "elite"}));
  EXPECT_EQ(cards(one["discard"]), (std::multiset<std::string>{"march"}));
  EXPECT_EQ(one["to_act"], 1);

  const json two = apply(dir, one, {"discard scout"});
  ASSERT_TRUE(two.is_object());
  EXPECT_EQ(two["phase"], "move") << "5 cards left: the orders phase is over";
  EXPECT_EQ(two["hands"]["1"].size(), 5u);
  EXPECT_EQ(cards(two["discard"]), (std::multiset<std::string>{"march", "scout"}));
  EXPECT_EQ(two["deck"], json({"recoil", "rally"})) << "discarding draws nothing";
  EXPECT_EQ(two["active"], 1);
  EXPECT_EQ(two["turn"], 3);
}

TEST(Apply, MoveMovesTheUnitAndSpendsTheCard) {
  TempDir dir;
  const json before = move_position();
  const json after = apply(dir, before, {"move march d4-b6"});
  ASSERT_TRUE(after.is_object());
  const auto units = units_by_square(after);
  EXPECT_EQ(units.count("d4"), 0u);
  ASSERT_EQ(units.count("b6"), 1u);
  EXPECT_EQ(units.at("b6")["type"], "blades");
  EXPECT_EQ(units.at("b6")["owner"], 1);
  EXPECT_EQ(units.at("b6")["moved"], true);
  EXPECT_EQ(units.at("a1")["moved"], false);
  EXPECT_EQ(units.size(), 4u);
  EXPECT_EQ(after["hands"]["1"], json({"march"}));
  EXPECT_EQ(cards(after["hands"]["2"]), cards(before["hands"]["2"]));
  EXPECT_EQ(cards(after["discard"]), (std::multiset<std::string>{"gallop", "march"}));
  EXPECT_EQ(after["deck"], before["deck"]);
  EXPECT_EQ(after["phase"], "move");
  EXPECT_EQ(after["to_act"], 1);
  // The moved unit may not move again this turn, though a March is left.
  const auto lines = legal(dir, after);
  EXPECT_EQ(as_set(lines), (std::set<std::string>{"end"}));
}

TEST(Apply, GroupAdvanceMovesTheColumnAsABlock) {
  TempDir dir;
  json p = base_position();
  p["units"] = {unit("c2", 1, "blades"), unit("c3", 1, "blades"), unit("h8", 2, "general")};
  p["hands"]["1"] = {"trod"};
  for (const char* text : {"advance trod c2,c3", "advance trod c3,c2"}) {
    SCOPED_TRACE(text);
    const json after = apply(dir, p, {text});
    ASSERT_TRUE(after.is_object());
    const auto units = units_by_square(after);
    ASSERT_TRUE(units.count("c3") && units.count("c4"));
    EXPECT_EQ(units.count("c2"), 0u);
    EXPECT_EQ(units.at("c3")["moved"], true);
    EXPECT_EQ(units.at("c4")["moved"], true);
    EXPECT_TRUE(after["hands"]["1"].empty());
    EXPECT_EQ(after["discard"], json({"trod"}));
  }
}

TEST(Apply, EndOfTheMovePhaseStartsTheBattlePhase) {
  TempDir dir;
  const json after = apply(dir, move_position(), {"end"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["phase"], "battle");
  EXPECT_EQ(after["active"], 1);
  EXPECT_EQ(after["to_act"], 1);
  EXPECT_EQ(cards(after["hands"]["1"]), cards(move_position()["hands"]["1"]));
  EXPECT_EQ(cards(after["hands"]["2"]), cards(move_position()["hands"]["2"]));
}

TEST(Apply, AutokillDestroysAtOnceWithoutACard) {
  TempDir dir;
  const json before = battle_position();
  const json after = apply(dir, before, {"autokill d4xd5"});
  ASSERT_TRUE(after.is_object());
  const auto units = units_by_square(after);
  EXPECT_EQ(units.count("d5"), 0u);
  EXPECT_EQ(units.at("d4")["attacks"], 1);
  EXPECT_EQ(after["lost"], json({{"1", 0}, {"2", 1}}));
  EXPECT_TRUE(after["pending"].is_null()) << "auto-kills open no defense window";
  EXPECT_EQ(after["to_act"], 1);
  EXPECT_EQ(cards(after["hands"]["1"]), cards(before["hands"]["1"]));
  EXPECT_EQ(cards(after["hands"]["2"]), cards(before["hands"]["2"]));
  EXPECT_EQ(cards(after["discard"]), cards(before["discard"]));
  EXPECT_TRUE(after["winner"].is_null());
}

TEST(Apply, CardAttackWaitsForTheDefender) {
  TempDir dir;
  const json after = apply(dir, battle_position(), {"attack attack d4xd5"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["pending"], json({{"attack", "attack attack d4xd5"}}));
  EXPECT_EQ(after["to_act"], 2);
  EXPECT_EQ(after["active"], 1);
  EXPECT_EQ(units_by_square(after).count("d5"), 1u) << "not destroyed before the answer";
  EXPECT_EQ(cards(after["hands"]["1"]), (std::multiset<std::string>{"supported-attack", "push"}));
  EXPECT_EQ(cards(after["discard"]), (std::multiset<std::string>{"scout", "attack"}));
}

TEST(Apply, TheDefenseWindowOpensWhateverTheDefenderHolds) {
  // "No decision is skipped": a defender without defense cards still answers, with `pass`.
  TempDir dir;
  json p = battle_position();
  p["hands"]["2"] = json::array();
  const json after = apply(dir, p, {"attack attack d4xd5"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["pending"], json({{"attack", "attack attack d4xd5"}}));
  EXPECT_EQ(after["to_act"], 2);
  EXPECT_EQ(legal(dir, after), std::vector<std::string>{"pass"});
}

TEST(Apply, AnImmuneTargetRecoilsAtOnce) {
  // Blades are immune to Bows: a card attack recoils them one square back, with no window.
  TempDir dir;
  json p = base_position();
  p["phase"] = "battle";
  p["units"] = {unit("d4", 1, "bows"), unit("d5", 2, "blades"), unit("h8", 2, "general")};
  p["hands"] = {{"1", {"attack"}}, {"2", {"push"}}};
  const json after = apply(dir, p, {"attack attack d4xd5"});
  ASSERT_TRUE(after.is_object());
  EXPECT_TRUE(after["pending"].is_null());
  EXPECT_EQ(after["to_act"], 1);
  const auto units = units_by_square(after);
  EXPECT_EQ(units.count("d5"), 0u);
  ASSERT_EQ(units.count("d6"), 1u);
  EXPECT_EQ(units.at("d6")["type"], "blades");
  EXPECT_EQ(after["lost"]["2"], 0);
}

TEST(Apply, DefendAutokillOptionOpensAWindowForAutoKills) {
  TempDir dir;
  json p = battle_position();
  p["options"]["defend_autokill"] = true;
  const json after = apply(dir, p, {"autokill d4xd5"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["options"]["defend_autokill"], true);
  EXPECT_EQ(after["pending"], json({{"attack", "autokill d4xd5"}}));
  EXPECT_EQ(after["to_act"], 2);
  EXPECT_EQ(as_set(legal(dir, after)),
            (std::set<std::string>{"pass", "defend push", "defend recoil"}));
  const json passed = apply(dir, after, {"pass"});
  ASSERT_TRUE(passed.is_object());
  EXPECT_EQ(units_by_square(passed).count("d5"), 0u);
}

TEST(Apply, DefenderAnswers) {
  TempDir dir;
  const json p = pending_position();
  {
    SCOPED_TRACE("pass");
    const json after = apply(dir, p, {"pass"});
    ASSERT_TRUE(after.is_object());
    EXPECT_EQ(units_by_square(after).count("d5"), 0u);
    EXPECT_EQ(after["lost"]["2"], 1);
    EXPECT_TRUE(after["pending"].is_null());
    EXPECT_EQ(after["to_act"], 1);
    EXPECT_EQ(after["phase"], "battle");
    EXPECT_EQ(cards(after["hands"]["2"]), cards(p["hands"]["2"]));
  }
  {
    SCOPED_TRACE("defend push");
    const json after = apply(dir, p, {"defend push"});
    ASSERT_TRUE(after.is_object());
    ASSERT_EQ(units_by_square(after).count("d5"), 1u) << "a defended target stays";
    EXPECT_EQ(units_by_square(after).at("d5")["type"], "bows");
    EXPECT_EQ(after["lost"]["2"], 0);
    EXPECT_TRUE(after["pending"].is_null());
    EXPECT_EQ(after["to_act"], 1);
    EXPECT_EQ(cards(after["hands"]["2"]),
              (std::multiset<std::string>{"recoil", "rough-ground", "elite", "attack"}));
    EXPECT_EQ(cards(after["discard"]), (std::multiset<std::string>{"scout", "attack", "push"}));
  }
  {
    SCOPED_TRACE("defend recoil");
    const json after = apply(dir, p, {"defend recoil"});
    ASSERT_TRUE(after.is_object());
    const auto units = units_by_square(after);
    EXPECT_EQ(units.count("d5"), 0u);
    ASSERT_EQ(units.count("d6"), 1u) << "Recoil moves the target one square back";
    EXPECT_EQ(units.at("d6")["type"], "bows");
    EXPECT_EQ(after["lost"]["2"], 0);
  }
}

TEST(Apply, EndOfTurnDrawsTheTopOfTheDeckForTheNextPlayer) {
  TempDir dir;
  json p = battle_position();
  p["units"][2]["moved"] = true;  // player 2's Bows: reset when player 2's turn begins
  p["units"][2]["attacks"] = 1;
  const json after = apply(dir, p, {"end"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["active"], 2);
  EXPECT_EQ(after["to_act"], 2);
  EXPECT_EQ(after["turn"], 4);
  // The deck lists the top card first: player 2 draws trod, march, fast-pace.
  EXPECT_EQ(after["deck"], json({"gallop", "quick"}));
  EXPECT_EQ(cards(after["hands"]["2"]),
            (std::multiset<std::string>{"push", "recoil", "rough-ground", "elite", "attack", "trod",
                                        "march", "fast-pace"}));
  EXPECT_EQ(cards(after["hands"]["1"]), cards(p["hands"]["1"]));
  // 8 cards: player 2 must discard down to 5 first.
  EXPECT_EQ(after["phase"], "orders");
  const auto units = units_by_square(after);
  EXPECT_EQ(units.at("d5")["moved"], false);
  EXPECT_EQ(units.at("d5")["attacks"], 0);
}

TEST(Apply, AnEmptyDeckIsReshuffledFromTheDiscardPile) {
  TempDir dir;
  json p = battle_position();
  p["hands"]["2"] = json::array();
  p["deck"] = {"attack"};
  p["discard"] = {"trod", "trod", "push", "scout", "elite"};
  const json after = apply(dir, p, {"end"});
  ASSERT_TRUE(after.is_object());
  EXPECT_EQ(after["phase"], "move");
  ASSERT_EQ(after["hands"]["2"].size(), 3u);
  EXPECT_EQ(cards(after["hands"]["2"]).count("attack"), 1u) << "the old top card is drawn first";
  EXPECT_EQ(after["deck"].size(), 3u);
  EXPECT_TRUE(after["discard"].empty());
  auto all = cards(after["hands"]["2"]);
  for (const auto& c : after["deck"]) all.insert(c.get<std::string>());
  EXPECT_EQ(all, (std::multiset<std::string>{"attack", "trod", "trod", "push", "scout", "elite"}));
}

TEST(Apply, LossPointsAndVictory) {
  TempDir dir;
  {
    SCOPED_TRACE("the 8th loss point ends the game");
    json p = pending_position();
    p["lost"]["2"] = 7;
    const json after = apply(dir, p, {"pass"});
    ASSERT_TRUE(after.is_object());
    EXPECT_EQ(after["lost"]["2"], 8);
    EXPECT_EQ(after["phase"], "over");
    EXPECT_EQ(after["winner"], 1);
    EXPECT_TRUE(legal(dir, after).empty());
  }
  {
    SCOPED_TRACE("a Camp counts 2");
    json p = battle_position();
    p["units"][2] = unit("d5", 2, "camp");
    const json attacked = apply(dir, p, {"attack attack d4xd5", "pass"});
    ASSERT_TRUE(attacked.is_object());
    EXPECT_EQ(units_by_square(attacked).count("d5"), 0u);
    EXPECT_EQ(attacked["lost"]["2"], 2);
    EXPECT_TRUE(attacked["winner"].is_null());
  }
  {
    SCOPED_TRACE("the General");
    json p = battle_position();
    p["units"][2] = unit("d5", 2, "general");
    p["units"][3] = unit("h7", 2, "blades");
    const json after = apply(dir, p, {"attack attack d4xd5", "pass"});
    ASSERT_TRUE(after.is_object());
    EXPECT_EQ(after["phase"], "over");
    EXPECT_EQ(after["winner"], 1);
    EXPECT_EQ(after["lost"]["2"], 0) << "the General does not count toward the 8";
  }
  {
    SCOPED_TRACE("the turn limit");
    json p = battle_position();
    p["options"]["turn_limit"] = 3;
    json after = apply(dir, p, {"end"});
    ASSERT_TRUE(after.is_object());
    // Reaching the limit ends the game as a draw (at the latest one turn later).
    if (after["phase"] != "over") {
      for (int i = 0; i < 8 && after.is_object() && after["phase"] != "over"; ++i) {
        const auto lines = legal(dir, after);
        const bool has_end = std::find(lines.begin(), lines.end(), "end") != lines.end();
        ASSERT_TRUE(has_end || after["phase"] == "orders") << after.dump();
        after = apply(dir, after, {has_end ? "end" : lines.front()});
      }
      EXPECT_LE(after["turn"].get<int>(), 4);
    }
    EXPECT_EQ(after["phase"], "over");
    EXPECT_EQ(after["winner"], "draw");
    EXPECT_TRUE(legal(dir, after).empty());
  }
}

TEST(Apply, SeveralActionsEqualOneCallEach) {
  TempDir dir;
  struct Case {
    json position;
    std::vector<std::string> actions;
  };
  const std::vector<Case> cases = {
      {orders_position(), {"discard march", "discard elite", "move march d2-d4", "end"}},
      {move_position(), {"move march d4-f2", "end", "end"}},
      {battle_position(), {"attack attack d4xd5", "defend recoil", "end"}},
      {battle_position(),
       {"autokill d4xd5", "end", "discard push", "discard recoil", "discard elite"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.actions.front());
    const json together = apply(dir, c.position, c.actions);
    json step = c.position;
    for (const auto& a : c.actions) {
      step = apply(dir, step, {a});
      ASSERT_TRUE(step.is_object()) << a;
    }
    EXPECT_EQ(together, step);
  }
}

TEST(Apply, NoActionsIsTheIdentityOnItsOwnOutput) {
  TempDir dir;
  std::vector<json> positions = {orders_position(), move_position(), battle_position(),
                                 pending_position(), over_position()};
  for (const char* seed : {"1", "5"}) {
    positions.push_back(new_position({"--seed", seed}));
    positions.push_back(new_position({"--deploy", "--seed", seed}));
  }
  for (const json& p : positions) {
    SCOPED_TRACE(p.dump().substr(0, 200));
    const RunResult first = apply_raw(dir, p, {});
    EXPECT_RUN_OK(first);
    const json printed = json::parse(first.out, nullptr, false);
    ASSERT_FALSE(printed.is_discarded());
    const RunResult second = ancients({"apply", dir.write("again.json", first.out)});
    EXPECT_RUN_OK(second);
    EXPECT_EQ(second.out, first.out) << "apply with no actions changed its own output";
    // The printed position says what the input said.
    for (const char* key : {"game", "edition", "turn", "active", "phase", "terrain", "deck", "lost",
                            "pending", "winner"})
      EXPECT_EQ(printed[key], p[key]) << key;
    if (!p["to_act"].is_null()) {
      EXPECT_EQ(printed["to_act"], p["to_act"]);
    }
    EXPECT_EQ(units_by_square(printed), units_by_square(p));
    EXPECT_EQ(cards(printed["hands"]["1"]), cards(p["hands"]["1"]));
    EXPECT_EQ(cards(printed["hands"]["2"]), cards(p["hands"]["2"]));
    EXPECT_EQ(cards(printed["discard"]), cards(p["discard"]));
    EXPECT_EQ(printed["options"]["board"], p["options"]["board"]);
    EXPECT_EQ(printed["options"]["turn_limit"], p["options"]["turn_limit"]);
    // And it lists the same legal actions.
    if (p["phase"] != "deploy") {
      EXPECT_EQ(legal(dir, printed), legal(dir, p));
    }
  }
}

TEST(Apply, TerrainAndRareFieldsReadBack) {
  TempDir dir;
  json p = move_position();
  p["terrain"] = {{"a3", "hill"}, {"b3", "rough"}, {"c6", "impassable"}, {"h4", "hill"}};
  p["units"].push_back(unit("h4", 2, "bows", true, true, 1));
  p["turn"] = 150;
  p["lost"] = {{"1", 5}, {"2", 7}};
  const json printed = apply(dir, p, {});
  ASSERT_TRUE(printed.is_object());
  EXPECT_EQ(printed["terrain"], p["terrain"]);
  EXPECT_EQ(units_by_square(printed).at("h4"), unit("h4", 2, "bows", true, true, 1));
  EXPECT_EQ(printed["turn"], 150);
  EXPECT_EQ(printed["lost"], p["lost"]);
  // "clear" squares may be written or left out; they mean the same.
  json with_clear = p;
  with_clear["terrain"]["e2"] = "clear";
  EXPECT_EQ(legal(dir, with_clear), legal(dir, p));
}

TEST(Apply, LargeTurnNumbersReadBackUnchanged) {
  // The turn limit may be as high as the position says; a turn number that is accepted must
  // mean what it says when printed again.
  TempDir dir;
  json p = move_position();
  p["options"]["turn_limit"] = 100000;
  p["turn"] = 70000;
  const RunResult r = apply_raw(dir, p, {});
  ASSERT_TRUE(r.exited()) << describe(r);
  EXPECT_FALSE(looks_like_crash(r)) << describe(r);
  if (r.status == 0) {
    const json printed = json::parse(r.out);
    EXPECT_EQ(printed["turn"], 70000) << "the turn number was silently changed";
  } else {
    EXPECT_TRUE(clean_refusal(r, ""));
  }
}

/// A seeded random walk through a real game, driven through the executable only.
struct Walk {
  json start;
  std::vector<std::string> actions;
  std::vector<json> positions;  ///< positions[i] is the position before actions[i]
  json end;
};

Walk random_walk(TempDir& dir, const std::string& seed, int steps) {
  Walk w;
  w.start = new_position({"--deploy", "--seed", seed});
  std::mt19937 rng(static_cast<unsigned>(std::stoul(seed)) * 7919u + 17u);
  json pos = w.start;
  for (int i = 0; i < steps && pos.is_object(); ++i) {
    const auto lines = legal(dir, pos);
    EXPECT_TRUE(duplicates(lines).empty()) << pos.dump();
    if (lines.empty()) {
      EXPECT_EQ(pos["phase"], "over") << "no legal action, yet the game is not over";
      break;
    }
    EXPECT_NE(pos["phase"], "over") << "a finished game lists actions";
    // Prefer doing something to ending the phase, so that the walk reaches battles.
    std::vector<std::string> doing;
    for (const auto& l : lines)
      if (l != "end") doing.push_back(l);
    const auto& pool = (!doing.empty() && rng() % 5 != 0) ? doing : lines;
    const std::string action = pool[rng() % pool.size()];
    w.positions.push_back(pos);
    w.actions.push_back(action);
    const RunResult r = apply_raw(dir, pos, {action});
    EXPECT_RUN_OK(r);
    EXPECT_TRUE(r.status == 0) << "legal printed \"" << action << "\" but apply refused it\n"
                               << pos.dump();
    if (r.status != 0) break;
    pos = json::parse(r.out, nullptr, false);
    EXPECT_FALSE(pos.is_discarded());
    // Who acts follows the contract: the active player, or the defender while an attack waits.
    if (pos.is_object() && pos["phase"] != "over") {
      const int active = pos["active"].get<int>();
      EXPECT_EQ(pos["to_act"].get<int>(), pos["pending"].is_null() ? active : 3 - active)
          << pos.dump();
      EXPECT_TRUE(pos["winner"].is_null());
    }
  }
  w.end = pos;
  return w;
}

TEST(Apply, RandomWalksThroughRealGames) {
  TempDir dir;
  for (const char* seed : {"11", "12"}) {
    SCOPED_TRACE(seed);
    const Walk w = random_walk(dir, seed, 30);
    ASSERT_FALSE(w.actions.empty());
    // All the walk's actions in one call give the same position as one call each.
    EXPECT_EQ(apply(dir, w.start, w.actions), w.end);
    // Every line of a few of the positions met is accepted, not only the chosen ones.
    std::set<std::string> phases_checked;
    for (const json& p : w.positions) {
      const std::string key = p["phase"].get<std::string>() + (p["pending"].is_null() ? "" : "+");
      if (!phases_checked.insert(key).second) continue;
      SCOPED_TRACE(key);
      expect_every_line_applies(dir, p, 16);
    }
    // The final position reads back.
    const RunResult again = apply_raw(dir, w.end, {});
    EXPECT_RUN_OK(again);
    EXPECT_EQ(json::parse(again.out, nullptr, false), w.end);
  }
}

TEST(ApplyEvents, AnotherPlayersDeploymentIsHiddenInTheLineAsInItsEvents) {
  const RunResult made = ancients({"new", "--seed", "1"});
  EXPECT_RUN_OK(made);
  const json start = json::parse(made.out);
  ASSERT_EQ(start["to_act"], 1);
  const std::string deploy = first_ranks_deployment(start);  // player 1's army in its zone
  TempDir dir;
  const std::string file = dir.write("start.json", made.out);
  const auto line = [&](const std::string& viewer) {
    const RunResult r = ancients({"apply", file, "--events", "--viewer", viewer, deploy});
    EXPECT_RUN_OK(r);
    return json::parse(r.out);
  };
  EXPECT_EQ(line("1")["action"], deploy);  // the player who deployed reads it whole
  for (const std::string viewer : {"2", "0"}) {
    const json seen = line(viewer);
    EXPECT_EQ(seen["action"], "deploy (hidden)") << viewer;
    EXPECT_EQ(seen.dump().find("general:"), std::string::npos) << seen.dump();
  }
}

}  // namespace
}  // namespace contract
