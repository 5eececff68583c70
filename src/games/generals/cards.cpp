// The strict loader of Ancient Generals card data (see cards.h): every key is checked, every
// name resolved, every count added up; any fault is a BadInput naming the file and the line.
#include "games/generals/cards.h"

#include <toml++/toml.h>
#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <sstream>

#include "core/data_path.h"
#include "core/errors.h"

namespace ancients::generals {
namespace {

constexpr std::array<std::string_view, kEffectCount> kEffectNames = {"unit",
                                                                     "overrun",
                                                                     "bloodlust",
                                                                     "outflank",
                                                                     "shields",
                                                                     "defensible-terrain",
                                                                     "difficult-terrain",
                                                                     "treacherous-terrain",
                                                                     "reserve",
                                                                     "rally",
                                                                     "break-morale",
                                                                     "siege"};

/// The parameters each tactics effect takes (all required, no others allowed).
std::vector<std::string_view> effect_params(Effect e) {
  switch (e) {
    case Effect::kOverrun:
      return {"damage"};
    case Effect::kBloodlust:
      return {"force"};
    case Effect::kOutflank:
      return {"points"};
    case Effect::kShields:
      return {"types"};
    case Effect::kDefensibleTerrain:
      return {"types", "force"};
    case Effect::kTreacherousTerrain:
      return {"types", "force"};
    case Effect::kReserve:
      return {"draw"};
    default:
      return {};
  }
}

/// Reads one file's tables, failing with "source:line: message".
class Reader {
 public:
  explicit Reader(std::string source) : source_(std::move(source)) {}

  [[noreturn]] void fail(const toml::source_region& where, const std::string& message) const {
    throw BadInput(source_ + ":" + std::to_string(where.begin.line) + ": " + message);
  }
  [[noreturn]] void fail(const toml::node& node, const std::string& message) const {
    fail(node.source(), message);
  }

  void check_keys(const toml::table& table, std::initializer_list<std::string_view> allowed,
                  const std::string& where) const {
    for (auto&& [key, node] : table) {
      if (std::find(allowed.begin(), allowed.end(), key.str()) == allowed.end())
        fail(key.source(), "unknown key \"" + std::string(key.str()) + "\" in " + where);
    }
  }

  const toml::node& require(const toml::table& table, std::string_view key,
                            const std::string& where) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) fail(table, where + ": missing \"" + std::string(key) + "\"");
    return *node;
  }

  int integer(const toml::node& node, const std::string& what, int lo, int hi) const {
    const auto* value = node.as_integer();
    if (value == nullptr) fail(node, what + " must be an integer");
    const std::int64_t v = value->get();
    if (v < lo || v > hi)
      fail(node, what + " must be between " + std::to_string(lo) + " and " + std::to_string(hi) +
                     " (got " + std::to_string(v) + ")");
    return static_cast<int>(v);
  }

  std::string string(const toml::node& node, const std::string& what) const {
    const auto* value = node.as_string();
    if (value == nullptr) fail(node, what + " must be a string");
    return value->get();
  }

  const toml::array& array(const toml::node& node, const std::string& what) const {
    const auto* value = node.as_array();
    if (value == nullptr) fail(node, what + " must be an array");
    return *value;
  }

  const toml::table& table(const toml::node& node, const std::string& what) const {
    const auto* value = node.as_table();
    if (value == nullptr) fail(node, what + " must be a table");
    return *value;
  }

 private:
  std::string source_;
};

bool valid_name(const std::string& name) {
  if (name.empty() || name.front() < 'a' || name.front() > 'z' || name.back() == '-') return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

/// A list of type codes as a bit set over Cards::type_codes.
std::uint16_t type_set(const Reader& r, const Cards& cards, const toml::node& node,
                       const std::string& what) {
  std::uint16_t bits = 0;
  for (const auto& item : r.array(node, what)) {
    const std::string code = r.string(item, what + " entry");
    const auto it = std::find(cards.type_codes.begin(), cards.type_codes.end(), code);
    if (it == cards.type_codes.end()) r.fail(item, what + ": unknown unit type \"" + code + "\"");
    const auto bit = static_cast<std::uint16_t>(1U << (it - cards.type_codes.begin()));
    if (bits & bit) r.fail(item, what + ": type \"" + code + "\" listed twice");
    bits = static_cast<std::uint16_t>(bits | bit);
  }
  return bits;
}

void read_unit(const Reader& r, Cards& cards, const toml::table& t, CardInfo& card) {
  const std::string where = "unit \"" + card.name + "\"";
  r.check_keys(t, {"name", "type", "count", "force", "damage", "traits", "versus", "evade"}, where);
  const toml::node& type_node = r.require(t, "type", where);
  const std::string code = r.string(type_node, where + " type");
  const auto it = std::find(cards.type_codes.begin(), cards.type_codes.end(), code);
  if (it == cards.type_codes.end())
    r.fail(type_node, where + ": unknown unit type \"" + code + "\"");
  card.type = static_cast<int>(it - cards.type_codes.begin());
  card.force = r.integer(r.require(t, "force", where), where + " force", 0, 50);
  card.damage = r.integer(r.require(t, "damage", where), where + " damage", 0, 50);
  for (const auto& item : r.array(r.require(t, "traits", where), where + " traits")) {
    const std::string trait = r.string(item, where + " trait");
    bool& flag = trait == "scout" ? card.scout : card.flank;
    if (trait != "scout" && trait != "flank")
      r.fail(item, where + ": unknown trait \"" + trait + "\" (known: scout, flank)");
    if (flag) r.fail(item, where + ": trait \"" + trait + "\" listed twice");
    flag = true;
  }
  card.versus = type_set(r, cards, r.require(t, "versus", where), where + " versus");
  card.evade = type_set(r, cards, r.require(t, "evade", where), where + " evade");
}

void read_tactic(const Reader& r, Cards& cards, const toml::table& t, CardInfo& card) {
  const std::string where = "tactics card \"" + card.name + "\"";
  const toml::node& effect_node = r.require(t, "effect", where);
  const std::string effect = r.string(effect_node, where + " effect");
  const auto it = std::find(kEffectNames.begin() + 1, kEffectNames.end(), effect);
  if (it == kEffectNames.end()) r.fail(effect_node, where + ": unknown effect \"" + effect + "\"");
  card.effect = static_cast<Effect>(it - kEffectNames.begin());
  const auto params = effect_params(card.effect);
  for (auto&& [key, node] : t) {
    const std::string_view k = key.str();
    if (k == "name" || k == "count" || k == "effect" || k == "text") continue;
    if (std::find(params.begin(), params.end(), k) == params.end())
      r.fail(key.source(),
             "unknown key \"" + std::string(k) + "\" in " + where + " (effect \"" + effect + "\")");
  }
  for (const auto param : params) {
    const toml::node& node = r.require(t, param, where);
    if (param == "types")
      card.types = type_set(r, cards, node, where + " types");
    else
      card.amount = r.integer(node, where + " " + std::string(param), 0, 50);
  }
  if (const toml::node* text = t.get("text")) card.text = r.string(*text, where + " text");
}

/// [[turn]]: the steps of a turn in words (core/turn_steps.h; an id that is no card's name).
void read_turn(const Reader& r, const toml::array& list, Cards& cards) {
  for (const auto& item : list) {
    const toml::table& t = r.table(item, "turn entry");
    r.check_keys(t, {"id", "title", "subtitle", "lines"}, "turn entry");
    TurnStep step;
    step.id = r.string(r.require(t, "id", "turn entry"), "turn id");
    const std::string where = "turn \"" + step.id + "\"";
    step.title = r.string(r.require(t, "title", where), where + " title");
    if (const toml::node* sub = t.get("subtitle"))
      step.subtitle = r.string(*sub, where + " subtitle");
    for (const auto& line : r.array(r.require(t, "lines", where), where + " lines"))
      step.lines.push_back(r.string(line, "a line of " + where));
    if (const std::string problem = turn_step_problem(step, cards.turn); !problem.empty())
      r.fail(t, problem);
    if (cards.find(step.id) >= 0)
      r.fail(*t.get("id"), "turn id \"" + step.id + "\" is a card's name");
    cards.turn.push_back(std::move(step));
  }
}

void build_table(const Reader& r, const toml::table& root, Cards& cards) {
  CardTable& tab = cards.table;
  tab.kinds = static_cast<int>(cards.cards.size());
  tab.of_effect.fill(kNoCard);
  for (int k = 0; k < tab.kinds; ++k) {
    const CardInfo& c = cards.cards[k];
    const std::uint64_t bit = std::uint64_t{1} << k;
    tab.effect[k] = static_cast<std::uint8_t>(c.effect);
    tab.type[k] = static_cast<std::uint8_t>(c.type);
    tab.force[k] = static_cast<std::uint8_t>(c.force);
    tab.damage[k] = static_cast<std::uint8_t>(c.damage);
    tab.amount[k] = static_cast<std::uint8_t>(c.amount);
    tab.versus[k] = c.versus;
    tab.evade[k] = c.evade;
    tab.types[k] = c.types;
    if (c.effect == Effect::kUnit) {
      tab.unit_bits |= bit;
      if (c.scout) tab.scout_bits |= bit;
      if (c.flank) {
        tab.flank_bits |= bit;
        tab.flank_points[k] = 1;
      }
    } else if (c.effect == Effect::kSiege) {
      tab.siege_bits |= bit;
    } else {
      std::uint8_t& slot = tab.of_effect[static_cast<int>(c.effect)];
      if (slot != kNoCard)
        r.fail(root, "card \"" + c.name + "\" (line " + std::to_string(c.line) +
                         ") repeats effect \"" + std::string(effect_name(c.effect)) +
                         "\" of card \"" + cards.cards[slot].name + "\"");
      slot = static_cast<std::uint8_t>(k);
      if (c.effect == Effect::kOutflank) {
        tab.flank_bits |= bit;
        tab.flank_points[k] = static_cast<std::uint8_t>(c.amount);
      }
    }
  }
  for (int e = 1; e < kEffectCount; ++e) {
    if (static_cast<Effect>(e) == Effect::kSiege) continue;
    if (tab.of_effect[e] == kNoCard)
      r.fail(root, "no tactics card has effect \"" + std::string(kEffectNames[e]) + "\"");
  }
}

}  // namespace

std::string_view effect_name(Effect effect) {
  return kEffectNames[static_cast<int>(effect)];
}

int Cards::find(std::string_view name) const {
  for (std::size_t k = 0; k < cards.size(); ++k)
    if (cards[k].name == name) return static_cast<int>(k);
  return -1;
}

Cards parse_cards(std::string_view text, const std::string& source) {
  const Reader r(source);
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw BadInput(source + ":" + std::to_string(e.source().begin.line) + ": " +
                   std::string(e.description()));
  }
  Cards cards;
  cards.source = source;
  r.check_keys(root, {"format", "title", "rules", "types", "units", "tactics", "turn"}, "the file");
  cards.format = r.integer(r.require(root, "format", "the file"), "format", 1, 1);
  if (const toml::node* title = root.get("title")) cards.title = r.string(*title, "title");

  // [rules]
  const toml::table& rules = r.table(r.require(root, "rules", "the file"), "rules");
  r.check_keys(rules,
               {"deck", "units", "tactics", "deal", "hand", "scout_cards", "versus_bonus",
                "encircling_damage"},
               "[rules]");
  cards.deck = r.integer(r.require(rules, "deck", "[rules]"), "rules.deck", 2, 2 * kMaxCards);
  const int units_total = r.integer(r.require(rules, "units", "[rules]"), "rules.units", 0, 200);
  const int tactics_total =
      r.integer(r.require(rules, "tactics", "[rules]"), "rules.tactics", 0, 200);
  CardTable& tab = cards.table;
  tab.deal = r.integer(r.require(rules, "deal", "[rules]"), "rules.deal", 1, kMaxCards);
  tab.hand = r.integer(r.require(rules, "hand", "[rules]"), "rules.hand", 1, kMaxCards);
  tab.scout_cards =
      r.integer(r.require(rules, "scout_cards", "[rules]"), "rules.scout_cards", 0, kMaxCards);
  tab.versus_bonus =
      r.integer(r.require(rules, "versus_bonus", "[rules]"), "rules.versus_bonus", 0, 50);
  tab.encircling_damage =
      r.integer(r.require(rules, "encircling_damage", "[rules]"), "rules.encircling_damage", 0, 50);
  if (units_total + tactics_total != cards.deck)
    r.fail(rules, "rules: units (" + std::to_string(units_total) + ") + tactics (" +
                      std::to_string(tactics_total) + ") must equal deck (" +
                      std::to_string(cards.deck) + ")");
  if (2 * tab.deal > cards.deck)
    r.fail(rules, "rules: two deals of " + std::to_string(tab.deal) + " exceed the deck");

  // [types]
  const toml::table& types = r.table(r.require(root, "types", "the file"), "types");
  for (auto&& [key, node] : types) {
    const std::string code(key.str());
    if (code.empty() ||
        !std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
      r.fail(key.source(), "type code \"" + code + "\" must be upper-case letters");
    cards.type_codes.push_back(code);
    cards.type_names.push_back(r.string(node, "type " + code));
  }
  if (cards.type_codes.empty()) r.fail(types, "[types] is empty");
  if (cards.type_codes.size() > kMaxTypes)
    r.fail(types, "more than " + std::to_string(kMaxTypes) + " unit types");

  // [[units]] then [[tactics]]
  int unit_count = 0;
  int tactic_count = 0;
  for (const bool units : {true, false}) {
    const char* section = units ? "units" : "tactics";
    const toml::array& list = r.array(r.require(root, section, "the file"), section);
    for (const auto& item : list) {
      const toml::table& t = r.table(item, std::string(section) + " entry");
      CardInfo card;
      card.line = static_cast<int>(t.source().begin.line);
      card.name = r.string(r.require(t, "name", std::string(section) + " entry"), "name");
      if (!valid_name(card.name))
        r.fail(*t.get("name"),
               "card name \"" + card.name + "\" must be lower case letters, digits and hyphens");
      if (cards.find(card.name) >= 0)
        r.fail(*t.get("name"), "duplicate card \"" + card.name + "\"");
      card.count = r.integer(r.require(t, "count", "card \"" + card.name + "\""),
                             "card \"" + card.name + "\" count", 1, kMaxCards);
      if (units)
        read_unit(r, cards, t, card);
      else
        read_tactic(r, cards, t, card);
      (units ? unit_count : tactic_count) += card.count;
      if (cards.cards.size() >= kMaxKinds)
        r.fail(t, "more than " + std::to_string(kMaxKinds) + " kinds of card");
      cards.cards.push_back(std::move(card));
    }
  }
  if (unit_count != units_total)
    r.fail(root, "the unit cards add up to " + std::to_string(unit_count) + ", rules.units is " +
                     std::to_string(units_total));
  if (tactic_count != tactics_total)
    r.fail(root, "the tactics cards add up to " + std::to_string(tactic_count) +
                     ", rules.tactics is " + std::to_string(tactics_total));
  build_table(r, root, cards);
  if (const toml::node* turn = root.get("turn")) read_turn(r, r.array(*turn, "turn"), cards);
  for (std::size_t k = 0; k < cards.cards.size(); ++k)
    cards.by_name.push_back(static_cast<std::uint8_t>(k));
  std::sort(cards.by_name.begin(), cards.by_name.end(),
            [&](std::uint8_t a, std::uint8_t b) { return cards.name(a) < cards.name(b); });
  for (const auto& card : cards.cards) cards.json_names.push_back('"' + card.name + '"');
  return cards;
}

Cards load_cards(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadInput(path + ": cannot open the card data file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_cards(text.str(), path);
}

const Cards& standard_cards() {
  static const Cards cards = load_cards(data_path("generals/cards.toml"));
  return cards;
}

}  // namespace ancients::generals
