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
  r.fail(n->source(), fmt::format("{}.when: unknown condition \"{}\" (known: on-rough, on-clear, "
                                  "vs-non-missile)",
                                  what, v));
}

void read_special(const Reader& r, const toml::table& t, UnitDef& u,
                  std::vector<std::pair<std::string, toml::source_region>>& becomes) {
  const std::string what = "units." + u.id + ".special";
  r.only_keys(t, {"name", "uses", "when", "attack_range", "indirect", "becomes"}, what);
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
    else
      r.fail(where, fmt::format("{}.uses: unknown use \"{}\" (known: attack, defend, knight-move, "
                                "dismount, trample, rally)",
                                what, use));
  }
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

void read_units(const Reader& r, const toml::table& units, Ruleset& rs) {
  std::vector<std::pair<std::string, toml::source_region>> becomes;
  for (auto&& [key, node] : units) {
    if (rs.units.size() >= kMaxUnitTypes) r.fail(key.source(), "too many unit types");
    UnitDef u;
    u.id = std::string(key.str());
    const std::string what = "units." + u.id;
    const auto& t = r.table(node, what);
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
      {"on-rough", CardCondition::kOnRough}};
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
    }
    c.knight = r.boolean(t, "knight", what);
    c.min_move = r.integer(t, "min_move", what, 0, 0, 12);
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
    rs.cards.push_back(std::move(c));
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
              {"format", "edition", "title", "rules", "units", "autokill", "immunity", "cards"},
              "the rules file");
  rs->format = r.integer(doc, "format", "the rules file", std::nullopt, 1, 1);
  rs->edition = r.string(doc, "edition", "the rules file", true);
  rs->title = r.string(doc, "title", "the rules file", true);
  const toml::node* rules = doc.get("rules");
  if (rules == nullptr) r.fail(doc.source(), "missing [rules]");
  const auto& rt = r.table(*rules, "rules");
  r.only_keys(rt, {"combat", "move_distance", "loss_limit", "army_units", "elite_max"}, "[rules]");
  const std::string combat = r.string(rt, "combat", "rules", true);
  if (combat != "autokill")
    r.fail(rt.get("combat")->source(), fmt::format("rules.combat: unknown combat \"{}\"", combat));
  const std::string dist = r.string(rt, "move_distance", "rules", true);
  if (dist != "exact" && dist != "maximum")
    r.fail(rt.get("move_distance")->source(),
           "rules.move_distance must be \"exact\" or \"maximum\"");
  rs->move_exact = dist == "exact";
  rs->loss_limit = r.integer(rt, "loss_limit", "rules", std::nullopt, 1, 50);
  rs->army_units = r.integer(rt, "army_units", "rules", std::nullopt, 1, 24);
  rs->elite_max = r.integer(rt, "elite_max", "rules", std::nullopt, 0, 26);
  for (const char* section : {"units", "autokill", "immunity", "cards"})
    if (doc.get(section) == nullptr) r.fail(doc.source(), fmt::format("missing [{}]", section));
  read_units(r, r.table(*doc.get("units"), "units"), *rs);
  if (rs->general == kNoUnitType)
    r.fail(doc.get("units")->source(), "no unit has role \"general\"");
  if (rs->camp == kNoUnitType) r.fail(doc.get("units")->source(), "no unit has role \"camp\"");
  read_autokill(r, r.table(*doc.get("autokill"), "autokill"), *rs);
  read_immunity(r, r.table(*doc.get("immunity"), "immunity"), *rs);
  read_cards(r, r.table(*doc.get("cards"), "cards"), *rs);
  if (rs->special_ability == 0xFF)
    r.fail(doc.get("cards")->source(), "no card with use \"special\"");
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
  return {"autokill"};
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
