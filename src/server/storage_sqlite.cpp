// The SQLite game store (through SQLiteCpp): two tables, games and actions, written in WAL
// mode so that each committed statement survives a killed process. The statements written on
// every action are prepared once and reused.
#include <SQLiteCpp/SQLiteCpp.h>

#include <mutex>
#include <optional>

#include "server/storage.h"

namespace ancients::server {
namespace {

/// Storage over one SQLite connection; a mutex makes it safe to call from any thread.
class SqliteStorage final : public Storage {
 public:
  explicit SqliteStorage(const std::string& path)
      : db_(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE) {
    db_.exec("PRAGMA journal_mode=WAL");
    db_.exec("PRAGMA synchronous=NORMAL");
    db_.exec("PRAGMA foreign_keys=ON");
    db_.exec(
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, setup TEXT NOT NULL, "
        "created TEXT NOT NULL DEFAULT (datetime('now')), finished INTEGER NOT NULL DEFAULT 0, "
        "result TEXT NOT NULL DEFAULT '')");
    db_.exec(
        "CREATE TABLE IF NOT EXISTS actions (game TEXT NOT NULL REFERENCES games(id), "
        "seq INTEGER NOT NULL, player INTEGER NOT NULL, text TEXT NOT NULL, "
        "PRIMARY KEY (game, seq))");
    insert_action_.emplace(db_,
                           "INSERT INTO actions (game, seq, player, text) VALUES (?, ?, ?, ?)");
  }

  void create_game(const std::string& id, const std::string& setup) override {
    std::lock_guard lock(mutex_);
    SQLite::Statement q(db_, "INSERT INTO games (id, setup) VALUES (?, ?)");
    q.bind(1, id);
    q.bind(2, setup);
    q.exec();
  }

  void append_action(const std::string& id, const StoredAction& a) override {
    std::lock_guard lock(mutex_);
    auto& q = *insert_action_;
    q.reset();
    q.bind(1, id);
    q.bind(2, a.seq);
    q.bind(3, a.player);
    q.bind(4, a.text);
    q.exec();
  }

  void finish_game(const std::string& id, const std::string& result) override {
    std::lock_guard lock(mutex_);
    SQLite::Statement q(db_, "UPDATE games SET finished = 1, result = ? WHERE id = ?");
    q.bind(1, result);
    q.bind(2, id);
    q.exec();
  }

  std::vector<StoredGame> unfinished_games() override {
    std::lock_guard lock(mutex_);
    std::vector<StoredGame> out;
    SQLite::Statement q(db_, "SELECT id FROM games WHERE finished = 0 ORDER BY created, id");
    std::vector<std::string> ids;
    while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
    for (const auto& id : ids) out.push_back(*load_locked(id));
    return out;
  }

  std::optional<StoredGame> load_game(const std::string& id) override {
    std::lock_guard lock(mutex_);
    return load_locked(id);
  }

 private:
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
  std::optional<SQLite::Statement> insert_action_;  // after db_: finalised before it closes
  std::mutex mutex_;
};

}  // namespace

std::unique_ptr<Storage> open_sqlite_storage(const std::string& path) {
  try {
    return std::make_unique<SqliteStorage>(path);
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error(path + ": cannot open the game database (" + e.what() + ")");
  }
}

}  // namespace ancients::server
