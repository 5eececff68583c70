// `ancients check [FILE...]`: validates rules data, armies and maps strictly (every bundled
// file when none is named) and reports each problem with its file and line. Run in CI.
// A file is known by its place in the data folder: warfare/*.toml (rules tables),
// armies/EDITION/*.json, dba/*.toml, maps/*.json, generals/cards.toml, campaigns/*.toml and
// campaigns/armies/*.json (a campaign's armies, each naming its edition). Any other file is
// skipped when found by the walk over the data folder and an error when named on the command
// line: "ok" is said only of files that were checked. A missing file is an error naming it.
#include <fmt/format.h>

#include <filesystem>

#include "campaign/scenario.h"
#include "cli/command.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "core/json_input.h"
#include "games/generals/cards.h"
#include "games/warfare/ruleset.h"
#include "games/warfare/setup.h"
#include "tools/dba/army_from_list.h"
#include "tools/dba/sheet_loader.h"

namespace ancients::cli {
namespace {

namespace fs = std::filesystem;

/// What checking one file found.
struct Verdict {
  enum Kind { kOk, kProblem, kUnknown } kind = kOk;
  std::string problem;  ///< for kProblem
};

/// Checks one file by its place in the data folder; kUnknown when no check applies to it.
Verdict check_file(const fs::path& path) {
  const std::string p = path.string();
  const std::string folder = path.parent_path().filename().string();
  const std::string ext = path.extension().string();
  try {
    if (ext == ".toml" && folder == "warfare") {
      auto rules = warfare::load_ruleset(p);
      if (rules->full_deck().empty()) return {Verdict::kProblem, p + ": the deck is empty"};
      return {};
    }
    if (ext == ".json" && path.parent_path().parent_path().filename() == "armies") {
      warfare::load_army(p, *warfare::builtin_ruleset(folder));
      return {};
    }
    if (ext == ".json" && folder == "armies") {
      // An army folder of its own (a campaign's armies): each file names its edition.
      const nlohmann::json j = read_json_input_file(p);
      const std::string edition = j.is_object() && j.contains("edition") && j["edition"].is_string()
                                      ? j["edition"].get<std::string>()
                                      : "autokill";
      warfare::army_from_json(j, *warfare::builtin_ruleset(edition), p);
      return {};
    }
    if (ext == ".toml" && folder == "dba") {
      // The DBA army-list table (army-lists.toml) has its own format; the rest are sheets.
      if (path.filename() == "army-lists.toml")
        dba::load_list_table(p);
      else
        dba::load_sheet(p);
      return {};
    }
    if (ext == ".toml" && folder == "campaigns") {
      campaign::load_scenario(p);  // a campaign scenario (docs/campaign.md)
      return {};
    }
    if (ext == ".json" && folder == "maps") {
      warfare::load_battlefield(p);
      return {};
    }
    if (ext == ".toml" && folder == "generals") {
      generals::load_cards(p);
      return {};
    }
    return {Verdict::kUnknown, ""};
  } catch (const BadInput& e) {
    return {Verdict::kProblem, e.what()};
  } catch (const std::exception& e) {
    return {Verdict::kProblem, p + ": " + e.what()};
  }
}

/// The files to check: those named, or every .toml and .json file under the data folder.
std::vector<fs::path> files_to_check(const std::vector<std::string>& named) {
  std::vector<fs::path> paths;
  if (!named.empty()) {
    for (const auto& f : named) paths.emplace_back(f);
    return paths;
  }
  for (const auto& e : fs::recursive_directory_iterator(data_dir()))
    if (e.is_regular_file() && (e.path().extension() == ".toml" || e.path().extension() == ".json"))
      paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

void setup_check(CLI::App& app) {
  static std::vector<std::string> files;
  auto* cmd = app.add_subcommand("check", "Validate rules tables, armies and maps strictly");
  cmd->add_option("files", files, "Files to check (default: every bundled data file)");
  cmd->callback([] {
    const bool named = !files.empty();
    int ok = 0, skipped = 0, errors = 0;
    for (const auto& p : files_to_check(files)) {
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) {
        fmt::print(stderr, "{}: {}\n", p.string(),
                   fs::exists(p, ec) ? "not a regular file" : "no such file");
        ++errors;
        continue;
      }
      const Verdict v = check_file(p);
      if (v.kind == Verdict::kOk) {
        ++ok;
      } else if (v.kind == Verdict::kProblem) {
        fmt::print(stderr, "{}\n", v.problem);
        ++errors;
      } else if (named) {
        fmt::print(stderr,
                   "{}: no check applies to this file (known: warfare/*.toml, "
                   "armies/EDITION/*.json, dba/*.toml, maps/*.json, generals/cards.toml, "
                   "campaigns/*.toml, campaigns/armies/*.json)\n",
                   p.string());
        ++errors;
      } else {
        fmt::print("{}: skipped (no check applies to it)\n", p.string());
        ++skipped;
      }
    }
    fmt::print("{} files: {} checked and ok, {} skipped, {} errors\n", ok + skipped + errors, ok,
               skipped, errors);
    if (errors > 0) throw ExitError{1, ""};
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_check);
