// The game record of a game that has no record format of its own (the terminal's generic
// front end writes it for any registered game whose layout is "generic", the server for such
// games and for any game started from a position, a campaign's battle): the envelope, where the
// game starts (its resolved options and seed, from which its factory rebuilds it, files not
// needed; or the position it started from), who played each seat, every action with its
// player, and the winner. Strict reading that names the record and the field, and a verified
// re-play through the registry. No file I/O.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/record_common.h"

namespace ancients {

inline constexpr int kGenericRecordVersion = 1;

struct GenericRecord {
  std::string game;  ///< the game's name as in positions ("tiny-duel")
  std::string program_version;
  std::string date;        ///< ISO 8601, or ""
  nlohmann::json options;  ///< every option's value (NewGame::options); null with a position
  std::uint64_t seed = 0;  ///< the seed the game was created with
  /// The position the game started from (a campaign's battle), instead of options and seed;
  /// null for a game built by its factory.
  nlohmann::json position;
  std::vector<std::string> players;  ///< per seat: "human" or an agent spec
  std::vector<RecordedAction> actions;
  int winner = kNotOver;  ///< as State::winner() after the last action
};

nlohmann::ordered_json generic_record_to_json(const GenericRecord& record);

/// Whether a record (JSON) is read as a generic record: it starts from a position, or its game
/// has no record format of its own (GameDescriptor::record), or is not a game of this program
/// (reading it then says so). False for a record in a game's own format.
bool is_generic_record(const nlohmann::json& j);

/// Reads a record strictly: unknown keys, a game this program does not know, missing fields
/// and malformed values throw BadInput naming `where` and the field.
GenericRecord generic_record_from_json(const nlohmann::json& j, const std::string& where);

/// Called after each action of a re-play: the state before it, the state after, its index.
using GenericReplayStep = std::function<void(const State& before, const State& after, std::size_t)>;

/// The state the record's game starts from: its position, or its factory's game for its options
/// and seed. Throws BadInput when they do not build it.
std::unique_ptr<State> generic_record_start(const GenericRecord& record);

/// Builds the game from the record's start and plays its actions, checking that each
/// is made by the player to act and is legal, that the record names a controller for every
/// seat, and that the recorded winner is reached. Throws BadInput naming the action ("action 5
/// (player 1: \"play 2\"): ...") or the result. Returns the state reached.
std::unique_ptr<State> replay_generic_record(const GenericRecord& record,
                                             const GenericReplayStep& on_step = {});

}  // namespace ancients
