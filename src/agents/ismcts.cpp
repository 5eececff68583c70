// SO-ISMCTS (see ismcts.h).
#include "agents/ismcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/evaluation.h"

namespace ancients {

const std::vector<IsmctsLevel>& ismcts_levels() {
  static const std::vector<IsmctsLevel> levels = {
      {"easy", 1000}, {"normal", 100000}, {"hard", 400000}};
  return levels;
}

IsmctsAgent::IsmctsAgent(const IsmctsConfig& config, std::uint64_t seed, std::string label)
    : config_(config), rng_(seed), label_(std::move(label)) {
  legal_.reserve(1024);
  untried_.reserve(1024);
}

std::uint32_t IsmctsAgent::add_child(std::uint32_t parent, Action a, int player) {
  const auto index = static_cast<std::uint32_t>(nodes_.size());
  Node n;
  n.action = a;
  n.parent = parent;
  n.player = static_cast<std::int8_t>(player);
  n.next_sibling = nodes_[parent].first_child;
  nodes_.push_back(n);
  nodes_[parent].first_child = index;
  return index;
}

std::uint32_t IsmctsAgent::select_child(std::uint32_t parent, ActionSet* legal) {
  std::uint32_t best = 0;
  double best_score = -1e300;
  for (std::uint32_t c = nodes_[parent].first_child; c != 0; c = nodes_[c].next_sibling) {
    Node& ch = nodes_[c];
    if (legal != nullptr && legal->find(ch.action) == nullptr) continue;
    ++ch.available;
    const double score =
        ch.total / ch.visits +
        config_.exploration * std::sqrt(std::log(static_cast<double>(ch.available)) / ch.visits);
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

void IsmctsAgent::iterate(const PlayerView& view) {
  const auto state = view.sample(rng_);
  State& s = *state;
  std::uint32_t node = 0;
  bool expanded = false;
  // The root: the acting player's legal actions are the same in every determinization (the
  // view's, see PlayerView::legal_actions), so they are listed once per decision.
  if (!root_untried_.empty() && (nodes_.size() < config_.max_nodes || nodes_[0].first_child == 0)) {
    const std::uint32_t i = rng_.below(static_cast<std::uint32_t>(root_untried_.size()));
    const Action a = root_untried_[i];
    root_untried_[i] = root_untried_.back();
    root_untried_.pop_back();
    node = add_child(0, a, view.player());
    expanded = true;
  } else {
    node = select_child(0, nullptr);
  }
  s.apply(nodes_[node].action);
  // Selection and expansion below the root.
  while (!expanded && !s.is_over()) {
    s.legal_actions(legal_);
    const int p = s.to_act();
    set_.clear();
    for (const Action a : legal_) set_.insert(a);
    for (std::uint32_t c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling) {
      bool* mark = set_.find(nodes_[c].action);
      if (mark != nullptr) *mark = true;
    }
    untried_.clear();
    for (const Action a : legal_)
      if (!*set_.find(a)) untried_.push_back(a);
    if (!untried_.empty()) {
      if (nodes_.size() >= config_.max_nodes) break;  // the tree is full: roll out from here
      const Action a = untried_[rng_.below(static_cast<std::uint32_t>(untried_.size()))];
      node = add_child(node, a, p);
      s.apply(a);
      break;
    }
    // Every legal action has a child: UCB over the available ones.
    node = select_child(node, &set_);
    s.apply(nodes_[node].action);
  }
  // Rollout, cut at the depth and scored by the evaluation.
  for (int d = 0; d < config_.rollout_depth && !s.is_over(); ++d) {
    s.legal_actions(legal_);
    s.apply(legal_[rng_.below(static_cast<std::uint32_t>(legal_.size()))]);
  }
  const double v1 = evaluate(s, 1);  // player 1's side; player 2's is its negation
  // Backpropagation.
  for (std::uint32_t n = node; n != 0; n = nodes_[n].parent) {
    Node& nd = nodes_[n];
    ++nd.visits;
    nd.total += nd.player == 1 ? v1 : -v1;
  }
  ++nodes_[0].visits;
}

Action IsmctsAgent::choose(const PlayerView& view) {
  stats_ = SearchStats{};
  ActionList root_legal;
  view.legal_actions(root_legal);
  if (root_legal.size() == 1) {
    stats_.nodes = 1;
    return root_legal[0];
  }
  const auto t0 = std::chrono::steady_clock::now();
  nodes_.clear();
  if (nodes_.capacity() == 0)
    nodes_.reserve(std::min<std::uint64_t>(config_.max_nodes, config_.iterations + 16));
  nodes_.push_back(Node{});
  nodes_[0].player = static_cast<std::int8_t>(3 - view.player());
  root_untried_ = root_legal;
  const bool timed = config_.seconds > 0;
  std::uint64_t it = 0;
  for (;; ++it) {
    if ((it & 63) == 0 && it > 0 && (stop_ != nullptr || max_seconds_ > 0)) {
      if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) break;
      if (max_seconds_ > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >=
              max_seconds_)
        break;
    }
    if (timed) {
      if ((it & 63) == 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >=
              config_.seconds &&
          it > 0)
        break;
    } else if (it >= config_.iterations) {
      break;
    }
    iterate(view);
  }
  // The most visited root action that is legal in the view (ties: the first found).
  ActionSet& legal = set_;
  legal.clear();
  for (const Action a : root_legal) legal.insert(a);
  std::uint32_t best = 0;
  for (std::uint32_t c = nodes_[0].first_child; c != 0; c = nodes_[c].next_sibling)
    if (legal.find(nodes_[c].action) != nullptr &&
        (best == 0 || nodes_[c].visits > nodes_[best].visits))
      best = c;
  stats_.searched = true;
  stats_.iterations = it;
  stats_.nodes = nodes_.size();
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (best == 0) return root_legal[0];
  stats_.root_visits = nodes_[best].visits;
  stats_.value = nodes_[best].visits ? nodes_[best].total / nodes_[best].visits : 0.0;
  return nodes_[best].action;
}

std::string IsmctsAgent::last_reason() const {
  if (!stats_.searched) return "only legal action";
  return fmt::format("win chance {:.0f}%, {} iterations", 50.0 * (stats_.value + 1.0),
                     stats_.iterations);
}

}  // namespace ancients
