// `ancients check [FILE...]`: validates rules data, armies and maps strictly (every bundled
// file when none is named) and reports each problem with its file and line. Run in CI.
#include <fmt/format.h>

#include <filesystem>

#include "campaign/scenario.h"
#include "cli/command.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"
#include "tools/dba/army_from_list.h"
#include "tools/dba/sheet_loader.h"

namespace ancients::cli {
namespace {

namespace fs = std::filesystem;

/// Checks one file by its place in the data folder or its content kind; returns a problem.
std::string check_file(const fs::path& path) {
  try {
    const std::string p = path.string();
    if (path.extension() == ".toml" && path.parent_path().filename() == "warfare") {
      auto rules = warfare::load_ruleset(p);
      const auto deck = rules->full_deck();
      return deck.empty() ? p + ": the deck is empty" : "";
    }
    if (path.extension() == ".json" && path.parent_path().parent_path().filename() == "armies") {
      const std::string edition = path.parent_path().filename().string();
      warfare::load_army(p, *warfare::builtin_ruleset(edition));
      return {};
    }
    if (path.extension() == ".toml" && path.parent_path().filename() == "dba") {
      // The DBA army-list table (army-lists.toml) has its own format; the rest are sheets.
      if (path.filename() == "army-lists.toml")
        dba::load_list_table(p);
      else
        dba::load_sheet(p);
      return {};
    }
    if (path.extension() == ".toml" && path.parent_path().filename() == "campaigns") {
      campaign::load_scenario(p);  // a campaign scenario (docs/campaign.md)
      return {};
    }
    if (path.extension() == ".json" && path.parent_path().filename() == "maps") {
      warfare::load_battlefield(p);
      return {};
    }
    return {};
  } catch (const BadInput& e) {
    return e.what();
  }
}

void setup_check(CLI::App& app) {
  static std::vector<std::string> files;
  auto* cmd = app.add_subcommand("check", "Validate rules tables, armies and maps strictly");
  cmd->add_option("files", files, "Files to check (default: every bundled data file)");
  cmd->callback([] {
    std::vector<fs::path> paths;
    if (files.empty()) {
      for (const auto& e : fs::recursive_directory_iterator(data_dir()))
        if (e.is_regular_file() &&
            (e.path().extension() == ".toml" || e.path().extension() == ".json"))
          paths.push_back(e.path());
      std::sort(paths.begin(), paths.end());
    } else {
      for (const auto& f : files) paths.emplace_back(f);
    }
    int bad = 0, checked = 0;
    for (const auto& p : paths) {
      if (!fs::exists(p)) {
        fmt::print(stderr, "{}: no such file\n", p.string());
        ++bad;
        continue;
      }
      ++checked;
      const auto problem = check_file(p);
      if (!problem.empty()) {
        fmt::print(stderr, "{}\n", problem);
        ++bad;
      }
    }
    fmt::print("checked {} files: {} ok, {} with problems\n", checked, checked - bad, bad);
    if (bad > 0) throw ExitError{1, ""};
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_check);
