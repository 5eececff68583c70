// Ancient Generals' combats in words (battle_words.h).
#include "games/generals/battle_words.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/words.h"

namespace ancients::generals {

const char* combat_outcome_name(CombatOutcome outcome) {
  switch (outcome) {
    case CombatOutcome::kDamage:
      return "damage";
    case CombatOutcome::kEvade:
      return "evade";
    case CombatOutcome::kAttackerWins:
      return "attacker-wins";
    case CombatOutcome::kBlockerWins:
      return "blocker-wins";
    case CombatOutcome::kTie:
      return "tie";
  }
  return "";
}

std::string combat_card(int player, const std::string& card_name) {
  return fmt::format("Player {}'s {}", player, title_case(card_name));
}

CombatTerms combat_terms(const GeneralsState& s, int index, std::uint8_t blocker,
                         const CombatTotals& c, const std::uint16_t* extra_tactic) {
  const GameData& g = s.data();
  const Cards& cards = s.cards();
  const CardTable& t = cards.table;
  const std::uint8_t a = g.battle.attackers[index];
  const int A = g.active;
  const bool encircling = g.players[A - 1].flank > g.players[2 - A].flank;
  // The tactics played on this combat (and the one a choice offers), each named with what it
  // adds to its total (tactic_bonus, as the sums read it).
  using Part = TacticBonus::Part;
  std::vector<std::pair<int, std::string>> named[4];  // by Part
  const int played = g.battle.tactic_count + (extra_tactic != nullptr ? 1 : 0);
  for (int k = 0; k < played; ++k) {
    const std::uint16_t tc = k < g.battle.tactic_count ? g.battle.tactics[k] : *extra_tactic;
    if (tactic_combat(tc) != index) continue;
    const TacticBonus bonus = tactic_bonus(t, tc);
    if (bonus.part != Part::kNone)
      named[static_cast<int>(bonus.part)].emplace_back(bonus.amount,
                                                       title_case(cards.name(tactic_card(tc))));
  }
  // " + 2 for Bloodlust ..." (the sums' tactics: the totals add up to the terms said).
  const auto tactic_terms = [&](Part part) {
    std::string out;
    for (const auto& [amount, name] : named[static_cast<int>(part)])
      out += fmt::format(" + {} for {}", amount, name);
    return out;
  };
  // "force 8", or "force 8 = 3 + 5 against Hoplites + 2 for Bloodlust": the bonus named by
  // the card it is against (its type's name may have brackets of its own).
  const auto force = [&](int total, std::uint8_t card, std::uint8_t other, Part part) {
    const int versus = ((t.versus[card] >> t.type[other]) & 1U) ? t.versus_bonus : 0;
    if (versus == 0 && named[static_cast<int>(part)].empty()) return fmt::format("force {}", total);
    std::string out = fmt::format("force {} = {}", total, t.force[card]);
    if (versus != 0) out += fmt::format(" + {} against {}", versus, title_case(cards.name(other)));
    return out + tactic_terms(part);
  };
  CombatTerms terms;
  if (c.blocked) {
    terms.attacker_force = force(c.attacker_force, a, blocker, Part::kAttacker);
    terms.blocker_force = force(c.blocker_force, blocker, a, Part::kBlocker);
    return terms;
  }
  // "3 damage", or "6 damage = 3 + 1 for Encircling + 2 for Overrun".
  const int dealt = std::max(c.damage, 0);
  const int circled = encircling ? t.encircling_damage : 0;
  if (circled == 0 && named[static_cast<int>(Part::kDamage)].empty()) {
    terms.damage = fmt::format("{} damage", dealt);
  } else {
    terms.damage = fmt::format("{} damage = {}", dealt, t.damage[a]);
    if (circled != 0) terms.damage += fmt::format(" + {} for Encircling", circled);
    terms.damage += tactic_terms(Part::kDamage);
  }
  return terms;
}

namespace {

/// How a combat ended (`done`) or would end if the battle resolved now: one sentence per
/// outcome, its verbs in either tense, each total with its terms.
std::string combat_sentence(const CombatTotals& c, const CombatTerms& terms,
                            const std::string& attacker, const std::string& blocker, bool done) {
  const auto verb = [done](const char* past, const char* would) { return done ? past : would; };
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return fmt::format("{}, unblocked, {} {}", attacker, verb("dealt", "would deal"),
                         terms.damage);
    case CombatOutcome::kEvade:
      return fmt::format("{} against {} {} in an evade: both {} back to reserve", attacker, blocker,
                         verb("ended", "would end"), verb("went", "would go"));
    // The loser goes to the casualty pile, the winner back to reserve: said, as the casualties
    // line alone left a player unsure which card fell.
    case CombatOutcome::kAttackerWins:
      return fmt::format("{} ({}) {} {} ({}), which {}", attacker, terms.attacker_force,
                         verb("beat", "would beat"), blocker, terms.blocker_force,
                         verb("fell", "would fall"));
    case CombatOutcome::kBlockerWins:
      return fmt::format("{} ({}) {} {} ({}), which {}", blocker, terms.blocker_force,
                         verb("held off", "would hold off"), attacker, terms.attacker_force,
                         verb("fell", "would fall"));
    case CombatOutcome::kTie:
      return fmt::format("{} ({}) and {} ({}) {}: both {}", attacker, terms.attacker_force, blocker,
                         terms.blocker_force, verb("tied", "would tie"),
                         verb("fell", "would fall"));
  }
  return "";
}

}  // namespace

std::string combat_ended(const CombatTotals& c, const CombatTerms& terms,
                         const std::string& attacker, const std::string& blocker) {
  return combat_sentence(c, terms, attacker, blocker, true);
}

std::string combat_standing(const CombatTotals& c, const CombatTerms& terms,
                            const std::string& attacker, const std::string& blocker) {
  return combat_sentence(c, terms, attacker, blocker, false);
}

}  // namespace ancients::generals
