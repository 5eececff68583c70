// Ancient Warfare: the checks that refuse a position read from JSON when it cannot arise in
// play (docs/protocol.md, "Positions that are refused"), beyond the reader's structural ones.
#pragma once

#include <string>

namespace ancients::warfare {

class WarfareState;

/// What makes `s` impossible to reach in a game, naming the field at fault; empty when nothing
/// does. Checks units on impassable ground, army sizes, hand sizes, card copies against the
/// edition's deck, loss points and the turn against the turn limit.
std::string unreachable_position_problem(const WarfareState& s);

}  // namespace ancients::warfare
