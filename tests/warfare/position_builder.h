// Shared helpers of the Ancient Warfare (autokill edition) rule-clause tests: a fluent builder
// of contract positions (shared/rules/positions-and-notation.md), the rules tables written
// down from the seed (shared/seeds/003, with the rulings of shared/rules/ancient-warfare.md
// §1-2), and small assertions on legal_texts()/apply_text(). The tests use only the public
// interchange contract: state_from_json, legal_texts, apply_text, to_json, view_json.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.h"
#include "core/game.h"
#include "core/registry.h"
#include "games/register_games.h"

namespace wtest {

using ancients::State;
using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// The rules tables, copied from the seed's UNIT TYPE TABLE, AUTOMATIC KILL TABLE and IMMUNITY
// TABLE (identifiers per the contract: lower case, spaces -> '-'; "Bow"/"Spear"/"Pike"/
// "Elephant" of the auto-kill table are the unit types bows/spears/pikes/elephants).

struct UnitStats {
  int move;
  int range;
  bool missile;  // ruling §2: Psiloi, Light Horse, Bows, Artillery
};

inline const std::vector<std::string>& all_types() {
  static const std::vector<std::string> types = {
      "camp",      "general",   "auxilia",    "warband",         "blades",      "spears",
      "pikes",     "cavalry",   "knights",    "psiloi",          "light-horse", "bows",
      "elephants", "artillery", "war-wagons", "scythed-chariots"};
  return types;
}

inline const UnitStats& stats(const std::string& type) {
  static const std::map<std::string, UnitStats> table = {
      {"camp", {0, 1, false}},       {"general", {3, 1, false}},
      {"auxilia", {3, 1, false}},    {"warband", {2, 1, false}},
      {"blades", {2, 1, false}},     {"spears", {2, 1, false}},
      {"pikes", {1, 1, false}},      {"cavalry", {4, 1, false}},
      {"knights", {3, 1, false}},    {"psiloi", {3, 2, true}},
      {"light-horse", {5, 2, true}}, {"bows", {2, 2, true}},
      {"elephants", {3, 1, false}},  {"artillery", {1, 4, true}},
      {"war-wagons", {2, 2, false}}, {"scythed-chariots", {4, 1, false}},
  };
  return table.at(type);
}

inline const std::map<std::string, std::set<std::string>>& autokill_table() {
  static const std::map<std::string, std::set<std::string>> table = {
      {"auxilia", {"elephants", "bows", "psiloi"}},
      {"warband", {"blades", "pikes", "artillery", "bows", "spears"}},
      {"blades", {"bows", "auxilia"}},
      {"spears", {"bows", "auxilia", "pikes", "cavalry"}},
      {"pikes", {"blades", "auxilia", "cavalry"}},
      {"cavalry", {"psiloi", "blades", "bows", "light-horse", "artillery", "auxilia", "warband"}},
      {"knights", {"auxilia", "spears", "pikes", "psiloi", "warband", "cavalry", "light-horse"}},
      {"psiloi", {"elephants", "psiloi"}},
      {"light-horse", {"elephants", "knights", "psiloi", "artillery"}},
      {"bows", {"knights", "cavalry", "light-horse", "psiloi", "pikes", "warband"}},
      {"artillery", {"elephants", "war-wagons", "scythed-chariots"}},
      {"war-wagons", {"cavalry", "knights", "light-horse", "scythed-chariots"}},
      {"scythed-chariots", {"knights", "blades", "warband", "light-horse", "auxilia"}},
      {"elephants", {"knights", "war-wagons", "warband", "light-horse", "scythed-chariots"}},
  };
  return table;
}

/// Does `attacker`'s row of the auto-kill table name `target`?
inline bool autokills(const std::string& attacker, const std::string& target) {
  const auto& t = autokill_table();
  auto it = t.find(attacker);
  return it != t.end() && it->second.count(target) > 0;
}

/// Is `target` immune to (card attacks by) `attacker`? The seed's IMMUNITY TABLE; Psiloi and
/// Light Horse are immune to every type whose auto-kill row does not name them.
inline bool immune(const std::string& target, const std::string& attacker) {
  if (target == "blades" || target == "spears")
    return attacker == "bows" || attacker == "artillery";
  if (target == "artillery") return attacker == "bows";
  if (target == "war-wagons") return attacker == "scythed-chariots";
  if (target == "psiloi" || target == "light-horse") return !autokills(attacker, target);
  return false;
}

/// Loss points of a destroyed unit (Camp 2, General 0: its loss ends the game).
inline int loss_points(const std::string& type) {
  if (type == "camp") return 2;
  if (type == "general") return 0;
  return 1;
}

inline std::string param_name(std::string s) {
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

// ---------------------------------------------------------------------------------------------
// Squares.

inline int file_of(const std::string& sq) {
  return sq.at(0) - 'a';
}
inline int rank_of(const std::string& sq) {
  return std::atoi(sq.c_str() + 1) - 1;
}
inline bool on_board(int f, int r, int board = 8) {
  return f >= 0 && r >= 0 && f < board && r < board;
}
inline std::string square(int f, int r) {
  return std::string(1, static_cast<char>('a' + f)) + std::to_string(r + 1);
}
inline std::string shift(const std::string& sq, int df, int dr) {
  return square(file_of(sq) + df, rank_of(sq) + dr);
}

// ---------------------------------------------------------------------------------------------
// The position builder.

class Pos {
 public:
  Pos() {
    j_ = json{{"game", "ancient-warfare"},
              {"edition", "autokill"},
              {"options", {{"board", 8}, {"turn_limit", 200}}},
              {"turn", 1},
              {"active", 1},
              {"to_act", 1},
              {"phase", "battle"},
              {"terrain", json::object()},
              {"units", json::array()},
              {"hands", {{"1", json::array()}, {"2", json::array()}}},
              {"deck", json::array()},
              {"discard", json::array()},
              {"lost", {{"1", 0}, {"2", 0}}},
              {"pending", nullptr},
              {"winner", nullptr}};
  }

  Pos& unit(const std::string& sq, int owner, const std::string& type, bool elite = false,
            bool moved = false, int attacks = 0) {
    j_["units"].push_back({{"square", sq},
                           {"owner", owner},
                           {"type", type},
                           {"elite", elite},
                           {"moved", moved},
                           {"attacks", attacks},
                           {"retreats", 0}});
    return *this;
  }
  Pos& elite(const std::string& sq, int owner, const std::string& type) {
    return unit(sq, owner, type, true);
  }
  Pos& moved(const std::string& sq, int owner, const std::string& type) {
    return unit(sq, owner, type, false, true);
  }
  Pos& attacked(const std::string& sq, int owner, const std::string& type) {
    return unit(sq, owner, type, false, false, 1);
  }
  Pos& terrain(const std::string& sq, const std::string& kind) {
    j_["terrain"][sq] = kind;
    return *this;
  }
  Pos& hand(int player, const std::vector<std::string>& cards) {
    j_["hands"][std::to_string(player)] = cards;
    return *this;
  }
  Pos& deck(const std::vector<std::string>& cards) {
    j_["deck"] = cards;
    return *this;
  }
  Pos& discard(const std::vector<std::string>& cards) {
    j_["discard"] = cards;
    return *this;
  }
  Pos& lost(int player, int n) {
    j_["lost"][std::to_string(player)] = n;
    return *this;
  }
  /// Sets "phase"; "move"/"battle"/"orders" keep to_act = active.
  Pos& phase(const std::string& p) {
    j_["phase"] = p;
    return *this;
  }
  /// The active player, who is also to act.
  Pos& active(int player) {
    j_["active"] = player;
    j_["to_act"] = player;
    return *this;
  }
  Pos& to_act(int player) {
    j_["to_act"] = player;
    return *this;
  }
  Pos& turn(int n) {
    j_["turn"] = n;
    return *this;
  }
  Pos& turn_limit(int n) {
    j_["options"]["turn_limit"] = n;
    return *this;
  }
  Pos& edition(const std::string& e) {
    j_["edition"] = e;
    return *this;
  }
  Pos& pending_move(const std::string& text) {
    j_["pending"] = json{{"move", text}};
    return *this;
  }
  Pos& retreated(const std::string& sq, int n) {
    for (auto& u : j_["units"])
      if (u["square"] == sq) u["retreats"] = n;
    return *this;
  }
  Pos& option(const std::string& key, const json& value) {
    j_["options"][key] = value;
    return *this;
  }
  Pos& pending_attack(const std::string& text) {
    j_["pending"] = json{{"attack", text}};
    return *this;
  }

  const json& js() const { return j_; }
  std::unique_ptr<State> state() const;

 private:
  json j_;
};

inline void ensure_registered() {
  static std::once_flag once;
  std::call_once(once, [] { ancients::register_builtin_games(); });
}

inline std::unique_ptr<State> make(const json& position) {
  ensure_registered();
  return ancients::state_from_json(position);
}

inline std::unique_ptr<State> Pos::state() const {
  return make(j_);
}

// ---------------------------------------------------------------------------------------------
// Queries on positions and legal actions.

inline std::set<std::string> legal_set(const State& s) {
  const auto v = s.legal_texts();
  return {v.begin(), v.end()};
}

inline bool has(const State& s, const std::string& action) {
  const auto v = s.legal_texts();
  return std::find(v.begin(), v.end(), action) != v.end();
}

/// Legal actions that start with `prefix`.
inline std::set<std::string> with_prefix(const State& s, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& a : s.legal_texts())
    if (a.rfind(prefix, 0) == 0) out.insert(a);
  return out;
}

/// The unit standing on `sq` in a position JSON, or null.
inline json unit_at(const json& pos, const std::string& sq) {
  for (const auto& u : pos.at("units"))
    if (u.at("square") == sq) return u;
  return nullptr;
}
inline json unit_at(const State& s, const std::string& sq) {
  return unit_at(s.to_json(), sq);
}

inline int count_in(const json& arr, const std::string& card) {
  int n = 0;
  for (const auto& c : arr)
    if (c == card) ++n;
  return n;
}

inline std::vector<std::string> cards(const json& arr) {
  std::vector<std::string> out;
  for (const auto& c : arr) out.push_back(c.get<std::string>());
  return out;
}

inline std::multiset<std::string> card_bag(const json& arr) {
  std::multiset<std::string> out;
  for (const auto& c : arr) out.insert(c.get<std::string>());
  return out;
}

inline int hand_size(const State& s, int player) {
  return static_cast<int>(s.to_json().at("hands").at(std::to_string(player)).size());
}

inline int lost_of(const State& s, int player) {
  return s.to_json().at("lost").at(std::to_string(player)).get<int>();
}

inline std::string join(const std::set<std::string>& xs) {
  std::ostringstream o;
  for (const auto& x : xs) o << "\n  " << x;
  return o.str();
}

/// Splits "advance CARD SQ,SQ,..." into its card and set of squares; false if not an advance.
inline bool parse_advance(const std::string& text, std::string& card, std::set<std::string>& sqs) {
  std::istringstream in(text);
  std::string verb, list;
  if (!(in >> verb >> card >> list) || verb != "advance") return false;
  sqs.clear();
  std::string part;
  std::istringstream parts(list);
  while (std::getline(parts, part, ',')) sqs.insert(part);
  return true;
}

/// The legal group advance with this card and exactly this set of squares (in whatever order
/// the engine writes it), or "" when there is none.
inline std::string find_advance(const State& s, const std::string& card,
                                const std::set<std::string>& squares) {
  for (const auto& a : s.legal_texts()) {
    std::string c;
    std::set<std::string> sq;
    if (parse_advance(a, c, sq) && c == card && sq == squares) return a;
  }
  return "";
}

}  // namespace wtest

// Assertions as macros so that failures point at the test's line.

/// The action is listed by legal_texts() (and is then applied when APPLY is used).
#define EXPECT_LEGAL(state, action)             \
  EXPECT_TRUE(::wtest::has(*(state), (action))) \
      << "expected legal: " << (action)         \
      << "\nlegal:" << ::wtest::join(::wtest::legal_set(*(state)))
#define ASSERT_LEGAL(state, action)             \
  ASSERT_TRUE(::wtest::has(*(state), (action))) \
      << "expected legal: " << (action)         \
      << "\nlegal:" << ::wtest::join(::wtest::legal_set(*(state)))

/// The action is not listed, apply_text() throws IllegalAction, and the state is unchanged.
#define EXPECT_ILLEGAL(state, action)                                                   \
  do {                                                                                  \
    EXPECT_FALSE(::wtest::has(*(state), (action))) << "expected illegal: " << (action); \
    const ::nlohmann::json before_ = (state)->to_json();                                \
    EXPECT_THROW((state)->apply_text(action), ::ancients::IllegalAction)                \
        << "apply_text accepted: " << (action);                                         \
    EXPECT_EQ((state)->to_json(), before_) << "state changed by refused " << (action);  \
  } while (0)

/// Asserts the action is legal, then applies it.
#define APPLY(state, action)                      \
  do {                                            \
    ASSERT_LEGAL(state, action);                  \
    ASSERT_NO_THROW((state)->apply_text(action)); \
  } while (0)
