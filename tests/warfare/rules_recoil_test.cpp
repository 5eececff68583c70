// Recoil of an immune target (seed 003: "A recoiled unit must move back one space if possible";
// ruling §1 "Attacks and lines": back = one step further along the attack direction, onto an
// empty enterable square; ruling §2: otherwise nothing happens; a Camp cannot move).
#include "warfare/position_builder.h"

namespace wtest {
namespace {

// Bows on d3 attack Blades (immune to Bows) on d5 with an Attack card.
Pos bows_attack_blades() {
  return Pos().unit("d3", 1, "bows").unit("d5", 2, "blades").hand(1, {"attack"});
}

TEST(Recoil, ToTheFreeSquareBehind) {
  auto s = bows_attack_blades().state();
  s->apply_text("attack attack d3xd5");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_FALSE(unit_at(*s, "d6").is_null());
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "blades");
}

TEST(Recoil, AlongTheDiagonalAttackDirection) {
  auto s = Pos().unit("b3", 1, "bows").unit("c4", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack b3xc4");
  EXPECT_TRUE(unit_at(*s, "c4").is_null());
  EXPECT_FALSE(unit_at(*s, "d5").is_null());
}

TEST(Recoil, SidewaysAlongARankAttack) {
  auto s = Pos().unit("b5", 1, "bows").unit("c5", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack b5xc5");
  EXPECT_TRUE(unit_at(*s, "c5").is_null());
  EXPECT_FALSE(unit_at(*s, "d5").is_null());
}

TEST(Recoil, BlockedByAFriendlyUnitNothingHappens) {
  auto s = bows_attack_blades().unit("d6", 2, "knights").state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "blades");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "knights");
  EXPECT_EQ(lost_of(*s, 2), 0);
  EXPECT_EQ(s->to_act(), 1);
}

TEST(Recoil, BlockedByAnEnemyUnitNothingHappens) {
  auto s = bows_attack_blades().unit("d6", 1, "knights").state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "blades");
  EXPECT_EQ(unit_at(*s, "d6").at("owner"), 1);
  EXPECT_EQ(lost_of(*s, 2), 0);
}

TEST(Recoil, OffTheBoardNothingHappens) {
  auto s = Pos().unit("d6", 1, "bows").unit("d8", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack d6xd8");
  EXPECT_EQ(unit_at(*s, "d8").at("type"), "blades");
  EXPECT_EQ(lost_of(*s, 2), 0);
  EXPECT_EQ(s->to_json().at("units").size(), 2u);
}

TEST(Recoil, OffTheSideEdgeNothingHappens) {
  auto s = Pos().unit("f4", 1, "bows").unit("h4", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack f4xh4");
  EXPECT_EQ(unit_at(*s, "h4").at("type"), "blades");
}

TEST(Recoil, IntoImpassableNothingHappens) {
  auto s = bows_attack_blades().terrain("d6", "impassable").state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "blades");
  EXPECT_EQ(lost_of(*s, 2), 0);
}

TEST(Recoil, IntoRoughIsAllowed) {
  auto s = bows_attack_blades().terrain("d6", "rough").state();
  s->apply_text("attack attack d3xd5");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "blades");
}

TEST(Recoil, WarWagonsCannotRecoilIntoRough) {
  auto s = Pos()
               .unit("d4", 1, "scythed-chariots")
               .unit("d5", 2, "war-wagons")
               .terrain("d6", "rough")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "war-wagons");
  EXPECT_TRUE(unit_at(*s, "d6").is_null());
  EXPECT_EQ(lost_of(*s, 2), 0);
}

TEST(Recoil, WarWagonsRecoilOntoClear) {
  auto s = Pos()
               .unit("d4", 1, "scythed-chariots")
               .unit("d5", 2, "war-wagons")
               .hand(1, {"attack"})
               .state();
  s->apply_text("attack attack d4xd5");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "war-wagons");
}

TEST(Recoil, OntoAHill) {
  auto s = bows_attack_blades().terrain("d6", "hill").state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "blades");
}

TEST(Recoil, Player2AttackerPushesTowardPlayer1Side) {
  auto s =
      Pos().active(2).unit("e6", 2, "blades").unit("e5", 1, "psiloi").hand(2, {"attack"}).state();
  s->apply_text("attack attack e6xe5");
  EXPECT_TRUE(unit_at(*s, "e5").is_null());
  EXPECT_EQ(unit_at(*s, "e4").at("type"), "psiloi");
}

TEST(Recoil, RecoilIsTheAttackersAttack) {
  // The recoil used the attacker's attack: it cannot attack the recoiled unit again.
  auto s =
      Pos().unit("d3", 1, "bows").unit("d4", 2, "blades").hand(1, {"attack", "attack"}).state();
  s->apply_text("attack attack d3xd4");
  ASSERT_FALSE(unit_at(*s, "d5").is_null());
  EXPECT_ILLEGAL(s, "attack attack d3xd5");
}

}  // namespace
}  // namespace wtest
