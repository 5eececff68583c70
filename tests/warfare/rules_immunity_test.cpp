// IMMUNITY TABLE (seed 003) with ruling §2 "Card attack" and "Immunity": a card attack destroys
// its target unless the target is immune to the attacker; an immune target is recoiled (one
// square further along the attack direction, if it can) at once, with no defense window.
// Psiloi and Light Horse are immune to every unit type whose auto-kill row lacks them.
#include "warfare/position_builder.h"

namespace wtest::immunity {
namespace {

using Pair = std::pair<std::string, std::string>;

std::vector<Pair> all_pairs() {
  std::vector<Pair> out;
  for (const auto& a : all_types())
    for (const auto& t : all_types()) out.emplace_back(a, t);
  return out;
}

std::string pair_name(const ::testing::TestParamInfo<Pair>& info) {
  return param_name(info.param.first) + "_x_" + param_name(info.param.second);
}

// Every attacker type against every target type with a plain Attack card: attacker (player 1)
// on d4, target (player 2) on d5, d6 free.
class CardAttackCell : public ::testing::TestWithParam<Pair> {};

TEST_P(CardAttackCell, DestroyedAfterPassOrRecoiledIfImmune) {
  const auto& [attacker, target] = GetParam();
  auto s = Pos().unit("d4", 1, attacker).unit("d5", 2, target).hand(1, {"attack"}).state();
  const std::string act = "attack attack d4xd5";
  ASSERT_LEGAL(s, act);
  s->apply_text(act);
  json p = s->to_json();
  EXPECT_EQ(count_in(p.at("discard"), "attack"), 1) << "the played card is discarded";
  EXPECT_TRUE(p.at("hands").at("1").empty());
  if (immune(target, attacker)) {
    // Recoiled at once: no window, nothing lost.
    EXPECT_EQ(s->to_act(), 1);
    EXPECT_TRUE(p.at("pending").is_null());
    EXPECT_EQ(p.at("lost").at("2"), 0);
    EXPECT_TRUE(unit_at(p, "d5").is_null()) << "immune target must be recoiled from d5";
    ASSERT_FALSE(unit_at(p, "d6").is_null()) << "immune target must be recoiled to d6";
    EXPECT_EQ(unit_at(p, "d6").at("type"), target);
    EXPECT_EQ(unit_at(p, "d6").at("owner"), 2);
  } else {
    // A defense window opens for the defender, whatever it holds.
    EXPECT_EQ(s->to_act(), 2);
    EXPECT_EQ(p.at("phase"), "battle");
    EXPECT_EQ(p.at("pending"), (json{{"attack", act}}));
    EXPECT_FALSE(unit_at(p, "d5").is_null());
    EXPECT_EQ(legal_set(*s), std::set<std::string>{"pass"});
    s->apply_text("pass");
    p = s->to_json();
    EXPECT_TRUE(unit_at(p, "d5").is_null()) << "target must be destroyed";
    EXPECT_EQ(p.at("lost").at("2"), loss_points(target));
    if (target == "general") {
      EXPECT_TRUE(s->is_over());
      EXPECT_EQ(s->winner(), 1);
    } else {
      EXPECT_EQ(s->to_act(), 1);
      EXPECT_TRUE(p.at("pending").is_null());
    }
  }
  EXPECT_EQ(unit_at(p, "d4").at("attacks"), 1);
}

INSTANTIATE_TEST_SUITE_P(AllTypes, CardAttackCell, ::testing::ValuesIn(all_pairs()), pair_name);

// ---------------------------------------------------------------------------------------------
// Each row of the immunity table by hand.

struct Case {
  std::string attacker_sq, attacker, target_sq, target, recoil_sq;
};

void expect_recoil(const Case& c) {
  SCOPED_TRACE(c.attacker + " attacks " + c.target);
  auto s = Pos()
               .unit(c.attacker_sq, 1, c.attacker)
               .unit(c.target_sq, 2, c.target)
               .hand(1, {"attack"})
               .hand(2, {"push"})
               .state();
  const std::string act = "attack attack " + c.attacker_sq + "x" + c.target_sq;
  ASSERT_LEGAL(s, act);
  s->apply_text(act);
  EXPECT_EQ(s->to_act(), 1) << "no defense window against an immune target";
  EXPECT_TRUE(unit_at(*s, c.target_sq).is_null());
  ASSERT_FALSE(unit_at(*s, c.recoil_sq).is_null());
  EXPECT_EQ(unit_at(*s, c.recoil_sq).at("type"), c.target);
  EXPECT_EQ(lost_of(*s, 2), 0);
  EXPECT_EQ(hand_size(*s, 2), 1);
}

TEST(Immunity, BladesImmuneToBows) {
  expect_recoil({"d3", "bows", "d5", "blades", "d6"});
}
TEST(Immunity, BladesImmuneToArtillery) {
  expect_recoil({"d1", "artillery", "d5", "blades", "d6"});
}
TEST(Immunity, SpearsImmuneToBows) {
  expect_recoil({"c3", "bows", "e5", "spears", "f6"});
}
TEST(Immunity, SpearsImmuneToArtillery) {
  expect_recoil({"a5", "artillery", "d5", "spears", "e5"});
}
TEST(Immunity, ArtilleryImmuneToBows) {
  expect_recoil({"d4", "bows", "d5", "artillery", "d6"});
}
TEST(Immunity, WarWagonsImmuneToScythedChariots) {
  expect_recoil({"d4", "scythed-chariots", "e5", "war-wagons", "f6"});
}
TEST(Immunity, PsiloiImmuneToBladesWhichDoNotAutokillThem) {
  expect_recoil({"d4", "blades", "d5", "psiloi", "d6"});
}
TEST(Immunity, PsiloiImmuneToElephants) {
  expect_recoil({"d4", "elephants", "d5", "psiloi", "d6"});
}
TEST(Immunity, PsiloiImmuneToTheGeneral) {
  expect_recoil({"d4", "general", "c5", "psiloi", "b6"});
}
TEST(Immunity, LightHorseImmuneToPsiloi) {
  expect_recoil({"d3", "psiloi", "d5", "light-horse", "d6"});
}
TEST(Immunity, LightHorseImmuneToLightHorse) {
  expect_recoil({"d3", "light-horse", "d5", "light-horse", "d6"});
}
TEST(Immunity, LightHorseImmuneToSpears) {
  expect_recoil({"d4", "spears", "d5", "light-horse", "d6"});
}

TEST(Immunity, PsiloiNotImmuneToAUnitThatAutokillsThem) {
  auto s = Pos().unit("d4", 1, "cavalry").unit("d5", 2, "psiloi").hand(1, {"attack"}).state();
  s->apply_text("attack attack d4xd5");
  EXPECT_EQ(s->to_act(), 2);
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
  EXPECT_TRUE(unit_at(*s, "d6").is_null());
}

TEST(Immunity, LightHorseNotImmuneToWarWagons) {
  auto s =
      Pos().unit("d3", 1, "war-wagons").unit("d5", 2, "light-horse").hand(1, {"attack"}).state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(s->to_act(), 2);
  s->apply_text("pass");
  EXPECT_TRUE(unit_at(*s, "d5").is_null());
}

TEST(Immunity, BladesNotImmuneToPsiloi) {
  // Only Bows and Artillery are in the Blades' row of the immunity table.
  auto s = Pos().unit("d3", 1, "psiloi").unit("d5", 2, "blades").hand(1, {"attack"}).state();
  s->apply_text("attack attack d3xd5");
  EXPECT_EQ(s->to_act(), 2);
}

TEST(Immunity, ImmunityAppliesAgainstPlayer2Attacks) {
  auto s = Pos()
               .active(2)
               .turn(2)
               .unit("d6", 2, "bows")
               .unit("d5", 1, "blades")
               .hand(2, {"attack"})
               .state();
  s->apply_text("attack attack d6xd5");
  EXPECT_EQ(s->to_act(), 2);
  ASSERT_FALSE(unit_at(*s, "d4").is_null());
  EXPECT_EQ(unit_at(*s, "d4").at("type"), "blades");
  EXPECT_EQ(unit_at(*s, "d4").at("owner"), 1);
}

TEST(Immunity, EveryCardAttackKindRecoilsAnImmuneTarget) {
  // Outflank (attacker on a more forward rank), Supported Attack, Elite: all are card attacks.
  for (const std::string card : {"outflank", "supported-attack", "elite"}) {
    SCOPED_TRACE(card);
    auto s = Pos()
                 .unit("d5", 1, "bows", /*elite=*/true)
                 .unit("d4", 2, "blades")
                 .unit("c5", 1, "spears")
                 .hand(1, {card})
                 .state();
    const std::string act = "attack " + card + " d5xd4";
    ASSERT_LEGAL(s, act);
    s->apply_text(act);
    EXPECT_EQ(s->to_act(), 1);
    EXPECT_TRUE(unit_at(*s, "d4").is_null());
    ASSERT_FALSE(unit_at(*s, "d3").is_null());
    EXPECT_EQ(unit_at(*s, "d3").at("type"), "blades");
  }
}

}  // namespace
}  // namespace wtest::immunity
