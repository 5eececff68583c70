// The server's game logic across games, independent of the network library: creating games,
// the WebSocket protocol (hello, act, sync) for connected clients, broadcasting each seat its
// own state message, persisting every game and action, running computer players on worker
// threads, and resuming unfinished games after a restart. All calls come from one thread
// (the I/O thread); worker threads only compute the computer's decisions and post them back.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/game_session.h"
#include "server/storage.h"

namespace ancients::server {

/// A connected WebSocket client, as the hub sees it: something to send text messages to.
class Client {
 public:
  virtual ~Client() = default;
  virtual void send(std::shared_ptr<const std::string> message) = 0;
};

/// An HTTP answer: status and JSON body.
struct HttpAnswer {
  int status = 200;
  std::string body;
};

/// The biggest WebSocket message the hub accepts (bigger ones get an error reply).
inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;
/// A fresh secret: 128 random bits from the operating system, as 32 hex digits.
std::string random_token();

/// A few threads running computer players' decisions off the I/O thread.
class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();
  void submit(std::function<void()> job);

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

class Hub {
 public:
  /// Runs a function on the I/O thread (from any thread).
  using Post = std::function<void(std::function<void()>)>;

  Hub(std::shared_ptr<Storage> storage, Post post, int workers,
      std::string default_agent = "ismcts:normal");
  ~Hub();

  /// Loads every unfinished game from storage and lets its computer player go on.
  /// Returns the number of games resumed.
  std::size_t resume();

  /// POST /api/games: creates a game (see docs/server.md for the request and answer).
  HttpAnswer create_game(const std::string& body);
  /// GET /api/games/ID/record: the full record of a finished game.
  HttpAnswer record(const std::string& id);
  /// GET /api/games/ID/replay: every position of a finished game, for the replay viewer.
  HttpAnswer replay(const std::string& id);
  /// GET /api/games/ID: public facts about a game (players, whether it is over).
  HttpAnswer summary(const std::string& id);
  /// GET /api/catalogue: games, sample armies, maps and agents.
  HttpAnswer catalogue() const;

  /// A WebSocket text message from a client; replies and broadcasts through Client::send.
  void on_message(const std::shared_ptr<Client>& client, const std::string& text);
  /// A client went away.
  void on_close(const Client* client);

  std::size_t games() const { return rooms_.size(); }

 private:
  struct Subscriber {
    std::weak_ptr<Client> client;
    int seat = 0;
  };
  struct Room {
    std::unique_ptr<GameSession> session;
    std::vector<Subscriber> subscribers;
    bool thinking = false;
  };

  std::shared_ptr<Room> find_room(const std::string& id);
  void hello(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void act(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  /// Applies and stores an action, then tells everyone; throws IllegalAction.
  void commit(const std::shared_ptr<Room>& room, int player, const std::string& text);
  void broadcast(Room& room, std::size_t log_from);
  void schedule_computer(const std::shared_ptr<Room>& room);
  static void send_error(Client& client, const std::string& code, const std::string& message);

  std::shared_ptr<Storage> storage_;
  Post post_;
  std::string default_agent_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  struct Subscription {
    std::string game;
    int seat = 0;
  };
  std::unordered_map<const Client*, Subscription> subscriptions_;
  WorkerPool pool_;  // last: joined first, while everything it may post to still exists
};

}  // namespace ancients::server
