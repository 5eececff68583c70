// Ancient Warfare: why a card in the hand of the player to act cannot be played now
// (State::card_notes), in the rules' words: the phase it belongs to, the answer it is not, a
// condition no unit meets, a Recoil with no square behind the target. The page shows it under
// the hand where a card cannot be played (a play-test found "cannot be played now" alone, with
// a Recoil held against an attack whose square behind was taken).
#include <fmt/format.h>

#include <bitset>
#include <string>
#include <utility>
#include <vector>

#include "games/warfare/explain.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

/// Whether the action plays the card its action_card names.
bool plays_a_card(Kind k) {
  switch (k) {
    case Kind::kDiscard:
    case Kind::kMove:
    case Kind::kGroupStart:
    case Kind::kDismount:
    case Kind::kScout:
    case Kind::kAttack:
    case Kind::kTrample:
    case Kind::kDefend:
    case Kind::kAttackMove:
    case Kind::kNegate:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> WarfareState::card_notes(int viewer) const {
  std::vector<std::pair<std::string, std::string>> out;
  if (viewer != to_act_ || viewer < 1 || viewer > player_count() || group_.count > 0 ||
      (phase_ != Phase::kMove && phase_ != Phase::kBattle))
    return out;
  ActionList legal;
  legal_actions(legal);
  std::bitset<256> played;
  for (const Action a : legal)
    if (plays_a_card(action_kind(a))) played.set(static_cast<std::size_t>(action_card(a)));
  const auto& hand = hand_[viewer - 1];
  for (std::size_t c = 0; c < rules_->cards.size(); ++c) {
    if (hand[c] == 0 || played.test(c)) continue;
    out.emplace_back(rules_->cards[c].id, card_note(static_cast<CardType>(c)));
  }
  return out;
}

std::string WarfareState::card_note(CardType c) const {
  const CardDef& card = rules_->cards[c];
  const bool special = c == rules_->special_ability;
  const std::string condition = card_condition_words(card.condition);
  const std::string unless = condition.empty() ? "" : " (only when " + condition + ")";
  if (pending_.kind == Pending::kMove)
    return "only Difficult Ground answers the opponent\u2019s move";
  if (pending_.kind != Pending::kNone) {  // an attack awaits this player's answer
    if ((card.uses & kUseDefend) == 0 && !special) return "only a defence card answers an attack";
    if (pending_.kind == Pending::kAutokill) return "an auto-kill cannot be answered with a card";
    if (special) return "no special ability of this unit, or of a General beside it, answers it";
    if (card.effect == CardEffect::kRecoil) {
      const int back =
          recoil_square(pending_.target, geo_->line(pending_.attacker, pending_.target)->first);
      if (back == kNoSquare)
        return fmt::format("the attacked unit on {} has no free square behind it to move back to",
                           square_name_view(pending_.target, geo_->width));
    }
    return "it cannot defend against this attack" + unless;
  }
  if (phase_ == Phase::kMove) {
    if ((card.uses & kUseMove) != 0) {
      if (card.knight && card.min_move != 0)
        return fmt::format(
            "none of your units can make this jump now (only units of Move {} or more, to a "
            "free square)",
            card.min_move);
      return "none of your units can make this move now (a unit\u2019s Move too short for it, "
             "its way blocked, or it has moved)";
    }
    if ((card.uses & kUseAttack) != 0) return "attack cards are played in the battle phase";
    if ((card.uses & kUseCharge) != 0) return "a charge is made in the battle phase";
    if ((card.uses & kUseDefend) != 0)
      return "defence cards are played when one of your units is attacked";
    if ((card.uses & kUseNegateMove) != 0) return "it answers a move of the opponent";
    if (special) return "no unit of yours can use its special ability in the move phase now";
    return "it cannot be played in the move phase";
  }
  // The battle phase.
  if ((card.uses & (kUseAttack | kUseCharge)) != 0)
    return "none of your units that may still attack has an enemy in reach for it" + unless;
  if (special) return "none of your units can use its special ability now";
  if ((card.uses & kUseMove) != 0) return "move cards are played in the move phase";
  if ((card.uses & kUseDefend) != 0)
    return "defence cards are played when one of your units is attacked";
  if ((card.uses & kUseNegateMove) != 0) return "it answers a move of the opponent";
  return "it cannot be played in the battle phase";
}

}  // namespace ancients::warfare
