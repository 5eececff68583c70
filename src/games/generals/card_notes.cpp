// Ancient Generals: why a card in the hand of the player to act cannot be played now
// (State::card_notes), in the rules' words: the phase it is played in, or what it lacks here
// (no casualty for Rally to take back, no blocker of its types for Shields, Difficult Terrain or
// Break Morale played this turn, one Siege Artillery a turn). The page shows it on a dimmed
// card and under the hand (a play-test found "Cannot be played now" alone unexplained).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "games/generals/state.h"

namespace ancients::generals {
namespace {

/// The card kind an action plays or discards, or -1 (a pass, an end).
int card_played(const CardTable& t, Action a) {
  switch (action_op(a)) {
    case Op::kScout:
    case Op::kDiscardStep:
    case Op::kFlank:
    case Op::kSiege:
    case Op::kAttackStep:
    case Op::kBlockStep:
    case Op::kPlay:
      return action_card(a);
    case Op::kRally:  // the card named is the one taken back
      return t.card(Effect::kRally);
    case Op::kDifficultTerrain:
      return t.card(Effect::kDifficultTerrain);
    case Op::kReserve:
      return t.card(Effect::kReserve);
    case Op::kBreakMorale:
      return t.card(Effect::kBreakMorale);
    default:
      return -1;
  }
}

/// "Heavy Infantry, Medium Infantry or Warband": the unit types of a card's type list.
std::string type_list(const Cards& cards, std::uint16_t bits) {
  std::vector<std::string> names;
  for (std::size_t t = 0; t < cards.type_names.size(); ++t)
    if ((bits >> t) & 1U) names.push_back(cards.type_names[t]);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> GeneralsState::card_notes(int viewer) const {
  std::vector<std::pair<std::string, std::string>> out;
  // In the Discard phase every card may go (the page composes the discards).
  if (g_.phase == Phase::kOver || g_.phase == Phase::kDiscard || viewer != g_.to_act ||
      viewer < 1 || viewer > 2)
    return out;
  const CardTable& t = tab();
  ActionList legal;
  legal_actions(legal);
  // The card kinds some action plays (bit k: kind k). The search's steps list flanks and
  // attackers in the order of the card kinds, from the last one played (one set, one order); a
  // person's whole action may name any of them, and a flank after another any card with the
  // trait.
  std::uint64_t played = 0;
  for (const Action a : legal) {
    if (const int c = card_played(t, a); c >= 0) played |= std::uint64_t{1} << c;
    if (action_op(a) == Op::kAttackStep || action_op(a) == Op::kBlockStep) played |= t.unit_bits;
  }
  if (g_.phase == Phase::kFlank && viewer == g_.active && !g_.battle.no_attack)
    played |= t.flank_bits;
  const std::uint64_t unplayed = pl(viewer).hand_bits & ~played;
  for (int k = 0; k < t.kinds; ++k)
    if ((unplayed >> k) & 1U)
      out.emplace_back(cards().cards[static_cast<std::size_t>(k)].name, card_note(viewer, k));
  return out;
}

std::string GeneralsState::card_note(int viewer, int kind) const {
  const CardTable& t = tab();
  const Battle& b = g_.battle;
  const bool active = viewer == g_.active;
  const Phase phase = g_.phase;
  const std::string no_attack =
      "Difficult Terrain was played: you can neither flank nor attack "
      "this turn";
  switch (t.effect_of(kind)) {
    case Effect::kUnit: {
      const bool scout = (t.scout_bits >> kind) & 1U;
      const bool flank = (t.flank_bits >> kind) & 1U;
      if (phase == Phase::kScout && !scout)
        return "only a unit card with the Scout trait is discarded in the Scout phase";
      if (phase == Phase::kFlank && active && b.no_attack) return no_attack;
      if (phase == Phase::kFlank && active && !flank)
        return "only a unit card with the Flank trait is discarded in the Flank phase";
      if (phase == Phase::kAttack && b.no_attack) return no_attack;
      if (phase == Phase::kBlock && b.no_block)
        return "Break Morale was played: you cannot block this turn";
      return std::string(
                 "units attack in their player\u2019s Attack phase and block the "
                 "opponent\u2019s attackers") +
             (scout ? "; with Scout, one may be discarded in the Scout phase" : "") +
             (flank ? "; with Flank, discarded in one\u2019s own Flank phase" : "");
    }
    case Effect::kOverrun:
    case Effect::kBloodlust:
      if (phase == Phase::kTactics) return "there is no attacker in this battle to play it on";
      return "played in the Tactics phase of a battle, on a unit in it";
    case Effect::kShields:
    case Effect::kDefensibleTerrain: {
      const std::string on = "blocking " + type_list(cards(), t.types[kind]);
      if (phase == Phase::kTactics) return "there is no " + on + " in this battle";
      return "played in the Tactics phase of a battle, on a " + on;
    }
    case Effect::kTreacherousTerrain: {
      const std::string on = "attacking " + type_list(cards(), t.types[kind]);
      if (phase == Phase::kTactics) return "there is no " + on + " in this battle";
      return "played in the Tactics phase of a battle, on an " + on;
    }
    case Effect::kOutflank:
      if (phase == Phase::kFlank && active && b.no_attack) return no_attack;
      return "played in one\u2019s own Flank phase";
    case Effect::kDifficultTerrain:
      if (phase == Phase::kFlank && !active && b.no_attack) return "already played this turn";
      return "played in the opponent\u2019s Flank phase";
    case Effect::kReserve:
      return "played in a Flank phase (one\u2019s own or the opponent\u2019s)";
    case Effect::kRally:
      if (phase == Phase::kDraw) return "there is no other card in your casualty pile to take back";
      return "played in a Draw phase, to take a card back from the casualty pile";
    case Effect::kBreakMorale:
      if (phase == Phase::kArtillery && b.no_block) return "already played this turn";
      return "played in one\u2019s own Artillery phase";
    case Effect::kSiege:
      if (phase == Phase::kArtillery && b.siege_used)
        return "one Siege Artillery card a turn: one was played";
      return "played in one\u2019s own Artillery phase";
  }
  return "";
}

}  // namespace ancients::generals
