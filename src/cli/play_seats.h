// Which seats of a game people play at one terminal (`ancients play`'s --vs, --side and
// --humans), for every loop that starts a new game from the command line.
#pragma once

#include <string>
#include <vector>

namespace ancients::cli {

/// Per seat (index 1 to `players`; index 0 unused): whether a person plays it. The seats
/// --humans names, each checked against the count ("--humans 5: this battle has players 1 to
/// 4", `what` naming the game); else every seat with `everyone` (--vs human); else
/// `seat_against_computer` alone. Throws BadInput for a seat out of range.
std::vector<bool> seats_people_play(int players, bool everyone, const std::vector<int>& humans,
                                    int seat_against_computer, const std::string& what);

}  // namespace ancients::cli
