// The server's game logic without the network: creating games, the WebSocket protocol
// (hello, act, sync), refusals of bad input, hidden information never in a seat's messages,
// computer players, and resuming from the same SQLite database after a restart.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include <unistd.h>

#include "server/game_session.h"
#include "server/hub.h"
#include "server/hub_fixtures.h"

namespace ancients::server {
namespace {

using nlohmann::json;
using FakeClient = testing::RecordingClient;
using Loop = testing::PumpLoop;

json create(Hub& hub, const json& req, int status = 201) {
  const auto a = hub.create_game(req.dump());
  EXPECT_EQ(a.status, status) << a.body;
  return json::parse(a.body);
}

json friend_game(Hub& hub) {
  return create(hub,
                {{"game", "ancient-warfare"}, {"vs", "friend"}, {"armies", {"gauls", "huns"}}});
}

void say(Hub& hub, const std::shared_ptr<FakeClient>& c, const json& m) {
  hub.on_message(c, m.dump());
}

TEST(Hub, CreatesAGameWithTwoSecretSeatsAndAnInviteLink) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1);
  const json g = friend_game(hub);
  EXPECT_EQ(g["token"].get<std::string>().size(), 32u);
  EXPECT_NE(g["token"], g["invite_token"]);
  EXPECT_NE(g["invite_url"].get<std::string>().find(g["invite_token"].get<std::string>()),
            std::string::npos);
  auto c = std::make_shared<FakeClient>();
  say(hub, c, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_EQ(c->last()["type"], "state");
  EXPECT_EQ(c->last()["seat"], 1);
  EXPECT_EQ(c->last()["to_act"], 1);
  EXPECT_EQ(c->last()["legal"].size(), 1u);  // the automatic deployment
}

TEST(Hub, AGamesSummaryNamesItsGameAndOptions) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json g = create(
      hub, {{"game", "ancient-generals"}, {"vs", "friend"}, {"options", {{"turn_limit", 50}}}});
  const json s = json::parse(hub.summary(g["id"]).body);
  EXPECT_EQ(s["game"], "ancient-generals");
  EXPECT_EQ(s["options"]["turn_limit"], 50);
  EXPECT_EQ(s["to_act"], 1);
  const json w = json::parse(hub.summary(friend_game(hub)["id"]).body);
  EXPECT_EQ(w["game"], "ancient-warfare");
  EXPECT_TRUE(w["options"].contains("edition")) << w;
}

// The front ends draw a game by what the core says of it ("board" or "cards"), never by its
// name: every state message says it, to every seat and to spectators.
TEST(Hub, EveryStateMessageSaysHowItsGameIsDrawn) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json generals = create(hub, {{"game", "ancient-generals"}, {"vs", "friend"}});
  const json warfare = friend_game(hub);
  for (const auto& [g, layout] : {std::pair{generals, "cards"}, std::pair{warfare, "board"}}) {
    for (const auto& token : {g["token"], g["invite_token"]}) {
      auto c = std::make_shared<FakeClient>();
      say(hub, c, {{"type", "hello"}, {"game", g["id"]}, {"token", token}});
      ASSERT_EQ(c->last()["type"], "state") << c->last();
      EXPECT_EQ(c->last()["layout"], layout) << c->last()["game"];
    }
    auto spectator = std::make_shared<FakeClient>();
    say(hub, spectator, {{"type", "hello"}, {"game", g["id"]}});
    ASSERT_EQ(spectator->last()["type"], "state") << spectator->last();
    EXPECT_EQ(spectator->last()["layout"], layout);
  }
}

TEST(Hub, RefusesBadCreateRequests) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1);
  for (const std::string& body : std::vector<std::string>{
           "", "{", "[1]", R"({"game":"chess"})", R"({"vs":"cat"})", R"({"armies":["nobody"]})",
           R"({"agent":"grandmaster"})", R"({"map":"atlantis"})", R"({"options":{"board":9}})",
           std::string(100, '[') + std::string(100, ']')}) {
    const auto a = hub.create_game(body);
    EXPECT_EQ(a.status, 400) << body;
    EXPECT_TRUE(json::parse(a.body).contains("error"));
  }
  EXPECT_EQ(hub.games(), 0u);
}

TEST(Hub, PlaysActionsAndRefusesBadMessagesWithClearErrors) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1);
  const json g = friend_game(hub);
  auto p1 = std::make_shared<FakeClient>(), p2 = std::make_shared<FakeClient>();
  auto spy = std::make_shared<FakeClient>();
  say(hub, p2, {{"type", "act"}, {"action", "end"}, {"version", 0}});
  EXPECT_EQ(p2->last()["code"], "no-game");
  say(hub, spy, {{"type", "hello"}, {"game", g["id"]}, {"token", "0123456789abcdef"}});
  EXPECT_EQ(spy->last()["code"], "bad-token");
  say(hub, spy, {{"type", "hello"}, {"game", "nope"}});
  EXPECT_EQ(spy->last()["code"], "no-game");
  say(hub, spy, {{"type", "hello"}, {"game", g["id"]}});
  EXPECT_EQ(spy->last()["seat"], 0);
  say(hub, p1, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  say(hub, p2, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
  hub.on_message(p1, "not json");
  EXPECT_EQ(p1->last()["code"], "malformed");
  hub.on_message(p1, std::string(kMaxMessageBytes + 1, ' '));
  EXPECT_EQ(p1->last()["code"], "too-big");
  say(hub, p1, {{"type", "dance"}});
  EXPECT_EQ(p1->last()["code"], "malformed");
  say(hub, p2, {{"type", "act"}, {"action", "end"}, {"version", 0}});
  EXPECT_EQ(p2->last()["code"], "illegal");  // not player 2's turn
  say(hub, spy, {{"type", "act"}, {"action", "end"}, {"version", 0}});
  EXPECT_EQ(spy->last()["code"], "spectator");
  say(hub, p1, {{"type", "act"}, {"action", "end"}});
  EXPECT_EQ(p1->last()["code"], "malformed");  // no version: a resent action would repeat
  say(hub, p1, {{"type", "act"}, {"action", "move march a1-a9"}, {"version", 0}});
  EXPECT_EQ(p1->last()["code"], "illegal");
  say(hub, p1, {{"type", "act"}, {"action", "end"}, {"version", 5}});
  EXPECT_EQ(p1->got[p1->got.size() - 2]["code"], "stale");
  // Deploy both sides with the offered deployments, then play offered actions.
  bool over = false;  // the server draws the seed: a game may end within 30 actions
  std::size_t played = 0;
  for (int i = 0; i < 30; ++i) {
    auto& me = p1->last()["to_act"] == 1 ? p1 : p2;
    say(hub, me, {{"type", "sync"}});
    const json st = me->last();
    over = st["over"].get<bool>();
    if (over) break;
    ASSERT_FALSE(st["legal"].empty());
    const auto before = st["version"].get<int>();
    say(hub, me, {{"type", "act"}, {"action", st["legal"][0]}, {"version", before}});
    EXPECT_EQ(me->last()["type"], "state") << me->last().dump();
    EXPECT_EQ(me->last()["version"], before + 1);
    ++played;
  }
  // The spectator saw every change (its hello and one state per action), with public
  // information only. A game that ended early (the seed is the server's: a clean-clone CI run
  // once saw one end after 7 actions) still played both deployments and a turn.
  EXPECT_GE(played, over ? 3u : 30u);
  std::size_t states = 0;
  for (const auto& m : spy->got) states += m["type"] == "state";
  EXPECT_EQ(states, played + 1);
  for (const auto& m : spy->got) {
    if (m["type"] != "state") continue;
    EXPECT_TRUE(m["view"]["hands"]["1"].is_number());
    EXPECT_TRUE(m["view"]["hands"]["2"].is_number());
    EXPECT_TRUE(m["legal"].empty());
  }
  say(hub, p1, {{"type", "sync"}});
  over = p1->last()["over"].get<bool>();
  EXPECT_EQ(hub.record(g["id"]).status, over ? 200 : 403);  // not before the end
}

TEST(Hub, ComputerPlaysOffTheCallingThreadUntilTheEnd) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json g =
      create(hub, {{"vs", "computer"}, {"seat", 2}, {"seed", 3}, {"options", {{"turn_limit", 4}}}});
  auto me = std::make_shared<FakeClient>();
  say(hub, me, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  EXPECT_EQ(me->last()["players"][0]["controller"], "random");
  const bool over = loop.pump_until([&] {
    const json& st = me->last();
    if (st["type"] == "state" && !st["over"].get<bool>() && st["to_act"] == 2 &&
        !st["legal"].empty())
      say(hub, me, {{"type", "act"}, {"action", st["legal"].back()}, {"version", st["version"]}});
    return me->last()["type"] == "state" && me->last()["over"].get<bool>();
  });
  ASSERT_TRUE(over);
  const auto rec = hub.record(g["id"]);
  ASSERT_EQ(rec.status, 200);
  const json r = json::parse(rec.body);
  EXPECT_EQ(r["format"], "ancients-record");
  EXPECT_EQ(r["actions"].size(), me->last()["version"].get<std::size_t>());
  const auto replay = hub.replay(g["id"]);
  EXPECT_EQ(json::parse(replay.body)["positions"].size(), r["actions"].size() + 1);
  // Asked again, both come as written the first time (kept: a finished game never changes).
  EXPECT_EQ(hub.finished_answers_kept(), 2u);
  EXPECT_EQ(hub.replay(g["id"]).body, replay.body);
  EXPECT_EQ(hub.record(g["id"]).body, rec.body);
  EXPECT_EQ(hub.finished_answers_kept(), 2u);
}

// The online table for a multiplayer battle (2+2): two people (seats 1 and 3), the computer in
// seats 2 and 4, a spectator. Each seat's messages hold its own hand only (an ally's is a
// count), the spectator's none; the battle is played to the end, recorded with every player,
// and read back the same after a restart.
TEST(Hub, AFourPlayerBattleWithTwoPeopleAndTwoComputersToTheEnd) {
  const auto db = std::filesystem::temp_directory_path() /
                  ("ancients-hub-mp-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  json g;
  json final_one;
  {
    Loop loop;
    Hub hub(open_sqlite_storage(db.string()), loop.post(), 1, "random");
    const json options = {
        {"board", 12}, {"contingents", true}, {"players", "2+2"}, {"turn_limit", 3}};
    create(hub, {{"vs", "friend"}, {"seat", 5}, {"options", options}}, 400);
    create(hub, {{"vs", "friend"}, {"computers", {1}}, {"options", options}}, 400);
    g = create(
        hub, {{"vs", "friend"}, {"computers", {2, 4}}, {"agent", "random"}, {"options", options}});
    ASSERT_EQ(g["invites"].size(), 1u) << g.dump();
    EXPECT_EQ(g["invites"][0]["seat"], 3);
    EXPECT_FALSE(g.contains("invite_token")) << "the two-player field is for two players";
    auto one = std::make_shared<FakeClient>(), three = std::make_shared<FakeClient>();
    auto watcher = std::make_shared<FakeClient>();
    say(hub, one, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
    say(hub, three, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invites"][0]["token"]}});
    say(hub, watcher, {{"type", "hello"}, {"game", g["id"]}});
    EXPECT_EQ(three->last()["seat"], 3);
    ASSERT_EQ(one->last()["players"].size(), 4u);
    EXPECT_EQ(one->last()["players"][1]["controller"], "random");
    int checked = 0;
    const auto check_views = [&] {
      for (const auto& [client, seat] : {std::make_pair(one, 1), std::make_pair(three, 3)}) {
        const json& st = client->last();
        if (st["type"] != "state") continue;
        for (int q = 1; q <= 4; ++q) {
          const json& hand = st["view"]["hands"][std::to_string(q)];
          if (q == seat)
            EXPECT_TRUE(hand.is_array()) << "seat " << seat << " sees its own hand";
          else
            EXPECT_TRUE(hand.is_number()) << "seat " << seat << " sees player " << q << "'s hand";
        }
        ++checked;
      }
      if (watcher->last()["type"] == "state") {
        for (int q = 1; q <= 4; ++q)
          EXPECT_TRUE(watcher->last()["view"]["hands"][std::to_string(q)].is_number());
      }
    };
    const bool over = loop.pump_until([&] {
      check_views();
      for (const auto& [client, seat] : {std::make_pair(one, 1), std::make_pair(three, 3)}) {
        const json& st = client->last();
        if (st["type"] == "state" && !st["over"].get<bool>() && st["to_act"] == seat &&
            !st["legal"].empty())
          say(hub, client,
              {{"type", "act"}, {"action", st["legal"].back()}, {"version", st["version"]}});
      }
      return one->last()["type"] == "state" && one->last()["over"].get<bool>();
    });
    ASSERT_TRUE(over) << one->last().dump().substr(0, 400);
    EXPECT_GT(checked, 10);
    final_one = one->last();
    const json r = json::parse(hub.record(g["id"]).body);
    EXPECT_EQ(r["players"].size(), 4u);
    EXPECT_EQ(r["players"]["2"], "random");
    EXPECT_EQ(r["players"]["3"], "human");
    EXPECT_EQ(r["armies"].size(), 4u);
  }
  {  // a restart on the same database: the same battle, the same seats
    Loop loop;
    Hub hub(open_sqlite_storage(db.string()), loop.post(), 1, "random");
    auto one = std::make_shared<FakeClient>();
    say(hub, one, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
    ASSERT_EQ(one->last()["type"], "state");
    EXPECT_EQ(one->last()["view"], final_one["view"]);
    EXPECT_EQ(one->last()["version"], final_one["version"]);
  }
  std::filesystem::remove(db);
}

TEST(Hub, AComputerDefenderPlacesTheBattlefieldAndAPersonSeesEveryPlacement) {
  // The person is the attacker: the computer (player 2) chooses the topography, places the
  // terrain automatically and picks its edge before the person deploys.
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json options = {{"board", 12}, {"dba_setup", true}, {"map", "defender"}};
  const json g = create(hub, {{"vs", "computer"}, {"seat", 1}, {"seed", 5}, {"options", options}});
  auto me = std::make_shared<FakeClient>();
  say(hub, me, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_TRUE(loop.pump_until([&] {
    const json& st = me->last();
    return st["type"] == "state" && st["to_act"] == 1 && st["view"]["phase"] == "deploy";
  }));
  const json& st = me->last();
  std::vector<std::string> kinds, texts;  // the log comes in parts, message by message
  for (const auto& m : me->got)
    if (m["type"] == "state")
      for (const auto& line : m["log"]) {
        kinds.push_back(line["info"]["kind"]);
        texts.push_back(line["text"]);
      }
  ASSERT_GE(kinds.size(), 3u);
  EXPECT_EQ(kinds[0], "topography");
  EXPECT_EQ(texts[1], "terrain auto");
  EXPECT_EQ(texts[2], "side north");
  EXPECT_EQ(st["view"]["battlefield"]["step"], "side");
  EXPECT_FALSE(st["view"]["battlefield"]["features"].empty());
  // The defender as a person is offered every placement, not one scripted action.
  const json g2 = create(hub, {{"vs", "computer"}, {"seat", 2}, {"seed", 5}, {"options", options}});
  auto defender = std::make_shared<FakeClient>();
  say(hub, defender, {{"type", "hello"}, {"game", g2["id"]}, {"token", g2["token"]}});
  ASSERT_TRUE(loop.pump_until([&] { return defender->last()["type"] == "state"; }));
  EXPECT_EQ(defender->last()["legal"].size(), 7u) << "the seven home topographies";
  say(hub, defender,
      {{"type", "act"}, {"action", "topography forest"}, {"version", defender->last()["version"]}});
  ASSERT_TRUE(loop.pump_until([&] { return defender->last()["version"] == 1; }));
  bool wood = false;
  for (const auto& a : defender->last()["actions"]) wood |= a.value("feature", "") == "wood";
  EXPECT_TRUE(wood) << "placements come with their feature kind";
}

TEST(GameSession, AComputerSeatGivesItsSearchTreeBackAfterEachDecision) {
  // A game waits in memory between decisions, beside thousands of others: its computer seat
  // must not keep its search's tree (security review F-3: 37 MiB per `hard` seat).
  auto s = GameSession::create("g", {{"game", "ancient-generals"}}, 7, {"human", "ismcts:3000"},
                               {"a", "b"});
  int searched = 0;
  ancients::ActionList legal;
  for (int step = 0; step < 200 && !s->over() && searched < 3; ++step) {
    if (s->computer_to_act()) {
      s->state().legal_actions(legal);
      const std::string text = s->computer_job()();
      ASSERT_FALSE(text.empty());
      s->apply(s->to_act(), text);
      if (legal.size() >= 2) ++searched;  // a decision with a choice searches a tree
      EXPECT_EQ(s->agents_held_bytes(), 0u) << "after decision " << step;
    } else {
      s->state().legal_actions(legal);
      s->apply(s->to_act(), s->state().action_text(legal.back()));
    }
  }
  EXPECT_EQ(searched, 3) << "the computer should have made three decisions with a choice";
}

TEST(GameSession, ASeatNameStoredBeforeNamesHadALimitIsCutToIt) {
  // Games stored before the security review's limits (F-2) may hold names of any length: they
  // go into every message of the game, so a restored game cuts them.
  auto s =
      GameSession::create("g", {{"game", "ancient-generals"}}, 5, {"human", "human"}, {"a", "b"});
  json setup = s->stored_setup();
  setup["seats"][0]["name"] = std::string(100000, 'N');
  const auto restored = GameSession::restore({"g", setup.dump(), {}, false, ""});
  EXPECT_EQ(restored->seat(1).name, std::string(80, 'N'));
  EXPECT_EQ(restored->seat(2).name, s->seat(2).name);
}

/// The true hand of a player and deck of a game, from its full position.
TEST(GameSession, NoSeatEverReceivesTheOpponentsHandTheDeckOrTheSeed) {
  for (const char* game : {"ancient-warfare", "ancient-generals"}) {
    auto s = GameSession::create("g", {{"game", game}}, 99, {"human", "human"}, {"a", "b"});
    for (int step = 0; step < 120 && !s->over(); ++step) {
      // Compare with the truth: only the seat's own cards appear.
      const int p = s->to_act();
      for (int viewer = 0; viewer <= 2; ++viewer) {
        const json m = s->state_message(viewer);
        const std::string text = m.dump();
        EXPECT_EQ(text.find("\"rng\""), std::string::npos);
        EXPECT_EQ(text.find("\"seed\""), std::string::npos);
        EXPECT_EQ(text.find("\"token\""), std::string::npos);
        const json& v = m["view"];
        if (std::string(game) == "ancient-warfare") {
          EXPECT_TRUE(v["deck"].is_number()) << game;
          for (int q = 1; q <= 2; ++q) {
            if (q != viewer) {
              EXPECT_TRUE(v["hands"][std::to_string(q)].is_number());
            }
          }
        } else {
          for (int q = 1; q <= 2; ++q) {
            const json& pl = v["players"][std::to_string(q)];
            for (const auto& c : pl["deck"]) {
              if (viewer == 0) {
                EXPECT_TRUE(c.is_null());
              }
            }
            // A card of the opponent's hand is named only when this seat saw it (scouted);
            // a spectator sees none.
            for (const auto& c : pl["hand"]) {
              if (viewer == 0) {
                EXPECT_TRUE(c.is_null());
              }
            }
          }
        }
        if (viewer != p) {
          EXPECT_TRUE(m["legal"].empty());
        }
      }
      const auto legal = s->state_message(p)["legal"];
      ASSERT_FALSE(legal.empty());
      s->apply(p, legal[static_cast<std::size_t>(step) % legal.size()]);
    }
  }
}

TEST(GameSession, ActionsAndLogLinesComeInStructureAndWordsAsEachViewerMayReadThem) {
  for (const char* game : {"ancient-warfare", "ancient-generals"}) {
    auto s = GameSession::create("g", {{"game", game}}, 5, {"human", "human"}, {"a", "b"});
    int hidden = 0, battle_lines = 0;
    for (int step = 0; step < 60 && !s->over(); ++step) {
      const int p = s->to_act();
      const json m = s->state_message(p);
      ASSERT_EQ(m["actions"].size(), m["legal"].size()) << game;
      for (std::size_t k = 0; k < m["legal"].size(); ++k) {
        // Compact: no text (legal's) and units only for a deployment.
        EXPECT_FALSE(m["actions"][k].contains("text"));
        EXPECT_TRUE(m["actions"][k]["words"].is_string());
        if (m["actions"][k].contains("units")) {
          EXPECT_EQ(m["actions"][k]["kind"], "deploy");
        }
      }
      std::array<json, 3> logs;
      for (int viewer = 0; viewer <= 2; ++viewer) logs[viewer] = s->state_message(viewer)["log"];
      for (int viewer = 0; viewer <= 2; ++viewer) {
        ASSERT_EQ(logs[viewer].size(), static_cast<std::size_t>(step));
        for (std::size_t i = 0; i < logs[viewer].size(); ++i) {
          const json& line = logs[viewer][i];
          // Each line's structure is of the text this viewer reads, never of the hidden one.
          EXPECT_EQ(line["info"]["text"], line["text"]);
          // A log line says what was done, not what its choice forecast ("would hold off").
          const std::string words = line["info"]["words"];
          EXPECT_EQ(words.find("would"), std::string::npos) << words;
          // Ancient Warfare's lines read as done, not as the choice's button ("Deploy 13
          // units", "Take the attack ..."), and its deployment is said once, by the line.
          if (std::string(game) == "ancient-warfare") {
            for (const char* offered : {"Deploy ", "Discard ", "End the ", "Take the attack",
                                        "Let the move", "Keep the deployment"})
              EXPECT_FALSE(words.starts_with(offered)) << words;
            EXPECT_NE(words, "Pass");
            for (const auto& e : line["events"]) EXPECT_NE(e["type"], "deployed") << words;
          }
          const json& kind = line["info"]["kind"];
          if (kind == "block" || kind == "play") ++battle_lines;
          const json& whole = logs[line["player"].get<int>()][i];
          if (line["text"] != whole["text"]) {
            EXPECT_TRUE(line["info"]["squares"].empty()) << line.dump();
            EXPECT_TRUE(line["info"]["cards"].empty()) << line.dump();
            ++hidden;
          }
        }
      }
      s->apply(p, m["legal"][static_cast<std::size_t>(step) % m["legal"].size()]);
    }
    if (std::string(game) == "ancient-generals") {
      // Every line read whole: a discard goes to the public reserve pile (what a Scout saw is
      // in its events, not in the line's text).
      EXPECT_EQ(hidden, 0) << game << ": an action's text was hidden from another viewer";
      EXPECT_GT(battle_lines, 0);
    } else {
      EXPECT_GT(hidden, 0) << game << ": no hidden action was read by another viewer";
    }
  }
}

TEST(Hub, ResumesUnfinishedGamesFromTheSameDatabaseAfterARestart) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("ancients-hub-test-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(path);
  json g;
  json before;
  {
    Loop loop;
    Hub hub(open_sqlite_storage(path.string()), loop.post(), 1);
    g = friend_game(hub);
    auto p1 = std::make_shared<FakeClient>(), p2 = std::make_shared<FakeClient>();
    say(hub, p1, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
    say(hub, p2, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
    for (int i = 0; i < 6; ++i) {
      auto& me = p1->last()["to_act"] == 1 ? p1 : p2;
      say(hub, me,
          {{"type", "act"},
           {"action", me->last()["legal"][0]},
           {"version", me->last()["version"]}});
    }
    say(hub, p1, {{"type", "sync"}});
    before = p1->last();
  }  // the hub goes away as if killed: everything was stored as it happened
  Loop loop;
  Hub hub(open_sqlite_storage(path.string()), loop.post(), 1);
  EXPECT_EQ(hub.resume(), 1u);
  auto p1 = std::make_shared<FakeClient>();
  say(hub, p1, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  EXPECT_EQ(p1->last()["version"], 6);
  EXPECT_EQ(p1->last()["view"], before["view"]);
  EXPECT_EQ(p1->last()["log"], before["log"]);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace ancients::server
