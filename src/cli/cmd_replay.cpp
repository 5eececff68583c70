// `ancients replay FILE`: re-plays a game record action by action, verifying that every action
// is legal and made by the player to act and that the recorded result is reached; --step
// shows the position after each action (waiting for Enter at a terminal), --show-final the
// last one. Exit status: 0 verified, 2 unreadable or malformed record, 3 verification failed.
// The generic record (a game without a record format of its own, or one started from a
// position) is replayed as fields (generic_replay.cpp); a record in its game's own format by its
// game's layout: Ancient Warfare's board here, Ancient Generals' table (generals_replay.cpp).
#include <fmt/format.h>

#include <cstdio>
#include <iostream>

#include "cli/command.h"
#include "cli/generals_replay.h"
#include "cli/generic_replay.h"
#include "cli/io.h"
#include "cli/terminal_board.h"
#include "cli/terminal_events.h"
#include "cli/terminal_info.h"
#include "cli/terminal_style.h"
#include "core/errors.h"
#include "core/registry.h"
#include "games/warfare/record.h"

namespace ancients::cli {
namespace {

struct ReplayArgs {
  std::string path;
  bool step = false, show_final = false, no_color = false;
};

std::vector<std::string> labels_of(const warfare::GameRecord& r) {
  std::vector<std::string> labels;
  for (std::size_t p = 0; p < r.players.size(); ++p)
    labels.push_back(fmt::format("{}, {}", r.players[p], r.setup.armies[p].name));
  return labels;
}

/// The position for an onlooker, with the last few actions of the record up to `done`.
std::string screen(const warfare::WarfareState& s, const warfare::GameRecord& r, std::size_t done,
                   const Style& style) {
  InfoContext ctx;
  ctx.viewer = 0;
  ctx.labels = labels_of(r);
  const std::size_t from = done > 6 ? done - 6 : 0;
  for (std::size_t i = from; i < done; ++i)
    ctx.last_actions.push_back({r.actions[i].player, r.actions[i].action});
  return render_board(s, 0, 1, style) + render_status(s, ctx, style);
}

void run_replay(const ReplayArgs& a) {
  const nlohmann::json j = read_json(a.path);
  if (is_generic_record(j))
    return replay_generic(j, a.path, a.step, a.show_final, make_style(a.no_color));
  // A record in its game's own format: the game's replay, chosen by its layout.
  const std::string layout = game_named(j["game"]).layout;
  if (layout == "cards")
    return replay_generals(j, a.path, a.step, a.show_final, make_style(a.no_color));
  if (layout != "board")
    throw ExitError{2, fmt::format("{}: no replay of this program reads {}'s own record format",
                                   a.path, j["game"].get<std::string>())};
  warfare::GameRecord record;
  try {
    record = warfare::record_from_json(j, a.path);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  const Style style = make_style(a.no_color);
  const bool wait = a.step && stdin_is_tty();
  bool stepping = a.step;
  const auto step = [&](const warfare::WarfareState& s, std::size_t i) {
    if (!stepping) return;
    const auto& act = record.actions[i];
    print_now(fmt::format("\nAction {} of {}: {} {}\n", i + 1, record.actions.size(),
                          style.player(act.player, fmt::format("P{}", act.player)), act.action));
    print_now(screen(s, record, i + 1, style));
    if (!wait) return;
    print_now("Enter: next action, q: stop stepping > ");
    std::string line;
    if (!std::getline(std::cin, line) || line == "q") stepping = false;
  };
  std::unique_ptr<warfare::WarfareState> final_state;
  try {
    final_state = warfare::replay_record(record, step);
  } catch (const BadInput& e) {
    throw ExitError{3, fmt::format("{}: verification failed: {}", a.path, e.what())};
  }
  if (a.show_final) print_now("\n" + screen(*final_state, record, record.actions.size(), style));
  std::string losses;
  for (int p = 0; p < final_state->player_count(); ++p)
    losses += (p ? "-" : "") + std::to_string(record.result.lost[p]);
  print_now(fmt::format("verified: {} actions, result: {} after {} turns (losses {})\n",
                        record.actions.size(), warfare::result_text(record.result),
                        record.result.turns, losses));
  if (final_state->is_over()) print_now(result_words(*final_state, labels_of(record)) + "\n");
}

void setup_replay(CLI::App& app) {
  static ReplayArgs a;
  auto* cmd = app.add_subcommand("replay", "Re-play and verify a game record");
  cmd->add_option("record", a.path, "The game record (JSON; - for stdin)")->required();
  cmd->add_flag("--step", a.step, "Show the position after every action");
  cmd->add_flag("--show-final", a.show_final, "Show the final position");
  cmd->add_flag("--no-color", a.no_color, "No ANSI colours");
  cmd->callback([] { run_replay(a); });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_replay);
