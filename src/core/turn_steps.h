// How a turn goes, in words: the steps a game's rules data lists (`[[turn]]`: a phase, or
// another moment of the game such as a battle's resolution) and the rules book's first section
// made of them. Shared by the games' strict loaders (which read the steps and report a problem
// with their file and line) and their rules books.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ancients {

/// One step of a turn as the rules book tells it.
struct TurnStep {
  std::string id;        ///< a phase's name as positions write it ("move"), or another word
  std::string title;     ///< "2. Move"
  std::string subtitle;  ///< "phase", or empty
  std::vector<std::string> lines;
};

/// What is wrong with `step` after the steps `before` (its id's form, a repeated id, no lines
/// or an empty one), in words; "" when nothing is. Whether the id is also a unit's or a card's
/// is for the game's loader to say.
std::string turn_step_problem(const TurnStep& step, const std::vector<TurnStep>& before);

/// The rules book's section "How a turn goes" ({id: "turn", title, entries}); null without steps.
nlohmann::json turn_section(const std::vector<TurnStep>& steps);

}  // namespace ancients
