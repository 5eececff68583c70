// Where a JSON value ends (see json_skip.h).
#include "server/json_skip.h"

#include <array>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ancients::server {
namespace {

/// What the scan looks for in a byte: most bytes are none of these.
enum : unsigned char { kPlain, kQuote, kOpen, kClose };
constexpr auto kJsonClass = [] {
  std::array<unsigned char, 256> t{};
  t['"'] = kQuote;
  t['{'] = kOpen;
  t['['] = kOpen;
  t['}'] = kClose;
  t[']'] = kClose;
  return t;
}();
/// The bytes that end a run of a string's plain bytes: its closing quote or an escape.
constexpr auto kStringStop = [] {
  std::array<bool, 256> t{};
  t['"'] = true;
  t['\\'] = true;
  return t;
}();

constexpr std::size_t kNone = std::string_view::npos;

/// Where a scan of a container stands: its depth, and whether it is inside a string.
struct Scan {
  int depth = 0;
  bool in_string = false;
};

/// The closing quote of a string whose bytes start at p[i] (escapes followed), or npos.
std::size_t closing_quote(const unsigned char* p, std::size_t n, std::size_t i) {
  for (; i < n && !kStringStop[p[i]]; ++i) {
  }
  while (i < n && p[i] == '\\') {  // an escape: the next byte is the string's
    for (i += 2; i < n && !kStringStop[p[i]]; ++i) {
    }
  }
  return i >= n ? kNone : i;
}

/// Scans p[i, n) byte by byte from `scan`; one past the container's closing bracket, or npos.
std::size_t scan_bytewise(const unsigned char* p, std::size_t n, std::size_t i, Scan scan) {
  if (scan.in_string) {
    i = closing_quote(p, n, i);
    if (i == kNone) return kNone;
    ++i;
  }
  int depth = scan.depth;
  for (; i < n; ++i) {
    switch (kJsonClass[p[i]]) {
      case kPlain:
        break;
      case kQuote:
        i = closing_quote(p, n, i + 1);
        if (i == kNone) return kNone;
        break;
      case kOpen:
        ++depth;
        break;
      default:  // kClose
        if (--depth <= 0) return depth == 0 ? i + 1 : kNone;
    }
  }
  return kNone;
}

/// The container starting at p[at] ('{' or '['): sixteen bytes at a time, the rest bytewise.
std::size_t end_of_container(const unsigned char* p, std::size_t n, std::size_t at) {
  std::size_t i = at;
  Scan scan;
#if defined(__SSE2__)
  bool skip_first = false;  // the block's first byte is escaped (a backslash ended the last)
  const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
  const __m128i open1 = _mm_set1_epi8('{'), open2 = _mm_set1_epi8('[');
  const __m128i close1 = _mm_set1_epi8('}'), close2 = _mm_set1_epi8(']');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i stops = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, open1), _mm_cmpeq_epi8(v, open2)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, close1), _mm_cmpeq_epi8(v, close2))));
    auto mask = static_cast<unsigned>(_mm_movemask_epi8(stops));
    if (skip_first) {
      mask &= ~1u;
      skip_first = false;
    }
    while (mask != 0) {
      const int bit = __builtin_ctz(mask);
      mask &= mask - 1;
      const unsigned char c = p[i + static_cast<std::size_t>(bit)];
      if (scan.in_string) {
        if (c == '"') {
          scan.in_string = false;
        } else if (c == '\\') {
          if (bit == 15)
            skip_first = true;
          else
            mask &= ~(1u << (bit + 1));
        }
      } else if (c == '"') {
        scan.in_string = true;
      } else if (c == '{' || c == '[') {
        ++scan.depth;
      } else if (c == '}' || c == ']') {
        if (--scan.depth <= 0)
          return scan.depth == 0 ? i + static_cast<std::size_t>(bit) + 1 : kNone;
      }  // a backslash outside a string is no JSON; stepped over as the bytewise scan does
    }
  }
  if (skip_first) ++i;  // still inside the string: its escaped byte is passed over
#endif
  return scan_bytewise(p, n, i, scan);
}

/// A value at depth 0 that is not a container: a string, a number or a literal.
std::size_t end_of_scalar(std::string_view m, std::size_t at) {
  const auto* p = reinterpret_cast<const unsigned char*>(m.data());
  const std::size_t n = m.size();
  if (p[at] == '"') {
    const std::size_t quote = closing_quote(p, n, at + 1);
    return quote == kNone ? kNone : quote + 1;
  }
  // a number or a literal (the server writes no spaces): up to the next comma or bracket
  const char c = m[at];
  const bool scalar = c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
  return scalar ? m.find_first_of(",}]", at) : kNone;
}

}  // namespace

std::size_t end_of_value(std::string_view m, std::size_t at) {
  if (at >= m.size()) return kNone;
  const auto* p = reinterpret_cast<const unsigned char*>(m.data());
  switch (kJsonClass[p[at]]) {
    case kOpen:
      return end_of_container(p, m.size(), at);
    case kClose:
      return kNone;
    default:
      return end_of_scalar(m, at);
  }
}

std::size_t end_of_value_bytewise(std::string_view m, std::size_t at) {
  if (at >= m.size()) return kNone;
  const auto* p = reinterpret_cast<const unsigned char*>(m.data());
  switch (kJsonClass[p[at]]) {
    case kOpen:
      return scan_bytewise(p, m.size(), at, Scan{});
    case kClose:
      return kNone;
    default:
      return end_of_scalar(m, at);
  }
}

}  // namespace ancients::server
