// Tests of the German house rules on Generals and set-up (shared/seeds/003_8228c9eeb0b841e9.txt,
// "On Generals", "Setup (as in DBA 2.2.)", read with shared/rules/ancient-warfare.md §4): the
// nominated General (one of the army's elements, of its type, never light troops), and the
// 12x12 board's DBA-style set-up (four back rows without the two side columns, the defender
// swaps two attacker units, the attacker moves first with the defender's hand empty).
#include "games/warfare/setup.h"
#include "warfare/position_builder.h"

namespace wtest {
namespace {

using ancients::warfare::Army;
using ancients::warfare::GameSetup;
using ancients::warfare::Options;
using ancients::warfare::WarfareState;

json general_unit(const std::string& sq, int owner, const std::string& type) {
  return {{"square", sq},   {"owner", owner}, {"type", type},  {"elite", false},
          {"moved", false}, {"attacks", 0},   {"retreats", 0}, {"general", true}};
}

TEST(HouseNominatedGeneral, DestroyingTheNominatedElementLosesTheGame) {
  json j = Pos().option("nominated_general", true).unit("d4", 1, "knights").js();
  j["units"].push_back(general_unit("d5", 2, "spears"));
  j["units"].push_back(general_unit("a1", 1, "cavalry"));
  auto s = make(j);
  s->apply_text("autokill d4xd5");  // Knights auto-kill Spears
  EXPECT_TRUE(s->is_over());
  EXPECT_EQ(s->winner(), 1);
  EXPECT_EQ(s->to_json()["lost"]["2"], 0) << "the General does not count toward the 8";
  // The same Spears without the flag are an ordinary loss.
  auto plain = Pos().unit("d4", 1, "knights").unit("d5", 2, "spears").unit("a8", 2, "general");
  auto p = plain.unit("a1", 1, "general").state();
  p->apply_text("autokill d4xd5");
  EXPECT_FALSE(p->is_over());
}

TEST(HouseNominatedGeneral, ItKeepsItsTypeAndCountsForRally) {
  json j = Pos()
               .option("nominated_general", true)
               .unit("d3", 1, "blades")
               .unit("d4", 2, "spears")
               .hand(2, {"rally"})
               .to_act(2)
               .pending_attack("attack attack d3xd4")
               .js();
  j["units"].push_back(general_unit("d6", 2, "knights"));
  auto s = make(j);
  EXPECT_TRUE(has(*s, "defend rally")) << "the nominated General is within 2 squares";
  EXPECT_EQ(unit_at(*s, "d6")["type"], "knights");
  EXPECT_EQ(unit_at(*s, "d6")["general"], true);
}

TEST(HouseNominatedGeneral, FlagWithoutTheOptionIsRefused) {
  json j = Pos().unit("d4", 1, "knights").js();
  j["units"].push_back(general_unit("d5", 2, "spears"));
  try {
    make(j);
    FAIL() << "accepted a nominated General without the option";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("nominated_general"), std::string::npos) << e.what();
  }
}

std::unique_ptr<WarfareState> new_game_with(const Options& o, const std::string& general = "") {
  ensure_registered();
  auto rules = ancients::warfare::ruleset_for("autokill", o);
  GameSetup setup;
  setup.options = o;
  setup.armies[0] = ancients::warfare::find_army("gauls", *rules);
  setup.armies[1] = ancients::warfare::find_army("marian-romans", *rules);
  if (!general.empty()) setup.armies[1].general = general;
  setup.field = ancients::warfare::generate_battlefield(o.board, 5, o.house_terrain);
  setup.seed = 5;
  return ancients::warfare::new_game(setup);
}

TEST(HouseNominatedGeneral, ArmiesNameTheGeneralsElementAndLightTroopsAreRefused) {
  Options o;
  o.nominated_general = true;
  auto s = new_game_with(o);
  s->apply_text(ancients::warfare::auto_deployment(*s, 1));
  const json j = s->to_json();
  bool found = false;
  for (const auto& u : j["units"]) {
    EXPECT_NE(u["type"], "general");
    if (u.value("general", false)) {
      EXPECT_EQ(u["type"], "cavalry") << "gauls.json names cavalry";
      found = true;
    }
  }
  EXPECT_TRUE(found);
  // Reserves show the General's element with "!".
  EXPECT_NE(j["reserves"]["2"].dump().find("!\""), std::string::npos) << j["reserves"].dump();
  auto rules = ancients::warfare::builtin_ruleset("autokill");
  json army =
      ancients::warfare::army_to_json(ancients::warfare::find_army("gauls", *rules), *rules);
  army["general"] = "psiloi";
  try {
    ancients::warfare::army_from_json(army, *rules, "gauls.json");
    FAIL() << "accepted Psiloi as the General's element";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("light troops"), std::string::npos) << e.what();
  }
}

TEST(HouseDbaSetup, DeploymentZoneIsFourRowsWithoutTheSideColumns) {
  Options o;
  o.board = 12;
  o.dba_setup = true;
  auto s = new_game_with(o);
  const std::string text = ancients::warfare::auto_deployment(*s, 3);
  ancients::ActionList actions;
  s->legal_actions(actions);
  ASSERT_FALSE(actions.empty());
  for (const auto action : actions) {
    const std::string legal = s->action_text(action);
    if (legal.rfind("place ", 0) != 0) continue;
    const std::string sq = legal.substr(legal.find(':') + 1);
    const int f = sq[0] - 'a', r = std::stoi(sq.substr(1));
    EXPECT_TRUE(f >= 2 && f <= 9 && r >= 1 && r <= 4) << legal;
  }
  // A unit on a side column is refused with the reason.
  std::string bad = text;
  bad.replace(bad.rfind(':') + 1, std::string::npos, "a1");
  try {
    s->clone()->apply_text(bad);
    FAIL() << "accepted a unit on a side column";
  } catch (const ancients::IllegalAction& e) {
    EXPECT_NE(std::string(e.what()).find("deployment zone"), std::string::npos) << e.what();
  }
  s->apply_text(text);
  s->apply_text(ancients::warfare::auto_deployment(*s, 4));
  const json deployed = s->to_json();
  for (const auto& u : deployed["units"]) {
    const std::string sq = u["square"];
    const int f = sq[0] - 'a', r = std::stoi(sq.substr(1));
    EXPECT_TRUE(f >= 2 && f <= 9) << sq;
    EXPECT_TRUE(u["owner"] == 1 ? r <= 4 : r >= 9) << sq;
  }
}

TEST(HouseDbaSetup, DefenderSwapsTwoAttackerUnitsThenTheAttackerMovesFirst) {
  Options o;
  o.board = 12;
  o.dba_setup = true;
  auto s = new_game_with(o);
  s->apply_text(ancients::warfare::auto_deployment(*s, 3));
  s->apply_text(ancients::warfare::auto_deployment(*s, 4));
  ASSERT_TRUE(s->swap_step());
  EXPECT_EQ(s->to_act(), 2);
  EXPECT_TRUE(has(*s, "pass"));
  const auto swaps = with_prefix(*s, "swap ");
  ASSERT_FALSE(swaps.empty());
  // The swap step survives the position JSON.
  EXPECT_TRUE(make(s->to_json())->equals(*s));
  const std::string swap = *swaps.begin();
  const std::string a = swap.substr(5, swap.find(',') - 5), b = swap.substr(swap.find(',') + 1);
  const json before_a = unit_at(*s, a), before_b = unit_at(*s, b);
  EXPECT_EQ(before_a["owner"], 1);
  s->apply_text(swap);
  EXPECT_EQ(unit_at(*s, a)["type"], before_b["type"]);
  EXPECT_EQ(unit_at(*s, b)["type"], before_a["type"]);
  EXPECT_EQ(s->active(), 1) << "the attacker moves first";
  EXPECT_EQ(s->hand_size(2), 0) << "the defender's hand is still empty";
  EXPECT_EQ(s->hand_size(1), 3);
  // A swap naming a defender's unit is refused.
  auto again = new_game_with(o);
  again->apply_text(ancients::warfare::auto_deployment(*again, 3));
  again->apply_text(ancients::warfare::auto_deployment(*again, 4));
  EXPECT_THROW(again->apply_text("swap e12,f12"), ancients::IllegalAction);
}

TEST(HouseDbaSetup, WithoutTheOptionThereIsNoSwapStepAndItNeedsBoard12) {
  for (int board : {8, 12}) {
    Options o;
    o.board = board;
    auto s = new_game_with(o);
    s->apply_text(ancients::warfare::auto_deployment(*s, 3));
    s->apply_text(ancients::warfare::auto_deployment(*s, 4));
    EXPECT_FALSE(s->swap_step());
    const json pos = s->to_json();
    EXPECT_NE(pos["phase"], "deploy");
    for (const auto& u : pos["units"]) {
      const std::string sq = u["square"];
      const int r = std::stoi(sq.substr(1));
      EXPECT_TRUE(u["owner"] == 1 ? r <= 2 : r >= board - 1) << sq;
    }
  }
  try {
    Pos().option("dba_setup", true).unit("a1", 1, "general").state();
    FAIL() << "accepted dba_setup on the 8x8 board";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("needs board 12"), std::string::npos) << e.what();
  }
}

TEST(HouseOptionsCli, RuleAndKeyValueSettingsAreAppliedAndChecked) {
  using ancients::warfare::options_with;
  const Options o =
      options_with(Options{}, {"pursuit", "multi_move"},
                   {"board=12,nominated_general=true,dba_setup=true", "turn_limit=90"});
  EXPECT_TRUE(o.pursuit);
  EXPECT_TRUE(o.multi_move);
  EXPECT_TRUE(o.nominated_general);
  EXPECT_EQ(o.board, 12);
  EXPECT_TRUE(o.dba_setup);
  EXPECT_EQ(o.turn_limit, 90);
  EXPECT_THROW(options_with(Options{}, {"dba_setup"}, {}), ancients::BadInput);
  EXPECT_THROW(options_with(Options{}, {"board"}, {}), ancients::BadInput);
  EXPECT_THROW(options_with(Options{}, {"persuit"}, {}), ancients::BadInput);
  EXPECT_THROW(options_with(Options{}, {}, {"board=10"}), ancients::BadInput);
  EXPECT_THROW(options_with(Options{}, {}, {"pursuit"}), ancients::BadInput);
  EXPECT_THROW(options_with(Options{}, {}, {"house_terrain=maybe"}), ancients::BadInput);
}

}  // namespace
}  // namespace wtest
