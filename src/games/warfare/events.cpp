// Ancient Warfare's events: what an action made happen, read from the viewer's views of the
// state before and after it, so that nothing a viewer may not know can appear (an opponent's
// drawn cards are a count; a spectator sees no deployment). Each event has a type, the player it
// concerns, the squares and unit types involved, and a sentence:
//   action     the action as played ("attack march c2xc3"); a deployment is told by it and
//              the log line's words alone
//   moved      a unit of the acting player went from one square to another (when the action
//              answers an attack or a move, the acting player is that attack's or move's)
//   recoiled / retreated   an enemy unit driven back (autokill edition / retreat edition)
//   followed   a unit of the acting player that moved other than by the action (pursuit)
//   destroyed  a unit removed from the board
//   left       a unit of a player that broke with the action, gone with its army (contingents)
//   loss       a player's loss points rose
//   scouted    the cards of an opposing hand that a Scout showed, to the player who looked
//   turn       a player's turn began: its Orders phase, before its automatic draw
//   rolled     the defender's battlefield: the die a feature rolled (a plough's going, a
//              river's kind), with what it means
//   drew       a player drew cards (their names only to that player)
//   reshuffled the discard pile became the new deck
//   over       the game ended, with its reason
// Computed on demand (the server's log, `ancients apply --events`), never in play's hot path;
// from the two states (events) or, the same, from the viewer's two views (events_from_views).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "core/json_writer.h"
#include "core/words.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

using nlohmann::json;

std::string title(std::string_view id) {
  return title_case(id);
}

/// The squares named in an action's text, in order, up to an attack's target ("attack march
/// c2-c3xd4" -> c2, c3): the square after the "x" is `target_of`'s.
std::vector<std::string> squares_of(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const bool start = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
    if (!start || text[i] < 'a' || text[i] > 'p' ||
        !std::isdigit(static_cast<unsigned char>(text[i + 1])))
      continue;
    std::size_t j = i + 1;
    while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
    if (j < text.size() && std::isalpha(static_cast<unsigned char>(text[j])) && text[j] != 'x')
      continue;
    out.emplace_back(text.substr(i, j - i));
    i = j - 1;
  }
  return out;
}

/// The square an attack's text targets, the one after its "x" ("attack attack c2-c3xd4" -> d4),
/// or "".
std::string target_of(std::string_view text) {
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] != 'x' || !std::isdigit(static_cast<unsigned char>(text[i - 1]))) continue;
    const std::vector<std::string> after = squares_of(text.substr(i + 1));
    if (!after.empty() && text.substr(i + 1).starts_with(after.front())) return after.front();
  }
  return "";
}

/// A square's rank ("d12" -> 12).
int rank_of(std::string_view sq) {
  int r = 0;
  for (const char c : sq.substr(1)) r = r * 10 + (c - '0');
  return r;
}

int distance(std::string_view a, std::string_view b) {
  const int df = std::abs(a[0] - b[0]);
  const int dr = std::abs(rank_of(a) - rank_of(b));
  return std::max(df, dr);
}

std::string who(int player) {
  return fmt::format("Player {}", player);
}

std::vector<std::string> card_list(const json& hand) {
  std::vector<std::string> out;
  if (hand.is_array())
    for (const auto& c : hand) out.push_back(c.get<std::string>());
  return out;
}

int card_count(const json& hand) {
  return hand.is_array() ? static_cast<int>(hand.size()) : hand.is_number() ? hand.get<int>() : 0;
}

}  // namespace

/// What the events are made of, as the viewer may know it: read either from the viewer's two
/// views (events_from_views) or straight from the two states (events), so that both give the
/// same events (tests/warfare/events_from_states_test.cpp) and the server needs no view tree.
struct EventFacts {
  /// A unit as a view shows it; its names are viewed where they are kept (the rules and the
  /// board's table of square names, or the view read), so listing the units copies no string.
  struct Seen {
    int owner;
    std::string_view type, square;
    bool elite;
    bool same_kind(const Seen& o) const {
      return owner == o.owner && elite == o.elite && type == o.type;
    }
  };
  bool deploying = false;  ///< the action was made in the deployment phase
  bool retreat_edition = false;
  std::vector<Seen> before_units, after_units;
  std::array<int, kMaxPlayers> lost_before{}, lost_after{};
  std::array<int, kMaxPlayers> held_before{}, held_after{};  ///< cards in each hand
  std::vector<std::string> own_before, own_after;            ///< the viewer's own cards (ids)
  bool contingents = false;
  std::array<bool, kMaxPlayers> broken_before{}, broken_after{};
  int discard_before = 0, discard_after = 0;
  bool over_before = false;
  /// The squares of the attack or move that awaited an answer before the action (the action
  /// is then that answer, whose resolution moves the units as the awaited action's).
  std::vector<std::string> answered;
  /// The square that awaited attack targeted ("" for none, or for an awaited move).
  std::string answered_target;
  /// The awaited move was a group advance (its squares in `answered`).
  bool answered_advance = false;
  /// Retreat edition: what the awaited attack does to its target undefended
  /// (WarfareState::retreat_words, "is destroyed: Elephants never retreat"), or "".
  std::string answered_fate;
  bool turn_began = false;     ///< the action began a player's turn (its Orders phase and draw)
  bool pending_after = false;  ///< an attack or move awaits an answer after the action
  int active_after = 0;        ///< whose turn it is after the action
  int turn_after = 0;          ///< the turn's number after the action
  /// The viewer's cards known in an opposing hand after the action (ids; Scout shows a hand),
  /// and whose hand that is (0: none known).
  std::vector<std::string> known_after;
  int known_of_after = 0;
  /// The defender's battlefield: the features whose die the action rolled (a plough, a
  /// river: its kind's index in field_table() and the die), in the order placed.
  std::vector<std::pair<int, int>> rolled;
};

namespace {

EventFacts facts_from_views(const json& b, const json& a, int players, int viewer) {
  EventFacts f;
  f.deploying = b["phase"] == "deploy";
  f.retreat_edition = a.value("edition", "") == "retreat";
  const auto seen = [](const json& list) {
    std::vector<EventFacts::Seen> v;
    v.reserve(list.size());
    for (const auto& u : list)
      v.push_back({u["owner"].get<int>(), u["type"].get_ref<const std::string&>(),
                   u["square"].get_ref<const std::string&>(), u["elite"].get<bool>()});
    return v;
  };
  if (!f.deploying) {
    f.before_units = seen(b["units"]);
    f.after_units = seen(a["units"]);
  }
  for (int p = 1; p <= players; ++p) {
    const std::string k = std::to_string(p);
    const auto q = static_cast<std::size_t>(p - 1);
    f.lost_before[q] = b["lost"].value(k, 0);
    f.lost_after[q] = a["lost"].value(k, 0);
    f.held_before[q] = card_count(b["hands"][k]);
    f.held_after[q] = card_count(a["hands"][k]);
    if (p == viewer) {
      f.own_before = card_list(b["hands"][k]);
      f.own_after = card_list(a["hands"][k]);
    }
  }
  f.contingents = a.contains("players") && b.contains("players");
  if (f.contingents)
    for (int p = 1; p <= players; ++p) {
      const std::string k = std::to_string(p);
      f.broken_before[static_cast<std::size_t>(p - 1)] = b["players"][k].value("broken", false);
      f.broken_after[static_cast<std::size_t>(p - 1)] = a["players"][k].value("broken", false);
    }
  f.discard_before = static_cast<int>(b["discard"].size());
  f.discard_after = static_cast<int>(a["discard"].size());
  f.over_before = !b["winner"].is_null();
  const auto setting_up = [](const json& v) {
    return v["phase"] == "deploy" || v["phase"] == "battlefield";
  };
  f.turn_began = !setting_up(a) && a["phase"] != "over" &&
                 (setting_up(b) || a.value("turn", 0) != b.value("turn", 0) ||
                  a.value("active", 0) != b.value("active", 0));
  f.active_after = a.value("active", 0);
  f.turn_after = a.value("turn", 0);
  f.pending_after = a.contains("pending") && a["pending"].is_object() && !a["pending"].empty();
  if (viewer >= 1 && viewer <= players) {
    const std::string k = std::to_string(viewer);
    if (const json* known = a.contains("known") ? &a["known"] : nullptr;
        known && known->contains(k))
      f.known_after = card_list((*known)[k]);
    const json* of = a.contains("known_of") ? &a["known_of"] : nullptr;
    f.known_of_after = of && of->contains(k) ? (*of)[k].get<int>() : 3 - viewer;
  }
  if (a.contains("battlefield") && a["battlefield"].contains("features")) {
    const json& was = b.contains("battlefield") ? b["battlefield"].value("features", json::array())
                                                : json::array();
    const json& now = a["battlefield"]["features"];
    for (std::size_t i = 0; i < now.size(); ++i) {
      const int die = now[i].value("die", 0);
      const auto kind = field_kind_index(now[i].value("kind", ""));
      if (kind && die != 0 && (i >= was.size() || was[i].value("die", 0) == 0))
        f.rolled.emplace_back(*kind, die);
    }
  }
  if (const json& pending = b["pending"]; pending.is_object() && !pending.empty()) {
    f.answered = squares_of(pending.begin()->get_ref<const std::string&>());
    f.answered_advance = pending.begin()->get_ref<const std::string&>().starts_with("advance ");
    if (pending.begin().key() == "attack")
      f.answered_target = target_of(pending.begin()->get_ref<const std::string&>());
  }
  return f;
}

}  // namespace

json WarfareState::events(const State& before_state, std::string_view action, int viewer) const {
  const auto* before = dynamic_cast<const WarfareState*>(&before_state);
  if (before == nullptr)
    return events_from_views(before_state, before_state.view_json(viewer), view_json(viewer),
                             action, viewer);
  return events_from_facts(before_state, facts_of(*before, viewer), action, viewer);
}

std::string WarfareState::events_text(const State& before_state, std::string_view action,
                                      int viewer) const {
  const auto* before = dynamic_cast<const WarfareState*>(&before_state);
  if (before == nullptr) return State::events_text(before_state, action, viewer);
  return json_text(
      [&](auto& w) { write_events(w, before_state, facts_of(*before, viewer), action, viewer); });
}

EventFacts WarfareState::facts_of(const WarfareState& before_state, int viewer) const {
  const WarfareState* before = &before_state;
  // What the views would show: the units (none are read while deploying, when some are
  // hidden), the loss points, the hands' sizes (the viewer's own hand, or player 1's for a
  // spectator, as its list of cards: the view writes that hand out), the viewer's cards.
  EventFacts f;
  f.deploying = before->phase_ == Phase::kDeploy;
  f.retreat_edition = rules_->edition == "retreat";
  const auto units_of = [](const WarfareState& s) {
    std::vector<EventFacts::Seen> v;
    v.reserve(static_cast<std::size_t>(s.unit_count_));
    for (int i = 0; i < s.unit_count_; ++i) {
      const Unit& u = s.units_[i];
      v.push_back({u.player, s.rules_->units[u.type].id, square_name_view(u.square, s.geo_->width),
                   u.elite != 0});
    }
    return v;
  };
  if (!f.deploying) {
    f.before_units = units_of(*before);
    f.after_units = units_of(*this);
  }
  const int listed = viewer == 0 ? 1 : viewer;  // the hand a view writes as cards
  const auto cards = [&](const WarfareState& s, int p) {
    std::vector<std::string> out;
    for (std::size_t c = 0; c < rules_->cards.size(); ++c)
      for (int k = 0; k < s.hand_[p - 1][c]; ++k) out.push_back(rules_->cards[c].id);
    return out;
  };
  const auto held = [&](const WarfareState& s, int p) {
    if (p != listed) return s.hand_size(p);
    int n = 0;
    for (std::size_t c = 0; c < rules_->cards.size(); ++c) n += s.hand_[p - 1][c];
    return n;
  };
  for (int p = 1; p <= player_count(); ++p) {
    const auto q = static_cast<std::size_t>(p - 1);
    f.lost_before[q] = before->lost_[q];
    f.lost_after[q] = lost_[q];
    f.held_before[q] = held(*before, p);
    f.held_after[q] = held(*this, p);
    f.broken_before[q] = before->broken(p);
    f.broken_after[q] = broken(p);
  }
  if (viewer >= 1 && viewer <= player_count()) {
    f.own_before = cards(*before, viewer);
    f.own_after = cards(*this, viewer);
  }
  f.contingents = options_.contingents && before->options_.contingents;
  const auto discarded = [&](const WarfareState& s) {
    int n = 0;
    for (std::size_t c = 0; c < rules_->cards.size(); ++c) n += s.discard_[c];
    return n;
  };
  f.discard_before = discarded(*before);
  f.discard_after = discarded(*this);
  f.over_before = before->winner_ != kNotOver;
  const auto setting_up = [](Phase p) { return p == Phase::kDeploy || p == Phase::kBattlefield; };
  f.turn_began =
      !setting_up(phase_) && phase_ != Phase::kOver &&
      (setting_up(before->phase_) || turn_ != before->turn_ || active_ != before->active_);
  f.active_after = active_;
  f.turn_after = turn_;
  f.pending_after = pending_.kind != Pending::kNone;
  if (before->pending_.kind != Pending::kNone) {
    f.answered = squares_of(before->pending_text());
    f.answered_advance = before->pending_text().starts_with("advance ");
    if (before->pending_.kind != Pending::kMove)
      f.answered_target = target_of(before->pending_text());
  }
  f.answered_fate = before->awaited_attack_words();
  for (int i = 0; i < field_.count; ++i) {
    const int die = field_.features[i].die;
    if (die != 0 && (i >= before->field_.count || before->field_.features[i].die == 0))
      f.rolled.emplace_back(field_.features[i].kind, die);
  }
  if (viewer >= 1 && viewer <= player_count()) {
    for (std::size_t c = 0; c < rules_->cards.size(); ++c)
      for (int k = 0; k < known_[static_cast<std::size_t>(viewer - 1)][c]; ++k)
        f.known_after.push_back(rules_->cards[c].id);
    f.known_of_after = known_of_[static_cast<std::size_t>(viewer - 1)];
  }
  return f;
}

json WarfareState::events_from_views(const State& before_state, const json& b, const json& a,
                                     std::string_view action, int viewer) const {
  EventFacts f = facts_from_views(b, a, player_count(), viewer);
  // The views do not say where a unit could retreat to; the state before does (the board is
  // public, so nothing hidden is read).
  if (const auto* before = dynamic_cast<const WarfareState*>(&before_state))
    f.answered_fate = before->awaited_attack_words();
  return events_from_facts(before_state, f, action, viewer);
}

json WarfareState::events_from_facts(const State& before_state, const EventFacts& f,
                                     std::string_view action, int viewer) const {
  return json_tree([&](auto& w) { write_events(w, before_state, f, action, viewer); });
}

template <class Writer>
void WarfareState::write_events(Writer& w, const State& before_state, const EventFacts& f,
                                std::string_view action, int viewer) const {
  const int actor = before_state.to_act();
  // Each event is an object: its type, then the fields named, then the sentence.
  const auto begin = [&](const char* type) -> Writer& {
    w.begin_object();
    w.key("type").string(type);
    return w;
  };
  const auto end = [&](const std::string& text) { w.key("text").string(text).end_object(); };
  const auto unit = [&](const EventFacts::Seen& u) {
    w.key("unit").begin_object();
    w.key("type").string(u.type);
    w.key("owner").integer(u.owner);
    w.key("square").string(u.square);
    w.end_object();
  };
  w.begin_array();
  const std::string shown = before_state.action_text_for(action, actor, viewer);
  begin("action").key("player").integer(actor);
  end(fmt::format("{}: {}", who(actor), shown));

  // Deployment: a deployment is hidden from the other side until both have deployed, so no
  // unit is read while deploying; the log line's own words say that the army deployed
  // (WarfareState::logged_info_text), no event repeats it.
  if (!f.deploying) {
    // Units: the unchanged ones pair off first (a square holds one unit: the search starts
    // where the last pair was found, as units keep their order); the others are moved (the
    // nearest unit of the same owner, type and elite) or destroyed.
    // A group advance ("advance CARD SQ,SQ,...") moves every unit it names straight along its
    // file: those units never pair off as unchanged (in a column, the unit behind takes the
    // square of the one ahead); they pair off along their files below. The advance is the
    // action's own, or the awaited one that this answer lets go ahead (the retreat edition's
    // move window); none where it waits for its answer or was negated: then every unit it
    // names still stands where it stood, while an advance that took place left at least the
    // last square of each file it moved along.
    using Seen = EventFacts::Seen;
    // A unit as the log names it: its type, "Elite" before it where it is one.
    const auto named = [](const Seen& u) { return (u.elite ? "Elite " : "") + title(u.type); };
    const std::vector<Seen>& bu = f.before_units;
    const std::vector<Seen>& au = f.after_units;
    std::vector<std::string> advancing = action.starts_with("advance ") ? squares_of(action)
                                         : f.answered_advance           ? f.answered
                                                              : std::vector<std::string>{};
    // The unit that stood on `sq` before the action, where it stands there still (the same
    // owner and kind), else null: an advance that did not take place, an attacked unit that held.
    const auto still_on = [&](std::string_view sq) -> const Seen* {
      const auto was =
          std::find_if(bu.begin(), bu.end(), [&](const Seen& u) { return u.square == sq; });
      if (was == bu.end()) return nullptr;
      const auto now = std::find_if(
          au.begin(), au.end(), [&](const Seen& u) { return u.square == sq && u.same_kind(*was); });
      return now == au.end() ? nullptr : &*now;
    };
    const auto stands_still = [&](std::string_view sq) { return still_on(sq) != nullptr; };
    if (std::all_of(advancing.begin(), advancing.end(), stands_still)) advancing.clear();
    const auto advances = [&](std::string_view sq) {
      return std::find(advancing.begin(), advancing.end(), sq) != advancing.end();
    };
    std::vector<Seen> gone, came;
    std::vector<bool> used(au.size(), false);
    std::size_t hint = 0;
    for (const auto& u : bu) {
      if (advances(u.square)) {
        gone.push_back(u);
        continue;
      }
      bool kept = false;
      for (std::size_t k = 0; k < au.size() && !kept; ++k) {
        const std::size_t i = (hint + k) % au.size();
        if (!used[i] && u.square == au[i].square && u.same_kind(au[i])) {
          used[i] = kept = true;
          hint = i + 1;
        }
      }
      if (!kept) gone.push_back(u);
    }
    for (std::size_t i = 0; i < au.size(); ++i)
      if (!used[i]) came.push_back(au[i]);
    std::vector<std::string> squares;  // the action's squares, listed at the first move
    bool squares_listed = false;
    // An answer (a defense, a pass) lets the attack or move it answered resolve: that action's
    // player moved, with its squares; the answering player's units are the ones driven back.
    int mover = actor;
    if (!f.answered.empty()) {
      for (const auto& sq : f.answered) {
        const auto at = std::find_if(bu.begin(), bu.end(), [&](const Seen& u) {
          return u.square == sq && u.owner != actor;
        });
        if (at != bu.end()) {
          mover = at->owner;
          break;
        }
      }
      squares = f.answered;
      squares_listed = true;
    }
    // An advance's units keep their order along each file (none passes another): the ones of
    // a file pair off in order of rank with the acting player's units that came onto it.
    std::vector<std::pair<std::string_view, std::string_view>> advanced;  // from, to
    std::string files;  // the advancing units' files, once each
    for (const auto& sq : advancing)
      if (files.find(sq[0]) == std::string::npos) files += sq[0];
    const auto by_rank = [](std::vector<std::string_view>& list) {
      std::sort(list.begin(), list.end(), [](std::string_view a, std::string_view b) {
        return a.size() != b.size() ? a.size() < b.size() : a < b;  // "a9" before "a10"
      });
    };
    for (const char file : files) {
      std::vector<std::string_view> from, to;
      for (const auto& g : gone)
        if (g.square[0] == file && advances(g.square)) from.push_back(g.square);
      for (const auto& c : came)
        if (c.square[0] == file && c.owner == mover) to.push_back(c.square);
      if (from.size() != to.size()) continue;  // a unit destroyed on the way: nearest squares
      by_rank(from);
      by_rank(to);
      for (std::size_t i = 0; i < from.size(); ++i) advanced.emplace_back(from[i], to[i]);
    }
    // The units' events, told in the order they happened: what befell the enemy (destroyed,
    // driven back), then the acting side's moves (a follow-up, a move away after an attack, a
    // group advance front unit first). A Trample's or a charge's move is an action of its own:
    // every card attack waits for its answer.
    struct UnitEvent {
      int order;  ///< 1 losses and retreats, 2 the acting side's moves
      int front;  ///< among the moves: how far forward the unit went (front units first)
      Seen unit;
      std::string_view to;  ///< "" for a unit destroyed
      const char* type;
      std::string text;
    };
    std::vector<UnitEvent> told;
    for (const auto& u : gone) {
      const std::string_view sq = u.square;
      auto best = came.end();
      const auto paired = std::find_if(advanced.begin(), advanced.end(),
                                       [&](const auto& a) { return a.first == sq; });
      for (auto it = came.begin(); it != came.end(); ++it)
        if (u.same_kind(*it) &&
            (paired == advanced.end()
                 ? best == came.end() || distance(sq, it->square) < distance(sq, best->square)
                 : it->square == paired->second))
          best = it;
      const int owner = u.owner;
      const std::string name = named(u);
      if (best == came.end()) {
        // A unit of the same owner now on the square changed type (Knights dismounting).
        const auto changed = std::find_if(came.begin(), came.end(), [&](const Seen& c) {
          return c.owner == u.owner && c.square == u.square;
        });
        if (changed != came.end()) continue;
        // A player that broke with this action: its units other than the ones the action
        // struck (its squares, the attack's target) left the field with the army, not
        // destroyed one by one.
        const auto q = static_cast<std::size_t>(owner - 1);
        if (f.contingents && f.broken_after[q] && !f.broken_before[q]) {
          if (!squares_listed) {
            squares = squares_of(action);
            squares_listed = true;
          }
          const bool struck = std::find(squares.begin(), squares.end(), sq) != squares.end() ||
                              sq == f.answered_target || sq == target_of(action);
          if (!struck) {
            told.push_back({1, 0, u, "", "left",
                            fmt::format("{}'s {} left the field from {}", who(owner), name, sq)});
            continue;
          }
        }
        // The retreat edition's attacked unit is destroyed where it cannot retreat (no square
        // behind it, its retreats used up, a Camp, Elephants, Light Infantry overrun): said,
        // with the reason, or a player cannot tell that the edition's rule was applied.
        const bool no_retreat = f.retreat_edition && sq == f.answered_target;
        constexpr std::string_view kDestroyed = "is destroyed: ";
        const std::string why = !no_retreat ? ""
                                : f.answered_fate.starts_with(kDestroyed)
                                    ? ": " + f.answered_fate.substr(kDestroyed.size())
                                    : ": it could not retreat";
        told.push_back({1, 0, u, "", "destroyed",
                        fmt::format("{} lost the {} on {}{}", who(owner), name, sq, why)});
        continue;
      }
      const std::string_view to = best->square;
      came.erase(best);
      const char* type = "moved";
      const char* verb = "moved";
      if (owner != mover) {
        type = f.retreat_edition ? "retreated" : "recoiled";
        verb = type;
      } else if (!squares_listed && (squares = squares_of(action), squares_listed = true),
                 std::find(squares.begin(), squares.end(), sq) == squares.end()) {
        type = "followed";
        verb = "followed up";
      }
      const int order = owner != mover ? 1 : 2;
      const int forward = side_of(owner) == 1 ? rank_of(to) : -rank_of(to);
      told.push_back({order, forward, u, to, type,
                      fmt::format("{}'s {} {} from {} to {}", who(owner), name, verb, sq, to)});
    }
    std::stable_sort(told.begin(), told.end(), [](const UnitEvent& a, const UnitEvent& b) {
      return a.order != b.order ? a.order < b.order : a.order == 2 && a.front > b.front;
    });
    for (const UnitEvent& e : told) {
      begin(e.type).key("player").integer(e.unit.owner);
      unit(e.unit);
      if (!e.to.empty()) {
        w.key("from").string(e.unit.square);
        w.key("to").string(e.to);
      }
      end(e.text);
    }
    for (const auto& u : came) {  // a unit that changed type (Knights dismounting)
      begin("changed").key("player").integer(u.owner);
      unit(u);
      end(fmt::format("{}'s unit on {} is now {}", who(u.owner), u.square, title(u.type)));
    }
    // An attacked unit still standing where it stood, and why.
    const auto held = [&](const Seen& u, const char* why) {
      begin("held").key("player").integer(u.owner);
      unit(u);
      end(fmt::format("{}'s {} on {} held: {}", who(u.owner), named(u), u.square, why));
    };
    // A card attack that resolved at once on a target still standing: one immune to the
    // attacker, with no square to recoil to (WarfareState::resolve_attack). Said, or the log
    // would show a card spent with nothing after it.
    if (action.starts_with("attack ") && !f.pending_after) {
      const Seen* target = still_on(target_of(action));
      if (target != nullptr && target->owner != actor)
        held(*target, "immune to the attack, it had no square to recoil to");
    }
    // A defence that kept its unit where it stood: said, or the log would show the card alone.
    if (action.starts_with("defend ") && !f.answered_target.empty()) {
      const Seen* defended = still_on(f.answered_target);
      if (defended != nullptr && defended->owner == actor) held(*defended, "the attack failed");
    }
  }

  // Loss points.
  for (int p = 1; p <= player_count(); ++p) {
    const auto q = static_cast<std::size_t>(p - 1);
    const int was = f.lost_before[q], now = f.lost_after[q];
    if (now > was) {
      begin("loss").key("player").integer(p);
      w.key("points").integer(now);
      w.key("limit").integer(rules_->loss_limit);
      end(fmt::format("{} has {} loss point{} (the limit is {})", who(p), now, now == 1 ? "" : "s",
                      rules_->loss_limit));
    }
  }

  // A Scout: the cards it showed, to the player who looked (the log said only "Scout").
  if (viewer == actor && (action == "scout" || action.starts_with("scout "))) {
    begin("scouted").key("player").integer(viewer);
    w.key("of").integer(f.known_of_after);
    w.key("cards").begin_array();
    for (const auto& c : f.known_after) w.string(c);
    w.end_array();
    std::string seen;
    for (const auto& c : f.known_after) seen += (seen.empty() ? "" : ", ") + title(c);
    end(f.known_after.empty()
            ? fmt::format("{} saw that {}'s hand held no card", who(viewer), who(f.known_of_after))
            : fmt::format("{} saw {} in {}'s hand", who(viewer), seen, who(f.known_of_after)));
  }

  // The defender's battlefield: what each die rolled for a feature (a plough's going, a
  // river's kind) is known as the feature is placed.
  for (const auto& [kind, die] : f.rolled) {
    const auto& feature = field_table().features[static_cast<std::size_t>(kind)];
    begin("rolled").key("player").integer(actor);
    w.key("feature").string(feature.id);
    w.key("die").integer(die);
    end(fmt::format("{} rolled {}: {}", feature.name, die,
                    feature.die_notes[static_cast<std::size_t>(die - 1)]));
  }

  // A new turn, said before its automatic draw: the cards drawn then begin that player's turn,
  // they are no part of the action that ended the last one.
  if (f.turn_began) {
    begin("turn").key("player").integer(f.active_after);
    w.key("turn").integer(f.turn_after);
    w.key("entry").boolean(true);
    end(fmt::format("{}'s turn ({} {})", who(f.active_after),
                    options_.contingents ? "round" : "turn", f.turn_after));
  }

  // Cards: how many each player drew (an action that plays a card puts one away first).
  // The card the action played: its second word, when that names a card (not a deployment).
  std::size_t at = 0;
  const std::string_view verb = next_word(action, at);
  const std::string_view second = next_word(action, at);
  const std::string played = !second.empty() && rules_->find_card(second) >= 0 && verb != "deploy"
                                 ? std::string(second)
                                 : std::string();
  for (int p = 1; p <= player_count(); ++p) {
    const auto q = static_cast<std::size_t>(p - 1);
    const int was = f.held_before[q] - (p == actor && !played.empty() ? 1 : 0);
    const int drawn = f.held_after[q] - was;
    if (drawn <= 0) continue;
    begin("drew").key("player").integer(p);
    w.key("count").integer(drawn);
    if (p == viewer) {
      std::map<std::string, int> left;
      for (const auto& c : f.own_before) ++left[c];
      if (p == actor && !played.empty()) --left[played];
      std::vector<std::string> names;
      for (const auto& c : f.own_after) {
        if (left[c] > 0)
          --left[c];
        else
          names.push_back(c);
      }
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + title(n);
      w.key("cards").begin_array();
      for (const auto& n : names) w.string(n);
      w.end_array();
      end(fmt::format("You drew {}", list));
    } else {
      end(fmt::format("{} drew {} card{}", who(p), drawn, drawn == 1 ? "" : "s"));
    }
  }
  // Contingents: a player broke (its units left the board, its hand went to the discard pile).
  if (f.contingents)
    for (int p = 1; p <= player_count(); ++p) {
      const auto q = static_cast<std::size_t>(p - 1);
      if (f.broken_after[q] && !f.broken_before[q]) {
        begin("broken").key("player").integer(p);
        end(fmt::format("{}'s army is broken: it leaves the field", who(p)));
      }
    }
  if (f.discard_after < f.discard_before && f.discard_after <= 1) {
    begin("reshuffled");
    end("The discard pile was shuffled into a new deck");
  }

  // The end.
  if (!f.over_before && is_over()) {
    const int won = winner();
    begin("over").key("winner");
    if (won == kDraw)
      w.string("draw");
    else
      w.integer(won);
    end(over_reason());
  }
  w.end_array();
}

std::string WarfareState::over_reason() const {
  if (!is_over()) return {};
  const int w = winner();
  if (w == kDraw)
    return fmt::format("The game is drawn: the turn limit ({} {}) was reached", options_.turn_limit,
                       options_.contingents ? "rounds" : "turns");
  // With contingents the loser is the losing side's main player, and the winner a side.
  const int loser = main_player(3 - w);
  const std::string winners = options_.contingents
                                  ? fmt::format("The {} side", w == 1 ? "attacker's" : "defender's")
                                  : who(w);
  bool general = false;
  for (int i = 0; i < unit_count_; ++i)
    general =
        general || (units_[i].player == loser &&
                    (rules_->units[units_[i].type].role == Role::kGeneral || units_[i].general));
  const int lost = lost_[loser - 1];
  if (lost >= rules_->loss_limit)
    return fmt::format("{} wins: {} lost {} loss points (the limit is {})", winners, who(loser),
                       lost, rules_->loss_limit);
  if (!general) return fmt::format("{} wins: {}'s General was destroyed", winners, who(loser));
  return fmt::format("{} wins", winners);
}

}  // namespace ancients::warfare
