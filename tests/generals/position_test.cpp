// Position JSON: round trips, the registry, extra fields, and every kind of malformed position
// or action text refused with a clear message (never a crash).
#include <gtest/gtest.h>

#include <functional>

#include "core/registry.h"
#include "games/generals/register.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

TEST(GeneralsPosition, RoundTripsToAnIdenticalState) {
  GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 7);
  const json j = s.to_json();
  const GeneralsState back = GeneralsState::from_position(json::parse(j.dump()), standard_cards());
  EXPECT_TRUE(back.equals(s));
  EXPECT_EQ(back.to_json(), j);
  EXPECT_EQ(back.hash(), s.hash());
  // The random stream travels with the position: the same actions give the same game.
  GeneralsState a = s;
  GeneralsState b = back;
  ActionList actions;
  for (int i = 0; i < 300 && !a.is_over(); ++i) {
    a.legal_actions(actions);
    const Action pick = actions[static_cast<std::size_t>(i) % actions.size()];
    a.apply(pick);
    b.apply(pick);
  }
  EXPECT_TRUE(a.equals(b));
}

TEST(GeneralsPosition, ReadThroughTheRegistry) {
  register_game();
  const GameInfo* info = find_game("generals");
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->name, "ancient-generals");
  const auto state = state_from_json(base_position());
  EXPECT_EQ(state->game(), "ancient-generals");
  EXPECT_EQ(state->to_act(), 1);
  const auto fresh = new_game(Options{}, 3);
  EXPECT_TRUE(from_json(fresh->to_json())->equals(*fresh));
}

TEST(GeneralsPosition, ExtraFieldsAndAnyHandOrder) {
  json j = base_position();
  j["comment"] = "extra fields are allowed";
  j["players"]["1"]["note"] = 1;
  j["players"]["1"]["hand"] = {"war-wagon", "bowmen", "war-wagon"};
  j.erase("battle");  // optional: an empty battle
  j.erase("rng");     // optional: a stream derived from the position
  const GeneralsState s = GeneralsState::from_position(j, standard_cards());
  EXPECT_EQ(pile(s, 1, "hand"), (std::vector<std::string>{"bowmen", "war-wagon", "war-wagon"}));
  EXPECT_TRUE(GeneralsState::from_position(j, standard_cards()).equals(s));  // deterministic
}

/// Expects the mutated base position to be refused with a message containing `what`.
void expect_bad(const std::function<void(json&)>& mutate, const std::string& what) {
  json j = base_position();
  mutate(j);
  try {
    GeneralsState::from_position(j, standard_cards());
    ADD_FAILURE() << "accepted " << j.dump() << "; expected: " << what;
  } catch (const BadInput& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind("position: ", 0), 0U) << m;
    EXPECT_NE(m.find(what), std::string::npos) << "\"" << m << "\" lacks \"" << what << "\"";
  }
}

TEST(GeneralsPosition, MalformedPositionsAreRefused) {
  expect_bad([](json& j) { j = json::array(); }, "expected a JSON object");
  expect_bad([](json& j) { j["game"] = "ancient-warfare"; }, "must be \"ancient-generals\"");
  expect_bad([](json& j) { j.erase("players"); }, "missing \"players\"");
  expect_bad([](json& j) { j.erase("winner"); }, "missing \"winner\"");
  expect_bad([](json& j) { j["players"].erase("2"); }, "players: missing \"2\"");
  expect_bad([](json& j) { j["players"]["1"]["hand"] = {"bowman"}; },
             "players.1.hand[0]: unknown card \"bowman\"");
  expect_bad([](json& j) { j["players"]["1"]["hand"] = "bowmen"; }, "must be a list of card names");
  expect_bad([](json& j) { j["players"]["1"]["hand"] = {1}; }, "must be a card name");
  expect_bad([](json& j) { j["players"]["2"].erase("flank"); }, "missing \"flank\"");
  expect_bad([](json& j) { j["players"]["2"]["flank"] = -1; }, "flank: must be between 0");
  expect_bad([](json& j) { j["phase"] = "battle"; }, "unknown phase \"battle\"");
  expect_bad([](json& j) { j["phase"] = 3; }, "phase: must be a string");
  expect_bad([](json& j) { j["turn"] = "one"; }, "turn: must be an integer");
  expect_bad([](json& j) { j["turn"] = 0; }, "turn: must be between 1");
  expect_bad([](json& j) { j["active"] = 3; }, "active: must be between 1 and 2");
  expect_bad([](json& j) { j["options"] = {{"turn_limit", 0}}; }, "options.turn_limit");
  expect_bad([](json& j) { j["turn"] = 301; }, "turn must be between 1 and turn_limit");
  expect_bad([](json& j) { j["to_act"] = 2; }, "the active player acts");
  expect_bad([](json& j) { j["to_act"] = nullptr; }, "to_act and phase disagree");
  expect_bad([](json& j) { j["winner"] = 1; }, "winner and phase disagree");
  expect_bad([](json& j) { j["winner"] = "nobody"; }, "winner: must be 1, 2, \"draw\" or null");
  expect_bad(
      [](json& j) {
        j["phase"] = "block";
        j["to_act"] = 2;
      },
      "no attackers in the block or tactics phase");
  expect_bad(
      [](json& j) {
        j["phase"] = "block";
        j["to_act"] = 2;
        j["battle"]["attackers"] = {"bowmen"};
        j["battle"]["blockers"] = {{"2", "nomads"}};
      },
      "battle.blockers.2: no attacker numbered \"2\"");
  expect_bad([](json& j) { j["battle"]["attackers"] = {"shields"}; }, "shields is not a unit");
  expect_bad([](json& j) { j["battle"]["attackers"] = {"bowmen"}; },
             "attackers outside the attack phase");
  expect_bad(
      [](json& j) {
        j["phase"] = "tactics";
        j["battle"]["attackers"] = {"bowmen"};
        j["battle"]["tactics"] = {{{"player", 1}, {"card", "rally"}, {"on", "1"}}};
      },
      "rally is not played in a battle");
  expect_bad(
      [](json& j) {
        j["phase"] = "tactics";
        j["battle"]["attackers"] = {"bowmen"};
        j["battle"]["tactics"] = {{{"player", 1}, {"card", "bloodlust"}, {"on", "b1"}}};
      },
      "attacker 1 is not blocked");
  expect_bad(
      [](json& j) {
        j["phase"] = "tactics";
        j["battle"]["attackers"] = {"bowmen"};
        j["battle"]["tactics"] = {{{"player", 3}, {"card", "overrun"}, {"on", "1"}}};
      },
      "player: must be between 1 and 2");
  expect_bad([](json& j) { j["battle"]["passes"] = 2; }, "battle.passes: must be between 0 and 1");
  expect_bad([](json& j) { j["battle"]["no_block"] = "yes"; }, "must be true or false");
  expect_bad([](json& j) { j["battle"] = 5; }, "battle: must be an object or null");
  expect_bad([](json& j) { j["rng"] = {"1", "2"}; }, "rng: must be a list of 4");
  expect_bad([](json& j) { j["rng"] = {"g", "1", "2", "3"}; }, "hexadecimal digits");
  expect_bad([](json& j) { j["rng"] = {"0", "0", "0", "0"}; }, "must not be all zero");
  expect_bad(
      [](json& j) {
        j["known"] = {{"1", {{"hand", {"elephants"}}}}};
      },
      "a known hand card is not in the hand");
  expect_bad(
      [](json& j) {
        j["known"] = {{"1", {{"hidden", {{"2", {"elephants"}}}}}}};
      },
      "is not there");
  expect_bad(
      [](json& j) {
        j["known"] = {{"2", {{"top", {{"1", 8}}}}}};
      },
      "more deck cards known than the deck holds");
  expect_bad(
      [](json& j) {
        j["players"]["1"]["deck"] = json::array();
        j["players"]["1"]["reserve"] = json::array();
      },
      "player 1 has no cards in deck or reserve");
  expect_bad([](json& j) { j["players"]["1"]["deck"] = std::vector<std::string>(101, "bowmen"); },
             "more than 100 cards");
  expect_bad(
      [](json& j) {
        j["players"]["1"]["deck"] = std::vector<std::string>(60, "bowmen");
        j["players"]["1"]["hand"] = std::vector<std::string>(60, "slingers");
      },
      "player 1 has more than 100 cards");
  expect_bad([](json& j) { j["floor"] = "bowmen"; }, "a floor only in the discard phase");
  expect_bad([](json& j) { j["floor"] = "nothing"; }, "floor: unknown card");
}

/// Every node of a JSON tree, by pointer, for mutation.
void collect(json& j, std::vector<json*>& out) {
  out.push_back(&j);
  if (j.is_object() || j.is_array())
    for (auto& child : j) collect(child, out);
}

TEST(GeneralsPosition, MutatedPositionsAreReadOrRefusedNeverCrash) {
  // Positions from random play, each with one node replaced by a value of another kind: the
  // reader either refuses it with BadInput or reads a sound state that round-trips.
  const std::vector<json> values = {nullptr,
                                    0,
                                    -1,
                                    1,
                                    2,
                                    200,
                                    1e300,
                                    "x",
                                    "",
                                    "bowmen",
                                    true,
                                    json::array(),
                                    json::object(),
                                    json::array({"bowmen", "shields"}),
                                    json::array({nullptr})};
  Rng rng(31);
  ActionList actions;
  int read = 0, refused = 0;
  for (int game = 0; game < 6; ++game) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 500 + game);
    for (int step = 0; !s.is_over(); ++step) {
      if (step % 25 == 0) {
        const json original = s.to_json();
        for (int m = 0; m < 12; ++m) {
          json j = original;
          std::vector<json*> nodes;
          collect(j, nodes);
          *nodes[rng.below(static_cast<std::uint32_t>(nodes.size()))] =
              values[rng.below(static_cast<std::uint32_t>(values.size()))];
          try {
            const GeneralsState t = GeneralsState::from_position(j, standard_cards());
            EXPECT_EQ(t.check(), "");
            EXPECT_TRUE(GeneralsState::from_position(t.to_json(), standard_cards()).equals(t));
            ++read;
          } catch (const BadInput& e) {
            EXPECT_EQ(std::string(e.what()).rfind("position: ", 0), 0U) << e.what();
            ++refused;
          }
        }
      }
      s.legal_actions(actions);
      s.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
  EXPECT_GT(refused, 100);
  EXPECT_GT(read, 10);
}

TEST(GeneralsPosition, RandomActionTextsAreAppliedSoundlyOrRefused) {
  // Texts built at random from the notation's own words: each is refused with IllegalAction
  // (state unchanged) or applied, leaving a sound state.
  const std::vector<std::string> verbs = {"pass",    "scout", "discard",           "rally",
                                          "reserve", "flank", "difficult-terrain", "siege",
                                          "attack",  "block", "break-morale",      "play"};
  std::vector<std::string> words = {
      "hand",     "deck1",    "deck2",         "1",  "2", "3", "a1", "b1", "b2",
      "1=bowmen", "2=nomads", "1=legionaires", "..."};
  for (const auto& c : standard_cards().cards) words.push_back(c.name);
  Rng rng(99);
  ActionList actions;
  int applied = 0;
  for (int game = 0; game < 6; ++game) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 900 + game);
    for (int step = 0; !s.is_over(); ++step) {
      if (step % 5 == 0)
        for (int m = 0; m < 20; ++m) {
          std::string text = verbs[rng.below(static_cast<std::uint32_t>(verbs.size()))];
          const auto n = rng.below(4);
          for (std::uint32_t w = 0; w < n; ++w)
            text += std::string(w == 0 ? " " : (rng.below(2) ? "," : " ")) +
                    words[rng.below(static_cast<std::uint32_t>(words.size()))];
          GeneralsState t = s;
          try {
            t.apply_text(text);
            EXPECT_EQ(t.check(), "") << text;
            ++applied;
          } catch (const IllegalAction&) {
            EXPECT_TRUE(t.equals(s)) << text;
          }
        }
      s.legal_actions(actions);
      s.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
  EXPECT_GT(applied, 50);
}

TEST(GeneralsPosition, GarbageActionsAreRefusedNeverCrash) {
  const std::vector<std::string> garbage = {"",
                                            "   ",
                                            "fly",
                                            "PASS",
                                            "pass now",
                                            "discard ,",
                                            "discard bowmen,,",
                                            "discard ...",
                                            "block 1",
                                            "block x=bowmen",
                                            "block 1=",
                                            "block =bowmen",
                                            "block 0=bowmen",
                                            "block 99999999999=bowmen",
                                            "play",
                                            "play overrun",
                                            "play overrun -1",
                                            "play overrun 99999999999",
                                            "play bloodlust c1",
                                            "scout",
                                            "scout bowmen",
                                            "attack ,",
                                            "attack ...",
                                            "rally",
                                            "siege",
                                            "flank",
                                            "flank ...",
                                            "reserve 3",
                                            "break-morale now",
                                            std::string(5000, 'x'),
                                            "discard \xff\xfe",
                                            "attack bowmen,...,bowmen"};
  std::vector<GeneralsState> positions;
  for (const char* ph : {"scout", "discard", "draw", "flank", "artillery", "attack"}) {
    json patch = {{"phase", ph}, {"players", {{"1", {{"hand", {"bowmen", "overrun"}}}}}}};
    positions.push_back(make(patch));
  }
  positions.push_back(make(R"({"phase": "tactics", "battle": {"attackers": ["bowmen"]},
                               "players": {"1": {"hand": ["overrun"]}}})"));
  positions.push_back(make(R"({"phase": "block", "to_act": 2, "battle": {"attackers": ["bowmen"]},
                               "players": {"2": {"hand": ["nomads"]}}})"));
  for (GeneralsState& s : positions)
    for (const auto& g : garbage) {
      const GeneralsState before = s;
      EXPECT_THROW(s.apply_text(g), IllegalAction) << "\"" << g << "\" in " << phase(s);
      EXPECT_TRUE(s.equals(before));
    }
}

}  // namespace
}  // namespace ancients::generals::testing
