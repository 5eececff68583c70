// Reading a DBA army list as DBA players write it: "1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps,
// 2x4Bw". Rows are separated by commas (or semicolons, or new lines); a row is an optional count
// ("2x", "2 x", "2×"), an element type with its optional numeric prefix ("4Bd", "LH"), an
// optional "(Gen)" mark, and alternatives joined by "or" ("1x3Cv or 4Bw"; an alternative without
// its own count takes the row's); the book's "1 x General (3Cv)" is the same as "1x3Cv (Gen)". Pure
// text handling: no I/O, no knowledge of element types (army_from_list.h maps them). Rules:
// shared/rules/dba-battlefield-and-lists.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ancients::dba {

/// One way of filling a row: `count` elements of one type.
struct ListChoice {
  int count = 1;
  std::string written;  ///< as the user wrote it, without count and mark ("4Bd")
  std::string code;     ///< the type without its prefix ("Bd"), as written
  int prefix = 0;       ///< the numeric prefix (4 in "4Bd"), 0 when absent
};

/// One row of the list: its alternatives (the first is the default) and the (Gen) mark.
struct ListRow {
  std::vector<ListChoice> choices;
  bool general = false;  ///< marked (Gen): one element of this row is the general's
  int number = 0;        ///< 1-based position in the list, for messages
  std::string text;      ///< the row as written, trimmed
};

/// Parses a list; throws ancients::BadInput naming the row and what is wrong.
std::vector<ListRow> parse_army_list(std::string_view text);

}  // namespace ancients::dba
