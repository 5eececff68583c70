// `ancients tournament`: two agents play N games on all cores. Games come in pairings: both
// games of a pairing play the same deal (seed), with the seats swapped, so neither agent gains
// from the deal or from moving first. Each game's deal and agent seeds derive from --seed and
// the game's index only, so the results are the same whatever --threads. Prints wins, draws
// and losses with 95% intervals (per game, and by pairing: the pairings are the independent
// units), each agent's time per decision and the Elo difference (or one JSON object with
// --json);
// writes per-game results as JSON lines (--results; as each game ends, so an interrupted run can
// go on with --resume: tournament_results.h) and game records (--records). Any registered game
// plays, built by its factory from --options, --rule and --armies (army1, army2). Progress goes
// to standard error: a bar on a terminal, else a line a minute.
// Under mpirun (cli/mpi_ranks.h) each rank plays games i with i % ranks == rank, writes their
// records, and the results meet on rank 0, which alone prints: the same output for any number
// of ranks.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "agents/agent.h"
#include "cli/command.h"
#include "cli/game_options.h"
#include "cli/io.h"
#include "cli/mpi_ranks.h"
#include "cli/tournament_game.h"
#include "cli/tournament_results.h"
#include "cli/tournament_stats.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

struct TournamentArgs {
  std::string agents, game = "warfare", armies, results, records;
  int games = 100;
  int threads = 0;
  double time = 0;  ///< > 0: seconds per decision for every ismcts agent
  std::uint64_t seed = 1;
  bool as_json = false;
  bool resume = false;  ///< read the finished games of --results back instead of playing them
  std::vector<std::string> rules, options;  ///< --rule NAME, --options K=V,...
};

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const auto comma = text.find(',', start);
    out.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// Game i of the tournament: pairing i / 2, agent A in seat 1 when i is even.
TournamentGame game_at(const TournamentArgs& a, const std::array<std::string, 2>& specs,
                       const nlohmann::json& options, int i, bool keep_record) {
  TournamentGame g;
  g.game = a.game;
  g.options = options;
  const auto pairing = static_cast<std::uint64_t>(i / 2);
  g.seed = mix(a.seed * 1000003ULL + pairing) % 1000000000000ULL + 1;
  g.agent_seed = mix(g.seed ^ static_cast<std::uint64_t>(i));
  g.players = i % 2 == 0 ? specs : std::array<std::string, 2>{specs[1], specs[0]};
  g.keep_record = keep_record;
  return g;
}

void progress(int done, int total, const MatchStats& s, const std::string& a) {
  constexpr int kWidth = 30;
  const int filled = total == 0 ? kWidth : done * kWidth / total;
  fmt::print(stderr, "\r[{}{}] {}/{} games  {}: {}-{}-{}  ", std::string(filled, '#'),
             std::string(kWidth - filled, '.'), done, total, a, s.wins, s.draws, s.losses);
  std::fflush(stderr);
}

std::string percent(double x) {
  return fmt::format("{:.1f}%", 100 * x);
}

/// An agent's decisions over a tournament and the wall-clock time they took.
struct ThinkTime {
  std::uint64_t decisions = 0;
  double seconds = 0;
  double per_decision() const {
    return decisions == 0 ? 0.0 : seconds / static_cast<double>(decisions);
  }
  std::string text() const {
    const double t = per_decision();
    return fmt::format("{} ({} decision{})",
                       t >= 1 ? fmt::format("{:.2f} s", t) : fmt::format("{:.3g} ms", 1000 * t),
                       decisions, decisions == 1 ? "" : "s");
  }
};

void run_tournament(const TournamentArgs& a) {
  const Ranks ranks = world();
  const auto spec_list = split(a.agents);
  if (spec_list.size() != 2 || spec_list[0].empty() || spec_list[1].empty())
    throw ExitError{2, "--agents: give two agents, as A,B (e.g. ismcts:easy,random)"};
  std::array<std::string, 2> specs{spec_list[0], spec_list[1]};
  if (a.time > 0)
    for (auto& s : specs)
      for (const std::string search : {"ismcts", "pimc"})
        if (s == search || s.starts_with(search + ":")) s = fmt::format("{}:{}s", search, a.time);
  std::vector<std::string> armies;
  if (!a.armies.empty()) {
    armies = split(a.armies);
    if (armies.size() > 2) throw ExitError{2, "--armies: one army for both sides, or A,B"};
  }
  nlohmann::json options;
  // Refuse a bad game, options, agents and armies before starting any thread.
  try {
    const GameDescriptor& game = game_named(a.game);
    options = command_line_options(
        game,
        {{"--armies", "army1", armies.empty() ? "" : armies.front(), !armies.empty()},
         {"--armies", "army2", armies.empty() ? "" : armies.back(), !armies.empty()}},
        a.rules, a.options);
    if (!a.records.empty() && !game.record)
      fmt::print(stderr, "note: {} writes no game records\n", game.name);
    for (const auto& s : specs) make_agent(s, 1);
    create_game(game.name, options, game_at(a, specs, options, 0, false).seed, OptionContext{true});
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  if (!a.records.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.records, ec);
    if (ec) throw ExitError{1, fmt::format("{}: cannot create ({})", a.records, ec.message())};
  }
  const int threads = a.threads > 0 ? a.threads : default_threads();
  std::vector<TournamentResult> results(static_cast<std::size_t>(a.games));
  std::vector<TournamentGame> setups(static_cast<std::size_t>(a.games));
  // Games already played (--resume): read back from the partial file of an interrupted run,
  // else from a finished results file (a tournament given more games), and written at once
  // to the partial file, which the games played now are appended to.
  std::vector<bool> finished(static_cast<std::size_t>(a.games), false);
  const std::string partial = a.results.empty() ? "" : a.results + ".partial";
  std::ofstream partial_out;
  if (a.resume) {
    if (a.results.empty())
      throw ExitError{2, "--resume needs --results FILE: the games it reads back"};
    if (ranks.size > 1) throw ExitError{2, "--resume runs on one machine: run it without mpirun"};
    std::vector<TournamentGame> expected(static_cast<std::size_t>(a.games));
    for (int i = 0; i < a.games; ++i)
      expected[static_cast<std::size_t>(i)] = game_at(a, specs, options, i, false);
    const std::string from = std::filesystem::exists(partial) ? partial : a.results;
    std::string lines;
    int count = 0;
    for (auto& f : read_finished_games(from, a.games, expected)) {
      const auto idx = static_cast<std::size_t>(f.index);
      setups[idx] = expected[idx];
      results[idx] = std::move(f.result);
      finished[idx] = true;
      lines += result_line(f.index, setups[idx], results[idx]).dump() + "\n";
      ++count;
    }
    write_file_atomic(partial, lines);
    fmt::print(stderr, "resumed {} finished game{} from {}\n", count, count == 1 ? "" : "s", from);
  }
  if (!a.results.empty() && ranks.size == 1) {
    if (!a.resume && std::filesystem::exists(partial))
      throw ExitError{2, fmt::format("{} holds the games of an interrupted run: add --resume to "
                                     "go on with them, or remove it to start again",
                                     partial)};
    partial_out.open(partial, std::ios::app);
    if (!partial_out) throw ExitError{1, fmt::format("{}: cannot write", partial)};
  }
  // This rank's games still to play: rank, rank + ranks, ... (all of them with one rank).
  std::vector<int> todo;
  for (int i = ranks.rank; i < a.games; i += ranks.size)
    if (!finished[static_cast<std::size_t>(i)]) todo.push_back(i);
  const int own = static_cast<int>(todo.size());
  std::atomic<int> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::string error;
  MatchStats live;
  int done = 0;
  const auto worker = [&] {
    for (;;) {
      const int k = next.fetch_add(1);
      if (k >= own || failed) return;
      const int i = todo[static_cast<std::size_t>(k)];
      const auto idx = static_cast<std::size_t>(i);
      setups[idx] = game_at(a, specs, options, i, !a.records.empty());
      try {
        results[idx] = play_tournament_game(setups[idx]);
        // Its record at once, so that an interrupted run keeps the records of its games.
        if (auto& record = results[idx].record) {
          write_file_atomic(fmt::format("{}/game-{:05}.json", a.records, i + 1), record->dump(2));
          record.reset();
        }
      } catch (const std::exception& e) {
        std::lock_guard lock(mutex);
        failed = true;
        error = e.what();
        return;
      } catch (const ExitError& e) {
        std::lock_guard lock(mutex);
        failed = true;
        error = e.message;
        return;
      }
      std::lock_guard lock(mutex);
      if (partial_out.is_open())
        partial_out << result_line(i, setups[idx], results[idx]).dump() << '\n' << std::flush;
      const int w = results[idx].winner;
      const int a_seat = i % 2 == 0 ? 1 : 2;
      if (w == a_seat)
        ++live.wins;
      else if (w == 3 - a_seat)
        ++live.losses;
      else
        ++live.draws;
      ++done;
    }
  };
  const bool bar = ranks.root() && isatty(STDERR_FILENO) != 0;
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < std::min(threads, own); ++t) pool.emplace_back(worker);
  if (ranks.root()) {
    auto next_line = t0 + std::chrono::minutes(1);
    for (;;) {
      int d;
      MatchStats s;
      {
        std::lock_guard lock(mutex);
        d = done;
        s = live;
      }
      if (d >= own || failed) break;
      if (bar) {
        progress(d, own, s, specs[0]);
      } else if (const auto now = std::chrono::steady_clock::now(); now >= next_line) {
        // Not a terminal (a log file): a line a minute.
        const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(now - t0).count();
        fmt::print(stderr, "{} min: {}/{} games, {}: {}-{}-{}\n", minutes, d, own, specs[0], s.wins,
                   s.draws, s.losses);
        std::fflush(stderr);
        next_line += std::chrono::minutes(1);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    if (bar) {
      progress(own, own, live, specs[0]);
      fmt::print(stderr, "\n");
    }
  }
  for (auto& t : pool) t.join();
  if (any_rank(failed))
    throw ExitError{1, "tournament stopped: " +
                           (failed ? error : std::string("a game failed on another rank"))};
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // Every rank wrote the records of its own games as they ended; the results meet on rank 0.
  if (ranks.size > 1) {
    std::vector<std::int64_t> counts(5 * static_cast<std::size_t>(a.games), 0);
    std::vector<double> times(3 * static_cast<std::size_t>(a.games), 0);
    for (int i = ranks.rank; i < a.games; i += ranks.size) {
      const auto idx = static_cast<std::size_t>(i);
      counts[5 * idx] = results[idx].winner + 1;
      counts[5 * idx + 1] = results[idx].turns;
      counts[5 * idx + 2] = static_cast<std::int64_t>(results[idx].actions);
      counts[5 * idx + 3] = static_cast<std::int64_t>(results[idx].decisions[0]);
      counts[5 * idx + 4] = static_cast<std::int64_t>(results[idx].decisions[1]);
      times[3 * idx] = results[idx].seconds;
      times[3 * idx + 1] = results[idx].think_seconds[0];
      times[3 * idx + 2] = results[idx].think_seconds[1];
    }
    sum_on_root(counts);
    sum_on_root(times);
    if (!ranks.root()) return;
    for (int i = 0; i < a.games; ++i) {
      const auto idx = static_cast<std::size_t>(i);
      auto& r = results[idx];
      r.winner = static_cast<int>(counts[5 * idx]) - 1;
      r.turns = static_cast<int>(counts[5 * idx + 1]);
      r.actions = static_cast<std::uint64_t>(counts[5 * idx + 2]);
      r.decisions = {static_cast<std::uint64_t>(counts[5 * idx + 3]),
                     static_cast<std::uint64_t>(counts[5 * idx + 4])};
      r.seconds = times[3 * idx];
      r.think_seconds = {times[3 * idx + 1], times[3 * idx + 2]};
      if (i % ranks.size != ranks.rank) {
        setups[idx] = game_at(a, specs, options, i, false);
        // The side names of another rank's game: its deal rebuilt (cheap, no play).
        if (!a.results.empty())
          r.armies = create_game(a.game, options, setups[idx].seed, OptionContext{true}).side_names;
      }
    }
  }

  // Tallies (in game order, so the output does not depend on the threads), and A's points in
  // each complete pairing (games 2k and 2k + 1: one deal, seats swapped).
  std::array<MatchStats, 2> stats;
  std::array<ThinkTime, 2> think;  // A's and B's decisions and the time they took
  std::string lines;
  double pairing_points = 0;  // A's points in the pairing so far
  for (int i = 0; i < a.games; ++i) {
    const auto& r = results[static_cast<std::size_t>(i)];
    const auto& g = setups[static_cast<std::size_t>(i)];
    const int a_seat = i % 2 == 0 ? 1 : 2;
    for (std::size_t side = 0; side < 2; ++side) {
      ThinkTime& t = think[side == static_cast<std::size_t>(a_seat - 1) ? 0 : 1];
      t.decisions += r.decisions[side];
      t.seconds += r.think_seconds[side];
    }
    if (r.winner == a_seat) {
      ++stats[0].wins;
      ++stats[1].losses;
      pairing_points += 1;
    } else if (r.winner == 3 - a_seat) {
      ++stats[0].losses;
      ++stats[1].wins;
    } else {
      ++stats[0].draws;
      ++stats[1].draws;
      pairing_points += 0.5;
    }
    if (i % 2 == 1) {
      stats[0].add_pairing(pairing_points);
      pairing_points = 0;
    }
    lines += result_line(i, g, r).dump() + "\n";
  }
  if (!a.results.empty()) {
    write_file_atomic(a.results, lines);
    partial_out.close();
    std::error_code ec;
    std::filesystem::remove(partial, ec);  // everything is in the results file now
  }

  std::array<std::string, 2> names = specs;
  if (names[0] == names[1]) names = {specs[0] + "#1", specs[1] + "#2"};
  const double elo = elo_difference(stats[0].score());
  const auto sci = stats[0].score_ci95();
  const std::array<double, 2> elo_ci{elo_difference(sci[0]), elo_difference(sci[1])};
  const auto pci = stats[0].pairing_score_ci95();
  const std::array<double, 2> pairing_elo_ci{elo_difference(pci[0]), elo_difference(pci[1])};
  const auto& pa = stats[0].pairings;  // by A's points: pa[4] won both, pa[0] lost both
  const int neither = pa[1] + pa[2] + pa[3];
  if (a.as_json) {
    nlohmann::ordered_json j = {{"game", a.game},
                                {"games", a.games},
                                {"seed", a.seed},
                                {"threads", threads},
                                {"seconds", seconds}};
    if (ranks.size > 1) j["ranks"] = ranks.size;
    nlohmann::ordered_json per = nlohmann::ordered_json::object();
    for (int k = 0; k < 2; ++k) {
      const auto& s = stats[static_cast<std::size_t>(k)];
      const auto ci = s.win_rate_ci95();
      const ThinkTime& t = think[static_cast<std::size_t>(k)];
      per[names[static_cast<std::size_t>(k)]] = {
          {"wins", s.wins},           {"draws", s.draws},
          {"losses", s.losses},       {"win_rate", s.win_rate()},
          {"ci95", {ci[0], ci[1]}},   {"score", s.score()},
          {"decisions", t.decisions}, {"seconds_per_decision", t.per_decision()}};
    }
    j["agents"] = per;
    j["elo"] = {{"difference", elo},
                {"ci95", {elo_ci[0], elo_ci[1]}},
                {"of", names[0]},
                {"over", names[1]}};
    // By pairing: A's score and its interval with the pairings as the units (see
    // MatchStats::pairing_score_ci95), and how the pairings fell.
    j["pairings"] = {{"count", stats[0].pairing_count()},
                     {"score", stats[0].pairing_score()},
                     {"ci95", {pci[0], pci[1]}},
                     {"elo_ci95", {pairing_elo_ci[0], pairing_elo_ci[1]}},
                     {"won_both", pa[4]},
                     {"lost_both", pa[0]},
                     {"neither", neither},
                     {"of", names[0]}};
    fmt::print("{}\n", j.dump());
    return;
  }
  fmt::print(
      "{} vs {}: {} games of {} ({} pairings, seats swapped), seed {}, {}{} threads, {:.1f} s\n",
      names[0], names[1], a.games, a.game, (a.games + 1) / 2, a.seed,
      ranks.size > 1 ? fmt::format("{} ranks x ", ranks.size) : "", threads, seconds);
  fmt::print("{:<18} {:>6} {:>6} {:>6}  {:>8}  {:<17}\n", "agent", "wins", "draws", "losses",
             "win rate", "95% CI");
  for (int k = 0; k < 2; ++k) {
    const auto& s = stats[static_cast<std::size_t>(k)];
    const auto ci = s.win_rate_ci95();
    fmt::print("{:<18} {:>6} {:>6} {:>6}  {:>8}  [{}, {}]\n", names[static_cast<std::size_t>(k)],
               s.wins, s.draws, s.losses, percent(s.win_rate()), percent(ci[0]), percent(ci[1]));
  }
  fmt::print("Time per decision: {} {}, {} {}\n", names[0], think[0].text(), names[1],
             think[1].text());
  fmt::print("Elo difference ({} over {}): {:+.0f} (95% CI {:+.0f} to {:+.0f}; score {})\n",
             names[0], names[1], elo, elo_ci[0], elo_ci[1], percent(stats[0].score()));
  if (stats[0].pairing_count() >= 2) {
    fmt::print(
        "By pairing ({} pairings: {} won both, {} lost both, {} neither): score {}, 95% CI [{}, "
        "{}], Elo {:+.0f} to {:+.0f}\n",
        stats[0].pairing_count(), pa[4], pa[0], neither, percent(stats[0].pairing_score()),
        percent(pci[0]), percent(pci[1]), pairing_elo_ci[0], pairing_elo_ci[1]);
  }
}

void setup_tournament(CLI::App& app) {
  static TournamentArgs a;
  auto* cmd = app.add_subcommand("tournament", "Play two agents against each other, many games");
  std::string names;
  for (const auto& n : agent_names()) names += (names.empty() ? "" : ", ") + n;
  cmd->add_option("--agents", a.agents, "The two agents, A,B (" + names + ")")->required();
  cmd->add_option("--game", a.game, "Which game (" + game_names() + ")");
  cmd->add_option("--games", a.games, "Number of games (pairings of two, seats swapped)")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--armies", a.armies,
                  "Armies (the options army1, army2): one for both sides or A,B for players 1 "
                  "and 2 (default: drawn by each deal's seed)");
  cmd->add_option("--rule", a.rules,
                  "Switch on a house rule (repeatable): pursuit, multi_move, ...");
  cmd->add_option("--options", a.options, "Options as KEY=VALUE,... (see `ancients games`)");
  cmd->add_option("--threads", a.threads,
                  "Threads (default: all cores; under mpirun shared among the ranks on a machine)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--seed", a.seed, "Seed of the deals and the agents");
  cmd->add_option(
         "--time", a.time,
         "Seconds per decision for every ismcts and pimc agent instead of its level's iteration "
         "budget (results then depend on the machine)")
      ->check(CLI::Range(0.001, 3600.0));
  cmd->add_flag("--json", a.as_json, "Print one JSON object");
  cmd->add_option("--results", a.results,
                  "Write per-game results to this file (JSON lines; FILE.partial holds those of "
                  "the games ended so far while the tournament runs)");
  cmd->add_flag("--resume", a.resume,
                "Do not play again the games in --results FILE.partial (an interrupted run) or "
                "FILE (a finished one, given more --games); the other arguments must be the same");
  cmd->add_option("--records", a.records, "Keep every game record in this folder");
  cmd->callback([] {
    try {
      run_tournament(a);
    } catch (ExitError& e) {
      if (!world().root()) e.message.clear();  // one message from rank 0, not one per rank
      throw;
    }
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_tournament);
