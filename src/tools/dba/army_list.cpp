// The DBA army-list reader (army_list.h): splits the text into rows, each row into
// alternatives, and each alternative into count, prefix, type and the (Gen) mark.
#include "tools/dba/army_list.h"

#include <fmt/format.h>

#include <cctype>

#include "core/errors.h"

namespace ancients::dba {
namespace {

std::string trim(std::string_view s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::string lower_case(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// Splits on any of `seps`, keeping empty pieces out.
std::vector<std::string> split_rows(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (c == ',' || c == ';' || c == '\n') {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(trim(cur));
  return out;
}

/// Splits a row on the word "or" (any case, surrounded by spaces).
std::vector<std::string> split_or(const std::string& row) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < row.size(); ++i) {
    const bool word_or =
        i + 2 <= row.size() && lower_case(row.substr(i, 2)) == "or" &&
        (i == 0 || std::isspace(static_cast<unsigned char>(row[i - 1]))) &&
        (i + 2 == row.size() || std::isspace(static_cast<unsigned char>(row[i + 2])));
    if (word_or) {
      out.push_back(trim(cur));
      cur.clear();
      ++i;
    } else {
      cur += row[i];
    }
  }
  out.push_back(trim(cur));
  return out;
}

/// Removes a trailing general mark ("(Gen)", "(General)", "Gen", "General"); true if found.
bool take_general_mark(std::string& s) {
  const std::string l = lower_case(s);
  for (const char* mark : {"(general)", "(gen)", "general", "gen"}) {
    const std::string m = mark;
    if (l.size() >= m.size() && l.compare(l.size() - m.size(), m.size(), m) == 0) {
      const std::string before = trim(s.substr(0, s.size() - m.size()));
      // "Gen" alone must follow a type ("3KnGen" is not a mark, "3Kn Gen" is).
      if (m[0] != '(' && !before.empty() && s.size() > m.size() &&
          !std::isspace(static_cast<unsigned char>(s[s.size() - m.size() - 1])))
        continue;
      s = before;
      return true;
    }
  }
  return false;
}

/// The book's way of writing the general's element, "1 x General (3Cv)" or "1x Gen (3Kn or
/// Cv)": the row becomes "1 x 3Cv" (its alternatives kept) and true is returned.
bool take_general_word(std::string& row) {
  std::size_t i = 0;
  while (i < row.size() && std::isdigit(static_cast<unsigned char>(row[i]))) ++i;
  std::size_t j = i;
  while (j < row.size() && row[j] == ' ') ++j;
  if (i > 0 && j < row.size() && (row[j] == 'x' || row[j] == 'X'))
    ++j;
  else if (i > 0 && row.compare(j, 2, "\xC3\x97") == 0)
    j += 2;  // ×
  else
    j = 0;
  while (j < row.size() && row[j] == ' ') ++j;
  const std::string rest = lower_case(row.substr(j));
  for (const char* word : {"general", "gen"}) {
    const std::string w = word;
    if (rest.compare(0, w.size(), w) != 0) continue;
    std::size_t k = w.size();
    while (k < rest.size() && rest[k] == ' ') ++k;
    if (k >= rest.size() || rest[k] != '(' || rest.back() != ')') return false;
    const std::string inner = trim(row.substr(j + k + 1, row.size() - (j + k + 1) - 1));
    row = trim(row.substr(0, j)) + (j > 0 ? " " : "") + inner;
    return true;
  }
  return false;
}

[[noreturn]] void fail(const ListRow& row, const std::string& what) {
  throw BadInput(fmt::format("DBA list, element {} \"{}\": {}", row.number, row.text, what));
}

ListChoice parse_choice(std::string s, const ListRow& row, bool& has_count) {
  ListChoice c;
  // The count: digits followed by x, X or × (with optional spaces).
  std::size_t i = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
  std::size_t j = i;
  while (j < s.size() && s[j] == ' ') ++j;
  std::size_t after = std::string::npos;
  if (i > 0 && j < s.size() && (s[j] == 'x' || s[j] == 'X')) after = j + 1;
  if (i > 0 && s.compare(j, 2, "\xC3\x97") == 0) after = j + 2;  // ×
  has_count = after != std::string::npos;
  if (has_count) {
    if (i > 2) fail(row, fmt::format("the count \"{}\" is too big", s.substr(0, i)));
    c.count = std::stoi(s.substr(0, i));
    if (c.count < 1) fail(row, "the count must be at least 1");
    s = trim(s.substr(after));
  }
  if (s.empty()) fail(row, "no element type after the count (write it like 2x4Bd)");
  c.written = s;
  std::size_t p = 0;
  while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) ++p;
  if (p > 0) {
    if (p > 1) fail(row, fmt::format("\"{}\": the prefix of a type is one digit (4Bd)", s));
    c.prefix = s[0] - '0';
  }
  c.code = s.substr(p);
  if (c.code.empty()) fail(row, fmt::format("\"{}\" has no element type (write it like 4Bd)", s));
  for (char ch : c.code)
    if (!std::isalpha(static_cast<unsigned char>(ch)))
      fail(row, fmt::format("\"{}\" is not an element type (letters after an optional digit, "
                            "like 4Bd or LH)",
                            s));
  return c;
}

}  // namespace

std::vector<ListRow> parse_army_list(std::string_view text) {
  if (text.size() > 4096) throw BadInput("DBA list: longer than 4096 characters");
  std::vector<ListRow> rows;
  const std::vector<std::string> pieces = split_rows(text);
  int number = 0;
  for (const std::string& piece : pieces) {
    if (piece.empty()) continue;
    ListRow row;
    row.number = ++number;
    row.text = piece;
    bool first = true;
    std::string written = piece;
    row.general = take_general_word(written);
    for (std::string alt : split_or(written)) {
      if (alt.empty()) fail(row, "an \"or\" without an element on one side");
      if (take_general_mark(alt)) row.general = true;
      bool has_count = false;
      ListChoice c = parse_choice(alt, row, has_count);
      if (!has_count && !first) c.count = row.choices.front().count;
      row.choices.push_back(c);
      first = false;
    }
    rows.push_back(std::move(row));
  }
  if (rows.empty()) throw BadInput("DBA list: empty (write it like \"1x3Kn (Gen), 2x3Cv, 3x4Bd\")");
  return rows;
}

}  // namespace ancients::dba
