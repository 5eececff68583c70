// Ancient Generals' events: what an action made happen, read from the viewer's views of the
// state before and after it, so that nothing a viewer may not know can appear (an opponent's
// drawn cards are a count; a spectator sees no hand). Each event has a type, the player it
// concerns and a sentence:
//   action      the action as the viewer reads it
//   battle      the battle of the turn resolved (before its combats)
//   combat      how one combat of the battle the action resolved ended (outcome, forces or damage)
//   casualties  cards that went to a player's casualty pile (public)
//   flank       a player's flank points rose
//   reserve     cards that went to a player's reserve
//   reshuffled  a player's deck ran out and the reserve was shuffled into a new one
//   rallied     the card a Rally took back from the casualty pile into its player's hand
//   drew        cards that came into a player's hand (their names only to that player)
//   scouted     cards of the opponent's hand, or of a deck's top, that the viewer now knows (a
//               deck's top in its order, the next card drawn first; only to the viewer who
//               scouted: every other viewer's view is unchanged, so nothing is told)
//   turn        the action ended a turn: the next player's began
//   over        the game ended, with its reason
// Computed for the log (the server's, for every action and viewer, and `ancients apply
// --events`), never in the search; from the two states (events: what their views would show) or,
// the same, from the viewer's two views (events_from_views).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/json_writer.h"
#include "core/words.h"
#include "games/generals/battle_words.h"
#include "games/generals/combat.h"
#include "games/generals/position.h"
#include "games/generals/state.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

std::string who(int p) {
  return fmt::format("Player {}", p);
}

/// The named cards of a pile: how many of each kind of card (no names compared; the names are
/// the card table's, listed in their order by `added`).
using Pile = std::array<std::uint8_t, kMaxKinds>;

/// The named cards of a view's pile (unknown cards, null, are left out).
Pile counts(const json& pile, const Cards& cards) {
  Pile out{};
  for (const auto& c : pile) {
    if (!c.is_string()) continue;
    const int kind = cards.find(c.get_ref<const std::string&>());
    if (kind < 0) throw std::logic_error("a view names a card the game does not have");
    ++out[static_cast<std::size_t>(kind)];
  }
  return out;
}

/// The cards an action of its player takes out of the hand in the same action as it draws:
/// the discards of a discard phase ("discard a,b,c", then the hand is drawn up) and the Reserve
/// card that draws ("reserve"). Other actions draw nothing.
Pile taken_by_drawing_action(std::string_view action, const Cards& cards) {
  Pile out{};
  const auto take = [&](std::string_view name) {
    const int kind = cards.find(name);
    if (kind >= 0) ++out[static_cast<std::size_t>(kind)];
  };
  if (action == "reserve") {
    take("reserve");
  } else if (action.starts_with("discard ")) {
    std::string_view list = action.substr(8);
    for (std::size_t comma; !list.empty();
         list = comma == list.npos ? "" : list.substr(comma + 1)) {
      comma = list.find(',');
      take(list.substr(0, comma));
    }
  }
  return out;
}

/// The card a Rally action takes back from its player's casualty pile into the hand ("rally
/// CARD"), or -1 for any other action: taken back, not drawn.
int rallied_by(std::string_view action, const Cards& cards) {
  constexpr std::string_view kRally = "rally ";
  return action.starts_with(kRally) ? cards.find(action.substr(kRally.size())) : -1;
}

std::string card_titles(const std::vector<std::string_view>& cards) {
  std::string out;
  for (const auto& c : cards) out += (out.empty() ? "" : ", ") + title_case(c);
  return out;
}

}  // namespace

std::string GeneralsState::over_reason() const {
  if (!is_over()) return {};
  const auto out_of_cards = [&](int p) {
    const PlayerCards& P = g_.players[p - 1];
    return P.deck_size == 0 && P.reserve_size == 0;
  };
  const int w = winner();
  if (w == kDraw)
    return out_of_cards(1) && out_of_cards(2)
               ? "The game is drawn: both players ran out of cards in deck and reserve at once"
               : fmt::format("The game is drawn: the turn limit ({} turns) was reached",
                             g_.turn_limit);
  const int loser = 3 - w;
  if (out_of_cards(loser))
    return fmt::format("{} wins: {} ran out of cards (deck and reserve are empty)", who(w),
                       who(loser));
  return fmt::format("{} wins", who(w));
}

namespace {

/// What a viewer may know of one player's cards, as the events read it: the named cards of each
/// pile (unknown cards left out) and the hand's and deck's lengths as the view lists them.
struct SideFacts {
  Pile casualties{}, reserve{}, hand{}, deck{};
  /// The deck's top cards the viewer has seen, in order: the next card drawn first.
  std::vector<std::uint8_t> top;
  int flank = 0, hand_length = 0, deck_length = 0;
};
using Facts = std::array<SideFacts, 2>;

/// The cards in `after` beyond those in `before`, in the order of their names.
std::vector<std::string_view> added(const Pile& before, const Pile& after, const Cards& cards) {
  std::vector<std::string_view> out;
  if (before == after) return out;  // most piles of most actions
  for (const std::uint8_t k : cards.by_name)
    for (int n = before[k]; n < after[k]; ++n) out.push_back(cards.name(k));
  return out;
}

Facts facts_from_view(const json& view, const Cards& cards) {
  Facts f;
  for (int p = 1; p <= 2; ++p) {
    const json& pl = view["players"][std::to_string(p)];
    SideFacts& x = f[static_cast<std::size_t>(p - 1)];
    x.casualties = counts(pl["casualties"], cards);
    x.reserve = counts(pl["reserve"], cards);
    x.hand = counts(pl["hand"], cards);
    x.deck = counts(pl["deck"], cards);
    // A view lists a deck top first, the cards hidden from its player as null (below those
    // it has seen).
    for (const auto& c : pl["deck"]) {
      if (!c.is_string()) break;
      x.top.push_back(static_cast<std::uint8_t>(cards.find(c.get_ref<const std::string&>())));
    }
    x.flank = pl.value("flank", 0);
    x.hand_length = static_cast<int>(pl["hand"].size());
    x.deck_length = static_cast<int>(pl["deck"].size());
  }
  return f;
}

/// The same facts from the state itself, as its view for `viewer` would show them (a spectator
/// sees what player 1 sees, less the names of every hand and deck card: their lengths only),
/// read from the state and the viewer's knowledge where GeneralsView::mask would leave them:
/// the piles and flanks are public; the opponent's hand is the cards the viewer knows in it;
/// of a deck, only the top cards the viewer has seen. No masked copy is made (the events of
/// every action read these facts four times per seat); the random games of `generals_tests`
/// compare these events with those read from the views.
Facts facts_from_state(const GeneralsState& s, int viewer) {
  if (viewer < 0 || viewer > 2)
    throw BadInput("ancient-generals: no viewer " + std::to_string(viewer) + " (0, 1 or 2)");
  const GameData& g = s.data();
  const Cards& c = s.cards();
  const int looker = viewer == 0 ? 1 : viewer;
  const Knowledge& mine = g.known[static_cast<std::size_t>(looker - 1)];
  Facts f;
  for (int p = 1; p <= 2; ++p) {
    const PlayerCards& P = g.players[static_cast<std::size_t>(p - 1)];
    SideFacts& x = f[static_cast<std::size_t>(p - 1)];
    x.casualties = P.casualties;
    x.reserve = P.reserve;
    const std::array<std::uint8_t, kMaxKinds>& hand = p == looker ? P.hand : mine.opp_hand;
    int held = 0;
    for (int k = 0; k < c.table.kinds; ++k) held += hand[k];
    x.hand_length = std::max(held, static_cast<int>(P.hand_size));
    x.deck_length = P.deck_size;
    x.flank = P.flank;
    if (viewer != 0) {
      x.hand = hand;
      const int seen = mine.top[static_cast<std::size_t>(p - 1)];
      for (int i = std::max(0, P.deck_size - seen); i < P.deck_size; ++i) ++x.deck[P.deck[i]];
      for (int i = P.deck_size - 1; i >= std::max(0, P.deck_size - seen); --i)
        x.top.push_back(P.deck[i]);
    }
  }
  return f;
}

/// The events from what the viewer knows before (a) and after (b) the action, through a
/// writer (core/json_writer.h: text or a tree).
template <class Writer>
void write_events(Writer& w, const GeneralsState& after, const State& before_state, const Facts& a,
                  const Facts& b, std::string_view action, int viewer) {
  const int actor = before_state.to_act();
  const Cards& names = after.cards();  // the cards' names, for `added`
  // Each event: its type and player (none for the end), its fields, then its sentence.
  const auto begin = [&](const char* type, int player) {
    w.begin_object();
    w.key("type").string(type);
    if (player > 0) w.key("player").integer(player);
  };
  const auto cards = [&](const std::vector<std::string_view>& list) {
    w.key("cards").begin_array();
    for (const auto& c : list) w.string(c);
    w.end_array();
  };
  const auto end = [&](const std::string& text) { w.key("text").string(text).end_object(); };
  w.begin_array();
  begin("action", actor);
  end(before_state.action_text_for(action, actor, viewer));
  // The battle this action resolved (the tactics window closed), combat by combat: every card
  // in a battle is face up, so every viewer reads the same.
  const auto* before = dynamic_cast<const GeneralsState*>(&before_state);
  // The cards each player lost in the combats of a battle this action resolved (the loser of
  // each, both at a tie): at a resolution the rest of a casualty pile's growth is damage.
  std::array<Pile, 2> fallen{};
  bool resolved = false;
  if (before != nullptr && before->data().phase == Phase::kTactics &&
      after.data().phase != Phase::kTactics) {
    resolved = true;
    const Battle& battle = before->data().battle;
    const int A = before->data().active, B = 3 - A;
    // The battle's resolution begins an entry of its own in a log: it is no part of the pass
    // that closed the window.
    begin("battle", A);
    w.key("turn").integer(before->turn());
    w.key("entry").boolean(true);
    end(fmt::format("The battle of turn {} ({}'s attack) resolved", before->turn(), who(A)));
    for (int i = 0; i < battle.attacker_count; ++i) {
      const CombatTotals c = combat_totals(*before, i);
      const std::string attacker = combat_card(A, names.name(battle.attackers[i]));
      const std::string blocker = c.blocked ? combat_card(B, names.name(battle.blockers[i])) : "";
      begin("combat", A);
      w.key("combat").integer(i + 1);
      w.key("outcome").string(combat_outcome_name(c.outcome));
      w.key("attacker").string(names.name(battle.attackers[i]));
      if (c.blocked) {
        w.key("blocker").string(names.name(battle.blockers[i]));
        w.key("attacker_force").integer(c.attacker_force);
        w.key("blocker_force").integer(c.blocker_force);
      } else {
        w.key("damage").integer(c.damage);
      }
      const CombatTerms terms = combat_terms(*before, i, battle.blockers[i], c);
      end(fmt::format("Combat {}: {}", i + 1, combat_ended(c, terms, attacker, blocker)));
      if (c.outcome == CombatOutcome::kBlockerWins || c.outcome == CombatOutcome::kTie)
        ++fallen[static_cast<std::size_t>(A - 1)][battle.attackers[i]];
      if (c.outcome == CombatOutcome::kAttackerWins || c.outcome == CombatOutcome::kTie)
        ++fallen[static_cast<std::size_t>(B - 1)][battle.blockers[i]];
    }
  }
  for (int p = 1; p <= 2; ++p) {
    const SideFacts &was = a[static_cast<std::size_t>(p - 1)],
                    &now = b[static_cast<std::size_t>(p - 1)];
    if (const auto fell = added(was.casualties, now.casualties, names);
        !fell.empty() && !resolved) {
      begin("casualties", p);
      cards(fell);
      // Worded for every cause: a card played, Siege Artillery off the deck's top.
      end(fmt::format("{}'s {} went to the casualty pile", who(p), card_titles(fell)));
    } else if (!fell.empty()) {
      // A battle resolved: the cards that fell in its combats, then the damage taken off the
      // top of the deck, each said apart (one line of both left a player unsure which was
      // which).
      Pile in_combat = fallen[static_cast<std::size_t>(p - 1)];
      std::vector<std::string_view> lost_in_combat, damage;
      for (const auto& card : fell) {
        const int k = names.find(card);
        if (k >= 0 && in_combat[static_cast<std::size_t>(k)] > 0) {
          --in_combat[static_cast<std::size_t>(k)];
          lost_in_combat.push_back(card);
        } else {
          damage.push_back(card);
        }
      }
      if (!lost_in_combat.empty()) {
        begin("casualties", p);
        cards(lost_in_combat);
        w.key("cause").string("combat");
        end(fmt::format("{}'s {} fell in combat and went to the casualty pile", who(p),
                        card_titles(lost_in_combat)));
      }
      if (!damage.empty()) {
        begin("casualties", p);
        cards(damage);
        w.key("cause").string("damage");
        end(fmt::format("{} took {} damage: {} went from the top of the deck to the casualty pile",
                        who(p), damage.size(), card_titles(damage)));
      }
    }
    // A deck that ran out took the whole reserve, shuffled (GeneralsState::reshuffle: nothing
    // else takes cards out of a reserve or into a deck); what the reserve holds now came after.
    // The cards a discard put in the reserve (named in the action, in the open) count as the
    // reserve's before a draw in the same action ran the deck out: else a reserve that was
    // empty and shuffled whole would hide the reshuffle, and the discards with it.
    const Pile discarded = p == actor && action.starts_with("discard ")
                               ? taken_by_drawing_action(action, names)
                               : Pile{};
    bool reshuffled = now.deck_length > was.deck_length;
    for (std::size_t k = 0; k < was.reserve.size(); ++k)
      reshuffled = reshuffled || now.reserve[k] < was.reserve[k] + discarded[k];
    if (reshuffled) {
      if (const auto gone = added(Pile{}, discarded, names); !gone.empty()) {
        begin("reserve", p);
        cards(gone);
        end(fmt::format("{}'s {} went to the reserve", who(p), card_titles(gone)));
      }
      begin("reshuffled", p);
      end(fmt::format("{}'s deck ran out: the reserve was shuffled into a new deck", who(p)));
    }
    if (const auto kept = added(reshuffled ? Pile{} : was.reserve, now.reserve, names);
        !kept.empty()) {
      begin("reserve", p);
      cards(kept);
      end(fmt::format("{}'s {} went to the reserve", who(p), card_titles(kept)));
    }
    if (now.flank > was.flank) {
      begin("flank", p);
      w.key("points").integer(now.flank);
      end(fmt::format("{} has {} flank point{}", who(p), now.flank, now.flank == 1 ? "" : "s"));
    }
    // Cards drawn: the hand as it was, less the cards the action took out of it (discards, the
    // Reserve card), against the hand now; named to their owner, a count to the others (the
    // hand's growth plus the cards taken: a draw may reshuffle the reserve into the deck, so
    // the deck's size does not tell).
    Pile kept = was.hand;
    int taken = 0;
    if (p == actor) {
      const Pile out = taken_by_drawing_action(action, names);
      for (std::size_t k = 0; k < kept.size(); ++k) {
        const auto n = std::min(kept[k], out[k]);
        kept[k] = static_cast<std::uint8_t>(kept[k] - n);
        taken += out[k];
      }
      // A rallied card came into the hand from the casualty pile, in the open: said so to
      // every viewer, and not counted as drawn (the hand kept its size: the Rally card left).
      if (const int back = rallied_by(action, names); back >= 0) {
        ++kept[static_cast<std::size_t>(back)];
        const std::vector<std::string_view> card{names.name(back)};
        begin("rallied", p);
        cards(card);
        end(fmt::format("{} took {} back from the casualty pile into the hand", who(p),
                        card_titles(card)));
      }
    }
    if (p == viewer) {
      if (const auto drawn = added(kept, now.hand, names); !drawn.empty()) {
        begin("drew", p);
        w.key("count").integer(static_cast<std::int64_t>(drawn.size()));
        cards(drawn);
        end(fmt::format("{} drew {}", who(p), card_titles(drawn)));
      }
    } else {
      const int drawn = std::max(now.hand_length - was.hand_length + taken, 0);
      if (drawn > 0) {
        begin("drew", p);
        w.key("count").integer(drawn);
        end(fmt::format("{} drew {} card{}", who(p), drawn, drawn == 1 ? "" : "s"));
      }
    }
  }
  // Scout: cards of the opponent's hand this viewer now knows.
  if (viewer == 1 || viewer == 2) {
    const auto opp = static_cast<std::size_t>(2 - viewer);
    if (const auto seen = added(a[opp].hand, b[opp].hand, names);
        !seen.empty() && action.starts_with("scout")) {
      begin("scouted", viewer);
      cards(seen);
      end(fmt::format("{} saw {} in the opponent\u2019s hand", who(viewer), card_titles(seen)));
    }
  }
  // Scout of a deck: its top as the viewer now knows it, in order (the next card drawn
  // first), where it shows anything new. Only the scouting player's view changes: the other
  // player and a spectator are told nothing.
  if (viewer == 1 || viewer == 2)
    for (int p = 1; p <= 2; ++p) {
      const auto q = static_cast<std::size_t>(p - 1);
      if (added(a[q].deck, b[q].deck, names).empty() || !action.starts_with("scout")) continue;
      const std::vector<std::uint8_t>& top = b[q].top;
      std::vector<std::string_view> seen;
      for (const auto k : top) seen.push_back(names.name(k));
      begin("scouted", viewer);
      w.key("deck").integer(p);
      cards(seen);  // in the deck's order
      std::string order = fmt::format("{} will be drawn next", title_case(seen.front()));
      for (std::size_t i = 1; i < seen.size(); ++i)
        order +=
            fmt::format("{}then {}", i + 1 == seen.size() ? ", and " : ", ", title_case(seen[i]));
      end(fmt::format("{} saw the top {} of {}\u2019s deck: {}", who(viewer),
                      seen.size() == 1 ? std::string("card") : fmt::format("{} cards", seen.size()),
                      who(p), order));
    }
  // The turn this action began (the battle resolved, or no attack was declared): its own
  // event, so that a reader sees where the next player's turn starts.
  if (!after.is_over() && after.turn() != before_state.turn()) {
    begin("turn", after.data().active);
    w.key("turn").integer(after.turn());
    w.key("entry").boolean(true);
    end(fmt::format("{}'s turn (turn {})", who(after.data().active), after.turn()));
  }
  if (!before_state.is_over() && after.is_over()) {
    const int won = after.winner();
    begin("over", 0);
    w.key("winner");
    if (won == kDraw)
      w.string("draw");
    else
      w.integer(won);
    end(after.over_reason());
  }
  w.end_array();
}

json events_from_facts(const GeneralsState& after, const State& before_state, const Facts& a,
                       const Facts& b, std::string_view action, int viewer) {
  return json_tree([&](auto& w) { write_events(w, after, before_state, a, b, action, viewer); });
}

}  // namespace

json GeneralsState::events(const State& before_state, std::string_view action, int viewer) const {
  const auto* before = dynamic_cast<const GeneralsState*>(&before_state);
  if (before == nullptr)
    return events_from_views(before_state, before_state.view_json(viewer), view_json(viewer),
                             action, viewer);
  return events_from_facts(*this, before_state, facts_from_state(*before, viewer),
                           facts_from_state(*this, viewer), action, viewer);
}

std::string GeneralsState::events_text(const State& before_state, std::string_view action,
                                       int viewer) const {
  const auto* before = dynamic_cast<const GeneralsState*>(&before_state);
  if (before == nullptr) return State::events_text(before_state, action, viewer);
  return json_text([&](auto& w) {
    write_events(w, *this, before_state, facts_from_state(*before, viewer),
                 facts_from_state(*this, viewer), action, viewer);
  });
}

json GeneralsState::events_from_views(const State& before_state, const json& a, const json& b,
                                      std::string_view action, int viewer) const {
  return events_from_facts(*this, before_state, facts_from_view(a, cards()),
                           facts_from_view(b, cards()), action, viewer);
}

}  // namespace ancients::generals
