// Copies of large trivially copyable blocks (a game's position data) through the C library's
// memcpy. GCC compiles a copy of a known size of a kilobyte or more as `rep movsq`, slow to
// start on the machines measured; the searches copy a position of one to three kilobytes at
// every step of a rollout and every determinization. The size is passed to a function in
// another file, so the compiler cannot see it and calls memcpy, whose vector loops are faster
// (Ancient Generals' search: +2-3% iterations/s, docs/benchmarks.md).
#pragma once

#include <cstddef>
#include <type_traits>

namespace ancients {

/// memcpy(to, from, bytes), never inlined.
void copy_block(void* to, const void* from, std::size_t bytes);

/// to = from for a trivially copyable value, through copy_block.
template <typename T>
void copy_value(T& to, const T& from) {
  static_assert(std::is_trivially_copyable_v<T>);
  copy_block(&to, &from, sizeof(T));
}

}  // namespace ancients
