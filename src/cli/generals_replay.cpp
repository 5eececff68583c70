// Replaying Ancient Generals records in the terminal (see generals_replay.h).
#include "cli/generals_replay.h"

#include <fmt/format.h>

#include <cstdio>
#include <iostream>

#include "cli/command.h"
#include "cli/generals_terminal_screen.h"
#include "cli/io.h"
#include "core/errors.h"
#include "games/generals/record.h"

namespace ancients::cli {
namespace {

/// The table for an onlooker (both hands), with the last few lines of the log.
std::string screen(const generals::GeneralsState& s, const generals::GameRecord& r,
                   const std::vector<LogLine>& log, const Style& style) {
  GeneralsContext ctx;
  ctx.viewer = 0;
  ctx.labels = r.players;
  const std::size_t from = log.size() > 6 ? log.size() - 6 : 0;
  ctx.last_actions.assign(log.begin() + static_cast<std::ptrdiff_t>(from), log.end());
  return render_generals(s, ctx, style);
}

}  // namespace

void replay_generals(const nlohmann::json& j, const std::string& path, bool step, bool show_final,
                     const Style& style) {
  generals::GameRecord record;
  try {
    record = generals::record_from_json(j, path);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  const bool wait = step && stdin_is_tty();
  bool stepping = step;
  std::vector<LogLine> log;
  generals::GeneralsState before =
      generals::GeneralsState::new_game(generals::standard_cards(), record.options, record.seed);
  const auto on_step = [&](const generals::GeneralsState& s, std::size_t i) {
    const auto& act = record.actions[i];
    log.push_back({act.player, generals_action_label(before, act.action) +
                                   generals_effect_text(before, s, act.action)});
    before = s;
    if (!stepping) return;
    print_now(fmt::format("\nAction {} of {}: {} {}\n", i + 1, record.actions.size(),
                          style.player(act.player, fmt::format("P{}", act.player)), act.action));
    print_now(screen(s, record, log, style));
    if (!wait) return;
    print_now("Enter: next action, q: stop stepping > ");
    std::string line;
    if (!std::getline(std::cin, line) || line == "q") stepping = false;
  };
  generals::GeneralsState final_state(generals::standard_cards());
  try {
    final_state = generals::replay_record(record, on_step);
  } catch (const BadInput& e) {
    throw ExitError{3, fmt::format("{}: verification failed: {}", path, e.what())};
  }
  if (show_final) print_now("\n" + screen(final_state, record, log, style));
  print_now(fmt::format("verified: {} actions, result: {}\n", record.actions.size(),
                        generals::describe(record.result)));
  if (final_state.is_over()) print_now(generals_result_words(final_state, record.players) + "\n");
}

}  // namespace ancients::cli
