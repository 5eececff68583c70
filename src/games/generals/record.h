// Game records of Ancient Generals: everything needed to re-play a game exactly (options and
// seed; the deal follows from them) and every action applied, in order, with its player, and
// the result. Reading is strict (unknown keys and malformed values are refused with a BadInput
// naming the field); replaying re-applies every action and checks that each was made by the
// player to act and that the recorded result is the one reached. No file I/O here: front ends
// read and write the JSON. Rules source: shared/seeds/002_6c183bd648f27ad5.txt with
// shared/rules/ancient-generals.md; the format is described in docs/generals.md.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/record_common.h"
#include "games/generals/state.h"

namespace ancients::generals {

inline constexpr int kRecordVersion = 1;

/// The result stored at the end of a record: winner (1, 2, kDraw, or kNotOver for a game left
/// unfinished), the turn reached and each player's cards left in deck and reserve.
struct RecordResult {
  int winner = kNotOver;
  int turns = 0;
  std::array<int, 2> left{};

  friend bool operator==(const RecordResult&, const RecordResult&) = default;
};

/// A whole game record.
struct GameRecord {
  std::string program_version;
  std::string date;  ///< when the game started (ISO 8601, optional)
  Options options;
  std::uint64_t seed = 0;
  std::array<std::string, 2> players{"human", "human"};  ///< "human" or an agent spec
  std::vector<RecordedAction> actions;
  RecordResult result;
};

/// The record JSON (format "ancients-record", version 1, game "ancient-generals").
nlohmann::ordered_json record_to_json(const GameRecord& record);
/// Reads a record; `where` names the file in messages. Throws BadInput.
GameRecord record_from_json(const nlohmann::json& j, const std::string& where);

/// The result a state has reached.
RecordResult result_of(const GeneralsState& state);
/// "player 1 wins", "draw", "unfinished".
std::string result_text(const RecordResult& result);
/// "player 1 wins after 12 turns (cards left 30-0)".
std::string describe(const RecordResult& result);

/// Called after each replayed action with the state reached and the action's index (0-based).
using ReplayStep = std::function<void(const GeneralsState& state, std::size_t index)>;

/// Re-plays a record from its options and seed. Throws BadInput naming the action (1-based)
/// when an action is illegal or made by the wrong player, or when the result differs.
GeneralsState replay_record(const GameRecord& record, const ReplayStep& step = {});

}  // namespace ancients::generals
