// The seats people play (see play_seats.h).
#include "cli/play_seats.h"

#include <fmt/format.h>

#include "core/errors.h"

namespace ancients::cli {

std::vector<bool> seats_people_play(int players, bool everyone, const std::vector<int>& humans,
                                    int seat_against_computer, const std::string& what) {
  std::vector<bool> human(static_cast<std::size_t>(players) + 1, false);
  if (!humans.empty()) {
    for (int p : humans) {
      if (p < 1 || p > players)
        throw BadInput(fmt::format("--humans {}: this {} has players 1 to {}", p, what, players));
      human[static_cast<std::size_t>(p)] = true;
    }
  } else if (everyone) {
    human.assign(human.size(), true);
  } else {
    human[static_cast<std::size_t>(seat_against_computer)] = true;
  }
  human[0] = false;
  return human;
}

}  // namespace ancients::cli
