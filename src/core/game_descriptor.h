// What a game declares about itself (after OpenSpiel's GameType and LoadGame, in our own
// design): its names, players and typed option schema, and the factory that builds a new game
// from option values and a seed. Front ends (the CLI's new, play, tournament and bench, the
// server's create-game API, the browser's lobby) create games only through the registry's
// create_game(), so an option a game adds appears in all of them with no front-end code.
// Optional hooks give the automatic set-up action a computer takes (Ancient Warfare's
// deployment), the game record and the speed benchmark.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/options.h"
#include "core/record_common.h"

namespace ancients {

/// A new game built by a factory.
struct NewGame {
  std::unique_ptr<State> state;
  /// Every option with the value used, defaults included and random choices resolved (the
  /// army drawn for "random"), so that create(options, seed) rebuilds the same game and
  /// needs no files: store it in records and sessions.
  nlohmann::json options;
  /// A short name for each side ("Marian Romans"), or empty strings when sides have none.
  std::array<std::string, 2> side_names;
  /// A short name for each player when a game has more players than sides (a multiplayer
  /// battle: each player's army), else empty: the side names are the players'.
  std::vector<std::string> player_names;
};

/// What a game record needs from the front end that played the game.
struct RecordInput {
  nlohmann::json options;  ///< NewGame::options
  std::uint64_t seed = 0;
  std::string program_version;
  std::string date;  ///< ISO 8601, or ""
  /// Each player's controller, "human" or an agent spec: two, or one per player of a
  /// multiplayer game.
  std::vector<std::string> players{"human", "human"};
  std::vector<RecordedAction> actions;
  const State* final_state = nullptr;
};

/// What the speed benchmark measured (`ancients bench`).
struct BenchFigures {
  std::uint64_t games = 0;
  std::uint64_t actions = 0;
  double seconds = 0;
  std::uint64_t signature = 0;  ///< a hash of the final positions; changes only with behaviour
  std::size_t state_bytes = 0;
  std::string label;  ///< what was played, in words ("retreat, 12x12, random play"), or ""
  /// The legal actions listed, summed over every decision: over `actions`, the mean number
  /// of choices per decision (the branching factor the generator's speed is paid per).
  std::uint64_t legal_listed = 0;
};

struct GameDescriptor {
  std::string name;         ///< as in positions: "ancient-warfare"
  std::string short_name;   ///< as on the command line: "warfare"
  std::string description;  ///< one line for --help and the lobby
  /// How a front end draws the game: "board" (units on squares: a board, its legend and the
  /// hands: Ancient Warfare's), "cards" (Ancient Generals' card table) or "generic" (a game
  /// with no drawing of its own: its view's fields and its actions in words). Front ends
  /// choose their drawing by this, never by the game's name.
  std::string layout = "generic";
  /// Reads a position JSON; throws BadInput naming what is malformed.
  std::function<std::unique_ptr<State>(const nlohmann::json&)> from_json;

  // --- Descriptor, option schema and factory ---
  int min_players = 2;
  int max_players = 2;
  OptionSchema options;
  /// Builds a new game from options already checked by resolve_options() (every option
  /// present) and a seed; throws BadInput for what only the game can check (an army that
  /// does not fit its rows, a map for another board). Call create_game() rather than this.
  std::function<NewGame(const nlohmann::json& options, std::uint64_t seed,
                        const OptionContext& context)>
      create;
  /// Optional: the action a computer takes for the player to act during the game's set-up
  /// (Ancient Warfare: an automatic deployment), or "" when the decision is the player's.
  /// `seed` varies the choice.
  std::function<std::string(const State& state, std::uint64_t seed)> setup_action;
  /// Optional: a set-up decision that a computer takes without search, while a person picks
  /// it from the listed legal actions (Ancient Warfare: the defender's battlefield), or "".
  std::function<std::string(const State& state, std::uint64_t seed)> computer_setup_choice;
  /// Optional: plays the whole set-up automatically for tools that want a game at its first
  /// turn (`ancients new --deploy`; Ancient Warfare: both deployments, seeds `seed` and
  /// `seed + 1`, and no swap in the DBA-style set-up).
  std::function<void(State& state, std::uint64_t seed)> finish_setup;
  /// Optional: the game's rules book for resolved options, explained in words from its rules
  /// data: {game, title, facts: [sentence], sections: [{id, title, entries: [{id, title,
  /// subtitle?, stats: [[name, value]], lines: [sentence]}]}]} (docs/protocol.md "Rules
  /// books"). Front ends show these entries where the player looks.
  std::function<nlohmann::json(const nlohmann::json& options)> rules_book;
  /// Optional: the game record (format "ancients-record") of a finished or unfinished game.
  std::function<nlohmann::ordered_json(const RecordInput& input)> record;
  /// Optional: random games on one thread, for `ancients bench`, with the given option values
  /// (those the bench uses; it may draw the rest, such as armies, per game). `trace_legal`
  /// also hashes every legal-action list into the signature (a check, not for timing).
  std::function<BenchFigures(int games, std::uint64_t seed, const nlohmann::json& options,
                             bool trace_legal)>
      bench;
  int bench_games = 2000;   ///< the default number of bench games (about a second's work)
  std::string bench_label;  ///< what the bench plays, in words ("autokill, 8x8, random play")
  /// Further option sets the default bench reports beside its own (Ancient Warfare's 4- and
  /// 6-player battles): a label in words, the option values, and the games to play.
  struct BenchVariant {
    std::string label;
    nlohmann::json options;
    int games = 500;
  };
  std::vector<BenchVariant> bench_variants;
};

/// The action a computer takes without search in the game's set-up (setup_action, else
/// computer_setup_choice), or "" when its agent decides.
inline std::string automatic_action(const GameDescriptor& game, const State& state,
                                    std::uint64_t seed) {
  std::string text = game.setup_action ? game.setup_action(state, seed) : std::string();
  if (text.empty() && game.computer_setup_choice) text = game.computer_setup_choice(state, seed);
  return text;
}

/// A game's descriptor as JSON: names, players, options (schema_to_json).
nlohmann::json descriptor_to_json(const GameDescriptor& game);

}  // namespace ancients
