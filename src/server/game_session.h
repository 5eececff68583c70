// One game on the server, without any networking: the true state (which never leaves the
// server), its seats (two, or one per player of a multiplayer battle) with their secret tokens
// and controllers (a person or a computer agent), the actions applied so far, and the messages each
// seat or a spectator may receive: its own view, its legal actions when it is to act, and the log
// as it may read it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "server/game_kinds.h"
#include "server/storage.h"

namespace ancients::server {

/// A seat: the secret token that proves it (empty for a computer seat), who plays it
/// ("human" or an agent spec) and its army's or player's name.
struct Seat {
  std::string token;
  std::string controller = "human";
  std::string name;
};

/// The game logic of one served game. Not thread-safe: the server calls it from one thread;
/// only the function computer_job() returns may run elsewhere (it works on copies).
class GameSession {
 public:
  /// A new game from a create request (see docs/server.md); `controllers` says who plays
  /// each seat and `tokens` their secrets. Throws BadInput for a bad request.
  static std::unique_ptr<GameSession> create(const std::string& id, const nlohmann::json& request,
                                             std::uint64_t seed,
                                             const std::vector<std::string>& controllers,
                                             const std::vector<std::string>& tokens,
                                             bool seed_chosen = false);
  /// The same from a game already built with build_game(request, seed) (the hub builds it
  /// first to learn its number of seats).
  static std::unique_ptr<GameSession> create(const std::string& id, BuiltGame built,
                                             std::uint64_t seed,
                                             const std::vector<std::string>& controllers,
                                             const std::vector<std::string>& tokens,
                                             bool seed_chosen = false);
  /// Rebuilds a stored game: its setup, then every stored action re-applied. Throws
  /// std::runtime_error naming what is damaged (a setup that is not JSON, an action that no
  /// longer applies, a gap in the actions).
  static std::unique_ptr<GameSession> restore(const StoredGame& stored);

  const std::string& id() const { return id_; }
  /// The setup to store (server-side only: it holds the seed and the tokens).
  nlohmann::json stored_setup() const;
  /// The seat (1 to player_count()) of a token, 0 for anything else (spectators).
  int seat_of(const std::string& token) const;
  const Seat& seat(int player) const { return seats_[player - 1]; }
  int to_act() const { return state_->to_act(); }
  /// How many players (and seats) the game has.
  int player_count() const { return state_->player_count(); }
  bool over() const { return state_->is_over(); }
  bool computer_to_act() const;
  /// The number of actions applied so far.
  std::size_t version() const { return actions_.size(); }

  /// The state message for a seat (1 to player_count()) or a spectator (0), with the log from
  /// `log_from`.
  nlohmann::json state_message(int viewer, std::size_t log_from = 0) const;
  /// Stores an action before it takes effect (write-ahead): given the action (its number,
  /// player and text) and, when it ends the game, the result as JSON text; throws to refuse.
  using Store = std::function<void(const StoredAction& action, const std::string& result)>;
  /// Applies a whole action of `player`; throws IllegalAction (state unchanged) when it is
  /// not that player's turn, or the action is malformed or illegal. With `store`, the action
  /// is checked on a copy, stored, and only then takes effect: when `store` throws, the
  /// exception passes through and the game is unchanged.
  const LoggedAction& apply(int player, const std::string& text, const Store& store = {});
  /// Lets every computer player's search stop early: when `*stop` becomes true, or after
  /// `max_seconds` of one decision (0: no limit).
  void limit_agents(const std::atomic<bool>* stop, double max_seconds);
  /// Whether the creator chose the seed (a game with one person: nothing is secret).
  bool seed_chosen() const { return seed_chosen_; }
  /// The computer's decision for the player to act, as a function that may run on another
  /// thread (it works on a copy of the state) and returns the whole action text.
  std::function<std::string()> computer_job();
  /// The full record (everything, hidden parts included: only for finished games).
  nlohmann::json record() const;
  /// Every position of the game from the start (hidden parts included: finished games only)
  /// and the actions between them, for the replay viewer.
  nlohmann::json replay() const;
  /// The result as stored: winner and turns.
  nlohmann::json result() const;

 private:
  GameSession() = default;
  void make_agents();

  std::string id_;
  nlohmann::json setup_;
  std::vector<Seat> seats_;
  std::uint64_t agent_seed_ = 1;
  std::unique_ptr<State> state_;
  std::vector<LoggedAction> actions_;
  /// Each action in structure and in words (State::action_info) and what it made happen
  /// (State::events), as each viewer (0 spectator, then each seat) may know them, kept as
  /// compact JSON text: every log line carries its own, before and after a restart alike.
  struct Described {
    std::vector<std::string> info, events;
  };
  std::vector<Described> described_;
  std::vector<std::shared_ptr<Agent>> agents_;  ///< per seat; null for a person
  bool seed_chosen_ = false;
};

}  // namespace ancients::server
