// The generic random-simulation test on Ancient Warfare (autokill edition): 10,000 seeded
// random games from sample armies on generated battlefields, deployment included, with the
// generic invariants plus Warfare's own: loss points match the destroyed units.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include "games/register_games.h"

#include "core/registry.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/setup.h"
#include "support/simulation.h"

namespace ancients::warfare {
namespace {

std::string warfare_view_leak(const State& s, const nlohmann::json& view, int viewer) {
  const auto& w = dynamic_cast<const WarfareState&>(s);
  const std::string opp = std::to_string(3 - viewer);
  if (!view["hands"][opp].is_number()) return "the opponent's hand is shown, not counted";
  if (view["hands"][opp].get<int>() != w.hand_size(3 - viewer)) return "wrong opponent hand size";
  if (!view["deck"].is_number()) return "the deck order is shown";
  if (view.contains("rng")) return "the random stream is shown";
  if (w.phase() == Phase::kDeploy && w.to_act() == viewer && !w.swap_step()) {
    for (const auto& u : view["units"])
      if (u["owner"] != viewer) return "the opponent's hidden deployment is shown";
  }
  return {};
}

/// Loss points must equal the value of the units each side lost since deployment ended.
struct LossLedger {
  int initial[2] = {-1, -1};
  int camps[2] = {0, 0};
  std::string check(const State& s) {
    const auto& w = dynamic_cast<const WarfareState&>(s);
    if (w.phase() == Phase::kDeploy) return {};
    int count[2] = {0, 0}, camp_now[2] = {0, 0}, general_now[2] = {0, 0};
    for (int i = 0; i < w.unit_count(); ++i) {
      const Unit& u = w.unit(i);
      const Role role = w.rules().units[u.type].role;
      ++count[u.owner - 1];
      camp_now[u.owner - 1] += role == Role::kCamp;
      general_now[u.owner - 1] += role == Role::kGeneral || u.general != 0;
    }
    for (int p = 0; p < 2; ++p) {
      if (initial[p] < 0) {
        initial[p] = count[p];
        camps[p] = camp_now[p];
      }
      const int destroyed = initial[p] - count[p];
      const int camps_lost = camps[p] - camp_now[p];
      const int generals_lost = general_now[p] == 0 ? 1 : 0;
      const int expected = (destroyed - camps_lost - generals_lost) + 2 * camps_lost;
      if (w.lost(p + 1) != expected)
        return "player " + std::to_string(p + 1) + " has " + std::to_string(w.lost(p + 1)) +
               " loss points but lost units worth " + std::to_string(expected);
      if (generals_lost && !(w.is_over() && w.winner() == 2 - p))
        return "a General was destroyed but the game goes on";
      if (w.lost(p + 1) >= w.rules().loss_limit && !(w.is_over() && w.winner() == 2 - p))
        return "8 loss points but the game goes on";
    }
    return {};
  }
};

TEST(WarfareSimulation, TenThousandRandomGamesKeepEveryInvariant) {
  register_builtin_games();
  testing::SimulationConfig cfg;
  cfg.games = testing::simulation_games(10000);
  cfg.seed = 7;
  // One ledger per thread: each thread plays its games one after another.
  static thread_local LossLedger ledger;
  cfg.new_game = [&](std::uint64_t seed) -> std::unique_ptr<State> {
    ledger = LossLedger{};
    Options o;
    o.turn_limit = 60 + static_cast<int>(seed % 200);
    o.defend_autokill = seed % 5 == 0;
    return random_game(seed, o);
  };
  cfg.view_leak = warfare_view_leak;
  cfg.extra = [](const State& s) { return ledger.check(s); };
  const auto stats = testing::run_simulation(cfg);
  EXPECT_EQ(stats.games, static_cast<std::uint64_t>(cfg.games));
  EXPECT_GT(stats.wins[1] + stats.wins[2], 0u) << "random games should sometimes be won";
}

// Both editions, each with a spread of house-rule sets and both board sizes (ancient-warfare.md
// §4).
TEST(WarfareSimulation, BothEditionsAndHouseRuleSetsKeepEveryInvariant) {
  register_builtin_games();
  testing::SimulationConfig cfg;
  cfg.games = testing::simulation_games(1500);
  cfg.seed = 11;
  static thread_local LossLedger ledger;
  cfg.new_game = [&](std::uint64_t seed) -> std::unique_ptr<State> {
    ledger = LossLedger{};
    Options o;
    o.turn_limit = 40 + static_cast<int>(seed % 120);
    const auto bits = seed / 2;
    o.defend_autokill = bits & 1;
    o.pursuit = bits & 2;
    o.multi_move = bits & 4;
    o.retreat_away = bits & 8;
    o.elephant_house = bits & 16;
    o.horde_house = bits & 32;
    // The later house rules and both board sizes, on a spread independent of the bits above.
    const auto more = seed / 3;
    o.nominated_general = more % 2 == 1;
    o.house_terrain = (more / 2) % 2 == 1;
    o.board = (more / 4) % 3 == 0 ? 12 : 8;
    o.dba_setup = o.board == 12 && (more / 12) % 2 == 0;
    return random_game(seed, o, seed % 2 == 0 ? "retreat" : "autokill");
  };
  cfg.view_leak = warfare_view_leak;
  cfg.extra = [](const State& s) { return ledger.check(s); };
  const auto stats = testing::run_simulation(cfg);
  EXPECT_EQ(stats.games, static_cast<std::uint64_t>(cfg.games));
  EXPECT_GT(stats.wins[1] + stats.wins[2], 0u) << "random games should sometimes be won";
}

/// The defender's battlefield: every finished area feature has its size in connected squares of
/// its terrain, a BUA is within 5 squares of two edges, no kind beyond its limit.
std::string field_problem(const State& s) {
  const auto& w = dynamic_cast<const WarfareState&>(s);
  const FieldSetup& f = w.field();
  const auto& table = field_table();
  const int n = w.geo().width;
  std::map<int, int> per_kind;
  for (int i = 0; i < f.count; ++i) {
    const FieldFeature& ff = f.features[i];
    const auto& kind = table.features[ff.kind];
    if (++per_kind[ff.kind] > kind.max) return "more " + kind.id + " than the sheet allows";
    const int size = field_feature_size(kind, n);
    const bool open = f.building != 0 && i == f.count - 1;
    if (size == 0 || open || (w.phase() != Phase::kBattlefield && kind.shape == dba::Shape::kRoad))
      continue;
    if (ff.count != size) return kind.id + " has the wrong number of squares";
    int linked = 0;
    for (int a = 0; a < ff.count; ++a)
      for (int b = 0; b < ff.count; ++b)
        linked +=
            w.geo().king_distance(ff.squares[a], ff.squares[b]) == 1 &&
            (ff.squares[a] % n == ff.squares[b] % n || ff.squares[a] / n == ff.squares[b] / n);
    if (size > 1 && linked < 2 * (size - 1)) return kind.id + " is not connected";
    if (kind.shape == dba::Shape::kSingle) {
      const int q = ff.squares[0], d = table.bua_edge_distance;
      if (!((q % n < d || q % n >= n - d) && (q / n < d || q / n >= n - d)))
        return "a BUA far from two edges";
    }
  }
  return {};
}

// The defender's battlefield (map "defender" with the DBA set-up) played at random from the
// topography to the end of the game, in both editions.
TEST(WarfareSimulation, TheDefendersBattlefieldKeepsEveryInvariant) {
  register_builtin_games();
  testing::SimulationConfig cfg;
  cfg.games = testing::simulation_games(200, 12);
  cfg.seed = 77;
  cfg.new_game = [](std::uint64_t seed) -> std::unique_ptr<State> {
    const nlohmann::json options = {{"edition", seed % 2 == 0 ? "retreat" : "autokill"},
                                    {"board", 12},
                                    {"dba_setup", true},
                                    {"map", "defender"},
                                    {"turn_limit", 30}};
    return create_game("ancient-warfare", options, seed).state;
  };
  cfg.view_leak = warfare_view_leak;
  cfg.extra = field_problem;
  const auto stats = testing::run_simulation(cfg);
  EXPECT_EQ(stats.games, static_cast<std::uint64_t>(cfg.games));
}

/// A multiplayer view (multiplayer.md): every other hand, an ally's included, is a count of
/// the right size; the deck order and the random stream are not shown; a player deploying
/// sees no other player's units.
std::string contingents_view_leak(const State& s, const nlohmann::json& view, int viewer) {
  const auto& w = dynamic_cast<const WarfareState&>(s);
  for (int q = 1; q <= w.player_count(); ++q) {
    if (q == viewer) continue;
    const auto& h = view["hands"][std::to_string(q)];
    if (!h.is_number()) return "player " + std::to_string(q) + "'s hand is shown, not counted";
    if (h.get<int>() != w.hand_size(q)) return "wrong hand size of player " + std::to_string(q);
  }
  if (!view["deck"].is_number()) return "the deck order is shown";
  if (view.contains("rng")) return "the random stream is shown";
  if (w.phase() == Phase::kDeploy && !w.swap_step())
    for (const auto& u : view["units"])
      if (u["owner"] != viewer) return "another player's hidden deployment is shown";
  return {};
}

/// Contingents: each player's loss points match its destroyed units; a broken contingent has
/// no unit and no card left and never acts; a main player's General lost or 8 losses end the
/// battle with the other side's win; the player to act is never broken.
struct ContingentLedger {
  std::array<int, kMaxPlayers> initial{}, camps{};
  bool started = false;
  std::string check(const State& s) {
    const auto& w = dynamic_cast<const WarfareState&>(s);
    if (w.phase() == Phase::kDeploy) return {};
    std::array<int, kMaxPlayers> count{}, camp_now{}, general_now{};
    for (int i = 0; i < w.unit_count(); ++i) {
      const Unit& u = w.unit(i);
      const Role role = w.rules().units[u.type].role;
      if (u.owner != w.side_of(u.player)) return "a unit's side is not its player's side";
      ++count[u.player - 1];
      camp_now[u.player - 1] += role == Role::kCamp;
      general_now[u.player - 1] += role == Role::kGeneral || u.general != 0;
    }
    if (!started) {
      started = true;
      initial = count;
      camps = camp_now;
    }
    if (!w.is_over() && w.broken(w.to_act())) return "a broken player is to act";
    for (int p = 1; p <= w.player_count(); ++p) {
      const std::string who = "player " + std::to_string(p);
      if (w.broken(p)) {
        if (count[p - 1] != 0 || w.hand_size(p) != 0) return who + " is broken but still fights";
        if (p == w.main_player(w.side_of(p))) return "a main player is marked broken";
        continue;
      }
      const int destroyed = initial[p - 1] - count[p - 1];
      const int camps_lost = camps[p - 1] - camp_now[p - 1];
      const int generals_lost = general_now[p - 1] == 0 ? 1 : 0;
      const int expected = (destroyed - camps_lost - generals_lost) + 2 * camps_lost;
      if (w.lost(p) != expected)
        return who + " has " + std::to_string(w.lost(p)) + " loss points but lost units worth " +
               std::to_string(expected);
      const bool beaten = generals_lost || w.lost(p) >= w.rules().loss_limit;
      if (beaten && !(w.is_over() && w.winner() == 3 - w.side_of(p)))
        return who + " (a main player) is beaten but the battle goes on";
    }
    return {};
  }
};

// Multiplayer battles (contingents, multiplayer.md) of 3 to 6 players (a side of 3 on the 16-file
// board), both editions, with house rules and the DBA set-up mixed in.
TEST(WarfareSimulation, MultiplayerBattlesKeepEveryInvariant) {
  register_builtin_games();
  testing::SimulationConfig cfg;
  cfg.games = testing::simulation_games(200, 12);
  cfg.seed = 31;
  cfg.full_check_every = 3;  // six views and a JSON round trip per full check
  static thread_local ContingentLedger ledger;
  cfg.new_game = [&](std::uint64_t seed) -> std::unique_ptr<State> {
    ledger = ContingentLedger{};
    Options o;
    o.board = 12;
    o.contingents = true;
    static const std::pair<int, int> kSides[] = {{2, 1}, {1, 2}, {2, 2}, {3, 1},
                                                 {1, 3}, {3, 2}, {2, 3}, {3, 3}};
    o.attackers = kSides[seed % 8].first;
    o.defenders = kSides[seed % 8].second;
    o.turn_limit = 8 + static_cast<int>(seed % 30);  // rounds: every player's turn
    const auto bits = seed / 8;
    o.pursuit = bits & 1;
    o.nominated_general = bits & 2;
    o.house_terrain = bits & 4;
    o.dba_setup = bits & 8;
    o.defend_autokill = bits & 16;
    return random_game(seed, o, seed % 2 == 0 ? "retreat" : "autokill");
  };
  cfg.view_leak = contingents_view_leak;
  cfg.extra = [](const State& s) { return ledger.check(s); };
  const auto stats = testing::run_simulation(cfg);
  EXPECT_EQ(stats.games, static_cast<std::uint64_t>(cfg.games));
  EXPECT_GT(stats.wins[1], 0u) << "the attacker's side should sometimes win";
  EXPECT_GT(stats.wins[2], 0u) << "the defender's side should sometimes win";
}

}  // namespace
}  // namespace ancients::warfare
