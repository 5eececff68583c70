// Terminal styling for the interactive commands (`ancients play`, `ancients replay --step`):
// ANSI colours that switch off with --no-color, NO_COLOR or when stdout is not a terminal, and
// the screen clearing used to hide one hotseat player's hand from the other.
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

/// The style for this run: colour unless `no_color`, NO_COLOR is set or stdout is no terminal.
Style make_style(bool no_color);

/// Clears the terminal (ANSI) when stdout is a terminal; otherwise writes a separator line so
/// that piped output stays readable.
void clear_screen();

}  // namespace ancients::cli
