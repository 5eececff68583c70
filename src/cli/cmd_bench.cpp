// `ancients bench`: random games from a fixed seed on one thread; prints games and actions
// per second (legal-action generation included) and a deterministic signature of the final
// positions, like Stockfish's bench node count.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/bench_search.h"
#include "cli/command.h"
#include "games/generals/generals.h"
#include "games/warfare/bench.h"
#include "games/warfare/options.h"

namespace ancients::cli {
namespace {

/// Ancient Generals' bench in the same shape as Warfare's.
warfare::BenchResult generals_bench(int games, std::uint64_t seed) {
  const auto g = generals::bench(games, seed);
  return {static_cast<std::uint64_t>(g.games), g.actions, g.seconds, g.signature,
          sizeof(generals::GeneralsState)};
}

void setup_bench(CLI::App& app) {
  static int games = 2000;
  static std::uint64_t seed = 20261121;
  static bool as_json = false;
  static std::string game = "warfare";
  static std::uint64_t search_iterations = 20000;
  static std::string edition = "autokill";
  static int board = 8;
  static std::vector<std::string> rules, options;
  static bool trace_legal = false;
  auto* cmd = app.add_subcommand("bench", "Measure the engine's speed and print its signature");
  cmd->add_option("--game", game, "Which game")->check(CLI::IsMember({"warfare", "generals"}));
  cmd->add_option("--games", games, "Number of random games (default 2000; generals 20000)")
      ->check(CLI::Range(1, 10000000));
  cmd->add_option("--seed", seed, "Seed of the games");
  cmd->add_flag("--json", as_json, "Print one JSON object");
  cmd->add_option("--search-iterations", search_iterations,
                  "ISMCTS iterations per benchmark position (0: no search benchmark)");
  cmd->add_option("--edition", edition, "Warfare: rules edition")
      ->check(CLI::IsMember({"autokill", "retreat"}));
  cmd->add_option("--board", board, "Warfare: board size")->check(CLI::IsMember({8, 12}));
  cmd->add_option("--rule", rules, "Warfare: switch on a house rule (repeatable)");
  cmd->add_option("--options", options, "Warfare: options as KEY=VALUE,...");
  cmd->add_flag("--trace-legal", trace_legal,
                "Warfare: also hash every legal-action list into the signature (not for timing)");
  cmd->callback([cmd] {
    const bool gen = game == "generals";
    warfare::BenchConfig config;
    config.edition = edition;
    config.options.board = board;
    config.options = warfare::options_with(config.options, rules, options);
    config.trace_legal = trace_legal;
    // A Generals game is short: by default play enough of them to time about a second.
    const int n = gen && cmd->count("--games") == 0 ? 20000 : games;
    const auto r = gen ? generals_bench(n, seed) : warfare::bench(n, seed, config);
    const char* name = gen ? "ancient-generals" : "ancient-warfare";
    const double gps = static_cast<double>(r.games) / r.seconds;
    const double aps = static_cast<double>(r.actions) / r.seconds;
    const std::string sig = fmt::format("{:016x}", r.signature);
    const auto search = bench_search(game, search_iterations ? 8 : 0, search_iterations, seed);
    if (as_json) {
      nlohmann::json j = {{"game", name},
                          {"games", r.games},
                          {"actions", r.actions},
                          {"seconds", r.seconds},
                          {"games_per_second", gps},
                          {"actions_per_second", aps},
                          {"signature", sig},
                          {"state_bytes", r.state_bytes}};
      if (!gen) {
        j["edition"] = config.edition;
        j["options"] = warfare::options_to_json(config.options);
      }
      if (search_iterations) j["search"] = search_bench_json(search);
      fmt::print("{}\n", j.dump());
    } else {
      fmt::print("game               {}\n",
                 gen ? "ancient-generals (random play)"
                     : fmt::format("ancient-warfare ({}, {}x{}, random play)", config.edition,
                                   config.options.board, config.options.board));
      if (!gen)
        fmt::print("options            {}\n", warfare::options_to_json(config.options).dump());
      fmt::print("games              {}\n", r.games);
      fmt::print("actions            {}\n", r.actions);
      fmt::print("seconds            {:.3f}\n", r.seconds);
      fmt::print("games/second       {:.0f}\n", gps);
      fmt::print("actions/second     {:.0f}\n", aps);
      fmt::print("state size (bytes) {}\n", r.state_bytes);
      fmt::print("signature          {}\n", sig);
      if (search_iterations) fmt::print("{}", search_bench_text(search));
    }
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_bench);
