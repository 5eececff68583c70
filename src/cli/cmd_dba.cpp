// `ancients dba`: the DBA 3 club tools. `odds` is the combat outcome calculator, `terrain` the
// terrain generator by home topography (writes a map file), `troops` lists the sheet's troop
// types and factors, `check-map` validates a map file. The work is done by src/tools/dba; this
// file only reads the command line and prints.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <random>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"
#include "tools/dba/combat.h"
#include "tools/dba/generate.h"
#include "tools/dba/map_json.h"
#include "tools/dba/odds.h"
#include "tools/dba/odds_report.h"
#include "tools/dba/sheet_loader.h"
#include "tools/dba/table_layout.h"
#include "tools/dba/tool_json.h"

namespace {

using namespace ancients::dba;

/// The command line of every `ancients dba` subcommand, filled by CLI11.
struct DbaArgs {
  std::string sheet;  // --sheet FILE
  // odds
  std::string a, b;
  bool shooting = false;
  bool json = false;
  // terrain
  std::string topography;
  std::uint64_t seed = 0;
  bool seed_given = false;
  int board = 12;
  std::string out;
  bool force = false;  // --force: replace an existing --out file
  std::string name;
  // check-map
  std::string map_file;
};

std::shared_ptr<const Sheet> sheet_of(const DbaArgs& args) {
  return load_sheet(args.sheet.empty() ? default_sheet_path() : args.sheet);
}

std::string help_about(const DbaArgs& args, const std::string& tool) {
  try {
    return uncertain_help(*sheet_of(args), tool);
  } catch (const std::exception& e) {
    return fmt::format("(cannot read the DBA data file: {})\n", e.what());
  }
}

std::string situation_help_of(const DbaArgs& args) {
  try {
    return situation_help(*sheet_of(args));
  } catch (const std::exception& e) {
    return fmt::format("(cannot read the DBA data file's situation items: {})\n", e.what());
  }
}

void run_odds(const DbaArgs& args) {
  const auto sheet = sheet_of(args);
  const Combat combat = make_combat(
      *sheet, args.shooting ? CombatKind::kShooting : CombatKind::kClose, args.a, args.b);
  const Odds odds = compute_odds(*sheet, combat);
  if (args.json)
    std::printf("%s\n", odds_json(*sheet, combat, odds).dump(2).c_str());
  else
    std::printf("%s", odds_text(*sheet, combat, odds).c_str());
}

void run_terrain(const DbaArgs& args) {
  const auto sheet = sheet_of(args);
  const std::uint64_t seed = args.seed_given ? args.seed : std::random_device{}();
  // A map already there (perhaps edited by hand) is kept, as `army from-dba --out` keeps an army.
  if (!args.out.empty()) ancients::cli::refuse_overwrite(args.out, args.force);
  const GeneratedMap g = generate_map(*sheet, args.topography, args.board, seed, args.name);
  if (!args.out.empty()) {
    std::ofstream file(args.out, std::ios::binary);
    if (!file) throw ancients::BadInput(fmt::format("{}: cannot write the map file", args.out));
    file << map_file_text(g.map);
    if (!file) throw ancients::BadInput(fmt::format("{}: cannot write the map file", args.out));
  }
  if (args.json) {
    std::printf("%s", map_file_text(g.map).c_str());
    return;
  }
  std::printf("%s\n%s", map_picture(*sheet, g).c_str(), table_layout_text(g).c_str());
  if (!args.out.empty()) std::printf("\nMap written to %s\n", args.out.c_str());
}

void run_troops(const DbaArgs& args) {
  const auto sheet = sheet_of(args);
  if (args.json) {
    const nlohmann::json out = troops_json(*sheet);
    std::printf("%s\n", out.dump(2).c_str());
    return;
  }
  std::printf("%s troop types (%s)\n\n", sheet->title.c_str(), sheet->source.c_str());
  std::printf("%-18s %-5s %-7s %-8s %-8s %-4s %-6s %s\n", "type", "abbr", "class", "vs foot",
              "vs mtd", "GG", "BG/RG", "variants and tags");
  for (const auto& t : sheet->troops) {
    std::string vs_foot = fmt::format("{:+d}", t.vs_foot);
    if (t.vs_foot_shot_at) vs_foot += fmt::format(" ({:+d})", *t.vs_foot_shot_at);
    std::string quals;
    for (const auto& v : t.variants) {
      if (!quals.empty()) quals += " ";
      quals += v;
    }
    for (const auto& v : t.tags) {
      if (!quals.empty()) quals += " ";
      quals += v;
    }
    std::string line =
        fmt::format("{:<18} {:<5} {:<7} {:<8} {:<8} {:<4} {:<6} {}", t.id, t.abbrev,
                    t.cls == TroopClass::kFoot ? "foot" : "mounted", vs_foot,
                    fmt::format("{:+d}", t.vs_mounted), t.move_good,
                    std::to_string(t.move_bad) + (t.move_note.empty() ? "" : "*"), quals);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    std::printf("%s\n", line.c_str());
  }
  std::printf(
      "\nvs foot in brackets: when shot at. * RG only (cannot enter bad going).\n"
      "Artillery in a City or Fort: +2 vs foot and mounted.\n");
}

void run_check_map(const DbaArgs& args) {
  const nlohmann::json map = read_map_file(args.map_file);
  const auto features = map.contains("features") ? map["features"].size() : 0;
  std::printf("%s: a valid map (board %d, %zu terrain squares, %zu features)\n",
              args.map_file.c_str(), map["board"].get<int>(), map["terrain"].size(), features);
}

}  // namespace

static void setup_dba(CLI::App& app) {
  auto args = std::make_shared<DbaArgs>();
  auto* dba = app.add_subcommand("dba", "DBA 3.0 club tools: combat odds, terrain by topography");
  dba->require_subcommand(1);
  dba->add_option("--sheet", args->sheet,
                  "DBA data file to use (default: the bundled data/dba/dba3.toml)");

  auto* odds = dba->add_subcommand(
      "odds", "Combat outcome calculator for two elements (a player's aid, not the rules)");
  odds->add_option("A", args->a, "the attacking (or shooting) element, TYPE[,ITEM...]")->required();
  odds->add_option("B", args->b, "the defending (or shot at) element, TYPE[,ITEM...]")->required();
  odds->add_flag("--shooting", args->shooting, "A shoots at B (default: close combat)");
  odds->add_flag("--json", args->json, "print JSON for tools instead of the table");
  odds->footer(
      [args] { return "\n" + situation_help_of(*args) + "\n" + help_about(*args, "odds"); });
  odds->callback([args] { run_odds(*args); });

  auto* terrain = dba->add_subcommand(
      "terrain", "Terrain generator by home topography: writes an Ancient Warfare map file");
  terrain
      ->add_option("--topography", args->topography,
                   "home topography: arable|forest|hilly|steppe|dry|tropical|littoral")
      ->required();
  auto* seed = terrain->add_option("--seed", args->seed,
                                   "random seed (default: a fresh one, shown in the output)");
  terrain
      ->add_option("--board", args->board,
                   "board size, 8 or 12 (default 12, as the house "
                   "rules' DBA set-up)")
      ->check(CLI::IsMember({8, 12}));
  terrain->add_option("--out", args->out, "write the map file (JSON) here (not over a file)");
  terrain->add_flag("--force", args->force, "Replace the --out file if it exists");
  terrain->add_option("--name", args->name, "the map's name");
  terrain->add_flag("--json", args->json, "print the map file instead of the picture");
  terrain->footer([args] { return "\n" + help_about(*args, "terrain"); });
  terrain->callback([args, seed] {
    args->seed_given = seed->count() > 0;
    run_terrain(*args);
  });

  auto* troops = dba->add_subcommand("troops", "The sheet's troop types and combat factors");
  troops->add_flag("--json", args->json, "print JSON");
  troops->callback([args] { run_troops(*args); });

  auto* check = dba->add_subcommand("check-map", "Validate a map file (generated or hand-made)");
  check->add_option("FILE", args->map_file, "the map file")->required();
  check->callback([args] { run_check_map(*args); });
}

ANCIENTS_COMMAND(setup_dba);
