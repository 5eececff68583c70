// The limits the hub's API puts on what one client may send (security review 2026-11-30): an
// uploaded army's or map's texts are bounded where they are read, and the lobby's open games
// list an upload by its name alone (F-2); whole numbers out of range are refused, never wrapped
// to another valid value (F-10); a game may not be longer than the server's turn limit (F-7);
// a rematch counts as a new game against its requester's address (F-9); and a computer's
// decision for a position that was taken back is never played (F-11).
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server/hub.h"
#include "server/hub_fixtures.h"
#include "support/paths.h"

// A named namespace, not an anonymous one: the test files compile in unity batches, where
// other files' helpers of the same names (say, seated) would clash.
namespace ancients::server::api_limits_test {

using nlohmann::json;
using testing::PumpLoop;
using testing::RecordingClient;

HubLimits unlimited() {
  HubLimits l;
  l.games_per_minute = 0;
  return l;
}

json bundled_army(const std::string& stem) {
  std::ifstream in(std::string(test_paths::source_dir()) + "/data/armies/autokill/" + stem +
                   ".json");
  return json::parse(in);
}

/// The error text of an answer.
std::string error_of(const HttpAnswer& a) {
  return json::parse(a.body).value("error", "");
}

json warfare_with_army1(const json& army) {
  return {{"game", "ancient-warfare"}, {"vs", "friend"}, {"options", {{"army1", army}}}};
}

void say(Hub& hub, const std::shared_ptr<RecordingClient>& c, const json& m) {
  hub.on_message(c, m.dump());
}

std::shared_ptr<RecordingClient> seated(Hub& hub, const json& id, const json& token) {
  auto c = std::make_shared<RecordingClient>();
  say(hub, c, {{"type", "hello"}, {"game", id}, {"token", token}});
  return c;
}

TEST(ApiLimits, AnUploadedArmyWithAHugeNameOrNoteIsRefusedNamingTheField) {
  PumpLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  json army = bundled_army("marian-romans");
  const auto ok = hub.create_game(warfare_with_army1(army).dump());
  EXPECT_EQ(ok.status, 201) << ok.body;  // a bundled army, uploaded as it is

  json named = army;
  named["name"] = std::string(100000, 'N');
  auto a = hub.create_game(warfare_with_army1(named).dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(error_of(a).find("army1: \"name\" is limited to 80 characters"), std::string::npos)
      << a.body;

  json noted = army;
  noted["note"] = std::string(100000, 'x');
  a = hub.create_game(warfare_with_army1(noted).dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(error_of(a).find("army1: \"note\" is limited to 2000 characters"), std::string::npos)
      << a.body;

  // Characters, not bytes: 80 two-byte letters are a name of 80 characters.
  json greek = army;
  std::string alpha;
  for (int i = 0; i < 80; ++i) alpha += "\u03b1";
  greek["name"] = alpha;
  EXPECT_EQ(hub.create_game(warfare_with_army1(greek).dump()).status, 201);
  greek["name"] = alpha + "\u03b1";
  EXPECT_EQ(hub.create_game(warfare_with_army1(greek).dump()).status, 400);
}

TEST(ApiLimits, AnUploadedMapWithAHugeFeatureNameIsRefused) {
  PumpLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  json map = {{"format", "ancients-map"},
              {"version", 1},
              {"name", "Plain"},
              {"board", 8},
              {"terrain", json::object()}};
  map["features"] = {{{"name", "wood"}, {"source", "dba"}, {"squares", {"c4"}}}};
  const json req = {{"game", "ancient-warfare"}, {"vs", "friend"}, {"options", {{"map", map}}}};
  const auto ok = hub.create_game(req.dump());
  EXPECT_EQ(ok.status, 201) << ok.body;
  json long_feature = req;
  long_feature["options"]["map"]["features"][0]["name"] = std::string(41, 'w');
  const auto a = hub.create_game(long_feature.dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(error_of(a).find("features[0]: \"name\" is limited to 40 characters"),
            std::string::npos)
      << a.body;
  json long_name = req;
  long_name["options"]["map"]["name"] = std::string(81, 'm');
  EXPECT_EQ(hub.create_game(long_name.dump()).status, 400);
}

TEST(ApiLimits, TheLobbyListsAnUploadedArmyByItsNameAlone) {
  PumpLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  json army = bundled_army("marian-romans");
  army["name"] = "My Romans";
  army["note"] = "a note the lobby does not need";
  json req = warfare_with_army1(army);
  req["listed"] = true;
  const auto made = hub.create_game(req.dump());
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string body = hub.open_games().body;
  const json open = json::parse(body)["games"];
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0]["options"]["army1"], json({{"name", "My Romans"}}));
  EXPECT_EQ(open[0]["players"][0]["name"], "My Romans");
  EXPECT_EQ(body.find("a note the lobby"), std::string::npos) << body;
  EXPECT_EQ(body.find("ancients-army"), std::string::npos) << body;
  EXPECT_EQ(body.find("blades"), std::string::npos) << body;  // no units
}

TEST(ApiLimits, ASeatNumberBeyondAnIntIsRefusedNotWrappedToAnotherSeat) {
  PumpLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  const auto create = [&](const std::string& extra) {
    return hub.create_game(R"({"game": "ancient-generals", "vs": "friend", )" + extra + "}");
  };
  // 2^32 + 2 was taken as seat 2, 2^32 + 1 as seat 1.
  EXPECT_EQ(create(R"("seat": 4294967298)").status, 400);
  EXPECT_EQ(create(R"("seat": -4294967294)").status, 400);
  EXPECT_EQ(create(R"("seat": 18446744073709551615)").status, 400);
  EXPECT_EQ(create(R"("computers": [4294967298])").status, 400);
  EXPECT_EQ(create(R"("turn_seconds": 4294967297)").status, 400);
  EXPECT_EQ(create(R"("seat": 2)").status, 201);

  const auto made = create(R"("listed": true)");
  ASSERT_EQ(made.status, 201) << made.body;
  const json g = json::parse(made.body);
  const std::string id = g["id"];
  EXPECT_EQ(hub.join(id, R"({"seat": 4294967298})").status, 400);
  EXPECT_EQ(hub.join(id, R"({"seat": 4294967297})").status, 400);  // not the creator's 409

  auto one = seated(hub, g["id"], g["token"]);
  say(hub, one, {{"type", "stand_in"}, {"seat", 4294967298LL}});
  EXPECT_EQ(one->last()["code"], "malformed") << one->last();
  say(hub, one, {{"type", "stand_in"}, {"seat", 4294967297LL}});  // was one's own seat 1
  EXPECT_EQ(one->last()["code"], "malformed") << one->last();
  say(hub, one, {{"type", "sync"}});
  EXPECT_FALSE(one->state()["players"][0]["stand_in"].get<bool>());
  EXPECT_FALSE(one->state()["players"][1]["stand_in"].get<bool>());
  EXPECT_EQ(hub.join(id, R"({"seat": 2})").status, 200);  // the seat itself is still open
}

// A create request's misspelt field is refused by name, not taken as its default; a hello's
// "compact" of the wrong type is malformed, not read as false.
TEST(ApiLimits, AnUnknownCreateFieldAndACompactThatIsNoBooleanAreRefused) {
  PumpLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  const auto misspelt =
      hub.create_game(R"({"game": "ancient-generals", "vs": "friend", "listd": true})");
  EXPECT_EQ(misspelt.status, 400);
  EXPECT_NE(json::parse(misspelt.body)["error"].get<std::string>().find("no field \"listd\""),
            std::string::npos)
      << misspelt.body;
  const auto made =
      hub.create_game(R"({"game": "ancient-generals", "vs": "friend", "listed": true})");
  ASSERT_EQ(made.status, 201) << made.body;
  const json g = json::parse(made.body);
  auto one = std::make_shared<RecordingClient>();
  say(hub, one, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}, {"compact", "yes"}});
  EXPECT_EQ(one->last()["code"], "malformed") << one->last();
  say(hub, one, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}, {"compact", true}});
  EXPECT_EQ(one->last()["type"], "state") << one->last();
}

TEST(ApiLimits, AGameLongerThanTheServersTurnCapIsRefused) {
  PumpLoop loop;
  HubLimits limits = unlimited();
  limits.max_turn_limit = 500;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  for (const std::string game : {"ancient-warfare", "ancient-generals"}) {
    const auto with = [&](int turns) {
      return hub.create_game(
          json{{"game", game}, {"vs", "friend"}, {"options", {{"turn_limit", turns}}}}.dump());
    };
    const auto over = with(501);  // the schemas allow 100,000 (Warfare) and 1,000,000
    EXPECT_EQ(over.status, 400) << game;
    EXPECT_NE(error_of(over).find("501 is not allowed (allowed: a whole number from 1 to 500)"),
              std::string::npos)
        << over.body;
    // An error's list of the options says the cap too (it said the schema's 1..100000).
    const auto unknown =
        hub.create_game(json{{"game", game}, {"vs", "friend"}, {"options", {{"nope", 1}}}}.dump());
    EXPECT_NE(error_of(unknown).find("turn_limit (1..500)"), std::string::npos) << unknown.body;
    EXPECT_EQ(with(500).status, 201) << game;
    EXPECT_EQ(hub.create_game(json{{"game", game}}.dump()).status, 201) << game;  // the default
  }
  const json catalogue = json::parse(hub.catalogue().body);
  EXPECT_EQ(catalogue["max_turn_limit"], 500);
  // The schemas the page builds its form from say the server's cap.
  int capped = 0;
  for (const json& game : catalogue["games"])
    for (const json& option : game["options"])
      if (option["name"] == "turn_limit") {
        EXPECT_EQ(option["max"], 500) << game["name"];
        ++capped;
      }
  EXPECT_GE(capped, 2);
  // A cap below a game's default refuses the default game, naming the cap.
  limits.max_turn_limit = 100;
  Hub short_games(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  const auto by_default = short_games.create_game(R"({"vs": "friend"})");
  EXPECT_EQ(by_default.status, 400);
  EXPECT_NE(error_of(by_default).find("at most 100 turns"), std::string::npos) << by_default.body;
  // 0: no cap.
  limits.max_turn_limit = 0;
  Hub open(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  EXPECT_EQ(open.create_game(R"({"vs": "friend", "options": {"turn_limit": 100000}})").status, 201);
}

/// A WebSocket client that says where it connects from (the server's sessions do).
struct AddressedClient : RecordingClient {
  std::string address() const override { return "192.0.2.7"; }
};

TEST(ApiLimits, ARematchPastTheCreationLimitIsRefused) {
  PumpLoop loop;
  HubLimits limits;
  limits.games_per_minute = 2;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  const auto made = hub.create_game(
      R"({"game": "ancient-generals", "vs": "friend", "options": {"turn_limit": 2}})", "192.0.2.7");
  ASSERT_EQ(made.status, 201) << made.body;
  const json g = json::parse(made.body);
  auto one = std::make_shared<AddressedClient>(), two = std::make_shared<AddressedClient>();
  say(hub, one, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  say(hub, two, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
  for (int step = 0; step < 200 && !one->state()["over"].get<bool>(); ++step) {
    auto& me = one->state()["to_act"] == 1 ? one : two;
    const json st = me->state();
    say(hub, me, {{"type", "act"}, {"action", st["legal"][0]}, {"version", st["version"]}});
  }
  ASSERT_TRUE(one->state()["over"].get<bool>());
  // The address's second game this minute: the limit reached.
  EXPECT_EQ(hub.create_game(R"({"vs": "friend"})", "192.0.2.7").status, 201);
  EXPECT_EQ(hub.create_game(R"({"vs": "friend"})", "192.0.2.7").status, 429);
  say(hub, one, {{"type", "rematch"}});
  EXPECT_EQ(one->last()["code"], "too-many-games") << one->last();
  EXPECT_TRUE(one->state()["rematch"].is_null());
  // Another address's client gets its rematch.
  auto other = std::make_shared<RecordingClient>();  // an unknown address: not counted
  say(hub, other, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
  say(hub, other, {{"type", "rematch"}});
  EXPECT_TRUE(other->last()["rematch"].is_string()) << other->last();
}

/// A client of another address.
struct OtherAddressClient : RecordingClient {
  std::string address() const override { return "198.51.100.9"; }
};

TEST(ApiLimits, WholeStatesAskedForTooOftenFromOneAddressAreRefusedUntilItsBudgetRefills) {
  // Each sync (or hello, or stale act) is answered with the game's whole log: half a
  // millisecond of the game thread in a long game. One address gets so many bytes a second of
  // them, with eight seconds' worth at once (hostile-client review H-5).
  PumpLoop loop;
  HubLimits limits = unlimited();
  limits.whole_state_bytes_per_second = 20000;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  const auto made = hub.create_game(R"({"vs": "friend"})");
  ASSERT_EQ(made.status, 201) << made.body;
  const json g = json::parse(made.body);
  auto flood = std::make_shared<AddressedClient>();
  say(hub, flood, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  ASSERT_FALSE(flood->state().is_null());
  const std::size_t size = flood->state().dump().size();
  int states = 1;
  bool refused = false;
  for (int i = 0; i < 400 && !refused; ++i) {
    say(hub, flood, {{"type", "sync"}});
    refused = flood->last()["type"] == "error";
    if (!refused) ++states;
  }
  ASSERT_TRUE(refused) << "400 syncs of " << size << " bytes each were all answered";
  EXPECT_EQ(flood->last()["code"], "too_fast") << flood->last();
  // About the burst's worth got through (8 seconds at the rate), not one message more than
  // fits in it.
  const double burst = static_cast<double>(limits.whole_state_bytes_per_second) * 8;
  EXPECT_GE(states, 2);
  EXPECT_LE(static_cast<double>(states - 1) * static_cast<double>(size), burst * 1.2)
      << states << " states of " << size << " bytes";
  // Another address is served meanwhile; so is a client whose address is unknown.
  auto other = std::make_shared<OtherAddressClient>();
  say(hub, other, {{"type", "hello"}, {"game", g["id"]}});
  EXPECT_EQ(other->last()["type"], "state") << other->last();
  auto unknown = std::make_shared<RecordingClient>();
  say(hub, unknown, {{"type", "hello"}, {"game", g["id"]}});
  for (int i = 0; i < 50; ++i) say(hub, unknown, {{"type", "sync"}});
  EXPECT_EQ(unknown->last()["type"], "state") << unknown->last();
  // Once the budget has refilled by a message's worth, the address is answered again.
  std::this_thread::sleep_for(std::chrono::milliseconds(
      static_cast<int>(1000.0 * static_cast<double>(size) /
                       static_cast<double>(limits.whole_state_bytes_per_second)) +
      300));
  say(hub, flood, {{"type", "sync"}});
  EXPECT_EQ(flood->last()["type"], "state") << flood->last();
}

TEST(ApiLimits, TakingBackWithoutEndIsChargedToTheAskersBudgetOfWholeStates) {
  // An undo sends every subscriber the whole game again: acting and taking back in a loop
  // would be a sync flood sent to everyone, so it is charged to the asking address.
  PumpLoop loop;
  HubLimits limits = unlimited();
  limits.whole_state_bytes_per_second = 20000;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", limits);
  const auto made = hub.create_game(R"({"vs": "friend"})");
  ASSERT_EQ(made.status, 201) << made.body;
  const json g = json::parse(made.body);
  std::shared_ptr<RecordingClient> me = std::make_shared<AddressedClient>();
  std::shared_ptr<RecordingClient> friend_ = std::make_shared<OtherAddressClient>();
  say(hub, me, {{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  say(hub, friend_, {{"type", "hello"}, {"game", g["id"]}, {"token", g["invite_token"]}});
  // Play until an action of mine may be taken back.
  json before, after;
  for (int step = 0; step < 100; ++step) {
    auto& who = me->state()["to_act"] == 1 ? me : friend_;
    before = who->state();
    say(hub, who,
        {{"type", "act"}, {"action", before["legal"].back()}, {"version", before["version"]}});
    after = who->last();
    ASSERT_EQ(after["type"], "state") << after;
    if (who == me && after["can_undo"].get<bool>()) break;
  }
  ASSERT_TRUE(after["can_undo"].get<bool>()) << "no action of player 1 could be taken back";
  int undone = 0;
  bool refused = false;
  for (int i = 0; i < 400 && !refused; ++i) {
    say(hub, me, {{"type", "undo"}, {"version", after["version"]}});
    refused = me->last()["type"] == "error";
    if (refused) break;
    ++undone;
    say(hub, me,
        {{"type", "act"}, {"action", before["legal"].back()}, {"version", before["version"]}});
    ASSERT_EQ(me->last()["type"], "state") << me->last();
  }
  ASSERT_TRUE(refused) << undone << " undos were all answered";
  EXPECT_EQ(me->last()["code"], "too_fast") << me->last();
  EXPECT_GE(undone, 1);
  // Nothing was lost: the action stands, and the friend was told of every change.
  EXPECT_EQ(me->state()["version"], after["version"]);
  EXPECT_EQ(friend_->state()["version"], after["version"]);
}

TEST(ApiLimits, AComputerDecisionForAPositionTakenBackIsNotPlayed) {
  // The computer decides on the worker and posts its action to the loop, which this test runs
  // by hand: the decision for the position after action A waits there while the person takes
  // A back and plays B. The game's version is then the same number again; the decision is for
  // another position and must not be played (nor refused and logged) but made again.
  PumpLoop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  const auto posted = [&] {
    std::lock_guard lock(loop.mutex);
    return !loop.queue.empty();
  };
  int raced = 0;
  // Seeded games, as many as it takes (a game may end before the race could be set up).
  for (int game = 0; game < 8 && raced == 0; ++game) {
    const auto made = hub.create_game(
        json{{"game", "ancient-generals"}, {"agent", "random"}, {"seed", 500 + game}}.dump());
    ASSERT_EQ(made.status, 201) << made.body;
    const json g = json::parse(made.body);
    auto me = seated(hub, g["id"], g["token"]);
    for (int tries = 0; tries < 40 && raced < 3; ++tries) {
      ASSERT_TRUE(loop.pump_until([&] {
        const json st = me->state();
        return st["over"].get<bool>() || (st["to_act"] == 1 && !st["thinking"].get<bool>());
      }));
      const json before = me->state();
      if (before["over"].get<bool>()) break;
      const std::size_t v = before["version"];
      if (before["legal"].size() < 2) {
        say(hub, me, {{"type", "act"}, {"action", before["legal"][0]}, {"version", v}});
        continue;
      }
      say(hub, me, {{"type", "act"}, {"action", before["legal"][0]}, {"version", v}});
      const json after = me->state();
      if (after["to_act"] != 2 || !after["can_undo"].get<bool>()) continue;
      // The computer's decision for this position is made and waits to be played.
      for (int i = 0; i < 2500 && !posted(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      ASSERT_TRUE(posted());
      say(hub, me, {{"type", "undo"}, {"version", v + 1}});
      ASSERT_EQ(me->last()["type"], "state") << me->last();
      say(hub, me, {{"type", "act"}, {"action", before["legal"][1]}, {"version", v}});
      ASSERT_EQ(me->state()["version"], v + 1);
      if (me->state()["to_act"] != 2) continue;
      ++raced;
      ::testing::internal::CaptureStderr();
      loop.pump_until([] { return false; }, 1);  // the stale decision arrives: only that
      const std::string log = ::testing::internal::GetCapturedStderr();
      EXPECT_EQ(me->state()["version"], v + 1) << "the stale decision was played";
      EXPECT_EQ(log.find("refused"), std::string::npos) << log;
      // The computer decides again, for the position as it stands: the game goes on.
      ASSERT_TRUE(loop.pump_until([&] {
        return me->state()["over"].get<bool>() || me->state()["version"].get<std::size_t>() > v + 1;
      }));
    }
  }
  EXPECT_GT(raced, 0);
}

}  // namespace ancients::server::api_limits_test
