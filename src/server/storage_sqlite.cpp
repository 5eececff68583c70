// The SQLite game store (through SQLiteCpp): two tables, games and actions, written in WAL
// mode so that each committed statement survives a killed process. Actions come in groups (the
// server's group commit): one transaction for the group, one prepared insert each, and a game's
// result with its last action. A busy database (another process holding a write lock) is waited
// for briefly and then reported as an error, so the caller refuses the actions instead of
// acknowledging something that was not stored.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "server/storage.h"

namespace ancients::server {
namespace {

/// The page cache of the server's connection: 32 MiB (SQLite's default is 2 MiB). A group's
/// commit changes one page of the (game, seq) index per game and reads the game's row for the
/// foreign key, pages scattered over the file by game id; with the default the working set of
/// 500 games in play did not fit, and about one page per action was read back from the file.
constexpr const char* kCacheSize = "PRAGMA cache_size=-32768";

/// How long a write waits for another connection's lock before it fails.
constexpr int kBusyTimeoutMs = 200;

/// Storage over one SQLite connection; a mutex makes it safe to call from any thread.
class SqliteStorage final : public Storage {
 public:
  SqliteStorage(const std::string& path, int restart_log_pages)
      : db_(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE),
        restart_log_pages_(restart_log_pages) {
    db_.setBusyTimeout(kBusyTimeoutMs);
    // A read-only file still serves the games it holds: the schema statements are skipped
    // when it already has them, and every write is refused later with a clear error.
    const bool has_schema = db_.tableExists("games") && db_.tableExists("actions");
    if (!has_schema || sqlite3_db_readonly(db_.getHandle(), "main") != 1) {
      // A new file gets 1 KiB pages (SQLite's default is 4 KiB): a commit writes every page
      // it changed to the log whole, and the actions of a group land on as many pages of the
      // (game, seq) index as there are games in it. An existing file keeps its page size.
      if (!has_schema) try_exec("PRAGMA page_size=1024");
      try_exec("PRAGMA journal_mode=WAL");
      db_.exec("PRAGMA synchronous=NORMAL");
      db_.exec("PRAGMA foreign_keys=ON");
      db_.exec(kCacheSize);
      db_.exec(
          "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, setup TEXT NOT NULL, "
          "created TEXT NOT NULL DEFAULT (datetime('now')), finished INTEGER NOT NULL DEFAULT "
          "0, result TEXT NOT NULL DEFAULT '')");
      db_.exec(
          "CREATE TABLE IF NOT EXISTS actions (game TEXT NOT NULL REFERENCES games(id), "
          "seq INTEGER NOT NULL, player INTEGER NOT NULL, text TEXT NOT NULL, "
          "PRIMARY KEY (game, seq))");
      db_.exec(
          "CREATE TABLE IF NOT EXISTS campaigns (id TEXT PRIMARY KEY, data TEXT NOT NULL, "
          "created TEXT NOT NULL DEFAULT (datetime('now')))");
      start_checkpoints(path);
    }
  }

  ~SqliteStorage() override {
    if (checkpointer_.joinable()) {
      {
        std::lock_guard lock(checkpoint_mutex_);
        stopping_ = true;
      }
      checkpoint_wake_.notify_all();
      checkpointer_.join();
    }
  }

  void create_game(const std::string& id, const std::string& setup) override {
    std::lock_guard lock(mutex_);
    guarded(id, [&] {
      SQLite::Statement q(db_, "INSERT INTO games (id, setup) VALUES (?, ?)");
      q.bind(1, id);
      q.bind(2, setup);
      q.exec();
    });
  }

  void append_actions(const std::vector<ActionWrite>& actions) override {
    if (actions.empty()) return;
    std::lock_guard lock(mutex_);
    const std::string& id = actions.front().game;
    const std::string games =
        actions.size() == 1
            ? id
            : id + " (and " + std::to_string(actions.size() - 1) + " other actions stored with it)";
    guarded(games, [&] {
      // The statements are prepared once: an action is the server's most frequent write.
      if (!insert_action_)
        insert_action_.emplace(db_,
                               "INSERT INTO actions (game, seq, player, text) VALUES (?, ?, ?, ?)");
      if (actions.size() == 1 && actions.front().result.empty()) {
        insert(actions.front());  // one statement is its own transaction
        return;
      }
      // Every action (and each game's result) together, or none.
      SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
      for (const ActionWrite& w : actions) {
        insert(w);
        if (w.result.empty()) continue;
        SQLite::Statement f(db_, "UPDATE games SET finished = 1, result = ? WHERE id = ?");
        f.bind(1, w.result);
        f.bind(2, w.game);
        f.exec();
      }
      t.commit();
    });
  }

  void update_setup(const std::string& id, const std::string& setup) override {
    std::lock_guard lock(mutex_);
    guarded(id, [&] {
      SQLite::Statement q(db_, "UPDATE games SET setup = ? WHERE id = ?");
      q.bind(1, setup);
      q.bind(2, id);
      if (q.exec() != 1) throw std::runtime_error("game " + id + " is not stored");
    });
  }

  void remove_last_action(const std::string& id, int seq) override {
    std::lock_guard lock(mutex_);
    guarded(id, [&] {
      SQLite::Transaction t(db_, SQLite::TransactionBehavior::IMMEDIATE);
      SQLite::Statement last(db_, "SELECT MAX(seq) FROM actions WHERE game = ?");
      last.bind(1, id);
      if (!last.executeStep() || last.getColumn(0).isNull() || last.getColumn(0).getInt() != seq)
        throw std::runtime_error("game " + id + ": action " + std::to_string(seq) +
                                 " is not its last");
      SQLite::Statement q(db_, "DELETE FROM actions WHERE game = ? AND seq = ?");
      q.bind(1, id);
      q.bind(2, seq);
      q.exec();
      t.commit();
    });
  }

  void create_campaign(const std::string& id, const std::string& data) override {
    std::lock_guard lock(mutex_);
    guarded("campaign " + id, [&] {
      SQLite::Statement q(db_, "INSERT INTO campaigns (id, data) VALUES (?, ?)");
      q.bind(1, id);
      q.bind(2, data);
      q.exec();
    });
  }

  void update_campaign(const std::string& id, const std::string& data) override {
    std::lock_guard lock(mutex_);
    guarded("campaign " + id, [&] {
      SQLite::Statement q(db_, "UPDATE campaigns SET data = ? WHERE id = ?");
      q.bind(1, data);
      q.bind(2, id);
      if (q.exec() != 1) throw std::runtime_error("campaign " + id + " is not stored");
    });
  }

  std::optional<std::string> load_campaign(const std::string& id) override {
    std::lock_guard lock(mutex_);
    std::optional<std::string> out;
    guarded("campaign " + id, [&] {
      if (!db_.tableExists("campaigns")) return;  // a read-only file from before campaigns
      SQLite::Statement q(db_, "SELECT data FROM campaigns WHERE id = ?");
      q.bind(1, id);
      if (q.executeStep()) out = q.getColumn(0).getString();
    });
    return out;
  }

  std::vector<std::string> unfinished_ids() override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> ids;
    guarded("list", [&] {
      SQLite::Statement q(db_, "SELECT id FROM games WHERE finished = 0 ORDER BY created, id");
      while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
    });
    return ids;
  }

  std::optional<StoredGame> load_game(const std::string& id) override {
    std::lock_guard lock(mutex_);
    std::optional<StoredGame> out;
    guarded(id, [&] { out = load_locked(id); });
    return out;
  }

 private:
  void try_exec(const char* sql) {
    try {
      db_.exec(sql);
    } catch (const SQLite::Exception&) {
      // journal_mode cannot change on a busy or read-only database; it is kept as it is
    }
  }

  /// Moves the write-ahead log's pages into the database file on a thread of its own, with a
  /// connection of its own, a few times a second, instead of in the middle of a commit (SQLite's
  /// automatic checkpoint, every 1,000 pages, writes them all and waits for the disk twice:
  /// milliseconds in which the server's loop answered no one). A passive checkpoint never
  /// blocks a commit; past restart_log_pages_ a restarting one follows it, which waits for the
  /// commit in progress and holds the next for what came since (a few milliseconds). One the
  /// database refuses (another process holding it) waits for the next round. Not for a
  /// database in memory or one that is not in WAL mode.
  void start_checkpoints(const std::string& path) {
    if (path.empty() || path == ":memory:" || path.rfind("file:", 0) == 0) return;
    SQLite::Statement mode(db_, "PRAGMA journal_mode");
    if (!mode.executeStep() || mode.getColumn(0).getString() != "wal") return;
    db_.exec("PRAGMA wal_autocheckpoint=0");
    checkpointer_ = std::thread([this, path] {
      std::optional<SQLite::Database> db;
      try {
        db.emplace(path, SQLite::OPEN_READWRITE);
        db->setBusyTimeout(kRestartWaitMs);  // a passive checkpoint never waits
      } catch (const SQLite::Exception&) {
        std::lock_guard lock(mutex_);  // no second connection: the commits checkpoint again
        try_exec("PRAGMA wal_autocheckpoint=1000");
        return;
      }
      std::unique_lock lock(checkpoint_mutex_);
      while (!checkpoint_wake_.wait_for(lock, std::chrono::milliseconds(200),
                                        [this] { return stopping_; })) {
        lock.unlock();
        // As a statement: a connection that has read nothing yet does not know that the file
        // is in WAL mode, and sqlite3_wal_checkpoint_v2 on it does nothing (it reports a log
        // of -1 frames: this thread checkpointed nothing until that was seen).
        try {
          SQLite::Statement passive(*db, "PRAGMA wal_checkpoint(PASSIVE)");
          // Under a steady stream of commits a passive checkpoint never catches the last one,
          // and the log only starts again from its beginning when one has: past a size, one
          // that waits for the commit in progress, copies what came since the passive one
          // and makes the next commit start the log again (a few milliseconds).
          if (passive.executeStep() && passive.getColumn(1).getInt() > restart_log_pages_)
            db->exec("PRAGMA wal_checkpoint(RESTART)");
        } catch (const SQLite::Exception&) {
          // busy (another process, or a commit longer than the wait): the next round tries again
        }
        lock.lock();
      }
    });
  }

  /// Runs the prepared insert for one action.
  void insert(const ActionWrite& w) {
    SQLite::Statement& q = *insert_action_;
    q.tryReset();  // ready again whatever the last use left (an error included)
    q.clearBindings();
    q.bind(1, w.game);
    q.bind(2, w.action.seq);
    q.bind(3, w.action.player);
    q.bind(4, w.action.text);
    q.exec();
  }

  /// Runs `f`, turning SQLite's errors into std::runtime_error naming the game.
  template <class F>
  void guarded(const std::string& id, F&& f) {
    try {
      f();
    } catch (const SQLite::Exception& e) {
      throw std::runtime_error("game " + id + ": the database refused: " + e.what());
    }
  }

  std::optional<StoredGame> load_locked(const std::string& id) {
    SQLite::Statement g(db_, "SELECT setup, finished, result FROM games WHERE id = ?");
    g.bind(1, id);
    if (!g.executeStep()) return std::nullopt;
    StoredGame out;
    out.id = id;
    out.setup = g.getColumn(0).getString();
    out.finished = g.getColumn(1).getInt() != 0;
    out.result = g.getColumn(2).getString();
    SQLite::Statement a(db_, "SELECT seq, player, text FROM actions WHERE game = ? ORDER BY seq");
    a.bind(1, id);
    while (a.executeStep())
      out.actions.push_back(
          {a.getColumn(0).getInt(), a.getColumn(1).getInt(), a.getColumn(2).getString()});
    return out;
  }

  SQLite::Database db_;
  std::optional<SQLite::Statement> insert_action_;  ///< after db_: finalized before it closes
  std::mutex mutex_;
  std::thread checkpointer_;  ///< start_checkpoints
  std::mutex checkpoint_mutex_;
  std::condition_variable checkpoint_wake_;
  bool stopping_ = false;
  /// Log pages beyond which a checkpoint waits to start the log again (65,536 by default: 64 MiB
  /// with 1 KiB pages), and how long it waits.
  int restart_log_pages_;
  static constexpr int kRestartWaitMs = 100;
};

}  // namespace

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path, int restart_log_pages) {
  try {
    return std::make_unique<SqliteStorage>(path, restart_log_pages);
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error(path + ": cannot open the game database (" + e.what() + ")");
  }
}

}  // namespace ancients::server
