// Ancient Generals' combats in words (battle_words.h).
#include "games/generals/battle_words.h"

#include <fmt/format.h>

#include <algorithm>

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

namespace {

/// How a combat ended (`done`) or would end if the battle resolved now: one sentence per
/// outcome, its verbs in either tense.
std::string combat_sentence(const CombatTotals& c, const std::string& attacker,
                            const std::string& blocker, bool done) {
  const auto verb = [done](const char* past, const char* would) { return done ? past : would; };
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return fmt::format("{}, unblocked, {} {} damage", attacker, verb("dealt", "would deal"),
                         std::max(c.damage, 0));
    case CombatOutcome::kEvade:
      return fmt::format("{} against {} {} in an evade: both {} back to reserve", attacker, blocker,
                         verb("ended", "would end"), verb("went", "would go"));
    // The loser goes to the casualty pile, the winner back to reserve: said, as the casualties
    // line alone left a player unsure which card fell.
    case CombatOutcome::kAttackerWins:
      return fmt::format("{} (force {}) {} {} (force {}), which {}", attacker, c.attacker_force,
                         verb("beat", "would beat"), blocker, c.blocker_force,
                         verb("fell", "would fall"));
    case CombatOutcome::kBlockerWins:
      return fmt::format("{} (force {}) {} {} (force {}), which {}", blocker, c.blocker_force,
                         verb("held off", "would hold off"), attacker, c.attacker_force,
                         verb("fell", "would fall"));
    case CombatOutcome::kTie:
      return fmt::format("{} and {} {} at force {}: both {}", attacker, blocker,
                         verb("tied", "would tie"), c.attacker_force, verb("fell", "would fall"));
  }
  return "";
}

}  // namespace

std::string combat_ended(const CombatTotals& c, const std::string& attacker,
                         const std::string& blocker) {
  return combat_sentence(c, attacker, blocker, true);
}

std::string combat_standing(const CombatTotals& c, const std::string& attacker,
                            const std::string& blocker) {
  return combat_sentence(c, attacker, blocker, false);
}

}  // namespace ancients::generals
