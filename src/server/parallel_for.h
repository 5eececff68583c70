// A few helper threads that run one loop's iterations beside the calling thread: the server's
// game thread hands them the per-game work of a group commit (applying each stored action,
// writing each game's state messages and handing them to the network thread) and waits until
// all of it is done, so that a server with more than one core uses them while everything else
// of the games stays on the game thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ancients::server {

class ParallelFor {
 public:
  /// `helpers` threads besides the caller (0: everything runs on the caller's thread).
  explicit ParallelFor(int helpers);
  ~ParallelFor();
  ParallelFor(const ParallelFor&) = delete;
  ParallelFor& operator=(const ParallelFor&) = delete;

  /// Calls `body(i)` for every i in [0, count), spread over the caller and the helpers, and
  /// returns when every call has returned. `body` must not throw and must touch nothing that
  /// another iteration touches. Not reentrant: one run at a time, from one thread.
  void run(std::size_t count, const std::function<void(std::size_t)>& body);

  /// The number of helper threads (CPU count less one, capped), for a server's default.
  static int default_helpers();

 private:
  void work();
  void help();

  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  const std::function<void(std::size_t)>* body_ = nullptr;
  std::size_t count_ = 0;
  std::atomic<std::size_t> next_{0};
  std::size_t generation_ = 0;
  int busy_ = 0;  ///< helpers inside the current run
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace ancients::server
