// Whether this test program is built with AddressSanitizer (the check build of CI), and a count
// that is smaller there. Under ASan the rules run several times slower, so a few of the longest
// tests check the same property on fewer samples there; the property and its assertions stay
// the same. CI's release build runs only the random simulations, which read their counts from
// the environment instead (support/simulation.h).
#pragma once

namespace ancients::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderSanitizer = true;
#else
inline constexpr bool kUnderSanitizer = false;
#endif
#else
inline constexpr bool kUnderSanitizer = false;
#endif

/// `full` in an optimised build, `under_sanitizer` in a sanitizer build.
inline constexpr int sanitizer_shortened(int full, int under_sanitizer) {
  return kUnderSanitizer ? under_sanitizer : full;
}

}  // namespace ancients::testing
