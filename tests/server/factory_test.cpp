// The server serves games only through the core's registry and factory: the tests-only
// tiny-duel game (tests/testgame, no server code for it) is listed in the catalogue, created,
// played to its end and recorded (a generic record, verified by re-play) through the HTTP
// routes and the WebSocket protocol; every game and a set of its options survives create ->
// act -> a restart on the same database with the same state; every option of every schema is
// accepted by POST /api/games; and a game stored in the older per-game setup layout is still
// loaded, the same game as in the new one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "core/errors.h"
#include "core/generic_record.h"
#include "core/registry.h"
#include "games/register_games.h"
#include "games/warfare/descriptor.h"
#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"
#include "server/game_session.h"
#include "server/hub.h"
#include "server/hub_fixtures.h"
#include "server/routes.h"
#include "testgame/tiny_duel.h"

namespace ancients::server::factory_cases {
namespace {

using nlohmann::json;
using FakeClient = testing::RecordingClient;
using Loop = testing::PumpLoop;

/// The built-in games, then the tests-only tiny-duel beside them (as tests/testgame/main.cpp
/// registers them: the first registered game stays the default one).
void register_games() {
  register_builtin_games();
  testgame::register_tiny_duel();
}

/// No limit on creations: these tests create many games from one address.
HubLimits unlimited() {
  HubLimits l;
  l.games_per_minute = 0;
  return l;
}

void say(Hub& hub, const std::shared_ptr<FakeClient>& c, const json& m) {
  hub.on_message(c, m.dump());
}

/// A database file of its own for one test, removed at the end.
struct TempDb {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("ancients-factory-" + std::to_string(::getpid()) + "-" +
       std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + ".db");
  ~TempDb() {
    for (const char* tail : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + tail);
  }
};

/// Two connected seats of a game created for two people.
struct Table {
  std::shared_ptr<FakeClient> one = std::make_shared<FakeClient>();
  std::shared_ptr<FakeClient> two = std::make_shared<FakeClient>();
  json game;
  Table(Hub& hub, const json& created) : game(created) {
    say(hub, one, {{"type", "hello"}, {"game", game["id"]}, {"token", game["token"]}});
    say(hub, two, {{"type", "hello"}, {"game", game["id"]}, {"token", game["invite_token"]}});
  }
  /// The seat to act plays the first (or last) action it is offered; false when none is.
  bool step(Hub& hub, bool first) {
    const json& a = one->last();
    if (a["type"] != "state" || a["over"].get<bool>()) return false;
    auto& me = a["to_act"] == 1 ? one : two;
    const json st = me->last();
    if (st["legal"].empty()) return false;
    const json action = first ? st["legal"].front() : st["legal"].back();
    say(hub, me, {{"type", "act"}, {"action", action}, {"version", st["version"]}});
    return me->last()["type"] == "state";
  }
};

TEST(Factory, ATestsOnlyGameIsCreatedPlayedAndRecordedThroughTheApi) {
  register_games();
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  Router router(hub, "");
  const auto cat = router.handle({"GET", "/api/catalogue", "", ""});
  ASSERT_EQ(cat.status, 200);
  const json games = json::parse(cat.body)["games"];
  const auto duel = std::find_if(games.begin(), games.end(),
                                 [](const json& g) { return g["name"] == "tiny-duel"; });
  ASSERT_NE(duel, games.end()) << cat.body;
  EXPECT_EQ((*duel)["options"], schema_to_json(game_named("tiny-duel").options));

  const json req = {{"game", "tiny-duel"}, {"vs", "friend"}, {"options", {{"wins", "lower"}}}};
  const auto made = router.handle({"POST", "/api/games", req.dump(), "127.0.0.1"});
  ASSERT_EQ(made.status, 201) << made.body;
  Table t(hub, json::parse(made.body));
  auto watcher = std::make_shared<FakeClient>();
  say(hub, watcher, {{"type", "hello"}, {"game", t.game["id"]}});
  EXPECT_EQ(t.one->last()["legal"], json({"play 1", "play 2", "play 3"}));
  EXPECT_EQ(t.one->last()["view"]["options"]["wins"], "lower");
  for (int i = 0; i < 6; ++i) ASSERT_TRUE(t.step(hub, i % 2 == 0)) << i;
  const json end = t.two->last();
  EXPECT_TRUE(end["over"].get<bool>());
  EXPECT_EQ(end["version"], 6);
  // Player 1's face-down card is hidden from the others in the log, by the game itself.
  EXPECT_EQ(watcher->got[1]["log"][0]["text"], "play (hidden)");
  EXPECT_EQ(t.one->got[1]["log"][0]["text"], "play 1");

  const auto rec =
      router.handle({"GET", "/api/games/" + t.game["id"].get<std::string>() + "/record", "", ""});
  ASSERT_EQ(rec.status, 200) << rec.body;
  const json record = json::parse(rec.body);
  EXPECT_EQ(record["format"], "ancients-record");
  EXPECT_EQ(record["game"], "tiny-duel");
  EXPECT_EQ(record["options"]["wins"], "lower");
  EXPECT_EQ(record["actions"].size(), 6u);
  EXPECT_EQ(record["result"]["winner"], end["winner"]);
  // The generic record, which the terminal replays and resumes: it verifies, and reaches the
  // game's end.
  const auto reached =
      ancients::replay_generic_record(ancients::generic_record_from_json(record, "record"));
  EXPECT_TRUE(reached->is_over());
  EXPECT_EQ(ancients::winner_to_json(reached->winner()).dump(), end["winner"].dump());
}

/// Requests covering every registered game and, together, every option of every schema.
std::vector<json> every_option_requests() {
  return {
      {{"game", "ancient-warfare"}, {"options", {{"edition", "retreat"}}}},
      {{"game", "ancient-warfare"},
       {"options",
        {{"edition", "autokill"},
         {"board", 12},
         {"turn_limit", 50},
         {"defend_autokill", true},
         {"pursuit", true},
         {"multi_move", true},
         {"retreat_away", true},
         {"elephant_house", true},
         {"horde_house", true},
         {"nominated_general", true},
         {"house_terrain", true},
         {"dba_setup", true},
         {"army1", "random"},
         {"map", "generated"}}}},
      {{"game", "ancient-warfare"},
       {"options", {{"edition", "retreat"}, {"army1", "huns"}, {"army2", "parthians"}}}},
      {{"game", "ancient-generals"}, {"options", {{"turn_limit", 40}, {"first_player", 2}}}},
      // A multiplayer battle (its own table: one invitation per seat).
      {{"game", "ancient-warfare"},
       {"options",
        {{"board", 12},
         {"contingents", true},
         {"players", "2+2"},
         {"army3", "random"},
         {"army4", "random"},
         {"army5", "random"},
         {"army6", "random"}}}},
      {{"game", "tiny-duel"},
       {"options", {{"cards", 4}, {"wins", "higher"}, {"sudden_death", true}, {"open", true}}}},
  };
}

TEST(Factory, EveryOptionOfEverySchemaIsAcceptedAndBadOnesAreRefusedByName) {
  register_games();
  Loop loop;
  Hub hub(open_sqlite_storage(":memory:"), loop.post(), 1, "random", unlimited());
  std::set<std::string> covered;
  for (json req : every_option_requests()) {
    req["vs"] = "friend";
    const auto a = hub.create_game(req.dump());
    EXPECT_EQ(a.status, 201) << req.dump() << "\n" << a.body;
    if (req["options"].contains("contingents")) {  // an invitation for each other seat
      EXPECT_EQ(json::parse(a.body)["invites"].size(), 3u) << a.body;
    }
    for (const auto& [k, v] : req["options"].items())
      covered.insert(req["game"].get<std::string>() + "." + k);
  }
  // Every bundled map of each board.
  const json catalogue = json::parse(hub.catalogue().body);  // (kept alive for the loop)
  for (const auto& o : catalogue["games"][0]["options"]) {
    if (o["name"] != "map") continue;
    for (const auto& [board, names] : o["choices_by"]["values"].items())
      for (const auto& m : names) {
        const json req = {{"vs", "friend"}, {"options", {{"map", m}}}};
        EXPECT_EQ(hub.create_game(req.dump()).status, 201) << m;
        covered.insert("ancient-warfare.map");
      }
  }
  for (const auto& g : registered_games())
    for (const auto& o : g.options)
      EXPECT_TRUE(covered.count(g.name + "." + o.name)) << g.name << " " << o.name;
  // The schema marks the options of multiplayer battles (front ends that seat two skip them).
  EXPECT_NE(catalogue["games"][0].dump().find("\"multiplayer\":true"), std::string::npos);
  for (const char* body :
       {R"({"game":"tiny-duel","options":{"cards":12}})",
        R"({"game":"tiny-duel","options":{"sudden_death":true,"wins":"lower"}})",
        R"({"options":{"dba_setup":true}})", R"({"options":{"edition":"third"}})",
        R"({"edition":"retreat","options":{"edition":"autokill"}})",
        R"({"game":"ancient-generals","armies":["gauls"]})"}) {
    const auto a = hub.create_game(body);
    EXPECT_EQ(a.status, 400) << body;
    EXPECT_FALSE(json::parse(a.body)["error"].get<std::string>().empty()) << body;
  }
}

TEST(Factory, EachGameIsTheSameAfterARestartOnTheSameDatabase) {
  register_games();
  for (json req : every_option_requests()) {
    if (req["options"].contains("contingents")) continue;  // its seats: the hub's own test
    req["vs"] = "friend";
    TempDb db;
    json before_one, before_two, id;
    {
      Loop loop;
      Hub hub(open_sqlite_storage(db.path.string()), loop.post(), 1, "random", unlimited());
      const auto a = hub.create_game(req.dump());
      ASSERT_EQ(a.status, 201) << a.body;
      Table t(hub, json::parse(a.body));
      for (int i = 0; i < 5; ++i)
        if (!t.step(hub, i % 2 == 1)) break;
      before_one = t.one->last();
      before_two = t.two->last();
      id = t.game["id"];
      ASSERT_GE(before_one["version"].get<int>(), 2) << req.dump();
    }
    Loop loop;
    Hub hub(open_sqlite_storage(db.path.string()), loop.post(), 1, "random", unlimited());
    auto one = std::make_shared<FakeClient>(), two = std::make_shared<FakeClient>();
    const auto stored = open_sqlite_storage(db.path.string())->load_game(id);
    ASSERT_TRUE(stored.has_value());
    const json setup = json::parse(stored->setup);
    say(hub, one, {{"type", "hello"}, {"game", id}, {"token", setup["seats"][0]["token"]}});
    say(hub, two, {{"type", "hello"}, {"game", id}, {"token", setup["seats"][1]["token"]}});
    say(hub, one, {{"type", "sync"}});  // now that both are back at the table
    say(hub, two, {{"type", "sync"}});
    for (const char* key : {"view", "legal", "to_act", "version", "players"}) {
      EXPECT_EQ(one->last()[key], before_one[key]) << req.dump() << " " << key;
      EXPECT_EQ(two->last()[key], before_two[key]) << req.dump() << " " << key;
    }
    // The stored setup is the factory's: the game, every option resolved, the seed.
    EXPECT_EQ(setup["setup"]["game"], req["game"]);
    EXPECT_EQ(setup["setup"]["options"].size(),
              game_named(req["game"].get<std::string>()).options.size());
  }
}

TEST(Factory, AGameStoredInTheOlderLayoutIsLoadedAsTheSameGame) {
  // The older server stored Ancient Warfare as edition, position options, both armies and the
  // battlefield as JSON, and the seed. Build that layout for the game the new one stores.
  register_games();
  const std::uint64_t seed = 4242;
  const NewGame made = create_game(
      "ancient-warfare", {{"edition", "retreat"}, {"army1", "huns"}, {"pursuit", true}}, seed);
  const auto s = warfare::setup_from_options(made.options, seed, OptionContext{});
  const auto rules = warfare::builtin_ruleset(s.edition);
  json position_options = json::object();
  for (const char* key :
       {"board", "turn_limit", "defend_autokill", "pursuit", "multi_move", "retreat_away",
        "elephant_house", "horde_house", "nominated_general", "house_terrain", "dba_setup"})
    position_options[key] = made.options[key];
  const json old_setup = {
      {"game", "ancient-warfare"},
      {"edition", s.edition},
      {"options", position_options},
      {"armies",
       {warfare::army_to_json(s.armies[0], *rules), warfare::army_to_json(s.armies[1], *rules)}},
      {"field", warfare::battlefield_to_json(s.field)},
      {"seed", std::to_string(seed)},
      {"date", "2026-11-01T10:00:00Z"}};
  const json new_setup = {{"game", "ancient-warfare"},
                          {"options", made.options},
                          {"seed", std::to_string(seed)},
                          {"date", "2026-11-01T10:00:00Z"}};
  const auto stored_text = [](const json& setup) {
    return json{{"setup", setup},
                {"seats",
                 {{{"token", std::string(32, 'a')}, {"controller", "human"}, {"name", "Gauls"}},
                  {{"token", std::string(32, 'b')}, {"controller", "human"}, {"name", "B"}}}},
                {"agent_seed", "7"},
                {"seed_chosen", false}}
        .dump();
  };
  auto storage = std::shared_ptr<Storage>(open_sqlite_storage(":memory:"));
  storage->create_game("oldlayout", stored_text(old_setup));
  storage->create_game("newlayout", stored_text(new_setup));
  // Both deployments (the automatic one each side is offered) stored as actions.
  auto probe = state_from_setup(new_setup);
  for (int seq = 0; seq < 2; ++seq) {
    const int player = probe->to_act();
    const std::string text = offered_actions(*probe, 99 + static_cast<unsigned>(seq)).front();
    probe->apply_text(text);
    for (const char* id : {"oldlayout", "newlayout"})
      storage->append_action(id, {seq, player, text});
  }
  const auto old_game = GameSession::restore(*storage->load_game("oldlayout"));
  const auto new_game = GameSession::restore(*storage->load_game("newlayout"));
  EXPECT_EQ(old_game->version(), 2u);
  EXPECT_EQ(old_game->replay(), new_game->replay());
  EXPECT_EQ(old_game->replay()["layout"], "board");
  EXPECT_TRUE(old_game->replay()["winner"].is_null());  // still being played
  for (int viewer = 0; viewer <= 2; ++viewer)
    EXPECT_EQ(old_game->state_message(viewer)["view"], new_game->state_message(viewer)["view"]);
  // Its record is written from the same options (the armies and map inline).
  const json record = old_game->record();
  EXPECT_EQ(record["format"], "ancients-record");
  EXPECT_EQ(record["actions"].size(), 2u);
  EXPECT_EQ(record["actions"], new_game->record()["actions"]);
  // Through the hub: the old game is served, not damaged.
  Loop loop;
  Hub hub(storage, loop.post(), 1, "random");
  auto c = std::make_shared<FakeClient>();
  say(hub, c, {{"type", "hello"}, {"game", "oldlayout"}, {"token", std::string(32, 'a')}});
  ASSERT_EQ(c->last()["type"], "state") << c->last().dump();
  EXPECT_EQ(c->last()["view"]["edition"], "retreat");
  EXPECT_EQ(json::parse(hub.summary("oldlayout").body)["damaged"], false);
}

// Ancient Warfare's sides: "A+D" seats A + D players; each army is its player's.
TEST(Catalogue, WarfareSaysHowManyPlayersEachSideCountSeats) {
  register_builtin_games();
  const json j = schema_to_json(game_named("ancient-warfare").options);
  const auto option = [&](const std::string& name) {
    for (const auto& o : j)
      if (o["name"] == name) return o;
    return json();
  };
  const json players = option("players");
  ASSERT_EQ(players["seats"].size(), players["values"].size());
  for (std::size_t k = 0; k < players["values"].size(); ++k) {
    const std::string v = players["values"][k];
    EXPECT_EQ(players["seats"][k], (v[0] - '0') + (v[2] - '0')) << v;
  }
  for (int p = 1; p <= 6; ++p) EXPECT_EQ(option("army" + std::to_string(p))["seat"], p);
}

// What the schema says a map needs is what the game accepts: the ready-made maps only where no
// side has three players (16 files), "defender" only with the DBA-style set-up (the lobby
// offers them by these lists).
TEST(Catalogue, WarfareMapChoicesNeedWhatTheGameAccepts) {
  register_builtin_games();
  const json j = schema_to_json(game_named("ancient-warfare").options);
  json map;
  for (const auto& o : j)
    if (o["name"] == "map") map = o;
  ASSERT_TRUE(map.contains("choices_require")) << map.dump();
  ASSERT_EQ(map["choices_require"].size(), 1u);
  ASSERT_EQ(map["choices_require"][0]["option"], "players");
  const json& fitting = map["choices_require"][0]["values"];
  const std::string name = map["choices_by"]["values"]["12"].at(0);
  const auto builds = [](const json& options) {
    try {
      build_game({{"game", "ancient-warfare"}, {"options", options}}, 7);
      return true;
    } catch (const BadInput&) {
      return false;
    }
  };
  int refused = 0;
  for (const auto& players :
       json::parse(R"(["1+1","2+1","1+2","2+2","3+1","1+3","3+2","2+3","3+3"])")) {
    const bool offered = std::find(fitting.begin(), fitting.end(), players) != fitting.end();
    json options = {{"board", 12}, {"map", name}};
    if (players != "1+1") {  // two players: no contingents
      options["contingents"] = true;
      options["players"] = players;
    }
    EXPECT_EQ(builds(options), offered) << players;
    refused += offered ? 0 : 1;
  }
  EXPECT_EQ(refused, 5) << "every side of three is 16 files wide";
  const json& defender = map["special_require"]["defender"];
  ASSERT_EQ(defender.size(), 1u);
  EXPECT_EQ(defender[0]["option"], "dba_setup");
  EXPECT_EQ(defender[0]["values"], json::array({true}));
  EXPECT_FALSE(builds({{"board", 12}, {"map", "defender"}}));
  EXPECT_TRUE(builds({{"board", 12}, {"dba_setup", true}, {"map", "defender"}}));
}

}  // namespace
}  // namespace ancients::server::factory_cases
