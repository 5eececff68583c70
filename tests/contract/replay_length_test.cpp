// `ancients replay` on long records (thousands of actions), generated through the engines by
// passive players (end every turn, discard the first card, pass) that play to the turn limit.
// The replay must verify them; its time per action is printed for two lengths, so a replay
// that is quadratic in the record's length shows (not asserted: timings on a shared machine are
// not reliable enough for a test). It was quadratic because the JSON reader used nlohmann's
// parser callback, which scans the enclosing array after every object (core/json_input.cpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "contract/run_binary.h"
#include "core/data_path.h"
#include "games/generals/record.h"
#include "games/warfare/record.h"
#include "games/warfare/setup.h"
#include "support/sanitizer.h"

namespace contract {
namespace {

using namespace ancients;

/// A whole Ancient Warfare game to the turn limit: every turn ends at once.
std::string passive_warfare_record(int turn_limit) {
  auto rules = warfare::builtin_ruleset("autokill");
  warfare::GameRecord r;
  r.program_version = program_version();
  r.setup.seed = 5;
  r.setup.options.turn_limit = turn_limit;
  r.setup.armies[0] = warfare::find_army("marian-romans", *rules);
  r.setup.armies[1] = warfare::find_army("gauls", *rules);
  r.setup.field = warfare::generate_battlefield(8, 5);
  r.players = {"passive", "passive"};
  auto s = warfare::new_game(r.setup);
  while (!s->is_over()) {
    const int p = s->to_act();
    std::string text;
    if (s->phase() == warfare::Phase::kDeploy) {
      text = warfare::auto_deployment(*s, static_cast<std::uint64_t>(p));
      r.deployments[p - 1] = text;
    } else {
      const auto legal = s->legal_texts();
      const bool can_end = std::find(legal.begin(), legal.end(), "end") != legal.end();
      text = can_end ? "end" : legal.at(0);
    }
    s->apply_text(text);
    r.actions.push_back({p, text});
  }
  r.result = warfare::result_of(*s);
  return warfare::record_to_json(r).dump();
}

/// A whole Ancient Generals game to the turn limit: every window takes its first listed action.
std::string passive_generals_record(int turn_limit) {
  generals::GameRecord r;
  r.program_version = program_version();
  r.options.turn_limit = turn_limit;
  r.seed = 9;
  r.players = {"passive", "passive"};
  generals::GeneralsState s =
      generals::GeneralsState::new_game(generals::standard_cards(), r.options, r.seed);
  while (!s.is_over()) {
    const int p = s.to_act();
    const std::string text = s.legal_texts().at(0);
    s.apply_text(text);
    r.actions.push_back({p, text});
  }
  r.result = generals::result_of(s);
  return generals::record_to_json(r).dump();
}

/// Replays `record` through the binary; returns the seconds taken and the actions verified.
std::pair<double, std::string> replay(const std::string& record) {
  TempDir dir;
  const std::string file = dir.write("long.json", record);
  const auto t0 = std::chrono::steady_clock::now();
  const RunResult r = ancients({"replay", file});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_RUN_OK(r);
  const auto at = r.out.find("verified: ");
  EXPECT_NE(at, std::string::npos) << describe(r);
  return {seconds, at == std::string::npos ? "" : r.out.substr(at, r.out.find(' ', at + 10) - at)};
}

void report(const char* game, int turns, std::size_t actions, double seconds) {
  std::printf("%s: %d turns, %zu actions replayed in %.3f s (%.1f us per action)\n", game, turns,
              actions, seconds, 1e6 * seconds / static_cast<double>(actions));
}

TEST(LongReplay, AncientWarfareRecordsOfThousandsOfActionsAreVerified) {
  // Under ASan most of the time goes into writing the record in this program: a shorter one.
  for (const int turns : {1000, ancients::testing::sanitizer_shortened(4000, 2000)}) {
    const std::string record = passive_warfare_record(turns);
    const std::size_t actions = nlohmann::json::parse(record)["actions"].size();
    ASSERT_GT(actions, static_cast<std::size_t>(turns));
    const auto [seconds, verified] = replay(record);
    EXPECT_EQ(verified, "verified: " + std::to_string(actions));
    report("warfare", turns, actions, seconds);
  }
}

TEST(LongReplay, AncientGeneralsRecordsOfThousandsOfActionsAreVerified) {
  for (const int turns : {1000, 4000}) {
    const std::string record = passive_generals_record(turns);
    const std::size_t actions = nlohmann::json::parse(record)["actions"].size();
    ASSERT_GT(actions, static_cast<std::size_t>(turns));
    const auto [seconds, verified] = replay(record);
    EXPECT_EQ(verified, "verified: " + std::to_string(actions));
    report("generals", turns, actions, seconds);
  }
}

}  // namespace
}  // namespace contract
