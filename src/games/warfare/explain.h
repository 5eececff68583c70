// Ancient Warfare's rules book (explain.cpp): every unit, card and terrain kind of an edition,
// explained in words from the rules data, for the front ends.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "games/warfare/options.h"
#include "games/warfare/ruleset.h"

namespace ancients::warfare {

/// {game, title, edition, facts: [sentence], sections: [{id, title, entries: [{id, title,
/// subtitle?, stats: [[name, value]], lines: [sentence]}]}]} for units, cards and terrain.
nlohmann::json rules_book(const Ruleset& rules, const Options& options);

/// A card's condition as the end of "Only when ..." ("the unit is Elite"), or "" for none.
std::string card_condition_words(CardCondition c);

}  // namespace ancients::warfare
