// Ancient Warfare's actions in structure and in words (State::action_info): the one place that
// reads an action's notation for the front ends. The structure names the verb, the card, every
// square in order and its role (from, to, via, target, after), and the units standing on those
// squares where the board is public; the words are a sentence read from this position, before
// the action ("Charge: Knights c3 moves to c4 and attacks Spears c5"), or in a log line what it
// did, with no forecast ("Charge: Knights c3 moved to c4 and attacked Spears c5"; the log's
// events tell how it came out). A text that is not an action of this game keeps its verb and
// its words are the text itself.
#include <fmt/format.h>

#include <array>
#include <cctype>
#include <iterator>
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

/// The pieces of `s` between the separators `sep` (empty ones kept), as views of `s`.
template <class Each>
void for_each_piece(std::string_view s, char sep, Each&& each) {
  for (std::size_t start = 0;;) {
    const std::size_t at = s.find(sep, start);
    each(s.substr(start, at - start));
    if (at == std::string_view::npos) return;
    start = at + 1;
  }
}

/// At most a few squares named in one part of an attack or a move ("c2-c3"), as views.
struct FewSquares {
  std::array<std::string_view, 8> at{};
  std::size_t size = 0;
};

/// The squares of `part` ("c2-c3" -> c2, c3), those that name a square of the board (the
/// first eight: no action names more in one part).
FewSquares squares_in(std::string_view part, const Geometry& geo) {
  FewSquares out;
  for_each_piece(part, '-', [&](std::string_view piece) {
    if (out.size < out.at.size() && geo.parse(piece)) out.at[out.size++] = piece;
  });
  return out;
}

/// An action in structure and in words, as action_info writes it (absent fields empty). The
/// texts are views of the action's text or of the rules' names; only the words are written.
struct Info {
  struct Unit {
    std::string_view square, type;
    int owner;
    bool elite, general;
  };
  std::string_view text, kind;
  std::string_view card;  ///< "" for none (null; "cards" is [card] or [])
  std::vector<std::string_view> squares;
  std::string words;
  std::optional<std::string_view> from, via, target, after, to, feature;
  /// A group advance: where the unit on each of `squares` ends ("" where not told).
  std::vector<std::string_view> landings;
  bool grouped = false;
  /// The answer that takes an awaited attack ends the game (the General destroyed, the loss
  /// points reached): "ends_game": true, so that a front end does not play it unasked.
  bool ends_game = false;
  /// A card played to no gain: "no-effect" (an attack on an immune target that cannot
  /// recoil), "needless" (an attack on a target its attacker could auto-kill without a card);
  /// empty otherwise.
  std::string_view futile;
  bool has_units = false;  ///< "units" is written (the board's units on the squares)
  std::vector<Unit> units;
  /// A deployment offered: the squares of the deploying player's zone it may use (with
  /// contingents its own sector), so that a front end arranging it offers only those.
  std::vector<std::string_view> zone;
};

/// Writes `i` through a writer (core/json_writer.h); `offered`: as the server offers a
/// position's actions (no "text"; no "units" but for a deployment or a placement).
template <class Writer>
void write_info(Writer& w, const Info& i, bool offered) {
  begin_action_fields(w, offered, i.text, i.kind,
                      std::span<const std::string_view>(&i.card, i.card.empty() ? 0 : 1),
                      std::span<const std::string_view>(i.squares), i.words);
  const auto optional = [&](const char* key, const std::optional<std::string_view>& v) {
    if (v) w.key(key).string(*v);
  };
  optional("from", i.from);
  optional("via", i.via);
  optional("target", i.target);
  optional("after", i.after);
  optional("to", i.to);
  optional("feature", i.feature);
  if (!i.landings.empty()) {
    w.key("landings").begin_array();
    for (const auto q : i.landings) {
      if (q.empty())
        w.null();
      else
        w.string(q);
    }
    w.end_array();
  }
  if (i.grouped) w.key("grouped").boolean(true);
  if (i.ends_game) w.key("ends_game").boolean(true);
  if (!i.futile.empty()) w.key("futile").string(i.futile);
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
  if (!i.zone.empty()) {
    w.key("zone").begin_array();
    for (const auto q : i.zone) w.string(q);
    w.end_array();
  }
  w.end_object();
}

/// Reads an action's text into an Info. Every piece of text it keeps is a view of the text
/// (which must outlive it) or of the rules; the words are the one string it writes.
class Describer {
 public:
  /// `shape_only`: without the units and the words (State::action_shape). `logged`: the words
  /// of a log line, the action played (WarfareState::logged_info_text); `viewer` reads them.
  Describer(const WarfareState& s, std::string_view text, bool shape_only = false,
            bool logged = false, int viewer = 0)
      : s_(s), shape_only_(shape_only), logged_(logged), viewer_(viewer) {
    w_.reserve(8);
    std::size_t at = 0;
    for (auto word = next_word(text, at); !word.empty(); word = next_word(text, at))
      w_.push_back(word);
    info_.text = text;
    info_.kind = w_.empty() ? std::string_view() : w_[0];
  }

  const Info& run() {
    if (w_.empty()) return text_as_words();
    const std::string_view verb = w_[0];
    const bool with_card = verb == "move" || verb == "advance" || verb == "attack" ||
                           verb == "defend" || verb == "discard" || verb == "negate" ||
                           verb == "group-start";
    if (with_card && w_.size() >= 2) card_ = w_[1];
    if (verb == "dismount") card_ = "special-ability";
    if (verb == "scout") card_ = "scout";
    info_.card = card_;
    const std::string_view rest =
        w_.size() > (with_card ? 2U : 1U) ? w_[with_card ? 2 : 1] : std::string_view();
    if (verb == "deploy" || verb == "place") return placements(verb, rest);
    if (verb == "topography" || verb == "terrain" || verb == "side") {
      // The defender's battlefield: the squares named (the river's two, or one), the first
      // as "to" (where a click places it), the feature kind, and the words.
      for (std::size_t k = 1; k < w_.size(); ++k)
        if (board().parse(w_[k])) add_square(w_[k]);
      if (!info_.squares.empty()) info_.to = info_.squares[0];
      if (verb == "terrain" && w_.size() >= 2 && field_kind_index(w_[1])) info_.feature = w_[1];
      info_.has_units = true;
      info_.words = battlefield_words(s_, std::vector<std::string>(w_.begin(), w_.end()), logged_);
      return info_;
    }
    if (verb == "attack" || verb == "autokill") {
      const auto x = rest.find('x');
      const FewSquares before = squares_in(rest.substr(0, x), board());
      const FewSquares after =
          x == std::string_view::npos ? FewSquares{} : squares_in(rest.substr(x + 1), board());
      set(info_.from, before, 0);
      set(info_.via, before, 1);
      set(info_.target, after, 0);
      set(info_.after, after, 1);
      for (std::size_t i = 0; i < before.size; ++i) add_square(before.at[i]);
      for (std::size_t i = 0; i < after.size; ++i) add_square(after.at[i]);
    } else if (verb == "advance" || verb == "swap") {
      for_each_piece(rest, ',', [&](std::string_view q) {
        if (board().parse(q)) add_square(q);
      });
      if (!info_.squares.empty()) info_.from = info_.squares[0];
      // A move phase may offer hundreds of group advances, each named by its units' squares:
      // a front end may receive them as groups (docs/protocol.md, docs/server.md).
      if (verb == "advance") {
        info_.grouped = true;
        if (!shape_only_) landings();
      }
    } else {
      const FewSquares sq = squares_in(rest, board());
      for (std::size_t i = 0; i < sq.size; ++i) add_square(sq.at[i]);
      if (verb == "move") {
        set(info_.from, sq, 0);
        set(info_.to, sq, 1);
      } else if (verb == "dismount" || verb == "group-start" || verb == "group-add") {
        set(info_.from, sq, 0);
      } else if (verb == "defend") {
        set(info_.to, sq, 0);
      }
    }
    if (shape_only_) return text_as_words();
    add_units();
    // An immune target's recoil, worked out once for the attack's words and its mark.
    if (verb == "attack") {
      immune_back_ = immune_recoil();
      needless_ = !immune_back_ && autokill_instead();
    }
    if (verb == "pass") info_.ends_game = taking_ends_game();
    if (verb == "scout") empty_scout_ = scouted_hand_empty();
    words(verb, info_.words);
    if (empty_scout_) info_.futile = "no-effect";
    if (immune_back_ == kNoSquare) info_.futile = "no-effect";
    if (needless_) info_.futile = "needless";
    return info_;
  }

 private:
  /// The words where the action is not read: its text.
  const Info& text_as_words() {
    info_.words = std::string(info_.text);
    return info_;
  }
  const Geometry& board() const { return s_.geo(); }
  static std::string_view str(const std::optional<std::string_view>& v) {
    return v ? *v : std::string_view();
  }
  static void set(std::optional<std::string_view>& field, const FewSquares& sq, std::size_t i) {
    if (i < sq.size) field = sq.at[i];
  }
  void add_square(std::string_view q) { info_.squares.push_back(q); }
  /// A group advance's landing squares, one per square named, where the board is public.
  void landings() {
    if (!board_public()) return;
    const int card = s_.rules().find_card(card_);
    for (const std::string_view q : info_.squares) {
      const std::optional<int> sq = board().parse(q);
      const int landing =
          card < 0 || !sq ? kNoSquare : s_.advance_landing(static_cast<CardType>(card), *sq);
      info_.landings.push_back(landing == kNoSquare ? std::string_view()
                                                    : square_name_view(landing, board().width));
    }
  }

  /// Whether the units on the board are public (not during a hidden deployment).
  bool board_public() const { return s_.phase() != Phase::kDeploy || s_.swap_step(); }

  /// A card attack on a target immune to the attacker only recoils it, or does nothing where it
  /// has no square to recoil to (WarfareState::resolve_attack): said, so that no card is spent
  /// unaware.
  void immune_words(std::string& out) const {
    const std::optional<int>& back = immune_back_;
    if (!back) return;
    // In a log line, only why: the events tell the recoil, or that the target held.
    if (logged_) {
      out += " (it was immune to this attack)";
      return;
    }
    if (*back == kNoSquare)
      out += " (it is immune to this attack and has no square to recoil to: nothing happens)";
    else
      fmt::format_to(std::back_inserter(out),
                     " (it is immune to this attack: it only recoils to {})",
                     square_name_view(*back, board().width));
  }

  /// Where the attack's target, immune to its attacker, recoils to (kNoSquare: nowhere, the
  /// attack does nothing); nullopt where the target is not immune (or the attack is unread).
  std::optional<int> immune_recoil() const {
    const Unit* attacker = unit_on(str(info_.from));
    const Unit* target = unit_on(str(info_.target));
    if (attacker == nullptr || target == nullptr ||
        !s_.rules().units[target->type].immune_to.test(attacker->type))
      return std::nullopt;
    const auto from = board().parse(info_.via ? *info_.via : str(info_.from));
    const auto at = board().parse(str(info_.target));
    const auto line = from && at ? board().line(*from, *at) : std::nullopt;
    if (!line) return std::nullopt;
    return s_.recoil_square(*at, line->first);
  }

  /// Whether the attacker of a plain card attack (no move before or after it, not a Special
  /// Ability, whose range and line may be its own) could auto-kill its target instead: the same
  /// end with no card spent and no defence possible. A card attack being possible, the
  /// auto-kill is where the table says so (WarfareState::autokills, as the moves are listed).
  bool autokill_instead() const {
    if (info_.via || info_.after || card_ == "special-ability") return false;
    const Unit* attacker = unit_on(str(info_.from));
    const Unit* target = unit_on(str(info_.target));
    const auto at = board().parse(str(info_.target));
    return attacker != nullptr && target != nullptr && at && s_.autokills(*attacker, *target, *at);
  }

  /// The player whose hand a Scout looks at, or 0 where the text does not say: `scout` (two
  /// players: the opponent's hand) or `scout P` (a digit, as the notation has it).
  int scouted_player() const {
    const int target = w_.size() >= 2     ? (w_[1].size() == 1 ? w_[1][0] - '0' : 0)
                       : s_.to_act() >= 1 ? 3 - s_.to_act()
                                          : 0;
    return target >= 1 && target <= s_.player_count() ? target : 0;
  }

  /// Whether a Scout looks at a hand that holds no card (the hands' sizes are public): the card
  /// spent to see nothing.
  bool scouted_hand_empty() const {
    const int target = scouted_player();
    return target != 0 && s_.hand_size(target) == 0;
  }

  /// Whether the pass that takes an awaited attack (a card attack, or an auto-kill where
  /// auto-kills may be defended) ends the game: played on a copy.
  bool taking_ends_game() const {
    const Pending::Kind kind = s_.pending().kind;
    if (kind != Pending::kCardAttack && kind != Pending::kAutokill) return false;
    WarfareState next = s_;
    next.apply(make_action(Kind::kPass));
    return next.is_over();
  }

  /// The retreat edition's card attack: what it does to its target if it is not defended.
  void undefended_words(std::string& out) const {
    const Unit* attacker = unit_on(str(info_.from));
    const Unit* target = unit_on(str(info_.target));
    if (!s_.rules().retreat || attacker == nullptr || target == nullptr) return;
    const auto from = board().parse(info_.via ? *info_.via : str(info_.from));
    const auto at = board().parse(str(info_.target));
    if (!from || !at || !board().line(*from, *at)) return;
    out += " (if not defended, it ";
    out += s_.retreat_words(attacker->type, *from, *at);
    out += ')';
  }

  /// The pass that takes the awaited attack: what the attack then does (retreat edition), or
  /// what it is.
  void taken_words(std::string& out, const Pending& pending) const {
    out += "Take the attack (no defence)";
    std::string fate = s_.awaited_attack_words();  // the retreat edition's
    // The autokill edition's: an attack that awaits an answer destroys its target (an attack
    // on an immune target only recoils it, at once).
    if (fate.empty() &&
        (pending.kind == Pending::kCardAttack || pending.kind == Pending::kAutokill)) {
      fate = "is destroyed";
      // A unit worth more than one loss point (the Camp) says what it costs.
      const Unit* target = unit_on(square_name_view(pending.target, board().width));
      const int loss = target == nullptr ? 1 : s_.rules().units[target->type].loss;
      if (loss > 1) fmt::format_to(std::back_inserter(fate), " ({} loss points)", loss);
    }
    if (fate.empty()) return;
    out += ": ";
    unit_words(out, square_name_view(pending.target, board().width));
    out += ' ';
    out += fate;
    if (info_.ends_game) out += "; the game ends";
  }

  /// The unit on `q`, or null (none there, or the board hidden).
  const Unit* unit_on(std::string_view q) const {
    if (q.empty() || !board_public()) return nullptr;
    const auto sq = board().parse(q);
    if (!sq || s_.unit_at(*sq) < 0) return nullptr;
    return &s_.unit(s_.unit_at(*sq));
  }

  /// Appends the unit on `q` in words ("Elite General's Blades b6"), or the square alone.
  void unit_words(std::string& out, std::string_view q) const {
    if (const Unit* u = unit_on(q)) {
      if (u->elite) out += "Elite ";
      if (u->general) out += "General\u2019s ";
      append_title_case(out, s_.rules().units[u->type].id);
      out += ' ';
    }
    out += q;
  }

  void add_units() {
    info_.has_units = true;
    if (!board_public()) return;
    for (const auto q : info_.squares) {
      const auto sq = board().parse(q);
      if (!sq || s_.unit_at(*sq) < 0) continue;
      const Unit& u = s_.unit(s_.unit_at(*sq));
      info_.units.push_back(
          {q, s_.rules().units[u.type].id, u.player, u.elite != 0, u.general != 0});
    }
  }

  /// deploy TYPE[*][!]:SQ,... and place TYPE[*][!]:SQ: the units come from the text.
  const Info& placements(std::string_view verb, std::string_view rest) {
    info_.has_units = true;
    if (rest.find(':') != std::string_view::npos)
      for_each_piece(rest, ',', [&](std::string_view item) {
        const auto colon = item.find(':');
        if (colon == std::string_view::npos) return;
        std::string_view type = item.substr(0, colon);
        const std::string_view q = item.substr(colon + 1);
        const bool general = !type.empty() && type.back() == '!';
        if (general) type.remove_suffix(1);
        const bool elite = !type.empty() && type.back() == '*';
        if (elite) type.remove_suffix(1);
        add_square(q);
        info_.units.push_back({q, type, s_.to_act(), elite, general});
      });
    // The zone of the player deploying (not in a log line: the deployment is done; not for a
    // hidden deployment).
    if (verb == "deploy" && !logged_ && !shape_only_ && !info_.units.empty())
      s_.deploy_zone(s_.to_act()).for_each([&](int q) {
        if (s_.terrain(q) != Terrain::kImpassable)
          info_.zone.push_back(square_name_view(q, board().width));
      });
    const auto& units = info_.units;
    // A log line's deployment is said here alone (events.cpp tells no "deployed" event).
    if (verb == "place" && !units.empty()) {
      info_.to = units[0].square;
      info_.words = fmt::format("{} {} on {}", did("Place", "Placed"), title_case(units[0].type),
                                units[0].square);
    } else if (units.empty()) {
      info_.words = logged_ ? "Deployed the army (hidden)" : "Deploy (hidden)";
    } else {
      info_.words = fmt::format("{} {} units", did("Deploy", "Deployed"), units.size());
    }
    return info_;
  }

  /// The action in words, read from the position before it, appended to `out`. In a log line
  /// (logged_) each sentence says what was done, in the past: "March: Blades d4 moved to d2".
  void words(std::string_view verb, std::string& out) const {
    const Pending& pending = s_.pending();
    // A Special Ability card named with the ability it activates, of the unit it is played for
    // (the attacker or mover, or the defended target), where that unit's own ability is the one
    // of this use: "Special Ability (Shield Wall)" (a General's Rally of another unit is not).
    const auto card = [&] {
      append_title_case(out, card_);
      if (card_ != "special-ability") return;
      const bool defends = verb == "defend" && pending.kind != Pending::kNone;
      const Unit* u = defends ? unit_on(square_name_view(pending.target, board().width))
                              : unit_on(str(info_.from));
      if (u == nullptr) return;
      const UnitDef& d = s_.rules().units[u->type];
      const std::uint16_t use = defends            ? kSpecialDefend | kSpecialKillAttacker
                                : verb == "move"   ? kSpecialKnightMove
                                : verb == "attack" ? kSpecialAttack | kSpecialTrample
                                                   : 0;
      if ((d.special_uses & use) != 0 && !d.special_name.empty())
        fmt::format_to(std::back_inserter(out), " ({})", d.special_name);
    };
    // A logged move that waits for the other side's answer (the retreat edition's Difficult
    // Ground) is said as ordered: the answer's line tells whether it took place.
    const bool ordered = logged_ && opens_move_window(verb);
    if (verb == "move") {
      card();
      out += ": ";
      if (ordered) out += "ordered ";
      unit_words(out, str(info_.from));
      out += did(" moves to ", ordered ? " to move to " : " moved to ");
      out += str(info_.to);
    } else if (verb == "advance") {
      card();
      fmt::format_to(std::back_inserter(out), ": {}group advance of {} units (",
                     !logged_  ? ""
                     : ordered ? "ordered a "
                               : "made a ",
                     info_.squares.size());
      joined_squares(out);
      out += ')';
    } else if (verb == "attack") {
      card();
      out += ": ";
      if (ordered) out += "ordered ";
      unit_words(out, str(info_.from));
      if (info_.via) {
        out += did(" moves to ", ordered ? " to move to " : " moved to ");
        out += *info_.via;
        out += " and";
      }
      out += did(" attacks ", ordered ? " attack " : " attacked ");
      unit_words(out, str(info_.target));
      if (info_.after) {
        out += did(", then moves to ", ", with a move to ");
        out += *info_.after;
        if (logged_) out += " after it";
      }
      immune_words(out);
      if (needless_)
        out += did(" (it could auto-kill it instead, with no card and no defence possible)",
                   " (it could have auto-killed it instead, with no card)");
      if (!logged_) undefended_words(out);
    } else if (verb == "autokill") {
      out += "Auto-kill: ";
      unit_words(out, str(info_.from));
      // Where auto-kills may be defended, the answer's line tells the outcome.
      out += did(" destroys ", s_.options().defend_autokill ? " attacked " : " destroyed ");
      unit_words(out, str(info_.target));
    } else if (verb == "defend") {
      out += did("Defend with ", "Defended with ");
      card();
      if (info_.to) {
        out += ", moving to ";
        out += *info_.to;
      }
    } else if (verb == "negate") {
      out += did("Negate the move with ", "Negated the move with ");
      card();
      // A negated action is cancelled whole, a move-then-attack's attack too (§5).
      const bool with_attack =
          pending.kind == Pending::kMove && s_.pending_text().starts_with("attack ");
      if (logged_)
        out += with_attack ? " (the move and its attack were cancelled; the card was spent)"
                           : " (the move was cancelled; the card was spent)";
      else
        out += with_attack ? " (the move and its attack are cancelled; the card is spent)"
                           : " (the move is cancelled; the card is spent)";
    } else if (verb == "pass") {
      pass_words(out, pending);
    } else if (verb == "end") {
      out += s_.phase() == Phase::kMove
                 ? did("End the move phase", "Ended the move phase")
                 : did("End the battle phase and the turn", "Ended the battle phase and the turn");
    } else if (verb == "scout") {
      scout_words(out);
    } else if (verb == "discard") {
      out += did("Discard ", "Discarded ");
      card();
    } else if (verb == "dismount") {
      dismount_words(out);
    } else if (verb == "swap" && info_.squares.size() == 2) {
      out += did("Swap the attacker\u2019s ", "Swapped the attacker\u2019s ");
      unit_words(out, info_.squares[0]);
      out += " and ";
      unit_words(out, info_.squares[1]);
    } else if (verb == "group-start") {
      card();
      out += did(": a group advance begins with ", ": began a group advance with ");
      unit_words(out, str(info_.from));
    } else if (verb == "group-add") {
      out += did("The group advance adds ", "Added ");
      unit_words(out, str(info_.from));
      if (logged_) out += " to the group advance";
    } else if (verb == "group-done") {
      out += did("The group advance moves",
                 ordered ? "Ordered the group advance to move" : "Moved the group advance");
    } else {
      out += info_.text;
    }
  }

  /// `now` as the choice is offered, `done` in a log line (logged_).
  const char* did(const char* now, const char* done) const { return logged_ ? done : now; }

  /// Whether the action, a move (a group advance's, or a Trample's before its attack), waits
  /// for the other side's answer before it is made: where the rules let a card negate a move
  /// (WarfareState::apply opens the move window).
  bool opens_move_window(std::string_view verb) const {
    const bool moves = verb == "move" || verb == "advance" || verb == "group-done" ||
                       (verb == "attack" && info_.via);
    return moves && s_.rules().negate_move != 0xFF;
  }

  /// A pass: what it answers, or what it passes up. In a log line only what was done (the
  /// events after it tell how the attack taken came out).
  void pass_words(std::string& out, const Pending& pending) const {
    if (pending.kind == Pending::kMove)
      out += did("Let the move happen", "Allowed the move");
    else if (pending.kind != Pending::kNone && logged_)
      out += "Took the attack (no defence)";
    else if (pending.kind != Pending::kNone)
      taken_words(out, pending);
    else if (s_.phase() == Phase::kDeploy)
      out += did("Keep the deployment (no swap)", "Kept the deployment (no swap)");
    else
      out += did("Pass", "Passed");
  }

  /// A Scout: `scout` (two players: the opponent's hand) or `scout P` (a digit, as the
  /// notation has it). In a log line, the hand is named for its reader: "your hand" to the
  /// player whose hand it was, "the opponent’s hand" to the player who looked (two players).
  void scout_words(std::string& out) const {
    if (!logged_) {
      if (w_.size() >= 2)
        fmt::format_to(std::back_inserter(out), "Scout: look at player {}\u2019s hand", w_[1]);
      else
        out += "Scout: look at the opponent\u2019s hand";
      if (empty_scout_) out += " (it holds no card: nothing to see)";
      return;
    }
    const int actor = s_.to_act();
    const int seen = scouted_player();
    out += "Scouted: looked at ";
    if (viewer_ == seen && seen != 0)
      out += "your";
    else if (viewer_ == actor && w_.size() < 2)
      out += "the opponent\u2019s";
    else if (seen != 0)
      fmt::format_to(std::back_inserter(out), "Player {}\u2019s", seen);
    else
      out += "a";
    out += " hand";
    if (empty_scout_) out += " (it held no card)";
  }

  void dismount_words(std::string& out) const {
    const std::string_view from = str(info_.from);
    out += "Special Ability: ";
    unit_words(out, from);
    out += did(" dismounts", " dismounted");
    const auto sq = board().parse(from);
    if (sq && s_.unit_at(*sq) >= 0) {
      const UnitType b = s_.rules().units[s_.unit(s_.unit_at(*sq)).type].becomes;
      if (b != kNoUnitType) {
        out += did(" and becomes ", " and became ");
        append_title_case(out, s_.rules().units[b].id);
      }
    }
  }

  void joined_squares(std::string& out) const {
    for (std::size_t i = 0; i < info_.squares.size(); ++i) {
      if (i > 0) out += ", ";
      out += info_.squares[i];
    }
  }

  const WarfareState& s_;
  std::vector<std::string_view> w_;
  std::string_view card_;
  bool shape_only_ = false;
  bool logged_ = false;  ///< the words of a log line: what was done (logged_info_text)
  int viewer_ = 0;       ///< who reads a log line's words (a Scout's hand named for them)
  Info info_;
  /// An attack's immune target: where it recoils to (kNoSquare: nowhere); nullopt otherwise.
  std::optional<int> immune_back_;
  bool empty_scout_ = false;  ///< a Scout of a hand that holds no card (scouted_hand_empty)
  bool needless_ = false;  ///< the attacker could auto-kill the target instead (autokill_instead)
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

std::string WarfareState::logged_info_text(std::string_view text, int viewer) const {
  Describer d(*this, text, false, true, viewer);
  return json_text([&](auto& w) { write_info(w, d.run(), false); });
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
  if (next_word(text, at) != "advance") return false;
  out.kind = "advance";
  out.card = next_word(text, at);
  out.cards.assign(out.card.empty() ? 0 : 1, out.card);
  out.squares.clear();
  const std::string_view squares = next_word(text, at);
  if (squares.empty()) return true;
  for_each_piece(squares, ',', [&](std::string_view q) {
    if (geo_->parse(q)) out.squares.emplace_back(q);
  });
  return true;
}

}  // namespace ancients::warfare
