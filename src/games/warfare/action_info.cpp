// Ancient Warfare's actions in structure and in words (State::action_info): the one place that
// reads an action's notation for the front ends. The structure names the verb, the card, every
// square in order and its role (from, to, via, target, after), and the units standing on those
// squares where the board is public; the words are a sentence read from this position, before
// the action ("Charge: Knights c3 moves to c4 and attacks Spears c5"). A text that is not an
// action of this game keeps its verb and its words are the text itself.
#include <fmt/format.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/action_fields.h"
#include "core/json_writer.h"
#include "core/words.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

/// The squares of `part` ("c2-c3" -> c2, c3), those that name a square of the board.
std::vector<std::string> squares_in(std::string_view part, const Geometry& geo) {
  std::vector<std::string> out;
  for (const auto& piece : split_on(part, '-'))
    if (geo.parse(piece)) out.push_back(piece);
  return out;
}

/// An action in structure and in words, as action_info writes it (absent fields empty).
struct Info {
  struct Unit {
    std::string square, type;
    int owner;
    bool elite, general;
  };
  std::string text, kind;
  std::string card;  ///< "" for none (null; "cards" is [card] or [])
  std::vector<std::string> squares;
  std::string words;
  std::optional<std::string> from, via, target, after, to, feature;
  bool grouped = false;
  bool has_units = false;  ///< "units" is written (the board's units on the squares)
  std::vector<Unit> units;
};

/// Writes `i` through a writer (core/json_writer.h); `offered`: as the server offers a
/// position's actions (no "text"; no "units" but for a deployment or a placement).
template <class Writer>
void write_info(Writer& w, const Info& i, bool offered) {
  begin_action_fields(w, offered, i.text, i.kind,
                      std::span<const std::string>(&i.card, i.card.empty() ? 0 : 1), i.squares,
                      i.words);
  const auto optional = [&](const char* key, const std::optional<std::string>& v) {
    if (v) w.key(key).string(*v);
  };
  optional("from", i.from);
  optional("via", i.via);
  optional("target", i.target);
  optional("after", i.after);
  optional("to", i.to);
  optional("feature", i.feature);
  if (i.grouped) w.key("grouped").boolean(true);
  if (i.has_units && (!offered || i.kind == "deploy" || i.kind == "place")) {
    w.key("units").begin_array();
    for (const auto& u : i.units) {
      w.begin_object();
      w.key("square").string(u.square);
      w.key("type").string(u.type);
      w.key("owner").integer(u.owner);
      w.key("elite").boolean(u.elite);
      w.key("general").boolean(u.general);
      w.end_object();
    }
    w.end_array();
  }
  w.end_object();
}

class Describer {
 public:
  /// `shape_only`: without the units and the words (State::action_shape).
  Describer(const WarfareState& s, std::string_view text, bool shape_only = false)
      : s_(s), w_(split_words(text)), shape_only_(shape_only) {
    info_.text = std::string(text);
    info_.kind = w_.empty() ? "" : w_[0];
    info_.words = info_.text;
  }

  const Info& run() {
    if (w_.empty()) return info_;
    const std::string& verb = w_[0];
    const bool with_card = verb == "move" || verb == "advance" || verb == "attack" ||
                           verb == "defend" || verb == "discard" || verb == "negate" ||
                           verb == "group-start";
    if (with_card && w_.size() >= 2) card_ = w_[1];
    if (verb == "dismount") card_ = "special-ability";
    if (verb == "scout") card_ = "scout";
    info_.card = card_;
    const std::string rest = w_.size() > (with_card ? 2U : 1U) ? w_[with_card ? 2 : 1] : "";
    if (verb == "deploy" || verb == "place") return placements(verb, rest);
    if (verb == "topography" || verb == "terrain" || verb == "side") {
      // The defender's battlefield: the squares named (the river's two, or one), the first
      // as "to" (where a click places it), the feature kind, and the words.
      for (std::size_t k = 1; k < w_.size(); ++k)
        if (board().parse(w_[k])) add_square(w_[k]);
      if (!info_.squares.empty()) info_.to = info_.squares[0];
      if (verb == "terrain" && w_.size() >= 2 && field_kind_index(w_[1])) info_.feature = w_[1];
      info_.has_units = true;
      info_.words = battlefield_words(s_, w_);
      return info_;
    }
    if (verb == "attack" || verb == "autokill") {
      const auto x = rest.find('x');
      const auto before = squares_in(rest.substr(0, x), board());
      const auto after = x == std::string::npos ? std::vector<std::string>{}
                                                : squares_in(rest.substr(x + 1), board());
      set(info_.from, before, 0);
      set(info_.via, before, 1);
      set(info_.target, after, 0);
      set(info_.after, after, 1);
      for (const auto& q : before) add_square(q);
      for (const auto& q : after) add_square(q);
    } else if (verb == "advance" || verb == "swap") {
      for (const auto& q : split_on(rest, ','))
        if (board().parse(q)) add_square(q);
      if (!info_.squares.empty()) info_.from = info_.squares[0];
      // A move phase may offer hundreds of group advances, each named by its units' squares:
      // a front end may receive them as groups (docs/protocol.md, docs/server.md).
      if (verb == "advance") info_.grouped = true;
    } else {
      const auto sq = squares_in(rest, board());
      for (const auto& q : sq) add_square(q);
      if (verb == "move") {
        set(info_.from, sq, 0);
        set(info_.to, sq, 1);
      } else if (verb == "dismount" || verb == "group-start" || verb == "group-add") {
        set(info_.from, sq, 0);
      } else if (verb == "defend") {
        set(info_.to, sq, 0);
      }
    }
    if (shape_only_) return info_;
    add_units();
    info_.words = words(verb);
    return info_;
  }

 private:
  const Geometry& board() const { return s_.geo(); }
  std::string card_title() const { return title_case(card_); }
  static std::string str(const std::optional<std::string>& v) { return v ? *v : std::string(); }
  static void set(std::optional<std::string>& field, const std::vector<std::string>& sq,
                  std::size_t i) {
    if (i < sq.size()) field = sq[i];
  }
  void add_square(const std::string& q) { info_.squares.push_back(q); }

  /// Whether the units on the board are public (not during a hidden deployment).
  bool board_public() const { return s_.phase() != Phase::kDeploy || s_.swap_step(); }

  /// The unit on `q` as words ("Elite General's Blades b6"), or the square alone.
  std::string unit_words(const std::string& q) const {
    if (q.empty()) return q;
    const auto sq = board().parse(q);
    if (!sq || !board_public() || s_.unit_at(*sq) < 0) return q;
    const Unit& u = s_.unit(s_.unit_at(*sq));
    return fmt::format("{}{}{} {}", u.elite ? "Elite " : "", u.general ? "General\u2019s " : "",
                       title_case(s_.rules().units[u.type].id), q);
  }

  void add_units() {
    info_.has_units = true;
    if (!board_public()) return;
    for (const auto& q : info_.squares) {
      const auto sq = board().parse(q);
      if (!sq || s_.unit_at(*sq) < 0) continue;
      const Unit& u = s_.unit(s_.unit_at(*sq));
      info_.units.push_back(
          {q, s_.rules().units[u.type].id, u.player, u.elite != 0, u.general != 0});
    }
  }

  /// deploy TYPE[*][!]:SQ,... and place TYPE[*][!]:SQ: the units come from the text.
  const Info& placements(const std::string& verb, const std::string& rest) {
    info_.has_units = true;
    if (rest.find(':') != std::string::npos)
      for (const auto& item : split_on(rest, ',')) {
        const auto colon = item.find(':');
        if (colon == std::string::npos) continue;
        std::string type = item.substr(0, colon);
        const std::string q = item.substr(colon + 1);
        const bool general = !type.empty() && type.back() == '!';
        if (general) type.pop_back();
        const bool elite = !type.empty() && type.back() == '*';
        if (elite) type.pop_back();
        add_square(q);
        info_.units.push_back({q, type, s_.to_act(), elite, general});
      }
    const auto& units = info_.units;
    if (verb == "place" && !units.empty()) {
      info_.to = units[0].square;
      info_.words = fmt::format("Place {} on {}", title_case(units[0].type), units[0].square);
    } else {
      info_.words = units.empty() ? std::string("Deploy (hidden)")
                                  : fmt::format("Deploy {} units", units.size());
    }
    return info_;
  }

  std::string words(const std::string& verb) const {
    const Pending& pending = s_.pending();
    if (verb == "move")
      return fmt::format("{}: {} moves to {}", card_title(), unit_words(str(info_.from)),
                         str(info_.to));
    if (verb == "advance")
      return fmt::format("{}: group advance of {} units ({})", card_title(), info_.squares.size(),
                         joined_squares());
    if (verb == "attack") {
      const std::string via = info_.via ? " moves to " + *info_.via + " and" : "";
      const std::string after = info_.after ? ", then moves to " + *info_.after : "";
      return fmt::format("{}: {}{} attacks {}{}", card_title(), unit_words(str(info_.from)), via,
                         unit_words(str(info_.target)), after);
    }
    if (verb == "autokill")
      return fmt::format("Auto-kill: {} destroys {}", unit_words(str(info_.from)),
                         unit_words(str(info_.target)));
    if (verb == "defend")
      return fmt::format("Defend with {}{}", card_title(),
                         info_.to ? ", moving to " + *info_.to : "");
    if (verb == "negate") return "Negate the move with " + card_title();
    if (verb == "pass") {
      if (pending.kind == Pending::kMove) return "Let the move happen";
      if (pending.kind != Pending::kNone) return "Take the attack (no defence)";
      return s_.phase() == Phase::kDeploy ? "Keep the deployment (no swap)" : "Pass";
    }
    if (verb == "end")
      return s_.phase() == Phase::kMove ? "End the move phase"
                                        : "End the battle phase and the turn";
    if (verb == "scout" && w_.size() >= 2)
      return fmt::format("Scout: look at player {}\u2019s hand", w_[1]);
    if (verb == "scout") return "Scout: look at the opponent\u2019s hand";
    if (verb == "discard") return "Discard " + card_title();
    if (verb == "dismount") return dismount_words();
    if (verb == "swap") {
      const auto& q = info_.squares;
      if (q.size() == 2)
        return fmt::format("Swap the attacker\u2019s {} and {}", unit_words(q[0]),
                           unit_words(q[1]));
    }
    if (verb == "group-start")
      return fmt::format("{}: a group advance begins with {}", card_title(),
                         unit_words(str(info_.from)));
    if (verb == "group-add") return "The group advance adds " + unit_words(str(info_.from));
    if (verb == "group-done") return "The group advance moves";
    return info_.text;
  }

  std::string dismount_words() const {
    const std::string from = str(info_.from);
    const auto sq = board().parse(from);
    std::string becomes;
    if (sq && s_.unit_at(*sq) >= 0) {
      const UnitType b = s_.rules().units[s_.unit(s_.unit_at(*sq)).type].becomes;
      if (b != kNoUnitType) becomes = " and becomes " + title_case(s_.rules().units[b].id);
    }
    return fmt::format("Special Ability: {} dismounts{}", unit_words(from), becomes);
  }

  std::string joined_squares() const {
    std::string out;
    for (const auto& q : info_.squares) out += (out.empty() ? "" : ", ") + q;
    return out;
  }

  const WarfareState& s_;
  std::vector<std::string> w_;
  std::string card_;
  bool shape_only_ = false;
  Info info_;
};

}  // namespace

json WarfareState::action_info(std::string_view text, int viewer) const {
  (void)viewer;  // everything read here is public, or comes from the text the viewer reads
  Describer d(*this, text);
  return json_tree([&](auto& w) { write_info(w, d.run(), false); });
}

std::string WarfareState::action_info_text(std::string_view text, int viewer, bool offered) const {
  (void)viewer;
  Describer d(*this, text);
  return json_text([&](auto& w) { write_info(w, d.run(), offered); });
}

json WarfareState::action_shape(std::string_view text, int viewer) const {
  (void)viewer;
  Describer d(*this, text, true);
  return json_tree([&](auto& w) { write_info(w, d.run(), false); });
}

bool WarfareState::grouped_shape(std::string_view text, int viewer, GroupedShape& out) const {
  (void)viewer;
  // Only group advances are grouped (Describer::run): the same fields, read without JSON and
  // without splitting the text into strings (every offered action is asked).
  std::size_t at = 0;
  const auto next_word = [&]() -> std::string_view {
    while (at < text.size() && text[at] == ' ') ++at;
    const std::size_t start = at;
    while (at < text.size() && text[at] != ' ') ++at;
    return text.substr(start, at - start);
  };
  if (next_word() != "advance") return false;
  out.kind = "advance";
  out.card = next_word();
  out.cards.assign(out.card.empty() ? 0 : 1, out.card);
  out.squares.clear();
  const std::string_view squares = next_word();
  if (squares.empty()) return true;
  for (std::size_t from = 0;;) {
    const std::size_t comma = squares.find(',', from);
    const std::string_view q = squares.substr(from, comma - from);
    if (geo_->parse(q)) out.squares.emplace_back(q);
    if (comma == std::string_view::npos) break;
    from = comma + 1;
  }
  return true;
}

}  // namespace ancients::warfare
