// The look for a sure win (see sure_win.h).
#include "agents/sure_win.h"

#include <algorithm>

namespace ancients {
namespace {

/// Actions along one line of a plan, at most (the player's, forced ones and the others').
constexpr std::size_t kMaxSteps = 256;
/// The limit of actions along a line grows by this much each pass.
constexpr int kDeepening = 4;

bool contains(const ActionList& list, Action a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

}  // namespace

std::optional<Action> SureWinFinder::find(const PlayerView& view, const ActionList& root_choices,
                                          const SureWinLimits& limits, Rng& rng) {
  limits_ = limits;
  limits_.deals = std::max(1, limits_.deals);
  me_ = view.player();
  states_ = 0;
  found_steps_ = 0;
  root_choices_ = &root_choices;
  if (root_choices.empty() || limits_.max_choices < 1) return std::nullopt;
  // A line of `most` actions reaches steps_[most]; the pool grows to what the limits need.
  const int most = std::clamp(limits_.max_steps, 1, static_cast<int>(kMaxSteps) - 1);
  if (steps_.size() <= static_cast<std::size_t>(most))
    steps_.resize(static_cast<std::size_t>(most) + 1);
  const auto deals = static_cast<std::size_t>(limits_.deals);
  for (Step& step : steps_)
    if (step.deals.size() < deals) {
      step.deals.resize(deals);
      step.legal.resize(deals);
    }
  Step& root = steps_[0];
  for (std::size_t k = 0; k < deals; ++k) view.sample_into(root.deals[k], rng);
  my_side_ = root.deals[0]->side_of(me_);
  // Iterative deepening on the actions along a line, kDeepening more each pass: a long line is
  // looked at only once no shorter plan wins, which keeps the look small where a win is near.
  // Each pass finds the soonest plan within its limit (wins() keeps the best choice).
  for (int steps = kDeepening; !out_of_budget(); steps += kDeepening) {
    steps = std::min(steps, most);
    cut_ = false;
    const int won_at = wins(0, limits_.deals, limits_.max_choices, steps + 1);
    if (won_at < kNever) {
      found_steps_ = won_at;
      return root_best_;
    }
    if (!cut_ || steps == most) break;  // no line reached the limit, or the last limit
  }
  return std::nullopt;
}

int SureWinFinder::wins(std::size_t step, int count, int choices_left, int bound) {
  Step& here = steps_[step];
  // Deals already over leave: won ones are done, a lost or drawn one sinks the plan.
  int alive = 0;
  for (int i = 0; i < count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (here.deals[k]->is_over()) {
      if (here.deals[k]->winner() != my_side_) return kNever;
      continue;
    }
    std::swap(here.deals[k], here.deals[static_cast<std::size_t>(alive)]);
    ++alive;
  }
  const int at = static_cast<int>(step);
  if (alive == 0) return at;
  // A win from here comes after one more action at least: it must come before `bound`.
  if (at + 1 >= bound) {
    cut_ = true;
    return kNever;
  }
  if (out_of_budget()) return kNever;
  const int actor = here.deals[0]->to_act();
  for (int i = 0; i < alive; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (here.deals[k]->to_act() != actor) return kNever;
    here.deals[k]->legal_actions(here.legal[k]);
  }
  here.choices.clear();
  here.playing.clear();
  if (actor == me_) {
    // The same action in every deal: one legal in all of them.
    const ActionList& first = step == 0 ? *root_choices_ : here.legal[0];
    for (const Action a : first) {
      bool everywhere = true;
      for (std::size_t k = 0; k < static_cast<std::size_t>(alive) && everywhere; ++k)
        everywhere = contains(here.legal[k], a);
      if (everywhere) here.choices.push_back(a);
    }
    for (int i = 0; i < alive; ++i) here.playing.push_back(i);
    if (here.choices.empty()) return kNever;
    if (here.choices.size() == 1 && step > 0)  // forced: not one of the player's choices
      return wins_after(step, here.choices[0], choices_left, bound);
    if (choices_left == 0) return kNever;
    // The soonest win among the choices; each next one must beat the best so far.
    int best = kNever;
    for (std::size_t c = 0; c < here.choices.size() && !out_of_budget(); ++c) {
      const int r = wins_after(step, here.choices[c], choices_left - 1, std::min(bound, best));
      if (r < best) {
        best = r;
        if (step == 0) root_best_ = here.choices[c];
      }
    }
    return best;
  }
  // Another player: every answer legal in any deal, each in the deals where it is legal; the
  // plan wins as late as its latest answer.
  for (int i = 0; i < alive; ++i)
    for (const Action a : here.legal[static_cast<std::size_t>(i)])
      if (!contains(here.choices, a)) {
        if (static_cast<int>(here.choices.size()) >= limits_.max_replies) return kNever;
        here.choices.push_back(a);
      }
  int latest = at;
  for (const Action a : here.choices) {
    here.playing.clear();
    for (int i = 0; i < alive; ++i)
      if (contains(here.legal[static_cast<std::size_t>(i)], a)) here.playing.push_back(i);
    const int r = wins_after(step, a, choices_left, bound);
    if (r >= kNever) return kNever;
    latest = std::max(latest, r);
  }
  return latest;
}

int SureWinFinder::wins_after(std::size_t step, Action a, int choices_left, int bound) {
  Step& here = steps_[step];
  Step& next = steps_[step + 1];
  int n = 0;
  for (const int i : here.playing) {
    std::unique_ptr<State>& slot = next.deals[static_cast<std::size_t>(n++)];
    here.deals[static_cast<std::size_t>(i)]->copy_into(slot);
    slot->apply(a);
    ++states_;
  }
  return wins(step + 1, n, choices_left, bound);
}

}  // namespace ancients
