// Small helpers for writing game data in words, shared by the games' descriptions of actions
// and events: an identifier as a title ("light-horse" -> "Light Horse") and the words of a
// text split on spaces.
#pragma once

#include <cctype>
#include <string>
#include <string_view>
#include <vector>

namespace ancients {

/// "light-horse" -> "Light Horse".
inline std::string title_case(std::string_view id) {
  std::string out;
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
  return out;
}

/// The words of `s`, split on runs of spaces.
inline std::vector<std::string> split_words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
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
