// A player's view as the server sends it (WarfareState::view_text, written straight from the
// true state while the board is public) against the view as the information set holds it
// (PlayerView::to_json: the state copied and scrubbed for the player, then written): the same
// JSON at every position of random games of both editions, house rules, the wide board and
// contingents, Scout played whenever it is legal so that known cards are shown and hidden.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <tuple>
#include <vector>

#include "core/rng.h"
#include "games/warfare/setup.h"
#include "support/sanitizer.h"

namespace view_scrub_test {

using ancients::Action;
using ancients::ActionList;
using ancients::Rng;
using ancients::warfare::Kind;
using ancients::warfare::Options;
using nlohmann::json;

struct Seen {
  int views = 0;        ///< views compared
  int known_shown = 0;  ///< of them, views that show known cards (Scout)
};

Seen compare_views(const std::string& edition, const Options& options, int games) {
  Seen seen;
  Rng rng(20261129);
  ActionList legal;
  for (int g = 0; g < games; ++g) {
    auto s = ancients::warfare::random_game(900 + static_cast<std::uint64_t>(g), options, edition);
    for (int step = 0; !s->is_over() && step < 3000; ++step) {
      for (int p = 1; p <= s->player_count(); ++p) {
        const json sent = json::parse(s->view_text(p));
        const json held = s->view(p)->to_json();
        ++seen.views;
        seen.known_shown += sent.contains("known");
        EXPECT_EQ(sent, held) << edition << " game " << g << " step " << step << " player " << p;
        if (sent != held) return seen;
      }
      s->legal_actions(legal);
      Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      for (const Action a : legal)
        if (ancients::warfare::action_kind(a) == Kind::kScout && rng.below(2) == 0) action = a;
      s->apply(action);
    }
  }
  return seen;
}

TEST(WarfareViewScrub, TheSentViewIsTheInformationSetsView) {
  Options multi;
  multi.multi_move = true;
  multi.pursuit = true;
  Options wide;
  wide.board = 12;
  wide.dba_setup = true;
  Options sectors;
  sectors.board = 12;
  sectors.contingents = true;
  sectors.attackers = 2;
  sectors.defenders = 2;
  int known_shown = 0;
  const int scale = ancients::testing::sanitizer_shortened(2, 1);  // half the games under ASan
  for (const auto& [edition, options, games] :
       std::vector<std::tuple<std::string, Options, int>>{{"autokill", {}, 3},
                                                          {"retreat", {}, 3},
                                                          {"autokill", multi, 2},
                                                          {"autokill", wide, 1},
                                                          {"autokill", sectors, 1}}) {
    const Seen seen = compare_views(edition, options, scale * games);
    EXPECT_GT(seen.views, 500) << edition;
    known_shown += seen.known_shown;
  }
  // Scout was played: views with known cards were compared, not only views without.
  EXPECT_GT(known_shown, 0);
}

}  // namespace view_scrub_test
