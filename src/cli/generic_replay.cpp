// Replaying generic games' records in the terminal (see generic_replay.h).
#include "cli/generic_replay.h"

#include <fmt/format.h>

#include <iostream>

#include "cli/command.h"
#include "cli/io.h"
#include "cli/terminal_text.h"
#include "cli/terminal_view.h"
#include "core/errors.h"
#include "core/generic_record.h"

namespace ancients::cli {

void replay_generic(const nlohmann::json& j, const std::string& path, bool step, bool show_final,
                    const Style& style) {
  GenericRecord record;
  try {
    record = generic_record_from_json(j, path);
  } catch (const BadInput& e) {
    throw ExitError{2, e.what()};
  }
  const bool wait = step && stdin_is_tty();
  bool stepping = step;
  const auto on_step = [&](const State& before, const State& after, std::size_t i) {
    if (!stepping) return;
    const RecordedAction& act = record.actions[i];
    const std::string words =  // as the actor reads it
        action_words(before, after, act.action, act.player, act.player);
    print_now(fmt::format("\nAction {} of {}: {} {}{}\n", i + 1, record.actions.size(),
                          style.player(act.player, fmt::format("P{}", act.player)), act.action,
                          words.empty() || words == act.action ? "" : " (" + words + ")"));
    print_now(view_fields_text(after.to_json()));
    if (!wait) return;
    print_now("Enter: next action, q: stop stepping > ");
    std::string line;
    if (!std::getline(std::cin, line) || line == "q") stepping = false;
  };
  std::unique_ptr<State> final_state;
  try {
    final_state = replay_generic_record(record, on_step);
  } catch (const BadInput& e) {
    throw ExitError{3, fmt::format("{}: verification failed: {}", path, e.what())};
  }
  if (show_final) print_now("\n" + view_fields_text(final_state->to_json()));
  print_now(fmt::format("verified: {} actions, result: {}\n", record.actions.size(),
                        winner_text(record.winner)));
  if (final_state->is_over()) print_now(sentence(final_state->over_reason()) + "\n");
}

}  // namespace ancients::cli
