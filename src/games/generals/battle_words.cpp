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

std::string combat_ended(const CombatTotals& c, const std::string& attacker,
                         const std::string& blocker) {
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return fmt::format("{}, unblocked, dealt {} damage", attacker, std::max(c.damage, 0));
    case CombatOutcome::kEvade:
      return fmt::format("{} against {} ended in an evade: both went back to reserve", attacker,
                         blocker);
    case CombatOutcome::kAttackerWins:
      return fmt::format("{} (force {}) beat {} (force {})", attacker, c.attacker_force, blocker,
                         c.blocker_force);
    case CombatOutcome::kBlockerWins:
      return fmt::format("{} (force {}) held off {} (force {})", blocker, c.blocker_force, attacker,
                         c.attacker_force);
    case CombatOutcome::kTie:
      return fmt::format("{} and {} tied at force {}: both fell", attacker, blocker,
                         c.attacker_force);
  }
  return "";
}

std::string combat_standing(const CombatTotals& c, const std::string& attacker,
                            const std::string& blocker) {
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return fmt::format("{}, unblocked, would deal {} damage", attacker, std::max(c.damage, 0));
    case CombatOutcome::kEvade:
      return fmt::format("{} against {} would end in an evade: both back to reserve", attacker,
                         blocker);
    case CombatOutcome::kAttackerWins:
      return fmt::format("{} (force {}) would beat {} (force {})", attacker, c.attacker_force,
                         blocker, c.blocker_force);
    case CombatOutcome::kBlockerWins:
      return fmt::format("{} (force {}) would hold off {} (force {})", blocker, c.blocker_force,
                         attacker, c.attacker_force);
    case CombatOutcome::kTie:
      return fmt::format("{} and {} would tie at force {}: both would fall", attacker, blocker,
                         c.attacker_force);
  }
  return "";
}

}  // namespace ancients::generals
