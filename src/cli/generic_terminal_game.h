// The terminal game loop for any registered game whose layout is "generic" (no drawing of its
// own, docs/play.md "Any other game"): people against the computer or at one screen, through
// the core's interface only. Each human sees their view's fields, what stands now
// (situation), the last actions as they may read them and a numbered menu of their actions in
// the game's words; computers act from their view; the record (core/generic_record.h) is
// written after every action, so a game left unfinished goes on with --resume.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/terminal_style.h"
#include "core/game_descriptor.h"
#include "core/generic_record.h"

namespace ancients::cli {

struct GenericPlayConfig {
  const GameDescriptor* game = nullptr;
  nlohmann::json options;  ///< the resolved options (NewGame::options)
  std::uint64_t seed = 0;
  std::vector<std::string> controllers;  ///< per seat: "human" or an agent spec
  std::vector<std::string> labels;       ///< per seat, as the screen names it ("you")
  std::string record_path;
  std::uint64_t agent_seed = 1;
  Style style;
  /// A record to go on with (`ancients play --resume`): its actions are played again before
  /// the first prompt and the record goes on growing at record_path.
  std::shared_ptr<const GenericRecord> resume;
};

/// Plays until the game ends, the human quits or input ends. Returns the exit status.
int play_generic(const GenericPlayConfig& config, std::istream& in);

/// What `ancients play GAME` read from its command line for such a game.
struct GenericPlayArgs {
  const GameDescriptor* game = nullptr;
  nlohmann::json options;  ///< option values from --options, --rule and shorthands
  std::uint64_t seed = 0;
  std::string vs = "computer";  ///< "computer" or "human"
  std::string agent;
  int side = 1;             ///< the seat the human plays against the computer
  std::vector<int> humans;  ///< --humans: the seats people play (more than two players)
  std::string record_path;
  bool no_color = false;
};

/// Builds the game (refusing bad options or a bad agent with ExitError{2}) and plays.
int run_generic_play(const GenericPlayArgs& args, std::istream& in);

/// A generic record `j` (read from `path`) to go on with: read strictly, verified by playing it
/// again; a finished game, a bad record or an agent this program lacks is refused with
/// ExitError{2} naming the file.
std::shared_ptr<GenericRecord> resumable_generic_record(const nlohmann::json& j,
                                                        const std::string& path);

/// `ancients play --resume` of such a game's record `j` (read from `path`); the record goes on
/// growing at `record_path`.
int resume_generic_play(const nlohmann::json& j, const std::string& path,
                        const std::string& record_path, bool no_color, std::istream& in);

}  // namespace ancients::cli
