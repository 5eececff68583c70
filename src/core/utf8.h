// Counting and cutting UTF-8 text by characters (Unicode code points), never inside one: for
// the length limits on texts that reach every message of a game (an uploaded army's name, a
// seat's name, a quoted DBA list). The text is taken as valid UTF-8 (the JSON reader checks it).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ancients {

/// Whether byte `c` continues a character rather than starting one.
constexpr bool utf8_continues(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

/// The number of characters of `text`.
inline std::size_t utf8_chars(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text) n += !utf8_continues(c);
  return n;
}

/// `text` cut to at most `max_chars` characters.
inline std::string utf8_prefix(std::string_view text, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (!utf8_continues(text[i]) && chars++ == max_chars) return std::string(text.substr(0, i));
  return std::string(text);
}

}  // namespace ancients
