// `ancients army from-dba "LIST"`: a DBA army list, typed as DBA players write it, made into an
// ordinary Ancient Warfare army file (printed, or written with --out). `ancients army table`
// prints the table of DBA element types and the unit each becomes. The work is done by
// src/tools/dba/army_from_list; this file only reads the command line and prints.
#include <fmt/format.h>

#include <cstdio>

#include "cli/command.h"
#include "cli/io.h"
#include "core/errors.h"
#include "tools/dba/army_from_list.h"

namespace ancients::cli {
namespace {

struct ArmyArgs {
  std::string list, edition = "autokill", name, out, table_file, topography;
  std::vector<std::string> map, elite, take, rules, options;
  bool force = false;
};

warfare::Options options_of(const ArmyArgs& a) {
  return warfare::options_with(warfare::Options{}, a.rules, a.options);
}

std::shared_ptr<const dba::ListTable> table_of(const ArmyArgs& a) {
  return dba::load_list_table(a.table_file.empty() ? dba::default_list_table_path() : a.table_file);
}

void run_from_dba(const ArmyArgs& a) {
  dba::ListRequest req;
  req.list = a.list;
  req.edition = a.edition;
  req.options = options_of(a);
  req.name = a.name;
  req.elite = a.elite;
  req.take = a.take;
  req.topography = a.topography;
  for (const std::string& m : a.map) {
    const auto eq = m.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == m.size())
      throw BadInput(fmt::format("--map \"{}\": write it as CODE=UNIT (Bd=legionnaires)", m));
    req.map[m.substr(0, eq)] = m.substr(eq + 1);
  }
  const std::string text = dba::army_from_list(*table_of(a), req).dump(2) + "\n";
  if (a.out.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return;
  }
  refuse_overwrite(a.out, a.force);
  write_file_atomic(a.out, text);
  std::fprintf(stderr, "wrote %s\n", a.out.c_str());
}

void add_common(CLI::App* cmd, ArmyArgs& a) {
  cmd->add_option("--edition", a.edition, "Rules edition: autokill (default) or retreat");
  cmd->add_option("--rule", a.rules, "A house rule that changes the table (horde_house)");
  cmd->add_option("--options", a.options, "Game options as KEY=VALUE,...");
  cmd->add_option("--types", a.table_file,
                  "The table of element types (default data/dba/army-lists.toml)");
}

void setup_army(CLI::App& app) {
  static ArmyArgs a;
  auto* army = app.add_subcommand("army", "Armies from DBA army lists");
  army->require_subcommand(1);
  auto* from = army->add_subcommand(
      "from-dba",
      "Make an army file from a DBA list such as \"1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, "
      "2x2Ps, 2x4Bw\"");
  from->add_option("list", a.list, "The DBA army list, quoted")->required();
  add_common(from, a);
  from->add_option("--name", a.name, "The army's name");
  from->add_option("--topography", a.topography,
                   "The list's home topography (arable, forest, hilly, steppe, dry, tropical, "
                   "littoral): the defender's battlefield offers it first");
  from->add_option("--out", a.out, "Write the army file here instead of printing it");
  from->add_flag("--force", a.force, "Replace the --out file if it exists");
  from->add_option("--map", a.map, "Override a row: CODE=UNIT (Bd=legionnaires), repeatable");
  from->add_option("--elite", a.elite, "Make an element of this type Elite (at most 2)");
  from->add_option("--take", a.take, "Choose this alternative where a row offers \"A or B\"");
  auto* table = army->add_subcommand("table", "Print the DBA element types and their units");
  add_common(table, a);
  auto guard = [](auto fn) {
    return [fn] {
      try {
        fn();
      } catch (const BadInput& e) {
        throw ExitError{2, e.what()};
      }
    };
  };
  from->callback(guard([] { run_from_dba(a); }));
  table->callback(guard([] {
    for (const std::string& line : dba::list_table_lines(*table_of(a), a.edition, options_of(a)))
      std::printf("%s\n", line.c_str());
  }));
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_army);
