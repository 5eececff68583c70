// Ancient Generals' rules book: how a turn goes (the card data's [[turn]] steps) and every card
// of the deck explained in words from the card data (a unit's type, Force, Damage and traits; a
// tactic's text), for the front ends to show where the player looks. Entries have the shape of
// Ancient Warfare's (see core/game_descriptor.h).
#include "games/generals/explain.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "core/words.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

std::string type_names(const Cards& cards, std::uint16_t bits) {
  std::string out;
  for (std::size_t t = 0; t < cards.type_codes.size(); ++t)
    if ((bits >> t) & 1U) out += (out.empty() ? "" : ", ") + cards.type_names[t];
  return out;
}

/// The type codes whose bits are set, "EL, HI, WB", for a card's face.
std::string type_codes(const Cards& cards, std::uint32_t bits) {
  std::string out;
  for (std::size_t t = 0; t < cards.type_codes.size(); ++t)
    if ((bits >> t) & 1U) out += (out.empty() ? "" : ", ") + cards.type_codes[t];
  return out;
}

json card_entry(const Cards& cards, const CardInfo& c) {
  std::vector<std::string> lines;
  json e = {{"id", c.name}, {"title", title_case(c.name)}};
  if (c.effect == Effect::kUnit) {
    const auto type = static_cast<std::size_t>(c.type);
    const std::string type_name = type < cards.type_names.size() ? cards.type_names[type] : "";
    if (c.versus != 0)
      lines.push_back(fmt::format("+{} Force against {}.", cards.table.versus_bonus,
                                  type_names(cards, c.versus)));
    if (c.evade != 0) lines.push_back(fmt::format("Evades {}.", type_names(cards, c.evade)));
    if (c.scout)
      lines.emplace_back(
          "Scout: may be discarded in the Scout phase to see the opponent\u2019s hand or the "
          "next cards of a deck.");
    if (c.flank)
      lines.emplace_back("Flank: may be discarded in the Flank phase for 1 flank point.");
    if (!c.text.empty()) lines.push_back(c.text + ".");
    std::vector<std::string> traits;
    if (c.scout) traits.emplace_back("Scout");
    if (c.flank) traits.emplace_back("Flank");
    std::string trait_list;
    for (const auto& t : traits) trait_list += (trait_list.empty() ? "" : ", ") + t;
    e["subtitle"] = type_name + " unit";
    e["stats"] =
        json::array({json::array({"Type", type < cards.type_codes.size() ? cards.type_codes[type]
                                                                         : std::string()}),
                     json::array({"Force", std::to_string(c.force)}),
                     json::array({"Damage", std::to_string(c.damage)}),
                     json::array({"Traits", trait_list.empty() ? "\u2014" : trait_list})});
    // The bonus and the evades in short, for the card's face (the lines say them in full).
    if (c.versus != 0)
      e["stats"].push_back(json::array(
          {fmt::format("+{} vs", cards.table.versus_bonus), type_codes(cards, c.versus)}));
    if (c.evade != 0) e["stats"].push_back(json::array({"Evades", type_codes(cards, c.evade)}));
  } else {
    if (!c.text.empty()) lines.push_back(c.text + ".");
    if (c.effect == Effect::kSiege)
      lines.emplace_back(
          "Played in the Artillery phase, once a turn: the opponent loses the top card of the "
          "deck.");
    e["subtitle"] = "tactics card";
    e["stats"] = json::array();
  }
  // Copies in the common deck the players' decks are dealt from, said as such: beside a
  // deck's live count, "4 in the deck" read as the copies left in it.
  lines.push_back(
      fmt::format("{} of the {} cards of the common deck, from which each player is dealt {}.",
                  c.count, cards.deck, cards.table.deal));
  e["lines"] = lines;
  return e;
}

}  // namespace

json rules_book(const Cards& cards) {
  json units = json::array(), tactics = json::array();
  for (const CardInfo& c : cards.cards)
    (c.effect == Effect::kUnit ? units : tactics).push_back(card_entry(cards, c));
  json facts = json::array();
  facts.push_back(
      fmt::format("The {}-card common deck is dealt out, {} cards to each player\u2019s "
                  "own deck.",
                  cards.deck, cards.table.deal));
  facts.push_back(fmt::format("The Draw phase fills the hand up to {} cards.", cards.table.hand));
  // As the game ends (GeneralsState::take_top, end_turn): cards in hand do not count.
  facts.push_back(
      "A player loses as soon as its deck and reserve pile are both empty (cards in hand do not "
      "count); both players at once is a draw, and so is reaching the turn limit.");
  json sections = json::array();
  if (json turn = turn_section(cards.turn); !turn.is_null()) sections.push_back(std::move(turn));
  sections.push_back({{"id", "units"}, {"title", "Unit cards"}, {"entries", units}});
  sections.push_back({{"id", "tactics"}, {"title", "Tactics cards"}, {"entries", tactics}});
  return {{"game", "ancient-generals"},
          {"title", cards.title},
          {"facts", facts},
          {"sections", sections}};
}

}  // namespace ancients::generals
