// The search's hot loop allocates nothing (issue 13: "determinization that allocates
// nothing"). This binary counts the program's heap allocations (it replaces the global
// operator new, which every allocation of the engine and the agents goes through) and checks
// that dealing a determinization into a state that already holds one allocates nothing, in
// every game, and that a whole decision of 20,000 search iterations (5,000 under the
// sanitizers) allocates only what does not depend on the iteration count: a few fixed allocations
// per decision and the growth of the reused vectors, far fewer than one per hundred iterations.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <new>

#include "agents/ismcts.h"
#include "agents/pimc.h"
#include "positions.h"
#include "support/sanitizer.h"

namespace {

/// Heap allocations made by this thread so far (operator new below).
thread_local std::uint64_t allocations = 0;

/// Allocations made by this thread while `f` runs.
template <typename F>
std::uint64_t allocations_in(F&& f) {
  const std::uint64_t before = allocations;
  f();
  return allocations - before;
}

}  // namespace

// The replaceable global allocation functions, counting, every form replaced so that no
// memory from a sanitizer's own `operator new` reaches the `free` below (ASan reports the
// mismatch). Not inlined: GCC would otherwise see `free` on memory from `operator new` in the
// unity batch's other tests and warn of a mismatch.
namespace {

void* counted_malloc(std::size_t size, std::size_t alignment) {
  ++allocations;
  if (size == 0) size = 1;
  if (alignment <= alignof(std::max_align_t)) return std::malloc(size);
  return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

void* counted_or_throw(std::size_t size, std::size_t alignment) {
  if (void* p = counted_malloc(size, alignment)) return p;
  throw std::bad_alloc();
}

constexpr std::size_t kPlain = alignof(std::max_align_t);

}  // namespace

[[gnu::noinline]] void* operator new(std::size_t n) {
  return counted_or_throw(n, kPlain);
}
[[gnu::noinline]] void* operator new[](std::size_t n) {
  return counted_or_throw(n, kPlain);
}
[[gnu::noinline]] void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return counted_malloc(n, kPlain);
}
[[gnu::noinline]] void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return counted_malloc(n, kPlain);
}
[[gnu::noinline]] void* operator new(std::size_t n, std::align_val_t a) {
  return counted_or_throw(n, static_cast<std::size_t>(a));
}
[[gnu::noinline]] void* operator new[](std::size_t n, std::align_val_t a) {
  return counted_or_throw(n, static_cast<std::size_t>(a));
}
[[gnu::noinline]] void* operator new(std::size_t n, std::align_val_t a,
                                     const std::nothrow_t&) noexcept {
  return counted_malloc(n, static_cast<std::size_t>(a));
}
[[gnu::noinline]] void* operator new[](std::size_t n, std::align_val_t a,
                                       const std::nothrow_t&) noexcept {
  return counted_malloc(n, static_cast<std::size_t>(a));
}
[[gnu::noinline]] void operator delete(void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::align_val_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::align_val_t,
                                         const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace {

using namespace ancients;

TEST(NoAllocation, TheCounterSeesAnAllocation) {
  // The check below must be able to fail: an allocation the compiler cannot remove is seen.
  std::vector<int>* v = nullptr;
  EXPECT_GE(allocations_in([&] { v = new std::vector<int>(100); }), 2u);
  delete v;
}

TEST(NoAllocation, DealingADeterminizationIntoAHeldStateAllocatesNothing) {
  for (const std::string game : {"warfare", "warfare4", "generals"}) {
    const auto states = agents_test::positions(game, 20, 7100);
    ASSERT_GE(states.size(), 10u) << game;
    std::unique_ptr<State> slot;
    Rng rng(71);
    for (std::size_t k = 0; k < states.size(); ++k) {
      const auto view = states[k]->view(states[k]->to_act());
      view->sample_into(slot, rng);  // the first deal into the slot may make its state
      ASSERT_NE(slot, nullptr);
      const std::uint64_t made = allocations_in([&] {
        for (int r = 0; r < 50; ++r) view->sample_into(slot, rng);
      });
      EXPECT_EQ(made, 0u) << game << " position " << k << ": 50 deals allocated " << made
                          << " times";
    }
  }
}

/// The allocations of one decision of `agent` from `view` after a first decision from it,
/// which sizes the agent's reused vectors.
std::uint64_t second_decision_allocations(Agent& agent, const PlayerView& view) {
  agent.choose(view);
  return allocations_in([&] { agent.choose(view); });
}

TEST(NoAllocation, SearchIterationsAllocateNothing) {
  // 20,000 iterations a decision (5,000 under the sanitizers): an allocation in every
  // iteration, or in one of a hundred, would be 50 at least. What is left (0 or 1 measured,
  // not traced one by one) is the decision's own, such as a reused vector outgrowing the
  // first decision's size.
  constexpr auto kIterations =
      static_cast<std::uint64_t>(ancients::testing::sanitizer_shortened(20000, 5000));
  constexpr std::uint64_t kAllowed = 4;
  IsmctsConfig config;
  config.iterations = kIterations;
  config.stop_when_decided = false;  // every decision runs the whole budget
  config.sure_win_states = 0;        // the search only, not the look for a sure win
  for (const std::string game : {"warfare", "generals"}) {
    const auto states = agents_test::positions(game, 12, 7200);
    int searched = 0;
    for (std::size_t k = 0; k < states.size(); k += 3) {
      const auto view = states[k]->view(states[k]->to_act());
      IsmctsAgent agent(config, 1 + k, "ismcts");
      const std::uint64_t made = second_decision_allocations(agent, *view);
      if (!agent.stats().searched) continue;
      ++searched;
      EXPECT_EQ(agent.stats().iterations, kIterations) << game;
      EXPECT_LE(made, kAllowed) << game << " position " << k << ": a decision of " << kIterations
                                << " iterations allocated " << made << " times";
    }
    EXPECT_GE(searched, 3) << game;
  }
}

TEST(NoAllocation, PimcDealSearchesAllocateNothing) {
  // pimc's ten deals, 2,000 iterations each (500 under the sanitizers), on one reused tree and
  // state: each deal's search is a decision of its own, and a deal's search that allocated
  // once would be 10 for the decision. What is left (0 to 3 measured, not traced one by one)
  // is the decision's own, such as a reused vector outgrowing the first decision's size.
  const auto iterations =
      static_cast<std::uint64_t>(ancients::testing::sanitizer_shortened(20000, 5000));
  IsmctsConfig config;
  config.iterations = iterations;
  config.stop_when_decided = false;
  config.sure_win_states = 0;
  for (const std::string game : {"warfare", "generals"}) {
    const auto states = agents_test::positions(game, 4, 7300);
    const auto view = states.back()->view(states.back()->to_act());
    PimcAgent agent(config, kPimcDeals, 5, "pimc");
    const std::uint64_t made = second_decision_allocations(agent, *view);
    EXPECT_EQ(agent.last_iterations(), iterations) << game;
    EXPECT_LE(made, 8u) << game << ": a pimc decision allocated " << made << " times";
  }
}

}  // namespace
