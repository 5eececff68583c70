// SO-ISMCTS (see ismcts.h).
#include "agents/ismcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
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
  available_.reserve(1024);
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

namespace {

/// ln(n) for the availability counts of UCB: a table for small counts (the common case, and
/// a log per child per selection is a large share of the tree's time), std::log above it.
class LogTable {
 public:
  LogTable() {
    for (std::size_t n = 1; n < kSize; ++n) table_[n] = std::log(static_cast<double>(n));
  }
  double operator()(std::uint32_t n) const {
    return n < kSize ? table_[n] : std::log(static_cast<double>(n));
  }

 private:
  static constexpr std::size_t kSize = 1 << 14;
  std::array<double, kSize> table_{};
};

const LogTable& ln_table() {
  static const LogTable table;
  return table;
}

}  // namespace

double IsmctsAgent::ucb(Node& child) const {
  ++child.available;
  return child.total / child.visits +
         config_.exploration * std::sqrt(ln_table()(child.available) / child.visits);
}

std::uint32_t IsmctsAgent::select_child(const std::uint32_t* children, std::size_t count) {
  std::uint32_t best = 0;
  double best_score = -1e300;
  for (std::size_t i = 0; i < count; ++i) {
    const double score = ucb(nodes_[children[i]]);
    if (score > best_score) {
      best_score = score;
      best = children[i];
    }
  }
  return best;
}

std::uint32_t IsmctsAgent::select_root_child() {
  // The root's actions are legal in every determinization: every child is available.
  std::uint32_t best = 0;
  double best_score = -1e300;
  for (std::uint32_t c = nodes_[0].first_child; c != 0; c = nodes_[c].next_sibling) {
    const double score = ucb(nodes_[c]);
    if (score > best_score) {
      best_score = score;
      best = c;
    }
  }
  return best;
}

bool IsmctsAgent::mark_available(std::uint32_t node, int player) {
  available_.clear();
  untried_.clear();
  const std::size_t n = legal_.size();
  if (n <= kSmallList) {
    // Few legal actions (most of Ancient Generals' one-card steps): linear scans beat hashing.
    std::array<bool, kSmallList> has{};
    for (std::uint32_t c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling) {
      if (nodes_[c].player != player) continue;
      for (std::size_t i = 0; i < n; ++i)
        if (legal_[i] == nodes_[c].action) {
          has[i] = true;
          available_.push_back(c);
          break;
        }
    }
    if (available_.size() == n) return true;
    for (std::size_t i = 0; i < n; ++i)
      if (!has[i]) untried_.push_back(legal_[i]);
    return false;
  }
  set_.clear();
  for (const Action a : legal_) set_.insert(a);
  for (std::uint32_t c = nodes_[node].first_child; c != 0; c = nodes_[c].next_sibling) {
    if (nodes_[c].player != player) continue;
    bool* mark = set_.find(nodes_[c].action);
    if (mark != nullptr) {
      *mark = true;
      available_.push_back(c);
    }
  }
  if (available_.size() == n) return true;
  for (const Action a : legal_)
    if (!*set_.find(a)) untried_.push_back(a);
  return false;
}

int IsmctsAgent::guided_rollout(State& s, int actions) {
  int played = 0;
  for (int d = 0; d < actions && !s.is_over(); ++d) {
    s.legal_actions(legal_);
    Action chosen = legal_[0];
    if (legal_.size() > 1) {
      const int p = s.to_act();
      double best = -2.0;
      for (const Action a : legal_) {
        s.copy_into(scratch_);  // reuses one state: no allocation per action
        scratch_->apply(a);
        const double v = evaluate_with(evaluator_, *scratch_, p);
        if (v > best) {
          best = v;
          chosen = a;
        }
      }
    }
    s.apply(chosen);
    ++played;
  }
  return played;
}

void IsmctsAgent::iterate(const PlayerView& view) {
  if (config_.fixed_deal) {
    Rng deal = deal_rng_;  // the same deal every iteration, without keeping a copy of it
    view.sample_into(det_, deal);
  } else {
    view.sample_into(det_, rng_);
  }
  State& s = *det_;
  if (guided_ < 0) guided_ = evaluation_hints(s.game()).guided_rollout;
  if (!evaluator_known_) {
    evaluator_ = find_evaluation(s.game());
    evaluator_known_ = true;
  }
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
    node = select_root_child();
  }
  s.apply(nodes_[node].action);
  int actions = 1;  // actions played from the root in this iteration
  // Selection and expansion below the root.
  while (!expanded && !s.is_over()) {
    s.legal_actions(legal_);
    const int p = s.to_act();
    if (config_.skip_forced && legal_.size() == 1) {
      s.apply(legal_[0]);
      ++actions;  // a forced action gets no node
      continue;
    }
    if (!mark_available(node, p)) {
      if (nodes_.size() >= config_.max_nodes) break;  // the tree is full: roll out from here
      const Action a = untried_[rng_.below(static_cast<std::uint32_t>(untried_.size()))];
      node = add_child(node, a, p);
      s.apply(a);
      ++actions;
      break;
    }
    // Every legal action has a child: UCB over the available ones.
    node = select_child(available_.data(), available_.size());
    s.apply(nodes_[node].action);
    ++actions;
  }
  // Forced actions after the leaf are played before it is scored (a battle resolves, a window
  // with nothing to play closes), as they would be in any game from there.
  for (int guard = 0; config_.skip_forced && guard < kForcedLimit && !s.is_over(); ++guard) {
    s.legal_actions(legal_);
    if (legal_.size() != 1) break;
    s.apply(legal_[0]);
    ++actions;
  }
  // Rollout: guided, then random, cut at the depth and scored by the evaluation.
  actions += guided_rollout(s, guided_);
  for (int d = 0; d < config_.rollout_depth && !s.is_over(); ++d) {
    s.legal_actions(legal_);
    s.apply(legal_[rng_.below(static_cast<std::uint32_t>(legal_.size()))]);
    ++actions;
  }
  double v1 = evaluate_with(evaluator_, s, 1);  // side 1's value; side 2's is its negation
  // With guided rollouts (which finish many games) a finished game scores a little less the
  // more actions from the root it took, so that a win in a few actions is preferred to one
  // that needs more (a pimc deal where both win would otherwise pick either), and a loss
  // later to a loss sooner. It stays above any unfinished position (0.9).
  if (guided_ > 0 && s.is_over()) v1 *= 1.0 - kLateEnd * std::min(actions, kLateEndCap);
  // Backpropagation: each node's value from the side of the player who chose it (in a
  // multiplayer battle several players share a side and its reward).
  const bool sides = s.player_count() > 2;
  for (std::uint32_t n = node; n != 0; n = nodes_[n].parent) {
    Node& nd = nodes_[n];
    ++nd.visits;
    const int side = sides ? s.side_of(nd.player) : nd.player;
    nd.total += side == 1 ? v1 : -v1;
  }
  ++nodes_[0].visits;
}

Action IsmctsAgent::choose(const PlayerView& view) {
  stats_ = SearchStats{};
  ActionList root_legal;
  sensible_actions(view, root_legal);
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
  if (config_.fixed_deal) deal_rng_ = Rng(rng_());
  guided_ = config_.guided_rollout;  // -1: read from the game's hints at the first iteration
  evaluator_known_ = false;          // likewise the evaluation
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
