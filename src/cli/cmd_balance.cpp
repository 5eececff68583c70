// `ancients balance`: the balance lab for designers. For Ancient Warfare it reads the edition,
// options, baseline army and agent from the command line and plans the experiments
// (tools/balance: unit swaps, card and deck changes, house rules, unit against unit); for
// Ancient Generals (`--game generals`) the card data and options, and plans the card experiment
// (tools/balance/generals_lab.h); for any game, `--experiments options` (the only experiment
// of a game without a lab of its own) measures what each of its options does
// (tools/balance/options_lab.h). It plays every cell's paired deals on all threads (and on all
// MPI ranks under mpirun: each rank plays its share and the outcomes meet on rank 0), then
// prints the rankings and writes JSON, CSV and an HTML report. The results are the same for
// any --threads and any number of ranks.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "agents/agent.h"
#include "cli/command.h"
#include "cli/game_options.h"
#include "cli/io.h"
#include "cli/mpi_ranks.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/registry.h"
#include "core/text_file.h"
#include "games/generals/cards.h"
#include "games/generals/descriptor.h"
#include "games/warfare/descriptor.h"
#include "tools/balance/options_lab.h"
#include "tools/balance/report.h"
#include "tools/balance/runner.h"

namespace ancients::cli {
namespace {

struct BalanceArgs {
  std::string game = "warfare", cards_file, only_cards, vary;
  std::string edition, rules_file, baseline, baseline_unit, agent = "random";
  std::string experiments = "units,cards,decks,rules,matrix";
  bool experiments_given = false;
  /// The Ancient Warfare flags given (refused for Ancient Generals), and --cards-file's
  /// opposite number.
  std::vector<std::string> warfare_flags;
  std::string json, csv, html, chart_js;
  std::vector<std::string> rules, options;
  int games = 100, matrix_games = 10, threads = 0;
  std::uint64_t seed = 1;
  bool progress = false;
};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

/// `text` as one shell word: quoted unless it holds only characters a shell leaves alone.
std::string shell_word(const std::string& text) {
  const bool plain = !text.empty() && text.find_first_not_of(
                                          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                          "0123456789_./:=,+-@%") == std::string::npos;
  if (plain) return text;
  std::string out = "'";
  for (const char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

/// " --flag VALUE" for the rerun command.
std::string flag(const char* name, const std::string& value) {
  return fmt::format(" {} {}", name, shell_word(value));
}

/// The command that plays the same games again (every choice spelled out, so that a change of
/// a default does not change what it plays; no output files, threads or progress, which do
/// not change the results).
std::string rerun_command(const BalanceArgs& a, const balance::Config& c,
                          const std::string& baseline_unit) {
  std::string out = "ancients balance" + flag("--edition", c.edition);
  for (const auto& o : a.options) out += flag("--options", o);
  for (const auto& r : a.rules) out += flag("--rule", r);
  if (!a.rules_file.empty()) out += flag("--rules-file", a.rules_file);
  out += flag("--baseline",
              a.baseline.empty() ? warfare::sample_armies(c.edition).front() : a.baseline);
  out += flag("--baseline-unit", baseline_unit) + flag("--agent", c.agent) +
         flag("--games", std::to_string(c.games)) +
         flag("--matrix-games", std::to_string(c.matrix_games)) +
         flag("--experiments", a.experiments) + flag("--seed", std::to_string(c.seed));
  return out;
}

std::string rerun_command(const BalanceArgs& a, const balance::GeneralsConfig& c) {
  std::string out = "ancients balance --game generals";
  if (!a.cards_file.empty()) out += flag("--cards-file", a.cards_file);
  if (!a.only_cards.empty()) out += flag("--cards", a.only_cards);
  for (const auto& o : a.options) out += flag("--options", o);
  return out + flag("--agent", c.agent) + flag("--games", std::to_string(c.games)) +
         flag("--seed", std::to_string(c.seed));
}

std::string rerun_command(const BalanceArgs& a, const balance::OptionsConfig& c) {
  std::string out = "ancients balance" + flag("--game", a.game) + flag("--experiments", "options");
  if (!a.edition.empty()) out += flag("--edition", a.edition);
  for (const auto& o : a.options) out += flag("--options", o);
  for (const auto& r : a.rules) out += flag("--rule", r);
  if (!a.vary.empty()) out += flag("--vary", a.vary);
  return out + flag("--agent", c.agent) + flag("--games", std::to_string(c.games)) +
         flag("--seed", std::to_string(c.seed));
}

/// Refuses, before any game is played, an output file that cannot be written where it is
/// asked: in a folder that does not exist, or a folder itself.
void check_output(const char* name, const std::string& path) {
  if (path.empty()) return;
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw BadInput(fmt::format("{} {}: is a folder, not a file", name, path));
  const fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) return;
  if (!fs::exists(folder, ec))
    throw BadInput(fmt::format("{} {}: the folder {} does not exist", name, path, folder.string()));
  if (!fs::is_directory(folder, ec))
    throw BadInput(fmt::format("{} {}: {} is not a folder", name, path, folder.string()));
}

void check_outputs(const BalanceArgs& a) {
  check_output("--json", a.json);
  check_output("--csv", a.csv);
  check_output("--html", a.html);
}

/// Reads a file a flag names with `read`, its errors prefixed with the flag ("--rules-file:
/// x.toml: no such file"); a missing file or a folder is told as such before `read` opens it.
template <typename Read>
auto read_flag_file(const char* name, const std::string& path, Read read) {
  try {
    read_text_file(path);
    return read(path);
  } catch (const BadInput& e) {
    throw BadInput(fmt::format("{}: {}", name, e.what()));
  }
}

/// The experiment as the command line asks; throws BadInput naming what is wrong.
balance::Config config_from(const BalanceArgs& a) {
  const GameDescriptor& game = game_named("warfare");
  nlohmann::json given = command_line_options(
      game, {{"--edition", "edition", a.edition, !a.edition.empty()}}, a.rules, a.options);
  for (const char* key : {"army1", "army2"})
    if (given.contains(key))
      throw BadInput(
          fmt::format("--options {}: the armies are the experiment's (--baseline)", key));
  const nlohmann::json resolved =
      resolve_options(game.options, given, OptionContext{true}, game.name);
  const warfare::GameSetup setup =
      warfare::setup_from_options(resolved, 1, OptionContext{true}, nullptr);
  balance::Config c;
  c.edition = setup.edition;
  c.options = setup.options;
  if (resolved.at("map") != "generated") c.map = setup.field;
  if (a.rules_file.empty()) {
    c.rules = warfare::ruleset_for(c.edition, c.options);
  } else {
    for (const auto& [rule, on] : {std::pair{"elephant_house", c.options.elephant_house},
                                   std::pair{"horde_house", c.options.horde_house}})
      if (on)
        throw BadInput(fmt::format(
            "--rules-file {}: the house rule {} changes the tables, and a rules file's "
            "tables are played as written (write the change into the file, or leave out "
            "--rules-file)",
            a.rules_file, rule));
    c.rules = read_flag_file("--rules-file", a.rules_file,
                             [](const std::string& p) { return warfare::load_ruleset(p); });
    c.custom_rules = true;
    if (c.rules->edition != c.edition)
      throw BadInput(fmt::format("--rules-file {} is of the {} edition, not {} (--edition)",
                                 a.rules_file, c.rules->edition, c.edition));
  }
  std::string baseline = a.baseline;
  if (baseline.empty()) {
    const auto samples = warfare::sample_armies(c.edition);
    if (samples.empty()) throw BadInput("--baseline: no sample armies of " + c.edition);
    baseline = samples.front();
  }
  try {
    c.baseline = warfare::find_army(baseline, *c.rules);
  } catch (const BadInput& e) {
    throw BadInput(fmt::format("--baseline: {}", e.what()));
  }
  c.baseline_unit = a.baseline_unit;
  make_agent(a.agent, 1);  // refuses an unknown agent
  c.agent = a.agent;
  c.games = a.games;
  c.matrix_games = a.matrix_games;
  c.seed = a.seed;
  c.experiments = split_list(a.experiments);
  return c;
}

std::string clock(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                   : fmt::format("{}:{:02}", s / 60, s % 60);
}

void print_ranking(const nlohmann::ordered_json& rows, const char* what) {
  if (rows.empty()) return;
  fmt::print("{:<34} {:>7}  {:<17} {:>6}\n", what, "score", "95% interval", "Elo");
  for (const auto& r : rows)
    fmt::print("{:<34} {:>6.1f}%  [{:5.1f}%, {:5.1f}%] {:>+6.0f}\n",
               r.at("label").get<std::string>(), 100 * r.at("score").get<double>(),
               100 * r.at("score_ci95")[0].get<double>(), 100 * r.at("score_ci95")[1].get<double>(),
               r.at("elo").get<double>());
  fmt::print("\n");
}

/// The Ancient Generals lab as the command line asks; throws BadInput naming what is wrong.
balance::GeneralsConfig generals_config_from(const BalanceArgs& a) {
  if (!a.warfare_flags.empty())
    throw BadInput(
        fmt::format("{}: an Ancient Warfare flag; Ancient Generals' lab measures its "
                    "cards (--cards-file, --options turn_limit=N)",
                    a.warfare_flags.front()));
  if (a.experiments_given && split_list(a.experiments) != std::vector<std::string>{"cards"})
    throw BadInput(fmt::format(
        "--experiments {}: Ancient Generals' lab has the cards experiment only", a.experiments));
  const GameDescriptor& game = game_named("generals");
  const nlohmann::json resolved = resolve_options(
      game.options, command_line_options(game, {}, {}, a.options), OptionContext{true}, game.name);
  balance::GeneralsConfig c;
  c.options = generals::options_from_json(resolved);
  c.cards = a.cards_file.empty() ? std::make_shared<generals::Cards>(generals::standard_cards())
                                 : std::make_shared<generals::Cards>(read_flag_file(
                                       "--cards-file", a.cards_file, [](const std::string& p) {
                                         return generals::load_cards(p);
                                       }));
  make_agent(a.agent, 1);  // refuses an unknown agent
  c.agent = a.agent;
  c.games = a.games;
  c.seed = a.seed;
  c.only = split_list(a.only_cards);
  c.command = rerun_command(a, c);
  return c;
}

/// Chart.js's script for the HTML report, or "" (the report loads it from its CDN).
std::string chart_js_for(const BalanceArgs& a) {
  if (a.html.empty() || !world().root()) return "";
  const std::string path = a.chart_js.empty()
                               ? data_dir() + "/../web/node_modules/chart.js/dist/chart.umd.min.js"
                               : a.chart_js;
  std::ifstream in(path, std::ios::binary);
  if (in) {
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  if (!a.chart_js.empty())
    throw ExitError{2, fmt::format("--chartjs {}: cannot read the file", a.chart_js)};
  fmt::print(stderr,
             "note: Chart.js not found at {} (run npm install in web/ or give --chartjs): "
             "the report loads it from its CDN\n",
             path);
  return "";
}

/// What play_plan() measured (on rank 0; the other ranks get nothing).
struct Played {
  std::vector<balance::CellStats> stats;
  double seconds = 0;
  int threads = 1;
};

/// Plays this rank's share of the plan's games with `play`, with a progress bar, and gathers
/// every cell's statistics on rank 0.
std::optional<Played> play_plan(const BalanceArgs& a, const balance::Plan& plan,
                                const balance::PlayOne& play) {
  const Ranks ranks = world();
  Played out;
  out.threads = a.threads > 0 ? a.threads : default_threads();
  std::vector<std::size_t> mine;
  for (std::size_t i = static_cast<std::size_t>(ranks.rank); i < plan.games;
       i += static_cast<std::size_t>(ranks.size))
    mine.push_back(i);
  const bool show = ranks.root() && (a.progress || isatty(STDERR_FILENO) != 0);
  const auto t0 = std::chrono::steady_clock::now();
  const auto progress = [&](std::size_t done) {
    constexpr std::size_t kWidth = 30;
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::size_t total = mine.size();
    const std::size_t filled = total == 0 ? kWidth : done * kWidth / total;
    const std::string left =
        done == 0 ? "?"
                  : clock(spent * static_cast<double>(total - done) / static_cast<double>(done));
    fmt::print(stderr, "\r[{}{}] {}/{} games{}  {:.0f} games/s  time left {}   ",
               std::string(filled, '#'), std::string(kWidth - filled, '.'), done, total,
               ranks.size > 1 ? fmt::format(" (rank 0 of {})", ranks.size) : "",
               spent > 0 ? static_cast<double>(done) / spent : 0.0, left);
    std::fflush(stderr);
  };
  std::vector<balance::GameOutcome> outcomes(plan.games);
  std::string error;
  try {
    balance::play_games(play, mine, out.threads, outcomes,
                        show ? std::function<void(std::size_t)>(progress) : nullptr);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (show) fmt::print(stderr, "\n");
  if (any_rank(!error.empty()))
    throw ExitError{
        1, "balance stopped: " + (error.empty() ? "a game failed on another rank" : error)};
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // Outcomes meet on rank 0: each game was played by one rank, the others hold zeros.
  std::vector<std::int64_t> packed(2 * plan.games, 0);
  for (const auto i : mine) {
    packed[2 * i] = outcomes[i].winner + 1;
    packed[2 * i + 1] = outcomes[i].turns;
  }
  sum_on_root(packed);
  if (!ranks.root()) return std::nullopt;
  for (std::size_t i = 0; i < plan.games; ++i) {
    outcomes[i].winner = static_cast<int>(packed[2 * i]) - 1;
    outcomes[i].turns = static_cast<int>(packed[2 * i + 1]);
    outcomes[i].tested_seat = (i - balance::cell_of(plan, i).first_game) % 2 == 0 ? 1 : 2;
  }
  out.stats = balance::plan_stats(plan, outcomes);
  return out;
}

/// Writes the files asked for.
void write_results(const BalanceArgs& a, const nlohmann::ordered_json& results,
                   const balance::Plan& plan, const Played& played, const std::string& chart_js) {
  if (!a.json.empty()) write_file_atomic(a.json, results.dump(2) + "\n");
  if (!a.csv.empty()) write_file_atomic(a.csv, balance::results_csv(plan, played.stats));
  if (!a.html.empty()) write_file_atomic(a.html, balance::results_html(results, chart_js));
}

/// How fast it played, the command that plays it again and the games skipped, if any.
void print_speed(const balance::Plan& plan, const Played& played, const std::string& command,
                 int games_per_cell) {
  fmt::print("{} games in {} cells, {:.1f} s on {} rank(s) x {} thread(s): {:.0f} games/s\n",
             plan.games, plan.cells.size(), played.seconds, world().size, played.threads,
             played.seconds > 0 ? static_cast<double>(plan.games) / played.seconds : 0.0);
  fmt::print("rerun: {}\n", command);
  if (games_per_cell < balance::kFewGames)
    fmt::print(
        "note: only {} deal{} per cell: intervals from so few deals are too narrow to trust; play "
        "--games {} or more\n",
        (games_per_cell + 1) / 2, games_per_cell <= 2 ? "" : "s", balance::kFewGames);
  int skipped = 0;
  for (const auto& s : played.stats) skipped += s.skipped;
  if (skipped > 0)
    fmt::print(
        "{} games skipped: no battlefield of their deal fitted both armies (each cell's "
        "\"skipped\" in the files)\n",
        skipped);
  fmt::print("\n");
}

/// The changes' effects, after the baseline's own figures that they change.
void print_effects(const nlohmann::ordered_json& results) {
  std::size_t width = 34;  // the labels' column, as wide as the longest label
  for (const auto& e : results.at("effects"))
    width = std::max(width, e.at("label").get<std::string>().size());
  for (const auto& c : results.at("cells"))
    if (c.at("experiment") == "baseline" && !results.at("effects").empty())
      fmt::print("{:<{}} draws {:5.1f}%  turns {:6.1f}  first seat {:5.1f}%\n",
                 "baseline (as played)", width, 100 * c.at("draw_rate").get<double>(),
                 c.at("mean_turns").get<double>(), 100 * c.at("seat1_score").get<double>());
  for (const auto& e : results.at("effects"))
    fmt::print("{:<{}} draws {:+5.1f}%  turns {:+6.1f}  first seat {:5.1f}%\n",
               e.at("label").get<std::string>(), width,
               100 * e.at("draw_rate_change").get<double>(),
               e.at("mean_turns_change").get<double>(), 100 * e.at("seat1_score").get<double>());
}

void run_generals_balance(const BalanceArgs& a) {
  balance::GeneralsConfig config;
  balance::Plan plan;
  try {
    config = generals_config_from(a);
    plan = balance::make_generals_plan(config);
    check_outputs(a);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  const std::string chart_js = chart_js_for(a);
  const auto played = play_plan(
      a, plan, [&](std::size_t index) { return balance::play_generals_game(config, plan, index); });
  if (!played) return;
  const auto results = balance::generals_results_json(config, plan, played->stats);
  write_results(a, results, plan, *played, chart_js);
  fmt::print("Balance of Ancient Generals, cards of {} ({}), agent {}, seed {}\n",
             results.at("cards_data").get<std::string>(), config.cards->title, config.agent,
             config.seed);
  print_speed(plan, *played, config.command, config.games);
  print_ranking(results.at("cards"), "card (in place of a dealt card)");
}

/// The options experiment as the command line asks; throws BadInput naming what is wrong.
balance::OptionsConfig options_config_from(const BalanceArgs& a, const GameDescriptor& game) {
  std::vector<std::string> foreign;  // the other experiments' flags given
  for (const auto& f : a.warfare_flags)
    if (f != "--edition" && f != "--rule") foreign.push_back(f);
  if (!a.only_cards.empty()) foreign.emplace_back("--cards");
  if (!a.cards_file.empty()) foreign.emplace_back("--cards-file");
  if (!foreign.empty())
    throw BadInput(
        fmt::format("{}: not a flag of the options experiment, which varies the "
                    "game's options (--options, --rule, --vary)",
                    foreign.front()));
  balance::OptionsConfig c;
  c.game = game.name;
  c.options = command_line_options(game, {{"--edition", "edition", a.edition, !a.edition.empty()}},
                                   a.rules, a.options);
  make_agent(a.agent, 1);  // refuses an unknown agent
  c.agent = a.agent;
  c.games = a.games;
  c.seed = a.seed;
  c.only = split_list(a.vary);
  c.command = rerun_command(a, c);
  return c;
}

void run_options_balance(const BalanceArgs& a, const GameDescriptor& game) {
  balance::OptionsConfig config;
  balance::OptionsPlan lab;
  try {
    config = options_config_from(a, game);
    lab = balance::make_options_plan(config);
    check_outputs(a);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  const std::string chart_js = chart_js_for(a);
  const auto played = play_plan(a, lab.plan, [&](std::size_t index) {
    return balance::play_options_game(config, lab, index);
  });
  if (!played) return;
  const auto results = balance::options_results_json(config, lab, played->stats);
  write_results(a, results, lab.plan, *played, chart_js);
  fmt::print("Balance of the options of {}, agent {}, seed {}\n",
             results.at("title").get<std::string>(), config.agent, config.seed);
  print_speed(lab.plan, *played, config.command, config.games);
  print_effects(results);
  for (const auto& why : lab.left_out) fmt::print("not varied: {}\n", why);
}

/// The games with a lab of their own, written for their rules data (units and cards); every
/// game has the options experiment.
bool has_own_lab(const GameDescriptor& game) {
  return game.short_name == "warfare" || game.short_name == "generals";
}

void run_balance(const BalanceArgs& a) {
  const GameDescriptor* game = nullptr;
  try {
    game = &game_named(a.game);
    const auto experiments = split_list(a.experiments);
    const bool options =
        std::find(experiments.begin(), experiments.end(), "options") != experiments.end();
    if (options && experiments.size() > 1)
      throw BadInput(
          fmt::format("--experiments {}: options runs on its own (a report of its "
                      "own); list it alone",
                      a.experiments));
    if (!has_own_lab(*game) && a.experiments_given && !options)
      throw BadInput(fmt::format("--experiments {}: {} has the options experiment only",
                                 a.experiments, game->name));
    if (options || !has_own_lab(*game)) {
      run_options_balance(a, *game);
      return;
    }
    if (!a.vary.empty()) throw BadInput("--vary: the options experiment's (--experiments options)");
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  if (game->short_name == "generals") {
    run_generals_balance(a);
    return;
  }
  balance::Config config;
  balance::Plan plan;
  try {
    if (!a.cards_file.empty() || !a.only_cards.empty())
      throw BadInput(
          fmt::format("{}: Ancient Generals' cards (--game generals); Ancient "
                      "Warfare's tables come with --rules-file",
                      a.cards_file.empty() ? "--cards" : "--cards-file"));
    config = config_from(a);
    plan = balance::make_plan(config);
    config.command = rerun_command(a, config, plan.baseline_unit);
    check_outputs(a);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  const std::string chart_js = chart_js_for(a);
  const auto played = play_plan(
      a, plan, [&](std::size_t index) { return balance::play_game(config, plan, index); });
  if (!played) return;
  const auto results = balance::results_json(config, plan, played->stats);
  write_results(a, results, plan, *played, chart_js);
  fmt::print("Balance of {} ({}), agent {}, baseline {} (swapping one {}), seed {}\n",
             config.edition, config.rules->title, config.agent, config.baseline.name,
             plan.baseline_unit, config.seed);
  print_speed(plan, *played, config.command, config.games);
  print_ranking(results.at("units"), "unit (swapped in)");
  print_ranking(results.at("cards"), "card (one more in hand)");
  // The changes' effects, after the baseline's own figures that they change.
  print_effects(results);
}

void setup_balance(CLI::App& app) {
  static BalanceArgs a;
  auto* cmd = app.add_subcommand("balance",
                                 "The balance lab: what each unit, card and house rule of Ancient "
                                 "Warfare, and each card of Ancient Generals, is worth");
  cmd->add_option("--game", a.game,
                  "Which game (" + game_names() +
                      "; default warfare): a game without a lab of its own has the options "
                      "experiment");
  cmd->add_option("--cards-file", a.cards_file,
                  "Ancient Generals: play with the cards of this file (a copy of "
                  "data/generals/cards.toml)");
  cmd->add_option("--cards", a.only_cards,
                  "Ancient Generals: measure only these cards, comma-separated (default: every "
                  "card of the deck)");
  cmd->add_option("--edition", a.edition, "Rules edition (the option edition)");
  cmd->add_option("--options", a.options, "Options as KEY=VALUE,... (see `ancients games`)");
  cmd->add_option("--rule", a.rules, "Switch on a house rule (repeatable)");
  cmd->add_option("--rules-file", a.rules_file,
                  "Play with the tables of this rules file (a copy of data/warfare/EDITION.toml)");
  cmd->add_option("--baseline", a.baseline,
                  "The baseline army: a sample army name or an army file (default: the "
                  "edition's first sample army)");
  cmd->add_option("--baseline-unit", a.baseline_unit,
                  "The unit type swapped out (default: the baseline's most common type)");
  std::string names;
  for (const auto& n : agent_names()) names += (names.empty() ? "" : ", ") + n;
  cmd->add_option("--agent", a.agent, "The agent of both sides (" + names + ")");
  cmd->add_option("--games", a.games, "Games per cell (pairs of one deal, seats swapped)")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option("--matrix-games", a.matrix_games,
                  "Games per unit-vs-unit cell (0: no unit-vs-unit grid)")
      ->check(CLI::Range(0, 100000000));
  cmd->add_option("--experiments", a.experiments,
                  "Which experiments, comma-separated: units, cards, decks, rules, matrix "
                  "(Ancient Generals: cards); or options alone (any game: what each option "
                  "does)");
  cmd->add_option("--vary", a.vary,
                  "The options experiment: vary only these options, comma-separated (default: "
                  "every option but armies, maps and multiplayer ones)");
  cmd->add_option("--threads", a.threads,
                  "Threads per rank (default: the cores, shared among the ranks on the machine)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--seed", a.seed, "Seed of the deals and the agents");
  cmd->add_option("--json", a.json, "Write the results as JSON to this file");
  cmd->add_option("--csv", a.csv, "Write one CSV row per cell to this file");
  cmd->add_option("--html", a.html, "Write an HTML report with plots to this file");
  cmd->add_option("--chartjs", a.chart_js,
                  "Chart.js's chart.umd.min.js to embed in the report (default: from "
                  "web/node_modules)");
  cmd->add_flag("--progress", a.progress, "Show the progress bar even when stderr is no terminal");
  cmd->callback([cmd] {
    a.warfare_flags.clear();
    for (const char* flag :
         {"--edition", "--rule", "--rules-file", "--baseline", "--baseline-unit", "--matrix-games"})
      if (cmd->get_option(flag)->count() > 0) a.warfare_flags.emplace_back(flag);
    a.experiments_given = cmd->get_option("--experiments")->count() > 0;
    try {
      run_balance(a);
    } catch (ExitError& e) {
      if (!world().root()) e.message.clear();  // one message from rank 0, not one per rank
      throw;
    }
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_balance);
