// The hub under failure: storage that refuses writes (write-ahead: nothing acknowledged that
// was not stored, nothing changed that was refused; an illegal action in a group commit
// refused alone), damaged stored games (marked, the rest still served), seeds only chosen for
// games with one person, the DBA set-up's swap step offered and played by the computer, limits on
// agents and on game creation, games dropped from memory and loaded again, invalid UTF-8 in
// messages, and the records the server writes verified by `ancients replay` for both games.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "contract/run_binary.h"
#include "server/game_session.h"
#include "server/hub.h"
#include "server/hub_fixtures.h"
#include "server/routes.h"
#include "support/paths.h"

namespace ancients::server::hardening_cases {
namespace {

using nlohmann::json;
using FakeClient = testing::RecordingClient;
using Loop = testing::PumpLoop;

/// SQLite storage that can be told to refuse writes (like a database locked elsewhere).
struct FlakyStorage : Storage {
  std::unique_ptr<Storage> inner = open_sqlite_storage(":memory:");
  bool fail = false;
  std::string bad_setup;  ///< when set, load_game returns this setup
  void create_game(const std::string& id, const std::string& setup) override {
    if (fail) throw std::runtime_error("database is locked");
    inner->create_game(id, setup);
  }
  std::vector<std::size_t> groups;  ///< the size of each append_actions call
  void append_actions(const std::vector<ActionWrite>& actions) override {
    groups.push_back(actions.size());
    if (fail) throw std::runtime_error("database is locked");
    inner->append_actions(actions);
  }
  void update_setup(const std::string& id, const std::string& setup) override {
    if (fail) throw std::runtime_error("database is locked");
    inner->update_setup(id, setup);
  }
  void remove_last_action(const std::string& id, int seq) override {
    if (fail) throw std::runtime_error("database is locked");
    inner->remove_last_action(id, seq);
  }
  void create_campaign(const std::string& id, const std::string& data) override {
    if (fail) throw std::runtime_error("database is locked");
    inner->create_campaign(id, data);
  }
  void update_campaign(const std::string& id, const std::string& data) override {
    if (fail) throw std::runtime_error("database is locked");
    inner->update_campaign(id, data);
  }
  std::optional<std::string> load_campaign(const std::string& id) override {
    return inner->load_campaign(id);
  }
  std::vector<std::string> unfinished_ids() override { return inner->unfinished_ids(); }
  std::optional<StoredGame> load_game(const std::string& id) override {
    auto g = inner->load_game(id);
    if (g && !bad_setup.empty()) g->setup = bad_setup;
    return g;
  }
};

void say(Hub& hub, const std::shared_ptr<FakeClient>& c, const json& m) {
  hub.on_message(c, m.dump());
}

json create(Hub& hub, const json& req, int status = 201, const std::string& address = "") {
  const auto a = hub.create_game(req.dump(), address);
  EXPECT_EQ(a.status, status) << a.body;
  return json::parse(a.body);
}

HubLimits with_group_commit() {
  HubLimits limits;
  limits.group_commit = true;
  return limits;
}

/// `count` games between friends, each with its first player's socket (hello said).
struct Tables {
  std::vector<json> games;
  std::vector<std::shared_ptr<FakeClient>> players;
};
Tables open_tables(Hub& hub, int count) {
  Tables t;
  for (int g = 0; g < count; ++g) {
    t.games.push_back(create(hub, {{"vs", "friend"}}));
    t.players.push_back(std::make_shared<FakeClient>());
    say(hub, t.players.back(),
        {{"type", "hello"}, {"game", t.games.back()["id"]}, {"token", t.games.back()["token"]}});
  }
  return t;
}

TEST(Hardening, AnActionIsAcknowledgedOnlyOnceStoredAndARefusedOneChangesNothing) {
  Loop loop;
  auto storage = std::make_shared<FlakyStorage>();
  Hub hub(storage, loop.post(), 1);
  const json g = create(hub, {{"vs", "friend"}, {"armies", {"gauls", "huns"}}});
  auto p1 = std::make_shared<FakeClient>();
  say(hub, p1, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  const json before = p1->last();
  storage->fail = true;
  say(hub, p1, {{"type", "act"}, {"action", before["legal"][0]}, {"version", 0}});
  EXPECT_EQ(p1->last()["code"], "storage");
  say(hub, p1, {{"type", "sync"}});
  EXPECT_EQ(p1->last()["version"], 0);
  EXPECT_EQ(p1->last()["view"], before["view"]);
  EXPECT_EQ(storage->inner->load_game(g["id"])->actions.size(), 0u);
  EXPECT_EQ(hub.create_game(json{{"vs", "friend"}}.dump()).status, 503);
  storage->fail = false;
  say(hub, p1, {{"type", "act"}, {"action", before["legal"][0]}, {"version", 0}});
  EXPECT_EQ(p1->last()["version"], 1);
  EXPECT_EQ(storage->inner->load_game(g["id"])->actions.size(), 1u);
  // The same action resent with the same version is stale, not played twice.
  say(hub, p1, {{"type", "act"}, {"action", before["legal"][0]}, {"version", 0}});
  EXPECT_EQ(p1->got[p1->got.size() - 2]["code"], "stale");
  EXPECT_EQ(p1->got[p1->got.size() - 2]["message"],
            "the game has moved on; here is where it stands");
  EXPECT_EQ(storage->inner->load_game(g["id"])->actions.size(), 1u);
  // A version the game has not reached is said to be ahead, not behind.
  say(hub, p1, {{"type", "act"}, {"action", before["legal"][0]}, {"version", 7}});
  EXPECT_EQ(p1->got[p1->got.size() - 2]["code"], "stale");
  EXPECT_EQ(p1->got[p1->got.size() - 2]["message"],
            "version 7 is ahead of the game (1 action so far); here is where it stands");
  // An act naming both an action and a group's choice is refused: neither is played.
  say(hub, p1, {{"type", "act"}, {"action", "end"}, {"group", 0}, {"choice", 0}, {"version", 1}});
  EXPECT_EQ(p1->last()["code"], "malformed");
  EXPECT_EQ(storage->inner->load_game(g["id"])->actions.size(), 1u);
}

TEST(Hardening, AComputerActionRefusedByTheStorageIsDecidedAgainWithoutHoldingAWorker) {
  Loop loop;
  auto storage = std::make_shared<FlakyStorage>();
  HubLimits limits;
  limits.retry_seconds = 3;  // long beside the wait measured below, on a loaded machine too
  Hub hub(storage, loop.post(), 1, "random", limits);  // one worker for every computer player
  const auto stored = [&](const json& g) { return storage->inner->load_game(g["id"])->actions; };
  // Game A: the computer's first action meets a locked database and is refused.
  const json a = create(hub, {{"vs", "computer"}, {"seat", 2}});
  storage->fail = true;
  ASSERT_TRUE(loop.pump_until([&] { return !storage->groups.empty(); }));
  storage->fail = false;
  EXPECT_TRUE(stored(a).empty());
  // Game B's computer is not kept waiting by A's retry (a worker used to sleep through it).
  const auto t0 = std::chrono::steady_clock::now();
  const json b = create(hub, {{"vs", "computer"}, {"seat", 2}});
  ASSERT_TRUE(loop.pump_until([&] { return !stored(b).empty(); }));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 2.0);
  // A's computer decides again once the clock ticks past the retry's time.
  EXPECT_TRUE(loop.pump_until([&] {
    hub.tick();
    return !stored(a).empty();
  }));
}

TEST(Hardening, AGroupCommitStoresOnePassOfActionsTogetherAndAcknowledgesThemOnlyThen) {
  Loop loop;
  auto storage = std::make_shared<FlakyStorage>();
  Hub hub(storage, loop.post(), 1, "random", with_group_commit());
  Tables tables = open_tables(hub, 2);
  auto& games = tables.games;
  auto& players = tables.players;
  const json first = players[0]->last(), second = players[1]->last();
  const auto act = [&](int g, const json& state) {
    say(hub, players[g], {{"type", "act"}, {"action", state["legal"][0]}, {"version", 0}});
  };
  // Refused together: nothing acknowledged, nothing applied, each sender told.
  storage->fail = true;
  act(0, first);
  act(1, second);
  EXPECT_EQ(players[0]->last()["version"], 0);  // not acknowledged before the pass ends
  EXPECT_TRUE(storage->groups.empty());
  ASSERT_TRUE(loop.pump_until([&] { return !storage->groups.empty(); }));
  EXPECT_EQ(storage->groups, (std::vector<std::size_t>{2}));
  for (auto& p : players) EXPECT_EQ(p->last()["code"], "storage");
  storage->fail = false;
  for (auto& g : games) EXPECT_EQ(storage->inner->load_game(g["id"])->actions.size(), 0u);
  // Stored together, then each applied and acknowledged.
  storage->groups.clear();
  act(0, first);
  act(1, second);
  EXPECT_EQ(players[1]->last()["code"], "storage");  // still nothing new before the pass ends
  ASSERT_TRUE(loop.pump_until([&] { return players[1]->last()["type"] == "state"; }));
  EXPECT_EQ(players[1]->last()["version"], 1);
  EXPECT_EQ(storage->groups, (std::vector<std::size_t>{2}));
  EXPECT_EQ(players[0]->last()["version"], 1);
  for (auto& g : games) EXPECT_EQ(storage->inner->load_game(g["id"])->actions.size(), 1u);
  // An action resent while the first waits for its group is stale: the game is settled first.
  auto p2 = std::make_shared<FakeClient>();
  say(hub, p2, {{"type", "hello"}, {"game", games[0]["id"]}, {"token", games[0]["invite_token"]}});
  auto mover = players[0]->last()["to_act"] == 1 ? players[0] : p2;
  const json turn = mover->last();
  ASSERT_FALSE(turn["legal"].empty());
  storage->groups.clear();
  say(hub, mover, {{"type", "act"}, {"action", turn["legal"][0]}, {"version", 1}});
  say(hub, mover, {{"type", "act"}, {"action", turn["legal"][0]}, {"version", 1}});
  EXPECT_EQ(mover->got[mover->got.size() - 2]["code"], "stale");
  EXPECT_EQ(storage->groups, (std::vector<std::size_t>{1}));
  EXPECT_EQ(storage->inner->load_game(games[0]["id"])->actions.size(), 2u);
}

TEST(Hardening, AnIllegalActionInAGroupCommitIsRefusedAloneAndTheOthersAreStored) {
  Loop loop;
  auto storage = std::make_shared<FlakyStorage>();
  Hub hub(storage, loop.post(), 1, "random", with_group_commit());
  Tables tables = open_tables(hub, 3);
  auto& games = tables.games;
  auto& players = tables.players;
  // One pass: the first and last games' actions legal, the middle one's not.
  say(hub, players[0],
      {{"type", "act"}, {"action", players[0]->last()["legal"][0]}, {"version", 0}});
  say(hub, players[1], {{"type", "act"}, {"action", "move march z9-z1"}, {"version", 0}});
  say(hub, players[2],
      {{"type", "act"}, {"action", players[2]->last()["legal"][0]}, {"version", 0}});
  EXPECT_TRUE(storage->groups.empty());  // nothing checked or stored before the pass ends
  ASSERT_TRUE(loop.pump_until([&] {
    return players[0]->last().value("version", 0) == 1 &&
           players[1]->last().value("code", "") == "illegal" &&
           players[2]->last().value("version", 0) == 1;
  }));
  EXPECT_EQ(storage->groups, (std::vector<std::size_t>{2}));  // the illegal one left the group
  EXPECT_EQ(storage->inner->load_game(games[0]["id"])->actions.size(), 1u);
  EXPECT_EQ(storage->inner->load_game(games[1]["id"])->actions.size(), 0u);
  EXPECT_EQ(storage->inner->load_game(games[2]["id"])->actions.size(), 1u);
  // The refused game is unchanged and takes a legal action next.
  const json unchanged = players[1]->state();
  EXPECT_EQ(unchanged["version"], 0);
  say(hub, players[1], {{"type", "act"}, {"action", unchanged["legal"][0]}, {"version", 0}});
  ASSERT_TRUE(loop.pump_until([&] { return players[1]->last().value("version", 0) == 1; }));
  EXPECT_EQ(storage->inner->load_game(games[1]["id"])->actions.size(), 1u);
}

TEST(Hardening, ADamagedGameIsMarkedAndEverythingElseIsStillServed) {
  Loop loop;
  auto storage = std::make_shared<FlakyStorage>();
  std::string id;
  {
    Hub hub(storage, loop.post(), 1);
    id = create(hub, {{"vs", "friend"}})["id"];
  }
  storage->inner->append_action(id, {0, 1, "move march z9-z1"}, "");  // no longer applies
  Hub hub(storage, loop.post(), 1);
  EXPECT_EQ(hub.resume(), 0u);
  const json s = json::parse(hub.summary(id).body);
  EXPECT_TRUE(s["damaged"].get<bool>());
  EXPECT_NE(s["error"].get<std::string>().find("no longer applies"), std::string::npos);
  auto c = std::make_shared<FakeClient>();
  for (int i = 0; i < 3; ++i) {  // a browser reconnecting: an error each time, never a crash
    say(hub, c, {{"type", "hello"}, {"game", id}});
    EXPECT_EQ(c->last()["code"], "damaged");
  }
  EXPECT_EQ(hub.record(id).status, 409);
  const json other = create(hub, {{"vs", "friend"}});
  say(hub, c, {{"type", "hello"}, {"game", other["id"]}});
  EXPECT_EQ(c->last()["type"], "state");

  storage->bad_setup = "{not json";  // a setup that is not JSON
  Hub hub2(storage, loop.post(), 1);
  EXPECT_EQ(hub2.resume(), 0u);
  EXPECT_TRUE(json::parse(hub2.summary(other["id"]).body)["damaged"].get<bool>());
}

TEST(Hardening, OnlyAGameWithOnePersonMayChooseItsSeed) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json f = create(hub, {{"vs", "friend"}, {"seed", 7}}, 400);
  EXPECT_NE(f["error"].get<std::string>().find("seed"), std::string::npos);
  const json c = create(hub, {{"vs", "computer"}, {"seed", 7}});
  EXPECT_FALSE(c["secret"].get<bool>());
  EXPECT_FALSE(json::parse(hub.summary(c["id"]).body)["secret"].get<bool>());
  // Two games between people get different deals (the server draws the seeds).
  std::vector<json> hands;
  for (int i = 0; i < 2; ++i) {
    const json g = create(hub, {{"game", "ancient-generals"}, {"vs", "friend"}});
    EXPECT_TRUE(g["secret"].get<bool>());
    auto p = std::make_shared<FakeClient>();
    say(hub, p, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
    hands.push_back(p->last()["view"]["players"]["1"]["hand"]);
  }
  EXPECT_NE(hands[0], hands[1]);
}

TEST(Hardening, AgentsAndCreationAreLimited) {
  Loop loop;
  HubLimits limits;
  limits.games_per_minute = 3;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  const json a = create(hub, {{"vs", "computer"}, {"agent", "ismcts:3600s"}}, 400);
  EXPECT_NE(a["error"].get<std::string>().find("not offered"), std::string::npos);
  for (int i = 0; i < 3; ++i) create(hub, {{"vs", "friend"}}, 201, "10.0.0.1");
  create(hub, {{"vs", "friend"}}, 429, "10.0.0.1");
  create(hub, {{"vs", "friend"}}, 201, "10.0.0.2");  // another address is not affected
}

TEST(Hardening, IdleGamesLeaveMemoryAndAreLoadedOnDemand) {
  Loop loop;
  HubLimits limits;
  limits.games_in_memory = 3;
  limits.games_per_minute = 0;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  std::vector<json> games;
  for (int i = 0; i < 8; ++i) games.push_back(create(hub, {{"vs", "friend"}}));
  EXPECT_LE(hub.games(), 3u);
  auto c = std::make_shared<FakeClient>();
  say(hub, c, {{"type", "hello"}, {"game", games[0]["id"]}, {"token", games[0]["token"]}});
  ASSERT_EQ(c->last()["type"], "state");
  say(hub, c, {{"type", "act"}, {"action", c->last()["legal"][0]}, {"version", 0}});
  EXPECT_EQ(c->last()["version"], 1);
  EXPECT_LE(hub.games(), 3u);
}

TEST(Hardening, InvalidUtf8AndDeepNestingGetErrorRepliesNotExceptions) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  auto c = std::make_shared<FakeClient>();
  for (const std::string& m :
       {std::string("\xff"), std::string("{\"type\":\"\xff\"}"),
        std::string("{\"type\":\"hello\",\"game\":\"\xc3\x28\"}"), std::string(5000, '['),
        std::string("{\"type\":\"act\",\"action\":\"\xfe\",\"version\":0}")}) {
    EXPECT_NO_THROW(hub.on_message(c, m));
    EXPECT_EQ(c->last()["type"], "error");
  }
  EXPECT_EQ(hub.create_game("\xff").status, 400);
  EXPECT_EQ(hub.create_game("{\"game\":\"\xff\"}").status, 400);
  Router router(hub, "");
  const auto r = router.handle({"GET", "/api/games/\xff", "", ""});
  EXPECT_EQ(r.status, 404);
  EXPECT_TRUE(json::accept(r.body));
}

TEST(Hardening, TheDbaSwapStepOffersRealActionsAndTheComputerPlaysThroughIt) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json opts = {{"board", 12}, {"dba_setup", true}, {"map", "generated"}};
  // The defender (player 2) is the computer: it must play its swap step.
  const json g = create(hub, {{"vs", "computer"}, {"seat", 1}, {"options", opts}});
  auto me = std::make_shared<FakeClient>();
  say(hub, me, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  say(hub, me, {{"type", "act"}, {"action", me->last()["legal"][0]}, {"version", 0}});
  const bool moved = loop.pump_until([&] {
    const json& st = me->last();
    return st["type"] == "state" && st["to_act"] == 1 && st["version"].get<int>() >= 3;
  });
  EXPECT_TRUE(moved) << me->last().dump();
  // A person defending sees the swap step's real actions (not an empty "deploy ").
  const json f = create(hub, {{"vs", "friend"}, {"options", opts}});
  auto a = std::make_shared<FakeClient>(), b = std::make_shared<FakeClient>();
  say(hub, a, {{"type", "hello"}, {"game", f["id"]}, {"token", f["token"]}});
  say(hub, b, {{"type", "hello"}, {"game", f["id"]}, {"token", f["invite_token"]}});
  say(hub, a, {{"type", "act"}, {"action", a->last()["legal"][0]}, {"version", 0}});
  say(hub, b, {{"type", "act"}, {"action", b->last()["legal"][0]}, {"version", 1}});
  const json swap = b->last();
  ASSERT_EQ(swap["to_act"], 2) << swap.dump();
  ASSERT_FALSE(swap["legal"].empty());
  for (const auto& t : swap["legal"]) EXPECT_FALSE(t.get<std::string>().starts_with("deploy"));
  say(hub, b, {{"type", "act"}, {"action", swap["legal"].back()}, {"version", 2}});
  EXPECT_EQ(b->last()["to_act"], 1);
}

/// Plays a game to its end with both seats taking the last offered action.
std::string finished_record(const json& request) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random");
  const json g = create(hub, request);
  auto a = std::make_shared<FakeClient>(), b = std::make_shared<FakeClient>();
  say(hub, a, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  say(hub, b, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
  for (int i = 0; i < 3000 && !a->last()["over"].get<bool>(); ++i) {
    auto& me = a->last()["to_act"] == 1 ? a : b;
    const json st = me->last();
    say(hub, me, {{"type", "act"}, {"action", st["legal"].back()}, {"version", st["version"]}});
  }
  EXPECT_TRUE(a->last()["over"].get<bool>());
  const auto r = hub.record(g["id"]);
  EXPECT_EQ(r.status, 200);
  return r.body;
}

TEST(Hardening, AncientsReplayVerifiesTheRecordsTheServerWritesForBothGames) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("ancients-records-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const json& req :
       {json{{"vs", "friend"}, {"options", {{"turn_limit", 6}}}},
        json{{"game", "ancient-generals"}, {"vs", "friend"}, {"options", {{"turn_limit", 6}}}}}) {
    const auto path = dir / "record.json";
    std::ofstream(path) << finished_record(req);
    const auto run =
        contract::run_program(ancients::test_paths::ancients_binary(), {"replay", path.string()});
    EXPECT_EQ(run.status, 0) << req.dump() << "\n" << run.err;
    EXPECT_NE(run.out.find("verified"), std::string::npos);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ancients::server::hardening_cases
