// The typed options of an Ancient Warfare game, with their defaults, as recorded in every
// position ("options") and game record. Unknown options and bad values are refused.
// The house rules are those of the German club (shared/seeds/003_8228c9eeb0b841e9.txt, "GERMAN
// HOUSE RULES"), read with shared/rules/ancient-warfare.md §4; each is off by default.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ancients::warfare {

struct Options {
  int board = 8;                 ///< 8 or 12 squares a side
  int turn_limit = 200;          ///< turns in total; reaching it ends the game as a draw
  bool defend_autokill = false;  ///< defense cards may answer auto-kills too
  // --- German house rules ---
  bool pursuit = false;     ///< Knights, Scythed Chariots, Horde, Warband follow up
  bool multi_move = false;  ///< any number of Move cards on one unit (each edition's distance rule)
  bool retreat_away = false;       ///< a recoil/retreat square must not touch an enemy unit
  bool elephant_house = false;     ///< Elephants: Move 3, Range 1, ability = attack at range 2
  bool horde_house = false;        ///< Horde: Move 2, Range 1, no ability, never auto-killed
  bool nominated_general = false;  ///< the General is one of the army's elements, of its type
  /// The house rules' terrain: generated battlefields get woods, BUA, steep hills and rivers,
  /// and units on hills may use Rough Ground cards against attacks from lower ground.
  bool house_terrain = false;
  /// The DBA-style set-up of the 12x12 board (setup.h): four back rows without the side
  /// columns, the defender swaps two attacker units. Needs board 12.
  bool dba_setup = false;
  /// Multiplayer contingents (shared/rules/multiplayer.md): two sides of `attackers` and
  /// `defenders` players (option "players" = "A+D"), 3 to 6 players on the 12-rank board.
  /// Off: a two-player game (attackers = defenders = 1).
  bool contingents = false;
  int attackers = 1;  ///< players of side 1 (the attacker's main player and its contingents)
  int defenders = 1;  ///< players of side 2

  /// Players in the game: 2 without contingents.
  int players() const { return attackers + defenders; }
  /// Files of the board: `board`, or 16 when a side has 3 players (multiplayer.md).
  int width() const { return contingents && (attackers == 3 || defenders == 3) ? 16 : board; }

  friend bool operator==(const Options&, const Options&) = default;
};

/// Writes every option (defaults included). "contingents" and "players" are written only when
/// contingents are on, so that two-player positions stay as they always were.
nlohmann::json options_to_json(const Options& options);
/// The same object through a writer (core/json_writer.h: JsonWriter or JsonTreeWriter).
template <class Writer>
void write_options(Writer& w, const Options& options);
/// Reads options; missing ones take their defaults; throws BadInput for unknown or bad ones.
Options options_from_json(const nlohmann::json& json);
/// "A+D": the players of each side ("1+1" without contingents).
std::string players_text(const Options& options);
/// Checks and completes the players of `options` (2+2 when contingents are on and no
/// "players" was given); throws BadInput naming what is wrong.
void check_players(Options& options, bool players_given);
/// The names of the options, for help texts.
const char* options_help();
/// Applies command-line settings to `base`: each of `rules` names a house rule to switch on
/// ("pursuit"), each of `settings` is KEY=VALUE ("board=12", "multi_move=false"); several
/// settings may share one argument, separated by commas. Throws BadInput naming the bad one.
Options options_with(const Options& base, const std::vector<std::string>& rules,
                     const std::vector<std::string>& settings);

}  // namespace ancients::warfare
