// Terminal styling for the interactive commands (`ancients play`, `ancients replay --step`):
// ANSI colours that switch off with --no-color, NO_COLOR, TERM=dumb or when stdout is not a
// terminal, and the screen clearing used to hide one hotseat player's hand from the other.
#pragma once

#include <string>
#include <string_view>

#include "games/warfare/state.h"

namespace ancients::cli {

/// Whether stdin / stdout are terminals.
bool stdin_is_tty();
bool stdout_is_tty();

/// How text is decorated. Without colour every helper returns the text unchanged, so the
/// layout never depends on colour.
struct Style {
  bool color = false;

  /// `text` in player p's colour (1: cyan, 2: red), bold.
  std::string player(int p, std::string_view text) const;
  /// `text` on the background shade of a terrain (nothing for clear ground).
  std::string terrain(warfare::Terrain t, std::string_view text) const;
  /// `text` on a terrain's shade, in player `owner`'s colour (0: no player colour).
  std::string cell(warfare::Terrain t, int owner, std::string_view text) const;
  std::string bold(std::string_view text) const;
  std::string dim(std::string_view text) const;
  /// A river's marks, in blue.
  std::string river(std::string_view text) const;
};

/// Whether a terminal named `term` (the TERM variable; null when unset) is a dumb one, which
/// understands no escape sequences: no colour, no clearing.
bool dumb_terminal(const char* term);

/// Whether to colour: not with `no_color` (--no-color), a non-empty NO_COLOR, stdout not a
/// terminal, or a dumb terminal (TERM=dumb).
bool wants_color(bool no_color, bool stdout_tty, const char* no_color_env, const char* term);

/// The style for this run: colour when wants_color says so for this process.
Style make_style(bool no_color);

/// Blank lines written in place of clearing a dumb terminal.
inline constexpr int kDumbClearLines = 60;

/// Clears the terminal (ANSI) when stdout is a terminal; a dumb one gets blank lines and a note
/// that scrolling back shows what was there; otherwise writes a separator line so that piped
/// output stays readable.
void clear_screen();

}  // namespace ancients::cli
