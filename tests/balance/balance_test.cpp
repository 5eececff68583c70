// The balance lab's library (tools/balance): a unit made deliberately stronger in a test
// ruleset ranks first with a clear margin; every interval holds its point estimate; outcomes
// do not depend on the thread count; bad experiments are refused with a clear message.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/errors.h"
#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"
#include "support/paths.h"
#include "tools/balance/experiment.h"
#include "tools/balance/report.h"
#include "tools/balance/runner.h"
#include "tools/balance/stats.h"

namespace ancients::balance {
namespace {

const std::string kStrongRules =
    std::string(ancients::test_paths::source_dir()) + "/tests/balance/strong-psiloi.toml";

Config strong_psiloi(int games) {
  Config c;
  c.rules = warfare::load_ruleset(kStrongRules);
  c.custom_rules = true;
  c.baseline = warfare::find_army("carthaginians", *c.rules);
  c.games = games;
  c.experiments = {"units"};
  return c;
}

std::vector<GameOutcome> play_all(const Config& c, const Plan& plan, int threads) {
  return play_all_games([&](std::size_t i) { return play_game(c, plan, i); }, plan.games, threads);
}

TEST(Balance, AUnitThatAutoKillsEverythingRanksFirstWithAClearMargin) {
  const Config c = strong_psiloi(200);
  const Plan plan = make_plan(c);
  ASSERT_EQ(plan.cells.size(), 14u);  // every ordinary unit type of the autokill edition
  const auto stats = plan_stats(plan, play_all(c, plan, 2));
  const auto ranking = results_json(c, plan, stats).at("units");
  ASSERT_EQ(ranking.size(), 14u);
  EXPECT_EQ(ranking[0].at("name"), "psiloi");
  const double lower = ranking[0].at("score_ci95")[0].get<double>();
  // Clear margin: its whole interval lies above 60% and above every other unit's score.
  EXPECT_GT(lower, 0.6);
  EXPECT_GT(lower, ranking[1].at("score").get<double>());
  EXPECT_GT(ranking[0].at("score").get<double>() - ranking[1].at("score").get<double>(), 0.08);
}

TEST(Balance, EveryIntervalHoldsItsPointEstimate) {
  Config c = strong_psiloi(20);
  c.rules = warfare::ruleset_for("autokill", c.options);
  c.custom_rules = false;
  c.experiments = {"units", "cards", "decks", "rules", "matrix"};
  c.matrix_games = 2;
  const Plan plan = make_plan(c);
  const auto stats = plan_stats(plan, play_all(c, plan, 2));
  int checked = 0;
  for (const auto& s : stats) {
    EXPECT_LE(s.score_ci95[0], s.score);
    EXPECT_GE(s.score_ci95[1], s.score);
    EXPECT_LE(s.elo_ci95[0], s.elo);
    EXPECT_GE(s.elo_ci95[1], s.elo);
    EXPECT_LE(s.seat1_ci95[0], s.seat1_score);
    EXPECT_GE(s.seat1_ci95[1], s.seat1_score);
    EXPECT_EQ(s.wins + s.draws + s.losses, s.games);
    checked += s.games > 0;
  }
  EXPECT_GT(checked, 100);
}

TEST(Balance, BootstrapIntervalNarrowsWithMoreDeals) {
  std::vector<GameOutcome> few, many;
  for (int i = 0; i < 400; ++i) {
    // The tested side wins two games in three, alternating seats.
    GameOutcome g{i % 3 == 0 ? (i % 2 == 0 ? 2 : 1) : (i % 2 == 0 ? 1 : 2), 10, i % 2 == 0 ? 1 : 2};
    many.push_back(g);
    if (i < 40) few.push_back(g);
  }
  const auto a = cell_stats(few, 1), b = cell_stats(many, 1);
  EXPECT_NEAR(b.score, 2.0 / 3, 0.01);
  EXPECT_LT(b.score_ci95[1] - b.score_ci95[0], a.score_ci95[1] - a.score_ci95[0]);
  EXPECT_GT(b.score_ci95[0], 0.5);
}

TEST(Balance, OutcomesAreTheSameWhateverTheThreads) {
  Config c = strong_psiloi(6);
  c.rules = warfare::ruleset_for("autokill", c.options);
  c.custom_rules = false;
  c.experiments = {"units", "cards"};
  const Plan plan = make_plan(c);
  const auto one = play_all(c, plan, 1), three = play_all(c, plan, 3);
  ASSERT_EQ(one.size(), three.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].winner, three[i].winner) << i;
    EXPECT_EQ(one[i].turns, three[i].turns) << i;
  }
}

TEST(Balance, RefusesAnUnknownUnitOrExperimentNamingIt) {
  Config c = strong_psiloi(2);
  c.baseline_unit = "dragons";
  try {
    make_plan(c);
    FAIL() << "no error";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("\"dragons\" is not a unit type"), std::string::npos)
        << e.what();
  }
  c.baseline_unit = "knights";  // a type the Carthaginians do not field
  EXPECT_THROW(make_plan(c), BadInput);
  c.baseline_unit.clear();
  c.experiments = {"units", "weather"};
  try {
    make_plan(c);
    FAIL() << "no error";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("unknown experiment \"weather\""), std::string::npos);
  }
}

}  // namespace
}  // namespace ancients::balance
