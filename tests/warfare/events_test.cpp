// Ancient Warfare's events (events.cpp): in random games of both editions and a house-rule set,
// every action's events start with the action, destroyed units match the units that left the
// board, loss points match, drawn cards are named only to their owner, a spectator sees no
// card names, a turn's start is said before its draw, and the game's end is an event with its
// reason. Plus a constructed attack, and
// answers to an attack (a Recoil card, Psiloi running away) that move the answering side back.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "core/registry.h"
#include "games/register_games.h"
#include "warfare/position_builder.h"

namespace {

using nlohmann::json;
using namespace ancients;

/// The events of `action` from `before` to `after` as `viewer` reads them, checked to be the
/// ones read from the viewer's two views (events_from_views, the reference).
json events_read(const State& before, const State& after, const std::string& action, int viewer) {
  json ev = after.events(before, action, viewer);
  EXPECT_EQ(ev, after.events_from_views(before, before.view_json(viewer), after.view_json(viewer),
                                        action, viewer))
      << action;
  return ev;
}

int count_type(const json& events, const std::string& type) {
  int n = 0;
  for (const auto& e : events) n += e["type"] == type;
  return n;
}

void play_and_check(const json& options, std::uint64_t seed) {
  register_builtin_games();
  NewGame g = create_game("warfare", options, seed);
  const GameDescriptor& d = game_named("warfare");
  if (d.finish_setup) d.finish_setup(*g.state, seed);
  std::mt19937_64 rng(seed);
  int overs = 0;
  int turns = 0;  // turn events seen
  for (int step = 0; step < 400 && !g.state->is_over(); ++step) {
    const auto legal = g.state->legal_texts();
    ASSERT_FALSE(legal.empty());
    const std::string action = legal[rng() % legal.size()];
    const std::unique_ptr<State> before = g.state->clone();
    const int actor = before->to_act();
    g.state->apply_text(action);
    const json was = before->to_json(), now = g.state->to_json();
    for (int viewer = 0; viewer <= 2; ++viewer) {
      const json ev = g.state->events(*before, action, viewer);
      ASSERT_FALSE(ev.empty());
      EXPECT_EQ(ev[0]["type"], "action");
      EXPECT_EQ(ev[0]["player"], actor);
      // A player who draws without acting draws at the start of a turn, said first.
      int turn_of = 0;
      for (const auto& e : ev) {
        if (e["type"] == "turn") {
          turn_of = e["player"].get<int>();
          EXPECT_EQ(e["player"], now["active"]) << e.dump();
          EXPECT_EQ(e["turn"], now["turn"]) << e.dump();
          EXPECT_EQ(e["entry"], true);
          ++turns;
        }
        if (e["type"] == "drew" && e["player"] != actor) {
          EXPECT_EQ(e["player"], turn_of) << ev.dump();
        }
        EXPECT_TRUE(e.contains("text") && e["text"].is_string() &&
                    !e["text"].get<std::string>().empty());
        if (e["type"] == "drew") {
          EXPECT_EQ(e.contains("cards"), e["player"] == viewer) << e.dump();
        }
      }
      if (was["phase"] != "deploy") {
        // Units that left the board are the destroyed events (dismounting changes a type).
        const bool dismount = action.starts_with("dismount");
        if (!dismount) {
          EXPECT_EQ(static_cast<int>(was["units"].size() - now["units"].size()),
                    count_type(ev, "destroyed"))
              << action;
        }
      }
      int losses = 0;
      for (const char* p : {"1", "2"}) losses += now["lost"][p] > was["lost"][p];
      EXPECT_EQ(losses, count_type(ev, "loss")) << action;
      EXPECT_EQ(count_type(ev, "over"), g.state->is_over() ? 1 : 0);
      overs += count_type(ev, "over");
      // Each turn's start is said once, to every viewer.
      const auto setting_up = [](const json& v) {
        return v["phase"] == "deploy" || v["phase"] == "battlefield";
      };
      EXPECT_EQ(count_type(ev, "turn"), !setting_up(now) && now["phase"] != "over" &&
                                            (setting_up(was) || now["turn"] != was["turn"] ||
                                             now["active"] != was["active"]));
    }
  }
  if (g.state->is_over()) {
    EXPECT_EQ(overs, 3);  // once for each viewer
  }
  EXPECT_GT(turns, 3) << "turns begin in these games";
}

TEST(WarfareEvents, RandomGamesOfEachEditionAndHouseRules) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    play_and_check({{"edition", "autokill"}}, seed);
    play_and_check({{"edition", "retreat"}}, seed);
    play_and_check({{"board", 12},
                    {"pursuit", true},
                    {"nominated_general", true},
                    {"house_terrain", true},
                    {"dba_setup", true}},
                   seed);
  }
}

TEST(WarfareEvents, AnAttackThatKillsNamesTheUnitAndTheDrawIsPrivate) {
  register_builtin_games();
  // Find, in random play, an action that destroys a unit, and check its wording.
  for (std::uint64_t seed = 1; seed < 40; ++seed) {
    NewGame g = create_game("warfare", json::object(), seed);
    game_named("warfare").finish_setup(*g.state, seed);
    std::mt19937_64 rng(seed);
    for (int step = 0; step < 300 && !g.state->is_over(); ++step) {
      const auto legal = g.state->legal_texts();
      const std::string action = legal[rng() % legal.size()];
      const auto before = g.state->clone();
      g.state->apply_text(action);
      const json ev = g.state->events(*before, action, before->to_act());
      for (const auto& e : ev)
        if (e["type"] == "destroyed") {
          // "Player 2 lost the Knights on d6": a sentence right for plural type names too.
          const std::string owner = "Player " + std::to_string(e["player"].get<int>());
          EXPECT_EQ(e["text"].get<std::string>().rfind(owner + " lost the ", 0), 0u) << e["text"];
          EXPECT_TRUE(e["unit"].contains("square"));
          const std::string sq = e["unit"]["square"];
          EXPECT_NE(e["text"].get<std::string>().find(sq), std::string::npos);
          return;
        }
    }
  }
  FAIL() << "no unit was destroyed in 39 random games";
}

/// The one event about the unit that stood on `from`.
json event_from(const json& events, const std::string& from) {
  for (const auto& e : events)
    if (e.contains("from") && e["from"] == from) return e;
  return nullptr;
}

/// Plays `attack` then `answer` on `s`; for every viewer, the events of the answer (from the
/// states and from the views, the same) must show the defender's unit on `target` driven back
/// (`back`: "recoiled" or "retreated") to `to` and the attacker's unit on `attacker` moved
/// into `target` (pursuit), and nothing "followed up" (a play-test found a unit driven back by
/// its own Recoil card called "followed up").
void expect_answer_drives_back(std::unique_ptr<State> s, const std::string& attack,
                               const std::string& answer, const std::string& attacker,
                               const std::string& target, const std::string& to,
                               const std::string& back) {
  s->apply_text(attack);
  const std::unique_ptr<State> before = s->clone();
  s->apply_text(answer);
  for (int viewer = 0; viewer <= 2; ++viewer) {
    const json ev = events_read(*before, *s, answer, viewer);
    const json driven = event_from(ev, target);
    ASSERT_TRUE(driven.is_object()) << ev.dump();
    EXPECT_EQ(driven["type"], back) << ev.dump();
    EXPECT_EQ(driven["player"], 2);
    EXPECT_EQ(driven["to"], to);
    const json pursuer = event_from(ev, attacker);
    ASSERT_TRUE(pursuer.is_object()) << ev.dump();
    EXPECT_EQ(pursuer["type"], "moved") << ev.dump();
    EXPECT_EQ(pursuer["player"], 1);
    EXPECT_EQ(pursuer["to"], target);
    EXPECT_EQ(count_type(ev, "followed"), 0) << ev.dump();
  }
}

TEST(WarfareEvents, ARecoilCardDrivesTheDefenderBackAndThePursuerMoves) {
  register_builtin_games();
  expect_answer_drives_back(wtest::Pos()
                                .option("pursuit", true)
                                .unit("d4", 1, "knights")
                                .unit("d5", 2, "blades")
                                .hand(1, {"attack"})
                                .hand(2, {"recoil"})
                                .state(),
                            "attack attack d4xd5", "defend recoil", "d4", "d5", "d6", "recoiled");
}

TEST(WarfareEvents, PsiloiRunningAwayRetreatAndThePursuerMoves) {
  register_builtin_games();
  expect_answer_drives_back(wtest::Pos()
                                .edition("retreat")
                                .option("pursuit", true)
                                .unit("d4", 1, "warband")
                                .unit("d5", 2, "psiloi")
                                .hand(1, {"attack"})
                                .hand(2, {"special-ability"})
                                .state(),
                            "attack attack d4xd5", "defend special-ability e7", "d4", "d5", "e7",
                            "retreated");
}

}  // namespace

// A group advance moves each unit it names straight forward along its file, and the events say
// so where a unit takes the square of another of the same kind that advanced (a column: it once
// read as the last unit jumping two squares and the front one staying), from the states and
// from the views alike.
TEST(WarfareEvents, AGroupAdvanceOfAColumnMovesEachUnitAlongItsFile) {
  register_builtin_games();
  std::unique_ptr<State> s = wtest::Pos()
                                 .unit("d3", 1, "blades")
                                 .unit("d2", 1, "blades")
                                 .unit("d1", 1, "blades")
                                 .unit("f2", 1, "blades")
                                 .unit("e8", 2, "blades")
                                 .hand(1, {"trod"})
                                 .phase("move")
                                 .state();
  std::string advance;
  for (const auto& t : s->legal_texts())
    if (t.starts_with("advance trod ") && t.find("d3") != std::string::npos &&
        t.find("d2") != std::string::npos && t.find("d1") != std::string::npos &&
        t.find("f2") != std::string::npos)
      advance = t;
  ASSERT_FALSE(advance.empty()) << "no group advance of d3, d2, d1 and f2 offered";
  const std::unique_ptr<State> before = s->clone();
  s->apply_text(advance);
  for (int viewer = 0; viewer <= 2; ++viewer) {
    const json ev = events_read(*before, *s, advance, viewer);
    EXPECT_EQ(count_type(ev, "moved"), 4) << ev.dump();
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {"d3", "d4"}, {"d2", "d3"}, {"d1", "d2"}, {"f2", "f3"}}) {
      const json moved = event_from(ev, from);
      ASSERT_TRUE(moved.is_object()) << from << ": " << ev.dump();
      EXPECT_EQ(moved["to"], to) << ev.dump();
    }
  }
}

/// The types and squares of the units' events, in the order told.
std::vector<std::string> unit_events(const json& ev) {
  std::vector<std::string> out;
  for (const auto& e : ev)
    if (e.contains("unit"))
      out.push_back(e["type"].get<std::string>() + " " + e["unit"]["square"].get<std::string>() +
                    (e.contains("to") ? "-" + e["to"].get<std::string>() : ""));
  return out;
}

// The units' events are told in the order they happened (a play-test read a move away before
// the kill it followed, and a group advance from its rear unit): what befell the enemy, then
// the acting side's moves, a group advance front unit first.
TEST(WarfareEvents, UnitEventsAreToldInTheOrderTheyHappened) {
  register_builtin_games();
  {  // A group advance of player 2 down the board: its front unit (lowest rank) first.
    std::unique_ptr<State> s = wtest::Pos()
                                   .unit("d8", 2, "blades")
                                   .unit("d7", 2, "blades")
                                   .unit("d6", 2, "blades")
                                   .unit("a1", 1, "blades")
                                   .hand(2, {"trod"})
                                   .phase("move")
                                   .active(2)
                                   .to_act(2)
                                   .state();
    std::string advance;
    for (const auto& t : s->legal_texts())
      if (t.starts_with("advance trod ") && t.find("d6") != std::string::npos &&
          t.find("d7") != std::string::npos && t.find("d8") != std::string::npos)
        advance = t;
    ASSERT_FALSE(advance.empty());
    const std::unique_ptr<State> before = s->clone();
    s->apply_text(advance);
    EXPECT_EQ(unit_events(events_read(*before, *s, advance, 1)),
              (std::vector<std::string>{"moved d6-d5", "moved d7-d6", "moved d8-d7"}));
  }
  {  // Retreat edition: Horse Archers shoot Blades that cannot retreat, then move away.
    std::unique_ptr<State> s = wtest::Pos()
                                   .edition("retreat")
                                   .unit("d4", 1, "horse-archers")
                                   .unit("d5", 2, "blades")
                                   .unit("d6", 2, "blades")
                                   .unit("a1", 1, "camp")
                                   .unit("h8", 2, "camp")
                                   .hand(1, {"special-ability"})
                                   .phase("battle")
                                   .state();
    s->apply_text("attack special-ability d4xd5-d2");
    ASSERT_EQ(s->to_act(), 2);
    const std::unique_ptr<State> before = s->clone();
    s->apply_text("pass");
    EXPECT_EQ(unit_events(events_read(*before, *s, "pass", 2)),
              (std::vector<std::string>{"destroyed d5", "moved d4-d2"}));
  }
}

// In the retreat edition a group advance waits for the opponent's answer: until then no unit has
// moved and the log says none did (it once read "Blades moved from d3 to d3"); a pass lets it
// go ahead, and the pass's events move each unit along its file; Difficult Ground negates it,
// and no unit moves.
TEST(WarfareEvents, ARetreatEditionAdvanceMovesItsUnitsOnlyWhenItGoesAhead) {
  register_builtin_games();
  const auto position = [] {
    return wtest::Pos()
        .edition("retreat")
        .unit("d3", 1, "blades")
        .unit("d2", 1, "blades")
        .unit("f2", 1, "blades")
        .unit("e8", 2, "blades")
        .hand(1, {"trod"})
        .hand(2, {"difficult-ground"})
        .phase("move")
        .state();
  };
  std::unique_ptr<State> s = position();
  std::string advance;
  for (const auto& t : s->legal_texts())
    if (t.starts_with("advance trod ") && t.find("d3") != std::string::npos &&
        t.find("d2") != std::string::npos && t.find("f2") != std::string::npos)
      advance = t;
  ASSERT_FALSE(advance.empty()) << "no group advance of d3, d2 and f2 offered";
  const std::unique_ptr<State> before = s->clone();
  s->apply_text(advance);
  ASSERT_EQ(s->to_act(), 2) << "the advance waits for player 2's answer";
  for (int viewer = 0; viewer <= 2; ++viewer) {
    const json ev = events_read(*before, *s, advance, viewer);
    EXPECT_EQ(ev.size(), 1u) << "nothing moved yet: " << ev.dump();
  }
  for (const std::string answer : {"pass", "negate difficult-ground"}) {
    SCOPED_TRACE(answer);
    const std::unique_ptr<State> waiting = s->clone();
    std::unique_ptr<State> after = s->clone();
    after->apply_text(answer);
    for (int viewer = 0; viewer <= 2; ++viewer) {
      const json ev = events_read(*waiting, *after, answer, viewer);
      if (answer != "pass") {
        EXPECT_EQ(count_type(ev, "moved"), 0) << ev.dump();
        continue;
      }
      EXPECT_EQ(count_type(ev, "moved"), 3) << ev.dump();
      for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
               {"d3", "d4"}, {"d2", "d3"}, {"f2", "f3"}}) {
        const json moved = event_from(ev, from);
        ASSERT_TRUE(moved.is_object()) << from << ": " << ev.dump();
        EXPECT_EQ(moved["to"], to) << ev.dump();
        EXPECT_EQ(moved["player"], 1) << ev.dump();
      }
    }
  }
}

/// Player 1's move phase with Scout in hand, player 2 holding `hand2`.
std::unique_ptr<State> scout_position(const std::vector<std::string>& hand2) {
  wtest::Pos p;
  p.phase("move")
      .unit("d2", 1, "blades")
      .unit("d7", 2, "blades")
      .hand(1, {"scout", "trod"})
      .hand(2, hand2)
      .deck({"march", "march", "march"});
  return p.state();
}

// A Scout's log line names the cards it showed, to the player who looked only (the log said
// "Scout: look at player 2's hand" and nothing of what was seen).
TEST(WarfareEvents, AScoutSaysWhatItShowedToThePlayerWhoLooked) {
  register_builtin_games();
  std::unique_ptr<State> s = scout_position({"rough-ground", "reinforced"});
  const std::unique_ptr<State> before = s->clone();
  s->apply_text("scout");
  for (int viewer = 0; viewer <= 2; ++viewer) {
    const json ev = events_read(*before, *s, "scout", viewer);
    EXPECT_EQ(count_type(ev, "scouted"), viewer == 1 ? 1 : 0) << ev.dump();
    for (const auto& e : ev)
      if (e["type"] == "scouted") {
        EXPECT_EQ(e["of"], 2);
        EXPECT_EQ(e["cards"], json::array({"reinforced", "rough-ground"})) << e.dump();
        EXPECT_EQ(e["text"], "Player 1 saw Reinforced, Rough Ground in Player 2's hand");
      }
  }
}

// A Special Ability card is named with the ability it activates for its unit ("Defend with
// Special Ability" did not say it was the Blades' Shield Wall).
TEST(WarfareEvents, ASpecialAbilityCardNamesTheAbility) {
  register_builtin_games();
  // Spears on `spears_at` facing Blades on d7, each side holding the cards given.
  const auto battle = [](const char* spears_at, std::vector<std::string> hand1) {
    wtest::Pos p;
    p.phase("battle")
        .unit(spears_at, 1, "spears")
        .unit("d7", 2, "blades")
        .unit("a1", 1, "camp")
        .unit("h8", 2, "camp")
        .hand(1, std::move(hand1))
        .hand(2, {"special-ability"});
    return p.state();
  };
  std::unique_ptr<State> s = battle("d5", {"special-ability", "attack"});
  const auto legal = s->legal_texts();
  const std::string throw_spears = "attack special-ability d5xd7";
  ASSERT_NE(std::find(legal.begin(), legal.end(), throw_spears), legal.end());
  const std::string words = s->action_info(throw_spears, 1)["words"];
  EXPECT_TRUE(words.starts_with("Special Ability (Throw Spears): Spears d5 attacks")) << words;
  // Moved next to the Blades, a plain Attack card: the Blades answer with Shield Wall.
  std::unique_ptr<State> t = battle("d6", {"attack"});
  t->apply_text("attack attack d6xd7");
  const auto answers = t->legal_texts();
  const auto defend = std::find_if(answers.begin(), answers.end(), [](const std::string& a) {
    return a.starts_with("defend special-ability");
  });
  ASSERT_NE(defend, answers.end());
  EXPECT_EQ(t->action_info(*defend, 2)["words"], "Defend with Special Ability (Shield Wall)");
}

// A Scout of a hand that holds no card (the hands' sizes are public) would spend the card to see
// nothing: said, and marked futile (a play-tester scouted an empty hand on turn 1).
TEST(WarfareEvents, AScoutOfAnEmptyHandSaysItSeesNothing) {
  register_builtin_games();
  for (const bool empty : {false, true}) {
    const std::unique_ptr<State> s =
        scout_position(empty ? std::vector<std::string>{} : std::vector<std::string>{"reinforced"});
    const json info = s->action_info("scout", 1);
    EXPECT_EQ(info.value("futile", ""), empty ? "no-effect" : "") << info.dump();
    EXPECT_EQ(info["words"].get<std::string>().ends_with("(it holds no card: nothing to see)"),
              empty)
        << info["words"];
  }
}

// A card attack on a target its attacker could auto-kill spends a card for the same end and
// can be defended: the choice says the auto-kill is there and is marked "needless" (front ends
// list it last). Not where a built-up area stops the auto-kill (house rule), nor on a target
// the attacker does not auto-kill.
TEST(WarfareEvents, ACardAttackWhereAnAutoKillWouldDoSaysSo) {
  register_builtin_games();
  const std::string attack = "attack attack d4xd5";
  const auto read = [&](wtest::Pos p) {
    std::unique_ptr<State> s = p.hand(1, {"attack"}).phase("battle").state();
    const auto legal = s->legal_texts();
    EXPECT_NE(std::find(legal.begin(), legal.end(), attack), legal.end());
    return s->action_info(attack, 1);
  };
  const json open = read(wtest::Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi"));
  EXPECT_EQ(open.value("futile", ""), "needless");
  EXPECT_NE(open["words"].get<std::string>().find("could auto-kill it instead"), std::string::npos)
      << open["words"];
  const json built_up =
      read(wtest::Pos().unit("d4", 1, "knights").unit("d5", 2, "psiloi").terrain("d5", "built-up"));
  EXPECT_EQ(built_up.value("futile", ""), "");
  EXPECT_EQ(built_up["words"].get<std::string>().find("auto-kill"), std::string::npos);
  const json no_autokill = read(wtest::Pos().unit("d4", 1, "knights").unit("d5", 2, "blades"));
  EXPECT_EQ(no_autokill.value("futile", ""), "");
}

// The answer that takes an awaited card attack says the target is destroyed, and where that
// ends the game (the General), says so and is marked "ends_game", so that a front end does
// not play it unasked as a forced choice (a player lost the General to a pass the page played).
TEST(WarfareEvents, TakingAnAttackSaysTheTargetIsDestroyedAndWhenTheGameEnds) {
  register_builtin_games();
  for (const bool general : {false, true}) {
    SCOPED_TRACE(general ? "the General attacked" : "another unit attacked");
    wtest::Pos p;
    p.unit("d6", 1, "knights").unit("a1", 1, "camp").unit("h8", 2, "camp");
    p.unit("d7", 2, general ? "general" : "spears").hand(1, {"attack"});
    if (!general) p.unit("h7", 2, "general");
    std::unique_ptr<State> s = p.phase("battle").state();
    s->apply_text("attack attack d6xd7");
    ASSERT_EQ(s->to_act(), 2);
    const json take = s->action_info("pass", 2);
    const std::string words = take["words"];
    EXPECT_TRUE(words.starts_with("Take the attack (no defence): ")) << words;
    EXPECT_NE(words.find("d7 is destroyed"), std::string::npos) << words;
    EXPECT_EQ(words.ends_with("; the game ends"), general) << words;
    EXPECT_EQ(take.value("ends_game", false), general) << take.dump();
    s->apply_text("pass");
    EXPECT_EQ(s->is_over(), general);
  }
  // A Camp costs two loss points: said.
  wtest::Pos camp;
  camp.unit("d6", 1, "knights")
      .unit("a1", 1, "camp")
      .unit("d7", 2, "camp")
      .unit("h7", 2, "general");
  std::unique_ptr<State> c = camp.hand(1, {"attack"}).phase("battle").state();
  c->apply_text("attack attack d6xd7");
  ASSERT_EQ(c->to_act(), 2);
  const std::string words = c->action_info("pass", 2)["words"];
  EXPECT_TRUE(words.ends_with("Camp d7 is destroyed (2 loss points)")) << words;
}

// A card attack on a target immune to the attacker only recoils it: the choice says so before
// the card is spent, and where the target has no square to recoil to, the choice says nothing
// would happen and the log says the target held (the log once showed the card alone).
TEST(WarfareEvents, AnAttackOnAnImmuneTargetSaysItOnlyRecoilsOrHolds) {
  register_builtin_games();
  for (const bool blocked : {false, true}) {
    SCOPED_TRACE(blocked ? "no square to recoil to" : "a square to recoil to");
    wtest::Pos p;
    p.unit("d6", 1, "blades")
        .unit("d7", 2, "light-horse", true)
        .unit("a1", 1, "camp")
        .hand(1, {"attack"});
    p.unit("h8", 2, "camp").phase("battle");
    if (blocked) p.unit("d8", 2, "blades");
    std::unique_ptr<State> s = p.state();
    const std::string attack = "attack attack d6xd7";
    const auto legal = s->legal_texts();
    ASSERT_NE(std::find(legal.begin(), legal.end(), attack), legal.end());
    const std::string words = s->action_info(attack, 1)["words"];
    EXPECT_NE(words.find(blocked ? "has no square to recoil to: nothing happens"
                                 : "it only recoils to d8"),
              std::string::npos)
        << words;
    // Marked as futile (front ends list it last) only where it does nothing.
    EXPECT_EQ(s->action_info(attack, 1).value("futile", ""), blocked ? "no-effect" : "");
    const std::unique_ptr<State> before = s->clone();
    s->apply_text(attack);
    for (int viewer = 0; viewer <= 2; ++viewer) {
      const json ev = events_read(*before, *s, attack, viewer);
      EXPECT_EQ(count_type(ev, "held"), blocked ? 1 : 0) << ev.dump();
      EXPECT_EQ(count_type(ev, "recoiled"), blocked ? 0 : 1) << ev.dump();
      if (blocked) {
        const auto held =
            std::find_if(ev.begin(), ev.end(), [](const json& e) { return e["type"] == "held"; });
        EXPECT_EQ((*held)["player"], 2);
        EXPECT_EQ((*held)["unit"]["square"], "d7");
        // The log names an Elite unit as one.
        EXPECT_EQ((*held)["text"],
                  "Player 2's Elite Light Horse on d7 held: immune to the attack, it had no square "
                  "to recoil to");
      }
    }
  }
}

// In the retreat edition an attack taken drives the unit back one square, or destroys it where it
// cannot retreat: the log says which (six losses in a row once left a player unsure the
// edition's rule was applied).
TEST(WarfareEvents, ARetreatEditionUnitDestroyedSaysItCouldNotRetreat) {
  register_builtin_games();
  for (const bool blocked : {false, true}) {
    SCOPED_TRACE(blocked ? "no square behind" : "a square behind");
    wtest::Pos p;
    p.edition("retreat").unit("d4", 1, "blades").unit("d5", 2, "spears");
    p.unit("a1", 1, "camp").unit("h8", 2, "camp").hand(1, {"attack"}).phase("battle");
    if (blocked) p.unit("d6", 2, "blades");
    std::unique_ptr<State> s = p.state();
    s->apply_text("attack attack d4xd5");
    ASSERT_EQ(s->to_act(), 2) << "the attack awaits player 2's answer";
    const std::unique_ptr<State> before = s->clone();
    s->apply_text("pass");
    const json ev = events_read(*before, *s, "pass", 2);
    const auto lost =
        std::find_if(ev.begin(), ev.end(), [](const json& e) { return e["type"] == "destroyed"; });
    if (!blocked) {
      EXPECT_EQ(lost, ev.end()) << ev.dump();
      EXPECT_EQ(count_type(ev, "retreated"), 1) << ev.dump();
      continue;
    }
    ASSERT_NE(lost, ev.end()) << ev.dump();
    EXPECT_EQ((*lost)["text"], "Player 2 lost the Spears on d5: d6 behind it is occupied");
  }
}

// A defence that keeps its unit where it stands says so (the log once showed the card alone),
// from the states and from the views alike; a Recoil, which moves the unit, does not.
TEST(WarfareEvents, ADefenceThatHoldsSaysTheAttackFailed) {
  register_builtin_games();
  // Knights on d4 attack Blades on d5, whose player holds `defence`: the position before the
  // answer, and after it.
  const auto answered = [](const std::string& defence) {
    std::unique_ptr<State> s = wtest::Pos()
                                   .unit("d4", 1, "knights")
                                   .unit("d5", 2, "blades")
                                   .hand(1, {"attack"})
                                   .hand(2, {defence})
                                   .state();
    s->apply_text("attack attack d4xd5");
    std::unique_ptr<State> before = s->clone();
    s->apply_text("defend " + defence);
    return std::make_pair(std::move(before), std::move(s));
  };
  const auto [before, s] = answered("push");
  for (int viewer = 0; viewer <= 2; ++viewer) {
    const json ev = events_read(*before, *s, "defend push", viewer);
    ASSERT_EQ(count_type(ev, "held"), 1) << ev.dump();
    for (const auto& e : ev)
      if (e["type"] == "held") {
        EXPECT_EQ(e["player"], 2);
        EXPECT_EQ(e["unit"]["square"], "d5");
        EXPECT_EQ(e["text"], "Player 2's Blades on d5 held: the attack failed");
      }
  }
  const auto [was, r] = answered("recoil");
  EXPECT_EQ(count_type(r->events(*was, "defend recoil", 2), "held"), 0);
}
