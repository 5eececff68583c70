// Small helpers for writing game data in words, shared by the games' descriptions of actions
// and events: an identifier as a title ("light-horse" -> "Light Horse") and the words of a
// text split on spaces.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace ancients {

/// Appends "light-horse" as "Light Horse" to `out`.
inline void append_title_case(std::string& out, std::string_view id) {
  bool up = true;
  for (char c : id) {
    if (c == '-') {
      out += ' ';
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
}

/// "light-horse" -> "Light Horse".
inline std::string title_case(std::string_view id) {
  std::string out;
  append_title_case(out, id);
  return out;
}

/// The next word of `text` from `at` on (past a run of spaces), as a view of it; `at` moves past
/// the word. Empty at the end.
inline std::string_view next_word(std::string_view text, std::size_t& at) {
  while (at < text.size() && text[at] == ' ') ++at;
  const std::size_t start = at;
  while (at < text.size() && text[at] != ' ') ++at;
  return text.substr(start, at - start);
}

/// The words of `s`, split on runs of spaces.
inline std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (std::string_view w = next_word(s, at); !w.empty(); w = next_word(s, at)) out.emplace_back(w);
  return out;
}

/// `s` split on `sep` (empty items kept).
inline std::vector<std::string> split_on(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const auto at = s.find(sep, start);
    out.emplace_back(s.substr(start, at - start));
    if (at == std::string_view::npos) break;
    start = at + 1;
  }
  return out;
}

}  // namespace ancients
