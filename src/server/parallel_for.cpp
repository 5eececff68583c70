// The hub's helper threads (see parallel_for.h): each run bumps a generation number that wakes
// the helpers; caller and helpers take indices from one atomic counter until none is left; the
// caller then waits until every helper has left the run, so `body` may live on its stack.
#include "server/parallel_for.h"

#include <algorithm>

namespace ancients::server {

ParallelFor::ParallelFor(int helpers) {
  for (int i = 0; i < helpers; ++i) threads_.emplace_back([this] { help(); });
}

ParallelFor::~ParallelFor() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

int ParallelFor::default_helpers() {
  const int cpus = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(cpus - 1, 0, 7);
}

void ParallelFor::run(std::size_t count, const std::function<void(std::size_t)>& body) {
  if (count == 0) return;
  if (count == 1 || threads_.empty()) {
    for (std::size_t i = 0; i < count; ++i) body(i);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    body_ = &body;
    count_ = count;
    next_.store(0, std::memory_order_relaxed);
    ++generation_;
  }
  wake_.notify_all();
  work();
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [this] { return busy_ == 0; });
  body_ = nullptr;  // helpers that wake late find nothing left to take
}

void ParallelFor::work() {
  for (std::size_t i = next_.fetch_add(1); i < count_; i = next_.fetch_add(1)) (*body_)(i);
}

void ParallelFor::help() {
  std::size_t seen = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && body_ != nullptr); });
    if (stopping_) return;
    seen = generation_;
    ++busy_;
    lock.unlock();
    work();
    lock.lock();
    if (--busy_ == 0) finished_.notify_all();
  }
}

}  // namespace ancients::server
