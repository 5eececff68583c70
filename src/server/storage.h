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

/// One action to append to a game (Storage::append_actions): with a non-empty `result` (JSON
/// text) it ends the game.
struct ActionWrite {
  std::string game;
  StoredAction action;
  std::string result;
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

/// A game store. Every call is durable when it returns (a crash after it loses nothing) and
/// atomic (a failed call changed nothing); errors throw std::runtime_error with a message
/// naming the game (the database locked by another process, a read-only file, a damaged page).
class Storage {
 public:
  virtual ~Storage() = default;
  virtual void create_game(const std::string& id, const std::string& setup) = 0;
  /// Appends action `seq` (which must be the next one) of a game; with a non-empty `result`
  /// (JSON text) the game is marked finished in the same transaction.
  void append_action(const std::string& id, const StoredAction& action,
                     const std::string& result = "") {
    append_actions({{id, action, result}});
  }
  /// Appends several actions (of different games, or the next ones of one game in order) in
  /// one transaction: all of them are stored, or none (a group commit: one write to disk for
  /// every action the server received in one pass of its loop).
  virtual void append_actions(const std::vector<ActionWrite>& actions) = 0;
  /// Replaces a game's setup (its seats changed: a seat claimed, handed to the computer and
  /// back, a rematch named).
  virtual void update_setup(const std::string& id, const std::string& setup) = 0;
  /// Removes action `seq`, which must be the game's last (an undo); throws when it is not.
  virtual void remove_last_action(const std::string& id, int seq) = 0;
  /// A campaign (server-side JSON text: its state, tokens and battle games), stored whole.
  virtual void create_campaign(const std::string& id, const std::string& data) = 0;
  /// Replaces a stored campaign's data (after each of its actions).
  virtual void update_campaign(const std::string& id, const std::string& data) = 0;
  virtual std::optional<std::string> load_campaign(const std::string& id) = 0;
  /// The ids of every game not finished yet, oldest first.
  virtual std::vector<std::string> unfinished_ids() = 0;
  virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
};

/// Opens (creating if needed) an SQLite database file; ":memory:" for a throwaway one.
/// `restart_log_pages`: past this many pages in the write-ahead log, a checkpoint waits for the
/// commit in progress to start the log again (the tests make it small).
std::unique_ptr<Storage> open_sqlite_storage(const std::string& path,
                                             int restart_log_pages = 65536);

}  // namespace ancients::server
