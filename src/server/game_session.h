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
#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "server/game_kinds.h"
#include "server/storage.h"

namespace ancients {
class JsonWriter;
}

namespace ancients::server {

using ancients::JsonWriter;

/// A seat: the secret token that proves it (empty for a computer seat), who plays it
/// ("human" or an agent spec), its army's or player's name, whether a person has taken it
/// (the creator's seat, an invitation used, a seat joined from the lobby), and the agent that
/// plays for its person while they are away (empty: none).
struct Seat {
  std::string token;
  std::string controller = "human";
  std::string name;
  bool claimed = false;
  std::string stand_in;
};

/// What the table adds to a game: listed in the lobby's open games, a clock for each turn of
/// a person (0: none), and the rematch that followed it or the game it is a rematch of.
struct TableSettings {
  bool listed = false;
  int turn_seconds = 0;
  std::string rematch, rematch_of;
  /// A campaign's battle: the campaign's id and the battle's number (its result goes there).
  std::string campaign;
  int battle = 0;
};

/// What the table (the hub) adds to a state message: each seat's presence, the grace before
/// an away person's seat may be handed to the computer, and the turn clock.
struct TableExtras {
  struct Presence {
    bool present = true;
    int away_seconds = 0;
  };
  std::vector<Presence> presence;  ///< per seat
  double away_grace_seconds = 0;
  int clock_left = -1;  ///< seconds left for the person to act; -1: no clock (null)
};

/// The legal actions of the player to act as a state message offers them: each action's text
/// and its compact description, and (in the compact form) the actions of a kind that comes in
/// huge numbers (Ancient Warfare's group advances) as groups: per kind and card, the squares
/// named and each action as the indices of its squares.
struct OfferedActions {
  std::vector<std::string> texts;
  std::vector<std::string> infos;  ///< as JSON text (State::action_info_text, offered)
  /// Per kind and card ("" for none, sent as null): each action as indices into the squares,
  /// and its text (not sent). Listed by the game (State::legal_grouped) or sorted from the
  /// legal texts.
  std::vector<State::ActionGroup> groups;
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
  /// Marks a person's seat taken (from an invitation or the lobby); with `new_token`, the seat's
  /// token becomes it (a seat joined from the lobby: earlier links to it no longer work).
  void claim(int player, const std::string& new_token = "");
  /// The agent that plays for a person's seat while they are away, or "" to give the seat back.
  void set_stand_in(int player, const std::string& agent);
  TableSettings& table() { return table_; }
  const TableSettings& table() const { return table_; }
  /// The person to act (their seat number) when no computer plays for them now, else 0.
  int person_to_act() const;
  int to_act() const { return state_->to_act(); }
  /// The true state (server-side only: a finished campaign battle's result is read from it).
  const State& state() const { return *state_; }
  /// How many players (and seats) the game has.
  int player_count() const { return state_->player_count(); }
  bool over() const { return state_->is_over(); }
  bool computer_to_act() const;
  /// Whether `player`'s seat is played by its person (not by the computer, not handed to it):
  /// with its client present, a person waits for the computer's decisions (Hub::run_job puts
  /// them first).
  bool person_plays(int player) const;
  /// The number of actions applied so far.
  std::size_t version() const { return actions_.size(); }

  /// The state message for a seat (1 to player_count()) or a spectator (0), with the log from
  /// `log_from`.
  /// With `extras`, the table's fields too; `compact`: group advances as `groups` (the
  /// client asked for it in its hello; docs/server.md).
  nlohmann::json state_message(int viewer, std::size_t log_from = 0,
                               const TableExtras* extras = nullptr, bool compact = false) const;
  /// The same message as JSON text, written straight into a string (no JSON tree for the
  /// message, the legal actions or the log): what the server sends.
  std::string state_message_text(int viewer, std::size_t log_from = 0,
                                 const TableExtras* extras = nullptr, bool compact = false) const;
  /// The actions a state message offers `viewer` (none unless it is their turn and no
  /// computer plays for them).
  /// Kept until the game changes (a state message and the act naming a group's choice
  /// after it describe the actions once).
  const OfferedActions& offered(int viewer, bool compact) const;
  /// Whether `player`'s person may decide now, ahead of their turn (State::decides_ahead: an
  /// Ancient Warfare deployment while another player deploys): a seat played by its person,
  /// not the one to act, in a game not over.
  bool may_decide_ahead(int player) const;
  /// The actions offered to `viewer` ahead of their turn (may_decide_ahead; else none), from
  /// the position the game gives for it (State::ahead_position). Kept until the game changes.
  const OfferedActions& offered_ahead(int viewer) const;
  /// The action `player` chose ahead of their turn, to be played when it comes ("": none).
  const std::string& queued(int player) const;
  /// Keeps `text` as `player`'s action for their turn (replacing one kept before): checked in
  /// the position they decide in (throws IllegalAction, nothing changed, when it is not legal
  /// there or not a whole decision), then `store` is given the setup to store (it holds the
  /// kept actions) and may throw to refuse (nothing changed).
  void queue(int player, const std::string& text,
             const std::function<void(const nlohmann::json& setup)>& store);
  /// The kept action of the player to act, taken out of the game's keeping ("": none). Kept
  /// actions of players who no longer decide ahead (the position taken back) are dropped.
  std::string take_queued();
  /// The text of the action `choice` of group `group` in the compact state message of
  /// `player` now; throws IllegalAction when there is no such action.
  std::string group_action(int player, std::size_t group, std::size_t choice) const;
  /// Stores an action before it takes effect (write-ahead): given the action (its number,
  /// player and text) and, when it ends the game, the result as JSON text; throws to refuse.
  using Store = std::function<void(const StoredAction& action, const std::string& result)>;
  /// Applies a whole action of `player`; throws IllegalAction (state unchanged) when it is
  /// not that player's turn, or the action is malformed or illegal. With `store`, the action
  /// is checked on a copy, stored, and only then takes effect: when `store` throws, the
  /// exception passes through and the game is unchanged. (prepare, then accept.)
  const LoggedAction& apply(int player, const std::string& text, const Store& store = {});
  /// An action checked and played on a copy, not yet in effect: what to store and the state
  /// it leads to.
  struct Prepared {
    StoredAction stored;          ///< its number, player and text
    std::string result;           ///< the result as JSON text when it ends the game
    std::unique_ptr<State> next;  ///< the state after it
  };
  /// Checks an action of `player` on a copy of the state; throws IllegalAction (nothing
  /// changed) as apply() does. The game is unchanged until accept().
  Prepared prepare(int player, const std::string& text) const;
  /// Puts a prepared action into effect (once stored): it must have been prepared from the
  /// game as it stands (no other action accepted or undone since).
  const LoggedAction& accept(Prepared&& prepared);
  /// Lets every computer player's search stop early: when `*stop` becomes true, or after
  /// `max_seconds` of one decision (0: no limit).
  void limit_agents(const std::atomic<bool>* stop, double max_seconds);
  /// Whether the creator chose the seed (a game with one person: nothing is secret).
  bool seed_chosen() const { return seed_chosen_; }
  /// How the game was made: {game, options, seed, date}, or {game, position, ...} for a game
  /// started from a position (the stored setup without the seats and their tokens).
  const nlohmann::json& setup() const { return setup_; }
  /// The computer's decision for the player to act, as a function that may run on another
  /// thread (it works on a copy of the state) and returns the whole action text.
  std::function<std::string()> computer_job();
  /// Bytes the computer seats' agents hold between their decisions (Agent::held_bytes): next
  /// to nothing, as a computer_job() gives its search's tree back once it has decided.
  std::size_t agents_held_bytes() const;
  /// The action played for a person whose turn clock ran out: the greedy computer's choice,
  /// as a job like computer_job().
  std::function<std::string()> default_job();
  /// Whether `player` may take back the last action: it was theirs, played by them (not by a
  /// computer for them), and it revealed nothing new to them (no card drawn, no die rolled,
  /// no hidden card shown: every deal consistent with what they knew gives the same view).
  bool can_undo(int player) const;
  /// The last action may not be taken back (a computer played it for a person).
  void forbid_undo() { last_undoable_ = 0; }
  /// Takes back the last action (can_undo must hold; else throws IllegalAction). `remove` is
  /// told the action's number first and may throw to refuse (then nothing changed).
  void undo(int player, const std::function<void(int seq)>& remove = {});
  /// The create request of a rematch: the same game and options (armies included).
  nlohmann::json rematch_request() const;
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
  void write_state_message(JsonWriter& w, int viewer, std::size_t log_from,
                           const TableExtras* extras, bool compact) const;
  void write_players(JsonWriter& w, const TableExtras* extras) const;
  static void write_groups(JsonWriter& w, const OfferedActions& o);
  /// Marks "loses_at_once" in the descriptions of `viewer`'s offered actions that lose the game
  /// at once in every deal of what they cannot see (core/foresight.h).
  void mark_losing(OfferedActions& o, int viewer) const;
  void write_log(JsonWriter& w, int viewer, std::size_t log_from) const;
  std::function<std::string()> job_for(std::shared_ptr<Agent> agent);
  /// The state before the last action, rebuilt from the setup and the actions before it.
  std::unique_ptr<State> replay_to(std::size_t actions) const;

  std::string id_;
  std::string layout_;  ///< how front ends draw the game (layout_of), looked up once
  nlohmann::json setup_;
  std::vector<Seat> seats_;
  std::uint64_t agent_seed_ = 1;
  std::unique_ptr<State> state_;
  std::unique_ptr<State> previous_;  ///< before the last action (null before the first)
  mutable int last_undoable_ = -1;   ///< whether the last action revealed nothing (-1: unknown)
  std::vector<LoggedAction> actions_;
  TableSettings table_;
  const std::atomic<bool>* stop_ = nullptr;
  double max_seconds_ = 0;
  /// Each action in structure and in words (State::action_info) and what it made happen
  /// (State::events), as each viewer (0 spectator, then each seat) may know them, kept as
  /// compact JSON text: every log line carries its own, before and after a restart alike.
  struct Described {
    std::vector<std::string> info, events;
  };
  mutable std::vector<Described> described_;
  /// Whether spectators' (viewer 0's) descriptions are kept: only once one has been asked for
  /// (a spectator's message, a replay); until then apply() leaves them empty, and the first
  /// request describes every action so far by replaying the game.
  mutable bool spectators_described_ = false;
  void describe_for_spectators() const;
  std::vector<std::shared_ptr<Agent>> agents_;  ///< per seat; null for a person
  bool seed_chosen_ = false;
  /// The last offered() answer and what it was for (emptied whenever the game changes).
  struct OfferCache {
    bool valid = false;
    int viewer = 0;
    bool compact = false;
    OfferedActions offered;
  };
  mutable OfferCache offer_cache_;
  mutable OfferCache ahead_cache_;  ///< the same for offered_ahead()
  /// Per seat, the action its person chose ahead of their turn ("": none; queue()).
  std::vector<std::string> queued_;
  /// Drops the kept actions of players who no longer decide ahead (their decision made, or the
  /// position it was chosen for taken back: an undo into the set-up before the deployment).
  void drop_closed_queued();
  /// The seed of the offers for `player`'s decision (a decision taken ahead is offered the
  /// same before and at its turn, so a deployment being arranged is not started again).
  std::uint64_t offer_seed(int player) const;
  /// Writes the offered actions' "legal" and "actions" (and compact "groups").
  void write_offer(JsonWriter& w, const OfferedActions& o, bool compact) const;
  /// Writes the message's "ahead": null, or what `viewer` may decide ahead of their turn.
  void write_ahead(JsonWriter& w, int viewer) const;
  /// The same as a tree (the reference message).
  nlohmann::json ahead_json(int viewer) const;
  /// The description of `viewer`'s kept action as offered (its units: the page shows the
  /// deployment chosen), as JSON text.
  std::string queued_info(int viewer) const;
  /// Fills `out` with the actions the game offers in `position` to `viewer`.
  void fill_offer(OfferedActions& out, const State& position, int viewer, bool compact,
                  std::uint64_t seed) const;
  /// Each viewer's view of the current state (0 spectator, then each seat) as JSON text, written
  /// once for the state messages (emptied whenever the state changes).
  mutable std::vector<std::optional<std::string>> view_texts_;
  const std::string& view_text_of(int viewer) const;
  static const OfferedActions kNothingOffered;
};

}  // namespace ancients::server
