// A scratch set of actions for the search's hot loop: open addressing over a fixed table with
// generation stamps, so clearing is O(1) and nothing is allocated after construction. Each
// entry carries a flag (ISMCTS marks the legal actions that already have a child node).
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"

namespace ancients {

class ActionSet {
 public:
  /// A set for at most capacity/2 actions; capacity must be a power of two.
  explicit ActionSet(std::uint32_t capacity = 4096)
      : mask_(capacity - 1), shift_(64 - log2(capacity)), slots_(capacity) {}

  void clear() {
    if (++generation_ == 0) {  // wrapped: really clear once every 2^32 uses
      for (auto& s : slots_) s.generation = 0;
      generation_ = 1;
    }
  }
  /// Inserts an action (assumed absent, as legal actions are distinct).
  void insert(Action a) {
    std::uint32_t i = index(a);
    while (slots_[i].generation == generation_) i = (i + 1) & mask_;
    slots_[i] = {a, generation_, false};
  }
  /// The entry of an action, or nullptr when it is absent.
  bool* find(Action a) {
    std::uint32_t i = index(a);
    while (slots_[i].generation == generation_) {
      if (slots_[i].action == a) return &slots_[i].marked;
      i = (i + 1) & mask_;
    }
    return nullptr;
  }
  std::uint32_t capacity() const { return mask_ + 1; }

 private:
  struct Slot {
    Action action = 0;
    std::uint32_t generation = 0;
    bool marked = false;
  };
  static int log2(std::uint32_t v) {
    int k = 0;
    while ((1U << k) < v) ++k;
    return k;
  }
  std::uint32_t index(Action a) const {
    return static_cast<std::uint32_t>((a * 0x9E3779B97F4A7C15ULL) >> shift_) & mask_;
  }

  std::uint32_t mask_;
  int shift_;
  std::uint32_t generation_ = 1;
  std::vector<Slot> slots_;
};

}  // namespace ancients
