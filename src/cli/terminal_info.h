// The text around the board: turn and phase, the public information (hand sizes, deck and
// discard counts, loss points, a pending attack, the last actions) and one player's own hand.
// Rendering only; what a viewer may see is decided here from the viewer's number.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "cli/terminal_style.h"
#include "games/warfare/state.h"

namespace ancients::cli {

/// One line of the "last actions" list, prepared by the game loop.
struct LogLine {
  int player = 0;
  std::string text;
};

/// Who is looking and how the players are called.
struct InfoContext {
  int viewer = 0;  ///< the player looking (1 to 6); 0 = an onlooker who sees every hand
  /// Per player: "you, Marian Romans", "computer (random), Gauls".
  std::vector<std::string> labels;
  std::vector<LogLine> last_actions;  ///< oldest first
};

/// Cards as "march x2, push" (empty hand: "none").
std::string cards_text(const warfare::WarfareState& state, int player);

/// Turn, phase, who acts, hands, piles, losses, a pending attack, the viewer's own hand (both
/// hands for an onlooker), what Scout revealed, and the last actions.
std::string render_status(const warfare::WarfareState& state, const InfoContext& context,
                          const Style& style);

/// A pending attack in words ("2Sp on g7 attacks 1Gen on h7 with the card attack"), a pending
/// move (the retreat edition: "player 1's move trod g1-g2"), or "" when none awaits an answer.
std::string pending_text(const warfare::WarfareState& state);

}  // namespace ancients::cli
