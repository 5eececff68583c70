// Ancient Generals' combats in words (battle_words.h).
#include "games/generals/battle_words.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
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
  // The tactics played on this combat, each named with what it adds to its side (Overrun to
  // the damage, Bloodlust to the side it was played on, the terrains to theirs); what the
  // totals hold beyond them is a tactic not yet played (a choice's "then ...").
  enum Part { kAttacker, kBlocker, kDamage };
  std::vector<std::pair<int, std::string>> named[3];
  const int played = g.battle.tactic_count + (extra_tactic != nullptr ? 1 : 0);
  for (int k = 0; k < played; ++k) {
    const std::uint16_t tc = k < g.battle.tactic_count ? g.battle.tactics[k] : *extra_tactic;
    if (tactic_combat(tc) != index) continue;
    const std::uint8_t card = tactic_card(tc);
    const int amount = t.amount[card];
    switch (t.effect_of(card)) {
      case Effect::kOverrun:
        named[kDamage].emplace_back(amount, title_case(cards.name(card)));
        break;
      case Effect::kBloodlust:
        named[tactic_on_blocker(tc) ? kBlocker : kAttacker].emplace_back(
            amount, title_case(cards.name(card)));
        break;
      case Effect::kDefensibleTerrain:
        named[kBlocker].emplace_back(amount, title_case(cards.name(card)));
        break;
      case Effect::kTreacherousTerrain:
        named[kAttacker].emplace_back(amount, title_case(cards.name(card)));
        break;
      default:
        break;
    }
  }
  // " + 2 for Bloodlust ...", and the rest " + 2 from a tactic".
  const auto tactic_terms = [&](Part part, int tactics) {
    std::string out;
    for (const auto& [amount, name] : named[part]) {
      out += fmt::format(" + {} for {}", amount, name);
      tactics -= amount;
    }
    if (tactics != 0)
      out += fmt::format(" {} {} from a tactic", tactics > 0 ? "+" : "-", std::abs(tactics));
    return out;
  };
  // "force 8", or "force 8 = 3 + 5 against Hoplites + 2 for Bloodlust": the bonus named by
  // the card it is against (its type's name may have brackets of its own).
  const auto force = [&](int total, std::uint8_t card, std::uint8_t other, Part part) {
    const int own = t.force[card];
    const int versus = ((t.versus[card] >> t.type[other]) & 1U) ? t.versus_bonus : 0;
    const int tactics = total - own - versus;
    if (versus == 0 && tactics == 0) return fmt::format("force {}", total);
    std::string out = fmt::format("force {} = {}", total, own);
    if (versus != 0) out += fmt::format(" + {} against {}", versus, title_case(cards.name(other)));
    return out + tactic_terms(part, tactics);
  };
  CombatTerms terms;
  if (c.blocked) {
    terms.attacker_force = force(c.attacker_force, a, blocker, kAttacker);
    terms.blocker_force = force(c.blocker_force, blocker, a, kBlocker);
    return terms;
  }
  // "3 damage", or "6 damage = 3 + 1 for Encircling + 2 for Overrun".
  const int dealt = std::max(c.damage, 0);
  const int own = t.damage[a];
  const int circled = encircling ? t.encircling_damage : 0;
  const int tactics = c.damage - own - circled;
  if (circled == 0 && tactics == 0) {
    terms.damage = fmt::format("{} damage", dealt);
  } else {
    terms.damage = fmt::format("{} damage = {}", dealt, own);
    if (circled != 0) terms.damage += fmt::format(" + {} for Encircling", circled);
    terms.damage += tactic_terms(kDamage, tactics);
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
