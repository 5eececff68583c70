// Screens of Ancient Generals in the terminal (see generals_terminal_screen.h).
#include "cli/generals_terminal_screen.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/terminal_text.h"
#include "games/generals/combat.h"

namespace ancients::cli {
namespace {

using generals::Cards;
using generals::CombatOutcome;
using generals::GeneralsState;
using nlohmann::json;

std::string who(int p, const Style& style) {
  return style.player(p, fmt::format("P{}", p));
}

/// "bowmen x2, nomads" from card names (nulls skipped), in the order first seen.
std::string multiset_text(const json& names) {
  std::vector<std::pair<std::string, int>> counts;
  for (const auto& n : names) {
    if (!n.is_string()) continue;
    const std::string name = n.get<std::string>();
    auto it =
        std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == name; });
    if (it == counts.end())
      counts.emplace_back(name, 1);
    else
      ++it->second;
  }
  std::string out;
  for (const auto& [name, n] : counts)
    out += (out.empty() ? "" : ", ") + name + (n > 1 ? fmt::format(" x{}", n) : "");
  return out.empty() ? "none" : out;
}

std::string phase_words(const GeneralsState& s) {
  const auto& g = s.data();
  const int A = g.active, B = 3 - A;
  switch (g.phase) {
    case generals::Phase::kScout:
      return fmt::format("1 scout (P{} may discard a Scout unit to look)", A);
    case generals::Phase::kDiscard:
      return fmt::format("2 discard (P{} discards any cards, then draws to 5)", A);
    case generals::Phase::kDraw:
      return fmt::format("3 draw: P{}'s Rally window", g.to_act);
    case generals::Phase::kFlank:
      return g.to_act != A
                 ? fmt::format("4 flank: P{}'s window (Difficult Terrain, Reserve)", B)
                 : fmt::format("4 flank: P{}'s window (flank units, Outflank, Reserve)", A);
    case generals::Phase::kArtillery:
      return fmt::format("5 artillery (P{}: Siege Artillery, Break Morale)", A);
    case generals::Phase::kAttack:
      return fmt::format("6 attack: P{} declares attackers", A);
    case generals::Phase::kBlock:
      return fmt::format("6 attack: P{} assigns blockers", B);
    case generals::Phase::kTactics:
      return fmt::format("6 attack: tactics window, P{} plays a tactic or passes", g.to_act);
    case generals::Phase::kOver:
      break;
  }
  return "game over";
}

std::string outcome_words(const generals::CombatTotals& c) {
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return fmt::format("unblocked: {} damage", c.damage);
    case CombatOutcome::kEvade:
      return "evade: both to reserve";
    case CombatOutcome::kAttackerWins:
      return "attacker wins";
    case CombatOutcome::kBlockerWins:
      return "blocker wins";
    case CombatOutcome::kTie:
      return "tie: both die";
  }
  return {};
}

std::string battle_text(const GeneralsState& s, const Style& style) {
  const auto& g = s.data();
  const auto& b = g.battle;
  const Cards& cards = s.cards();
  std::string out;
  if (b.no_attack) out += "  Difficult Terrain: the active player cannot flank or attack.\n";
  if (b.no_block) out += "  Break Morale: the defender cannot block.\n";
  if (b.siege_used) out += "  Siege Artillery has been used this turn.\n";
  if (b.attacker_count == 0) return out;
  const int A = g.active;
  out += fmt::format("Battle ({} attacks{}):\n", who(A, style),
                     g.phase == generals::Phase::kAttack ? ", declaring" : "");
  for (int i = 0; i < b.attacker_count; ++i) {
    const auto c = generals::combat_totals(s, i);
    std::string line = fmt::format("  {}. {}", i + 1, generals_card_label(cards, b.attackers[i]));
    if (g.phase == generals::Phase::kAttack || g.phase == generals::Phase::kBlock) {
      line += fmt::format(" (force {}, damage {})", cards.cards[b.attackers[i]].force, c.damage);
      if (b.blockers[i] != generals::kNoCard)
        line += " blocked by " + generals_card_label(cards, b.blockers[i]);
    } else if (c.blocked) {
      line +=
          fmt::format(" force {} vs {} force {}: {}", c.attacker_force,
                      generals_card_label(cards, b.blockers[i]), c.blocker_force, outcome_words(c));
    } else {
      line += ": " + outcome_words(c);
    }
    out += line + "\n";
  }
  if (b.tactic_count > 0) {
    std::vector<std::string> played;
    for (int i = 0; i < b.tactic_count; ++i) {
      const auto t = b.tactics[i];
      const int combat = generals::tactic_combat(t) + 1;
      const bool bloodlust =
          cards.cards[generals::tactic_card(t)].effect == generals::Effect::kBloodlust;
      played.push_back(fmt::format(
          "P{} {} on {}", generals::tactic_player(t), cards.name(generals::tactic_card(t)),
          bloodlust ? fmt::format("{}{}", generals::tactic_on_blocker(t) ? "b" : "a", combat)
                    : std::to_string(combat)));
    }
    out += wrap_list("  Tactics played: ", played, 4);
  }
  return out;
}

}  // namespace

std::string generals_card_label(const Cards& cards, int kind) {
  const auto& c = cards.cards[static_cast<std::size_t>(kind)];
  if (c.effect != generals::Effect::kUnit) return c.name;
  return fmt::format("{} [{} {}/{}]", c.name, cards.type_codes[static_cast<std::size_t>(c.type)],
                     c.force, c.damage);
}

std::string render_generals(const GeneralsState& s, const GeneralsContext& ctx,
                            const Style& style) {
  const auto& g = s.data();
  const Cards& cards = s.cards();
  const int v = ctx.viewer;
  const json view = v == 0 ? s.to_json() : s.view_json(v);
  std::string out;
  if (s.is_over())
    out += fmt::format("Turn {}: game over\n", g.turn);
  else
    out += fmt::format("Turn {} of {}, {} active. Phase {}.\n", g.turn, g.turn_limit,
                       who(g.active, style), phase_words(s));
  std::size_t width = 6;
  for (const auto& l : ctx.labels) width = std::max(width, l.size());
  out += fmt::format("     {:<{}}  deck  reserve  casualties  hand  flank\n", "", width);
  const int encircling = g.players[0].flank > g.players[1].flank   ? 1
                         : g.players[1].flank > g.players[0].flank ? 2
                                                                   : 0;
  for (int p = 1; p <= 2; ++p) {
    const auto& P = g.players[static_cast<std::size_t>(p - 1)];
    out +=
        fmt::format("  {}  {:<{}}  {:>4}  {:>7}  {:>10}  {:>4}  {:>5}{}\n", who(p, style),
                    ctx.labels[static_cast<std::size_t>(p - 1)], width, P.deck_size, P.reserve_size,
                    P.casualty_size, P.hand_size, P.flank, encircling == p ? "  Encircling" : "");
  }
  if (encircling == 0) out += "  Flank points tied: neither army is Encircling.\n";
  out += battle_text(s, style);
  for (int p = 1; p <= 2; ++p) {
    const json& pj = view["players"][std::to_string(p)];
    const json& hand = pj["hand"];
    if (v == 0 || v == p) {
      std::vector<std::string> items;
      for (const auto& c : hand)
        items.push_back(generals_card_label(cards, cards.find(c.get<std::string>())));
      out += wrap_list(
          fmt::format("{} hand ({}): ", v == p ? "Your" : fmt::format("P{}", p), hand.size()),
          items.empty() ? std::vector<std::string>{"empty"} : items, 4);
    } else {
      int unknown = 0;
      for (const auto& c : hand) unknown += c.is_null() ? 1 : 0;
      if (unknown < static_cast<int>(hand.size()))
        out += fmt::format("You know P{}'s hand holds: {} ({} other card{} unknown)\n", p,
                           multiset_text(hand), unknown, unknown == 1 ? "" : "s");
    }
    if (v != 0) {
      std::vector<std::string> top;
      for (const auto& c : pj["deck"]) {
        if (c.is_null()) break;
        top.push_back(c.get<std::string>());
      }
      if (!top.empty())
        out += wrap_list(fmt::format("You have seen the top of {} deck (next first): ",
                                     p == v ? "your" : fmt::format("P{}'s", p)),
                         top, 4);
    }
  }
  if (!ctx.last_actions.empty()) {
    out += "Last actions:\n";
    for (const auto& l : ctx.last_actions)
      out += fmt::format("  {} {}\n", who(l.player, style), l.text);
  }
  return out;
}

std::string generals_action_label(const GeneralsState& s, const std::string& text) {
  const auto& g = s.data();
  if (text == "discard") return "discard (no more: draw to 5)";
  if (text == "block") return "block (no more blockers)";
  if (text != "pass") return text;
  switch (g.phase) {
    case generals::Phase::kScout:
      return "pass (no scouting)";
    case generals::Phase::kDraw:
      return "pass (no more Rally)";
    case generals::Phase::kFlank:
      return "pass (close the flank window)";
    case generals::Phase::kArtillery:
      return "pass (on to the attack)";
    case generals::Phase::kAttack:
      return g.battle.attacker_count == 0 ? "pass (no attack: end the turn)"
                                          : "pass (no more attackers)";
    case generals::Phase::kTactics:
      return "pass (no tactic)";
    default:
      return text;
  }
}

std::vector<GeneralsMenuItem> generals_menu(const GeneralsState& s) {
  std::vector<GeneralsMenuItem> menu;
  if (s.is_over()) return menu;
  ActionList actions;
  s.legal_actions(actions);
  for (const Action a : actions) {
    std::string text = s.action_text(a);
    std::string label = generals_action_label(s, text);
    menu.push_back({std::move(text), std::move(label)});
  }
  return menu;
}

std::string render_generals_menu(const std::vector<GeneralsMenuItem>& menu) {
  std::vector<std::string> labels;
  bool steps = false;
  for (const auto& m : menu) {
    labels.push_back(m.label);
    steps = steps || m.action.ends_with(",...");
  }
  std::string out = "Your actions (type a number or the action; `help` explains):\n";
  out += numbered_columns(labels);
  if (steps)
    out +=
        "  `,...` items take one card and keep the choice open; or type the whole action,\n"
        "  e.g. `discard bowmen,shields`, `attack legionaires,nomads`, `block "
        "1=bowmen,2=auxilia`.\n";
  return out;
}

std::string generals_effect_text(const GeneralsState& before, const GeneralsState& after,
                                 const std::string& text) {
  const auto& gb = before.data();
  const auto& ga = after.data();
  const Cards& cards = after.cards();
  std::vector<std::string> parts;
  if (gb.phase == generals::Phase::kTactics && ga.phase != generals::Phase::kTactics) {
    for (int i = 0; i < gb.battle.attacker_count; ++i) {
      const auto c = generals::combat_totals(before, i);
      std::string what = cards.name(gb.battle.attackers[i]);
      if (c.blocked)
        what += fmt::format(" {}-{} {}: ", c.attacker_force, c.blocker_force,
                            cards.name(gb.battle.blockers[i]));
      else
        what += ": ";
      parts.push_back(fmt::format("combat {} {}{}", i + 1, what, outcome_words(c)));
    }
  }
  const bool resolved =
      gb.phase == generals::Phase::kTactics && ga.phase != generals::Phase::kTactics;
  for (int p = 1; p <= 2; ++p) {
    const auto& B = gb.players[static_cast<std::size_t>(p - 1)];
    const auto& A = ga.players[static_cast<std::size_t>(p - 1)];
    if (A.reserve_size < B.reserve_size && A.deck_size > B.deck_size)
      parts.push_back(fmt::format("P{} reshuffles its reserve into its deck", p));
    if (p == gb.to_act &&
        (text == "reserve" || (text.starts_with("discard") && !text.ends_with(",...")))) {
      // Cards that left the hand: the Reserve card, or each card the discard names.
      int left = text == "reserve" ? 1 : 0;
      if (text.starts_with("discard "))
        left = 1 + static_cast<int>(std::count(text.begin(), text.end(), ','));
      const int drawn = A.hand_size - B.hand_size + left;
      if (drawn > 0) parts.push_back(fmt::format("P{} draws {}", p, drawn));
    }
    if (resolved) {
      std::vector<std::string> lost;
      for (int k = 0; k < cards.table.kinds; ++k)
        for (int n = B.casualties[static_cast<std::size_t>(k)];
             n < A.casualties[static_cast<std::size_t>(k)]; ++n)
          lost.push_back(cards.name(k));
      if (!lost.empty())
        parts.push_back(
            fmt::format("P{} casualties +{}: {}", p, lost.size(), multiset_text(json(lost))));
    }
    if (A.flank != B.flank) parts.push_back(fmt::format("P{} flank points {}", p, A.flank));
  }
  if (gb.phase == generals::Phase::kArtillery && ga.battle.siege_used && !gb.battle.siege_used) {
    // The siege's victim: the top card of the opponent's deck.
    const int o = 3 - gb.active;
    const auto& B = gb.players[static_cast<std::size_t>(o - 1)];
    const auto& A = ga.players[static_cast<std::size_t>(o - 1)];
    for (int k = 0; k < cards.table.kinds; ++k)
      if (A.casualties[static_cast<std::size_t>(k)] > B.casualties[static_cast<std::size_t>(k)])
        parts.push_back(fmt::format("P{} loses {} from its deck", o, cards.name(k)));
  }
  if (after.is_over()) parts.push_back("game over");
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out.empty() ? "" : " (" + out + ")";
}

std::string generals_result_words(const GeneralsState& s,
                                  const std::array<std::string, 2>& labels) {
  const int w = s.winner();
  if (w == kDraw) {
    if (s.data().players[0].deck_size + s.data().players[0].reserve_size == 0)
      return "Draw: both players ran out of cards at once.";
    return fmt::format("Draw: the turn limit ({}) was reached.", s.data().turn_limit);
  }
  if (w != 1 && w != 2) return "The game is not over.";
  return fmt::format("Player {} ({}) wins: player {} has no cards left in deck or reserve.", w,
                     labels[static_cast<std::size_t>(w - 1)], 3 - w);
}

std::string generals_help_text() {
  return R"(Ancient Generals: run your opponent out of cards (deck and reserve both empty).
Each turn has six phases; the active player acts in each, the opponent in his windows:
  1 scout      `scout CARD hand|deck1|deck2` (a Scout unit to your reserve) or `pass`
  2 discard    `discard CARD,CARD` (any number, to your reserve) or `discard`; then draw to 5
  3 draw       Rally windows, active player first: `rally CARD` (from your casualties), `pass`
  4 flank      the opponent first: `difficult-terrain`, `reserve`, `pass`; then the active
               player: `flank CARD,...` (Flank units 1 point, Outflank 2), `reserve`, `pass`
  5 artillery  `siege CARD` (one Siege Artillery), `break-morale`, `pass`
  6 attack     `attack CARD,CARD` or `pass` (no attack); the defender `block 1=CARD,2=CARD` or
               `block`; then tactics, attacker first, until both pass in a row:
               `play overrun N`, `play bloodlust aN|bN`, `play shields N`,
               `play defensible-terrain N`, `play treacherous-terrain N`, `pass`
Combat N is the N-th attacker; Bloodlust names a unit: aN the attacker of combat N, bN its
blocker. `info N` says what menu item N does as the battle stands. Unblocked attackers do
their Damage (+1 when Encircling, +2 per Overrun) from the top of the defender's deck to his
casualties. Blocked: evade (both to reserve)
or the higher force wins (Force, +5 vs the types listed, tactics); a tie kills both.
Commands: a menu number, an action, `menu`, `all` (every whole action), `show` (the table),
`hand`, `piles` (reserves and casualties), `cards` (the card table), `info CARD`, `info N`
(menu item N explained), `help`, `quit`.
)";
}

}  // namespace ancients::cli
