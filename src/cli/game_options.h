// Option values for a game from the command line, checked by the game's schema: the generic
// --options KEY=VALUE,... and --rule NAME, and shorthand flags (--board 12, --army1 gauls)
// that set one option each. Commands hold no list of a game's options: a shorthand for an
// option the game lacks is refused naming the game.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game_descriptor.h"

namespace ancients::cli {

/// A flag that sets one option: `--board 12` sets board = "12" (parsed by the option's type).
struct OptionShorthand {
  std::string flag;    ///< "--board"
  std::string option;  ///< "board"
  std::string text;    ///< the value given, or "true" for a switch
  bool given = false;  ///< whether the flag was on the command line
};

/// The option values that shorthands (in order), --rule NAMEs (switches set to true) and
/// --options settings (in order, the last one wins) give. Throws BadInput naming the flag
/// or option and what is allowed.
nlohmann::json command_line_options(const GameDescriptor& game,
                                    const std::vector<OptionShorthand>& shorthands,
                                    const std::vector<std::string>& rules,
                                    const std::vector<std::string>& settings);

/// "warfare, generals" for help texts (the short names of the registered games).
std::string game_names();

}  // namespace ancients::cli
