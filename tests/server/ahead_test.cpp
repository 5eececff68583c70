// Deciding ahead of one's turn (server/game_session_ahead.cpp): every person of a battle
// deploys at the same time, hidden, as multiplayer.md says; each deployment chosen ahead is
// stored before it is acknowledged, played when its player's turn comes (in turn order, after a
// restart too), and the offer shows nothing of the others' deployments. A choice that is not a
// whole legal decision is refused and changes nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include <unistd.h>

#include "server/hub.h"
#include "server/hub_fixtures.h"

namespace ancients::server {
namespace {
namespace ahead {  // (the unity build puts the other hub tests' helpers beside these)

using nlohmann::json;
using Person = testing::RecordingClient;
using Loop = testing::PumpLoop;

HubLimits no_creation_limit() {
  HubLimits l;
  l.games_per_minute = 0;
  return l;
}

json create(Hub& hub, const json& req) {
  const auto a = hub.create_game(req.dump());
  EXPECT_EQ(a.status, 201) << a.body;
  return json::parse(a.body);
}

void say(Hub& hub, const std::shared_ptr<Person>& c, const json& m) {
  hub.on_message(c, m.dump());
}

/// A 2+2 battle of four people: the creator's token and the three invitations, by seat.
std::vector<std::string> four_people(Hub& hub, json* game) {
  const json options = {{"board", 12}, {"contingents", true}, {"players", "2+2"}};
  *game = create(hub, {{"vs", "friend"}, {"options", options}});
  std::vector<std::string> tokens = {(*game)["token"]};
  for (const auto& invite : (*game)["invites"]) tokens.push_back(invite["token"]);
  EXPECT_EQ(tokens.size(), 4u);
  return tokens;
}

/// Each seat's person at the table (index 0: seat 1).
std::vector<std::shared_ptr<Person>> seat_all(Hub& hub, const json& game,
                                              const std::vector<std::string>& tokens) {
  std::vector<std::shared_ptr<Person>> people;
  for (const auto& t : tokens) {
    people.push_back(std::make_shared<Person>());
    say(hub, people.back(), {{"type", "hello"}, {"game", game["id"]}, {"token", t}});
  }
  return people;
}

/// The log as a person's state messages told it (each after an action has only the new lines).
json whole_log(const Person& p) {
  json log = json::array();
  for (const auto& m : p.got) {
    if (m["type"] != "state") continue;
    const auto from = m["log_from"].get<std::size_t>();
    while (log.size() > from) log.erase(log.size() - 1);
    for (const auto& line : m["log"]) log.push_back(line);
  }
  return log;
}

/// The deployment a seat is offered ahead of its turn (its only action: the automatic one).
std::string offered_ahead(const Person& p) {
  const json& ahead = p.state()["ahead"];
  EXPECT_TRUE(ahead.is_object()) << p.state().dump().substr(0, 300);
  if (!ahead.is_object()) return "";
  EXPECT_EQ(ahead["legal"].size(), 1u);
  EXPECT_EQ(ahead["actions"][0]["kind"], "deploy");
  return ahead["legal"][0];
}

TEST(Ahead, EveryArmyOfAFourPlayerBattleIsDeployedAtOnceAndPlayedInTurnOrder) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", no_creation_limit());
  json g;
  const auto people = seat_all(hub, g, four_people(hub, &g));
  ASSERT_EQ(people[0]->state()["to_act"], 1);
  EXPECT_TRUE(people[0]->state()["ahead"].is_null()) << "the player to act plays the action itself";
  EXPECT_FALSE(people[0]->state()["legal"].empty());
  std::vector<std::string> chosen(4);
  for (int seat = 2; seat <= 4; ++seat) {
    const json& st = people[seat - 1]->state();
    EXPECT_TRUE(st["legal"].empty()) << "seat " << seat << " is not to act";
    chosen[seat - 1] = offered_ahead(*people[seat - 1]);
  }
  // Seat 4, then 3, then 2 deploy while seat 1 is still arranging; the versions they send are
  // old (a choice made ahead does not depend on the actions since).
  for (int seat = 4; seat >= 2; --seat) {
    say(hub, people[seat - 1], {{"type", "act"}, {"action", chosen[seat - 1]}, {"version", 0}});
    const json& st = people[seat - 1]->last();
    ASSERT_EQ(st["type"], "state") << st.dump();
    EXPECT_EQ(st["ahead"]["queued"], chosen[seat - 1]);
    EXPECT_EQ(st["ahead"]["queued_info"]["kind"], "deploy");
    EXPECT_EQ(st["ahead"]["queued_info"]["units"].size(),
              st["ahead"]["actions"][0]["units"].size());
    EXPECT_EQ(st["version"], 0) << "nothing played yet";
    EXPECT_TRUE(st["players"][seat - 1]["ready"].get<bool>());
    EXPECT_TRUE(people[0]->state()["players"][seat - 1]["ready"].get<bool>())
        << "everyone sees who is ready";
    EXPECT_EQ(st["view"]["units"].size(), 0u) << "no deployment shows before all are made";
  }
  // Seat 1 deploys: the three kept deployments follow in turn order, and the battle begins.
  const json& first = people[0]->state();
  say(hub, people[0],
      {{"type", "act"}, {"action", first["legal"][0]}, {"version", first["version"]}});
  ASSERT_TRUE(loop.pump_until([&] { return people[0]->state()["version"] == 4; }))
      << people[0]->state().dump().substr(0, 400);
  const json& now = people[0]->state();
  EXPECT_NE(now["view"]["phase"], "deploy");
  std::set<int> owners;
  for (const auto& u : now["view"]["units"]) owners.insert(u["owner"].get<int>());
  EXPECT_EQ(owners, (std::set<int>{1, 2, 3, 4})) << "every army on the board";
  const json log = whole_log(*people[2]);
  ASSERT_EQ(log.size(), 4u) << log.dump();
  for (int seat = 1; seat <= 4; ++seat) {
    EXPECT_EQ(log[seat - 1]["player"], seat) << "played in turn order";
    if (seat > 1) {  // its own deployment, as it chose it (the others read it hidden)
      EXPECT_EQ(whole_log(*people[seat - 1])[seat - 1]["text"], chosen[seat - 1]);
    }
  }
  for (int seat = 1; seat <= 4; ++seat) {
    EXPECT_TRUE(people[seat - 1]->state()["ahead"].is_null());
    EXPECT_FALSE(people[seat - 1]->state()["players"][seat - 1]["ready"].get<bool>());
  }
}

TEST(Ahead, TheOfferShowsNothingOfTheDeploymentsMadeBeforeIt) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", no_creation_limit());
  json g;
  const auto people = seat_all(hub, g, four_people(hub, &g));
  const json before = people[3]->state()["ahead"];
  ASSERT_TRUE(before.is_object());
  for (int seat = 1; seat <= 2; ++seat) {  // seats 1 and 2 deploy at their turns
    const json& st = people[seat - 1]->state();
    ASSERT_EQ(st["to_act"], seat);
    say(hub, people[seat - 1],
        {{"type", "act"}, {"action", st["legal"][0]}, {"version", st["version"]}});
    ASSERT_TRUE(loop.pump_until([&] { return people[3]->state()["version"] == seat; }));
    EXPECT_EQ(people[3]->state()["ahead"], before)
        << "seat 4's offer is the same whatever the others deployed";
    EXPECT_EQ(people[3]->state()["view"]["units"].size(), 0u);
  }
}

TEST(Ahead, AChoiceThatIsNotAWholeLegalDecisionIsRefusedAndChangesNothing) {
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", no_creation_limit());
  json g;
  const auto people = seat_all(hub, g, four_people(hub, &g));
  const std::string whole = offered_ahead(*people[1]);
  const std::string part = whole.substr(0, whole.find(','));  // its first unit only
  auto watcher = std::make_shared<Person>();
  say(hub, watcher, {{"type", "hello"}, {"game", g["id"]}});
  for (const std::string& bad : {std::string("pass"), std::string("deploy nonsense"), part,
                                 std::string("deploy"), std::string(4000, 'x')}) {
    say(hub, people[1], {{"type", "act"}, {"action", bad}, {"version", 0}});
    EXPECT_EQ(people[1]->last()["type"], "error") << bad;
    EXPECT_EQ(people[1]->last()["code"], "illegal") << bad;
    EXPECT_TRUE(people[1]->state()["ahead"]["queued"].is_null());
  }
  // A spectator cannot, and a choice once kept may be replaced by another.
  say(hub, watcher, {{"type", "act"}, {"action", whole}, {"version", 0}});
  EXPECT_EQ(watcher->last()["code"], "spectator");
  say(hub, people[1], {{"type", "act"}, {"action", whole}, {"version", 0}});
  EXPECT_EQ(people[1]->last()["ahead"]["queued"], whole);
  EXPECT_TRUE(watcher->last()["players"][1]["ready"].get<bool>());
  EXPECT_TRUE(watcher->last()["ahead"].is_null()) << "a spectator is offered nothing";
}

TEST(Ahead, AKeptChoiceIsStoredAndPlayedAfterARestart) {
  const auto db = std::filesystem::temp_directory_path() /
                  ("ancients-ahead-" + std::to_string(::getpid()) + ".db");
  std::filesystem::remove(db);
  json g;
  std::vector<std::string> tokens;
  std::string chosen;
  {
    Loop loop;
    Hub hub(open_sqlite_storage(db.string()), loop.post(), 1, "random", no_creation_limit());
    tokens = four_people(hub, &g);
    const auto people = seat_all(hub, g, tokens);
    chosen = offered_ahead(*people[2]);
    say(hub, people[2], {{"type", "act"}, {"action", chosen}, {"version", 0}});
    ASSERT_EQ(people[2]->last()["ahead"]["queued"], chosen);
  }
  {
    Loop loop;
    Hub hub(open_sqlite_storage(db.string()), loop.post(), 1, "random", no_creation_limit());
    const auto people = seat_all(hub, g, tokens);
    EXPECT_EQ(people[2]->state()["ahead"]["queued"], chosen) << "kept across the restart";
    for (int seat = 1; seat <= 2; ++seat) {
      const json& st = people[seat - 1]->state();
      ASSERT_EQ(st["to_act"], seat);
      say(hub, people[seat - 1],
          {{"type", "act"}, {"action", st["legal"][0]}, {"version", st["version"]}});
      ASSERT_TRUE(loop.pump_until([&] { return people[0]->state()["version"] >= seat; }));
    }
    ASSERT_TRUE(loop.pump_until([&] { return people[0]->state()["version"] == 3; }));
    EXPECT_EQ(people[0]->state()["to_act"], 4) << "seat 3's kept deployment was played";
    const json log = whole_log(*people[2]);
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(log.back()["player"], 3);
    EXPECT_EQ(log.back()["text"], chosen);
  }
  std::filesystem::remove(db);
}

}  // namespace ahead
}  // namespace
}  // namespace ancients::server
