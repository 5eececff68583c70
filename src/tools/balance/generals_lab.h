// The balance lab for Ancient Generals (`ancients balance --game generals`): what each card of
// the common deck is worth. A cell puts one more card of a kind into the tested side's own
// deck, in the place of a card it was dealt (a slot drawn from the deal's seed, so every cell
// of a pairing replaces the same card), and plays it against the untouched other side: the
// card's value against the average card it replaces. A control cell keeps the dealt card (its
// score is about 50%, the lab's own check). Every cell plays the same deals (paired seeds),
// each deal twice with the seats swapped, as the Ancient Warfare experiments do
// (experiment.h), and reuses their plan, statistics and reports. A game is a pure function of
// (config, cell, game index). No I/O.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/generals/cards.h"
#include "games/generals/state.h"
#include "tools/balance/experiment.h"

namespace ancients::balance {

/// What to measure in Ancient Generals.
struct GeneralsConfig {
  generals::Options options;
  /// The card data: the bundled common deck, or a designer's copy read from a file.
  std::shared_ptr<const generals::Cards> cards;
  std::string agent = "random";  ///< both sides' agent spec (random, greedy, ismcts:LEVEL)
  int games = 100;               ///< games per cell (rounded up to an even number)
  std::uint64_t seed = 1;
  /// The card kinds measured, by name (empty: every kind of the card data).
  std::vector<std::string> only;
  /// The command line that reruns the experiment (for the reports; "" when not run from one).
  std::string command;
};

/// The control cell's subject: the dealt card kept.
inline constexpr const char* kControlSubject = "control";

/// One cell per card kind measured (experiment "cards", subject the card's name,
/// Cell::extra_card its kind) after the control cell. Throws BadInput for no games, no card
/// data or a name in `only` that is no card of it. Registers the game (its evaluation, which
/// the agents that score positions read) where the program has not.
Plan make_generals_plan(const GeneralsConfig& config);

/// Game `index` of the plan (cell, pairing index / 2, seats swapped when odd). Pure.
GameOutcome play_generals_game(const GeneralsConfig& config, const Plan& plan, std::size_t index);

}  // namespace ancients::balance
