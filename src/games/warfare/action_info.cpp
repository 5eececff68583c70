// Ancient Warfare's actions in structure and in words (State::action_info): the one place that
// reads an action's notation for the front ends. The structure names the verb, the card, every
// square in order and its role (from, to, via, target, after), and the units standing on those
// squares where the board is public; the words are a sentence read from this position, before
// the action ("Charge: Knights c3 moves to c4 and attacks Spears c5"). A text that is not an
// action of this game keeps its verb and its words are the text itself.
#include <fmt/format.h>

#include <string>
#include <vector>

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

class Describer {
 public:
  /// `shape_only`: without the units and the words (State::action_shape).
  Describer(const WarfareState& s, std::string_view text, bool shape_only = false)
      : s_(s), w_(split_words(text)), shape_only_(shape_only) {
    info_ = {{"text", text},           {"kind", w_.empty() ? "" : w_[0]}, {"card", nullptr},
             {"cards", json::array()}, {"squares", json::array()},        {"words", text}};
  }

  json run() {
    if (w_.empty()) return info_;
    const std::string& verb = w_[0];
    const bool with_card = verb == "move" || verb == "advance" || verb == "attack" ||
                           verb == "defend" || verb == "discard" || verb == "negate" ||
                           verb == "group-start";
    if (with_card && w_.size() >= 2) card_ = w_[1];
    if (verb == "dismount") card_ = "special-ability";
    if (verb == "scout") card_ = "scout";
    if (!card_.empty()) {
      info_["card"] = card_;
      info_["cards"] = json::array({card_});
    }
    const std::string rest = w_.size() > (with_card ? 2U : 1U) ? w_[with_card ? 2 : 1] : "";
    if (verb == "deploy" || verb == "place") return placements(verb, rest);
    if (verb == "topography" || verb == "terrain" || verb == "side") {
      // The defender's battlefield: the squares named (the river's two, or one), the first
      // as "to" (where a click places it), the feature kind, and the words.
      for (std::size_t k = 1; k < w_.size(); ++k)
        if (board().parse(w_[k])) add_square(w_[k]);
      if (!info_["squares"].empty()) info_["to"] = info_["squares"][0];
      if (verb == "terrain" && w_.size() >= 2 && field_kind_index(w_[1])) info_["feature"] = w_[1];
      info_["units"] = json::array();
      info_["words"] = battlefield_words(s_, w_);
      return info_;
    }
    if (verb == "attack" || verb == "autokill") {
      const auto x = rest.find('x');
      const auto before = squares_in(rest.substr(0, x), board());
      const auto after = x == std::string::npos ? std::vector<std::string>{}
                                                : squares_in(rest.substr(x + 1), board());
      set("from", before, 0);
      set("via", before, 1);
      set("target", after, 0);
      set("after", after, 1);
      for (const auto& q : before) add_square(q);
      for (const auto& q : after) add_square(q);
    } else if (verb == "advance" || verb == "swap") {
      for (const auto& q : split_on(rest, ','))
        if (board().parse(q)) add_square(q);
      if (!info_["squares"].empty()) info_["from"] = info_["squares"][0];
      // A move phase may offer hundreds of group advances, each named by its units' squares:
      // a front end may receive them as groups (docs/protocol.md, docs/server.md).
      if (verb == "advance") info_["grouped"] = true;
    } else {
      const auto sq = squares_in(rest, board());
      for (const auto& q : sq) add_square(q);
      if (verb == "move") {
        set("from", sq, 0);
        set("to", sq, 1);
      } else if (verb == "dismount" || verb == "group-start" || verb == "group-add") {
        set("from", sq, 0);
      } else if (verb == "defend") {
        set("to", sq, 0);
      }
    }
    if (shape_only_) return info_;
    add_units();
    info_["words"] = words(verb);
    return info_;
  }

 private:
  const Geometry& board() const { return s_.geo(); }
  std::string card_title() const { return title_case(card_); }
  std::string str(const char* key) const {
    return info_.contains(key) ? info_[key].get<std::string>() : std::string();
  }
  void set(const char* key, const std::vector<std::string>& sq, std::size_t i) {
    if (i < sq.size()) info_[key] = sq[i];
  }
  void add_square(const std::string& q) { info_["squares"].push_back(q); }

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
    json units = json::array();
    if (board_public())
      for (const auto& q : info_["squares"]) {
        const auto sq = board().parse(q.get<std::string>());
        if (!sq || s_.unit_at(*sq) < 0) continue;
        const Unit& u = s_.unit(s_.unit_at(*sq));
        units.push_back({{"square", q},
                         {"type", s_.rules().units[u.type].id},
                         {"owner", u.player},
                         {"elite", u.elite != 0},
                         {"general", u.general != 0}});
      }
    info_["units"] = std::move(units);
  }

  /// deploy TYPE[*][!]:SQ,... and place TYPE[*][!]:SQ: the units come from the text.
  json placements(const std::string& verb, const std::string& rest) {
    json units = json::array();
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
        units.push_back({{"square", q},
                         {"type", type},
                         {"owner", s_.to_act()},
                         {"elite", elite},
                         {"general", general}});
      }
    info_["units"] = units;
    if (verb == "place" && !units.empty()) {
      info_["to"] = units[0]["square"];
      info_["words"] =
          fmt::format("Place {} on {}", title_case(units[0]["type"].get<std::string>()),
                      units[0]["square"].get<std::string>());
    } else {
      info_["words"] = units.empty() ? std::string("Deploy (hidden)")
                                     : fmt::format("Deploy {} units", units.size());
    }
    return info_;
  }

  std::string words(const std::string& verb) const {
    const Pending& pending = s_.pending();
    if (verb == "move")
      return fmt::format("{}: {} moves to {}", card_title(), unit_words(str("from")), str("to"));
    if (verb == "advance")
      return fmt::format("{}: group advance of {} units ({})", card_title(),
                         info_["squares"].size(), joined_squares());
    if (verb == "attack") {
      const std::string via = str("via").empty() ? "" : " moves to " + str("via") + " and";
      const std::string after = str("after").empty() ? "" : ", then moves to " + str("after");
      return fmt::format("{}: {}{} attacks {}{}", card_title(), unit_words(str("from")), via,
                         unit_words(str("target")), after);
    }
    if (verb == "autokill")
      return fmt::format("Auto-kill: {} destroys {}", unit_words(str("from")),
                         unit_words(str("target")));
    if (verb == "defend")
      return fmt::format("Defend with {}{}", card_title(),
                         str("to").empty() ? "" : ", moving to " + str("to"));
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
      const auto& q = info_["squares"];
      if (q.size() == 2)
        return fmt::format("Swap the attacker\u2019s {} and {}", unit_words(q[0]),
                           unit_words(q[1]));
    }
    if (verb == "group-start")
      return fmt::format("{}: a group advance begins with {}", card_title(),
                         unit_words(str("from")));
    if (verb == "group-add") return "The group advance adds " + unit_words(str("from"));
    if (verb == "group-done") return "The group advance moves";
    return info_["text"].get<std::string>();
  }

  std::string dismount_words() const {
    const std::string from = str("from");
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
    for (const auto& q : info_["squares"]) out += (out.empty() ? "" : ", ") + q.get<std::string>();
    return out;
  }

  const WarfareState& s_;
  std::vector<std::string> w_;
  std::string card_;
  bool shape_only_ = false;
  json info_;
};

}  // namespace

json WarfareState::action_info(std::string_view text, int viewer) const {
  (void)viewer;  // everything read here is public, or comes from the text the viewer reads
  return Describer(*this, text).run();
}

json WarfareState::action_shape(std::string_view text, int viewer) const {
  (void)viewer;
  return Describer(*this, text, true).run();
}

bool WarfareState::grouped_shape(std::string_view text, int viewer, GroupedShape& out) const {
  (void)viewer;
  // Only group advances are grouped (Describer::run): the same fields, read without JSON.
  const auto w = split_words(text);
  if (w.empty() || w[0] != "advance") return false;
  out.kind = w[0];
  out.card = w.size() >= 2 ? w[1] : "";
  out.cards.assign(out.card.empty() ? 0 : 1, out.card);
  out.squares.clear();
  if (w.size() > 2)
    for (const auto& q : split_on(w[2], ','))
      if (geo_->parse(q)) out.squares.push_back(q);
  return true;
}

}  // namespace ancients::warfare
