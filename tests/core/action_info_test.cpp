// Structured actions (State::action_info) for every built-in game: in random games of both
// Ancient Warfare editions, a house-rule set on the 12x12 board and Ancient Generals, every
// legal action's description names its verb, squares that appear in its text in order, roles
// (from, to, target...) among those squares, the card it plays, units that really stand on the
// named squares, and words that are a sentence rather than the notation. Hidden readings of the
// log ("deploy (hidden)", "scout (hidden)") describe nothing hidden, and each played action's log
// line (State::logged_info_text) is its description, its words free of forecasts.
// Plus a few exact sentences.
// The shape of each action (State::action_shape) agrees with its description, and the grouped
// part of it (State::grouped_shape) with the shape; the description written as text
// (State::action_info_text) is the same description. Ancient Warfare's own listing of its group
// advances (State::legal_grouped) is its legal texts sorted into groups.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "contract/positions.h"
#include "core/registry.h"
#include "games/register_games.h"

namespace {

using nlohmann::json;
using namespace ancients;

std::string verb_of(const std::string& text) {
  return text.substr(0, text.find(' '));
}

void check_info(const State& s, const std::string& text, int viewer) {
  const json info = s.action_info(text, viewer);
  SCOPED_TRACE(text + " -> " + info.dump());
  EXPECT_EQ(info["text"], text);
  EXPECT_EQ(info["kind"], verb_of(text));
  ASSERT_TRUE(info["words"].is_string());
  const std::string words = info["words"];
  EXPECT_FALSE(words.empty());
  // Words are a sentence: they begin with a capital letter, which no notation does.
  EXPECT_TRUE(std::isupper(static_cast<unsigned char>(words[0]))) << words;
  // Squares appear in the text, in order.
  std::size_t at = 0;
  for (const auto& q : info["squares"]) {
    const auto found = text.find(q.get<std::string>(), at);
    ASSERT_NE(found, std::string::npos) << q;
    at = found + 1;
  }
  for (const char* role : {"from", "to", "via", "target", "after"})
    if (info.contains(role)) {
      bool listed = false;
      for (const auto& q : info["squares"]) listed = listed || q == info[role];
      EXPECT_TRUE(listed) << role;
    }
  // As text (State::action_info_text, what the server sends): the same description, and as
  // offered, without the text and, but for a deployment or a placement, the units.
  EXPECT_EQ(json::parse(s.action_info_text(text, viewer, false)), info);
  json offered = info;
  offered.erase("text");
  if (info["kind"] != "deploy" && info["kind"] != "place") offered.erase("units");
  EXPECT_EQ(json::parse(s.action_info_text(text, viewer, true)), offered);
  // The shape (State::action_shape) is the same structure, without units and words.
  const json shape = s.action_shape(text, viewer);
  for (const char* key :
       {"text", "kind", "card", "cards", "squares", "from", "to", "via", "target", "after"})
    EXPECT_EQ(shape.contains(key) ? shape[key] : json(), info.contains(key) ? info[key] : json())
        << key;
  // The grouped part of the shape (State::grouped_shape) agrees with it, and with the default
  // reading of it from action_shape.
  State::GroupedShape grouped, by_default;
  const bool is_grouped = s.grouped_shape(text, viewer, grouped);
  EXPECT_EQ(is_grouped, shape.value("grouped", false));
  EXPECT_EQ(s.State::grouped_shape(text, viewer, by_default), is_grouped);
  if (is_grouped) {
    EXPECT_EQ(grouped.kind, shape["kind"]);
    EXPECT_EQ(grouped.card, shape["card"].is_string() ? shape["card"].get<std::string>() : "");
    EXPECT_EQ(json(grouped.squares), shape["squares"]);
    EXPECT_EQ(json(grouped.cards), shape["cards"]);
    EXPECT_EQ(grouped.cards, by_default.cards);
    EXPECT_EQ(grouped.kind, by_default.kind);
    EXPECT_EQ(grouped.card, by_default.card);
    EXPECT_EQ(grouped.squares, by_default.squares);
  }
  // The card is named in the text, except where the verb implies it (dismount, scout).
  if (!info["card"].is_null() && info["kind"] != "dismount" && info["kind"] != "scout") {
    const std::string card = info["card"];
    EXPECT_NE(text.find(card), std::string::npos) << card;
  }
}

/// A group's landing squares, where it gives them, are where its actions take the units: the
/// first and the last of its actions played, each unit that moved (its "moved" event) ends on
/// its square's landing, and the action's own description names the same landings.
std::size_t landings_checked = 0;  ///< units whose landing check_landings compared

void check_landings(const State& s, const State::ActionGroup& g, int viewer) {
  if (g.landings.empty()) return;
  ASSERT_EQ(g.landings.size(), g.squares.size());
  for (const std::size_t i : {std::size_t{0}, g.size() - 1}) {
    const std::string text(g.text(i));
    SCOPED_TRACE(text);
    auto after = s.clone();
    after->apply_text(text);
    std::map<std::string, std::string> moved;
    const auto read_moves = [&](const State& before, const State& now, const std::string& a) {
      for (const auto& e : now.events(before, a, viewer))
        if (e.value("type", "") == "moved") moved[e.value("from", "")] = e.value("to", "");
    };
    read_moves(s, *after, text);
    // The retreat edition's move window: the advance waits for the opponent's answer, and no
    // unit has moved yet (no event says so); a pass lets it go ahead.
    if (moved.empty()) {
      const auto legal = after->legal_texts();
      ASSERT_NE(std::find(legal.begin(), legal.end(), "pass"), legal.end());
      auto answered = after->clone();
      answered->apply_text("pass");
      read_moves(*after, *answered, "pass");
    }
    const json info = s.action_info(text, viewer);
    ASSERT_TRUE(info.contains("landings"));
    const auto [from, to] = g.choice(i);
    ASSERT_EQ(info["landings"].size(), static_cast<std::size_t>(to - from));
    for (const int* k = from; k != to; ++k) {
      const std::string& square = g.squares[static_cast<std::size_t>(*k)];
      const std::string& landing = g.landings[static_cast<std::size_t>(*k)];
      EXPECT_FALSE(landing.empty()) << square;
      EXPECT_EQ(moved[square], landing) << square;
      EXPECT_EQ(info["landings"][static_cast<std::size_t>(k - from)], landing) << square;
      ++landings_checked;
    }
  }
}

/// The game's own listing of the grouped actions (State::legal_grouped), where it has one, is
/// legal_texts read through grouped_shape: the same other texts in order, and the same groups
/// with the same squares in the same order, choices and texts. Returns the groups' actions
/// compared (0 where the game has no listing).
std::size_t check_grouped_listing(const State& s, const std::vector<std::string>& legal,
                                  int viewer) {
  std::vector<std::string> plain;
  std::vector<State::ActionGroup> groups;
  if (!s.legal_grouped(viewer, plain, groups)) {
    EXPECT_TRUE(plain.empty() && groups.empty());
    return 0;
  }
  std::vector<std::string> want_plain;
  std::vector<State::ActionGroup> want;
  for (const auto& t : legal) {
    State::GroupedShape shape;
    if (!s.grouped_shape(t, viewer, shape)) {
      want_plain.push_back(t);
      continue;
    }
    auto g = std::find_if(want.begin(), want.end(), [&](const auto& x) {
      return x.kind == shape.kind && x.card == shape.card;
    });
    if (g == want.end()) {
      want.push_back({shape.kind, shape.card, shape.cards, {}, {}, {}, {}, {}, {}});
      g = std::prev(want.end());
    }
    for (const auto& q : shape.squares) {
      const auto at = std::find(g->squares.begin(), g->squares.end(), q) - g->squares.begin();
      if (at == static_cast<std::ptrdiff_t>(g->squares.size())) g->squares.push_back(q);
      g->choice_squares.push_back(static_cast<int>(at));
    }
    g->choice_ends.push_back(g->choice_squares.size());
    g->texts += t;
    g->text_ends.push_back(g->texts.size());
  }
  EXPECT_EQ(plain, want_plain);
  EXPECT_EQ(groups.size(), want.size());
  std::size_t compared = 0;
  for (std::size_t i = 0; i < std::min(groups.size(), want.size()); ++i) {
    const auto& a = groups[i];
    const auto& b = want[i];
    SCOPED_TRACE(b.kind + " " + b.card);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.card, b.card);
    EXPECT_EQ(a.cards, b.cards);
    EXPECT_EQ(a.squares, b.squares);
    EXPECT_EQ(a.choice_squares, b.choice_squares);
    EXPECT_EQ(a.choice_ends, b.choice_ends);
    EXPECT_EQ(a.texts, b.texts);
    EXPECT_EQ(a.text_ends, b.text_ends);
    if (a.size() == b.size() && a.size() > 0) {
      EXPECT_EQ(a.text(a.size() - 1), b.text(b.size() - 1));
      const auto [from, to] = a.choice(0);
      EXPECT_EQ(std::vector<int>(from, to),
                std::vector<int>(
                    b.choice_squares.begin(),
                    b.choice_squares.begin() + static_cast<std::ptrdiff_t>(b.choice_ends[0])));
    }
    compared += b.size();
    check_landings(s, a, viewer);
  }
  return compared;
}

void play_and_check(const std::string& game, const json& options, std::uint64_t seed) {
  register_builtin_games();
  NewGame g = create_game(game, options, seed);
  const GameDescriptor& d = game_named(game);
  if (d.finish_setup) d.finish_setup(*g.state, seed);
  std::mt19937_64 rng(seed);
  int described = 0;
  std::size_t grouped = 0;
  const std::size_t landings_before = landings_checked;
  for (int step = 0; step < 300 && !g.state->is_over(); ++step) {
    const auto legal = g.state->legal_texts();
    ASSERT_FALSE(legal.empty());
    const int actor = g.state->to_act();
    grouped += check_grouped_listing(*g.state, legal, actor);
    for (std::size_t k = 0; k < legal.size(); k += 1 + legal.size() / 40) {
      check_info(*g.state, legal[k], actor);
      ++described;
    }
    const std::string action = legal[rng() % legal.size()];
    // The log's readings for the other viewers describe only what they read.
    for (int viewer = 0; viewer <= 2; ++viewer) {
      const std::string read = g.state->action_text_for(action, actor, viewer);
      const json info = g.state->action_info(read, viewer);
      if (read != action) {
        EXPECT_TRUE(info["squares"].empty()) << read;
        EXPECT_TRUE(info["cards"].empty()) << read;
        EXPECT_TRUE(!info.contains("units") || info["units"].empty()) << read;
      }
      // Its log line (State::logged_info_text): the same structure, words that say what was
      // done without a forecast.
      json logged = json::parse(g.state->logged_info_text(read, viewer));
      const std::string words = logged["words"];
      EXPECT_EQ(words.find("would"), std::string::npos) << words;
      EXPECT_EQ(words.find("if not defended"), std::string::npos) << words;
      EXPECT_TRUE(std::isupper(static_cast<unsigned char>(words[0]))) << words;
      json offered = info;
      offered.erase("words");
      logged.erase("words");
      EXPECT_EQ(logged, offered) << read;
    }
    g.state->apply_text(action);
  }
  EXPECT_GT(described, 50);
  // Ancient Warfare lists its group advances itself (a move phase offers hundreds).
  if (game == "warfare") {
    EXPECT_GT(grouped, 100u);
    EXPECT_GT(landings_checked, landings_before) << "each unit's landing compared with its move";
  }
}

TEST(ActionInfo, AutokillEdition) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) play_and_check("warfare", json::object(), seed);
}

TEST(ActionInfo, RetreatEdition) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    play_and_check("warfare", {{"edition", "retreat"}}, seed);
}

TEST(ActionInfo, HouseRulesOnBoard12) {
  play_and_check(
      "warfare",
      {{"board", 12}, {"dba_setup", true}, {"pursuit", true}, {"nominated_general", true}}, 5);
}

TEST(ActionInfo, Generals) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) play_and_check("generals", json::object(), seed);
}

TEST(ActionInfo, UnitsOnTheNamedSquaresAreTheBoardsUnits) {
  register_builtin_games();
  NewGame g = create_game("warfare", json::object(), 7);
  const GameDescriptor& d = game_named("warfare");
  if (d.finish_setup) d.finish_setup(*g.state, 7);
  std::mt19937_64 rng(7);
  int checked = 0;
  for (int step = 0; step < 200 && !g.state->is_over(); ++step) {
    const auto legal = g.state->legal_texts();
    const json position = g.state->to_json();
    for (const auto& t : legal) {
      const json info = g.state->action_info(t, g.state->to_act());
      if (!info.contains("units") || position["phase"] == "deploy") continue;
      for (const auto& u : info["units"]) {
        bool found = false;
        for (const auto& pu : position["units"])
          found = found || (pu["square"] == u["square"] && pu["type"] == u["type"] &&
                            pu["owner"] == u["owner"]);
        EXPECT_TRUE(found) << t << " " << u.dump();
        ++checked;
      }
      if (info["kind"] == "move" || info["kind"] == "attack") {
        ASSERT_FALSE(info["units"].empty()) << t;
        EXPECT_EQ(info["units"][0]["square"], info["from"]) << t;
        EXPECT_EQ(info["units"][0]["owner"], g.state->to_act()) << t;
      }
    }
    g.state->apply_text(legal[rng() % legal.size()]);
  }
  EXPECT_GT(checked, 100);
}

TEST(ActionInfo, ExactSentences) {
  register_builtin_games();
  NewGame g = create_game("warfare", json::object(), 3);
  const GameDescriptor& d = game_named("warfare");
  if (d.finish_setup) d.finish_setup(*g.state, 3);
  // Play until a move is legal, then read one exactly.
  for (int step = 0; step < 200; ++step) {
    const auto legal = g.state->legal_texts();
    for (const auto& t : legal)
      if (t.starts_with("move ")) {
        const json info = g.state->action_info(t, g.state->to_act());
        const std::string from = info["from"], to = info["to"];
        const std::string type = info["units"][0]["type"];
        EXPECT_EQ(info["kind"], "move");
        const std::string words = info["words"];
        EXPECT_TRUE(words.ends_with(" " + from + " moves to " + to)) << words;
        EXPECT_NE(words.find(": "), std::string::npos) << words;
        EXPECT_EQ(g.state->action_info("pass", 1)["words"], "Pass");
        // (On the first turn the opponent has drawn nothing yet: the Scout would see nothing.)
        EXPECT_EQ(g.state->action_info("scout", 1)["words"],
                  "Scout: look at the opponent\u2019s hand (it holds no card: nothing to see)");
        EXPECT_EQ(g.state->action_info("deploy (hidden)", 2)["words"], "Deploy (hidden)");
        return;
      }
    g.state->apply_text(legal.front());
  }
  FAIL() << "no move became legal";
}

TEST(ActionInfo, GeneralsHiddenForms) {
  register_builtin_games();
  NewGame g = create_game("generals", json::object(), 3);
  EXPECT_EQ(g.state->action_info("scout (hidden)", 2)["words"], "Scout (hidden)");
  EXPECT_EQ(g.state->action_info("discard 3 cards", 2)["words"], "Discard 3 cards");
  EXPECT_TRUE(g.state->action_info("discard 3 cards", 2)["cards"].empty());
  EXPECT_EQ(g.state->action_info("discard", 1)["words"], "Discard nothing");
}

/// The page's former sentences, now the game's: a battle position with Elephants b8 (player
/// 2), Elite Blades b6 and Scythed Chariots c4 (player 1), read as player 1.
TEST(ActionInfo, WarfareSentencesNameTheUnitsOfThePosition) {
  register_builtin_games();
  json p = contract::base_position();
  p["phase"] = "battle";
  p["units"] = {contract::unit("b8", 2, "elephants"), contract::unit("b6", 1, "blades", true),
                contract::unit("c4", 1, "scythed-chariots"), contract::unit("h1", 1, "general"),
                contract::unit("h8", 2, "general")};
  const auto s = state_from_json(p);
  const auto words = [&](const char* text) {
    return s->action_info(text, 1)["words"].get<std::string>();
  };
  EXPECT_EQ(words("attack special-ability b8xb6"),
            "Special Ability (Trample): Elephants b8 attacks Elite Blades b6");
  EXPECT_EQ(words("autokill c4xb6"), "Auto-kill: Scythed Chariots c4 destroys Elite Blades b6");
  EXPECT_EQ(words("move fast-pace c4-c7"), "Fast Pace: Scythed Chariots c4 moves to c7");
  EXPECT_EQ(words("defend rough-ground"), "Defend with Rough Ground");
  EXPECT_EQ(words("move march a4-a6"), "March: a4 moves to a6");
  EXPECT_EQ(words("end"), "End the battle phase and the turn");
  const json trample = s->action_info("attack special-ability b8-b7xb6", 2);
  EXPECT_EQ(trample["from"], "b8");
  EXPECT_EQ(trample["via"], "b7");
  EXPECT_EQ(trample["target"], "b6");
  EXPECT_EQ(trample["words"],
            "Special Ability (Trample): Elephants b8 moves to b7 and attacks Elite Blades b6");
  const json parthian = s->action_info("attack special-ability c4xc6-c3", 1);
  EXPECT_EQ(parthian["target"], "c6");
  EXPECT_EQ(parthian["after"], "c3");
  const json advance = s->action_info("advance march a2,b2,c2", 1);
  EXPECT_EQ(advance["squares"], json::array({"a2", "b2", "c2"}));
  EXPECT_EQ(advance.value("grouped", false), true) << "group advances come as groups";
  EXPECT_FALSE(parthian.contains("grouped")) << "only group advances are grouped";
  json big = contract::base_position();
  big["options"]["board"] = 12;
  big["units"] = {contract::unit("l1", 1, "general"), contract::unit("l12", 2, "general")};
  EXPECT_EQ(state_from_json(big)->action_info("move march k11-k12", 1)["squares"],
            json::array({"k11", "k12"}));
}

}  // namespace
