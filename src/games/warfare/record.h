// Game records of Ancient Warfare: everything needed to re-play a game exactly (edition,
// options, seed, armies, battlefield) and every action applied, in order, with its player,
// and the result. Reading is strict (unknown keys and malformed values are refused with a
// BadInput naming the field); replaying re-applies every action and checks that each was
// made by the player to act and that the recorded result is the one reached. No file I/O
// here: front ends read and write the JSON. The format is described in docs/play.md.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/record_common.h"
#include "games/warfare/setup.h"
#include "games/warfare/state.h"

namespace ancients::warfare {

inline constexpr int kRecordVersion = 1;

/// The result stored at the end of a record: winner (the side 1 or 2, kDraw, or kNotOver for a
/// game left unfinished), the turn count reached and each player's loss points.
struct RecordResult {
  int winner = kNotOver;
  int turns = 0;
  std::array<int, kMaxPlayers> lost{};  ///< by player number - 1 (two, or every player)

  friend bool operator==(const RecordResult&, const RecordResult&) = default;
};

/// A whole game record.
struct GameRecord {
  std::string program_version;
  std::string date;  ///< when the game started (ISO 8601, optional)
  GameSetup setup;
  /// Each player's controller, "human" or an agent spec (setup.options.players() of them).
  std::vector<std::string> players{"human", "human"};
  std::array<std::string, kMaxPlayers> deployments;  ///< each player's `deploy` text, or ""
  std::vector<RecordedAction> actions;
  RecordResult result;
};

/// The record JSON (format "ancients-record", version 1), its keys in the documented order.
nlohmann::ordered_json record_to_json(const GameRecord& record);
/// Reads a record; `where` names the file in messages. Throws BadInput.
GameRecord record_from_json(const nlohmann::json& j, const std::string& where);

/// The result a state has reached.
RecordResult result_of(const WarfareState& state);
/// "player 1 wins", "draw", "unfinished".
std::string result_text(const RecordResult& result);

/// Called after each replayed action with the state reached and the action's index (0-based).
using ReplayStep = std::function<void(const WarfareState& state, std::size_t index)>;

/// Re-plays a record from its setup. Throws BadInput naming the action (1-based, as shown to
/// users) when an action is illegal or made by the wrong player, when a deployment differs
/// from the deploy action, or when the result differs from the recorded one.
std::unique_ptr<WarfareState> replay_record(const GameRecord& record, const ReplayStep& step = {});

}  // namespace ancients::warfare
