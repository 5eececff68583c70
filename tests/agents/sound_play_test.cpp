// The computer does not play against its own interest where a one-ply check shows it, and it
// attacks when attacking wins (issue 13). Each case is a small position reported from play:
// Ancient Generals' defender played Overrun and Bloodlust on the opponent's attacker, its
// attacker boosted the opponent's blocker, a computer that could win by attacking did not
// attack; Ancient Warfare's computer spent long stretches only discarding instead of moving.
// Ancient Warfare's computer attacks when the attack wins: an auto-kill that takes the eighth loss
// point, an Attack card on the General. The search agents (ismcts at two budgets, pimc) and, where
// one ply shows it, greedy are checked on several seeds.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/ismcts.h"
#include "agents/pimc.h"
#include "games/warfare/setup.h"
#include "games/warfare/state.h"
#include "generals/helpers.h"
#include "generals_positions.h"
#include "positions.h"
#include "warfare_positions.h"

namespace {

using namespace ancients;
using ancients::generals::testing::json;

std::vector<std::unique_ptr<Agent>> agents(std::uint64_t seed, bool with_greedy = true) {
  agents_test::ensure_registered();  // the games' evaluations
  std::vector<std::unique_ptr<Agent>> out;
  IsmctsConfig small;
  small.iterations = 1000;
  IsmctsConfig more;
  more.iterations = 5000;
  out.push_back(std::make_unique<IsmctsAgent>(small, seed, "ismcts:1000"));
  out.push_back(std::make_unique<IsmctsAgent>(more, seed, "ismcts:5000"));
  out.push_back(std::make_unique<PimcAgent>(more, 5, seed, "pimc:5000"));
  if (with_greedy) out.push_back(make_agent("greedy", seed));
  return out;
}

/// A Generals attack after the given actions (player 1 attacking), hands as given.
generals::GeneralsState generals_battle(const std::vector<std::string>& hand1,
                                        const std::vector<std::string>& hand2,
                                        const std::vector<std::string>& actions) {
  generals::GeneralsState s = generals::testing::make(
      json{{"phase", "attack"}, {"players", {{"1", {{"hand", hand1}}}, {"2", {{"hand", hand2}}}}}});
  generals::testing::play(s, actions);
  return s;
}

/// Whether the agent's choice is one of the `harmful` action texts, over seeds and agents.
void expect_none_of(const generals::GeneralsState& s, const std::vector<std::string>& harmful) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    for (const auto& agent : agents(seed)) {
      const std::string chosen = s.action_text(agent->choose(*s.view(s.to_act())));
      for (const auto& bad : harmful) EXPECT_NE(chosen, bad) << agent->name() << " seed " << seed;
    }
}

TEST(SoundPlay, GeneralsDefenderPlaysNoTacticForTheAttacker) {
  // Combat 1: Bowmen (force 2) blocked by Javelineers (3): the blocker wins, but Bloodlust on
  // the attacker (+3) would turn it. Combat 2: Slingers unblocked (1 damage): Overrun on them
  // is 2 more damage to the defender. Both help the attacker: the defender must not play them.
  const auto s = generals_battle({"bowmen", "slingers"}, {"javelineers", "bloodlust", "overrun"},
                                 {"attack bowmen,slingers", "block 1=javelineers", "pass"});
  ASSERT_EQ(s.to_act(), 2);
  ASSERT_TRUE(generals::testing::has_text(s, "play bloodlust a1"));
  ASSERT_TRUE(generals::testing::has_text(s, "play overrun 2"));
  expect_none_of(s, {"play bloodlust a1", "play overrun 2"});
}

TEST(SoundPlay, GeneralsAttackerDoesNotBoostTheBlocker) {
  // Barbarians (1 + 5 against Heavy Infantry) blocked by Legionaires (3): the attacker wins
  // by 3; Bloodlust on the blocker (+3) would make it a tie, both cards lost.
  const auto s = generals_battle({"barbarians", "bloodlust", "overrun"}, {"legionaires"},
                                 {"attack barbarians", "block 1=legionaires"});
  ASSERT_EQ(s.to_act(), 1);
  ASSERT_TRUE(generals::testing::has_text(s, "play bloodlust b1"));
  expect_none_of(s, {"play bloodlust b1"});
}

/// Plays the turn with `agent` for both players; returns the state once player 1's turn is
/// over (the game over, or player 2 active).
generals::GeneralsState play_turn(generals::GeneralsState s, Agent& agent) {
  for (int guard = 0; guard < 60 && !s.is_over() && s.data().active == 1; ++guard)
    s.apply(agent.choose(*s.view(s.to_act())));
  return s;
}

TEST(SoundPlay, GeneralsAttacksWhenAttackingWins) {
  // Player 2 has five cards left in deck and reserve and no unit in hand to block with: the
  // units in player 1's hand attacking unblocked (3 + 2 + 1 damage, 5 needed) win the game at
  // once; without the attack player 2 survives its next draw. Player 1 has scouted player 2's
  // hand, so the win is certain from its view. From the attack phase, and from
  // the discard phase, where discarding the units to the reserve (the deck holds only tactics
  // to draw) would throw the win away.
  for (const char* phase : {"attack", "discard"}) {
    const auto s =
        agents_test::attack_wins_at_once(phase, {"overrun", "overrun", "shields", "shields"}, true);
    // Ten seeds: before the look for a sure win (agents/sure_win.h) a search at these budgets
    // sometimes took a likely win instead (seeds 5, 9 and 10 from the discard phase).
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
      for (const auto& agent : agents(seed, false)) {  // greedy looks one card ahead only
        const auto after = play_turn(s, *agent);
        EXPECT_EQ(after.winner(), 1) << agent->name() << " seed " << seed << " from " << phase;
      }
  }
}

/// Plays Ancient Warfare with `agent` for the side to act until its turn is over (the game
/// over, the turn ended, or the other player to make a choice); the other player's forced actions
/// (a defense window without a defense card) are played. Returns the position then.
std::unique_ptr<State> play_warfare_turn(const State& start, Agent& agent) {
  auto s = start.clone();
  const int side = s->to_act();
  ActionList legal;
  for (int guard = 0; guard < 40 && !s->is_over() && s->turn() == start.turn(); ++guard) {
    s->legal_actions(legal);
    if (s->to_act() == side)
      s->apply(agent.choose(*s->view(side)));
    else if (legal.size() == 1)
      s->apply(legal[0]);
    else
      break;
  }
  return s;
}

/// Every agent (greedy only when `with_greedy`: it looks one action ahead) wins from `s`
/// within the side's turn, on three seeds.
void expect_wins_this_turn(const State& s, bool with_greedy) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed)
    for (const auto& agent : agents(seed, with_greedy)) {
      const auto after = play_warfare_turn(s, *agent);
      EXPECT_EQ(after->winner(), s.to_act()) << agent->name() << " seed " << seed;
    }
}

TEST(SoundPlay, WarfareAttacksWhenAttackingWins) {
  agents_test::ensure_registered();
  // Battle phase: an auto-kill takes player 2's eighth loss point.
  const auto autokill = agents_test::autokill_wins_now();
  expect_wins_this_turn(*autokill, true);
  // The Cavalry on e5 cannot auto-kill the General on e6 but an Attack card destroys it, and
  // player 2 holds no card to defend with: from the battle phase, and from the move phase,
  // where moving the Cavalry away with the Trod card would lose the chance.
  for (const char* phase : {"battle", "move"}) {
    const auto general = agents_test::attack_card_on_the_general(phase);
    ASSERT_EQ(general->to_act(), 1) << phase;
    expect_wins_this_turn(*general, std::string(phase) == "battle");
  }
}

/// Whether an action text moves a unit or attacks (what a turn that is more than discarding
/// plays).
bool moves_or_attacks(const std::string& text) {
  for (const char* kind : {"move", "advance", "attack", "autokill", "trample"})
    if (text.starts_with(kind)) return true;
  return false;
}

TEST(SoundPlay, WarfareKeepsPlayingCards) {
  // The reported games had long stretches of turns in which the computer only discarded: the
  // evaluation valued a move card in hand below any other card, so the computer discarded its
  // move cards first and then had nothing to move (docs/agents.md, "Playing soundly"). In
  // self-play from deals both sides deploy automatically, the side to move must have a move
  // or an attack it may play in at least half of its turns, play one in at least 60% of
  // those, and so in at least 40% of all its turns. Measured (ismcts:300, these six deals,
  // 2026-11-26): 67%, 74% and 50%. Not every turn: the others offer no move (no card in hand
  // that its units' Moves fit, the way blocked), and closing in on a unit that auto-kills it
  // is rightly avoided. At this budget the check does not tell the old valuation of move
  // cards (0.03) from today's (0.12) apart (58% and 83% on the same deals); it guards against
  // a computer that stops moving.
  agents_test::ensure_registered();
  int turns = 0, turns_with_a_choice = 0, active_turns = 0;
  ActionList legal;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto s = agents_test::new_game("warfare", seed);  // player 1 deployed
    auto& w = static_cast<warfare::WarfareState&>(*s);
    while (!s->is_over() && s->turn() == 0) s->apply_text(warfare::auto_deployment(w, seed + 1));
    IsmctsConfig c;
    c.iterations = 300;
    IsmctsAgent agent(c, seed, "ismcts:300");
    int turn = s->turn();
    bool could = false, played = false;
    while (!s->is_over() && s->turn() <= 30) {
      const int p = s->to_act();
      if (p == w.active()) {
        s->legal_actions(legal);
        for (const Action a : legal) could = could || moves_or_attacks(s->action_text(a));
      }
      const Action act = agent.choose(*s->view(p));
      played = played || (p == w.active() && moves_or_attacks(s->action_text(act)));
      s->apply(act);
      if (s->turn() != turn) {
        ++turns;
        turns_with_a_choice += could;
        active_turns += played;
        could = played = false;
        turn = s->turn();
      }
    }
  }
  ASSERT_GE(turns, 60);
  EXPECT_GE(turns_with_a_choice * 2, turns)
      << "a move or an attack to play in " << turns_with_a_choice << " of " << turns << " turns";
  EXPECT_GE(active_turns * 10, turns_with_a_choice * 6)
      << "played in " << active_turns << " of " << turns_with_a_choice << " turns with a choice";
  EXPECT_GE(active_turns * 10, turns * 4) << "played in " << active_turns << " of " << turns;
}

}  // namespace
