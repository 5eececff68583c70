// `ancients play`: an Ancient Warfare game in the terminal, a human against the computer or
// two humans at one screen. This file turns the command line into a PlayConfig (armies,
// battlefield, options, who plays which side, where the record goes), building the game through
// Ancient Warfare's factory (--options, --rule and the flags that set options); the game loop
// is terminal_game.cpp.
//
// Sides and players: side 1 plays --army1 and side 2 --army2; --first says which side is
// player 1 (deploys on ranks 1-2 and moves first; random by default, drawn from the seed);
// against the computer the human plays --side (1 by default).
//
// The positional game argument names any registered game; its layout (core/game_descriptor.h),
// never its name, chooses the loop. "cards" (`ancients play generals`) plays Ancient Generals
// with the same --vs, --agent, --seed, --first, --side, --turn-limit, --record and --no-color
// (generals_terminal_game.cpp); "generic", a game with no drawing of its own, plays through the
// core's interface alone (generic_terminal_game.cpp), its options from --options, --rule and
// the shorthand flags its schema has.
//
// `ancients play --resume FILE` goes on with a game left unfinished (quit, end of input, a
// crash): the record says the game, its set-up and who plays which seat, so every flag that
// would set them is refused; the record goes on growing in FILE (or at --record). The generic
// record (core/generic_record.h) goes on in the generic loop, or in the board's loop when it
// starts from a position of a game drawn on a board (a campaign's battle); a record in its
// game's own format in the loop of its game's layout.
#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>

#include "agents/agent.h"
#include "cli/command.h"
#include "cli/game_options.h"
#include "cli/generals_terminal_game.h"
#include "cli/generic_terminal_game.h"
#include "cli/io.h"
#include "cli/play_seats.h"
#include "cli/terminal_game.h"
#include "core/errors.h"
#include "core/generic_record.h"
#include "core/registry.h"
#include "games/generals/record.h"
#include "games/warfare/descriptor.h"
#include "games/warfare/record.h"

namespace ancients::cli {
namespace {

struct PlayArgs {
  std::string vs = "computer", agent = "ismcts:normal", army1, army2, map, first = "random";
  std::string record, edition = "autokill", game = "warfare", resume;
  std::uint64_t seed = 0;
  int side = 1, board = 8, turn_limit = 200;
  bool no_color = false, defend_autokill = false;
  std::vector<std::string> rules, options;  ///< --rule NAME, --options K=V,...
  std::vector<int> humans;                  ///< --humans: the seats people play (multiplayer)
};

std::string stamp_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

/// The record's path: --record, or records/<timestamp>-<seed>.json; its folder is created.
std::string record_path(const PlayArgs& a) {
  const std::string path =
      a.record.empty() ? fmt::format("records/{}-{}.json", stamp_now(), a.seed) : a.record;
  const auto parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec)
    throw ExitError{
        1, fmt::format("{}: cannot create the folder ({})", parent.string(), ec.message())};
  return path;
}

/// The flags that set one option each, as given (the armies first).
std::vector<OptionShorthand> shorthands(const PlayArgs& a, const CLI::App& cmd) {
  const auto given = [&](const char* flag) { return cmd.count(flag) > 0; };
  return {{"--army1", "army1", a.army1, given("--army1")},
          {"--army2", "army2", a.army2, given("--army2")},
          {"--map", "map", a.map, given("--map")},
          {"--edition", "edition", a.edition, given("--edition")},
          {"--board", "board", std::to_string(a.board), given("--board")},
          {"--turn-limit", "turn_limit", std::to_string(a.turn_limit), given("--turn-limit")},
          {"--defend-autokill", "defend_autokill", "true", a.defend_autokill}};
}

/// Sample armies for the sides not given on the command line, drawn from the seed.
void pick_armies(PlayArgs& a) {
  const auto samples = warfare::sample_armies(a.edition);
  if (samples.empty()) throw ExitError{2, "no sample armies found: give --army1 and --army2"};
  Rng pick(a.seed ^ 0xA11CE5ULL);
  const auto draw = [&] { return samples[pick.below(static_cast<std::uint32_t>(samples.size()))]; };
  if (a.army1.empty()) a.army1 = draw();
  if (a.army2.empty()) {
    a.army2 = draw();
    for (int tries = 0; tries < 8 && a.army2 == a.army1 && samples.size() > 1; ++tries)
      a.army2 = draw();
  }
}

PlayConfig make_config(PlayArgs a, const CLI::App& cmd, bool no_side_args,
                       const GameDescriptor& game) {
  if (a.vs == "human" && !no_side_args)
    throw ExitError{2, "--side and --agent apply only to --vs computer"};
  if (cmd.count("--seed") == 0) a.seed = std::random_device{}();
  pick_armies(a);
  PlayConfig c;
  try {
    const int first = a.first == "random" ? 1 + static_cast<int>(Rng(a.seed ^ 0xF1257ULL).below(2))
                                          : std::stoi(a.first);
    // Side 1 plays --army1; player 1 is the side that moves first.
    const std::string& army_of_player1 = first == 1 ? a.army1 : a.army2;
    const std::string& army_of_player2 = first == 1 ? a.army2 : a.army1;
    std::vector<OptionShorthand> flags = shorthands(a, cmd);
    flags[0] = {"--army1", "army1", army_of_player1, true};
    flags[1] = {"--army2", "army2", army_of_player2, true};
    const nlohmann::json options = command_line_options(game, flags, a.rules, a.options);
    // The factory refuses bad options, armies that do not fit and mismatched boards now; the
    // terminal game starts again from the resolved options (files read, armies drawn).
    const NewGame built = create_game(game.name, options, a.seed, OptionContext{true});
    auto& s = c.setup;
    s = warfare::setup_from_options(built.options, a.seed, OptionContext{});
    const int players = s.options.players();
    c.controllers.assign(static_cast<std::size_t>(players), "human");
    c.labels.assign(static_cast<std::size_t>(players), "");
    if (players == 2 && !a.humans.empty())
      throw BadInput(
          "--humans is for multiplayer battles (--options contingents=true,players=A+D); "
          "a two-player game uses --vs and --side");
    if (players > 2) {  // a multiplayer battle: --humans names the seats people play
      const std::vector<bool> human = seats_people_play(
          players, a.vs == "human", a.humans, a.side == 1 ? 1 : s.options.attackers + 1, "battle");
      for (int p = 1; p <= players; ++p) {
        const std::string& army = s.armies[p - 1].name;
        if (human[static_cast<std::size_t>(p)]) {
          c.labels[p - 1] = "human, " + army;
        } else {
          c.controllers[p - 1] = a.agent;
          c.labels[p - 1] = fmt::format("computer ({}), {}", a.agent, army);
        }
      }
    }
    const int human = first == a.side ? 1 : 2;
    for (int p = 1; p <= 2 && players == 2; ++p) {
      const std::string& army = s.armies[p - 1].name;
      if (a.vs == "human") {
        c.labels[p - 1] = fmt::format("side {}, {}", p == 1 ? first : 3 - first, army);
      } else if (p == human) {
        c.labels[p - 1] = "you, " + army;
      } else {
        c.controllers[p - 1] = a.agent;
        c.labels[p - 1] = fmt::format("computer ({}), {}", a.agent, army);
      }
    }
    make_agent(a.agent, 1);  // refuses an unknown agent before the game starts
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  c.agent_seed = a.seed * 0x9E3779B97F4A7C15ULL + 17;
  c.record_path = record_path(a);
  c.style = make_style(a.no_color);
  return c;
}

/// Each seat's words on the screen for a resumed game: "you" where one person plays, else
/// "human"; the computer with its agent; then the army where there is one.
std::vector<std::string> resumed_labels(const std::vector<std::string>& players,
                                        const std::vector<std::string>& armies) {
  const auto humans = std::count(players.begin(), players.end(), std::string("human"));
  std::vector<std::string> labels;
  for (std::size_t p = 0; p < players.size(); ++p) {
    std::string label = players[p] != "human" ? fmt::format("computer ({})", players[p])
                        : humans == 1         ? std::string("you")
                                              : std::string("human");
    if (p < armies.size()) label += ", " + armies[p];
    labels.push_back(label);
  }
  return labels;
}

/// The computer players of a resumed game start afresh, seeded by the game and how far it had
/// gone; an agent this program lacks is refused before the game is shown.
std::uint64_t resumed_agent_seed(const std::vector<std::string>& players, std::uint64_t seed,
                                 std::size_t actions) {
  for (const auto& agent : players)
    if (agent != "human") make_agent(agent, 1);
  return (seed + actions) * 0x9E3779B97F4A7C15ULL + 17;
}

/// `--resume FILE` of a record that starts from a position of a game drawn on a board (a
/// campaign's battle, downloaded from the browser): the board's loop goes on with it.
int resume_board_position_record(const nlohmann::json& j, const PlayArgs& a,
                                 const std::string& path) {
  const std::shared_ptr<GenericRecord> record = resumable_generic_record(j, a.resume);
  PlayConfig c;
  c.controllers = record->players;
  c.labels = resumed_labels(record->players, {});
  c.agent_seed = resumed_agent_seed(record->players, record->seed, record->actions.size());
  c.record_path = path;
  c.style = make_style(a.no_color);
  c.resume_position_record = record;
  return play_game(c, std::cin);
}

/// `--resume FILE`: the recorded game, played again up to its last action, goes on.
int resume_play(const PlayArgs& a, const CLI::App& cmd) {
  for (const char* flag : {"--vs", "--agent", "--army1", "--army2", "--map", "--seed", "--first",
                           "--side", "--board", "--turn-limit", "--edition", "--defend-autokill",
                           "--rule", "--options", "--humans", "game"})
    if (cmd.count(flag) > 0)
      throw ExitError{2, fmt::format("--resume goes on with the game as it was recorded: {} "
                                     "cannot change it",
                                     flag)};
  const nlohmann::json j = read_json(a.resume);
  const std::string path = a.record.empty() ? a.resume : a.record;
  if (is_generic_record(j)) {
    // A position drawn on a board goes on on the board; any other game in the generic loop.
    const GameInfo* game = j.contains("game") && j.at("game").is_string()
                               ? find_game(j.at("game").get<std::string>())
                               : nullptr;
    if (j.contains("position") && game != nullptr && game->layout == "board")
      return resume_board_position_record(j, a, path);
    return resume_generic_play(j, a.resume, path, a.no_color, std::cin);
  }
  // A record in its game's own format: the game's loop, chosen by its layout.
  const std::string layout = game_named(j["game"]).layout;
  if (layout != "cards" && layout != "board")
    throw ExitError{2, fmt::format("{}: no loop of this program reads {}'s own record format",
                                   a.resume, j["game"].get<std::string>())};
  try {
    if (layout == "cards") {
      auto record = std::make_shared<generals::GameRecord>(generals::record_from_json(j, a.resume));
      const generals::GeneralsState reached = generals::replay_record(*record);
      if (reached.is_over())
        throw ExitError{2, fmt::format("{}: this game is over ({}): nothing to resume", a.resume,
                                       generals::result_text(record->result))};
      GeneralsPlayConfig c;
      c.options = record->options;
      c.seed = record->seed;
      c.controllers = record->players;
      const auto labels = resumed_labels({record->players.begin(), record->players.end()}, {});
      std::copy(labels.begin(), labels.end(), c.labels.begin());
      c.agent_seed = resumed_agent_seed({record->players.begin(), record->players.end()},
                                        record->seed, record->actions.size());
      c.record_path = path;
      c.style = make_style(a.no_color);
      c.resume = record;
      return play_generals(c, std::cin);
    }
    auto record = std::make_shared<warfare::GameRecord>(warfare::record_from_json(j, a.resume));
    const auto reached = warfare::replay_record(*record);
    if (reached->is_over())
      throw ExitError{2, fmt::format("{}: this game is over ({}): nothing to resume", a.resume,
                                     warfare::result_text(record->result))};
    PlayConfig c;
    c.setup = record->setup;
    c.controllers = record->players;
    std::vector<std::string> armies;
    for (const auto& army : record->setup.armies) armies.push_back(army.name);
    armies.resize(record->players.size());
    c.labels = resumed_labels(record->players, armies);
    c.agent_seed = resumed_agent_seed(record->players, record->setup.seed, record->actions.size());
    c.record_path = path;
    c.style = make_style(a.no_color);
    c.resume = record;
    return play_game(c, std::cin);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
}

/// `ancients play GAME` for a game with no drawing of its own: its options from the schema.
int play_generic_game(PlayArgs a, const CLI::App& cmd, const GameDescriptor& game) {
  if (cmd.count("--first") > 0)
    throw ExitError{2, fmt::format("--first: {} says who moves first in its options, if it "
                                   "lets you choose (`ancients games`)",
                                   game.name)};
  if (a.vs == "human" && (cmd.count("--side") > 0 || cmd.count("--agent") > 0))
    throw ExitError{2, "--side and --agent apply only to --vs computer"};
  if (cmd.count("--seed") == 0) a.seed = std::random_device{}();
  GenericPlayArgs g;
  g.game = &game;
  try {
    g.options = command_line_options(game, shorthands(a, cmd), a.rules, a.options);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  g.seed = a.seed;
  g.vs = a.vs;
  g.agent = a.agent;
  g.side = a.side;
  g.humans = a.humans;
  g.record_path = record_path(a);
  g.no_color = a.no_color;
  return run_generic_play(g, std::cin);
}

void setup_play(CLI::App& app) {
  static PlayArgs a;
  auto* cmd =
      app.add_subcommand("play", "Play a game in the terminal (Ancient Warfare by default)");
  cmd->add_option("--vs", a.vs, "Opponent: computer (default) or human (two players, one screen)")
      ->check(CLI::IsMember({"computer", "human"}));
  cmd->add_option(
      "--agent", a.agent, "The computer player (" + [] {
        std::string names;
        for (const auto& n : agent_names()) names += (names.empty() ? "" : ", ") + n;
        return names;
      }() + ")");
  cmd->add_option("--army1", a.army1,
                  "Side 1's army: a sample name or an army file (default: drawn)");
  cmd->add_option("--army2", a.army2,
                  "Side 2's army: a sample name or an army file (default: drawn)");
  cmd->add_option("--map", a.map, "A map file (default: a battlefield generated from the seed)");
  cmd->add_option("--seed", a.seed,
                  "Seed of the deck, the battlefield and the draws (default: random)");
  cmd->add_option("--first", a.first, "Which side is player 1 and moves first: random, 1 or 2")
      ->check(CLI::IsMember({"random", "1", "2"}));
  cmd->add_option("--side", a.side, "The side the human plays against the computer (1 or 2)")
      ->check(CLI::IsMember({1, 2}));
  cmd->add_option("--board", a.board, "Board size: 8 or 12")->check(CLI::IsMember({8, 12}));
  cmd->add_option("--turn-limit", a.turn_limit, "Turns before the game is a draw")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--edition", a.edition, "Rules edition")
      ->check(CLI::IsMember({"autokill", "retreat"}));
  cmd->add_flag("--defend-autokill", a.defend_autokill, "Defense cards may answer auto-kills");
  cmd->add_option("--rule", a.rules,
                  "Switch on a house rule (repeatable): pursuit, multi_move, ...");
  cmd->add_option("--options", a.options, "Options as KEY=VALUE,... (for example board=12)");
  cmd->add_option("--humans", a.humans,
                  "A multiplayer battle (--options contingents=true,players=A+D): the players "
                  "people play, one screen (for example 1,3); the computer plays the others")
      ->delimiter(',');
  cmd->add_option("--record", a.record, "The game record file (default: records/TIME-SEED.json)");
  cmd->add_option("--resume", a.resume,
                  "Go on with the unfinished game of this record (written on to it, or to "
                  "--record)");
  cmd->add_flag("--no-color", a.no_color,
                "No ANSI colours (also without a terminal or with NO_COLOR)");
  cmd->add_option("game", a.game, "The game: " + game_names() + " (default warfare)");
  cmd->callback([cmd] {
    if (!a.resume.empty()) {
      const int status = resume_play(a, *cmd);
      if (status != 0) throw ExitError{status, ""};
      return;
    }
    const GameDescriptor* game = nullptr;
    try {
      game = &game_named(a.game);
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
    if (game->layout != "board" && game->layout != "cards") {
      const int status = play_generic_game(a, *cmd, *game);
      if (status != 0) throw ExitError{status, ""};
      return;
    }
    if (game->layout == "cards") {
      for (const char* flag :
           {"--army1", "--army2", "--map", "--board", "--edition", "--defend-autokill"})
        if (cmd->count(flag) > 0) throw ExitError{2, std::string(flag) + " is for warfare only"};
      if (a.vs == "human" && (cmd->count("--side") > 0 || cmd->count("--agent") > 0))
        throw ExitError{2, "--side and --agent apply only to --vs computer"};
      PlayArgs g = a;
      if (cmd->count("--seed") == 0) g.seed = std::random_device{}();
      const int status = run_generals_play(
          {g.vs, g.agent, g.first, g.seed, g.side,
           cmd->count("--turn-limit") > 0 ? g.turn_limit : 300, record_path(g), g.no_color},
          std::cin);
      if (status != 0) throw ExitError{status, ""};
      return;
    }
    // With --humans the computer plays the other seats: --agent names it.
    const bool no_side_args =
        cmd->count("--side") == 0 && (cmd->count("--agent") == 0 || !a.humans.empty());
    const PlayConfig config = make_config(a, *cmd, no_side_args, *game);
    const int status = play_game(config, std::cin);
    if (status != 0) throw ExitError{status, ""};
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_play);
