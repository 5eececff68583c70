// The game-agnostic interface that every game of the project implements (after OpenSpiel's
// State): who acts, the legal actions, apply, chance from the state's own seeded stream,
// the result, clone, a player's view and the position JSON. Agents, tests and front ends
// use only this interface; they never include a game's own headers.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "core/rng.h"

namespace ancients {

/// An action in a game's search space, encoded by the game (opaque to everyone else).
using Action = std::uint64_t;
using ActionList = std::vector<Action>;

inline constexpr int kNoPlayer = 0;  ///< to_act() when the game is over
inline constexpr int kDraw = 0;      ///< winner() of a drawn game
inline constexpr int kNotOver = -1;  ///< winner() of a game still running

class PlayerView;

/// The true state of one game. Chance (draws, shuffles) happens inside apply() from the
/// state's own random stream, so a game is replayable from its seed and its actions.
class State {
 public:
  virtual ~State() = default;

  /// The game's identifier as written in positions ("ancient-warfare", "ancient-generals").
  virtual std::string_view game() const = 0;
  virtual std::unique_ptr<State> clone() const = 0;
  /// Copies this state into `slot`, reusing the state already there when it is of the same
  /// game (a search copies states on its hot path); by default, a new clone.
  virtual void copy_into(std::unique_ptr<State>& slot) const { slot = clone(); }

  /// The player who decides now (1 to player_count()), or kNoPlayer when the game is over.
  virtual int to_act() const = 0;
  virtual bool is_over() const = 0;
  /// Whether `player` may make its next decision now, before its turn comes (or now, at its
  /// turn): that decision does not depend on what the players before it decide, and what they
  /// decide stays hidden from it until all have (Ancient Warfare's deployment: each army in its
  /// own zone, "hidden and simultaneous", multiplayer.md). A server may take such a decision
  /// early and play it when the player's turn comes. The default: no decision is of that kind.
  virtual bool decides_ahead(int player) const {
    (void)player;
    return false;
  }
  /// The position `player` makes that decision in (decides_ahead): this one with that player
  /// to act and the earlier players' decisions of the kind not yet made, so that nothing they
  /// chose can show in what it is offered. An action legal there is legal in the true position
  /// once the player's turn comes. Null where decides_ahead is false.
  virtual std::unique_ptr<State> ahead_position(int player) const {
    (void)player;
    return nullptr;
  }
  /// The winning side (1 or 2), kDraw, or kNotOver. In a two-player game sides are players.
  virtual int winner() const = 0;
  /// How many players the game has: 2, or 3 to 6 in a multiplayer game on two sides.
  virtual int player_count() const { return 2; }
  /// The side (1 or 2) a player plays on; every player of the winning side wins.
  virtual int side_of(int player) const { return player; }
  /// +1 for a win, -1 for a loss, 0 for a draw or an unfinished game, from player's side.
  double returns(int player) const {
    const int w = winner();
    if (w == kNotOver || w == kDraw) return 0.0;
    return w == side_of(player) ? 1.0 : -1.0;
  }

  /// The search space: every legal action of to_act(), each once. Games may break a big
  /// decision into a sequence of smaller ones here (the position records the part taken).
  virtual void legal_actions(ActionList& out) const = 0;
  /// Applies an action from legal_actions(); anything else is undefined behaviour.
  virtual void apply(Action action) = 0;
  /// The action in the interchange notation (or the game's documented extension of it).
  virtual std::string action_text(Action action) const = 0;

  /// The contract's legal actions: every whole action of to_act(), in the notation.
  virtual std::vector<std::string> legal_texts() const = 0;
  /// Parses and applies one action in the notation; throws IllegalAction naming the action
  /// and the reason when it is malformed or illegal (the state is then unchanged).
  virtual void apply_text(std::string_view text) = 0;

  /// The position JSON of the interchange contract (the true state, hidden parts included).
  virtual nlohmann::json to_json() const = 0;
  /// What `player` may know, as JSON in the same shape (hidden parts removed or counted).
  /// Player 0 is a spectator: public information only, "viewer": 0.
  virtual nlohmann::json view_json(int player) const = 0;
  /// The same view as compact JSON text, as the server sends it (bad UTF-8 replaced). The
  /// default dumps view_json; a game may write it without building the tree.
  virtual std::string view_text(int player) const;
  /// The view an agent receives: `player`'s information and nothing more.
  virtual std::unique_ptr<PlayerView> view(int player) const = 0;

  /// Exact equality of the whole state (used by tests: clone and JSON round trips).
  virtual bool equals(const State& other) const = 0;
  /// The number of turns begun so far.
  virtual int turn() const = 0;

  /// A count of the chance events so far (cards drawn from a deck, shuffles, dice), or
  /// kUnknownChance. A game that counts them promises: from one position, two states reached
  /// by the same actions of one player alone, with the same count, offer that player the
  /// same legal actions, whatever the others' hidden cards. (The search then lists them once
  /// per tree node: see docs/agents.md.) By default unknown: no such promise.
  static constexpr std::uint64_t kUnknownChance = ~std::uint64_t{0};
  virtual std::uint64_t chance_events() const { return kUnknownChance; }
  /// True when the player to act surely has two legal actions or more, seen without listing
  /// them (the search then skips the listing that looks for a forced action after a leaf).
  /// False means "not known": the caller lists them. By default never known.
  virtual bool has_choice() const { return false; }
  /// True when the action `text`, made by `player` in `before` to reach this state, surely
  /// showed that player nothing that was hidden from them (no card drawn, no hand looked at,
  /// no reply that depends on another's hidden cards): taking it back then tells them nothing.
  /// False means "not known": the server then deals the hidden parts at random to find out
  /// (undo, docs/server.md). By default never known.
  virtual bool showed_nothing_hidden(const State& before, std::string_view text, int player) const {
    (void)before;
    (void)text;
    (void)player;
    return false;
  }

  // --- The log as each viewer may read it ---
  /// `text`, an action `actor` made, as `viewer` (1, 2, or 0 for a spectator) may read it in
  /// the game's log: the game hides what the viewer may not know ("deploy (hidden)"). The
  /// actor reads the whole text. By default every action is public.
  virtual std::string action_text_for(std::string_view text, int actor, int viewer) const {
    (void)actor;
    (void)viewer;
    return std::string(text);
  }

  // --- Events, for front ends (no front end compares positions or parses notation) ---
  /// What applying `action` to `before` (this game's state just before it) made happen, as
  /// `viewer` (1, 2, or 0 for a spectator) may know it: a JSON list of events, each
  /// {"type": "action" | "moved" | "destroyed" | "recoiled" | "drew" | ..., "text": in words,
  /// ...}. Computed on demand from the two states, never in play's hot path. The default says
  /// only that the action was played.
  virtual nlohmann::json events(const State& before, std::string_view action, int viewer) const {
    const int actor = before.to_act();
    return nlohmann::json::array({{{"type", "action"},
                                   {"player", actor},
                                   {"text", before.action_text_for(action, actor, viewer)}}});
  }
  /// The same events read from the viewer's two views (before.view_json(viewer) and this
  /// state's view_json(viewer)): what a viewer can know by definition, the reference the games'
  /// readings from the states are tested against. By default: events(before, ...).
  virtual nlohmann::json events_from_views(const State& before, const nlohmann::json& before_view,
                                           const nlohmann::json& after_view,
                                           std::string_view action, int viewer) const {
    (void)before_view;
    (void)after_view;
    return events(before, action, viewer);
  }
  /// events() as compact JSON text (bad UTF-8 replaced), as the server keeps it. The default
  /// writes out events(); a game may write it without a tree.
  virtual std::string events_text(const State& before, std::string_view action, int viewer) const;

  /// Why the game ended, as a sentence naming the players "Player N" ("Player 1 wins: Player
  /// 2's General was destroyed"), or "" while it goes on. The default names the winner only.
  virtual std::string over_reason() const {
    if (!is_over()) return {};
    const int w = winner();
    return w == kDraw ? std::string("The game is drawn") : "Player " + std::to_string(w) + " wins";
  }

  /// What stands now that a player weighs before acting and the position shows only in parts,
  /// as short sentences naming the players "Player N", for a front end to show as they are
  /// (Ancient Generals: how each combat of the battle would end if it resolved now); only what
  /// `viewer` may know. The default: nothing.
  virtual std::vector<std::string> situation(int viewer) const {
    (void)viewer;
    return {};
  }

  /// While `viewer` is to act: each card (by id) in their hand that none of their legal
  /// actions plays now, with why in a sentence ("defence cards are played when one of your
  /// units is attacked"), so that a front end can say it where the card is shown; only what
  /// `viewer` may know. The default: none.
  virtual std::vector<std::pair<std::string, std::string>> card_notes(int viewer) const {
    (void)viewer;
    return {};
  }

  /// `text`, an action of the player to act here (as `viewer` may read it: a legal action, or
  /// the log's hidden form of one), in structure and in words, so that no front end parses
  /// the notation: {"text", "kind" (the verb), "card" (or null), "cards", "squares" (every
  /// square named, in order), optionally "from", "to", "via", "target", "after", "units"
  /// (the units on the named squares that the viewer can see) and "words" (a sentence, from
  /// this position). docs/protocol.md, "Structured actions", lists each game's fields. The
  /// default knows only the verb.
  virtual nlohmann::json action_info(std::string_view text, int viewer) const {
    (void)viewer;
    const std::string_view verb = text.substr(0, text.find(' '));
    return {{"text", text},
            {"kind", verb},
            {"card", nullptr},
            {"cards", nlohmann::json::array()},
            {"squares", nlohmann::json::array()},
            {"words", text}};
  }
  /// action_info as compact JSON text (bad UTF-8 replaced). `offered`: as the server offers a
  /// position's actions, without "text" (sent beside it) and without "units" but for a "deploy"
  /// or "place". The default writes out action_info; a game may write it without a tree.
  virtual std::string action_info_text(std::string_view text, int viewer, bool offered) const;
  /// action_info_text(text, viewer, false) as a log line reads it once the action was played:
  /// what it did, where the description from the position before it would otherwise forecast
  /// ("would hold off ..."): the log's events then tell how it came out. The default is that
  /// description unchanged.
  virtual std::string logged_info_text(std::string_view text, int viewer) const {
    return action_info_text(text, viewer, false);
  }
  /// The same structure without what takes long to make (the units and the words: "words"
  /// may be the text itself): enough to sort many similar actions into groups, as the server
  /// does with Ancient Warfare's hundreds of group advances. The default is action_info.
  virtual nlohmann::json action_shape(std::string_view text, int viewer) const {
    return action_info(text, viewer);
  }
  /// The part of action_shape that a group needs, for an action that action_shape marks
  /// "grouped": true (else false, `out` untouched): its kind, its card ("" for none), the
  /// cards it plays and its squares. Games with many grouped actions answer it without JSON; by
  /// default it is read from action_shape.
  struct GroupedShape {
    std::string kind, card;
    std::vector<std::string> cards, squares;
  };
  virtual bool grouped_shape(std::string_view text, int viewer, GroupedShape& out) const {
    const nlohmann::json shape = action_shape(text, viewer);
    if (!shape.value("grouped", false)) return false;
    out.kind = shape.value("kind", "");
    const auto card = shape.find("card");
    out.card = card != shape.end() && card->is_string() ? card->get<std::string>() : "";
    out.cards.clear();
    for (const auto& c : shape.value("cards", nlohmann::json::array()))
      out.cards.push_back(c.is_string() ? c.get<std::string>() : c.dump());
    out.squares.clear();
    for (const auto& q : shape.value("squares", nlohmann::json::array()))
      out.squares.push_back(q.is_string() ? q.get<std::string>() : q.dump());
    return true;
  }
  /// The grouped actions of one kind and card, listed without a string per action (a move
  /// phase of Ancient Warfare offers a thousand group advances): the squares they name, each
  /// action as the indices of its squares, and each action's text, one after another.
  struct ActionGroup {
    std::string kind, card;  ///< card: "" for none
    std::vector<std::string> cards, squares;
    /// Where the unit on each of `squares` ends in every action of the group that names it
    /// (Ancient Warfare's group advances), one per square; empty where the game does not say.
    std::vector<std::string> landings;
    std::vector<int> choice_squares;       ///< every action's square indices in turn
    std::vector<std::size_t> choice_ends;  ///< where each action's indices end
    std::string texts;                     ///< every action's text in turn
    std::vector<std::size_t> text_ends;    ///< where each action's text ends
    std::size_t size() const { return choice_ends.size(); }
    std::pair<const int*, const int*> choice(std::size_t i) const {
      const int* base = choice_squares.data();
      return {base + (i == 0 ? 0 : choice_ends[i - 1]), base + choice_ends[i]};
    }
    std::string_view text(std::size_t i) const {
      const std::size_t from = i == 0 ? 0 : text_ends[i - 1];
      return std::string_view(texts).substr(from, text_ends[i] - from);
    }
  };
  /// The legal actions as a compact offer lists them: those that grouped_shape groups, in
  /// `groups` (one per kind and card, in the order legal_texts first names them, each
  /// group's squares in the order its actions first name them), the others' texts in `plain`,
  /// in legal_texts' order. The same answer as legal_texts read through grouped_shape, without
  /// a text to write and read back per grouped action. False (and both lists untouched) where
  /// the game has no such listing: the caller then reads legal_texts itself.
  virtual bool legal_grouped(int viewer, std::vector<std::string>& plain,
                             std::vector<ActionGroup>& groups) const {
    (void)viewer;
    (void)plain;
    (void)groups;
    return false;
  }
};

/// The state in `slot` as a T when it is exactly a T (a final class), else null: a type
/// comparison, cheaper than a dynamic_cast where a search reuses a slot at every iteration.
template <class T>
T* state_in_slot(const std::unique_ptr<State>& slot) {
  static_assert(std::is_final_v<T>);
  State* held = slot.get();
  return held != nullptr && typeid(*held) == typeid(T) ? static_cast<T*>(held) : nullptr;
}

/// One player's information set. It holds only what that player may know; sample() deals
/// the unknown parts (the opponent's hand, the deck order, the random stream) at random,
/// consistently with what the player has seen, giving a full State to search from.
class PlayerView {
 public:
  virtual ~PlayerView() = default;
  virtual int player() const = 0;
  virtual int to_act() const = 0;
  virtual bool is_over() const = 0;
  /// The legal actions of the player, identical to the true state's when it is to act.
  virtual void legal_actions(ActionList& out) const = 0;
  virtual std::string action_text(Action action) const = 0;
  virtual nlohmann::json to_json() const = 0;
  /// A determinization: a full state consistent with this view.
  virtual std::unique_ptr<State> sample(Rng& rng) const = 0;

  // --- Determinization into reusable storage (for searches' hot loops) ---
  /// Deals a determinization into `slot`, the same deal as sample(rng) from the same stream.
  /// Games override it to reuse the state already in `slot` (one this view's game made, e.g.
  /// by an earlier call) so that nothing is allocated; the default allocates a new one.
  virtual void sample_into(std::unique_ptr<State>& slot, Rng& rng) const { slot = sample(rng); }

  /// Whether `other` (a view of the same game) shows exactly what this view shows: the same
  /// to_json(). Games override it with a comparison that builds no JSON (the server asks it a
  /// dozen times per action to see whether an action revealed anything).
  virtual bool same_as(const PlayerView& other) const { return to_json() == other.to_json(); }
  /// Whether this view's player, looking at `state` (of the same game), would see exactly this
  /// view: same_as(*state.view(player())). `state` is scratch: a game may change it while it
  /// looks (Ancient Warfare forgets the hidden parts in place instead of copying the state
  /// into a new view: the server asks this a dozen times per action).
  virtual bool same_as_view_of(State& state) const { return same_as(*state.view(player())); }

  /// Whether a legal action only helps the opponent, as the rules alone show (Ancient Generals:
  /// a tactic that adds force or damage to the opponent's unit and costs its player a card).
  /// Computer players leave such actions out while another is legal; they stay legal.
  virtual bool helps_only_the_opponent(Action) const { return false; }
};

/// The acting player's legal actions without those that only help the opponent (all of them
/// when nothing else is left): the choices computer players consider.
inline void sensible_actions(const PlayerView& view, ActionList& out) {
  view.legal_actions(out);
  std::size_t kept = 0;
  for (const Action a : out)
    if (!view.helps_only_the_opponent(a)) out[kept++] = a;
  if (kept > 0) out.resize(kept);
}

}  // namespace ancients
