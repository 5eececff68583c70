// Ancient Warfare's rules book: how a turn goes (the rules file's [[turn]] steps) and every unit,
// card and terrain kind of an edition (with the house rules that change the tables) explained in
// words from the rules data, for the front ends to
// show where the player looks (the page's hover and tap, the terminal's `info`, `ancients
// rules`). Each entry is {id, title, subtitle?, stats: [[name, value]], lines: [sentence]}.
// The words for the data's mechanism names live here, once.
#include "games/warfare/explain.h"

#include <fmt/format.h>

#include <map>
#include <string>
#include <vector>

#include "core/words.h"

namespace ancients::warfare {

std::string card_condition_words(CardCondition c) {
  switch (c) {
    case CardCondition::kNone:
      return "";
    case CardCondition::kSupported:
      return "another friendly unit also has the target within its range and clear line";
    case CardCondition::kOutflank:
      return "the attacker stands on a rank closer to the opponent\u2019s back edge than the "
             "target";
    case CardCondition::kElite:
      return "the unit is Elite";
    case CardCondition::kFriendAdjacent:
      return "the target is adjacent to another friendly unit";
    case CardCondition::kGeneralWithin2:
      return "the friendly General is within 2 squares";
    case CardCondition::kOnRough:
      return "the unit stands on rough ground";
    case CardCondition::kFriendAdjacentToTarget:
      return "another friendly unit is adjacent to the target";
    case CardCondition::kMoved:
      return "the unit moved this turn";
    case CardCondition::kShock:
      return "the unit is a shock unit (type S\u2026)";
    case CardCondition::kMissile:
      return "the unit is a missile unit (type M\u2026)";
    case CardCondition::kLight:
      return "the unit is a light unit (type \u2026L\u2026)";
    case CardCondition::kHeavyInfantry:
      return "the unit is Heavy Infantry";
  }
  return "";
}

namespace {

using nlohmann::json;

std::string when_words(SpecialWhen w) {
  switch (w) {
    case SpecialWhen::kAlways:
      return "";
    case SpecialWhen::kOnRough:
      return "while standing on rough ground";
    case SpecialWhen::kOnClear:
      return "while standing on clear ground";
    case SpecialWhen::kVsNonMissile:
      return "against units that are not missile units";
    case SpecialWhen::kVsShock:
      return "against shock units";
  }
  return "";
}

std::string joined(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : sep) + i;
  return out;
}

std::string type_code_words(const std::string& code) {
  static const std::map<char, const char*> words = {
      {'S', "Shock"}, {'M', "Missile"},  {'D', "Defensive"}, {'H', "Heavy"},
      {'L', "Light"}, {'I', "Infantry"}, {'C', "Cavalry"}};
  std::vector<std::string> out;
  for (char c : code) {
    const auto it = words.find(c);
    out.emplace_back(it == words.end() ? std::string(1, c) : it->second);
  }
  return joined(out, " ");
}

std::string special_sentence(const Ruleset& rules, const UnitDef& u) {
  std::vector<std::string> uses;
  if (u.special_uses & kSpecialAttack) uses.emplace_back("attack");
  if (u.special_uses & kSpecialDefend) uses.emplace_back("defence");
  if (u.special_uses & kSpecialKnightMove) uses.emplace_back("a knight\u2019s-move jump");
  if (u.special_uses & kSpecialDismount) uses.emplace_back("dismount");
  if (u.special_uses & kSpecialTrample) uses.emplace_back("move then attack");
  if (u.special_uses & kSpecialRally) uses.emplace_back("defend an adjacent friendly unit");
  if (u.special_uses & kSpecialKillAttacker) uses.emplace_back("the attacker is destroyed");
  std::string t = fmt::format("Special ability \u201c{}\u201d", u.special_name);
  t += uses.empty() ? ": passive, needs no card"
                    : ": with a Special Ability card, " + joined(uses, " or ");
  if (const std::string w = when_words(u.special_when); !w.empty()) t += " " + w;
  if (u.special_range != 0) t += fmt::format(", at range {}", u.special_range);
  if (u.special_indirect) t += ", passing over units (indirect fire)";
  if (u.becomes != kNoUnitType) t += "; becomes " + title_case(rules.units[u.becomes].id);
  // The move generator takes one step to an empty square the unit may enter, then the attack.
  if ((u.special_uses & kSpecialTrample) != 0)
    t += fmt::format("; first moves exactly {} square{} to an empty square, then attacks",
                     u.trample_move, u.trample_move == 1 ? "" : "s");
  if (u.then == SpecialThen::kMove)
    t += fmt::format("; then moves away up to {} squares in a straight line (any direction)",
                     u.then_move);
  if (u.then == SpecialThen::kKnightMove) t += "; then a knight\u2019s-move jump";
  return t + ".";
}

std::vector<std::string> names_of(const Ruleset& rules, const std::bitset<kMaxUnitTypes>& set) {
  std::vector<std::string> out;
  for (std::size_t t = 0; t < rules.units.size(); ++t)
    if (set[t]) out.push_back(title_case(rules.units[t].id));
  return out;
}

json unit_entry(const Ruleset& rules, const Options& options, int type) {
  const UnitDef& u = rules.units[static_cast<std::size_t>(type)];
  json stats = json::array();
  stats.push_back({"Move", u.move == 0
                               ? std::string("cannot move")
                               : fmt::format("{} ({})", u.move,
                                             rules.move_exact ? "exact distances" : "at most")});
  stats.push_back({"Range", std::to_string(u.range)});
  if (!u.code.empty() && u.code != "-")
    stats.push_back({"Type", u.code + ": " + type_code_words(u.code)});
  // In a multiplayer battle a General lost breaks its player alone, unless it is the main
  // player's (multiplayer.md, "Breaking and victory").
  stats.push_back(
      {"Loss points",
       u.loss != 0 ? std::to_string(u.loss)
       : options.contingents
           ? std::string("none (losing the General breaks its player: its army leaves the field; "
                         "the main player's loses the battle for its side)")
           : std::string("none (losing the General loses the game)")});
  std::vector<std::string> lines;
  // The Camp (ancient-warfare.md §5): it never moves but may attack with a card.
  if (u.move == 0 && u.range > 0)
    lines.push_back(
        fmt::format("Never moves; may still attack with a card, at range {}.", u.range));
  if (!u.special_name.empty()) lines.push_back(special_sentence(rules, u));
  if (u.missile) lines.emplace_back("Missile unit: +1 range on a hill.");
  if (u.rough_free) lines.emplace_back("Does not stop on entering rough.");
  if (u.pass_friends) lines.emplace_back("May move through its own units.");
  if (u.no_rough) lines.emplace_back("Cannot enter rough.");
  if (u.no_attack_after_move) lines.emplace_back("Cannot attack after moving.");
  if (u.attacks_per_turn > 1)
    lines.push_back(fmt::format("May attack {} times a turn.", u.attacks_per_turn));
  if (u.moves_per_turn > 1)
    lines.push_back(fmt::format("May move {} times a turn.", u.moves_per_turn));
  if (u.per_pick > 1)
    lines.push_back(fmt::format("One pick of the army list gives {} units.", u.per_pick));
  if (u.elephant)
    lines.emplace_back("Destroyed when forced to retreat; other cavalry never attack it.");
  if (const auto kills = names_of(rules, u.autokills); !kills.empty())
    lines.push_back("Auto-kills (no card needed): " + joined(kills, ", ") + ".");
  std::bitset<kMaxUnitTypes> killed_by;
  for (std::size_t t = 0; t < rules.units.size(); ++t)
    killed_by[t] = rules.units[t].autokills[static_cast<std::size_t>(type)];
  if (const auto by = names_of(rules, killed_by); !by.empty())
    lines.push_back("Auto-killed by: " + joined(by, ", ") + ".");
  // Both ways (Knights and Light Horse): a play-test read the two lines as a contradiction.
  if (const auto both = names_of(rules, killed_by & u.autokills); !both.empty())
    lines.push_back("Auto-kills and is auto-killed by " + joined(both, ", ") +
                    ": each kills the other in its own battle phase when in range, so the side "
                    "whose battle phase comes first wins.");
  if (const auto immune = names_of(rules, u.immune_to); !immune.empty())
    lines.push_back("Immune to card attacks by " + joined(immune, ", ") + " (only recoils).");
  if (u.pursues && options.pursuit)
    lines.emplace_back("House rule \u201cpursuit\u201d: follows up a destroyed or recoiled enemy.");
  json e = {{"id", u.id}, {"title", title_case(u.id)}, {"stats", stats}, {"lines", lines}};
  if (!u.note.empty()) e["subtitle"] = "(" + u.note + ")";
  return e;
}

/// What playing a card for `use` does, in the edition's terms (the rules' turn: a card attack
/// and its answer), or "".
std::string use_words(const Ruleset& rules, const Options& options, CardUse use) {
  if (use == kUseAttack)
    return rules.retreat
               ? "In your battle phase, one of your units attacks an enemy unit within its Range "
                 "along a clear line: the target retreats, and a unit that cannot retreat is "
                 "destroyed."
               : "In your battle phase, one of your units attacks an enemy unit within its Range "
                 "along a clear line: the target is destroyed unless its owner answers with a "
                 "defence card (a target immune to the attacker is recoiled one square instead).";
  if (use == kUseDefend)
    return rules.retreat ? "Played in answer to a card attack on one of your units: the attack "
                           "is negated entirely (the unit neither retreats nor is destroyed)."
           : options.defend_autokill
               ? "Played in answer to an attack or an auto-kill on one of your units: it is not "
                 "destroyed (house rule: auto-kills may be answered too)."
               : "Played in answer to a card attack on one of your units: it is not destroyed "
                 "(an auto-kill cannot be answered).";
  return "";
}

json card_entry(const Ruleset& rules, const Options& options, int card) {
  const CardDef& c = rules.cards[static_cast<std::size_t>(card)];
  std::vector<std::string> uses;
  if (c.uses & kUseMove) uses.emplace_back("move");
  if (c.uses & kUseAttack) uses.emplace_back("attack");
  if (c.uses & kUseDefend) uses.emplace_back("defence");
  if (c.uses & kUseSpecial) uses.emplace_back("the unit\u2019s special ability");
  if (c.uses & kUseScout) uses.emplace_back("see the opponent\u2019s hand");
  if (c.uses & kUseCharge) uses.emplace_back("charge (move 1, then attack at range 1)");
  if (c.uses & kUseNegateMove) uses.emplace_back("cancel an opponent\u2019s move");
  std::vector<std::string> lines = {"Use: " + joined(uses, " or ") + "."};
  for (const CardUse use : {kUseAttack, kUseDefend})
    if ((c.uses & use) != 0) lines.push_back(use_words(rules, options, use));
  std::vector<std::string> distances;
  for (int d = 1; d < 8; ++d)
    if ((c.distances >> d) & 1) distances.push_back(std::to_string(d));
  // A card's numbers are exact distances in the autokill edition, a maximum in the retreat
  // edition (whose cards list every distance up to it).
  if (!distances.empty() && !rules.move_exact) distances = {distances.back()};
  if (!distances.empty())
    lines.push_back(fmt::format("Moves {} {} square{}.", rules.move_exact ? "exactly" : "up to",
                                joined(distances, " or "),
                                distances.size() == 1 && distances[0] == "1" ? "" : "s"));
  if (c.knight)
    lines.push_back(c.min_move != 0 ? fmt::format("A knight\u2019s-move jump, only for units of "
                                                  "Move {} or more.",
                                                  c.min_move)
                                    : std::string("A knight\u2019s-move jump."));
  if (c.advance != 0)
    // Any set of the player's units (ancient-warfare.md: no word of them touching; a
    // play-test expected a DBA group).
    lines.push_back(
        fmt::format("Or moves two or more of your units straight forward {} square{} "
                    "together (group advance): any of your units, side by side or "
                    "not, that have not moved.",
                    c.advance, c.advance == 1 ? "" : "s"));
  if (const std::string cond = card_condition_words(c.condition); !cond.empty())
    lines.push_back("Only when " + cond + ".");
  else if ((c.uses & (kUseAttack | kUseDefend)) != 0 && (c.uses & kUseCharge) == 0 &&
           c.effect == CardEffect::kNone)
    // A plain card (Attack, Push) said to be plain: the others' conditions made players look
    // for this one's (a play-test found Push "never explained").
    lines.emplace_back("No condition of its own: it may be played for any of your units.");
  if (c.effect == CardEffect::kRecoil)
    lines.emplace_back(rules.retreat
                           ? "The target then moves back one square: it may be played only where "
                             "the square behind the target is free (it is not a forced retreat)."
                           : "The target moves back one square instead of being destroyed (only "
                             "if that square is free).");
  if (card == rules.special_ability)
    lines.emplace_back(
        "Activates the special ability of the unit it is played for (see the unit).");
  // Copies in the whole shared deck, said as such: beside the deck's live count, "5 in the
  // deck" read as the copies left in it.
  lines.push_back(
      fmt::format("{} of the {} cards of the full deck.", c.count, rules.full_deck().size()));
  return {{"id", c.id},
          {"title", title_case(c.id)},
          {"subtitle", "card"},
          {"stats", json::array()},
          {"lines", lines}};
}

/// Summaries of shared/rules/ancient-warfare.md: the terrain kinds and rivers.
json terrain_entries(const Options& options) {
  const std::pair<const char*, const char*> kinds[] = {
      {"clear", "Open ground."},
      {"rough",
       "A unit entering must stop there (light foot excepted); War Wagons cannot enter. Rough "
       "Ground defence cards."},
      {"hill", "Missile units on a hill get +1 range."},
      {"steep-hill", "House terrain: a hill that stops movement like rough."},
      {"woods",
       "House terrain: stops movement like rough, blocks lines of sight (not indirect fire); War "
       "Wagons cannot enter."},
      {"built-up",
       "House terrain: a unit in a built-up area cannot be auto-killed (it may still auto-kill)."},
      {"impassable", "No unit may enter."},
      {"river",
       "House terrain, on a square edge: a unit crossing stops on the far bank; knight jumps "
       "ignore it."}};
  json out = json::array();
  for (const auto& [id, text] : kinds) {
    std::vector<std::string> lines = {text};
    if (std::string(id) == "hill" && options.house_terrain)
      lines.emplace_back(
          "House rule: a unit on a hill may use Rough Ground cards against attacks from lower "
          "ground.");
    out.push_back({{"id", id},
                   {"title", title_case(id)},
                   {"subtitle", "terrain"},
                   {"stats", json::array()},
                   {"lines", lines}});
  }
  return out;
}

}  // namespace

json rules_book(const Ruleset& rules, const Options& options) {
  json units = json::array(), cards = json::array();
  for (std::size_t t = 0; t < rules.units.size(); ++t)
    units.push_back(unit_entry(rules, options, static_cast<int>(t)));
  for (std::size_t c = 0; c < rules.cards.size(); ++c)
    cards.push_back(card_entry(rules, options, static_cast<int>(c)));
  json facts = json::array();
  facts.push_back(fmt::format("Moves are {} the distance of the card.",
                              rules.move_exact ? "exactly" : "up to"));
  facts.push_back(rules.retreat ? std::string("A card attack makes the target retreat (retreat "
                                              "edition); a unit that cannot retreat is destroyed.")
                                : std::string("A card attack destroys the target unless it "
                                              "defends (autokill edition)."));
  facts.push_back(
      fmt::format("A player who loses {} loss points, or the General, loses.", rules.loss_limit));
  // The setup's count, besides the two fixed pieces (a play-test read "11 units" against a
  // log's "Deploy 13 units").
  facts.push_back(
      fmt::format("An army has a General, a Camp and {} other units; at most {} may "
                  "be Elite.",
                  rules.army_units, rules.elite_max));
  json sections = json::array();
  if (json turn = turn_section(rules.turn); !turn.is_null()) sections.push_back(std::move(turn));
  sections.push_back({{"id", "units"}, {"title", "Units"}, {"entries", units}});
  sections.push_back({{"id", "cards"}, {"title", "Cards"}, {"entries", cards}});
  sections.push_back(
      {{"id", "terrain"}, {"title", "Terrain"}, {"entries", terrain_entries(options)}});
  return {{"game", "ancient-warfare"},
          {"title", rules.title},
          {"edition", rules.edition},
          {"facts", facts},
          {"sections", sections}};
}

}  // namespace ancients::warfare
