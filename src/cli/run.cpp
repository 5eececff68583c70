// The command line of `ancients` (see run.h).
#include "cli/run.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "cli/command.h"
#include "core/data_path.h"

namespace ancients::cli {

std::vector<CommandSetup>& command_setups() {
  static std::vector<CommandSetup> setups;
  return setups;
}

namespace {

/// CLI11 reads a number with strtoull/strtoll: "-1" or 99999999999999999999 given for an
/// unsigned option became the largest value, a too large signed one the largest too, and a
/// leading 0 made the rest octal (010 was 8). Every whole-number option (CLI11's INT and UINT)
/// takes plain decimal digits instead, with a sign only where negative numbers are allowed, and
/// a number out of range is refused with a message.
std::string whole_number_problem(std::string& text, bool is_signed) {
  const std::string what = is_signed ? "a whole number" : "a whole number, 0 or more";
  std::size_t digits = 0;
  if (is_signed && !text.empty() && (text[0] == '-' || text[0] == '+')) digits = 1;
  if (digits == text.size()) return "\"" + text + "\" is not " + what;
  for (std::size_t i = digits; i < text.size(); ++i)
    if (text[i] < '0' || text[i] > '9') return "\"" + text + "\" is not " + what;
  // Leading zeros dropped, so that CLI11 does not read the number as octal.
  const std::size_t first = text.find_first_not_of('0', digits);
  text = text.substr(0, digits) + (first == std::string::npos ? "0" : text.substr(first));
  errno = 0;
  if (is_signed)
    (void)std::strtoll(text.c_str(), nullptr, 10);
  else
    (void)std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE) return text + " is too large";
  return "";
}

/// Adds the whole-number check to every INT and UINT option of an app and its subcommands.
void check_whole_numbers(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    const std::string type = opt->get_type_name();
    // "INT", or "INT:" and a validator's description ({1,2}, INT in [1 - 100000]).
    const auto is = [&type](const std::string& name) {
      return type == name || type.starts_with(name + ":");
    };
    const bool is_signed = is("INT");
    if (!is_signed && !is("UINT")) continue;
    // A transform, run before the option's own checks (a range), for it rewrites the text.
    opt->transform(CLI::Validator(
        [is_signed](std::string& text) { return whole_number_problem(text, is_signed); }, ""));
  }
  for (CLI::App* sub : app.get_subcommands({})) check_whole_numbers(*sub);
}

/// The message for a command line whose subcommand is misspelt: CLI11 says only "A subcommand
/// is required" for `ancients plya` or `ancients campaign stauts`. Empty when the arguments do
/// not name an unknown subcommand where one is required.
std::string unknown_subcommand(CLI::App& app, int argc, char** argv) {
  CLI::App* at = &app;
  std::string path = "ancients";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.empty() || arg[0] == '-') return "";
    CLI::App* sub = nullptr;
    for (CLI::App* s : at->get_subcommands({}))
      if (s->check_name(arg)) sub = s;
    if (sub == nullptr) {
      if (at->get_require_subcommand_min() == 0) return "";
      std::string names;
      for (CLI::App* s : at->get_subcommands({}))
        names += (names.empty() ? "" : ", ") + s->get_name();
      return "`" + path + "` has no command \"" + arg + "\" (its commands: " + names + ")";
    }
    at = sub;
    path += " " + arg;
  }
  return "";
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"ancients: Ancient Warfare, Ancient Generals and DBA 3 tools"};
  app.set_version_flag("--version", ancients::program_version());
  app.require_subcommand(1);
  for (auto setup : command_setups()) setup(app);
  check_whole_numbers(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    // A command line that cannot be read exits 2, as every other bad argument does (CLI11's
    // own statuses, 105 to 109, told a tool nothing more).
    const std::string unknown = unknown_subcommand(app, argc, argv);
    std::fprintf(stderr, "ancients: %s\nRun with --help for more information.\n",
                 unknown.empty() ? e.what() : unknown.c_str());
    return 2;
  } catch (const ExitError& e) {
    if (!e.message.empty()) std::fprintf(stderr, "ancients: %s\n", e.message.c_str());
    return e.status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ancients: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace ancients::cli
