// Ancient Generals' events (events.cpp): in random games, every action's events start with the
// action as the viewer reads it; drawn cards are named only to their owner; casualties match
// the growth of the casualty piles; every viewer counts a player's drawn cards as that player
// does (a Reserve card played included; a Rally's card is taken back, named to all, not
// drawn); a resolved battle is told combat by combat with the rules' outcome, the outcome the
// table's situation gave before; a spectator reads no card of a hand; the end is an event whose
// reason matches the final position.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "core/registry.h"
#include "games/generals/combat.h"
#include "games/generals/state.h"
#include "games/register_games.h"
#include "generals/helpers.h"

namespace {

using nlohmann::json;
using namespace ancients;

TEST(GeneralsEvents, RandomGamesTellWhatHappenedAsEachViewerMayKnowIt) {
  register_builtin_games();
  int overs = 0, casualties = 0, drawn = 0, rallies = 0, battles_told = 0, turns = 0,
      reshuffles = 0, causes_told = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    NewGame g = create_game("generals", json::object(), seed);
    std::mt19937_64 rng(seed);
    for (int step = 0; step < 3000 && !g.state->is_over(); ++step) {
      const auto legal = g.state->legal_texts();
      ASSERT_FALSE(legal.empty());
      const std::string action = legal[rng() % legal.size()];
      const std::unique_ptr<State> before = g.state->clone();
      const int actor = before->to_act();
      g.state->apply_text(action);
      const json was = before->to_json(), now = g.state->to_json();
      // Cards each player drew as each viewer reads them: the owner's names, the others' count.
      int drew_seen[3][3] = {};
      for (int viewer = 0; viewer <= 2; ++viewer) {
        const json ev = g.state->events(*before, action, viewer);
        ASSERT_FALSE(ev.empty());
        EXPECT_EQ(ev[0]["type"], "action");
        EXPECT_EQ(ev[0]["text"], before->action_text_for(action, actor, viewer));
        int fell = 0;
        for (const auto& e : ev) {
          ASSERT_TRUE(e["text"].is_string());
          if (e["type"] == "drew") {
            EXPECT_EQ(e.contains("cards"), e["player"] == viewer) << e.dump();
            drew_seen[viewer][e["player"].get<int>()] = e["count"].get<int>();
            drawn += viewer == 0;
          }
          if (e["type"] == "casualties") fell += static_cast<int>(e["cards"].size());
          if (e["type"] == "scouted") {
            EXPECT_EQ(e["player"], viewer);
            EXPECT_EQ(viewer, actor);
          }
        }
        int grew = 0;
        for (const char* p : {"1", "2"})
          grew += static_cast<int>(now["players"][p]["casualties"].size() -
                                   was["players"][p]["casualties"].size());
        // Rally takes one card out of the casualties as the Rally card goes in.
        const int back = action.starts_with("rally") ? 1 : 0;
        EXPECT_GE(fell, grew) << action;
        EXPECT_LE(fell, grew + back) << action;
        casualties += viewer == 0 ? fell : 0;
        // A deck that ran out and took the reserve is told, for each player whose reserve
        // shrank or whose deck grew (nothing else does either), to every viewer.
        for (int p = 1; p <= 2; ++p) {
          const std::string k = std::to_string(p);
          // A discard's cards went to the reserve before the draw that ran the deck out.
          const std::size_t discarded =
              p == actor && action.starts_with("discard ")
                  ? static_cast<std::size_t>(std::count(action.begin(), action.end(), ',') + 1)
                  : 0;
          const bool shuffled = now["players"][k]["reserve"].size() <
                                    was["players"][k]["reserve"].size() + discarded ||
                                now["players"][k]["deck"].size() > was["players"][k]["deck"].size();
          int told = 0;
          for (const auto& e : ev) told += e["type"] == "reshuffled" && e["player"] == p;
          EXPECT_EQ(told, shuffled ? 1 : 0) << action << " player " << p;
          reshuffles += viewer == 0 ? told : 0;
        }
        // A new turn is told once, with its player and number, the same to every viewer.
        int turns_told = 0;
        for (const auto& e : ev)
          if (e["type"] == "turn") {
            ++turns_told;
            EXPECT_EQ(e["player"], now["active"]) << e.dump();
            EXPECT_EQ(e["turn"], now["turn"]) << e.dump();
            EXPECT_EQ(e["entry"], true);
          }
        EXPECT_EQ(turns_told, !g.state->is_over() && now["turn"] != was["turn"]) << action;
        turns += viewer == 0 ? turns_told : 0;
        if (g.state->is_over()) {
          ASSERT_EQ(ev.back()["type"], "over");
          EXPECT_EQ(ev.back()["text"], g.state->over_reason());
          overs += viewer == 0;
        }
      }
      // Everyone counts the cards a player drew as that player does (a Rally's card is taken
      // back from the casualty pile, not drawn: no viewer counts it).
      for (int p = 1; p <= 2; ++p) {
        for (int viewer = 0; viewer <= 2; ++viewer) {
          EXPECT_EQ(drew_seen[viewer][p], drew_seen[p][p])
              << action << " player " << p << " viewer " << viewer;
        }
      }
      // The battle an action resolves is told combat by combat, the same to every viewer, each
      // with the outcome the rules' sums give (the battle is face up).
      const auto* was_state = dynamic_cast<const generals::GeneralsState*>(before.get());
      ASSERT_NE(was_state, nullptr);
      const bool resolved = was_state->data().phase == generals::Phase::kTactics &&
                            g.state->to_json()["phase"] != "tactics";
      for (int viewer = 0; viewer <= 2; ++viewer) {
        std::vector<json> combats;
        int battles = 0;
        for (const auto& e : g.state->events(*before, action, viewer)) {
          if (e["type"] == "combat") {
            EXPECT_EQ(battles, 1) << "a combat comes after its battle's event";
            combats.push_back(e);
          }
          if (e["type"] == "battle") {
            ++battles;
            EXPECT_EQ(e["entry"], true);
            EXPECT_EQ(e["player"], was_state->data().active);
            EXPECT_EQ(e["turn"], was_state->data().turn);
          }
        }
        EXPECT_EQ(battles, resolved ? 1 : 0) << action;
        ASSERT_EQ(combats.size(), resolved ? was_state->data().battle.attacker_count : 0u)
            << action;
        // At a resolution the casualties are told by cause: the combats' losers (as many as
        // the combats' outcomes say), and the damage off the top of the deck.
        if (resolved) {
          int fell_in_combat = 0, losers = 0;
          for (const auto& e : g.state->events(*before, action, viewer))
            if (e["type"] == "casualties") {
              ASSERT_TRUE(e.contains("cause")) << e.dump();
              if (e["cause"] == "combat") fell_in_combat += static_cast<int>(e["cards"].size());
            }
          for (int i = 0; i < was_state->data().battle.attacker_count; ++i) {
            const auto outcome = generals::combat_totals(*was_state, i).outcome;
            losers += outcome == generals::CombatOutcome::kTie ? 2
                      : outcome == generals::CombatOutcome::kAttackerWins ||
                              outcome == generals::CombatOutcome::kBlockerWins
                          ? 1
                          : 0;
          }
          EXPECT_EQ(fell_in_combat, losers) << action;
          causes_told += viewer == 0 && losers > 0;
        }
        for (std::size_t i = 0; i < combats.size(); ++i) {
          const generals::CombatTotals c = generals::combat_totals(*was_state, static_cast<int>(i));
          EXPECT_EQ(combats[i]["combat"], i + 1);
          EXPECT_EQ(combats[i]["player"], was_state->data().active);
          const char* outcome =
              c.outcome == generals::CombatOutcome::kDamage         ? "damage"
              : c.outcome == generals::CombatOutcome::kEvade        ? "evade"
              : c.outcome == generals::CombatOutcome::kAttackerWins ? "attacker-wins"
              : c.outcome == generals::CombatOutcome::kBlockerWins  ? "blocker-wins"
                                                                    : "tie";
          EXPECT_EQ(combats[i]["outcome"], outcome) << combats[i].dump();
          EXPECT_EQ(combats[i].contains("damage"), !c.blocked);
          // The table said so before the last pass (State::situation): the same outcome.
          const auto standing = before->situation(viewer);
          ASSERT_EQ(standing.size(), combats.size());
          const std::map<std::string, std::string> says = {{"damage", "would deal"},
                                                           {"evade", "would end in an evade"},
                                                           {"attacker-wins", "would beat"},
                                                           {"blocker-wins", "would hold off"},
                                                           {"tie", "would tie"}};
          EXPECT_NE(standing[i].find(says.at(combats[i]["outcome"])), std::string::npos)
              << standing[i] << " / " << combats[i].dump();
          EXPECT_EQ(
              combats[i]["text"].get<std::string>().rfind("Combat " + std::to_string(i + 1), 0),
              0u);
          battles_told += viewer == 0;
        }
      }
      // No battle on the table, nothing stands; a battle, one sentence per combat.
      const auto now_battle = g.state->to_json()["battle"]["attackers"].size();
      EXPECT_EQ(g.state->situation(actor).size(), g.state->is_over() ? 0u : now_battle);
      // A Rally's card is named to every viewer, as the action itself names it.
      if (action.starts_with("rally ")) {
        for (int viewer = 0; viewer <= 2; ++viewer) {
          const json ev = g.state->events(*before, action, viewer);
          const auto it = std::find_if(ev.begin(), ev.end(),
                                       [](const json& e) { return e["type"] == "rallied"; });
          ASSERT_NE(it, ev.end()) << action << " viewer " << viewer;
          EXPECT_EQ((*it)["player"], actor);
          EXPECT_EQ((*it)["cards"], json::array({action.substr(6)}));
          rallies += viewer == 0;
        }
      }
    }
  }
  EXPECT_GT(overs, 0);
  EXPECT_GT(casualties, 0);
  EXPECT_GT(drawn, 0);
  EXPECT_GT(rallies, 0);
  EXPECT_GT(battles_told, 0);
  EXPECT_GT(turns, 6);
  EXPECT_GT(reshuffles, 0);
  EXPECT_GT(causes_told, 0);
}

TEST(GeneralsEvents, TheReasonOfTheEndNamesWhoRanOutOfCards) {
  register_builtin_games();
  NewGame g = create_game("generals", json::object(), 11);
  std::mt19937_64 rng(11);
  EXPECT_EQ(g.state->over_reason(), "");
  while (!g.state->is_over()) {
    const auto legal = g.state->legal_texts();
    g.state->apply_text(legal[rng() % legal.size()]);
  }
  const json end = g.state->to_json();
  const std::string reason = g.state->over_reason();
  const int w = g.state->winner();
  if (w == kDraw) {
    EXPECT_TRUE(reason.starts_with("The game is drawn")) << reason;
  } else {
    const std::string loser = std::to_string(3 - w);
    const bool out =
        end["players"][loser]["deck"].empty() && end["players"][loser]["reserve"].empty();
    EXPECT_EQ(reason, out ? "Player " + std::to_string(w) + " wins: Player " + loser +
                                " ran out of cards (deck and reserve are empty)"
                          : "Player " + std::to_string(w) + " wins");
  }
}

// Cards discarded into a reserve that a deck running out shuffles into a new deck in the same
// action are still named, before the reshuffle, to every viewer (the reserve is open): the
// log once said only that the reserve was shuffled.
TEST(GeneralsEvents, DiscardsShuffledIntoANewDeckAreStillTold) {
  using generals::testing::make;
  const generals::GeneralsState before = make(R"({"phase": "discard", "players": {"1": {
    "hand": ["bowmen", "slingers", "psiloi", "psiloi", "bowmen"], "deck": ["slingers"]}}})");
  generals::GeneralsState after = before;
  after.apply_text("discard bowmen,slingers");
  for (int viewer = 0; viewer <= 2; ++viewer) {
    const json ev = after.events(before, "discard bowmen,slingers", viewer);
    std::vector<std::string> types;
    json reserve;
    for (const auto& e : ev) {
      types.push_back(e["type"]);
      if (e["type"] == "reserve") reserve = e;
    }
    const auto at = [&](const char* type) {
      return std::find(types.begin(), types.end(), type) - types.begin();
    };
    ASSERT_LT(at("reshuffled"), static_cast<long>(types.size())) << ev.dump();
    ASSERT_LT(at("reserve"), at("reshuffled")) << ev.dump();
    EXPECT_EQ(reserve["cards"], json::array({"bowmen", "slingers"})) << ev.dump();
    EXPECT_EQ(reserve["player"], 1);
  }
}

// A Scout of a deck tells its player the cards in the deck's order, the next card drawn first
// (the log named them by name, so the order was lost); the other player's view and a
// spectator's hold none of them, and their events name none.
TEST(GeneralsEvents, AScoutedDeckIsToldInItsOrderToItsPlayerAlone) {
  using generals::testing::make;
  const generals::GeneralsState before = make(R"({"players": {
    "1": {"hand": ["bowmen", "psiloi"]},
    "2": {"deck": ["peltasts", "nomads", "auxilia", "slingers", "elephants", "nomads", "auxilia"],
          "hand": ["psiloi"]}}})");
  generals::GeneralsState after = before;
  const std::string action = "scout bowmen deck2";
  after.apply_text(action);
  const json mine = after.events(before, action, 1);
  json scouted;
  for (const auto& e : mine)
    if (e["type"] == "scouted") scouted = e;
  ASSERT_TRUE(scouted.is_object()) << mine.dump();
  EXPECT_EQ(scouted["deck"], 2);
  EXPECT_EQ(scouted["cards"],
            json::array({"peltasts", "nomads", "auxilia", "slingers", "elephants"}));
  EXPECT_EQ(scouted["text"],
            "Player 1 saw the top 5 cards of Player 2\u2019s deck: Peltasts will be drawn next, "
            "then Nomads, then Auxilia, then Slingers, and then Elephants");
  // The same from the views (the server's path for a state it cannot read as facts).
  EXPECT_EQ(after.events_from_views(before, before.view_json(1), after.view_json(1), action, 1),
            mine);
  for (const int viewer : {0, 2}) {
    const json view = after.view_json(viewer);
    for (const auto& c : view["players"]["2"]["deck"]) EXPECT_TRUE(c.is_null()) << viewer;
    const json ev = after.events(before, action, viewer);
    for (const auto& e : ev) {
      EXPECT_NE(e["type"], "scouted") << viewer << ev.dump();
      for (const char* card : {"Peltasts", "Nomads", "Auxilia", "Slingers", "Elephants"})
        EXPECT_EQ(e["text"].get<std::string>().find(card), std::string::npos)
            << viewer << ev.dump();
    }
  }
  // One card seen: "the top card".
  const generals::GeneralsState short_deck = make(R"({"players": {
    "1": {"hand": ["bowmen"]}, "2": {"deck": ["peltasts"]}}})");
  generals::GeneralsState seen = short_deck;
  seen.apply_text(action);
  bool told = false;
  for (const auto& e : seen.events(short_deck, action, 1))
    if (e["type"] == "scouted") {
      told = true;
      EXPECT_EQ(e["text"],
                "Player 1 saw the top card of Player 2\u2019s deck: Peltasts will be "
                "drawn next");
    }
  EXPECT_TRUE(told);
}

}  // namespace
