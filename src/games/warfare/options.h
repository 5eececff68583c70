// The typed options of an Ancient Warfare game, with their defaults, as recorded in every
// position ("options") and game record. Unknown options and bad values are refused.
// The house rules are those of the German club (shared/seeds/003_8228c9eeb0b841e9.txt, "GERMAN
// HOUSE RULES"), read with shared/rules/ancient-warfare.md §4; each is off by default.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ancients::warfare {

struct Options {
  int board = 8;                 ///< 8 or 12 squares a side
  int turn_limit = 200;          ///< turns in total; reaching it ends the game as a draw
  bool defend_autokill = false;  ///< defense cards may answer auto-kills too
  // --- German house rules ---
  bool pursuit = false;         ///< Knights, Scythed Chariots, Horde, Warband follow up
  bool multi_move = false;      ///< any number of Move cards on one unit, exact distances
  bool retreat_away = false;    ///< a recoil/retreat square must not touch an enemy unit
  bool elephant_house = false;  ///< Elephants: Move 3, Range 1, ability = attack at range 2
  bool horde_house = false;     ///< Horde: Move 2, Range 1, no ability, never auto-killed

  friend bool operator==(const Options&, const Options&) = default;
};

/// Writes every option (defaults included).
nlohmann::json options_to_json(const Options& options);
/// Reads options; missing ones take their defaults; throws BadInput for unknown or bad ones.
Options options_from_json(const nlohmann::json& json);
/// The names of the options, for help texts.
const char* options_help();

}  // namespace ancients::warfare
