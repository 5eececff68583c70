// The hub's helper threads: every index runs exactly once per run, on more than one thread
// when there are helpers, and a run returns only when every call has returned.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "server/parallel_for.h"

using ancients::server::ParallelFor;

TEST(ParallelFor, EveryIndexRunsExactlyOnceAndTheRunWaitsForAllOfThem) {
  for (const int helpers : {0, 1, 3}) {
    ParallelFor parallel(helpers);
    std::set<std::thread::id> threads;
    std::mutex mutex;
    for (int round = 0; round < 200; ++round) {
      const std::size_t count = static_cast<std::size_t>(round % 37);
      std::vector<std::atomic<int>> calls(count);
      std::atomic<std::size_t> returned{0};
      parallel.run(count, [&](std::size_t i) {
        if (i % 5 == 0) std::this_thread::sleep_for(std::chrono::microseconds(50));
        calls[i].fetch_add(1);
        {
          std::lock_guard lock(mutex);
          threads.insert(std::this_thread::get_id());
        }
        returned.fetch_add(1);
      });
      ASSERT_EQ(returned.load(), count) << "helpers " << helpers << ", round " << round;
      for (std::size_t i = 0; i < count; ++i)
        ASSERT_EQ(calls[i].load(), 1) << "index " << i << ", round " << round;
    }
    if (helpers == 0)
      EXPECT_EQ(threads.size(), 1u);
    else
      EXPECT_GT(threads.size(), 1u) << "the helpers never took part";
  }
}
