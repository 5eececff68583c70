// Why a card in the hand of the player to act cannot be played now (State::card_notes), as the
// page shows it under the hand: the phase a card belongs to, the answer it is not, a condition
// no unit meets, a Recoil without a free square behind the attacked unit. Only for the player
// to act, and only for cards that no legal action plays.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "core/registry.h"
#include "games/register_games.h"
#include "warfare/position_builder.h"

namespace {

using namespace ancients;

std::map<std::string, std::string> notes(const State& s, int viewer) {
  std::map<std::string, std::string> out;
  for (const auto& [card, why] : s.card_notes(viewer)) out[card] = why;
  return out;
}

TEST(WarfareCardNotes, TheMovePhaseNamesThePhaseOfAttackAndDefenceCards) {
  register_builtin_games();
  auto s = wtest::Pos()
               .unit("d2", 1, "blades")
               .unit("h8", 2, "general")
               .hand(1, {"march", "attack", "recoil"})
               .phase("move")
               .state();
  const auto n = notes(*s, 1);
  EXPECT_EQ(n.count("march"), 0u) << "a card a legal action plays has no note";
  EXPECT_EQ(n.at("attack"), "attack cards are played in the battle phase");
  EXPECT_EQ(n.at("recoil"), "defence cards are played when one of your units is attacked");
  EXPECT_TRUE(notes(*s, 2).empty()) << "only the player to act";
}

TEST(WarfareCardNotes, TheBattlePhaseNamesAConditionNoUnitMeets) {
  register_builtin_games();
  auto s = wtest::Pos()
               .unit("d4", 1, "blades")
               .unit("d5", 2, "blades")
               .unit("h8", 2, "general")
               .hand(1, {"elite", "march", "attack"})
               .phase("battle")
               .state();
  const auto n = notes(*s, 1);
  EXPECT_EQ(n.count("attack"), 0u);
  EXPECT_EQ(n.at("march"), "move cards are played in the move phase");
  EXPECT_EQ(n.at("elite"),
            "none of your units that may still attack has an enemy in reach for it (only when "
            "the unit is Elite)");
}

TEST(WarfareCardNotes, ARecoilWithNoSquareBehindTheTargetSaysSo) {
  register_builtin_games();
  auto s = wtest::Pos()
               .edition("retreat")
               .unit("d4", 1, "blades")
               .unit("d5", 2, "spears")
               .unit("d6", 2, "blades")
               .unit("a1", 1, "camp")
               .unit("h8", 2, "camp")
               .hand(1, {"attack"})
               .hand(2, {"recoil", "march"})
               .phase("battle")
               .state();
  s->apply_text("attack attack d4xd5");
  ASSERT_EQ(s->to_act(), 2);
  const auto n = notes(*s, 2);
  EXPECT_EQ(n.at("recoil"), "the attacked unit on d5 has no free square behind it to move back to");
  EXPECT_EQ(n.at("march"), "only a defence card answers an attack");
  EXPECT_TRUE(notes(*s, 1).empty());
}

}  // namespace
