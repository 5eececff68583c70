// Single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012,
// "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)). One tree over the acting
// player's information set; every iteration searches a fresh determinization drawn from the
// player's view (PlayerView::sample), so the agent never sees the true state. Selection uses
// UCB1 with availability counts (a child's exploration term counts the visits in which its
// action was legal); nodes of both players share the tree, each scored for the player who
// acted. Rollouts play greedy-guided actions where the game's evaluation hints ask for them
// (EvaluationHints::guided_rollout: each player takes the action whose result its evaluation
// scores best), then uniformly random actions for at most `rollout_depth` actions (0 by
// default: see docs/agents.md), and are then scored by the game's evaluation
// (core/evaluation.h); a finished game scores its result. The hot loop allocates nothing: the
// determinization is dealt into one reusable state (PlayerView::sample_into), nodes and their
// blocks of edges come from pools that are reused between decisions, action lists and the
// action set are reused. When the search rates its choice a likely win, a look for a sure win
// (sure_win.h) may take a plan that wins in every deal instead. An iteration budget ends early
// once its choice is decided: when no other root action can overtake the most visited one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/action_set.h"
#include "agents/agent.h"
#include "agents/sure_win.h"
#include "core/evaluation.h"

namespace ancients {

/// The search's budget and parameters.
struct IsmctsConfig {
  std::uint64_t iterations = 10000;  ///< iteration budget per decision
  double seconds = 0;                ///< when > 0, a time budget instead of iterations
  int rollout_depth = 0;             ///< random actions played after the tree before evaluating
  /// Greedy-guided actions played after the tree (before the random ones); -1: as many as the
  /// game's evaluation hints ask for (EvaluationHints::guided_rollout).
  int guided_rollout = -1;
  double exploration = 0.5;           ///< UCB constant (rewards are in [-1, 1])
  std::uint32_t max_nodes = 4000000;  ///< the tree stops growing beyond this many nodes
  /// Search one determinization, drawn at the start of each decision, in every iteration:
  /// plain UCT on a deal seen as open (the building block of the pimc agent).
  bool fixed_deal = false;
  /// A decision with a single legal action gets no node: it is played on the way down, and
  /// after the leaf before scoring it (children are told apart by action and player).
  bool skip_forced = true;
  /// When the search rates its choice a likely win (kSureWinGate), a look for a sure win
  /// (agents/sure_win.h), which is played if found: at most this many states, and no more
  /// than 4 per iteration of the budget (2,000 at least); 0: no look.
  std::uint64_t sure_win_states = 20000;
  /// With an iteration budget, stop once the most visited root action can no longer be
  /// overtaken by the iterations left (another action could at best tie it): the same choice
  /// as the whole budget would make, in less time. Not with a time budget; `ancients bench`
  /// turns it off to time whole budgets.
  bool stop_when_decided = true;
};

/// The value of a search's choice (in [-1, 1]; 0.6 is a win chance of 80 %) from which the
/// agents look for a sure win: where the game is not yet won, the look costs nothing.
inline constexpr double kSureWinGate = 0.6;

/// The look for a sure win after a search whose choice scored `value`: nothing below the gate
/// (kSureWinGate) or without a budget, else the look with the budget `config` gives it
/// (IsmctsConfig::sure_win_states).
std::optional<Action> find_sure_win(SureWinFinder& finder, const PlayerView& view,
                                    const ActionList& choices, const IsmctsConfig& config,
                                    double value, Rng& rng);

/// The stream of an agent's looks for a sure win, apart from its search's (seeded `seed`), so
/// that the look changes none of the search's decisions.
inline Rng sure_win_stream(std::uint64_t seed) {
  return Rng(seed ^ 0x5157'0000'0000'0000ULL);
}

/// How last_reason() tells a sure win of `steps` actions.
std::string sure_win_reason(int steps);

/// Difficulty levels as fixed iteration budgets, so results do not depend on machine speed.
struct IsmctsLevel {
  const char* name;
  std::uint64_t iterations;
};
const std::vector<IsmctsLevel>& ismcts_levels();

/// What the last search did (for last_reason, bench and tests).
struct SearchStats {
  std::uint64_t iterations = 0;   ///< iterations run (fewer than the budget when decided early)
  std::uint64_t nodes = 0;        ///< nodes in the tree, root included
  std::uint64_t root_visits = 0;  ///< visits of the chosen root child
  double value = 0;               ///< mean reward of the chosen action, in [-1, 1]
  double seconds = 0;
  bool searched = false;   ///< false when the decision had a single legal action
  bool decided = false;    ///< stopped before its budget, the choice decided (stop_when_decided)
  int sure_win_steps = 0;  ///< actions along the longest line of the sure win played (0: none)
};

class IsmctsAgent final : public Agent {
 public:
  IsmctsAgent(const IsmctsConfig& config, std::uint64_t seed, std::string label);
  ~IsmctsAgent() override;
  std::string name() const override { return label_; }
  Action choose(const PlayerView& view) override;
  std::string last_reason() const override;
  void set_stop(const std::atomic<bool>* stop, double max_seconds) override {
    stop_ = stop;
    max_seconds_ = max_seconds;
  }
  const SearchStats& stats() const { return stats_; }
  void release_memory() override;
  std::size_t held_bytes() const override;
  /// The factors of UCB for small counts (ismcts.cpp), shared by every agent.
  class UcbTables;
  /// The factors of UCB for larger counts, the last ones worked out (ismcts.cpp).
  class LargeCounts;

 private:
  /// One edge of the tree: an action, who chose it, its statistics and the node it leads to.
  /// A node's edges lie side by side in edges_ (its block), so that listing the available
  /// ones and scoring them with UCB reads consecutive memory rather than one scattered node
  /// per child.
  struct Edge {
    Action action = 0;
    double total = 0;  ///< sum of rewards for `player`
    std::uint32_t visits = 0;
    std::uint32_t available = 0;  ///< times this action was legal when its parent was selected
    std::uint32_t node = 0;       ///< the node this edge leads to (its own edges)
    std::int8_t player = 0;       ///< who chose `action`
    std::uint8_t bucket = 0;      ///< action_bucket(action, player), in the struct's padding
    /// In a node with an index (Node::index): the next older edge of the same bucket, as its
    /// place in the block + 1 (0: none). In the struct's padding too.
    std::uint16_t next_in_bucket = 0;
  };
  /// One of 64 buckets for a player's action (its hash's top six bits): mark_available passes
  /// over an edge whose bucket no legal action of the player falls in without comparing.
  static std::uint8_t action_bucket(Action a, int player) {
    const std::uint64_t key = a ^ (static_cast<std::uint64_t>(player) << 56);
    return static_cast<std::uint8_t>((key * 0x9E3779B97F4A7C15ULL) >> 58);
  }
  /// A position of the tree: where its edges are. Edges are added at the end of the block;
  /// they are read newest first (the order of the first version's sibling lists, which the
  /// search's tie-breaks and signature follow).
  struct Node {
    std::uint32_t first = 0;     ///< index of the block in edges_
    std::uint32_t count = 0;     ///< edges in use
    std::uint32_t capacity = 0;  ///< edges the block holds; a full block moves to the end
    /// The legal actions listed at this node when the searching player reached it by its own
    /// actions alone, with no chance since the root (State::chance_events): the same in every
    /// determinization, so listed once (legal_cache_[legal_first...], kNotListed: not yet).
    std::uint32_t legal_first = 0;
    std::uint32_t legal_count = kNotListed;
    /// A node with many edges (kIndexFrom) finds an action's edge through its buckets:
    /// bucket_heads_[64 * index + bucket] is the newest edge of the bucket, as its place in the
    /// block + 1 (0: none), the older ones chained by Edge::next_in_bucket. kNoIndex: none.
    std::uint32_t index = kNoIndex;
  };
  static constexpr std::uint32_t kNotListed = ~std::uint32_t{0};
  static constexpr std::uint32_t kNoIndex = ~std::uint32_t{0};
  /// The edges a node has when its index is made: with fewer, a scan of the block is as quick
  /// (most of Ancient Generals' nodes). A node's place in its block must fit Edge's 16 bits.
  static constexpr std::uint32_t kIndexFrom = 24;
  static constexpr std::uint32_t kIndexedEdges = 65535;

  void iterate(const PlayerView& view);
  /// Plays up to `actions` actions from the state in `slot` (which may end up holding another
  /// state object: the best trial is swapped in), each the one whose result the evaluation scores
  /// best for the player to act (the first such in the legal order). Returns how many it
  /// played (fewer when the game ended). The game's own loop where it gives one (guided_play_).
  int guided_rollout(std::unique_ptr<State>& slot, int actions);
  /// One step of it over legal_ (two or more actions), each action played on a copy.
  void guided_step_played(std::unique_ptr<State>& slot);
  /// With guided rollouts, a finished game scores this much less per action from the root...
  static constexpr double kLateEnd = 0.002;
  static constexpr int kLateEndCap = 40;  ///< ... counting at most this many
  /// Adds an edge (and the node it leads to) to `parent`, whose block is made room for
  /// kFirstBlock edges when it has none yet (fewer when `expected`, the legal actions, are
  /// fewer); returns the edge's index.
  std::uint32_t add_edge(std::uint32_t parent, Action a, int player, std::size_t expected);
  static constexpr std::size_t kFirstBlock = 4;
  /// The UCB choice among the given edges (those available in this iteration); counts
  /// their availability.
  std::uint32_t select_edge(const std::uint32_t* edges, std::size_t count);
  /// The UCB choice among all edges of `node`, every one available (the root's; a node whose
  /// kept list has an edge for every action); counts their availability.
  std::uint32_t select_all_edges(std::uint32_t node);
  /// Whether the most visited root action can no longer be overtaken with `left` iterations
  /// (IsmctsConfig::stop_when_decided).
  bool decided(std::uint64_t left) const;
  /// Lists in available_ the edges of `node` whose action is in legal_ (this iteration's
  /// legal actions, those of `player`) and in untried_ the legal actions without an edge;
  /// true when none is.
  bool mark_available(std::uint32_t node, int player);
  /// mark_available for a node with an index and up to kSmallList legal actions: looks each up
  /// in its bucket.
  bool mark_available_indexed(std::uint32_t node, int player);
  /// mark_available by a scan of the node's block.
  bool mark_available_scanned(std::uint32_t node, int player);
  /// Gives `node` (kIndexFrom edges) an index of its edges by bucket.
  void make_index(std::uint32_t node);
  /// Lists s's legal actions in legal_, from the node's list when it has one, else listing
  /// them and keeping the list with the node when there are several.
  void list_at_node(std::uint32_t node, const State& s);
  static constexpr int kForcedLimit = 32;  ///< forced actions played after a leaf, at most
  static constexpr std::size_t kSmallList = 16;
  /// An edge's UCB score with availability counts; counts this availability.
  double ucb(Edge& edge) const;

  IsmctsConfig config_;
  Rng rng_;
  std::string label_;
  const UcbTables* ucb_tables_;
  std::unique_ptr<LargeCounts> large_counts_;  ///< 40 KB, each agent's own
  std::vector<Node> nodes_;                    ///< node 0 is the root
  std::vector<Edge> edges_;
  std::vector<std::uint32_t> path_;  ///< the edges of this iteration's descent
  std::vector<Action> legal_cache_;  ///< the nodes' kept legal-action lists (Node::legal_first)
  std::vector<std::uint16_t> bucket_heads_;  ///< the indexed nodes' buckets (Node::index)
  ActionList legal_;
  ActionList untried_;
  ActionList root_legal_;    ///< the decision's sensible root actions (kept for its capacity)
  ActionList root_untried_;  ///< root actions without a child yet
  ActionList debug_list_;    ///< debug builds: the listing that checks a node's kept list
  std::vector<std::uint32_t> debug_available_;  ///< debug builds: the index's answer, checked
  ActionList debug_untried_;                    ///< likewise
  std::vector<std::uint32_t> available_;        ///< edges legal in this iteration's deal
  ActionSet set_;
  Rng deal_rng_{0};               ///< with fixed_deal: the stream that deals this decision's deal
  std::unique_ptr<State> det_;    ///< the determinization, dealt afresh into it every iteration
  std::unique_ptr<State> trial_;  ///< a guided rollout's trial of one action (copy_into)
  std::unique_ptr<State> best_;   ///< the best trial of the guided rollout's step so far
  int guided_ = -1;               ///< this decision's guided rollout length (-1: not read yet)
  /// The game's evaluation, looked up once per decision (at its first determinization)
  /// rather than by name at every leaf and guided step.
  Evaluator evaluator_ = nullptr;
  Evaluator order_ = nullptr;  ///< what the guided rollouts compare (EvaluationHints::order)
  /// The game's own guided rollout loop, or null (EvaluationHints::guided_play).
  int (*guided_play_)(State&, int, ActionList&) = nullptr;
  bool evaluator_known_ = false;
  SearchStats stats_;
  SureWinFinder sure_win_;
  Rng sure_win_rng_;  ///< the look's deals: apart from rng_, so that the search is the same
  const std::atomic<bool>* stop_ = nullptr;  ///< set_stop(): ends a search early when true
  double max_seconds_ = 0;                   ///< set_stop(): a cap on one decision's time
};

}  // namespace ancients
