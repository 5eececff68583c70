// Chess-like square names for the DBA tools' maps (see battlefield.h).
#include <charconv>

#include "tools/dba/battlefield.h"

namespace ancients::dba {

std::string square_name(Square s) {
  return std::string(1, static_cast<char>('a' + s.file)) + std::to_string(s.rank + 1);
}

std::optional<Square> parse_square(std::string_view name, int board) {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  const int file = name[0] - 'a';
  if (file < 0 || file >= board) return std::nullopt;
  const std::string_view digits = name.substr(1);
  if (digits[0] == '0') return std::nullopt;
  int rank = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rank);
  if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  if (rank < 1 || rank > board) return std::nullopt;
  return Square{file, rank - 1};
}

}  // namespace ancients::dba
