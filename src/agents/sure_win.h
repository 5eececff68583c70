// A look for a sure win, made after a search that rates its choice a likely win (ismcts.h,
// kSureWinGate): a plan of the acting player's that wins the game in every one of several
// deals of what the player does not see, whatever the other players answer. A search with a
// small budget can miss such a plan where a slower or only likely win scores nearly as well
// (Ancient Generals: discarding a unit before an attack that wins only with it); this look
// does not.
//
// The deals are played side by side, one action at a time. The player's action is the same in
// every deal still in play (an action legal in all of them: the player cannot tell the deals
// apart); every action another player could take in any of the deals is answered, each in
// the deals where it is legal (the player sees what the others do). A deal drops out when it is
// won; the plan fails when one is lost or left undecided. So the plan wins in each deal dealt,
// which is good evidence that it wins in the real game. It reads only the player's view and
// takes the plan that wins soonest in its worst line (a win this turn before a sure win at the
// opponent's next draw: iterative deepening on the actions along a line). A
// line that runs out of the budget of states, meets more than a few answers or deals that
// disagree on who is to act proves nothing; a plan is only taken once every line of it is won.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace ancients {

/// How far the look goes.
struct SureWinLimits {
  int deals = 6;                    ///< deals the plan must win in
  int max_choices = 12;             ///< the player's choices along any line of the plan
  int max_steps = 48;               ///< actions along any line of the plan (all players')
  int max_replies = 6;              ///< the other players' answers at one step, at most
  std::uint64_t max_states = 4000;  ///< actions applied in all (the look's cost), at most
};

class SureWinFinder {
 public:
  /// The first action of a plan that wins in every deal, one of `root_choices` (legal in the
  /// view), or nothing. Deals with `rng`.
  std::optional<Action> find(const PlayerView& view, const ActionList& root_choices,
                             const SureWinLimits& limits, Rng& rng);
  /// The actions along the longest line of the plan found by the last find() (0: none found).
  int plan_steps() const { return found_steps_; }
  /// Actions applied by the last find().
  std::uint64_t states() const { return states_; }
  /// Gives back the deals' states kept for the next find() (Agent::release_memory).
  void release_memory() { std::vector<Step>().swap(steps_); }

 private:
  /// One step of a line: its deals (the first `count` of them in play) and what is tried.
  struct Step {
    std::vector<std::unique_ptr<State>> deals;
    std::vector<ActionList> legal;  ///< each deal's legal actions
    ActionList choices;             ///< the actions considered here
    std::vector<int> playing;       ///< the deals in which the action tried is played
  };
  /// The step at which a plan with at most `choices_left` choices of the player's along any
  /// line has won all of steps_[step].deals[0..count) in its latest line, the soonest such
  /// plan, if before `bound`; else kNever. At the root it keeps the plan's first action.
  int wins(std::size_t step, int count, int choices_left, int bound);
  /// Plays `a` in the deals of steps_[step] listed in its `playing` (copies in the next step)
  /// and asks wins() there.
  int wins_after(std::size_t step, Action a, int choices_left, int bound);
  static constexpr int kNever = 1 << 30;
  bool out_of_budget() const { return states_ >= limits_.max_states; }

  SureWinLimits limits_;
  int me_ = 0;
  int my_side_ = 0;
  std::uint64_t states_ = 0;
  bool cut_ = false;  ///< a line was cut by this pass's limit (a longer look may win)
  int found_steps_ = 0;
  Action root_best_{};  ///< the first action of the soonest plan found
  const ActionList* root_choices_ = nullptr;
  std::vector<Step> steps_;
};

}  // namespace ancients
