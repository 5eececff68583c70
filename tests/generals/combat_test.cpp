// The force totals shown for combats agree with the resolution: chosen combats (a "+5 vs", an
// evade, tactics that add up, Encircling and Overrun), and in random games every battle's
// predicted outcomes move the attacker's cards exactly as the resolution does.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/generals/combat.h"
#include "generals/helpers.h"

namespace ancients::generals::testing {
namespace {

using V = std::vector<std::string>;

GeneralsState battle(const V& hand1, const V& hand2, const V& actions, json extra = {}) {
  json patch = {{"phase", "attack"},
                {"players", {{"1", {{"hand", hand1}}}, {"2", {{"hand", hand2}}}}}};
  if (!extra.is_null()) patch.merge_patch(extra);
  GeneralsState s = make(patch);
  play(s, actions);
  return s;
}

TEST(GeneralsCombat, TotalsOfChosenCombats) {
  const GeneralsState s =
      battle({"barbarians", "bowmen", "nomads", "bloodlust", "overrun"}, {"elephants", "slingers"},
             {"attack barbarians,bowmen,nomads", "block 1=elephants,3=slingers",
              "play bloodlust a1", "pass", "play overrun 2"},
             json::parse(R"({"players": {"1": {"flank": 2}}})"));
  const CombatTotals one = combat_totals(s, 0);
  EXPECT_TRUE(one.blocked);
  EXPECT_EQ(one.attacker_force, 1 + 5 + 3);
  EXPECT_EQ(one.blocker_force, 4 + 5);
  EXPECT_EQ(one.outcome, CombatOutcome::kTie);
  const CombatTotals two = combat_totals(s, 1);
  EXPECT_FALSE(two.blocked);
  EXPECT_EQ(two.damage, 1 + 1 + 2);
  EXPECT_EQ(two.outcome, CombatOutcome::kDamage);
  const CombatTotals three = combat_totals(s, 2);
  EXPECT_TRUE(three.evade);
  EXPECT_EQ(three.outcome, CombatOutcome::kEvade);
}

TEST(GeneralsCombat, PredictionsMatchTheResolutionInRandomGames) {
  Rng rng(5);
  ActionList actions;
  int battles = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    GeneralsState s = GeneralsState::new_game(standard_cards(), Options{}, seed);
    while (!s.is_over()) {
      s.legal_actions(actions);
      const Action a = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
      const GameData& g = s.data();
      if (g.phase == Phase::kTactics && g.battle.passes == 1 && action_op(a) == Op::kPass) {
        int to_reserve = 0, to_casualties = 0;
        for (int i = 0; i < g.battle.attacker_count; ++i) {
          const CombatOutcome o = combat_totals(s, i).outcome;
          const bool dies = o == CombatOutcome::kBlockerWins || o == CombatOutcome::kTie;
          (dies ? to_casualties : to_reserve) += 1;
        }
        const PlayerCards before = g.players[g.active - 1];
        const int active = g.active;
        s.apply(a);
        const PlayerCards& after = s.data().players[active - 1];
        EXPECT_EQ(after.casualty_size - before.casualty_size, to_casualties);
        EXPECT_EQ(after.reserve_size - before.reserve_size, to_reserve);
        ++battles;
        continue;
      }
      s.apply(a);
    }
  }
  EXPECT_GT(battles, 500);
}

}  // namespace
}  // namespace ancients::generals::testing
