// Building an Ancient Warfare game: armies (JSON army files, validated strictly), battlefields
// (JSON map files and a seeded generator), automatic deployment, and the initial state.
// Rules source: shared/rules/ancient-warfare.md §1 "Armies", "Deployment", "Board and squares".
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/warfare/state.h"

namespace ancients::warfare {

/// An army as chosen by a player: its units by type, two of them at most Elite.
struct Army {
  std::string name;
  std::string edition = "autokill";
  std::string note;
  std::vector<ArmyEntry> units;  ///< General and Camp included
  /// House rule nominated_general: the type of the General's element (DBA's "(Gen)"); empty =
  /// the first unit of the list that may lead (not Light Horse, Psiloi or other light troops).
  std::string general;
  /// The army's home topography (a DBA list's "Arable", "Hilly", ...: data/dba/dba3.toml), or
  /// empty; the defender's battlefield offers it first.
  std::string topography;
};

/// A battlefield's terrain.
struct Battlefield {
  std::string name;
  int board = 8;  ///< ranks (and files, on a square board)
  /// Files when the board is wider than deep (16 for a multiplayer battle with 3 players on a
  /// side), else 0: square.
  int width = 0;
  int files() const { return width == 0 ? board : width; }
  std::vector<std::pair<int, Terrain>> terrain;  ///< squares that are not clear
  std::vector<std::pair<int, int>> rivers;       ///< river edges between orthogonal neighbours
  nlohmann::json features = nlohmann::json::array();
  std::string note;
};

/// Whether a unit type may be a nominated General ("General is never a LK or a Pl"): a unit
/// that is not light troops (Light Horse, Psiloi and the like).
bool may_lead(const UnitDef& d);

/// The longest texts an army or map file may carry, in characters (Unicode code points). A
/// server copies an uploaded army's or map's name into every state message and summary of its
/// game, so the texts are bounded where they are read (docs/formats.md); the bundled files use
/// a fraction of each.
inline constexpr std::size_t kMaxNameChars = 80;           ///< an army's or a map's "name"
inline constexpr std::size_t kMaxNoteChars = 2000;         ///< an army's or a map's "note"
inline constexpr std::size_t kMaxFeatureNameChars = 40;    ///< a map feature's "name"
inline constexpr std::size_t kMaxFeatureSourceChars = 80;  ///< a map feature's "source"
inline constexpr std::size_t kMaxMapFeatures = 64;         ///< a map's "features"

/// Reads and checks an army (JSON, docs/formats.md); `where` names the file in errors.
Army army_from_json(const nlohmann::json& j, const Ruleset& rules, const std::string& where);
nlohmann::json army_to_json(const Army& army, const Ruleset& rules);
Army load_army(const std::string& path, const Ruleset& rules);
/// Bundled sample armies of an edition: file stems ("marian-romans").
std::vector<std::string> sample_armies(const std::string& edition);
/// An army by sample name or by file path.
Army find_army(const std::string& name_or_path, const Ruleset& rules);

Battlefield battlefield_from_json(const nlohmann::json& j, const std::string& where);
nlohmann::json battlefield_to_json(const Battlefield& field);
Battlefield load_battlefield(const std::string& path);
/// A sensible random battlefield: scattered rough, hills and a little impassable ground in the
/// middle of the board, deployment rows left usable. With house_terrain (the German house
/// rules) it places 6-square woods and hills (sometimes steep), a 1-square built-up area within
/// 5 squares of two sides and a small river running between squares instead.
/// A board `width` files wide (16 x 12) gets the 12x12 battlefield of the seed, centred, with
/// two clear files on each side.
Battlefield generate_battlefield(int board, std::uint64_t seed, bool house_terrain = false,
                                 int width = 0);

/// Everything that fixes the start of a game.
struct GameSetup {
  std::string edition = "autokill";
  Options options;
  /// The players' armies by player number - 1: two, or options.players() with contingents.
  Army armies[kMaxPlayers];
  Battlefield field;
  std::uint64_t seed = 1;
  /// Map "defender": the game starts with the defender's battlefield phase (needs dba_setup;
  /// `field` is then an empty board).
  bool defender_battlefield = false;
  /// Optional: these tables instead of ruleset_for(edition, options), for tools that vary
  /// them (`ancients balance`: a deck with a card count changed, a test ruleset). The game
  /// keeps a plain pointer to them: the caller keeps them alive while the game lives.
  std::shared_ptr<const Ruleset> rules;
};

/// The initial state: terrain placed, deck shuffled with the seed, both armies waiting to be
/// deployed (player 1 first). Throws BadInput when an army does not fit its rows. With
/// nominated_general each army's General becomes an element of the army's `general` type.
/// With dba_setup (12x12 board, DBA-style set-up) player 1 is the attacker: it deploys first,
/// player 2 (the defender) deploys, may then swap two attacker units, and player 1 moves first with
/// the defender's hand still empty.
std::unique_ptr<WarfareState> new_game(const GameSetup& setup);

/// A sensible automatic deployment for the player to act in the deploy phase, as a `deploy`
/// action: melee troops in the front row, missile troops, General and Camp behind.
std::string auto_deployment(const WarfareState& state, std::uint64_t seed);

}  // namespace ancients::warfare

namespace ancients::warfare {
/// A game between two sample armies chosen by the seed on a generated battlefield, still in
/// the deploy phase (for random simulations, benchmarks and tournaments).
std::unique_ptr<WarfareState> random_game(std::uint64_t seed, const Options& options = {},
                                          const std::string& edition = "autokill");
}  // namespace ancients::warfare
