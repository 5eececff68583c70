// The balance lab for Ancient Generals (tools/balance/generals_lab.h): a card made deliberately
// strong in a test copy of the card data ranks first with a clear margin and the control sits
// near 50%; a measured card is really in the tested side's deck and only there; outcomes do
// not depend on the thread count; unknown card names are refused naming them; the report's
// JSON says which sections it has.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/errors.h"
#include "games/generals/cards.h"
#include "games/generals/state.h"
#include "support/paths.h"
#include "tools/balance/generals_lab.h"
#include "tools/balance/report.h"
#include "tools/balance/runner.h"
#include "tools/balance/stats.h"

namespace ancients::balance {
namespace generals_lab_test {

const std::string kStrongCards =
    std::string(ancients::test_paths::source_dir()) + "/tests/balance/strong-slingers.toml";

GeneralsConfig strong_slingers(int games, std::vector<std::string> only) {
  GeneralsConfig c;
  c.cards = std::make_shared<generals::Cards>(generals::load_cards(kStrongCards));
  c.agent = "greedy";
  c.games = games;
  c.only = std::move(only);
  return c;
}

std::vector<GameOutcome> play_every(const GeneralsConfig& c, const Plan& plan, int threads) {
  return play_all_games([&](std::size_t i) { return play_generals_game(c, plan, i); }, plan.games,
                        threads);
}

TEST(GeneralsBalance, ACardMadeStrongRanksFirstWithAClearMarginAndTheControlNearHalf) {
  const GeneralsConfig c =
      strong_slingers(400, {"slingers", "bowmen", "legionaires", "elephants", "shields"});
  const Plan plan = make_generals_plan(c);
  ASSERT_EQ(plan.cells.size(), 6u);  // the control and the five cards
  EXPECT_EQ(plan.cells[0].subject, kControlSubject);
  EXPECT_EQ(plan.cells[0].extra_card, -1);
  const auto stats = plan_stats(plan, play_every(c, plan, 2));
  const auto results = generals_results_json(c, plan, stats);
  const auto& ranking = results.at("cards");
  ASSERT_EQ(ranking.size(), 6u) << ranking.dump();
  EXPECT_EQ(ranking[0].at("name"), "slingers") << ranking.dump();
  const double lower = ranking[0].at("score_ci95")[0].get<double>();
  EXPECT_GT(lower, 0.55);
  EXPECT_GT(lower, ranking[1].at("score").get<double>());
  // The control changes nothing: its interval holds 50%.
  const auto control = std::find_if(ranking.begin(), ranking.end(),
                                    [](const auto& r) { return r.at("name") == kControlSubject; });
  ASSERT_NE(control, ranking.end());
  EXPECT_LE(control->at("score_ci95")[0].get<double>(), 0.5);
  EXPECT_GE(control->at("score_ci95")[1].get<double>(), 0.5);
  EXPECT_EQ(results.at("sections"), nlohmann::ordered_json::array({"cards"}));
  EXPECT_EQ(results.at("game"), "ancient-generals");
}

TEST(GeneralsBalance, TheSetUpEditPutsTheCardInOneDeckOnlyAndViewsDealIt) {
  const generals::Cards& cards = generals::standard_cards();
  const generals::Options options;
  generals::GeneralsState s = generals::GeneralsState::new_game(cards, options, 42);
  const generals::GeneralsState before = s;
  const int kind = cards.find("elephants");
  ASSERT_GE(kind, 0);
  const auto& deck2 = s.data().players[1];
  int slot = 0;
  while (deck2.deck[slot] == kind) ++slot;  // a slot that holds another card
  s.replace_deck_card(2, slot, static_cast<std::uint8_t>(kind));
  const auto count = [&](const generals::GeneralsState& x, int p) {
    const auto& d = x.data().players[p - 1];
    return std::count(d.deck.begin(), d.deck.begin() + d.deck_size, kind);
  };
  EXPECT_EQ(count(s, 2), count(before, 2) + 1);
  EXPECT_EQ(s.data().players[0], before.data().players[0]);  // player 1's cards untouched
  EXPECT_EQ(s.data().players[1].hand, before.data().players[1].hand);
  // Either player's view deals the extra card among the hidden ones: a determinization holds
  // as many elephants in all as the true state does.
  const auto total = [&](const generals::GeneralsState& x) {
    int n = 0;
    for (int p = 1; p <= 2; ++p) {
      const auto& d = x.data().players[p - 1];
      n += d.hand[kind] + d.reserve[kind] + d.casualties[kind];
    }
    return n + count(x, 1) + count(x, 2);
  };
  for (int viewer = 1; viewer <= 2; ++viewer) {
    Rng rng(7);
    auto dealt = s.view(viewer)->sample(rng);
    auto& d = static_cast<generals::GeneralsState&>(*dealt);
    d.deal_rest();
    EXPECT_EQ(total(d), total(s)) << "viewer " << viewer;
  }
  // A card out of range, or one a player has seen, is refused.
  EXPECT_THROW(s.replace_deck_card(2, 99, 0), BadInput);
  EXPECT_THROW(s.replace_deck_card(3, 0, 0), BadInput);
  EXPECT_THROW(s.replace_deck_card(1, 0, static_cast<std::uint8_t>(cards.table.kinds)), BadInput);
}

TEST(GeneralsBalance, OutcomesAreTheSameWhateverTheThreads) {
  const GeneralsConfig c = strong_slingers(6, {});
  const Plan plan = make_generals_plan(c);
  EXPECT_EQ(plan.cells.size(), generals::standard_cards().cards.size() + 1);
  const auto one = play_every(c, plan, 1), three = play_every(c, plan, 3);
  ASSERT_EQ(one.size(), three.size());
  int decided = 0;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].winner, three[i].winner) << i;
    EXPECT_EQ(one[i].turns, three[i].turns) << i;
    decided += one[i].winner > 0;
  }
  EXPECT_GT(decided, 0);
}

TEST(GeneralsBalance, RefusesAnUnknownCardNamingIt) {
  const GeneralsConfig c = strong_slingers(2, {"slingers", "dragons"});
  try {
    make_generals_plan(c);
    FAIL() << "no error";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("\"dragons\" is no card"), std::string::npos) << e.what();
  }
}

}  // namespace generals_lab_test
}  // namespace ancients::balance
