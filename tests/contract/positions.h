// Hand-written Ancient Warfare positions for the contract tests, built as plain JSON exactly as
// shared/rules/positions-and-notation.md describes them (an outside tool would write them the
// same way), plus small readers of printed positions (units by square, hands as multisets) and
// a parallel runner, since every call of the sanitized executable costs a fraction of a second.
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace contract {

using nlohmann::json;

/// A unit entry of the contract.
inline json unit(const std::string& square, int owner, const std::string& type, bool elite = false,
                 bool moved = false, int attacks = 0) {
  return {{"square", square}, {"owner", owner},     {"type", type}, {"elite", elite},
          {"moved", moved},   {"attacks", attacks}, {"retreats", 0}};
}

/// A position with every required field: turn 3, player 1 to act in its move phase, an empty
/// 8x8 board, empty hands and piles, nothing pending, nobody has won.
inline json base_position() {
  return json{{"game", "ancient-warfare"},
              {"edition", "autokill"},
              {"options", {{"board", 8}, {"turn_limit", 200}}},
              {"turn", 3},
              {"active", 1},
              {"to_act", 1},
              {"phase", "move"},
              {"terrain", json::object()},
              {"units", json::array()},
              {"hands", {{"1", json::array()}, {"2", json::array()}}},
              {"deck", json::array()},
              {"discard", json::array()},
              {"lost", {{"1", 0}, {"2", 0}}},
              {"pending", nullptr},
              {"winner", nullptr}};
}

/// Move phase, player 1: Blades on d4 (Move 2) and a Camp on a1 (Move 0); player 2's General
/// on h8 and Psiloi on c3. Hand: two March (2). Terrain: d6 impassable, e5 rough, f4 rough.
/// Single moves of exactly 2 from d4 (ruling §1 "Movement", §2 exact distance):
///   d6 impassable; f6 only through the rough e5 (Blades must stop there); b2 only through the
///   Psiloi on c3; d2, b4, f4 (rough as the last square is fine), b6, f2 are legal.
/// The Camp cannot move; there is no group (the Camp cannot advance), so with `end` there are
/// exactly 6 legal actions.
inline json move_position() {
  json p = base_position();
  p["terrain"] = {{"d6", "impassable"}, {"e5", "rough"}, {"f4", "rough"}};
  p["units"] = {unit("d4", 1, "blades"), unit("a1", 1, "camp"), unit("h8", 2, "general"),
                unit("c3", 2, "psiloi")};
  p["hands"] = {{"1", {"march", "march"}}, {"2", {"trod", "march"}}};
  p["deck"] = {"attack", "push", "trod", "recoil"};
  p["discard"] = {"gallop"};
  return p;
}

/// Battle phase, player 1: Blades on d4, General on c4; player 2: Bows on d5, General on h8,
/// Camp on a8. Player 1 holds Attack, Supported Attack and Push; player 2 holds Push, Recoil,
/// Rough Ground, Elite and Attack. Blades auto-kill Bows (the seed's auto-kill table), the
/// General auto-kills nothing; both reach d5 at range 1, each supports the other's attack.
inline json battle_position() {
  json p = base_position();
  p["phase"] = "battle";
  p["units"] = {unit("d4", 1, "blades"), unit("c4", 1, "general"), unit("d5", 2, "bows"),
                unit("h8", 2, "general"), unit("a8", 2, "camp")};
  p["hands"] = {{"1", {"attack", "supported-attack", "push"}},
                {"2", {"push", "recoil", "rough-ground", "elite", "attack"}}};
  p["deck"] = {"trod", "march", "fast-pace", "gallop", "quick"};
  p["discard"] = {"scout"};
  return p;
}

/// battle_position() after `attack attack d4xd5`, written by hand: the attack awaits player
/// 2's answer.
inline json pending_position() {
  json p = battle_position();
  p["to_act"] = 2;
  p["pending"] = {{"attack", "attack attack d4xd5"}};
  p["units"][0]["attacks"] = 1;
  p["hands"]["1"] = {"supported-attack", "push"};
  p["discard"] = {"scout", "attack"};
  return p;
}

/// Orders phase: player 1 drew to 7 cards and must discard down to 5.
inline json orders_position() {
  json p = base_position();
  p["phase"] = "orders";
  p["units"] = {unit("d2", 1, "blades"), unit("e1", 1, "general"), unit("e8", 2, "general")};
  p["hands"] = {{"1", {"march", "march", "attack", "push", "scout", "trod", "elite"}},
                {"2", {"gallop"}}};
  p["deck"] = {"recoil", "rally"};
  return p;
}

/// A finished game: player 2's General was destroyed on turn 9.
inline json over_position() {
  json p = base_position();
  p["turn"] = 9;
  p["phase"] = "over";
  p["to_act"] = nullptr;
  p["winner"] = 1;
  p["units"] = {unit("d4", 1, "blades", false, false, 1), unit("e1", 1, "general")};
  p["hands"] = {{"1", {"march"}}, {"2", {"push"}}};
  p["lost"] = {{"1", 0}, {"2", 0}};
  return p;
}

/// Units of a position keyed by square.
inline std::map<std::string, json> units_by_square(const json& position) {
  std::map<std::string, json> out;
  for (const auto& u : position.at("units")) out[u.at("square").get<std::string>()] = u;
  return out;
}

/// A card list as a sorted multiset.
inline std::multiset<std::string> cards(const json& list) {
  std::multiset<std::string> out;
  for (const auto& c : list) out.insert(c.get<std::string>());
  return out;
}

/// A set of lines.
inline std::set<std::string> as_set(const std::vector<std::string>& lines) {
  return {lines.begin(), lines.end()};
}

/// Runs job(i) for i in [0, n) on a few threads (the calls are independent processes).
inline void parallel_for(std::size_t n, const std::function<void(std::size_t)>& job,
                         unsigned threads = 4) {
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (std::size_t i = next++; i < n; i = next++) job(i);
    });
  for (auto& th : pool) th.join();
}

/// Player 1's deployment written as a tool would: its reserves, in order, on the first squares
/// of ranks 1 and 2 (its zone on 8x8) that are not impassable.
inline std::string first_ranks_deployment(const json& start) {
  std::vector<std::string> squares;
  for (const char rank : {'1', '2'})
    for (char file = 'a'; file <= 'h'; ++file) {
      const std::string sq{file, rank};
      if (start["terrain"].value(sq, "") != "impassable") squares.push_back(sq);
    }
  std::string deploy = "deploy ";
  for (std::size_t i = 0; i < start["reserves"]["1"].size(); ++i)
    deploy += (i ? "," : "") + start["reserves"]["1"][i].get<std::string>() + ":" + squares[i];
  return deploy;
}

}  // namespace contract
