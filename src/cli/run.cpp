// The command line of `ancients` (see run.h).
#include "cli/run.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

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

/// The length of the valid UTF-8 sequence at `text[i]`, or 0 where the bytes there are not
/// one (a stray continuation byte, a sequence cut short, an overlong form, a surrogate).
std::size_t utf8_sequence_at(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) {
    return i + k < text.size() ? static_cast<unsigned>(static_cast<unsigned char>(text[i + k]))
                               : 0x100u;
  };
  const unsigned first = byte(0);
  if (first < 0x80) return 1;
  unsigned low = 0x80, high = 0xBF;  // the second byte's range
  std::size_t length = 0;
  if (first >= 0xC2 && first <= 0xDF) {
    length = 2;
  } else if (first >= 0xE0 && first <= 0xEF) {
    length = 3;
    if (first == 0xE0) low = 0xA0;
    if (first == 0xED) high = 0x9F;
  } else if (first >= 0xF0 && first <= 0xF4) {
    length = 4;
    if (first == 0xF0) low = 0x90;
    if (first == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
  return length;
}

/// A message for stderr as valid UTF-8: the bytes of a careless argument or file that it
/// quotes and that are not UTF-8 become U+FFFD, so that a tool reading stderr as text never
/// fails on it.
std::string valid_utf8(std::string_view message) {
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    const std::size_t n = utf8_sequence_at(message, i);
    out += n == 0 ? std::string_view("\xEF\xBF\xBD") : message.substr(i, n);
    i += n == 0 ? 1 : n;
  }
  return out;
}

/// Prints "ancients: MESSAGE" (and `tail`) on stderr.
void print_error(std::string_view message, const char* tail = "") {
  std::fprintf(stderr, "ancients: %s\n%s", valid_utf8(message).c_str(), tail);
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
    print_error(unknown.empty() ? std::string_view(e.what()) : unknown,
                "Run with --help for more information.\n");
    return 2;
  } catch (const ExitError& e) {
    if (!e.message.empty()) print_error(e.message);
    return e.status;
  } catch (const std::exception& e) {
    print_error(e.what());
    return 1;
  }
  return 0;
}

}  // namespace ancients::cli
