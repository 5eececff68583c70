// The terminal game loop of `ancients play generals`: a human against an agent, or two humans
// at one screen (hotseat, each player's hand hidden from the other between turns). It shows
// each human the table, his hand and what he has scouted, the combats with their force totals
// and the log; reads actions (notation, menu number or a command); lets agents act from their
// view only; and writes the game record after every action.
#pragma once

#include <array>
#include <cstdint>
#include <istream>
#include <memory>
#include <string>

#include "cli/terminal_style.h"
#include "games/generals/record.h"
#include "games/generals/state.h"

namespace ancients::cli {

/// Everything `ancients play generals` decided from its command line.
struct GeneralsPlayConfig {
  generals::Options options;
  std::uint64_t seed = 0;
  std::array<std::string, 2> controllers{"human", "human"};  ///< per player: "human" or agent
  std::array<std::string, 2> labels;                         ///< per player, e.g. "you"
  std::string record_path;
  std::uint64_t agent_seed = 1;
  Style style;
  /// A record to go on with (`ancients play --resume`): its actions are played again before
  /// the first prompt and the record goes on growing at record_path.
  std::shared_ptr<const generals::GameRecord> resume;
};

/// Plays until the game ends, the human quits or input ends. Returns the exit status.
int play_generals(const GeneralsPlayConfig& config, std::istream& in);

/// The command line of `ancients play generals`, as cmd_play.cpp read it.
struct GeneralsPlayArgs {
  std::string vs = "computer";   ///< "computer" or "human"
  std::string agent;             ///< the computer player's spec
  std::string first = "random";  ///< which player moves first: "random", "1" or "2"
  std::uint64_t seed = 0;
  int side = 1;  ///< the player the human is against the computer
  int turn_limit = 300;
  std::string record_path;
  bool no_color = false;
};

/// Builds the configuration (refusing a bad agent with ExitError{2}) and plays.
int run_generals_play(const GeneralsPlayArgs& args, std::istream& in);

}  // namespace ancients::cli
