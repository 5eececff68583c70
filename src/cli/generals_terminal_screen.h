// The screens of Ancient Generals in the terminal (`ancients play generals`, `ancients replay`
// of a Generals record): the public table (turn, phase, each side's deck, reserve, casualties,
// hand size and flank points, who is Encircling, the combats with their force totals and the
// tactics played), what one player may see (his hand, what Scout showed him), the log, the
// numbered menu, the help and the card table. What a viewer sees comes from the state's view
// for that player, so nothing hidden can reach the screen.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "cli/terminal_info.h"
#include "cli/terminal_style.h"
#include "games/generals/state.h"

namespace ancients::cli {

/// Who is looking, how the players are called and the last actions (oldest first).
struct GeneralsContext {
  int viewer = 0;  ///< 1 or 2; 0 = an onlooker who sees both hands and no deck
  std::array<std::string, 2> labels;
  std::vector<LogLine> last_actions;
};

/// One numbered choice: the action's text (what is applied) and how it is shown.
struct GeneralsMenuItem {
  std::string action;
  std::string label;
};

/// The choices of the player to act: the engine's one-card steps and single actions.
std::vector<GeneralsMenuItem> generals_menu(const generals::GeneralsState& state);
std::string render_generals_menu(const std::vector<GeneralsMenuItem>& menu);

/// The whole screen for a viewer: table, battle, hand, knowledge, last actions.
std::string render_generals(const generals::GeneralsState& state, const GeneralsContext& context,
                            const Style& style);

/// A card as shown in hands and battles: "legionaires [HI 3/3]" or "overrun".
std::string generals_card_label(const generals::Cards& cards, int kind);

/// What the action `text` did, found by comparing the states: cards drawn, reshuffles, the
/// battle's results and casualties, flank points, the end; "" when nothing worth telling.
std::string generals_effect_text(const generals::GeneralsState& before,
                                 const generals::GeneralsState& after, const std::string& text);

/// How an action is shown in menus and logs: `pass`, `discard` and `block` say what they end
/// in the state's phase ("pass (no more Rally)"); other actions are their text.
std::string generals_action_label(const generals::GeneralsState& state, const std::string& text);

/// "Player 1 (you) wins: player 2 has no cards left in deck or reserve." or the draw.
std::string generals_result_words(const generals::GeneralsState& state,
                                  const std::array<std::string, 2>& labels);

/// `help`: the phases, the notation with examples and the prompt's commands.
std::string generals_help_text();

}  // namespace ancients::cli
