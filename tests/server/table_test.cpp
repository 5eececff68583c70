// The table around a served game: the lobby's open games and joining one (the old invitation
// then refused), a seat handed to the computer after its person has been away past the grace
// time and taken back, undo of one's own last action only while it revealed nothing (every
// undo gives back the position before it, and the same action gives the same position
// again), the rematch with the same players, and the turn clock's default action.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include <unistd.h>

#include "server/hub.h"
#include "server/hub_fixtures.h"

namespace ancients::server {
namespace {

using nlohmann::json;

using TableClient = testing::RecordingClient;
using TableLoop = testing::PumpLoop;

HubLimits limits(double grace) {
  HubLimits l;
  l.away_grace_seconds = grace;
  l.games_per_minute = 0;
  return l;
}

json make(Hub& hub, const json& req) {
  const auto a = hub.create_game(req.dump());
  EXPECT_EQ(a.status, 201) << a.body;
  return json::parse(a.body);
}

void say(Hub& hub, const std::shared_ptr<TableClient>& c, const json& m) {
  hub.on_message(c, m.dump());
}

std::shared_ptr<TableClient> seated(Hub& hub, const json& id, const json& token) {
  auto c = std::make_shared<TableClient>();
  say(hub, c, {{"type", "hello"}, {"game", id}, {"token", token}});
  return c;
}

TEST(Table, TheLobbyListsOpenSeatsAndAJoinedSeatRefusesItsOldInvitation) {
  TableLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits(60));
  const json hidden = make(hub, {{"vs", "friend"}});
  const json g = make(hub, {{"vs", "friend"}, {"listed", true}, {"turn_seconds", 300}});
  json open = json::parse(hub.open_games().body)["games"];
  ASSERT_EQ(open.size(), 1u);  // the unlisted game is not shown
  EXPECT_EQ(open[0]["id"], g["id"]);
  EXPECT_EQ(open[0]["turn_seconds"], 300);
  EXPECT_FALSE(open[0]["players"][0]["open"].get<bool>());  // the creator's
  EXPECT_TRUE(open[0]["players"][1]["open"].get<bool>());
  EXPECT_EQ(open[0]["players"][1]["seat"], 2);
  const std::string listed = open[0].dump();
  EXPECT_EQ(listed.find(g["token"].get<std::string>()), std::string::npos);
  EXPECT_EQ(listed.find(g["invite_token"].get<std::string>()), std::string::npos);

  const std::string id = g["id"];
  EXPECT_EQ(hub.join(id, "{\"seat\": 1}").status, 409);  // the creator's seat
  EXPECT_EQ(hub.join(id, "{\"seat\": 9}").status, 400);
  EXPECT_EQ(hub.join(id, "[1]").status, 400);
  EXPECT_EQ(hub.join(id, "{oops").status, 400);
  EXPECT_EQ(hub.join("nope", "{\"seat\": 2}").status, 404);
  EXPECT_EQ(hub.join(hidden["id"], "{\"seat\": 2}").status, 403);
  const auto joined = hub.join(id, "{\"seat\": 2}");
  ASSERT_EQ(joined.status, 200) << joined.body;
  const json seat = json::parse(joined.body);
  EXPECT_EQ(seat["seat"], 2);
  EXPECT_NE(seat["token"], g["invite_token"]);
  EXPECT_EQ(hub.join(id, "{\"seat\": 2}").status, 409);  // taken
  EXPECT_TRUE(json::parse(hub.open_games().body)["games"].empty());

  auto late = seated(hub, g["id"], g["invite_token"]);
  EXPECT_EQ(late->last()["code"], "bad-token");
  auto two = seated(hub, g["id"], seat["token"]);
  EXPECT_EQ(two->last()["seat"], 2);
  EXPECT_EQ(two->last()["turn_seconds"], 300);
  EXPECT_FALSE(two->last()["players"][1]["open"].get<bool>());
}

TEST(Table, AMultiplayerBattleListsEachSeatNoOneHasTaken) {
  TableLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits(60));
  const json g = make(hub, {{"vs", "friend"},
                            {"listed", true},
                            {"computers", {3}},
                            {"options", {{"board", 12}, {"contingents", true}}}});
  json open = json::parse(hub.open_games().body)["games"];
  ASSERT_EQ(open.size(), 1u);
  std::vector<int> free;
  for (const auto& p : open[0]["players"])
    if (p["open"].get<bool>()) free.push_back(p["seat"]);
  EXPECT_EQ(free, (std::vector<int>{2, 4}));
  // An invitation used takes its seat too.
  std::string seat4_token;
  for (const auto& inv : g["invites"])
    if (inv["seat"] == 4) seat4_token = inv["token"];
  auto four = seated(hub, g["id"], seat4_token);
  EXPECT_EQ(four->last()["seat"], 4);
  open = json::parse(hub.open_games().body)["games"];
  ASSERT_EQ(open.size(), 1u);
  EXPECT_FALSE(open[0]["players"][3]["open"].get<bool>());
  // A seat no one has taken may be handed to the computer at once (the grace time is 60 s).
  auto one = seated(hub, g["id"], g["token"]);
  say(hub, one, {{"type", "stand_in"}, {"seat", 2}});
  ASSERT_EQ(one->last()["type"], "state") << one->last();
  EXPECT_TRUE(one->last()["players"][1]["stand_in"].get<bool>());
  say(hub, one, {{"type", "stand_in"}, {"seat", 4}});  // taken, and its person is away 0 s
  EXPECT_EQ(one->last()["code"], "table");
  // Whoever joins seat 2 later takes it back from the computer.
  const json two = json::parse(hub.join(g["id"], "{\"seat\": 2}").body);
  EXPECT_TRUE(json::parse(hub.open_games().body)["games"].empty());
  auto joined = seated(hub, g["id"], two["token"]);
  say(hub, joined, {{"type", "reclaim"}});
  ASSERT_EQ(joined->last()["type"], "state") << joined->last();
  EXPECT_FALSE(joined->last()["players"][1]["stand_in"].get<bool>());
}

TEST(Table, AnEmptyOrAwaySeatIsHandedToTheComputerAfterTheGraceTimeAndTakenBack) {
  for (const double grace : {3600.0, 0.0}) {
    TableLoop loop;
    Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits(grace));
    const json g = make(hub, {{"game", "ancient-generals"}, {"vs", "friend"}});
    auto one = seated(hub, g["id"], g["token"]);
    EXPECT_FALSE(one->last()["players"][1]["present"].get<bool>());
    {  // player 2 takes the seat and leaves
      auto gone = seated(hub, g["id"], g["invite_token"]);
      hub.on_close(gone.get());
      ASSERT_FALSE(one->presence.empty());
      EXPECT_FALSE(one->presence.back()["players"][1]["present"].get<bool>());
    }
    auto spy = seated(hub, g["id"], nullptr);
    say(hub, spy, {{"type", "stand_in"}, {"seat", 2}});
    EXPECT_EQ(spy->last()["code"], "spectator");
    say(hub, one, {{"type", "stand_in"}, {"seat", 2}});
    if (grace > 0) {  // not away long enough
      EXPECT_EQ(one->last()["code"], "table");
      continue;
    }
    ASSERT_EQ(one->last()["type"], "state") << one->last();
    EXPECT_TRUE(one->last()["players"][1]["stand_in"].get<bool>());
    // Player 1 plays; the computer answers for player 2 until player 2 comes back.
    ASSERT_TRUE(loop.pump_until([&] {
      const json st = one->state();
      if (st["to_act"] == 1 && !st["legal"].empty())
        say(hub, one, {{"type", "act"}, {"action", st["legal"][0]}, {"version", st["version"]}});
      return st["over"].get<bool>() || st["version"].get<int>() >= 6;
    }));
    auto two = seated(hub, g["id"], g["invite_token"]);
    ASSERT_FALSE(one->presence.empty());
    EXPECT_TRUE(one->presence.back()["players"][1]["present"].get<bool>());
    say(hub, two, {{"type", "reclaim"}});
    ASSERT_TRUE(loop.pump_until([&] { return !two->state()["thinking"].get<bool>(); }));
    say(hub, two, {{"type", "sync"}});
    EXPECT_FALSE(two->last()["players"][1]["stand_in"].get<bool>());
    say(hub, two, {{"type", "reclaim"}});
    EXPECT_EQ(two->last()["code"], "table");  // already theirs
    // Player 2 is a person again: when it is their turn, the server waits for them.
    ASSERT_TRUE(loop.pump_until([&] {
      const json st = one->state();
      if (st["to_act"] == 1 && !st["legal"].empty() && !st["over"].get<bool>())
        say(hub, one, {{"type", "act"}, {"action", st["legal"][0]}, {"version", st["version"]}});
      return st["over"].get<bool>() || st["to_act"] == 2;
    }));
    if (two->state()["over"].get<bool>()) continue;
    say(hub, two, {{"type", "sync"}});
    EXPECT_FALSE(two->last()["legal"].empty());
    EXPECT_FALSE(two->last()["thinking"].get<bool>());
    // A player may hand their own seat to the computer at once.
    say(hub, two, {{"type", "stand_in"}, {"seat", 2}});
    EXPECT_TRUE(two->last()["players"][1]["stand_in"].get<bool>());
  }
}

/// Plays both seats of a friend game, taking back every action that may be taken back and
/// playing it again; checks what undo restores.
/// `forced`: how many forced actions (one legal action) were played.
void undo_everything(const json& request, int& forced) {
  const auto db = std::filesystem::temp_directory_path() /
                  ("ancients-undo-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  TableLoop loop;
  json g;
  int undone = 0, refused = 0;
  forced = 0;
  std::size_t version = 0;
  {
    Hub hub(open_sqlite_storage(db.string()), loop.post(), 1, "random", limits(60));
    g = make(hub, request);
    auto one = seated(hub, g["id"], g["token"]), two = seated(hub, g["id"], g["invite_token"]);
    for (int step = 0; step < 60 && !one->state()["over"].get<bool>(); ++step) {
      auto& me = one->state()["to_act"] == 1 ? one : two;
      auto& other = me == one ? two : one;
      const json before = me->state();
      const std::string action =
          before["legal"][static_cast<std::size_t>(step) % before["legal"].size()];
      say(hub, me, {{"type", "act"}, {"action", action}, {"version", before["version"]}});
      const json after = me->last();
      ASSERT_EQ(after["type"], "state") << after;
      EXPECT_FALSE(other->state()["can_undo"].get<bool>());  // never another's action
      // A forced action (the page plays it for its player) would only be played again.
      if (before["legal"].size() == 1 &&
          (action == "pass" || action == "discard" || action == "block")) {
        EXPECT_FALSE(after["can_undo"].get<bool>()) << action;
        ++forced;
      }
      if (!after["can_undo"].get<bool>()) {
        say(hub, me, {{"type", "undo"}, {"version", after["version"]}});
        EXPECT_EQ(me->last()["code"], "illegal");
        ++refused;
        continue;
      }
      say(hub, other, {{"type", "undo"}, {"version", after["version"]}});
      EXPECT_EQ(other->last()["code"], "illegal");
      say(hub, me, {{"type", "undo"}, {"version", after["version"]}});
      const json back = me->last();
      ASSERT_EQ(back["type"], "state") << back;
      EXPECT_EQ(back["version"], before["version"]);
      EXPECT_EQ(back["view"], before["view"]);
      EXPECT_EQ(back["legal"], before["legal"]);
      EXPECT_EQ(back["log"].size(), before["version"].get<std::size_t>());
      EXPECT_EQ(other->state()["version"], before["version"]);  // told at once
      ++undone;
      say(hub, me, {{"type", "act"}, {"action", action}, {"version", before["version"]}});
      EXPECT_EQ(me->last()["view"], after["view"]);  // the same action, the same position
    }
    version = one->state()["version"];
  }
  EXPECT_GT(undone, 0) << request;
  EXPECT_GT(refused, 0) << request;  // something was revealed on the way
  // Taken back for good: a restarted server has the actions played since, nothing more.
  Hub hub(open_sqlite_storage(db.string()), loop.post(), 1, "random", limits(60));
  auto one = seated(hub, g["id"], g["token"]);
  EXPECT_EQ(one->last()["version"], version);
  std::filesystem::remove(db);
}

TEST(Table, UndoTakesBackOnlyOnesOwnLastActionWhileItRevealedNothing) {
  int forced = 0;
  undo_everything({{"game", "ancient-generals"}, {"vs", "friend"}}, forced);
  EXPECT_GT(forced, 0) << "Ancient Generals has forced passes";
  undo_everything({{"game", "ancient-warfare"}, {"vs", "friend"}}, forced);
}

TEST(Table, ARematchSeatsTheSamePlayersInANewGame) {
  TableLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits(60));
  const json g = make(hub, {{"vs", "computer"}, {"options", {{"turn_limit", 4}}}});
  auto me = seated(hub, g["id"], g["token"]);
  say(hub, me, {{"type", "rematch"}});
  EXPECT_EQ(me->last()["code"], "table");  // not over yet
  ASSERT_TRUE(loop.pump_until([&] {
    const json st = me->state();
    if (!st["over"].get<bool>() && st["to_act"] == 1 && !st["legal"].empty())
      say(hub, me, {{"type", "act"}, {"action", st["legal"].back()}, {"version", st["version"]}});
    return me->state()["over"].get<bool>();
  }));
  say(hub, me, {{"type", "rematch"}});
  const json told = me->last();
  ASSERT_TRUE(told["rematch"].is_string()) << told;
  say(hub, me, {{"type", "rematch"}});  // asked twice: the same rematch
  EXPECT_EQ(me->last()["rematch"], told["rematch"]);
  auto again = seated(hub, told["rematch"], g["token"]);  // the same token, the new game
  ASSERT_EQ(again->last()["type"], "state") << again->last();
  EXPECT_EQ(again->last()["seat"], 1);
  EXPECT_EQ(again->last()["version"], 0);
  EXPECT_EQ(again->last()["players"][1]["controller"], told["players"][1]["controller"]);
  EXPECT_EQ(again->last()["players"][0]["name"], told["players"][0]["name"]);
}

TEST(Table, ThePersonWhoseTurnClockRunsOutGetsTheDefaultAction) {
  TableLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits(60));
  EXPECT_EQ(hub.create_game(R"({"turn_seconds": -1})").status, 400);
  EXPECT_EQ(hub.create_game(R"({"turn_seconds": "soon"})").status, 400);
  EXPECT_EQ(hub.create_game(R"({"listed": "yes"})").status, 400);
  const json g = make(hub, {{"game", "ancient-generals"}, {"vs", "friend"}, {"turn_seconds", 1}});
  auto one = seated(hub, g["id"], g["token"]);
  ASSERT_EQ(one->last()["to_act"], 1);
  EXPECT_TRUE(one->last()["clock_left"].is_number());
  hub.tick();                                 // not yet
  loop.pump_until([] { return false; }, 50);  // 0.1 s of the I/O thread: nothing is played
  EXPECT_EQ(one->last()["version"], 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  hub.tick();
  ASSERT_TRUE(loop.pump_until([&] { return one->last()["version"] == 1; }));
  EXPECT_FALSE(one->last()["can_undo"].get<bool>());  // the computer's choice, not theirs
  EXPECT_EQ(one->last()["log"].back()["player"], 1);
}

}  // namespace
}  // namespace ancients::server
