// ANSI styling and terminal detection (see terminal_style.h).
#include "cli/terminal_style.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace ancients::cli {
namespace {

std::string wrap(bool on, const char* code, std::string_view text) {
  if (!on) return std::string(text);
  return std::string("\x1b[") + code + "m" + std::string(text) + "\x1b[0m";
}

}  // namespace

bool stdin_is_tty() {
  return isatty(STDIN_FILENO) != 0;
}
bool stdout_is_tty() {
  return isatty(STDOUT_FILENO) != 0;
}

std::string Style::player(int p, std::string_view text) const {
  return wrap(color, p == 1 ? "1;96" : "1;91", text);
}

std::string Style::river(std::string_view text) const {
  if (!color) return std::string(text);
  return "\x1b[1;34m" + std::string(text) + "\x1b[0m";
}

std::string Style::terrain(warfare::Terrain t, std::string_view text) const {
  return cell(t, 0, text);
}

std::string Style::cell(warfare::Terrain t, int owner, std::string_view text) const {
  std::string codes;
  switch (t) {
    case warfare::Terrain::kRough:
      codes = "48;5;58";
      break;
    case warfare::Terrain::kHill:
      codes = "48;5;94";
      break;
    case warfare::Terrain::kImpassable:
      codes = "48;5;236";
      break;
    case warfare::Terrain::kWoods:
      codes = "48;5;22";
      break;
    case warfare::Terrain::kBuiltUp:
      codes = "48;5;240";
      break;
    case warfare::Terrain::kSteepHill:
      codes = "48;5;130";
      break;
    case warfare::Terrain::kClear:
      break;
  }
  if (owner != 0) codes += std::string(codes.empty() ? "" : ";") + (owner == 1 ? "1;96" : "1;91");
  if (codes.empty()) return std::string(text);
  return wrap(color, codes.c_str(), text);
}

std::string Style::bold(std::string_view text) const {
  return wrap(color, "1", text);
}
std::string Style::dim(std::string_view text) const {
  return wrap(color, "2", text);
}

bool dumb_terminal(const char* term) {
  return term != nullptr && std::string_view(term) == "dumb";
}

bool wants_color(bool no_color, bool stdout_tty, const char* no_color_env, const char* term) {
  const bool env_off = no_color_env != nullptr && no_color_env[0] != '\0';
  return !no_color && !env_off && stdout_tty && !dumb_terminal(term);
}

Style make_style(bool no_color) {
  return Style{
      wants_color(no_color, stdout_is_tty(), std::getenv("NO_COLOR"), std::getenv("TERM"))};
}

void clear_screen() {
  if (stdout_is_tty() && dumb_terminal(std::getenv("TERM"))) {
    // No escape clears a dumb terminal: blank lines push the screen out of sight, and the
    // players are told that scrolling back shows it.
    std::fputs(std::string(kDumbClearLines, '\n').c_str(), stdout);
    std::fputs("(This terminal cannot be cleared: scrolling back shows the previous screen.)\n",
               stdout);
  } else if (stdout_is_tty()) {
    std::fputs("\x1b[2J\x1b[3J\x1b[H", stdout);
  } else {
    std::fputs("\n----------------------------------------------------------------------\n\n",
               stdout);
  }
  std::fflush(stdout);
}

}  // namespace ancients::cli
