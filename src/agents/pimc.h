// Perfect-information Monte Carlo (PIMC; Levy 1989, Ginsberg's GIB 2001): a baseline for
// ISMCTS. For each decision it draws a number of determinizations (deals) from the player's
// view, searches each as if its cards were open with a plain UCT search (ISMCTS with one fixed
// deal, so the same evaluation, expansion and budget units), and lets the deals vote: the
// action chosen by most deals wins, ties going to the higher summed value. Known weaknesses
// (strategy fusion, non-locality) are what ISMCTS was designed against; see docs/agents.md.
// When the vote's action is rated a likely win, it looks once for a sure win (sure_win.h).
#pragma once

#include <string>
#include <vector>

#include "agents/ismcts.h"

namespace ancients {

class PimcAgent final : public Agent {
 public:
  /// `config` is the whole budget per decision (iterations or seconds), split evenly over
  /// `deals` searches of one deal each.
  PimcAgent(const IsmctsConfig& config, int deals, std::uint64_t seed, std::string label);
  std::string name() const override { return label_; }
  Action choose(const PlayerView& view) override;
  std::string last_reason() const override { return reason_; }
  /// Iterations spent on the last decision, all deals together.
  std::uint64_t last_iterations() const { return iterations_; }
  /// Deals searched for the last decision: fewer than asked when the stop flag ended it.
  int last_deals() const { return searched_; }
  /// The stop flag ends the decision after the deal being searched; the cap on one decision's
  /// time is shared evenly by its deals.
  void set_stop(const std::atomic<bool>* stop, double max_seconds) override;
  void release_memory() override {
    search_.release_memory();
    sure_win_.release_memory();
  }
  std::size_t held_bytes() const override { return search_.held_bytes(); }

 private:
  IsmctsConfig config_;  ///< the whole budget (search_ has one deal's share)
  SureWinFinder sure_win_;
  Rng sure_win_rng_;  ///< the look's deals: apart from the searches' stream
  int deals_;
  IsmctsAgent search_;
  std::string label_;
  std::string reason_;
  std::uint64_t iterations_ = 0;
  int searched_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  ActionList legal_;
  std::vector<Action> voted_;
  std::vector<int> votes_;
  std::vector<double> value_;
};

/// The deals per decision of pimc's levels (every level: the same number of deals).
inline constexpr int kPimcDeals = 10;

}  // namespace ancients
