// Plays a share of a balance plan's games on several threads (see runner.h).
#include "tools/balance/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

namespace ancients::balance {

void play_games(const PlayOne& play, const std::vector<std::size_t>& indices, int threads,
                std::vector<GameOutcome>& outcomes,
                const std::function<void(std::size_t done)>& progress) {
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex mutex;
  const auto worker = [&] {
    for (;;) {
      const std::size_t k = next.fetch_add(1);
      if (k >= indices.size() || failed) return;
      try {
        outcomes[indices[k]] = play(indices[k]);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failed) error = std::current_exception();
        failed = true;
        return;
      }
      ++done;
    }
  };
  const int n = std::max(1, std::min(threads, static_cast<int>(indices.size())));
  std::vector<std::thread> pool;
  for (int t = 0; t < n; ++t) pool.emplace_back(worker);
  if (progress) {
    while (done < indices.size() && !failed) {
      progress(done);
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    progress(done);
  }
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

void play_games(const Config& config, const Plan& plan, const std::vector<std::size_t>& indices,
                int threads, std::vector<GameOutcome>& outcomes,
                const std::function<void(std::size_t done)>& progress) {
  play_games([&](std::size_t index) { return play_game(config, plan, index); }, indices, threads,
             outcomes, progress);
}

std::vector<GameOutcome> play_all_games(const PlayOne& play, std::size_t games, int threads) {
  std::vector<std::size_t> all(games);
  for (std::size_t i = 0; i < games; ++i) all[i] = i;
  std::vector<GameOutcome> out(games);
  play_games(play, all, threads, out);
  return out;
}

}  // namespace ancients::balance
