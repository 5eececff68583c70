// Ancient Generals' actions in words (action_info.cpp), read from a battle of two attackers,
// the first blocked: combats are named with their cards, a Scout's target is read for the
// viewer, a tactic says what it would do to its combat, a pass names what it passes up, and the
// log's hidden forms stay hidden.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>

#include "core/rng.h"
#include "games/generals/battle_words.h"
#include "games/generals/combat.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

/// A battle of two attackers in the tactics window, player 2 to act: the first blocked
/// (Bowmen vs Nomads), the second not (Slingers).
GeneralsState two_combats() {
  return make(R"({
    "phase": "tactics", "to_act": 2, "active": 1,
    "battle": {"attackers": ["bowmen", "slingers"], "blockers": {"1": "nomads", "2": null},
               "tactics": [], "passes": 0, "no_attack": false, "no_block": false},
    "players": {
      "1": {"deck": ["bowmen", "bowmen", "slingers", "psiloi", "psiloi"]},
      "2": {"deck": ["nomads", "nomads", "auxilia", "auxilia", "peltasts", "peltasts"]}}
  })");
}

TEST(GeneralsActionInfo, SentencesNameTheCombatsAndTheCards) {
  const GeneralsState s = two_combats();
  const auto words = [&](const char* text, int viewer) {
    return s.action_info(text, viewer)["words"].get<std::string>();
  };
  EXPECT_EQ(words("discard slingers,overrun", 1), "Discard Slingers, Overrun");
  EXPECT_EQ(words("discard", 1), "Discard nothing");
  EXPECT_EQ(words("discard 2 cards", 2), "Discard 2 cards");
  EXPECT_EQ(words("scout (hidden)", 2), "Scout (hidden)");
  EXPECT_EQ(words("scout bowmen deck2", 1),
            "Scout with Bowmen: look at the top of the opponent\u2019s deck");
  EXPECT_EQ(words("scout bowmen deck1", 1), "Scout with Bowmen: look at the top of your deck");
  // Player 2 is to act: its Scout of the hand looks at player 1's, read as such by each.
  EXPECT_EQ(words("scout bowmen hand", 2), "Scout with Bowmen: look at the opponent\u2019s hand");
  EXPECT_EQ(words("scout bowmen hand", 1), "Scout with Bowmen: look at your hand");
  EXPECT_EQ(words("scout bowmen hand", 0), "Scout with Bowmen: look at Player 1\u2019s hand");
  // A tactic says what it would do as the battle stands: player 2 (to act) playing Overrun on
  // player 1's unblocked Slingers (Damage 1) gives them 2 more; Bloodlust cannot change an
  // evade (Nomads, Light Cavalry, evade Light Infantry).
  EXPECT_EQ(words("play bloodlust b1", 2),
            "Play Bloodlust on the blocker of combat 1 (Bowmen vs Nomads) \u2014 as the combat "
            "stands, it changes nothing");
  EXPECT_EQ(words("play overrun 2", 1),
            "Play Overrun on combat 2 (Slingers, unblocked) \u2014 it helps Player 1: Player 1's "
            "Slingers, unblocked, would deal 3 damage = 1 + 2 for Overrun");
  // A block says how its combat would end as the battle stands: Auxilia (+5 against Light
  // Infantry) hold off the Slingers.
  EXPECT_EQ(words("block 2=auxilia", 2),
            "Block: Auxilia blocks combat 2 (Slingers) \u2014 then Player 2's Auxilia (force 6 = 1 "
            "+ 5 against Slingers) would hold off Player 1's Slingers (force 1), which would "
            "fall");
  // A pass names what it passes up in its phase: here the tactics window.
  EXPECT_EQ(words("pass", 2), "Pass: done with tactics for now");
  const json block = s.action_info("block 1=nomads,2=auxilia", 2);
  EXPECT_EQ(block["kind"], "block");
  EXPECT_EQ(block["cards"], json::array({"nomads", "auxilia"}));
  const json play = s.action_info("play bloodlust b1", 2);
  EXPECT_EQ(play["card"], "bloodlust");
  EXPECT_EQ(play["arg"], "b1");
}

/// Calls visit(state, text) for every legal action of every position of 8 random games (seeds
/// 1 to 8, random actions, at most 2,000 a game).
template <class Visit>
void for_each_offered(Visit&& visit) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, seed);
    Rng rng(seed);
    ActionList actions;
    for (int step = 0; step < 2000 && !s.is_over(); ++step) {
      for (const std::string& text : s.legal_texts()) visit(s, text);
      s.legal_actions(actions);
      s.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
}

// In random games, every tactic offered says what it would do to its combat, and says it as the
// rules' sums of the battle after playing it give: nothing where the combat would end the same
// (the same damage, or the same card won), help for the other player where the combat would
// end worse for the player playing it, and else how the combat would then end.
TEST(GeneralsActionInfo, ATacticSaysWhatItWouldDoToItsCombat) {
  int nothing = 0, helps = 0, then = 0;
  for_each_offered([&](const GeneralsState& s, const std::string& text) {
    if (!text.starts_with("play ")) return;
    const json info = s.action_info(text, s.to_act());
    const std::string words = info["words"];
    const std::string on = info["arg"];
    const int i = std::stoi(on[0] == 'a' || on[0] == 'b' ? on.substr(1) : on) - 1;
    GeneralsState after = s;
    after.apply_text(text);
    const CombatTotals was = combat_totals(s, i), now = combat_totals(after, i);
    const auto for_attacker = [](const CombatTotals& c) {
      return c.outcome == CombatOutcome::kDamage         ? std::max(c.damage, 0)
             : c.outcome == CombatOutcome::kAttackerWins ? 1
             : c.outcome == CombatOutcome::kBlockerWins  ? -1
                                                         : 0;
    };
    const int mine =
        (for_attacker(now) - for_attacker(was)) * (s.to_act() == s.data().active ? 1 : -1);
    SCOPED_TRACE(words);
    // The structured mark of a futile card (front ends list those last) agrees with the words.
    const std::string futile = info.value("futile", "");
    if (now.outcome == was.outcome && for_attacker(now) == for_attacker(was)) {
      EXPECT_NE(words.find("it changes nothing"), std::string::npos);
      EXPECT_EQ(futile, "no-effect");
      ++nothing;
    } else if (mine < 0) {
      EXPECT_NE(words.find("it helps Player " + std::to_string(3 - s.to_act())), std::string::npos);
      EXPECT_EQ(futile, "helps-opponent");
      ++helps;
    } else {
      EXPECT_NE(words.find("\u2014 then Player "), std::string::npos);
      EXPECT_EQ(futile, "");
      ++then;
    }
  });
  EXPECT_GT(nothing, 0);
  EXPECT_GT(helps, 0);
  EXPECT_GT(then, 0);
}

// In random games, every block of one combat says how that combat would end, as the table
// says it once the block is made (State::situation, the same sums).
TEST(GeneralsActionInfo, ABlockSaysHowItsCombatWouldEnd) {
  int checked = 0;
  for_each_offered([&](const GeneralsState& s, const std::string& text) {
    if (!text.starts_with("block ") || text.find(',') != std::string::npos) return;
    const std::string words = s.action_info(text, s.to_act())["words"];
    const auto dash = words.find("\u2014 then ");
    ASSERT_NE(dash, std::string::npos) << words;
    const std::string standing = words.substr(dash + std::string("\u2014 then ").size());
    GeneralsState after = s;
    after.apply_text(text);
    const int n = std::stoi(text.substr(6, text.find('=') - 6));
    const auto lines = after.situation(s.to_act());
    ASSERT_GE(static_cast<int>(lines.size()), n) << text;
    EXPECT_TRUE(lines[static_cast<std::size_t>(n - 1)].ends_with(standing))
        << words << " / " << lines[static_cast<std::size_t>(n - 1)];
    ++checked;
  });
  EXPECT_GT(checked, 100);
}

TEST(GeneralsActionInfo, APassNamesWhatItPassesUpInEachPhase) {
  const std::pair<const char*, const char*> phases[] = {
      {"scout", "Pass: no scouting"},
      {"draw", "Pass: done with Rally"},
      {"flank", "Pass: done with the flank phase"},
      {"artillery", "Pass: done with the artillery phase"},
      {"attack", "Pass: no attack"}};
  for (const auto& [phase, said] : phases) {
    const GeneralsState s = make(json::parse(std::string(R"({"phase": ")") + phase + R"(",
      "to_act": 1, "active": 1, "players": {"1": {"deck": ["bowmen", "bowmen", "slingers"]},
                                           "2": {"deck": ["nomads", "nomads", "auxilia"]}}})"));
    EXPECT_EQ(s.action_info("pass", 1)["words"], said) << phase;
  }
  // The defender's flank window, and an attack phase after Difficult Terrain.
  const GeneralsState defending = make(R"({"phase": "flank", "to_act": 2, "active": 1})");
  EXPECT_EQ(defending.action_info("pass", 2)["words"],
            "Pass: done with Reserve and Difficult Terrain");
  const GeneralsState prevented = make(R"({"phase": "attack", "to_act": 1, "active": 1,
    "battle": {"no_attack": true}})");
  EXPECT_EQ(prevented.action_info("pass", 1)["words"],
            "Pass: no attack (Difficult Terrain prevents one)");
}

// Break Morale, Difficult Terrain and Reserve say what they do from the position (a player
// was offered Break Morale after Difficult Terrain had stopped the attack, with no word that it
// would change nothing).
TEST(GeneralsActionInfo, TheTurnCardsSayWhatTheyDo) {
  const GeneralsState artillery = make(R"({"phase": "artillery", "to_act": 1, "active": 1,
    "players": {"1": {"hand": ["break-morale", "bowmen"]}}})");
  EXPECT_EQ(artillery.action_info("break-morale", 1)["words"],
            "Play Break Morale \u2014 Player 2 cannot block this turn");
  // Without a unit card in hand there is no attack to come (no card is drawn before it): said
  // to the holder, and only to the holder (the opponent does not know the hand).
  const GeneralsState no_units = make(R"({"phase": "artillery", "to_act": 1, "active": 1,
    "players": {"1": {"hand": ["break-morale", "shields"]}}})");
  EXPECT_EQ(no_units.action_info("break-morale", 1)["words"],
            "Play Break Morale \u2014 it changes nothing: you hold no unit card to attack with");
  EXPECT_EQ(no_units.action_info("break-morale", 2)["words"],
            "Play Break Morale \u2014 Player 2 cannot block this turn");
  EXPECT_EQ(no_units.action_info("break-morale", 1).value("futile", ""), "no-effect");
  EXPECT_EQ(no_units.action_info("break-morale", 2).value("futile", ""), "");
  EXPECT_EQ(artillery.action_info("break-morale", 1).value("futile", ""), "");
  const GeneralsState stopped = make(R"({"phase": "artillery", "to_act": 1, "active": 1,
    "battle": {"no_attack": true}})");
  EXPECT_EQ(stopped.action_info("break-morale", 1)["words"],
            "Play Break Morale \u2014 it changes nothing: there is no attack this turn "
            "(Difficult Terrain)");
  const GeneralsState defending = make(R"({"phase": "flank", "to_act": 2, "active": 1})");
  EXPECT_EQ(defending.action_info("difficult-terrain", 2)["words"],
            "Play Difficult Terrain \u2014 Player 1 cannot flank or attack this turn");
  const std::string reserve = defending.action_info("reserve", 2)["words"];
  EXPECT_TRUE(reserve.starts_with("Play Reserve \u2014 draw ")) << reserve;
  EXPECT_TRUE(reserve.ends_with(" cards")) << reserve;
}

// A log line reads what the action did, in the past, not the forecast its choice showed: a
// block's "then ... would hold off" is dropped (the tactics came after it, and the battle's
// resolution in the log tells how each combat ended), a tactic keeps only what it did to no
// gain, and the turn cards say what they did.
TEST(GeneralsActionInfo, ALogLineSaysWhatTheActionDid) {
  const GeneralsState s = two_combats();
  const auto logged = [&](const char* text, int viewer) {
    return json::parse(s.logged_info_text(text, viewer))["words"].get<std::string>();
  };
  EXPECT_EQ(logged("block 2=auxilia", 2), "Blocked: Auxilia blocked combat 2 (Slingers)");
  EXPECT_EQ(logged("play bloodlust b1", 2),
            "Played Bloodlust on the blocker of combat 1 (Bowmen vs Nomads) \u2014 as the combat "
            "stood, it changed nothing");
  EXPECT_EQ(logged("play overrun 2", 1),
            "Played Overrun on combat 2 (Slingers, unblocked) \u2014 it helped Player 1");
  EXPECT_EQ(logged("scout bowmen hand", 2),
            "Scouted with Bowmen: looked at the opponent\u2019s hand");
  // The other player reads whose hand it was (a Scout is played in the open).
  EXPECT_EQ(logged("scout bowmen hand", 1), "Scouted with Bowmen: looked at your hand");
  // Everything but the words is the description the choice had.
  json was = s.action_info("block 2=auxilia", 2);
  json now = json::parse(s.logged_info_text("block 2=auxilia", 2));
  EXPECT_NE(was["words"], now["words"]);
  was.erase("words");
  now.erase("words");
  EXPECT_EQ(was, now);
  // After Break Morale, the empty block is said to be no choice.
  const GeneralsState broken = make(R"({"phase": "block", "to_act": 2, "active": 1,
    "battle": {"attackers": ["bowmen"], "blockers": {}, "tactics": [], "passes": 0,
               "no_attack": false, "no_block": true}})");
  EXPECT_EQ(json::parse(broken.logged_info_text("block", 1))["words"],
            "No blocks (Break Morale: no block is possible this turn)");
  // Each sentence says what was done; Siege Artillery names the loser for the reader.
  const GeneralsState artillery_phase = make(R"({"phase": "artillery", "to_act": 1, "active": 1,
    "players": {"1": {"hand": ["catapults"]}}})");
  const auto siege = [&](int viewer) {
    return json::parse(artillery_phase.logged_info_text("siege catapults", viewer))["words"]
        .get<std::string>();
  };
  EXPECT_EQ(siege(1),
            "Played Catapults as Siege Artillery: the opponent lost the top card of the deck");
  EXPECT_EQ(siege(2), "Played Catapults as Siege Artillery: you lost the top card of your deck");
  EXPECT_EQ(siege(0),
            "Played Catapults as Siege Artillery: Player 2 lost the top card of the deck");
  EXPECT_EQ(logged("discard slingers,overrun", 1), "Discarded Slingers, Overrun");
  EXPECT_EQ(logged("discard 2 cards", 2), "Discarded 2 cards");
  EXPECT_EQ(logged("pass", 2), "Pass: done with tactics for now");
  const GeneralsState artillery = make(R"({"phase": "artillery", "to_act": 1, "active": 1,
    "players": {"1": {"hand": ["break-morale", "bowmen"]}}})");
  EXPECT_EQ(json::parse(artillery.logged_info_text("break-morale", 2))["words"],
            "Played Break Morale \u2014 Player 2 cannot block this turn");
  const GeneralsState defending = make(R"({"phase": "flank", "to_act": 2, "active": 1})");
  const std::string reserve = json::parse(defending.logged_info_text("reserve", 2))["words"];
  EXPECT_TRUE(reserve.starts_with("Played Reserve \u2014 drew ")) << reserve;
}

// A combat's totals say where they come from: an unblocked attacker's Damage and the
// Encircling point (a player once read "dealt 4 damage" from a card of Damage 3), a force's
// "+5 vs" bonus by the card it is against, and what tactics add.
TEST(GeneralsActionInfo, CombatTotalsSayTheirTerms) {
  const GeneralsState s = make(R"({
    "phase": "tactics", "to_act": 2, "active": 1,
    "battle": {"attackers": ["bowmen", "slingers"], "blockers": {"1": null, "2": "auxilia"},
               "tactics": [], "passes": 0, "no_attack": false, "no_block": false},
    "players": {"1": {"flank": 2}, "2": {"flank": 0}}
  })");
  const CardTable& t = s.cards().table;
  const int bowmen_damage = t.damage[static_cast<std::size_t>(s.cards().find("bowmen"))];
  const std::vector<std::string> lines = s.situation(1);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0].find(fmt::format("would deal {} damage = {} + 1 for Encircling",
                                      bowmen_damage + 1, bowmen_damage)),
            std::string::npos)
      << lines[0];
  EXPECT_NE(lines[1].find("Player 2's Auxilia (force 6 = 1 + 5 against Slingers)"),
            std::string::npos)
      << lines[1];
  EXPECT_NE(lines[1].find("Player 1's Slingers (force 1)"), std::string::npos) << lines[1];
  // A tactic played is named with what it adds.
  const GeneralsState lust = make(R"({
    "phase": "tactics", "to_act": 2, "active": 1,
    "battle": {"attackers": ["slingers"], "blockers": {"1": "auxilia"},
               "tactics": [{"player": 1, "card": "bloodlust", "on": "a1"}], "passes": 0,
               "no_attack": false, "no_block": false}
  })");
  const int bloodlust = t.amount[static_cast<std::size_t>(s.cards().find("bloodlust"))];
  const std::string line = lust.situation(1).at(0);
  EXPECT_NE(line.find(fmt::format("Player 1's Slingers (force {} = 1 + {} for Bloodlust)",
                                  1 + bloodlust, bloodlust)),
            std::string::npos)
      << line;
}

// In random games, every combat's terms add up to the totals the rules' sums give (the words
// read each tactic's effect as the sums do, tactic_bonus).
TEST(GeneralsActionInfo, CombatTermsAddUpToTheTotals) {
  const auto adds_up = [&](const std::string& term, int total) {
    if (term.find('=') == std::string::npos)
      return term.find(std::to_string(total)) != std::string::npos;
    int value = 0;
    const std::regex part(R"((?:= |\+ )(\d+))");
    for (auto it = std::sregex_iterator(term.begin(), term.end(), part);
         it != std::sregex_iterator(); ++it)
      value += std::stoi((*it)[1]);
    return value == total;
  };
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, seed);
    Rng rng(seed);
    ActionList actions;
    for (int step = 0; step < 2000 && !s.is_over(); ++step) {
      const Battle& b = s.data().battle;
      for (int i = 0; i < b.attacker_count; ++i) {
        const CombatTotals c = combat_totals(s, i);
        const CombatTerms terms = combat_terms(s, i, b.blockers[i], c);
        if (c.blocked) {
          EXPECT_TRUE(adds_up(terms.attacker_force, c.attacker_force)) << terms.attacker_force;
          EXPECT_TRUE(adds_up(terms.blocker_force, c.blocker_force)) << terms.blocker_force;
        } else if (c.damage >= 0) {
          EXPECT_TRUE(adds_up(terms.damage, c.damage)) << terms.damage;
        }
        ++checked;
      }
      s.legal_actions(actions);
      s.apply(actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
    }
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace ancients::generals::testing
