// How the server reaches games: only through the core's registry and factory
// (core/registry.h) and the State interface. A create request's "game" and "options" (and the
// older top-level fields "edition", "armies" and "map") become a game through create_game();
// the stored setup is the factory's resolved options and the seed, so a game is rebuilt the
// same way (setups stored in the older per-game layout are still read); views, log lines and
// records come from the game. Nothing here names a game.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "core/game.h"

namespace ancients::server {

/// One action as the server keeps it.
struct LoggedAction {
  int player = 0;
  std::string text;
};

/// A new game: its initial state, the setup to store (everything needed to rebuild the
/// state, seed included) and a short name for each player ("Marian Romans").
struct BuiltGame {
  std::unique_ptr<State> state;
  nlohmann::json setup;
  std::vector<std::string> names;  ///< per player (two, or every player of a multiplayer game)
};

/// Builds a new game from the "game" and "options" fields of a create request (the older
/// fields "edition", "armies" and "map" are read as the options they name); throws BadInput
/// naming what is wrong. Without "game", the first registered game. `max_turn_limit` (0: none),
/// the server's cap, refuses a turn_limit given above it, with it (a default above it is
/// refused by the hub).
BuiltGame build_game(const nlohmann::json& request, std::uint64_t seed, int max_turn_limit = 0);
/// Registers every game built into the program, once (the server's entry points call it).
void register_games_once();
/// A game that starts from a position of the contract (a campaign's battle: deployed, with
/// the losses its armies carry); its setup keeps the position. `names` per player.
BuiltGame build_position_game(const std::string& game, const nlohmann::json& position,
                              std::vector<std::string> names);
/// A create request for the same game with the same resolved options (a rematch), from a
/// stored setup (this layout or the older one).
nlohmann::json same_game_request(const nlohmann::json& setup);
/// Rebuilds the initial state from a stored setup (this layout or the older one).
std::unique_ptr<State> state_from_setup(const nlohmann::json& setup);
/// How front ends draw the state's game ("board", "cards" or "generic": GameDescriptor::layout).
const std::string& layout_of(const State& state);

/// The whole actions offered to the player to act: the game's automatic set-up action when it
/// has one now (Ancient Warfare's deployment; any other legal text is accepted too), otherwise
/// every legal action.
std::vector<std::string> offered_actions(const State& state, std::uint64_t seed);
/// The action a computer player makes where agents do not choose (the set-up), or "".
std::string scripted_action(const State& state, std::uint64_t seed);
/// What a computer plays without its agent: the scripted action, or a set-up choice that a
/// person makes from the legal list (GameDescriptor::computer_setup_choice).
std::string computer_scripted_action(const State& state, std::uint64_t seed);

/// The whole action (one of `texts`, the position's legal texts) an agent plays for the player to
/// act: an agent may build a whole action in several steps (a Generals attack: each attacker, then
/// the pass that ends the declaration; a Warfare group advance), so it chooses step by step
/// until the state reached is the one a whole action gives. A step's text is compared with the
/// whole actions only at the first step: later, the text of a step ("pass" closing an attack)
/// can be that of another whole action of the position. "" when no whole action is reached
/// (the caller plays a legal action instead). Exceptions of the agent propagate.
std::string agent_whole_action(const State& position, const std::vector<std::string>& texts,
                               Agent& agent);

/// The log line `viewer` (0: spectator) may read for an action (State::action_text_for).
std::string log_text_for(const State& state, const LoggedAction& action, int viewer);

/// The full game record: the game's own record format when it has one (Ancient Warfare's and
/// Ancient Generals' are what `ancients replay` reads), otherwise the common envelope of
/// core/record_common.h with the options, seed, players, actions and winner.
nlohmann::json game_record(const nlohmann::json& setup, const std::vector<std::string>& players,
                           const std::vector<LoggedAction>& actions, const State& final_state);

/// The registered games with their option schemas (the JSON of `ancients games --json`).
nlohmann::json catalogue();

}  // namespace ancients::server
