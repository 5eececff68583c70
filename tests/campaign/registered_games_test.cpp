// Registers the built-in games once before any campaign test runs (battles and scenario checks
// go through the core factory), as `ancients` does at start-up; and checks that it worked.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "games/register_games.h"

namespace {

class RegisterGames : public ::testing::Environment {
 public:
  void SetUp() override { ancients::register_builtin_games(); }
};

const auto* const kRegistered = ::testing::AddGlobalTestEnvironment(new RegisterGames);

TEST(CampaignGames, AncientWarfareIsRegisteredForTheBattles) {
  ASSERT_NE(kRegistered, nullptr);
  EXPECT_NE(ancients::find_game("warfare"), nullptr);
}

}  // namespace
