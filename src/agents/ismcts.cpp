// SO-ISMCTS (see ismcts.h).
#include "agents/ismcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <cmath>
#include <functional>
#include <optional>

#include "core/evaluation.h"

namespace ancients {

const std::vector<IsmctsLevel>& ismcts_levels() {
  static const std::vector<IsmctsLevel> levels = {
      {"easy", 1000}, {"normal", 100000}, {"hard", 400000}};
  return levels;
}

/// The factors of UCB for small counts, so that scoring a child needs no division, square
/// root or logarithm (they were a large share of the tree's time): 1/n and 1/sqrt(n) for a
/// visit count, side by side, and sqrt(ln(n)) for an availability count. Above the tables'
/// size they come from the agent's LargeCounts, out of line, so that the usual path saves no
/// registers.
class IsmctsAgent::UcbTables {
 public:
  UcbTables() {
    for (std::size_t n = 1; n < kSize; ++n) {
      const double x = static_cast<double>(n);
      visits_[n] = {1.0 / x, 1.0 / std::sqrt(x)};
      sqrt_ln_[n] = std::sqrt(std::log(x));
    }
  }
  /// 1/n and 1/sqrt(n), in one cache line.
  struct Inverses {
    double inverse = 0, inverse_sqrt = 0;
  };
  Inverses visits(std::uint32_t n, LargeCounts& large) const;
  double sqrt_ln(std::uint32_t n, LargeCounts& large) const;
  static Inverses computed_visits(std::uint32_t n) {
    const double x = static_cast<double>(n);
    return {1.0 / x, 1.0 / std::sqrt(x)};
  }
  static double computed_sqrt_ln(std::uint32_t n) {
    return std::sqrt(std::log(static_cast<double>(n)));
  }
  static constexpr std::size_t kSize = 1 << 14;

 private:
  std::array<Inverses, kSize> visits_{};
  std::array<double, kSize> sqrt_ln_{};
};

/// UCB's factors for counts above the tables (searches of more than 16,384 iterations), each
/// agent's own: the last value worked out for each of 1,024 slots of counts, as a count moves
/// by one at a time (every root edge's availability grows by one an iteration, so one root
/// selection asks for a run of neighbouring counts that the last one mostly asked for too).
/// The same doubles as computing each (the same formulas): a logarithm per child scored was
/// 4 % of a Warfare search's instructions at 100,000 iterations.
class IsmctsAgent::LargeCounts {
 public:
  UcbTables::Inverses visits(std::uint32_t n) {
    const VisitsSlot& slot = visits_[n & (kSlots - 1)];
    if (slot.n == n) [[likely]]
      return slot.value;
    return new_visits(n);
  }
  double sqrt_ln(std::uint32_t n) {
    const SqrtLnSlot& slot = sqrt_ln_[n & (kSlots - 1)];
    if (slot.n == n) [[likely]]
      return slot.value;
    return new_sqrt_ln(n);
  }

 private:
  static constexpr std::uint32_t kSlots = 1024;
  struct VisitsSlot {
    std::uint32_t n = 0;  ///< 0: empty (the counts asked for are above the tables)
    UcbTables::Inverses value;
  };
  struct SqrtLnSlot {
    std::uint32_t n = 0;
    double value = 0;
  };
  [[gnu::noinline]] UcbTables::Inverses new_visits(std::uint32_t n) {
    VisitsSlot& slot = visits_[n & (kSlots - 1)];
    slot = {n, UcbTables::computed_visits(n)};
    return slot.value;
  }
  [[gnu::noinline]] double new_sqrt_ln(std::uint32_t n) {
    SqrtLnSlot& slot = sqrt_ln_[n & (kSlots - 1)];
    slot = {n, UcbTables::computed_sqrt_ln(n)};
    return slot.value;
  }
  std::array<VisitsSlot, kSlots> visits_{};
  std::array<SqrtLnSlot, kSlots> sqrt_ln_{};
};

inline IsmctsAgent::UcbTables::Inverses IsmctsAgent::UcbTables::visits(std::uint32_t n,
                                                                       LargeCounts& large) const {
  if (n < kSize) [[likely]]
    return visits_[n];
  return large.visits(n);
}

inline double IsmctsAgent::UcbTables::sqrt_ln(std::uint32_t n, LargeCounts& large) const {
  if (n < kSize) [[likely]]
    return sqrt_ln_[n];
  return large.sqrt_ln(n);
}

namespace {

/// Built by the first agent (a third of a millisecond); each agent keeps a pointer to it, so
/// that ucb() reads it without the guard of a function's static.
const IsmctsAgent::UcbTables& shared_ucb_tables() {
  static const IsmctsAgent::UcbTables tables;
  return tables;
}

}  // namespace

IsmctsAgent::IsmctsAgent(const IsmctsConfig& config, std::uint64_t seed, std::string label)
    : config_(config),
      rng_(seed),
      label_(std::move(label)),
      ucb_tables_(&shared_ucb_tables()),
      large_counts_(std::make_unique<LargeCounts>()),
      sure_win_rng_(sure_win_stream(seed)) {
  legal_.reserve(1024);
  untried_.reserve(1024);
  available_.reserve(1024);
}

IsmctsAgent::~IsmctsAgent() = default;

std::uint32_t IsmctsAgent::add_edge(std::uint32_t parent, Action a, int player,
                                    std::size_t expected) {
  const auto child = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back(Node{});
  Node& n = nodes_[parent];
  if (n.count == n.capacity) {
    // A new block at the end: room for 4 edges at first (or the legal actions, if fewer),
    // as most nodes never get more, then twice the old one; the old block is left unused
    // until the next decision. (Blocks sized for every legal action at once held 40 % more
    // memory at 100,000 iterations and more, and the search ran 5 % slower.)
    const auto capacity = static_cast<std::uint32_t>(
        n.capacity == 0 ? std::clamp<std::size_t>(expected, 1, kFirstBlock)
                        : 2 * std::size_t{n.capacity});
    const auto first = static_cast<std::uint32_t>(edges_.size());
    edges_.resize(edges_.size() + capacity);
    std::copy_n(edges_.begin() + n.first, n.count, edges_.begin() + first);
    n.first = first;
    n.capacity = capacity;
  }
  const std::uint32_t place = n.count++;
  const std::uint32_t index = n.first + place;
  Edge& e = edges_[index];
  e = Edge{};
  e.action = a;
  e.node = child;
  e.player = static_cast<std::int8_t>(player);
  e.bucket = action_bucket(a, player);
  if (n.index != kNoIndex) {
    if (n.count > kIndexedEdges) {
      n.index = kNoIndex;  // too many for the chains' 16 bits: scanned from now on
    } else {
      std::uint16_t& head = bucket_heads_[64 * std::size_t{n.index} + e.bucket];
      e.next_in_bucket = head;
      head = static_cast<std::uint16_t>(place + 1);
    }
  } else if (n.count == kIndexFrom) {
    make_index(parent);
  }
  return index;
}

void IsmctsAgent::make_index(std::uint32_t node) {
  static_assert(sizeof(Edge) == 32, "an edge's bucket and chain live in its padding");
  Node& n = nodes_[node];
  n.index = static_cast<std::uint32_t>(bucket_heads_.size() / 64);
  bucket_heads_.resize(bucket_heads_.size() + 64, 0);
  std::uint16_t* heads = &bucket_heads_[64 * std::size_t{n.index}];
  for (std::uint32_t place = 0; place < n.count; ++place) {  // oldest first: newest at the head
    Edge& e = edges_[n.first + place];
    e.next_in_bucket = heads[e.bucket];
    heads[e.bucket] = static_cast<std::uint16_t>(place + 1);
  }
}

[[gnu::always_inline]] inline double IsmctsAgent::ucb(Edge& edge) const {
  // total / visits + c * sqrt(ln(available) / visits), with the tables' factors.
  ++edge.available;
  const UcbTables& t = *ucb_tables_;
  const UcbTables::Inverses v = t.visits(edge.visits, *large_counts_);
  return edge.total * v.inverse +
         config_.exploration * t.sqrt_ln(edge.available, *large_counts_) * v.inverse_sqrt;
}

std::uint32_t IsmctsAgent::select_edge(const std::uint32_t* edges, std::size_t count) {
  std::uint32_t best = 0;
  double best_score = -1e300;
  for (std::size_t i = 0; i < count; ++i) {
    const double score = ucb(edges_[edges[i]]);
    if (score > best_score) {
      best_score = score;
      best = edges[i];
    }
  }
  return best;
}

std::uint32_t IsmctsAgent::select_all_edges(std::uint32_t node) {
  // Every edge is available: newest first, as mark_available lists them.
  const Node& n = nodes_[node];
  std::uint32_t best = 0;
  double best_score = -1e300;
  for (std::uint32_t e = n.first + n.count; e-- > n.first;) {
    const double score = ucb(edges_[e]);
    if (score > best_score) {
      best_score = score;
      best = e;
    }
  }
  return best;
}

bool IsmctsAgent::decided(std::uint64_t left) const {
  // The final choice is the most visited root action (ties: the newest edge). An action not
  // yet tried has no visits, so the second most visited edge bounds every other action.
  std::uint32_t most = 0, second = 0;
  const Node& root = nodes_[0];
  for (std::uint32_t e = root.first; e < root.first + root.count; ++e) {
    const std::uint32_t v = edges_[e].visits;
    if (v > most) {
      second = most;
      most = v;
    } else if (v > second) {
      second = v;
    }
  }
  return most > second + left;
}

void IsmctsAgent::list_at_node(std::uint32_t node, const State& s) {
  Node& n = nodes_[node];
  if (n.legal_count != kNotListed) {
    const auto first = legal_cache_.begin() + n.legal_first;
    legal_.assign(first, first + n.legal_count);
#ifndef NDEBUG
    s.legal_actions(debug_list_);  // a kept list: debug builds allocate nothing here either
    assert(debug_list_ == legal_ && "State::chance_events broke its promise");
#endif
    return;
  }
  s.legal_actions(legal_);
  if (legal_.size() < 2) return;  // a forced action: played without a node, not kept
  n.legal_first = static_cast<std::uint32_t>(legal_cache_.size());
  n.legal_count = static_cast<std::uint32_t>(legal_.size());
  legal_cache_.insert(legal_cache_.end(), legal_.begin(), legal_.end());
}

bool IsmctsAgent::mark_available(std::uint32_t node, int player) {
  if (legal_.size() <= kSmallList && nodes_[node].index != kNoIndex) {
    const bool all = mark_available_indexed(node, player);
#ifndef NDEBUG
    // Debug builds check the index against the scan (into kept lists: no allocation).
    debug_available_ = available_;
    debug_untried_ = untried_;
    const bool scanned = mark_available_scanned(node, player);
    // (When some action has no edge, the search reads only the untried ones.)
    assert(scanned == all && (all ? debug_available_ == available_ : debug_untried_ == untried_) &&
           "the index of a node's edges is wrong");
#endif
    return all;
  }
  return mark_available_scanned(node, player);
}

bool IsmctsAgent::mark_available_scanned(std::uint32_t node, int player) {
  const std::size_t n = legal_.size();
  available_.clear();
  untried_.clear();
  if (n <= kSmallList) {
    // Few legal actions (most of Ancient Generals' one-card steps): a scan of the node's edges
    // beats the hash set below. Most of those edges are actions of other deals (another hand):
    // a mask of the legal actions' buckets passes over nearly all of them uncompared.
    std::uint64_t buckets = 0;
    for (std::size_t i = 0; i < n; ++i)
      buckets |= std::uint64_t{1} << action_bucket(legal_[i], player);
    std::uint32_t has = 0;  // bit i: legal_[i] has an edge
    const Node& nd = nodes_[node];
    for (std::uint32_t e = nd.first + nd.count; e-- > nd.first;) {
      const Edge& edge = edges_[e];
      if (((buckets >> edge.bucket) & 1U) == 0 || edge.player != player) continue;
      for (std::size_t i = 0; i < n; ++i)
        if (legal_[i] == edge.action) {
          has |= 1U << i;
          available_.push_back(e);
          break;
        }
      if (available_.size() == n) return true;  // every legal action found: no more to see
    }
    for (std::size_t i = 0; i < n; ++i)
      if (((has >> i) & 1U) == 0) untried_.push_back(legal_[i]);
    return false;
  }
  set_.clear();
  for (const Action a : legal_) set_.insert(a);
  const Node& nd = nodes_[node];
  for (std::uint32_t e = nd.first + nd.count; e-- > nd.first;) {
    if (edges_[e].player != player) continue;
    bool* mark = set_.find(edges_[e].action);
    if (mark != nullptr) {
      *mark = true;
      available_.push_back(e);
      if (available_.size() == n) return true;
    }
  }
  for (const Action a : legal_)
    if (!*set_.find(a)) untried_.push_back(a);
  return false;
}

bool IsmctsAgent::mark_available_indexed(std::uint32_t node, int player) {
  // The same lists as the scan: available_ newest edge first, untried_ in the legal order.
  available_.clear();
  untried_.clear();
  const std::size_t n = legal_.size();
  assert(n <= kSmallList);
  std::uint32_t has = 0;  // bit i: legal_[i] has an edge
  const Node& nd = nodes_[node];
  const Edge* block = edges_.data() + nd.first;
  const std::uint16_t* heads = bucket_heads_.data() + 64 * std::size_t{nd.index};
  for (std::size_t i = 0; i < n; ++i) {
    const Action a = legal_[i];
    for (std::uint32_t at = heads[action_bucket(a, player)]; at != 0;
         at = block[at - 1].next_in_bucket) {
      const Edge& e = block[at - 1];
      if (e.action == a && e.player == player) {
        available_.push_back(nd.first + at - 1);
        has |= 1U << i;
        break;
      }
    }
  }
  if (available_.size() == n) {
    std::sort(available_.begin(), available_.end(), std::greater<>());
    return true;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (((has >> i) & 1U) == 0) untried_.push_back(legal_[i]);
  return false;
}

int IsmctsAgent::guided_rollout(std::unique_ptr<State>& slot, int actions) {
  if (guided_play_ != nullptr) return guided_play_(*slot, actions, legal_);  // the game's loop
  int played = 0;
  for (int d = 0; d < actions && !slot->is_over(); ++d) {
    State& s = *slot;
    s.legal_actions(legal_);
    if (legal_.size() == 1)
      s.apply(legal_[0]);
    else
      guided_step_played(slot);
    ++played;
  }
  return played;
}

void IsmctsAgent::guided_step_played(std::unique_ptr<State>& slot) {
  // Each action but the last is tried on a copy (into reused states: no allocation), the best
  // result kept in best_; the last is played on the state itself. The best result then takes
  // the state's place, so no action is applied twice and one copy is saved.
  State& s = *slot;
  const int p = s.to_act();
  double best = -2.0 * kFinishedOrder;
  const std::size_t last = legal_.size() - 1;
  for (std::size_t i = 0; i < last; ++i) {
    s.copy_into(trial_);
    trial_->apply(legal_[i]);
    const double v = order_with(order_, *trial_, p);
    if (v > best) {  // ties: the first in the legal order
      best = v;
      trial_.swap(best_);
    }
  }
  s.apply(legal_[last]);
  if (!(order_with(order_, s, p) > best)) slot.swap(best_);
}

void IsmctsAgent::iterate(const PlayerView& view) {
  if (config_.fixed_deal) {
    Rng deal = deal_rng_;  // the same deal every iteration, without keeping a copy of it
    view.sample_into(det_, deal);
  } else {
    view.sample_into(det_, rng_);
  }
  State& s = *det_;
  if (!evaluator_known_) {
    const EvaluationHints hints = evaluation_hints(s.game());
    if (guided_ < 0) guided_ = hints.guided_rollout;
    evaluator_ = find_evaluation(s.game());
    order_ = hints.order != nullptr ? hints.order : evaluator_;
    guided_play_ = hints.guided_play;
    evaluator_known_ = true;
  }
  bool expanded = false;
  path_.clear();
  // Below the root, a node reached by the searching player's own actions alone, with no chance
  // event since the root, offers the same legal actions in every determinization: listed once.
  const int me = view.player();
  const std::uint64_t chance = s.chance_events();
  bool own_path = chance != State::kUnknownChance;  // every action so far by `me`
  const auto keeps_list = [&] {
    return own_path && s.to_act() == me && s.chance_events() == chance;
  };
  // The root: the acting player's legal actions are the same in every determinization (the
  // view's, see PlayerView::legal_actions), so they are listed once per decision.
  std::uint32_t edge = 0;
  if (!root_untried_.empty() && (nodes_.size() < config_.max_nodes || nodes_[0].count == 0)) {
    const std::uint32_t i = rng_.below(static_cast<std::uint32_t>(root_untried_.size()));
    const Action a = root_untried_[i];
    root_untried_[i] = root_untried_.back();
    root_untried_.pop_back();
    edge = add_edge(0, a, view.player(), root_untried_.size() + 1);
    expanded = true;
  } else {
    edge = select_all_edges(0);  // the root's actions are legal in every determinization
  }
  path_.push_back(edge);
  s.apply(edges_[edge].action);
  int actions = 1;  // actions played from the root in this iteration
  // Selection and expansion below the root.
  std::uint32_t listed_at = kNotListed;  // the node of this iteration's last listing
  while (!expanded && !s.is_over()) {
    const int p = s.to_act();
    const std::uint32_t node = edges_[edge].node;
    own_path = own_path && p == me;
    // Only the first listing at a node: forced actions played there change the position.
    if (listed_at != node && keeps_list()) {
      const Node& nd = nodes_[node];
      if (nd.legal_count != kNotListed && nd.count == nd.legal_count) {
        // Its kept list, the same in every determinization, has an edge for every action:
        // all are available, so neither the list nor the scan for them is needed.
#ifndef NDEBUG
        list_at_node(node, s);
        assert(mark_available(node, p) && available_.size() == nd.count);
#endif
        listed_at = node;
        edge = select_all_edges(node);
        path_.push_back(edge);
        s.apply(edges_[edge].action);
        ++actions;
        continue;
      }
      list_at_node(node, s);
    } else {
      s.legal_actions(legal_);
    }
    listed_at = node;
    if (config_.skip_forced && legal_.size() == 1) {
      s.apply(legal_[0]);
      ++actions;  // a forced action gets no node
      continue;
    }
    if (!mark_available(node, p)) {
      if (nodes_.size() >= config_.max_nodes) break;  // the tree is full: roll out from here
      const Action a = untried_[rng_.below(static_cast<std::uint32_t>(untried_.size()))];
      edge = add_edge(node, a, p, legal_.size());
      path_.push_back(edge);
      s.apply(a);
      ++actions;
      expanded = true;
      break;
    }
    // Every legal action has an edge: UCB over the available ones.
    edge = select_edge(available_.data(), available_.size());
    path_.push_back(edge);
    s.apply(edges_[edge].action);
    ++actions;
  }
  // Forced actions after the leaf are played before it is scored (a battle resolves, a window
  // with nothing to play closes), as they would be in any game from there.
  // The new node's first listing is kept with it where a later visit could reuse it.
  // A state that surely offers a choice (State::has_choice) is not listed.
  for (int guard = 0; config_.skip_forced && guard < kForcedLimit && !s.is_over(); ++guard) {
    if (guard == 0 && expanded && keeps_list()) {
      list_at_node(edges_[edge].node, s);
    } else {
      if (s.has_choice()) break;
      s.legal_actions(legal_);
    }
    if (legal_.size() != 1) break;
    s.apply(legal_[0]);
    ++actions;
  }
  // Rollout: guided, then random, cut at the depth and scored by the evaluation.
  actions += guided_rollout(det_, guided_);
  State& end = *det_;  // the guided rollout may have put another state in the slot
  for (int d = 0; d < config_.rollout_depth && !end.is_over(); ++d) {
    end.legal_actions(legal_);
    end.apply(legal_[rng_.below(static_cast<std::uint32_t>(legal_.size()))]);
    ++actions;
  }
  double v1 = evaluate_with(evaluator_, end, 1);  // side 1's value; side 2's is its negation
  // With guided rollouts (which finish many games) a finished game scores a little less the
  // more actions from the root it took, so that a win in a few actions is preferred to one
  // that needs more (a pimc deal where both win would otherwise pick either), and a loss
  // later to a loss sooner. It stays above any unfinished position (0.9).
  if (guided_ > 0 && end.is_over()) v1 *= 1.0 - kLateEnd * std::min(actions, kLateEndCap);
  // Backpropagation: each node's value from the side of the player who chose it (in a
  // multiplayer battle several players share a side and its reward).
  const bool sides = end.player_count() > 2;
  for (const std::uint32_t e : path_) {
    Edge& ed = edges_[e];
    ++ed.visits;
    const int side = sides ? end.side_of(ed.player) : ed.player;
    ed.total += side == 1 ? v1 : -v1;
  }
}

Action IsmctsAgent::choose(const PlayerView& view) {
  stats_ = SearchStats{};
  ActionList& root_legal = root_legal_;  // kept: its capacity serves the next decision
  sensible_actions(view, root_legal);
  if (root_legal.size() == 1) {
    stats_.nodes = 1;
    return root_legal[0];
  }
  const auto t0 = std::chrono::steady_clock::now();
  nodes_.clear();
  edges_.clear();
  legal_cache_.clear();
  bucket_heads_.clear();
  if (nodes_.capacity() == 0) {
    const auto expected = std::min<std::uint64_t>(config_.max_nodes, config_.iterations + 16);
    nodes_.reserve(expected);
    edges_.reserve(2 * expected);  // blocks sized for the legal actions, a few moved
    path_.reserve(256);
  }
  nodes_.push_back(Node{});
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
    } else if ((it & 63) == 0 && config_.stop_when_decided && it > 0 &&
               decided(config_.iterations - it)) {
      stats_.decided = true;
      break;
    }
    iterate(view);
  }
  // The most visited root action that is legal in the view (ties: the first found).
  ActionSet& legal = set_;
  legal.clear();
  for (const Action a : root_legal) legal.insert(a);
  constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::uint32_t best = kNone;
  const Node& root = nodes_[0];
  for (std::uint32_t e = root.first + root.count; e-- > root.first;)
    if (legal.find(edges_[e].action) != nullptr &&
        (best == kNone || edges_[e].visits > edges_[best].visits))
      best = e;
  stats_.searched = true;
  stats_.iterations = it;
  stats_.nodes = nodes_.size();
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (best == kNone) return root_legal[0];
  const Edge& chosen = edges_[best];
  stats_.root_visits = chosen.visits;
  stats_.value = chosen.visits ? chosen.total / chosen.visits : 0.0;
  // A search told to stop (the server shutting down) ends the decision without the look.
  const bool stopped = stop_ != nullptr && stop_->load(std::memory_order_relaxed);
  if (!stopped) {
    if (const auto win =
            find_sure_win(sure_win_, view, root_legal, config_, stats_.value, sure_win_rng_)) {
      stats_.sure_win_steps = sure_win_.plan_steps();
      stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      // The statistics describe the action played: its root edge's, where the search made one.
      for (std::uint32_t e = root.first; e < root.first + root.count; ++e)
        if (edges_[e].action == *win) {
          stats_.root_visits = edges_[e].visits;
          stats_.value = edges_[e].visits ? edges_[e].total / edges_[e].visits : 0.0;
        }
      return *win;
    }
  }
  return chosen.action;
}

void IsmctsAgent::release_memory() {
  // Swapped with empty vectors: clear() keeps the capacity.
  std::vector<Node>().swap(nodes_);
  std::vector<Edge>().swap(edges_);
  std::vector<Action>().swap(legal_cache_);
  std::vector<std::uint16_t>().swap(bucket_heads_);
  std::vector<std::uint32_t>().swap(path_);
  sure_win_.release_memory();
}

std::size_t IsmctsAgent::held_bytes() const {
  return nodes_.capacity() * sizeof(Node) + edges_.capacity() * sizeof(Edge) +
         legal_cache_.capacity() * sizeof(Action) +
         bucket_heads_.capacity() * sizeof(std::uint16_t);
}

std::string sure_win_reason(int steps) {
  return fmt::format("a sure win within {} action{} in every deal tried", steps,
                     steps == 1 ? "" : "s");
}

std::optional<Action> find_sure_win(SureWinFinder& finder, const PlayerView& view,
                                    const ActionList& choices, const IsmctsConfig& config,
                                    double value, Rng& rng) {
  if (value < kSureWinGate || config.sure_win_states == 0) return std::nullopt;
  SureWinLimits limits;
  const std::uint64_t scaled = config.seconds > 0 ? config.sure_win_states : 4 * config.iterations;
  limits.max_states = std::min(config.sure_win_states, std::max<std::uint64_t>(2000, scaled));
  return finder.find(view, choices, limits, rng);
}

std::string IsmctsAgent::last_reason() const {
  if (!stats_.searched) return "only legal action";
  // A search that stopped once decided says so, so that its count does not read as a cut budget.
  const std::string searched =
      stats_.decided
          ? fmt::format("win chance {:.0f}%, decided after {} of {} iterations",
                        50.0 * (stats_.value + 1.0), stats_.iterations, config_.iterations)
          : fmt::format("win chance {:.0f}%, {} iterations", 50.0 * (stats_.value + 1.0),
                        stats_.iterations);
  if (stats_.sure_win_steps == 0) return searched;
  return sure_win_reason(stats_.sure_win_steps) + "; " + searched;
}

}  // namespace ancients
