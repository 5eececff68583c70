// Army names for the positions of multiplayer battles (multiplayer.md: each player's `army`),
// kept out of the state's bytes: each name is stored once in a table the whole process shares
// and a state holds only its small number, so cloning a state stays a plain copy. The table
// keeps at most kMostArmyNames names (uploaded armies cannot grow it without bound); past that a
// new name is not kept and its number is 0, "no name".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ancients::warfare {

inline constexpr std::size_t kMostArmyNames = 4096;

/// The number of a name (the same name, the same number), or 0 for "" or a full table.
std::uint16_t army_name_number(std::string_view name);
/// The name of a number ("" for 0 or an unknown number).
std::string army_name_of(std::uint16_t number);

}  // namespace ancients::warfare
