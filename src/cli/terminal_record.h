// The record of a game played in the terminal: filled action by action and written to its
// file atomically after each one, so that a crash, `quit` or the end of input loses nothing.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "games/warfare/record.h"

namespace ancients::cli {

/// Keeps and writes one game's record (see docs/play.md for the format).
class RecordKeeper {
 public:
  /// Starts the record (no actions yet) of a game set up as `setup`, played by `players`
  /// ("human" or an agent spec per player), dated now.
  RecordKeeper(const warfare::GameSetup& setup, const std::vector<std::string>& players,
               std::string path);
  /// Goes on with a record read back (`ancients play --resume`): its actions are kept and the
  /// next ones added after them.
  RecordKeeper(warfare::GameRecord record, std::string path);

  /// Adds `player`'s action `text`, the result reached by `after`, and writes the file.
  void add(int player, const std::string& text, const warfare::WarfareState& after);
  /// Writes the file; throws ExitError{1} when it cannot.
  void save() const;

  std::size_t actions() const { return record_.actions.size(); }
  const std::string& path() const { return path_; }

 private:
  warfare::GameRecord record_;
  std::string path_;
};

}  // namespace ancients::cli
