// Strict loader of an edition's rules file (TOML): every key is known, every name resolves,
// the tables agree with each other; errors name the file and the line (see ruleset.h).
#include <fmt/format.h>

#include <toml++/toml.h>
#include <map>
#include <mutex>

#include "core/data_path.h"
#include "core/errors.h"
#include "games/warfare/ruleset.h"

namespace ancients::warfare {
namespace {

/// Reads values out of a toml++ tree, turning every problem into "file:line: message".
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const toml::source_region& where, const std::string& msg) const {
    throw BadInput(fmt::format("{}:{}: {}", file_, where.begin.line, msg));
  }

  void only_keys(const toml::table& t, std::initializer_list<std::string_view> allowed,
                 const std::string& what) const {
    for (auto&& [key, node] : t) {
      bool ok = false;
      for (auto a : allowed) ok = ok || key.str() == a;
      if (!ok) fail(key.source(), fmt::format("unknown key \"{}\" in {}", key.str(), what));
    }
  }

  const toml::table& table(const toml::node& n, const std::string& what) const {
    if (!n.is_table()) fail(n.source(), what + " must be a table");
    return *n.as_table();
  }

  int integer(const toml::table& t, std::string_view key, const std::string& what,
              std::optional<int> fallback = std::nullopt, int lo = 0, int hi = 1000) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) {
      if (fallback) return *fallback;
      fail(t.source(), fmt::format("{} is missing \"{}\"", what, key));
    }
    if (!n->is_integer()) fail(n->source(), fmt::format("{}.{} must be an integer", what, key));
    const auto v = n->as_integer()->get();
    if (v < lo || v > hi)
      fail(n->source(), fmt::format("{}.{} = {} is out of range {}..{}", what, key, v, lo, hi));
    return static_cast<int>(v);
  }

  bool boolean(const toml::table& t, std::string_view key, const std::string& what) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) return false;
    if (!n->is_boolean()) fail(n->source(), fmt::format("{}.{} must be true or false", what, key));
    return n->as_boolean()->get();
  }

  std::string string(const toml::table& t, std::string_view key, const std::string& what,
                     bool required) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) {
      if (required) fail(t.source(), fmt::format("{} is missing \"{}\"", what, key));
      return {};
    }
    if (!n->is_string()) fail(n->source(), fmt::format("{}.{} must be a string", what, key));
    return n->as_string()->get();
  }

  /// A list of strings, each with its source line.
  std::vector<std::pair<std::string, toml::source_region>> strings(const toml::node& n,
                                                                   const std::string& what) const {
    if (!n.is_array()) fail(n.source(), what + " must be a list of names");
    std::vector<std::pair<std::string, toml::source_region>> out;
    for (const auto& e : *n.as_array()) {
      if (!e.is_string()) fail(e.source(), what + " must contain only names");
      out.emplace_back(e.as_string()->get(), e.source());
    }
    return out;
  }

 private:
  std::string file_;
};

SpecialWhen parse_when(const Reader& r, const toml::table& t, const std::string& what) {
  const toml::node* n = t.get("when");
  if (n == nullptr) return SpecialWhen::kAlways;
  if (!n->is_string()) r.fail(n->source(), what + ".when must be a string");
  const std::string v = n->as_string()->get();
  if (v == "on-rough") return SpecialWhen::kOnRough;
  if (v == "on-clear") return SpecialWhen::kOnClear;
  if (v == "vs-non-missile") return SpecialWhen::kVsNonMissile;
  if (v == "vs-shock") return SpecialWhen::kVsShock;
  r.fail(n->source(), fmt::format("{}.when: unknown condition \"{}\" (known: on-rough, on-clear, "
                                  "vs-non-missile, vs-shock)",
                                  what, v));
}

void read_special(const Reader& r, const toml::table& t, UnitDef& u,
                  std::vector<std::pair<std::string, toml::source_region>>& becomes) {
  const std::string what = "units." + u.id + ".special";
  r.only_keys(
      t,
      {"name", "uses", "when", "attack_range", "indirect", "becomes", "move", "then", "then_move"},
      what);
  u.special_name = r.string(t, "name", what, true);
  const toml::node* uses = t.get("uses");
  if (uses == nullptr) r.fail(t.source(), what + " is missing \"uses\"");
  for (const auto& [use, where] : r.strings(*uses, what + ".uses")) {
    if (use == "attack")
      u.special_uses |= kSpecialAttack;
    else if (use == "defend")
      u.special_uses |= kSpecialDefend;
    else if (use == "knight-move")
      u.special_uses |= kSpecialKnightMove;
    else if (use == "dismount")
      u.special_uses |= kSpecialDismount;
    else if (use == "trample")
      u.special_uses |= kSpecialTrample;
    else if (use == "rally")
      u.special_uses |= kSpecialRally;
    else if (use == "kill-attacker")
      u.special_uses |= kSpecialKillAttacker;
    else
      r.fail(where, fmt::format("{}.uses: unknown use \"{}\" (known: attack, defend, knight-move, "
                                "dismount, trample, rally, kill-attacker)",
                                what, use));
  }
  u.trample_move = r.integer(t, "move", what, 1, 1, 12);
  const std::string then = r.string(t, "then", what, false);
  if (then == "move")
    u.then = SpecialThen::kMove;
  else if (then == "knight-move")
    u.then = SpecialThen::kKnightMove;
  else if (!then.empty())
    r.fail(t.get("then")->source(),
           fmt::format("{}.then: unknown \"{}\" (known: move, knight-move)", what, then));
  u.then_move = r.integer(t, "then_move", what, u.then == SpecialThen::kMove ? 1 : 0, 0, 12);
  if ((u.special_uses & kSpecialKillAttacker) != 0 && (u.special_uses & kSpecialDefend) == 0)
    r.fail(t.source(), what + ": \"kill-attacker\" needs \"defend\"");
  u.special_when = parse_when(r, t, what);
  u.special_range = r.integer(t, "attack_range", what, 0, 0, 12);
  u.special_indirect = r.boolean(t, "indirect", what);
  if (const toml::node* b = t.get("becomes")) {
    if (!b->is_string()) r.fail(b->source(), what + ".becomes must be a unit name");
    becomes.emplace_back(b->as_string()->get(), b->source());
  } else {
    becomes.emplace_back(std::string{}, t.source());
  }
  if ((u.special_uses & kSpecialDismount) != 0 && becomes.back().first.empty())
    r.fail(t.source(), what + ": \"dismount\" needs \"becomes\"");
}

/// Format 2: the type code ("SHI", "MLC", "D", "-") and the passive abilities of a unit.
void read_type_code(const Reader& r, const toml::table& t, const std::string& what, UnitDef& u) {
  u.code = r.string(t, "type", what, false);
  if (u.code != "-") {
    for (std::size_t i = 0; i < u.code.size(); ++i) {
      const char ch = u.code[i];
      const bool ok = (i == 0 && (ch == 'S' || ch == 'M' || ch == 'D')) ||
                      (i == 1 && (ch == 'H' || ch == 'L')) || (i == 2 && (ch == 'I' || ch == 'C'));
      if (!ok)
        r.fail(t.get("type")->source(),
               fmt::format("{}.type: \"{}\" is not a type code like SHI, MLC, MH, D or -", what,
                           u.code));
    }
  }
  const auto has = [&](std::size_t i, char ch) { return u.code.size() > i && u.code[i] == ch; };
  u.shock = has(0, 'S');
  u.missile = u.missile || has(0, 'M');
  u.heavy = has(1, 'H');
  u.light = has(1, 'L');
  u.infantry = has(2, 'I');
  u.cavalry = has(2, 'C');
  if (u.light && u.infantry) u.rough_free = u.pass_friends = true;  // Light Infantry
  u.attacks_per_turn = r.integer(t, "attacks_per_turn", what, 1, 1, 4);
  u.moves_per_turn = r.integer(t, "moves_per_turn", what, 1, 1, 4);
  u.per_pick = r.integer(t, "per_pick", what, 1, 1, 4);
  u.elephant = r.boolean(t, "elephant", what);
}

void read_units(const Reader& r, const toml::table& units, Ruleset& rs, int format) {
  std::vector<std::pair<std::string, toml::source_region>> becomes;
  for (auto&& [key, node] : units) {
    if (rs.units.size() >= kMaxUnitTypes) r.fail(key.source(), "too many unit types");
    UnitDef u;
    u.id = std::string(key.str());
    const std::string what = "units." + u.id;
    const auto& t = r.table(node, what);
    if (format >= 2)
      r.only_keys(t,
                  {"move", "range", "role", "loss", "missile", "rough_free", "pass_friends",
                   "no_rough", "no_attack_after_move", "note", "special", "type",
                   "attacks_per_turn", "moves_per_turn", "per_pick", "elephant"},
                  what);
    else
      r.only_keys(t,
                  {"move", "range", "role", "loss", "missile", "rough_free", "pass_friends",
                   "no_rough", "no_attack_after_move", "note", "special"},
                  what);
    u.move = r.integer(t, "move", what, std::nullopt, 0, 12);
    u.range = r.integer(t, "range", what, std::nullopt, 1, 12);
    u.loss = r.integer(t, "loss", what, 1, 0, 8);
    u.note = r.string(t, "note", what, false);
    const std::string role = r.string(t, "role", what, false);
    if (role.empty() || role == "unit")
      u.role = Role::kUnit;
    else if (role == "general")
      u.role = Role::kGeneral;
    else if (role == "camp")
      u.role = Role::kCamp;
    else
      r.fail(t.get("role")->source(), fmt::format("{}.role: unknown role \"{}\"", what, role));
    u.missile = r.boolean(t, "missile", what);
    u.rough_free = r.boolean(t, "rough_free", what);
    u.pass_friends = r.boolean(t, "pass_friends", what);
    u.no_rough = r.boolean(t, "no_rough", what);
    u.no_attack_after_move = r.boolean(t, "no_attack_after_move", what);
    if (format >= 2) read_type_code(r, t, what, u);
    if (const toml::node* s = t.get("special")) {
      read_special(r, r.table(*s, what + ".special"), u, becomes);
    } else {
      becomes.emplace_back(std::string{}, t.source());
    }
    if (u.role == Role::kGeneral) {
      if (rs.general != kNoUnitType) r.fail(key.source(), "a second unit with role \"general\"");
      rs.general = static_cast<UnitType>(rs.units.size());
    }
    if (u.role == Role::kCamp) {
      if (rs.camp != kNoUnitType) r.fail(key.source(), "a second unit with role \"camp\"");
      rs.camp = static_cast<UnitType>(rs.units.size());
    }
    rs.units.push_back(std::move(u));
  }
  for (std::size_t i = 0; i < rs.units.size(); ++i) {
    if (becomes[i].first.empty()) continue;
    const int b = rs.find_unit(becomes[i].first);
    if (b < 0) r.fail(becomes[i].second, fmt::format("unknown unit \"{}\"", becomes[i].first));
    rs.units[i].becomes = static_cast<UnitType>(b);
  }
}

int resolve_unit(const Reader& r, const Ruleset& rs, const std::string& name,
                 const toml::source_region& where) {
  const int u = rs.find_unit(name);
  if (u < 0) r.fail(where, fmt::format("unknown unit \"{}\"", name));
  return u;
}

void read_autokill(const Reader& r, const toml::table& t, Ruleset& rs) {
  for (auto&& [key, node] : t) {
    const int killer = resolve_unit(r, rs, std::string(key.str()), key.source());
    for (const auto& [name, where] : r.strings(node, "autokill." + std::string(key.str()))) {
      const int victim = resolve_unit(r, rs, name, where);
      if (rs.units[killer].autokills.test(victim))
        r.fail(where, fmt::format("\"{}\" is named twice in the row", name));
      rs.units[killer].autokills.set(victim);
    }
  }
}

void read_immunity(const Reader& r, const toml::table& t, Ruleset& rs) {
  for (auto&& [key, node] : t) {
    const int unit = resolve_unit(r, rs, std::string(key.str()), key.source());
    const std::string what = "immunity." + std::string(key.str());
    const auto& row = r.table(node, what);
    r.only_keys(row, {"to", "non_killers"}, what);
    if (const toml::node* to = row.get("to")) {
      for (const auto& [name, where] : r.strings(*to, what + ".to")) {
        const int attacker = resolve_unit(r, rs, name, where);
        if (rs.units[attacker].autokills.test(unit))
          r.fail(where, fmt::format("inconsistent tables: {} is immune to {}, which auto-kills it",
                                    key.str(), name));
        rs.units[unit].immune_to.set(attacker);
      }
    }
    if (r.boolean(row, "non_killers", what)) {
      for (std::size_t a = 0; a < rs.units.size(); ++a)
        if (!rs.units[a].autokills.test(unit)) rs.units[unit].immune_to.set(a);
    }
  }
}

CardCondition parse_condition(const Reader& r, const toml::table& t, const std::string& what) {
  const toml::node* n = t.get("condition");
  if (n == nullptr) return CardCondition::kNone;
  if (!n->is_string()) r.fail(n->source(), what + ".condition must be a string");
  const std::string v = n->as_string()->get();
  static const std::map<std::string, CardCondition> known = {
      {"supported", CardCondition::kSupported},
      {"outflank", CardCondition::kOutflank},
      {"elite", CardCondition::kElite},
      {"friend-adjacent", CardCondition::kFriendAdjacent},
      {"general-within-2", CardCondition::kGeneralWithin2},
      {"on-rough", CardCondition::kOnRough},
      {"friend-adjacent-to-target", CardCondition::kFriendAdjacentToTarget},
      {"moved", CardCondition::kMoved},
      {"shock", CardCondition::kShock},
      {"missile", CardCondition::kMissile},
      {"light", CardCondition::kLight},
      {"heavy-infantry", CardCondition::kHeavyInfantry}};
  auto it = known.find(v);
  if (it == known.end())
    r.fail(n->source(), fmt::format("{}.condition: unknown condition \"{}\"", what, v));
  return it->second;
}

void read_cards(const Reader& r, const toml::table& cards, Ruleset& rs) {
  for (auto&& [key, node] : cards) {
    if (rs.cards.size() >= kMaxCardTypes) r.fail(key.source(), "too many card types");
    CardDef c;
    c.id = std::string(key.str());
    const std::string what = "cards." + c.id;
    const auto& t = r.table(node, what);
    r.only_keys(t, {"count", "uses", "distance", "knight", "min_move", "condition", "effect"},
                what);
    c.count = r.integer(t, "count", what, std::nullopt, 1, 40);
    const toml::node* uses = t.get("uses");
    if (uses == nullptr) r.fail(t.source(), what + " is missing \"uses\"");
    for (const auto& [use, where] : r.strings(*uses, what + ".uses")) {
      if (use == "move")
        c.uses |= kUseMove;
      else if (use == "attack")
        c.uses |= kUseAttack;
      else if (use == "defend")
        c.uses |= kUseDefend;
      else if (use == "special")
        c.uses |= kUseSpecial;
      else if (use == "scout")
        c.uses |= kUseScout;
      else if (use == "charge")
        c.uses |= kUseCharge;
      else if (use == "negate-move")
        c.uses |= kUseNegateMove;
      else
        r.fail(where, fmt::format("{}.uses: unknown use \"{}\"", what, use));
    }
    if (const toml::node* d = t.get("distance")) {
      if (!d->is_array()) r.fail(d->source(), what + ".distance must be a list of numbers");
      for (const auto& e : *d->as_array()) {
        if (!e.is_integer() || e.as_integer()->get() < 1 || e.as_integer()->get() > 7)
          r.fail(e.source(), what + ".distance: each distance must be 1..7");
        c.distances |= static_cast<std::uint8_t>(1u << e.as_integer()->get());
      }
      if (!rs.move_exact) {
        // Maximum distances: one number N, any distance 1..N, for units of Move N or more.
        if (d->as_array()->size() != 1)
          r.fail(d->source(), what + ".distance: give one number (a maximum) in this edition");
        const int n = static_cast<int>(d->as_array()->get(0)->as_integer()->get());
        c.distances = static_cast<std::uint8_t>(((1u << (n + 1)) - 1) & ~1u);
        c.min_move = n;
        c.advance = n;
      }
    }
    c.knight = r.boolean(t, "knight", what);
    c.min_move = r.integer(t, "min_move", what, c.min_move, 0, 12);
    if (c.advance == 0)
      for (int k = 7; k >= 1; --k)
        if (c.distances & (1u << k)) c.advance = k;  // exact distances: the smallest
    c.condition = parse_condition(r, t, what);
    const std::string effect = r.string(t, "effect", what, false);
    if (effect == "recoil")
      c.effect = CardEffect::kRecoil;
    else if (!effect.empty())
      r.fail(t.get("effect")->source(),
             fmt::format("{}.effect: unknown effect \"{}\"", what, effect));
    const bool is_move = (c.uses & kUseMove) != 0;
    if (is_move && c.distances == 0 && !c.knight)
      r.fail(t.source(), what + ": a move card needs \"distance\" or \"knight = true\"");
    if (!is_move && (c.distances != 0 || c.knight))
      r.fail(t.source(), what + ": \"distance\"/\"knight\" only make sense on a move card");
    if ((c.uses & kUseSpecial) != 0) rs.special_ability = static_cast<CardType>(rs.cards.size());
    if ((c.uses & kUseScout) != 0) rs.scout = static_cast<CardType>(rs.cards.size());
    if ((c.uses & kUseNegateMove) != 0) rs.negate_move = static_cast<CardType>(rs.cards.size());
    if ((c.uses & kUseDefend) != 0 && c.condition == CardCondition::kOnRough)
      rs.rough_defense = static_cast<CardType>(rs.cards.size());
    rs.cards.push_back(std::move(c));
  }
}

}  // namespace

/// The attack restrictions between classes of the retreat edition (ancient-warfare.md §3):
/// Light Cavalry never attack Missile Infantry; cavalry other than Elephants never attack
/// Elephants; Heavy Cavalry attack Heavy Infantry only once it has retreated this turn.
void derive_retreat_restrictions(Ruleset& rs) {
  for (std::size_t a = 0; a < rs.units.size(); ++a) {
    const UnitDef& x = rs.units[a];
    for (std::size_t t = 0; t < rs.units.size(); ++t) {
      const UnitDef& y = rs.units[t];
      const bool lc_vs_mi = x.light && x.cavalry && y.missile && y.infantry;
      const bool horse_vs_elephant = x.cavalry && !x.elephant && y.elephant;
      if (lc_vs_mi || horse_vs_elephant) rs.never_attacks[a].set(t);
      if (x.heavy && x.cavalry && y.heavy && y.infantry) rs.only_retreated[a].set(t);
    }
  }
}

void derive_card_masks(Ruleset& rs) {
  rs.move_cards = rs.knight_cards = rs.attack_cards = rs.supported_attack_cards = 0;
  rs.move_cards_by_distance.fill(0);
  for (std::size_t c = 0; c < rs.cards.size(); ++c) {
    const CardDef& card = rs.cards[c];
    const std::uint32_t bit = 1u << c;
    if ((card.uses & kUseAttack) != 0) {
      rs.attack_cards |= bit;
      if (card.condition == CardCondition::kSupported) rs.supported_attack_cards |= bit;
    }
    if ((card.uses & kUseMove) == 0) continue;
    rs.move_cards |= bit;
    if (card.knight) rs.knight_cards |= bit;
    for (std::size_t d = 1; d < rs.move_cards_by_distance.size(); ++d)
      if ((card.distances & (1u << d)) != 0) rs.move_cards_by_distance[d] |= bit;
  }
}

namespace {

void read_house(const Reader& r, const toml::table& t, Ruleset& rs) {
  r.only_keys(t, {"pursuers"}, "[house]");
  if (const toml::node* p = t.get("pursuers"))
    for (const auto& [name, where] : r.strings(*p, "house.pursuers"))
      rs.units[resolve_unit(r, rs, name, where)].pursues = true;
}

/// [[turn]]: how a turn goes in words, for the rules book (core/turn_steps.h; an id that is no
/// unit's or card's).
void read_turn(const Reader& r, const toml::node& node, Ruleset& rs) {
  if (!node.is_array()) r.fail(node.source(), "turn must be a list of [[turn]] tables");
  for (const auto& item : *node.as_array()) {
    const toml::table& t = r.table(item, "a [[turn]] entry");
    r.only_keys(t, {"id", "title", "subtitle", "lines"}, "[[turn]]");
    TurnStep step;
    step.id = r.string(t, "id", "[[turn]]", true);
    const std::string where = "turn \"" + step.id + "\"";
    step.title = r.string(t, "title", where, true);
    step.subtitle = r.string(t, "subtitle", where, false);
    const toml::node* lines = t.get("lines");
    if (lines == nullptr) r.fail(t.source(), where + " has no lines");
    for (const auto& [line, at] : r.strings(*lines, where + " lines")) step.lines.push_back(line);
    if (const std::string problem = turn_step_problem(step, rs.turn); !problem.empty())
      r.fail(t.source(), problem);
    if (rs.find_unit(step.id) >= 0 || rs.find_card(step.id) >= 0)
      r.fail(t.get("id")->source(), "turn id \"" + step.id + "\" is a unit's or card's id");
    rs.turn.push_back(std::move(step));
  }
}

std::shared_ptr<const Ruleset> parse(const std::string& path) {
  Reader r(path);
  toml::table doc;
  try {
    doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw BadInput(fmt::format("{}:{}: {}", path, e.source().begin.line, e.description()));
  }
  auto rs = std::make_shared<Ruleset>();
  rs->source_file = path;
  r.only_keys(doc,
              {"format", "edition", "title", "rules", "units", "autokill", "immunity", "cards",
               "house", "turn"},
              "the rules file");
  rs->format = r.integer(doc, "format", "the rules file", std::nullopt, 1, 2);
  rs->edition = r.string(doc, "edition", "the rules file", true);
  rs->title = r.string(doc, "title", "the rules file", true);
  const toml::node* rules = doc.get("rules");
  if (rules == nullptr) r.fail(doc.source(), "missing [rules]");
  const auto& rt = r.table(*rules, "rules");
  r.only_keys(rt, {"combat", "move_distance", "loss_limit", "army_units", "elite_max"}, "[rules]");
  const std::string combat = r.string(rt, "combat", "rules", true);
  if (combat != "autokill" && combat != "retreat")
    r.fail(rt.get("combat")->source(),
           fmt::format("rules.combat: unknown combat \"{}\" (known: autokill, retreat)", combat));
  if (combat == "retreat" && rs->format < 2)
    r.fail(rt.get("combat")->source(), "rules.combat = \"retreat\" needs format = 2");
  rs->retreat = combat == "retreat";
  const std::string dist = r.string(rt, "move_distance", "rules", true);
  if (dist != "exact" && dist != "maximum")
    r.fail(rt.get("move_distance")->source(),
           "rules.move_distance must be \"exact\" or \"maximum\"");
  rs->move_exact = dist == "exact";
  rs->loss_limit = r.integer(rt, "loss_limit", "rules", std::nullopt, 1, 50);
  rs->army_units = r.integer(rt, "army_units", "rules", std::nullopt, 1, 24);
  rs->elite_max = r.integer(rt, "elite_max", "rules", std::nullopt, 0, 26);
  for (const char* section : {"units", "autokill", "immunity", "cards"})
    if (doc.get(section) == nullptr && !(rs->retreat && section[0] != 'u' && section[0] != 'c'))
      r.fail(doc.source(), fmt::format("missing [{}]", section));
  read_units(r, r.table(*doc.get("units"), "units"), *rs, rs->format);
  if (rs->general == kNoUnitType)
    r.fail(doc.get("units")->source(), "no unit has role \"general\"");
  if (rs->camp == kNoUnitType) r.fail(doc.get("units")->source(), "no unit has role \"camp\"");
  if (const toml::node* a = doc.get("autokill")) read_autokill(r, r.table(*a, "autokill"), *rs);
  if (const toml::node* i = doc.get("immunity")) read_immunity(r, r.table(*i, "immunity"), *rs);
  if (rs->retreat) derive_retreat_restrictions(*rs);
  if (const toml::node* h = doc.get("house")) read_house(r, r.table(*h, "house"), *rs);
  read_cards(r, r.table(*doc.get("cards"), "cards"), *rs);
  derive_card_masks(*rs);
  if (rs->special_ability == 0xFF)
    r.fail(doc.get("cards")->source(), "no card with use \"special\"");
  if (const toml::node* t = doc.get("turn")) read_turn(r, *t, *rs);
  return rs;
}

}  // namespace

int Ruleset::find_unit(std::string_view id) const {
  for (std::size_t i = 0; i < units.size(); ++i)
    if (units[i].id == id) return static_cast<int>(i);
  return -1;
}

int Ruleset::find_card(std::string_view id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

std::vector<CardType> Ruleset::full_deck() const {
  std::vector<CardType> deck;
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (int k = 0; k < cards[i].count; ++k) deck.push_back(static_cast<CardType>(i));
  return deck;
}

std::shared_ptr<const Ruleset> load_ruleset(const std::string& path) {
  return parse(path);
}

std::vector<std::string> builtin_editions() {
  return {"autokill", "retreat"};
}

std::shared_ptr<const Ruleset> builtin_ruleset(const std::string& edition) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  std::lock_guard lock(mutex);
  auto it = cache.find(edition);
  if (it != cache.end()) return it->second;
  bool known = false;
  for (const auto& e : builtin_editions()) known = known || e == edition;
  if (!known) throw BadInput(fmt::format("unknown edition \"{}\"", edition));
  auto rs = parse(data_path("warfare/" + edition + ".toml"));
  cache.emplace(edition, rs);
  return rs;
}

}  // namespace ancients::warfare
