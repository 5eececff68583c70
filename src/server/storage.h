// Where the server keeps its games: every game's setup when it is created and every action as
// it is applied, so that a restarted server resumes each unfinished game where it stood. The
// interface is the seam for other databases (PostgreSQL for a club or a site that outgrows one
// machine); SQLite (storage_sqlite.cpp) is the embedded default.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ancients::server {

/// One stored action: its number in the game (0-based), the player who made it, its text.
struct StoredAction {
  int seq = 0;
  int player = 0;
  std::string text;
};

/// One stored game: its setup (JSON text, server-side only: it holds the seed and the seat
/// tokens), its actions in order, and its result once finished.
struct StoredGame {
  std::string id;
  std::string setup;
  std::vector<StoredAction> actions;
  bool finished = false;
  std::string result;  ///< JSON text, empty while unfinished
};

/// A game store. Every call is durable when it returns (a crash after it loses nothing);
/// errors throw std::runtime_error with a message naming the game.
class Storage {
 public:
  virtual ~Storage() = default;
  virtual void create_game(const std::string& id, const std::string& setup) = 0;
  /// Appends action `seq` (which must be the next one) of a game.
  virtual void append_action(const std::string& id, const StoredAction& action) = 0;
  virtual void finish_game(const std::string& id, const std::string& result) = 0;
  /// Every game not finished yet, with its actions.
  virtual std::vector<StoredGame> unfinished_games() = 0;
  virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
};

/// Opens (creating if needed) an SQLite database file; ":memory:" for a throwaway one.
std::unique_ptr<Storage> open_sqlite_storage(const std::string& path);

}  // namespace ancients::server
