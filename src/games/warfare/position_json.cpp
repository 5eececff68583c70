// Ancient Warfare: the position JSON of the interchange contract (shared/rules/
// positions-and-notation.md), written from a state and read back strictly: only structure is
// refused (JSON shape, unknown names, squares off the board, two units on a square, an
// impossible phase / to_act / pending combination), then what no game can reach
// (position_checks.h); partial positions are valid.
#include <fmt/format.h>

#include <algorithm>

#include "core/errors.h"
#include "core/json_writer.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/position_checks.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

const char* position_phase_name(Phase p) {
  static const char* names[] = {"deploy", "orders", "move", "battle", "over", "battlefield"};
  return names[static_cast<int>(p)];
}

template <class Writer>
void write_cards(Writer& w, const Ruleset& rules, const std::uint8_t* counts) {
  w.begin_array();
  for (std::size_t c = 0; c < rules.cards.size(); ++c)
    for (int k = 0; k < counts[c]; ++k) w.string(rules.cards[c].id);
  w.end_array();
}

std::string entry_text(const Ruleset& rules, const ArmyEntry& e) {
  return rules.units[e.type].id + (e.elite ? "*" : "") + (e.general ? "!" : "");
}

}  // namespace

nlohmann::json WarfareState::position_json(bool with_deck) const {
  PositionShape shape;
  shape.deck_list = with_deck;
  return json_tree([&](auto& w) { write_position(w, shape); });
}

template <class Writer>
void WarfareState::write_position(Writer& w, const PositionShape& shape) const {
  const int size = geo_->width;  // square names (a field is square: width = height)
  w.begin_object();
  w.key("game").string("ancient-warfare");
  w.key("edition").string(rules_->edition);
  w.key("options");
  write_options(w, options_);
  // The wide board of a multiplayer battle with 3 players on a side: its files (ranks are
  // options.board). Square boards leave it out.
  if (geo_->width != geo_->height) w.key("width").integer(geo_->width);
  w.key("turn").integer(turn_);
  w.key("active").integer(active_);
  w.key("to_act");
  if (phase_ == Phase::kOver)
    w.null();
  else
    w.integer(to_act_);
  w.key("phase").string(position_phase_name(phase_));
  w.key("terrain").begin_object();
  for (int sq = 0; sq < geo_->squares; ++sq)
    if (terrain_[sq] != 0) w.key(square_name_view(sq, size)).string(kTerrainNames[terrain_[sq]]);
  w.end_object();
  // The river's edges as rivers() lists them, walked in place (no list made for each view).
  bool river = false;
  for (int sq = 0; sq < geo_->squares; ++sq) {
    if (river_[sq] == 0) continue;
    for (int d : {0, 2}) {
      if (((river_[sq] >> d) & 1) == 0) continue;
      if (!river) w.key("rivers").begin_array();
      river = true;
      w.begin_array()
          .string(square_name_view(sq, size))
          .string(square_name_view(geo_->step(sq, d), size))
          .end_array();
    }
  }
  if (river) w.end_array();
  if (phase_ == Phase::kBattlefield || field_.count > 0)
    w.key("battlefield").tree(field_to_json(field_, size));
  w.key("units").begin_array();
  for (int i = 0; i < unit_count_ && shape.units; ++i) {
    const Unit& u = units_[i];
    w.begin_object();
    w.key("square").string(square_name_view(u.square, size));
    w.key("owner").integer(u.player);  // the player number (= the side without contingents)
    w.key("type").string(rules_->units[u.type].id);
    w.key("elite").boolean(u.elite != 0);
    w.key("moved").boolean(u.moves != 0);
    w.key("attacks").integer(u.attacks);
    w.key("retreats").integer(u.retreats);
    if (u.moves > 1) w.key("moves").integer(u.moves);
    if (u.general) w.key("general").boolean(true);
    w.end_object();
  }
  w.end_array();
  const int players = player_count();
  w.key("hands").begin_object();
  for (int p = 1; p <= players; ++p) {
    w.key(std::to_string(p));
    if (shape.listed_hand != 0 && p != shape.listed_hand) {
      w.integer(hand_size(p));
    } else if (shape.listed_as_size) {
      int n = 0;
      for (std::size_t c = 0; c < rules_->cards.size(); ++c) n += hand_[p - 1][c];
      w.integer(n);
    } else {
      write_cards(w, *rules_, hand_[p - 1].data());
    }
  }
  w.end_object();
  w.key("deck");
  if (shape.deck_list) {
    w.begin_array();
    for (int i = deck_size_ - 1; i >= 0; --i) w.string(rules_->cards[deck_[i]].id);
    w.end_array();
  } else {
    w.integer(shape.deck_size >= 0 ? shape.deck_size : deck_size_);
  }
  w.key("discard");
  write_cards(w, *rules_, discard_.data());
  w.key("lost").begin_object();
  for (int p = 1; p <= players; ++p) w.key(std::to_string(p)).integer(lost_[p - 1]);
  w.end_object();
  if (options_.contingents) {  // multiplayer.md, "Contract additions"
    w.key("players").begin_object();
    for (int p = 1; p <= players; ++p) {
      w.key(std::to_string(p)).begin_object();
      w.key("side").integer(side_of(p));
      w.key("role").string(p == main_player(side_of(p)) ? "main" : "contingent");
      w.key("broken").boolean(broken(p));
      if (const std::string army = army_name(p); !army.empty()) w.key("army").string(army);
      w.end_object();
    }
    w.end_object();
  }
  w.key("pending");
  if (pending_.kind == Pending::kNone)
    w.null();
  else
    w.begin_object()
        .key(pending_.kind == Pending::kMove ? "move" : "attack")
        .string(pending_text())
        .end_object();
  w.key("winner");
  if (winner_ == kNotOver)
    w.null();
  else if (winner_ == kDraw)
    w.string("draw");
  else
    w.integer(winner_);
  // The known cards the view may show (shape.known_for), as scrub_for keeps them.
  const auto shows_known = [&](int p) {
    return shape.known_for == 0 || p == shape.known_for || known_of_[p - 1] == shape.known_for;
  };
  const auto holds_known = [&](int p) {
    if (!shows_known(p)) return false;
    for (std::size_t c = 0; c < rules_->cards.size(); ++c)
      if (known_[p - 1][c] != 0) return true;
    return false;
  };
  bool any_known = false;
  for (int p = 1; p <= players; ++p) any_known |= holds_known(p);
  if (any_known && shape.known) {
    w.key("known").begin_object();
    for (int p = 1; p <= players; ++p)
      if (holds_known(p)) {
        w.key(std::to_string(p));
        write_cards(w, *rules_, known_[p - 1].data());
      }
    w.end_object();
    // Contingents: whose hand each player's known cards are from (Scout names one player).
    if (options_.contingents) {
      w.key("known_of").begin_object();
      for (int p = 1; p <= players; ++p)
        if (holds_known(p)) w.key(std::to_string(p)).integer(known_of_[p - 1]);
      w.end_object();
    }
  }
  int reserves_left = 0;
  for (int p = 0; p < players; ++p) reserves_left += reserve_count_[p];
  if (reserves_left > 0) {
    w.key("reserves").begin_object();
    for (int p = 1; p <= players; ++p) {
      w.key(std::to_string(p)).begin_array();
      for (int i = 0; i < reserve_count_[p - 1]; ++i)
        w.string(entry_text(*rules_, reserves_[p - 1][i]));
      w.end_array();
    }
    w.end_object();
  }
  if (group_.count > 0 && pending_.kind != Pending::kMove) {
    w.key("group").begin_object();
    w.key("card").string(rules_->cards[group_.card].id);
    w.key("squares").begin_array();
    for (int i = 0; i < group_.count; ++i) w.string(square_name(group_.squares[i], size));
    w.end_array();
    w.end_object();
  }
  if (shape.rng) {
    w.key("rng").begin_array();
    for (auto word : rng_.words()) w.string(fmt::format("{:016x}", word));
    w.end_array();
  }
  if (shape.viewer >= 0) w.key("viewer").integer(shape.viewer);
  w.end_object();
}
template void WarfareState::write_position(JsonWriter&, const PositionShape&) const;
template void WarfareState::write_position(JsonTreeWriter&, const PositionShape&) const;

std::string WarfareState::pending_text() const {
  const int size = geo_->width;
  if (pending_.kind == Pending::kNone) return {};
  if (pending_.kind == Pending::kMove) {
    if (action_kind(pending_.action) != Kind::kGroupDone) return action_text(pending_.action);
    std::string text = "advance " + rules_->cards[group_.card].id + " ";
    for (int i = 0; i < group_.count; ++i)
      text += (i ? "," : "") + square_name(group_.squares[i], size);
    return text;
  }
  const std::string from = square_name(pending_.from, size);
  const std::string to = square_name(pending_.target, size);
  std::string text;
  if (pending_.kind == Pending::kAutokill)
    text = fmt::format("autokill {}x{}", from, to);
  else if (pending_.via != kNoSquare)
    text = fmt::format("attack {} {}-{}x{}", rules_->cards[pending_.card].id, from,
                       square_name(pending_.via, size), to);
  else
    text = fmt::format("attack {} {}x{}", rules_->cards[pending_.card].id, from, to);
  if (pending_.dest != kNoSquare) text += "-" + square_name(pending_.dest, size);
  return text;
}

namespace {

/// Strict reading helpers that name the field at fault.
struct PositionReader {
  const json& j;
  const Ruleset& rules;
  int size;     ///< files
  int height;   ///< ranks
  int players;  ///< 2, or 3 to 6 with contingents

  [[noreturn]] static void fail(const std::string& msg) { throw BadInput("position: " + msg); }

  const json* field(const char* key) const {
    auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
  }
  int integer(const json& v, const std::string& what, int lo, int hi) const {
    if (!v.is_number_integer()) fail(what + " must be an integer");
    const auto x = v.get<long long>();
    if (x < lo || x > hi) fail(fmt::format("{} must be from {} to {} (got {})", what, lo, hi, x));
    return static_cast<int>(x);
  }
  int player(const json& v, const std::string& what) const { return integer(v, what, 1, players); }
  int square(const json& v, const std::string& what) const {
    if (!v.is_string()) fail(what + " must be a square name like \"c4\"");
    auto sq = parse_square(v.get<std::string>(), size, height);
    if (!sq)
      fail(fmt::format("{}: \"{}\" is not a square of the {}x{} board", what, v.get<std::string>(),
                       size, height));
    return *sq;
  }
  CardType card(const json& v, const std::string& what) const {
    if (!v.is_string()) fail(what + " must be a card name");
    const int c = rules.find_card(v.get<std::string>());
    if (c < 0) fail(fmt::format("{}: unknown card \"{}\"", what, v.get<std::string>()));
    return static_cast<CardType>(c);
  }
  UnitType unit_type(const std::string& name, const std::string& what) const {
    const int t = rules.find_unit(name);
    if (t < 0) fail(fmt::format("{}: unknown unit type \"{}\"", what, name));
    return static_cast<UnitType>(t);
  }
  std::vector<CardType> card_list(const json& v, const std::string& what) const {
    if (!v.is_array()) fail(what + " must be a list of card names");
    std::vector<CardType> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const json& e = v[i];
      const int c = e.is_string() ? rules.find_card(e.get_ref<const std::string&>()) : -1;
      if (c < 0) card(e, fmt::format("{}[{}]", what, i));  // throws with the name at fault
      out.push_back(static_cast<CardType>(c));
    }
    return out;
  }
  const json& per_player(const json& v, const std::string& what, int p) const {
    if (!v.is_object())
      fail(fmt::format("{} must be an object keyed by player number (\"1\" to \"{}\")", what,
                       players));
    for (const auto& [key, value] : v.items())
      if (key.size() != 1 || key[0] < '1' || key[0] > '0' + players)
        fail(fmt::format("{}: unknown player \"{}\"", what, key));
    auto it = v.find(std::to_string(p));
    static const json empty;
    return it == v.end() ? empty : *it;
  }
};

/// A pending move of the retreat edition: {"move": "move CARD FROM-TO" | "advance CARD SQ,..." |
/// "attack CARD FROM-VIAxTO"}, awaiting the opponent's Difficult Ground answer.
Pending parse_pending_move(const PositionReader& r, WarfareState& s, const std::string& text) {
  const auto bad = [&](const std::string& why) {
    r.fail(fmt::format("pending move \"{}\": {}", text, why));
  };
  if (s.rules().negate_move == 0xFF) bad("this edition has no Difficult Ground");
  std::vector<std::string> w;
  for (std::size_t i = 0, j = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == ' ') {
      if (i > j) w.push_back(text.substr(j, i - j));
      j = i + 1;
    }
  if (w.size() != 3) bad("expected `move CARD FROM-TO`, `advance CARD SQ,...` or `attack ...`");
  const CardType c = r.card(json(w[1]), "pending move card");
  Pending p;
  p.kind = Pending::kMove;
  p.card = c;
  auto own_unit = [&](int sq) {
    if (s.unit_at(sq) < 0 || s.unit(s.unit_at(sq)).player != s.active())
      bad("no unit of the active player stands on " + square_name(sq, r.size));
  };
  if (w[0] == "move") {
    const auto dash = w[2].find('-');
    if (dash == std::string::npos) bad("expected FROM-TO");
    const int from = r.square(json(w[2].substr(0, dash)), "pending move");
    const int to = r.square(json(w[2].substr(dash + 1)), "pending move");
    own_unit(from);
    if (s.unit_at(to) >= 0) bad("the destination is occupied");
    p.action = make_action(Kind::kMove, c, from, to);
  } else if (w[0] == "advance") {
    GroupBuild& g = s.group();
    g = GroupBuild{};
    g.card = c;
    for (std::size_t i = 0, j = 0; i <= w[2].size(); ++i)
      if (i == w[2].size() || w[2][i] == ',') {
        const int sq = r.square(json(w[2].substr(j, i - j)), "pending move");
        own_unit(sq);
        if (g.count >= kMaxArmy) bad("too many squares");
        g.squares[g.count++] = static_cast<std::uint8_t>(sq);
        j = i + 1;
      }
    if (g.count < 2) bad("a group advance needs two or more units");
    p.action = make_action(Kind::kGroupDone);
  } else if (w[0] == "attack") {
    const auto dash = w[2].find('-'), x = w[2].find('x');
    if (dash == std::string::npos || x == std::string::npos || x < dash)
      bad("expected `attack CARD FROM-VIAxTO`");
    const int from = r.square(json(w[2].substr(0, dash)), "pending move");
    const int via = r.square(json(w[2].substr(dash + 1, x - dash - 1)), "pending move");
    const int to = r.square(json(w[2].substr(x + 1)), "pending move");
    own_unit(from);
    if (s.unit_at(via) >= 0) bad("the square moved to is occupied");
    if (s.unit_at(to) < 0 || s.unit(s.unit_at(to)).owner == s.side_of(s.active()))
      bad("no enemy unit stands on the target square");
    p.action = make_action(Kind::kTrample, c, from, via, to);
  } else {
    bad("expected a move, advance or move-then-attack action");
  }
  p.from = static_cast<std::uint8_t>(action_a(p.action));
  return p;
}

Pending parse_pending(const PositionReader& r, const WarfareState& s, const json& v) {
  if (!v.is_object() || v.size() != 1 || !v.contains("attack") || !v["attack"].is_string())
    r.fail("pending must be null, {\"attack\": \"ACTION\"} or {\"move\": \"ACTION\"}");
  const std::string text = v["attack"].get<std::string>();
  const auto bad = [&](const std::string& why) {
    r.fail(fmt::format("pending attack \"{}\": {}", text, why));
  };
  Pending p;
  std::string squares;
  if (text.rfind("autokill ", 0) == 0) {
    p.kind = Pending::kAutokill;
    squares = text.substr(9);
  } else if (text.rfind("attack ", 0) == 0) {
    p.kind = Pending::kCardAttack;
    const auto sp = text.find(' ', 7);
    if (sp == std::string::npos) bad("expected `attack CARD FROMxTO`");
    p.card = r.card(json(text.substr(7, sp - 7)), "pending attack card");
    squares = text.substr(sp + 1);
  } else {
    bad("expected an attack or autokill action");
  }
  const auto x = squares.find('x');
  if (x == std::string::npos) bad("expected FROMxTO");
  std::string from = squares.substr(0, x);
  const std::string to = squares.substr(x + 1);
  const auto dash = from.find('-');
  if (dash != std::string::npos) {
    p.via = static_cast<std::uint8_t>(r.square(json(from.substr(dash + 1)), "pending attack"));
    from = from.substr(0, dash);
  }
  p.from = static_cast<std::uint8_t>(r.square(json(from), "pending attack"));
  std::string target = to;
  if (const auto dash2 = to.find('-'); dash2 != std::string::npos) {  // attack then move away
    p.dest = static_cast<std::uint8_t>(r.square(json(to.substr(dash2 + 1)), "pending attack"));
    target = to.substr(0, dash2);
    if (s.unit_at(p.dest) >= 0) bad("the square to move away to is occupied");
  }
  p.target = static_cast<std::uint8_t>(r.square(json(target), "pending attack"));
  p.attacker = p.via != kNoSquare ? p.via : p.from;
  const int ai = s.unit_at(p.attacker), ti = s.unit_at(p.target);
  if (ai < 0 || s.unit(ai).player != s.active())
    bad("no unit of the active player stands on the attacking square");
  if (ti < 0 || s.unit(ti).owner == s.side_of(s.active()))
    bad("no enemy unit stands on the target square");
  if (!s.geo().line(p.attacker, p.target)) bad("the target is not on a straight line");
  return p;
}

}  // namespace

std::unique_ptr<WarfareState> warfare_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw BadInput("position: expected a JSON object");
  if (!j.contains("game") || j["game"] != "ancient-warfare")
    throw BadInput("position: \"game\" must be \"ancient-warfare\"");
  if (!j.contains("edition") || !j["edition"].is_string())
    throw BadInput("position: missing \"edition\" (for example \"autokill\")");
  const auto options_it = j.find("options");
  const Options options = options_from_json(options_it != j.end() ? *options_it : json());
  auto rules = ruleset_for(j["edition"].get<std::string>(), options);
  auto s = std::make_unique<WarfareState>(rules.get(), options);
  PositionReader r{j, *rules, options.width(), options.board, options.players()};
  if (const json* w = r.field("width"); w != nullptr && *w != options.width())
    r.fail(fmt::format("width {} does not match the options: the board is {} files wide", w->dump(),
                       options.width()));

  // Phase, players and turn.
  const json* phase_v = r.field("phase");
  if (phase_v == nullptr || !phase_v->is_string()) r.fail("missing \"phase\"");
  Phase phase;
  const std::string ph = phase_v->get<std::string>();
  if (ph == "deploy")
    phase = Phase::kDeploy;
  else if (ph == "orders")
    phase = Phase::kOrders;
  else if (ph == "move")
    phase = Phase::kMove;
  else if (ph == "battle")
    phase = Phase::kBattle;
  else if (ph == "over")
    phase = Phase::kOver;
  else if (ph == "battlefield")
    phase = Phase::kBattlefield;
  else
    r.fail(fmt::format("unknown phase \"{}\"", ph));
  const json* active_v = r.field("active");
  if (active_v == nullptr) r.fail("missing \"active\"");
  const int active = r.player(*active_v, "active");
  int to_act = active;
  const json* to_act_v = r.field("to_act");
  if (to_act_v != nullptr && !to_act_v->is_null())
    to_act = r.player(*to_act_v, "to_act");
  else if (phase != Phase::kOver)
    r.fail("missing \"to_act\"");
  const int turn = r.field("turn") ? r.integer(*r.field("turn"), "turn", 0, 100000) : 1;
  s->set_turn(turn);

  // Terrain.
  if (const json* t = r.field("terrain"); t != nullptr && !t->is_null()) {
    if (!t->is_object()) r.fail("terrain must be an object of square: type");
    for (const auto& [name, value] : t->items()) {
      const int sq = r.square(json(name), "terrain");
      if (!value.is_string()) r.fail("terrain." + name + " must be a terrain name");
      const std::string tv = value.get<std::string>();
      const auto known = std::find(std::begin(kTerrainNames), std::end(kTerrainNames), tv);
      if (known == std::end(kTerrainNames))
        r.fail(fmt::format(
            "terrain.{}: unknown terrain \"{}\" (clear, rough, hill, impassable, woods, "
            "built-up, steep-hill)",
            name, tv));
      s->set_terrain(sq, static_cast<Terrain>(known - std::begin(kTerrainNames)));
    }
  }
  if (const json* rv = r.field("rivers"); rv != nullptr && !rv->is_null()) {
    if (!rv->is_array() || rv->size() > 4 * kMaxSquares)
      r.fail("rivers must be a list of [SQ, SQ] pairs of orthogonally adjacent squares");
    for (std::size_t i = 0; i < rv->size(); ++i) {
      const json& e = (*rv)[i];
      const std::string what = fmt::format("rivers[{}]", i);
      if (!e.is_array() || e.size() != 2) r.fail(what + " must be a pair [SQ, SQ]");
      const int a = r.square(e[0], what), b = r.square(e[1], what);
      if (!s->add_river(a, b))
        r.fail(what + ": a river runs between two orthogonally adjacent squares");
    }
  }

  // Units.
  const json* units_v = r.field("units");
  if (units_v == nullptr || !units_v->is_array()) r.fail("\"units\" must be a list");
  if (units_v->size() > kMaxUnits) r.fail(fmt::format("more than {} units", kMaxUnits));
  for (std::size_t i = 0; i < units_v->size(); ++i) {
    const json& u = (*units_v)[i];
    const std::string what = fmt::format("units[{}]", i);
    if (!u.is_object()) r.fail(what + " must be an object");
    for (const char* key : {"square", "owner", "type"})
      if (!u.contains(key)) r.fail(fmt::format("{} is missing \"{}\"", what, key));
    Unit unit{};
    unit.square = static_cast<std::uint8_t>(r.square(u["square"], what + ".square"));
    unit.player = static_cast<std::uint8_t>(r.player(u["owner"], what + ".owner"));
    unit.owner = static_cast<std::uint8_t>(s->side_of(unit.player));
    if (!u["type"].is_string()) r.fail(what + ".type must be a unit type name");
    unit.type = r.unit_type(u["type"].get<std::string>(), what + ".type");
    auto flag = [&](const char* key) {
      if (!u.contains(key) || u[key].is_null()) return false;
      if (!u[key].is_boolean()) r.fail(fmt::format("{}.{} must be true or false", what, key));
      return u[key].get<bool>();
    };
    unit.elite = flag("elite");
    unit.general = flag("general");
    if (unit.general && !options.nominated_general)
      r.fail(what + ".general needs the option nominated_general");
    unit.moves = flag("moved") ? 1 : 0;
    if (u.contains("moves"))
      unit.moves = static_cast<std::uint8_t>(r.integer(u["moves"], what + ".moves", 0, 9));
    if (u.contains("attacks"))
      unit.attacks = static_cast<std::uint8_t>(r.integer(u["attacks"], what + ".attacks", 0, 9));
    if (u.contains("retreats"))
      unit.retreats = static_cast<std::uint8_t>(r.integer(u["retreats"], what + ".retreats", 0, 9));
    if (s->unit_at(unit.square) >= 0)
      r.fail(fmt::format("two units on {}", u["square"].get<std::string>()));
    s->add_unit(unit);
  }

  // Cards.
  std::size_t total_cards = 0;
  const json* hands_v = r.field("hands");
  if (hands_v == nullptr) r.fail("missing \"hands\"");
  for (int p = 1; p <= r.players; ++p) {
    const json& h = r.per_player(*hands_v, "hands", p);
    if (h.is_null()) continue;
    for (CardType c : r.card_list(h, fmt::format("hands.{}", p))) {
      s->set_hand_count(p, c, s->hand_count(p, c) + 1);
      ++total_cards;
    }
  }
  if (const json* d = r.field("deck"); d != nullptr && !d->is_null()) {
    const auto deck = r.card_list(*d, "deck");
    if (deck.size() > kMaxDeck) r.fail("the deck is too large");
    s->set_deck(deck);
    total_cards += deck.size();
  }
  if (const json* d = r.field("discard"); d != nullptr && !d->is_null()) {
    for (CardType c : r.card_list(*d, "discard")) {
      s->set_discard_count(c, s->discard_count(c) + 1);
      ++total_cards;
    }
  }
  if (total_cards > kMaxDeck) r.fail(fmt::format("more than {} cards in play", kMaxDeck));
  const json* known_of = r.field("known_of");
  if (known_of != nullptr && !known_of->is_null() && !options.contingents)
    r.fail("known_of is for multiplayer games (option contingents)");
  if (const json* k = r.field("known"); k != nullptr && !k->is_null()) {
    for (int p = 1; p <= r.players; ++p) {
      const json& list = r.per_player(*k, "known", p);
      if (list.is_null()) continue;
      int of = 3 - p;
      if (options.contingents) {
        const json* v = known_of == nullptr ? nullptr : &r.per_player(*known_of, "known_of", p);
        if (v == nullptr || v->is_null())
          r.fail(fmt::format("known.{} needs known_of.{}: whose hand it is from", p, p));
        of = r.player(*v, fmt::format("known_of.{}", p));
        if (s->side_of(of) == s->side_of(p))
          r.fail(fmt::format("known_of.{}: player {} is not an opposing player", p, of));
      }
      s->set_known_of(p, of);
      std::array<int, kMaxCardTypes> n{};
      for (CardType c : r.card_list(list, fmt::format("known.{}", p))) ++n[c];
      for (std::size_t c = 0; c < rules->cards.size(); ++c) {
        if (n[c] > s->hand_count(of, static_cast<CardType>(c)))
          r.fail(fmt::format("known.{} names more {} cards than player {} holds", p,
                             rules->cards[c].id, of));
        s->set_known_count(p, static_cast<CardType>(c), n[c]);
      }
    }
  }
  if (const json* pl = r.field("players"); pl != nullptr && !pl->is_null()) {
    if (!options.contingents) r.fail("\"players\" is for multiplayer games (option contingents)");
    for (int p = 1; p <= r.players; ++p) {
      const json& v = r.per_player(*pl, "players", p);
      if (v.is_null()) continue;
      if (!v.is_object()) r.fail(fmt::format("players.{} must be an object", p));
      for (const auto& [key, value] : v.items()) {
        if (key == "side") {
          if (value != s->side_of(p))
            r.fail(fmt::format("players.{}.side: player {} is on side {} with players \"{}\"", p, p,
                               s->side_of(p), players_text(options)));
        } else if (key == "role") {
          const char* role = p == s->main_player(s->side_of(p)) ? "main" : "contingent";
          if (value != role) r.fail(fmt::format("players.{}.role: player {} is {}", p, p, role));
        } else if (key == "broken") {
          if (!value.is_boolean())
            r.fail(fmt::format("players.{}.broken must be true or false", p));
          if (value.get<bool>()) s->set_broken(p);
        } else if (key == "army") {
          if (!value.is_string() || value.get<std::string>().size() > 200)
            r.fail(fmt::format("players.{}.army must be the army's name (a string)", p));
          s->set_army_name(p, value.get<std::string>());
        } else {
          r.fail(fmt::format("players.{}: unknown field \"{}\"", p, key));
        }
      }
    }
  }
  if (const json* l = r.field("lost"); l != nullptr && !l->is_null()) {
    for (int p = 1; p <= r.players; ++p) {
      const json& v = r.per_player(*l, "lost", p);
      if (!v.is_null()) s->set_lost(p, r.integer(v, fmt::format("lost.{}", p), 0, 255));
    }
  }
  if (const json* res = r.field("reserves"); res != nullptr && !res->is_null()) {
    for (int p = 1; p <= r.players; ++p) {
      const json& list = r.per_player(*res, "reserves", p);
      if (list.is_null()) continue;
      if (!list.is_array()) r.fail("reserves lists must be lists of TYPE or TYPE*");
      if (list.size() > kMaxArmy) r.fail("too many reserves");
      for (const auto& e : list) {
        if (!e.is_string()) r.fail("reserves lists must be lists of TYPE or TYPE*");
        std::string name = e.get<std::string>();
        const bool general = !name.empty() && name.back() == '!';
        if (general) name.pop_back();
        const bool elite = !name.empty() && name.back() == '*';
        if (elite) name.pop_back();
        if (general && !options.nominated_general)
          r.fail("reserves: TYPE! (a nominated General) needs the option nominated_general");
        s->add_reserve(p, ArmyEntry{r.unit_type(name, "reserves"), static_cast<std::uint8_t>(elite),
                                    static_cast<std::uint8_t>(general)});
      }
    }
  }

  // Winner, pending and the phase / to_act combination.
  int winner = kNotOver;
  if (const json* w = r.field("winner"); w != nullptr && !w->is_null()) {
    if (w->is_string() && *w == "draw")
      winner = kDraw;
    else
      winner = r.integer(*w, "winner (a side)", 1, 2);
  }
  if ((phase == Phase::kOver) != (winner != kNotOver))
    r.fail("\"winner\" must be set exactly when the phase is \"over\"");
  s->set_winner(winner);
  s->set_phase(phase, active, to_act);
  const json* pending_v = r.field("pending");
  const bool has_pending = pending_v != nullptr && !pending_v->is_null();
  const bool pending_move = has_pending && pending_v->is_object() && pending_v->size() == 1 &&
                            pending_v->contains("move");
  if (pending_move) {
    if (!(*pending_v)["move"].is_string()) r.fail("pending.move must be an action text");
    if (phase != Phase::kMove && phase != Phase::kBattle)
      r.fail("a pending move is possible only in the move or battle phase");
    if (s->side_of(to_act) == s->side_of(active))
      r.fail("while a move is pending, to_act must be a player of the other side");
    const Pending pm = parse_pending_move(r, *s, (*pending_v)["move"].get<std::string>());
    if ((action_kind(pm.action) == Kind::kTrample) != (phase == Phase::kBattle))
      r.fail(
          "a pending move-then-attack belongs to the battle phase, other moves to the move "
          "phase");
    s->set_pending(pm);
  } else if (has_pending) {
    if (phase != Phase::kBattle) r.fail("a pending attack is possible only in the battle phase");
    if (s->side_of(to_act) == s->side_of(active))
      r.fail("while an attack is pending, to_act must be the defender");
    s->set_pending(parse_pending(r, *s, *pending_v));
    if (s->unit(s->unit_at(s->pending().target)).player != to_act)
      r.fail("while an attack is pending, to_act must be the attacked unit's player");
  } else if (phase != Phase::kOver && to_act != active) {
    r.fail("to_act must be the active player when no attack is pending");
  }
  if (const json* b = r.field("battlefield"); b != nullptr && !b->is_null())
    s->field() = field_from_json(*b, options.board);
  if (phase == Phase::kBattlefield) {
    if (!options.dba_setup) r.fail("the battlefield phase needs the option dba_setup");
    if (active != s->main_player(2))
      r.fail(fmt::format("the defender (player {}) places the battlefield: active must be {}",
                         s->main_player(2), s->main_player(2)));
    if (s->unit_count() > 0) r.fail("no unit stands on the board while the battlefield is placed");
    if (r.field("battlefield") == nullptr) r.fail("the battlefield phase needs \"battlefield\"");
  } else if (s->field().step != FieldStep::kSide && s->field().count > 0) {
    r.fail("battlefield: after the battlefield phase its step is \"side\"");
  }
  if (phase == Phase::kOrders && s->hand_size(active) <= kHandLimit)
    r.fail("the orders phase needs more than 5 cards in the active player's hand");
  if (phase == Phase::kDeploy && s->reserve_count(active) == 0 &&
      !(options.dba_setup && active == s->main_player(2) && s->swap_step()))
    r.fail(
        "the deploy phase needs \"reserves\" (units to deploy) for the active player, or on "
        "the DBA set-up both armies deployed and player 2 to swap");
  if (const json* g = r.field("group"); g != nullptr && !g->is_null()) {
    if (pending_move) r.fail("\"group\" and a pending move cannot be given together");
    if (phase != Phase::kMove) r.fail("a group advance in progress needs the move phase");
    if (!g->is_object() || !g->contains("card") || !g->contains("squares") ||
        !(*g)["squares"].is_array() || (*g)["squares"].empty() || (*g)["squares"].size() > kMaxArmy)
      r.fail("group must be {\"card\": CARD, \"squares\": [SQ, ...]}");
    GroupBuild& gb = s->group();
    gb.card = r.card((*g)["card"], "group.card");
    if (s->hand_count(active, gb.card) == 0) r.fail("group.card is not in the active hand");
    for (const auto& sq : (*g)["squares"]) {
      const int v = r.square(sq, "group.squares");
      if (s->unit_at(v) < 0 || s->unit(s->unit_at(v)).player != active)
        r.fail("group.squares must name the active player's units");
      gb.squares[gb.count++] = static_cast<std::uint8_t>(v);
    }
  }
  if (const std::string problem = unreachable_position_problem(*s); !problem.empty())
    r.fail(problem);
  if (const json* rng = r.field("rng"); rng != nullptr && !rng->is_null()) {
    if (!rng->is_array() || rng->size() != 4) r.fail("rng must be a list of 4 hex strings");
    std::array<std::uint64_t, 4> words{};
    for (int i = 0; i < 4; ++i) {
      const json& w = (*rng)[i];
      if (!w.is_string() || w.get<std::string>().empty() || w.get<std::string>().size() > 16)
        r.fail("rng must be a list of 4 hex strings");
      const std::string hex = w.get<std::string>();
      if (hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        r.fail("rng must be a list of 4 hex strings");
      words[i] = std::stoull(hex, nullptr, 16);
    }
    s->rng().set_words(words);
  } else {
    // No stream given: derive one from the (already validated, shallow) card and unit fields.
    std::string basis = j["units"].dump();
    for (const char* key : {"deck", "discard", "hands"})
      if (const json* v = r.field(key); v != nullptr) basis += v->dump();
    s->rng().reseed(std::hash<std::string>{}(basis));
  }
  return s;
}

}  // namespace ancients::warfare
