// The server's game logic across games, independent of the network library: creating games,
// the WebSocket protocol (hello, act, sync) for connected clients, broadcasting each seat its
// own state message, persisting every game and action, running computer players on worker
// threads, and resuming unfinished games after a restart. All calls come from one thread
// (the game thread); worker threads only compute the computer's decisions and post them back.
#pragma once

#include <atomic>
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

#include "server/campaign_session.h"
#include "server/game_session.h"
#include "server/parallel_for.h"
#include "server/storage.h"
#include "server/text_cache.h"

namespace ancients::server {

/// A connected WebSocket client, as the hub sees it: something to send text messages to.
/// `send` is called on the game thread, or during a group commit on one of its helper threads
/// (never two at once for one client, and the game thread waits meanwhile).
class Client {
 public:
  virtual ~Client() = default;
  virtual void send(std::shared_ptr<const std::string> message) = 0;
  /// The client's IP address: what it makes over the WebSocket (a rematch, a campaign's battle
  /// played online) counts against its address's new games (HubLimits::games_per_minute) as
  /// POST /api/games does. "" when unknown: then not counted.
  virtual std::string address() const { return ""; }
};

/// An HTTP answer: status and JSON body.
struct HttpAnswer {
  int status = 200;
  std::string body;
};

/// The biggest WebSocket message the hub accepts by default (bigger ones get an error reply).
inline constexpr std::size_t kMaxMessageBytes = 16 * 1024;
/// A fresh secret: 128 random bits from the operating system, as 32 hex digits.
std::string random_token();
/// 64 random bits from the operating system (every game's seed).
std::uint64_t random_seed();
/// JSON text that never throws: invalid UTF-8 in strings becomes U+FFFD.
std::string safe_dump(const nlohmann::json& j, int indent = -1);

/// What one server allows each client and holds at once (docs/server.md: the flags of
/// `ancients serve` and their defaults).
struct HubLimits {
  /// The agent specs a create request may name; empty: agent_names() (the named levels).
  std::vector<std::string> agents;
  /// A cap on one computer decision, in seconds (0: none).
  double max_think_seconds = 10;
  /// Games one address may create per minute (0: no limit).
  int games_per_minute = 20;
  /// Games held in memory; idle ones beyond it are dropped and loaded again on demand.
  std::size_t games_in_memory = 2000;
  /// The biggest WebSocket message the hub reads.
  std::size_t message_bytes = kMaxMessageBytes;
  /// How long a person must have been away before another player may hand their seat to the
  /// computer (seconds); a seat no one has taken yet may be handed at once.
  double away_grace_seconds = 60;
  /// The longest game the server plays: a create request (or a rematch) whose `turn_limit`
  /// option is above it is refused (0: no cap). Every action of a game stays in memory and a
  /// client's hello carries the whole log, so a game of the schemas' 100,000 turns would outgrow
  /// the output queue; the games' own option schemas stay as they are (security review F-7).
  int max_turn_limit = 500;
  /// Seconds before a computer whose action the storage refused decides again (at a tick).
  double retry_seconds = 1.0;
  /// Bytes of whole state messages (a hello's, a sync's, the answer to a stale action: each
  /// carries the game's whole log, 0.7 MB and half a millisecond of the game thread in a long
  /// game) one address may be sent a second, with eight seconds' worth at once; past it such a
  /// request gets a `too_fast` error (0: no limit). An undo, which sends every subscriber the
  /// whole game, is charged to the address that asked for it. Without it 64 connections of one
  /// address asking for syncs held the game thread 1.6 s a second (hostile-client review H-5).
  std::uint64_t whole_state_bytes_per_second = 4 * 1024 * 1024;
  /// Group commit: the actions received in one pass of the game thread's loop are stored in one
  /// transaction when the pass ends (Post), each applied and acknowledged only then; false:
  /// each action is stored on its own as it arrives (the hub's tests drive it so).
  bool group_commit = false;
};

/// A few threads running computer players' decisions off the game thread.
class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();
  /// Queues a job. `urgent`: a person waits for it; such jobs go before the others (those of
  /// games the computer plays alone), so that a client's computer-only games cannot keep
  /// everyone else's computer opponents waiting (security review F-4).
  void submit(std::function<void()> job, bool urgent = true);

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::deque<std::function<void()>> background_;  ///< the jobs that are not urgent
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

class Hub {
 public:
  /// Runs a function on the game thread (from any thread).
  using Post = std::function<void(std::function<void()>)>;

  Hub(std::shared_ptr<Storage> storage, Post post, int workers,
      std::string default_agent = "ismcts:normal", HubLimits limits = {});
  ~Hub();

  /// Lists every unfinished game in storage, loads each and lets its computer player go on;
  /// a game that cannot be loaded is marked damaged (and logged). Returns the number resumed.
  std::size_t resume();
  /// Tests: where the seeds of new games come from (by default random_seed(), the operating
  /// system's random bits), so that a test's computer-played battles go the same way each run.
  void set_seed_source(std::function<std::uint64_t()> source) { seeds_ = std::move(source); }

  /// POST /api/games from `address`: creates a game (see docs/server.md).
  HttpAnswer create_game(const std::string& body, const std::string& address = "");
  /// GET /api/games/ID/record: the full record of a finished game.
  HttpAnswer record(const std::string& id);
  /// GET /api/games/ID/replay: every position of a finished game, for the replay viewer.
  HttpAnswer replay(const std::string& id);
  /// Finished games' answers kept as written (records and replays), for tests.
  std::size_t finished_answers_kept() const { return finished_answers_.size(); }
  /// GET /api/games/ID: public facts about a game (players, whether it is over, damaged).
  HttpAnswer summary(const std::string& id);
  /// GET /api/catalogue: the registered games with their option schemas, and the agents.
  HttpAnswer catalogue() const;
  /// GET /api/open: the listed games with seats no one has taken yet, newest first.
  HttpAnswer open_games();
  /// POST /api/games/ID/join from `address`: takes an open seat of a listed game
  /// ({"seat": N}); answers the seat's new token.
  HttpAnswer join(const std::string& id, const std::string& body, const std::string& address = "");
  /// Runs the clocks (called about once a second): a person whose turn clock has run out gets
  /// the default action played for them; a computer whose action was refused decides again.
  void tick();
  /// GET /api/scenarios: the bundled campaign scenarios.
  HttpAnswer scenarios() const;
  /// POST /api/campaigns from `address`: a new campaign day ({"scenario": ID}); answers the
  /// organiser's link and one link per nation.
  HttpAnswer create_campaign(const std::string& body, const std::string& address = "");

  /// A WebSocket text message from a client; replies and broadcasts through Client::send.
  /// Never throws: any failure becomes an error message to that client.
  void on_message(const std::shared_ptr<Client>& client, const std::string& text);
  /// A client went away.
  void on_close(const Client* client);
  /// Asks every running search to end now (shutting down).
  void stop_searches() { stopping_ = true; }

  std::size_t games() const { return rooms_.size(); }
  const HubLimits& limits() const { return limits_; }

 private:
  struct Subscriber {
    std::weak_ptr<Client> client;
    int seat = 0;
    bool compact = false;  ///< asked for compact state messages (hello's "compact")
  };
  struct Room {
    std::unique_ptr<GameSession> session;  ///< null for a damaged game
    std::string damaged;                   ///< why the game cannot be played, or empty
    std::vector<Subscriber> subscribers;
    bool thinking = false;
    /// Bumped by whatever makes a pending computer decision stale though the version may come
    /// back to the same number: an undo (then another action: the same version, another
    /// position), a seat handed to the computer or taken back. run_job compares it.
    std::uint64_t generation = 0;
    std::uint64_t last_used = 0;
    /// Per seat: since when no client holds it (steady seconds), 0 while one does.
    std::vector<double> away_since;
    /// When the turn clock of the person to act runs out (0: no clock running), and the
    /// version it was started at.
    double deadline = 0;
    std::size_t deadline_version = 0;
    /// An action of this game waits in the group commit (pending_): nothing may read or change
    /// the game until flush_pending() has stored and applied it.
    bool pending = false;
  };

  /// The game, from memory or loaded from storage (nullptr: no such game).
  std::shared_ptr<Room> find_room(const std::string& id);
  /// A room for a stored game; damaged (with the reason logged) when it cannot be rebuilt.
  std::shared_ptr<Room> load_room(const StoredGame& stored);
  std::shared_ptr<Room> damaged_room(const std::string& id, const std::string& why);
  /// Drops idle games (least recently used first) from memory while there are more than
  /// `keep`.
  void evict(std::size_t keep);
  bool allow_creation(const std::string& address);
  /// allow_creation for what a WebSocket client makes (its Client::address; an unknown one is
  /// not counted); false: the client was told why.
  bool allow_creation_by(Client& client);
  /// Whether the client's address may be sent a whole state message now
  /// (HubLimits::whole_state_bytes_per_second; an unknown address always may); its budget
  /// refilled for the time gone by. take_whole_state charges one sent.
  bool may_send_whole_state(const Client& client);
  void take_whole_state(const Client& client, std::size_t bytes);
  void dispatch(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void hello(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void act(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  /// An action sent before its sender's turn (GameSession::may_decide_ahead): kept, stored
  /// with the game's setup, then acknowledged with a state message to everyone.
  void act_ahead(const std::shared_ptr<Room>& room, int seat, const std::string& text,
                 Client& client);
  /// Commits the action the player to act chose ahead, if any (true: one was committed).
  bool play_queued(const std::shared_ptr<Room>& room);
  /// Queues an action for the group commit: checked on a copy of the game, stored with the
  /// others of this pass of the loop, then applied and told to everyone; one that is illegal
  /// changes nothing and its sender gets an error (refuse). `client`: whom to tell when it is
  /// refused; null for what a computer played (never taken back with undo; tried again a
  /// second later when refused). `queued`: the person's own action chosen ahead of their turn
  /// (play_queued; theirs to take back, dropped with a line in the log when refused).
  void commit(const std::shared_ptr<Room>& room, int player, const std::string& text,
              const std::shared_ptr<Client>& client, bool queued = false);
  /// Checks every queued action (refusing the illegal ones), stores the rest in one
  /// transaction, then applies each and broadcasts it; when storage refuses, none is applied
  /// and each sender is told (computers try again later).
  void flush_pending();
  /// A finished game's answer (record, replay) by `key`: kept once written.
  HttpAnswer finished_answer(const std::string& key, const std::string& id, const char* what,
                             const std::function<std::string(const GameSession&)>& write);
  /// A computer's action was refused: decide again a second later rather than stall the game.
  void retry_computer_later(const std::shared_ptr<Room>& room);
  /// A broadcast in three steps: whom to send which message (the game thread), the messages
  /// written (any thread: it reads only the room), sent (the game thread hands them to the
  /// clients, Client::send).
  struct Outgoing {
    std::size_t log_from = 0;
    /// Per viewer (0: spectators, then each seat) and form (full, then compact): the message,
    /// when a subscriber needs it.
    std::vector<std::shared_ptr<const std::string>> messages;
    std::vector<bool> needed;
    std::vector<std::pair<std::shared_ptr<Client>, std::size_t>> to;  ///< client, message
  };
  Outgoing address(Room& room, std::size_t log_from);
  void write_messages(const Room& room, Outgoing& out) const;
  static void send_all(const Outgoing& out);
  struct PendingAction {
    std::shared_ptr<Room> room;
    std::weak_ptr<Client> client;  ///< the person who sent it (empty: a computer's)
    bool by_person = true;
    bool queued = false;  ///< chosen ahead of its player's turn, played when it came
    int player = 0;
    std::string text;
    std::string refusal;   ///< why it was refused when checked (nothing stored or changed)
    bool illegal = false;  ///< refused as illegal (else the server failed)
    GameSession::Prepared prepared;
    std::size_t before = 0;  ///< the game's version before it
    std::string failure;     ///< why it could not be applied or told (after the store)
    Outgoing out;
    bool told = false;  ///< its messages handed to the network thread
  };
  /// A stored and applied action's game told to its clients: its clock, messages and sends
  /// (room-local: runs on a helper thread for the game's iteration of a group commit).
  void tell(PendingAction& p);
  /// An action refused when checked: its sender told (a computer's tried again later).
  void refuse(PendingAction& p);
  std::vector<PendingAction> pending_;
  /// Rooms whose computer decides again at a time (steady seconds), taken up by tick().
  std::vector<std::pair<double, std::shared_ptr<Room>>> retries_;
  bool flush_posted_ = false;
  void broadcast(Room& room, std::size_t log_from);
  void schedule_computer(const std::shared_ptr<Room>& room);
  /// Runs a decision job for `player` on a worker and commits its action, unless the game
  /// moved on meanwhile (another version or generation: an undo, the seat given back); then
  /// the computer decides again for the game as it stands. `for_person`: the default action of a
  /// person whose clock ran out (else the computer's own seat or stand-in).
  void run_job(const std::shared_ptr<Room>& room, std::function<std::string()> job, int player,
               bool for_person);

  // The table (hub_table.cpp): presence, seats handed to the computer and back, undo,
  // rematch, the turn clock, the lobby's open games.
  /// The state message (JSON text) for a viewer with what the table adds: each player's
  /// presence, the clock; `compact`: group advances as groups (the client asked for it).
  std::string message_for(const Room& room, int viewer, std::size_t log_from = 0,
                          bool compact = false) const;
  /// What the table adds to the room's state messages now.
  TableExtras table_extras(const Room& room) const;
  /// Sends a subscribed client its state message (compact when it asked for that).
  void send_state(Client& client, const Room& room, int seat);
  /// A room just made or loaded: every seat away until a client says hello, the clock armed.
  void open_room(Room& room);
  /// A client of `seat` said hello: true when the seat was away until now.
  bool seat_arrived(Room& room, int seat);
  void seat_left(Room& room, int seat);
  /// Tells every client of the room who is at the table now (a "presence" message).
  void tell_presence(Room& room);
  /// Starts the turn clock when a person is to act, stops it otherwise.
  void arm_clock(Room& room);
  /// Stores the game's setup after its seats or table changed; false (logged) when refused.
  bool store_setup(const GameSession& session);
  void stand_in(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void reclaim(const std::shared_ptr<Client>& client);
  void undo(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void rematch(const std::shared_ptr<Client>& client);
  /// The agent that plays for an away person: the server's default, else "random".
  std::string house_agent() const;
  /// The subscription and room of a seated client, or an error sent to it (nullptr).
  std::shared_ptr<Room> seated_room(const std::shared_ptr<Client>& client, int& seat);

  // Campaigns (hub_campaign.cpp): participants subscribe with their token, act, and each
  // battle becomes a game of this hub whose result goes back to the campaign.
  struct CampaignSubscriber {
    std::weak_ptr<Client> client;
    std::string role;
  };
  struct CampaignRoom {
    std::unique_ptr<CampaignSession> session;
    std::vector<CampaignSubscriber> subscribers;
    std::vector<int> resolving;  ///< battles the computer is playing out now
    /// The ended seasons' views sent so far (campaign_season): an ended season never changes.
    std::map<int, std::shared_ptr<const std::string>> seasons;
  };
  std::shared_ptr<CampaignRoom> find_campaign(const std::string& id);
  /// At the cap, drops the campaigns no one follows from memory (they stay stored).
  void evict_campaigns();
  void campaign_hello(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  /// The campaign and role of a subscribed client, or an error sent to it (nullptr).
  std::shared_ptr<CampaignRoom> campaign_of(const std::shared_ptr<Client>& client,
                                            std::string& role);
  void campaign_act(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void campaign_result(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  void campaign_battle(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  /// An ended season's map and events (CampaignSession::season_view), for any follower.
  void campaign_season(const std::shared_ptr<Client>& client, const nlohmann::json& msg);
  /// Applies an action (stored first); throws IllegalAction or std::runtime_error (storage).
  void apply_campaign(CampaignRoom& room, const std::string& role, const std::string& action);
  void broadcast_campaign(CampaignRoom& room);
  /// A role's view of a campaign with who follows it now ("present": the roles of its open
  /// pages, so that the organiser sees which players have come).
  nlohmann::json campaign_view(const CampaignRoom& room, const std::string& role) const;
  /// Whether a page of this role follows the campaign now.
  static bool role_present(const CampaignRoom& room, const std::string& role);
  /// Stores a campaign after its battle games changed; false (logged) when refused.
  bool store_campaign(const CampaignSession& c);
  /// A battle's game ended: its result goes to its campaign.
  void battle_over(const GameSession& game);
  static void send_error(Client& client, const std::string& code, const std::string& message);
  static void send_json(Client& client, const nlohmann::json& message);

  std::shared_ptr<Storage> storage_;
  Post post_;
  std::function<std::uint64_t()> seeds_ = random_seed;  ///< set_seed_source
  std::string default_agent_;
  HubLimits limits_;
  std::atomic<bool> stopping_{false};
  std::uint64_t clock_ = 0;  ///< counts uses, for dropping the least recently used games
  /// The games in memory by id (hashed: every act looks its game up; what walks them orders
  /// what it finds itself).
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  struct Subscription {
    std::string game;
    int seat = 0;
    bool compact = false;
  };
  std::unordered_map<const Client*, Subscription> subscriptions_;
  /// Recent creation times per address (steady clock, seconds).
  std::unordered_map<std::string, std::deque<double>> creations_;
  /// Per address: the bytes of whole state messages it may still be sent, and when counted.
  struct ByteBudget {
    double bytes = 0;
    double at = 0;
  };
  std::unordered_map<std::string, ByteBudget> whole_state_budgets_;
  /// The listed games that may have open seats, by id, with when they were listed.
  std::map<std::string, std::uint64_t> listed_;
  std::map<std::string, std::shared_ptr<CampaignRoom>> campaigns_;
  struct CampaignSubscription {
    std::string campaign, role;
  };
  std::unordered_map<const Client*, CampaignSubscription> campaign_subs_;
  /// Finished games' records and replays as written, by "record:ID" / "replay:ID": they never
  /// change, and writing one anew takes the game thread tens of milliseconds.
  TextCache finished_answers_{kFinishedAnswersBytes};
  static constexpr std::size_t kFinishedAnswersBytes = 32u << 20;
  ParallelFor parallel_;  ///< spreads a group commit's games over the cores
  WorkerPool pool_;       // last: joined first, while everything it may post to still exists
};

}  // namespace ancients::server
