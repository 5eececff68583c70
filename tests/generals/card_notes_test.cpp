// Why a card in the hand cannot be played now (State::card_notes), in Ancient Generals: each
// card no legal action plays has a note, a card that can be played has none, and the notes say
// the phase or what is missing (a Scout phase, a Flank phase, Rally with nothing to take back,
// Shields with no blocker of its types, Break Morale played, one Siege Artillery a turn).
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace card_notes {

/// A Scout phase with Shields in player 1's hand.
GeneralsState s_scout() {
  return make(R"({"players": {"1": {"hand": ["shields"]}}})");
}

std::map<std::string, std::string> notes(const GeneralsState& s, int viewer) {
  std::map<std::string, std::string> out;
  for (const auto& [card, why] : s.card_notes(viewer)) out[card] = why;
  return out;
}

TEST(CardNotes, TheScoutPhaseNamesTheScoutTraitAndOtherPhasesTheirCards) {
  const GeneralsState s = make(R"({"players": {"1": {"hand": ["bowmen", "hoplite-phalanx", "rally",
    "outflank", "break-morale"]}}})");
  const auto n = notes(s, 1);
  EXPECT_EQ(n.count("bowmen"), 0u);  // a Scout: it may be discarded now
  EXPECT_EQ(n.at("hoplite-phalanx"),
            "only a unit card with the Scout trait is discarded in the Scout phase");
  EXPECT_EQ(n.at("rally"), "played in a Draw phase, to take a card back from the casualty pile");
  EXPECT_EQ(n.at("outflank"), "played in one\u2019s own Flank phase");
  EXPECT_EQ(n.at("break-morale"), "played in one\u2019s own Artillery phase");
  EXPECT_TRUE(notes(s, 2).empty()) << "only the player to act gets notes";
}

TEST(CardNotes, WhatIsMissingIsSaid) {
  // Rally in a Draw phase with nothing in the casualty pile.
  const GeneralsState draw = make(R"({"phase": "draw", "players": {"1": {"hand": ["rally"]}}})");
  EXPECT_EQ(notes(draw, 1).at("rally"),
            "there is no other card in your casualty pile to take back");
  // With a casualty, Rally can be played: no note.
  const GeneralsState rally =
      make(R"({"phase": "draw", "players": {"1": {"hand": ["rally"], "casualties": ["psiloi"]}}})");
  EXPECT_EQ(notes(rally, 1).count("rally"), 0u);
  // Break Morale played: the blocker cannot block, and says why.
  const GeneralsState block = make(R"({"phase": "block", "to_act": 2, "players": {
    "1": {"hand": []}, "2": {"hand": ["auxilia"]}},
    "battle": {"attackers": ["bowmen"], "no_block": true}})");
  EXPECT_EQ(notes(block, 2).at("auxilia"), "Break Morale was played: you cannot block this turn");
  // Difficult Terrain played: the active player's flank units say so.
  const GeneralsState flank = make(R"({"phase": "flank", "players": {"1": {"hand": ["nomads"]}},
    "battle": {"no_attack": true}})");
  EXPECT_NE(notes(flank, 1).at("nomads").find("Difficult Terrain was played"), std::string::npos);
  // Shields in a battle with no blocker of its types; outside a battle, where it is played.
  const GeneralsState tactics = make(R"({"phase": "tactics", "to_act": 2, "players": {
    "1": {"hand": []}, "2": {"hand": ["shields"]}},
    "battle": {"attackers": ["bowmen"]}})");
  EXPECT_EQ(notes(tactics, 2).at("shields"),
            "there is no blocking Heavy Infantry, Medium Infantry or Warband in this battle");
  EXPECT_EQ(notes(s_scout(), 1).at("shields"),
            "played in the Tactics phase of a battle, on a blocking Heavy Infantry, Medium "
            "Infantry or Warband");
}

TEST(CardNotes, EveryUnplayableCardHasANoteAndNoPlayableOneHasInRandomGames) {
  std::mt19937_64 rng(11);
  int noted = 0;
  for (int game = 0; game < 60; ++game) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, 100 + game);
    while (!s.is_over()) {
      const int p = s.to_act();
      const auto n = notes(s, p);
      // Every card named is in the hand, with words; no card a legal action plays is named.
      const json hand = s.to_json()["players"][std::to_string(p)]["hand"];
      for (const auto& [card, why] : n) {
        EXPECT_NE(std::find(hand.begin(), hand.end(), card), hand.end()) << card;
        EXPECT_FALSE(why.empty()) << card;
      }
      if (phase(s) != "draw")  // (Rally's text names the card taken back)
        for (const auto& text : s.legal_texts())
          for (const auto& [card, why] : n) {
            EXPECT_EQ(text.find(card), std::string::npos) << text << " plays " << card;
          }
      // And every card of the hand that no legal action names has a note (the Discard phase,
      // where any card may go, and the Draw phase, whose Rally names another card, aside).
      if (phase(s) != "draw" && phase(s) != "discard")
        for (const auto& card : hand) {
          const auto texts = s.legal_texts();
          const bool named = std::any_of(texts.begin(), texts.end(), [&](const std::string& t) {
            return t.find(card.get<std::string>()) != std::string::npos;
          });
          EXPECT_TRUE(named || n.count(card.get<std::string>()) > 0)
              << card << " in the " << phase(s) << " phase has no note";
        }
      noted += static_cast<int>(n.size());
      // Whole actions, as a person plays them (the search's steps stop inside an attack).
      const auto texts = s.legal_texts();
      s.apply_text(texts[rng() % texts.size()]);
    }
  }
  EXPECT_GT(noted, 100);
}

}  // namespace card_notes
}  // namespace ancients::generals::testing
