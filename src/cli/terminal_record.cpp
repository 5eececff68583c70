// The record of a terminal game (see terminal_record.h).
#include "cli/terminal_record.h"

#include "cli/io.h"
#include "core/data_path.h"
#include "core/record_common.h"

namespace ancients::cli {

RecordKeeper::RecordKeeper(const warfare::GameSetup& setup, const std::vector<std::string>& players,
                           std::string path)
    : path_(std::move(path)) {
  record_.program_version = program_version();
  record_.date = record_date_now();
  record_.setup = setup;
  record_.players = players;
}

RecordKeeper::RecordKeeper(warfare::GameRecord record, std::string path)
    : record_(std::move(record)), path_(std::move(path)) {}

void RecordKeeper::add(int player, const std::string& text, const warfare::WarfareState& after) {
  record_.actions.push_back({player, text});
  if (text.starts_with("deploy ")) record_.deployments[player - 1] = text;
  record_.result = warfare::result_of(after);
  save();
}

void RecordKeeper::save() const {
  write_file_atomic(path_, warfare::record_to_json(record_).dump(2) + "\n");
}

}  // namespace ancients::cli
