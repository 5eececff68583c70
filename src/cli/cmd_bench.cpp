// `ancients bench`: random games from a fixed seed on one thread; prints games and actions
// per second (legal-action generation included) and a deterministic signature of the final
// positions, like Stockfish's bench node count. Any registered game with a bench (its
// descriptor's hook) can be measured, with its options (--options, --rule and shorthands, as
// for `ancients new`); the search part builds its positions by the factory.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/bench_search.h"
#include "cli/command.h"
#include "cli/game_options.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

void setup_bench(CLI::App& app) {
  static int games = 2000;
  static std::uint64_t seed = 20261121;
  static bool as_json = false;
  static std::string game = "warfare";
  static std::uint64_t search_iterations = 20000;
  static int variant_games = 0;
  static int guided_rollout = -1;
  static std::string edition, board;
  static std::vector<std::string> rules, options;
  static bool trace_legal = false;
  auto* cmd = app.add_subcommand("bench", "Measure the engine's speed and print its signature");
  cmd->add_option("--game", game, "Which game (" + game_names() + ")");
  cmd->add_option("--games", games, "Number of random games (default 2000; generals 20000)")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--seed", seed, "Seed of the games");
  cmd->add_flag("--json", as_json, "Print one JSON object");
  cmd->add_option("--search-iterations", search_iterations,
                  "ISMCTS iterations per benchmark position (0: no search benchmark)");
  cmd->add_option("--guided-rollout", guided_rollout,
                  "Greedy-guided rollout actions per search iteration (-1: the game's default, "
                  "as the agents play; 0: none)")
      ->check(CLI::Range(-1, 1000));
  cmd->add_option("--variant-games", variant_games,
                  "Games of each further option set of the default run (default: its own count)")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--edition", edition, "Rules edition (the option edition)");
  cmd->add_option("--board", board, "Board size (the option board)");
  cmd->add_option("--rule", rules, "Switch on a house rule (repeatable)");
  cmd->add_option("--options", options, "Options as KEY=VALUE,... (see `ancients games`)");
  cmd->add_flag("--trace-legal", trace_legal,
                "Also hash every legal-action list into the signature (not for timing)");
  cmd->callback([cmd] {
    const GameDescriptor* d = find_game(game);
    if (d == nullptr || !d->bench)
      throw ExitError{
          2, fmt::format("--game {}: no game with a bench (games: {})", game, game_names())};
    nlohmann::json values;
    try {
      values = command_line_options(*d,
                                    {{"--edition", "edition", edition, cmd->count("--edition") > 0},
                                     {"--board", "board", board, cmd->count("--board") > 0}},
                                    rules, options);
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
    // By default play enough games to time about a second (the game's own count).
    const int n = cmd->count("--games") == 0 ? d->bench_games : games;
    BenchFigures r;
    try {
      r = d->bench(n, seed, values, trace_legal);
    } catch (const BadInput& e) {  // an option's value checked as the game is made
      throw ExitError{2, e.what()};
    }
    const double gps = static_cast<double>(r.games) / r.seconds;
    const double aps = static_cast<double>(r.actions) / r.seconds;
    const double legal_mean =
        r.actions == 0 ? 0.0 : static_cast<double>(r.legal_listed) / static_cast<double>(r.actions);
    const std::string sig = fmt::format("{:016x}", r.signature);
    SearchBench search;
    try {
      search =
          bench_search(d->name, search_iterations ? 8 : 0, search_iterations, seed, guided_rollout);
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
    // The game's further option sets, beside the default run only (not with options chosen).
    struct VariantFigures {
      std::string label, signature;
      double actions_per_second = 0;
      std::size_t state_bytes = 0;
    };
    std::vector<VariantFigures> variants;
    const bool chosen = cmd->count("--options") + cmd->count("--rule") + cmd->count("--board") +
                            cmd->count("--edition") + cmd->count("--trace-legal") >
                        0;
    if (!chosen)
      for (const auto& v : d->bench_variants) {
        nlohmann::json vals = values.is_object() ? values : nlohmann::json::object();
        vals.update(v.options);
        const int count = cmd->count("--variant-games") > 0 ? variant_games : v.games;
        const BenchFigures f = d->bench(count, seed, vals, false);
        variants.push_back({v.label, fmt::format("{:016x}", f.signature),
                            static_cast<double>(f.actions) / f.seconds, f.state_bytes});
      }
    if (as_json) {
      nlohmann::json j = {{"game", d->name},         {"games", r.games},
                          {"actions", r.actions},    {"seconds", r.seconds},
                          {"games_per_second", gps}, {"actions_per_second", aps},
                          {"signature", sig},        {"state_bytes", r.state_bytes},
                          {"options", values},       {"legal_per_decision", legal_mean}};
      if (search_iterations) j["search"] = search_bench_json(search);
      for (const auto& v : variants)
        j["variants"].push_back({{"label", v.label},
                                 {"actions_per_second", v.actions_per_second},
                                 {"signature", v.signature},
                                 {"state_bytes", v.state_bytes}});
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("game               {} ({})\n", d->name,
                 r.label.empty() ? d->bench_label : r.label);
      fmt::print("games              {}\n", r.games);
      fmt::print("actions            {}\n", r.actions);
      fmt::print("seconds            {:.3f}\n", r.seconds);
      fmt::print("games/second       {:.0f}\n", gps);
      fmt::print("actions/second     {:.0f}\n", aps);
      fmt::print("legal/decision     {:.1f}\n", legal_mean);
      fmt::print("state size (bytes) {}\n", r.state_bytes);
      fmt::print("signature          {}\n", sig);
      for (const auto& v : variants)
        fmt::print("{}: {:.0f} actions/second, signature {}\n", v.label, v.actions_per_second,
                   v.signature);
      if (search_iterations) fmt::print("{}", search_bench_text(search));
    }
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_bench);
