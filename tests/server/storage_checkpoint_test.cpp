// SQLite storage moves its write-ahead log into the database on a thread of its own: with the
// server's commits going on, the log stays small (a checkpoint that never ran would let it grow
// by every page written), and everything committed is there when the file is opened again.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "server/storage.h"

using namespace ancients::server;

TEST(SqliteStorage, CheckpointsOnTheirOwnThreadKeepTheLogSmallAndLoseNothing) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ancients-checkpoint-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto db = (dir / "games.db").string();
  constexpr int kGames = 200, kRounds = 60;
  std::uintmax_t biggest_log = 0;
  {
    auto storage = open_sqlite_storage(db);
    for (int g = 0; g < kGames; ++g) storage->create_game("g" + std::to_string(g), "{}");
    for (int round = 0; round < kRounds; ++round) {
      std::vector<ActionWrite> group;
      for (int g = 0; g < kGames; ++g)  // one action of every game: a page each, scattered
        group.push_back(
            {"g" + std::to_string(g), {round, 1 + round % 2, "move " + std::string(100, 'x')}, ""});
      storage->append_actions(group);
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
      if (std::filesystem::exists(db + "-wal"))
        biggest_log = std::max(biggest_log, std::filesystem::file_size(db + "-wal"));
    }
  }
  // 12,000 actions in 60 commits write well over 60 MiB of log pages; checkpointed every
  // 200 ms, the log restarts from its beginning and stays a fraction of that.
  EXPECT_GT(biggest_log, 0u);
  EXPECT_LT(biggest_log, 24u << 20) << "the log grew: no checkpoint ran";
  auto again = open_sqlite_storage(db);
  for (int g = 0; g < kGames; g += 37) {
    const auto stored = again->load_game("g" + std::to_string(g));
    ASSERT_TRUE(stored);
    ASSERT_EQ(stored->actions.size(), static_cast<std::size_t>(kRounds));
    EXPECT_EQ(stored->actions.back().seq, kRounds - 1);
  }
  again.reset();
  std::filesystem::remove_all(dir);
}
