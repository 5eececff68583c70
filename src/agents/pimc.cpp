// The PIMC agent (see pimc.h).
#include "agents/pimc.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

namespace ancients {
namespace {

IsmctsConfig per_deal(IsmctsConfig c, int deals) {
  c.fixed_deal = true;
  c.sure_win_states = 0;  // the pimc agent looks once, after the vote
  const auto n = static_cast<std::uint64_t>(deals);
  c.iterations = std::max<std::uint64_t>(1, c.iterations / n);
  if (c.seconds > 0) c.seconds /= deals;
  return c;
}

}  // namespace

PimcAgent::PimcAgent(const IsmctsConfig& config, int deals, std::uint64_t seed, std::string label)
    : config_(config),
      sure_win_rng_(sure_win_stream(seed)),
      deals_(std::max(1, deals)),
      search_(per_deal(config, std::max(1, deals)), seed, "pimc-deal"),
      label_(std::move(label)) {}

void PimcAgent::set_stop(const std::atomic<bool>* stop, double max_seconds) {
  stop_ = stop;
  search_.set_stop(stop, max_seconds > 0 ? max_seconds / deals_ : 0);
}

Action PimcAgent::choose(const PlayerView& view) {
  iterations_ = 0;
  searched_ = 0;
  sensible_actions(view, legal_);
  if (legal_.size() == 1) {
    reason_ = "only legal action";
    return legal_[0];
  }
  voted_.clear();
  votes_.clear();
  value_.clear();
  const auto stopped = [this] {
    return stop_ != nullptr && stop_->load(std::memory_order_relaxed);
  };
  for (int d = 0; d < deals_ && (d == 0 || !stopped()); ++d) {
    const Action a = search_.choose(view);
    ++searched_;
    iterations_ += search_.stats().iterations;
    const auto it = std::find(voted_.begin(), voted_.end(), a);
    const auto k = static_cast<std::size_t>(it - voted_.begin());
    if (it == voted_.end()) {
      voted_.push_back(a);
      votes_.push_back(0);
      value_.push_back(0.0);
    }
    ++votes_[k];
    value_[k] += search_.stats().value;
  }
  std::size_t best = 0;
  for (std::size_t k = 1; k < voted_.size(); ++k)
    if (votes_[k] > votes_[best] || (votes_[k] == votes_[best] && value_[k] > value_[best]))
      best = k;
  const double value = value_[best] / votes_[best];
  reason_.clear();  // written into its kept capacity: no allocation once it is large enough
  fmt::format_to(std::back_inserter(reason_), "{} of {} deals, win chance {:.0f}%", votes_[best],
                 searched_, 50.0 * (value + 1.0));
  if (stopped()) return voted_[best];  // no look for a sure win either
  if (const auto win = find_sure_win(sure_win_, view, legal_, config_, value, sure_win_rng_)) {
    reason_ = sure_win_reason(sure_win_.plan_steps()) + "; " + reason_;
    return *win;
  }
  return voted_[best];
}

}  // namespace ancients
