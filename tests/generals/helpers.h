// Shared helpers of the Ancient Generals tests: building a position from a small JSON patch
// over a plain base position, reading back piles, and applying action texts.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/errors.h"
#include "games/generals/generals.h"

namespace ancients::generals::testing {

using nlohmann::json;

/// A quiet turn-1 scout position: player 1 to act, small decks, empty hands and piles. Tests
/// patch it (RFC 7396 merge: objects merge, lists and values replace).
inline json base_position() {
  return json::parse(R"({
    "game": "ancient-generals",
    "turn": 1, "active": 1, "to_act": 1, "phase": "scout",
    "players": {
      "1": {"deck": ["bowmen", "bowmen", "bowmen", "slingers", "slingers", "psiloi", "psiloi"],
            "hand": [], "reserve": [], "casualties": [], "flank": 0},
      "2": {"deck": ["nomads", "nomads", "nomads", "auxilia", "auxilia", "peltasts", "peltasts"],
            "hand": [], "reserve": [], "casualties": [], "flank": 0}
    },
    "battle": {"attackers": [], "blockers": {}, "tactics": [], "passes": 0,
               "no_attack": false, "no_block": false},
    "rng": ["1", "2", "3", "4"],
    "winner": null
  })");
}

inline GeneralsState make(const json& patch) {
  json j = base_position();
  j.merge_patch(patch);
  return GeneralsState::from_position(j, standard_cards());
}

inline GeneralsState make(const char* patch) {
  return make(json::parse(patch));
}

/// Applies each action text in turn.
inline void play(GeneralsState& s, const std::vector<std::string>& actions) {
  for (const auto& a : actions) s.apply_text(a);
}

/// A pile of player p from the position JSON ("hand", "deck", "reserve", "casualties").
inline std::vector<std::string> pile(const GeneralsState& s, int p, const char* name) {
  return s.to_json()["players"][std::to_string(p)][name].get<std::vector<std::string>>();
}

/// The pile as a sorted multiset, for order-free comparison.
inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline int flank(const GeneralsState& s, int p) {
  return s.to_json()["players"][std::to_string(p)]["flank"].get<int>();
}

inline std::string phase(const GeneralsState& s) {
  return s.to_json()["phase"];
}

inline bool has_text(const GeneralsState& s, const std::string& action) {
  const auto texts = s.legal_texts();
  return std::find(texts.begin(), texts.end(), action) != texts.end();
}

/// Expects apply_text to refuse the action with a message naming it and containing `why`, and
/// the state to be unchanged.
inline void expect_refused(GeneralsState& s, const std::string& action, const std::string& why) {
  const GeneralsState before = s;
  try {
    s.apply_text(action);
    ADD_FAILURE() << "\"" << action << "\" was accepted";
  } catch (const IllegalAction& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(action.substr(0, action.find_first_of(" \t"))), std::string::npos)
        << message;
    EXPECT_NE(message.find(why), std::string::npos)
        << "\"" << message << "\" lacks \"" << why << "\"";
  }
  EXPECT_TRUE(s.equals(before)) << "refusing \"" << action << "\" changed the state";
}

}  // namespace ancients::generals::testing
