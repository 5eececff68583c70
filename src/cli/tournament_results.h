// The per-game results file of `ancients tournament --results FILE`: one JSON line per game.
// While a tournament runs, each game's line is appended to FILE.partial as the game ends (so
// an interrupted run keeps what it played); at the end FILE is written in game order and the
// partial file removed. `--resume` reads the lines of FILE.partial (or of a finished FILE, to
// add games to it) back, after checking that each belongs to this tournament (its game number,
// deal seed, seats, game and options), so those games are not played again.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/tournament_game.h"

namespace ancients::cli {

/// The results line of game index i (0-based); its "setup" names the game and options (a
/// hash), which a resumed line must match.
nlohmann::ordered_json result_line(int i, const TournamentGame& g, const TournamentResult& r);

/// A finished game read back: its index and result.
struct FinishedGame {
  int index = 0;
  TournamentResult result;
};

/// Reads the finished games of `path` (JSON lines as result_line writes them). `expected(i)`
/// is game i's set-up in this tournament; a line for another seed or other seats, a game
/// number beyond `games`, a game twice or a malformed line throws ExitError{2} naming the file
/// and line. A missing file reads as no games.
std::vector<FinishedGame> read_finished_games(const std::string& path, int games,
                                              const std::vector<TournamentGame>& expected);

}  // namespace ancients::cli
