// A small, fast, seedable random stream (xoshiro256**, seeded by splitmix64) whose whole state
// is four 64-bit words, so a game can store it in its position and be replayed exactly.
// All chance in every game (shuffles, draws) and every agent's randomness comes from here.
#pragma once

#include <array>
#include <cstdint>

namespace ancients {

/// Deterministic pseudo-random generator with a copyable, serialisable state.
class Rng {
 public:
  using result_type = std::uint64_t;

  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    for (auto& word : s_) {
      seed += 0x9E3779B97F4A7C15ULL;
      std::uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      word = z ^ (z >> 31);
    }
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~std::uint64_t{0}; }

  result_type operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform integer in [0, bound) without modulo bias worth mentioning (Lemire's method).
  std::uint32_t below(std::uint32_t bound) {
    const std::uint64_t x = (*this)() >> 32;
    return static_cast<std::uint32_t>((x * bound) >> 32);
  }

  const std::array<std::uint64_t, 4>& words() const { return s_; }
  void set_words(const std::array<std::uint64_t, 4>& words) { s_ = words; }

  friend bool operator==(const Rng&, const Rng&) = default;

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
};

/// Fisher-Yates shuffle of [first, first+n) using the given stream.
template <typename T>
void shuffle(T* first, std::size_t n, Rng& rng) {
  for (std::size_t i = n; i > 1; --i) {
    const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
    T tmp = first[i - 1];
    first[i - 1] = first[j];
    first[j] = tmp;
  }
}

}  // namespace ancients
