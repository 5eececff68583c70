// The results file of `ancients tournament` (see tournament_results.h).
#include "cli/tournament_results.h"

#include <fmt/format.h>

#include <fstream>

#include "cli/command.h"
#include "core/errors.h"
#include "core/json_input.h"

namespace ancients::cli {

namespace {

/// The game and its options as 16 hex digits (FNV-1a of the game's name and the options' JSON):
/// a resumed line must come from a tournament of the same game and options.
std::string setup_of(const TournamentGame& g) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const char ch : g.game + "\n" + g.options.dump()) {
    h ^= static_cast<unsigned char>(ch);
    h *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", h);
}

}  // namespace

nlohmann::ordered_json result_line(int i, const TournamentGame& g, const TournamentResult& r) {
  nlohmann::ordered_json line = {
      {"game", i + 1},           {"pairing", i / 2 + 1},    {"seed", g.seed},
      {"player1", g.players[0]}, {"player2", g.players[1]}, {"winner", r.winner},
      {"turns", r.turns},        {"actions", r.actions},    {"seconds", r.seconds}};
  if (!r.armies[0].empty() || !r.armies[1].empty()) line["armies"] = r.armies;
  line["decisions"] = r.decisions;
  line["think_seconds"] = r.think_seconds;
  line["setup"] = setup_of(g);
  return line;
}

std::vector<FinishedGame> read_finished_games(const std::string& path, int games,
                                              const std::vector<TournamentGame>& expected) {
  std::vector<FinishedGame> out;
  std::ifstream in(path);
  if (!in) return out;
  std::vector<bool> seen(static_cast<std::size_t>(games), false);
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (text.empty()) continue;
    const std::string where = fmt::format("{} line {}", path, number);
    try {
      const nlohmann::json line = parse_json_input(text, where);
      if (!line.is_object()) throw BadInput(where + ": not a JSON object");
      const auto field = [&](const char* key) -> const nlohmann::json& {
        if (!line.contains(key)) throw BadInput(fmt::format("{}: no \"{}\"", where, key));
        return line[key];
      };
      const int game = field("game").get<int>();
      if (game < 1 || game > games)
        throw BadInput(fmt::format("{}: game {} is not one of this tournament's {} games", where,
                                   game, games));
      const auto idx = static_cast<std::size_t>(game - 1);
      if (seen[idx]) throw BadInput(fmt::format("{}: game {} is there twice", where, game));
      const TournamentGame& g = expected[idx];
      if (field("seed").get<std::uint64_t>() != g.seed ||
          field("player1").get<std::string>() != g.players[0] ||
          field("player2").get<std::string>() != g.players[1])
        throw BadInput(fmt::format(
            "{}: game {} was played with another deal or other agents ({}, {} against {}; this "
            "tournament: {}, {} against {}): give the same --seed, --agents and --game, or "
            "another --results file",
            where, game, field("seed").dump(), field("player1").dump(), field("player2").dump(),
            g.seed, g.players[0], g.players[1]));
      if (field("setup") != setup_of(g))
        throw BadInput(fmt::format(
            "{}: game {} was played with another game or other options (--game, --options, "
            "--rule, --armies): give the same, or another --results file",
            where, game));
      FinishedGame f;
      f.index = game - 1;
      f.result.winner = field("winner").get<int>();
      if (f.result.winner < 0 || f.result.winner > 2)
        throw BadInput(fmt::format("{}: winner {} is not 0, 1 or 2", where, f.result.winner));
      f.result.turns = field("turns").get<int>();
      f.result.actions = field("actions").get<std::uint64_t>();
      f.result.seconds = field("seconds").get<double>();
      if (line.contains("armies"))
        f.result.armies = line["armies"].get<std::array<std::string, 2>>();
      // Files written before the decisions were counted have neither: none counted.
      if (line.contains("decisions"))
        f.result.decisions = line["decisions"].get<std::array<std::uint64_t, 2>>();
      if (line.contains("think_seconds"))
        f.result.think_seconds = line["think_seconds"].get<std::array<double, 2>>();
      for (const double t : f.result.think_seconds)
        if (!(t >= 0)) throw BadInput(fmt::format("{}: think_seconds below 0", where));
      seen[idx] = true;
      out.push_back(std::move(f));
    } catch (const nlohmann::json::exception& e) {
      throw ExitError{2, fmt::format("{}: a value of the wrong type ({})", where, e.what())};
    } catch (const BadInput& e) {
      throw ExitError{2, e.what()};
    }
  }
  return out;
}

}  // namespace ancients::cli
