// The typed options of an Ancient Warfare game, with their defaults, as recorded in every
// position ("options") and game record. Unknown options and bad values are refused.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ancients::warfare {

struct Options {
  int board = 8;                 ///< 8 or 12 squares a side
  int turn_limit = 200;          ///< turns in total; reaching it ends the game as a draw
  bool defend_autokill = false;  ///< defense cards may answer auto-kills too

  friend bool operator==(const Options&, const Options&) = default;
};

/// Writes every option (defaults included).
nlohmann::json options_to_json(const Options& options);
/// Reads options; missing ones take their defaults; throws BadInput for unknown or bad ones.
Options options_from_json(const nlohmann::json& json);

}  // namespace ancients::warfare
