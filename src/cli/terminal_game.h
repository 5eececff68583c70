// The terminal game loop of `ancients play`: a human against an agent, or two humans at one
// screen (hotseat). It shows each human the board from their side with their own hand, reads
// actions (notation, menu number or a command), lets agents act from their view only, and
// writes the game record after every action so that nothing is lost on a crash or EOF (or, for a
// campaign's battle, its position).
#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <memory>
#include <string>

#include "cli/terminal_style.h"
#include "core/generic_record.h"
#include "games/warfare/record.h"
#include "games/warfare/setup.h"

namespace ancients::cli {

/// Everything `ancients play` decided from its command line.
struct PlayConfig {
  warfare::GameSetup setup;
  /// Per player (two, or every player of a multiplayer battle): "human" or an agent spec.
  std::vector<std::string> controllers{"human", "human"};
  std::vector<std::string> labels;  ///< per player, e.g. "you, Marian Romans"
  std::string record_path;
  std::uint64_t agent_seed = 1;  ///< seeds the agents and the computer's deployment
  Style style;
  /// A position to start from instead of `setup` (a campaign's battle, deployed, its armies'
  /// losses carried); the file at record_path then keeps the position after every action
  /// (what `ancients campaign result --position` reads) instead of a record.
  std::shared_ptr<const State> start;
  /// A record to go on with (`ancients play --resume`): `setup` is its set-up, its actions are
  /// played again before the first prompt, and the record goes on growing at record_path.
  std::shared_ptr<const warfare::GameRecord> resume;
  /// A record that starts from a position (a campaign's battle, downloaded from the browser) to
  /// go on with: its position and actions played again before the first prompt, and the record
  /// (core/generic_record.h) goes on growing at record_path.
  std::shared_ptr<const GenericRecord> resume_position_record;
};

/// Plays until the game ends, the human quits or input ends. Returns the exit status.
int play_game(const PlayConfig& config, std::istream& in);

}  // namespace ancients::cli
