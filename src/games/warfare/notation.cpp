// Ancient Warfare: the action notation of shared/rules/positions-and-notation.md — writing
// actions, listing whole legal actions (`ancients legal`), and reading and checking a typed
// action with a reason when it is refused (`ancients apply`, the terminal, the server).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <functional>

#include "core/errors.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/state.h"

namespace ancients::warfare {
namespace {

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : s) {
    if (ch == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

/// The words of `s`, split on white space (as `>>` splits them, without a stream: the server
/// reads every action through here).
std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  const auto space = [&](std::size_t k) {
    return std::isspace(static_cast<unsigned char>(s[k])) != 0;
  };
  while (i < s.size()) {
    while (i < s.size() && space(i)) ++i;
    const std::size_t start = i;
    while (i < s.size() && !space(i)) ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kDeploy:
      return "deploy";
    case Phase::kOrders:
      return "orders";
    case Phase::kMove:
      return "move";
    case Phase::kBattle:
      return "battle";
    case Phase::kOver:
      return "over";
    case Phase::kBattlefield:
      return "battlefield";
  }
  return "?";
}

constexpr std::size_t kMaxListedDeployments = 20000;
/// The most whole actions `legal_texts` lists in the other phases: group advances of a large
/// army can number millions (docs/protocol.md, "Positions that are refused").
constexpr std::size_t kMaxListedActions = 100000;

[[noreturn]] void too_many_actions() {
  throw BadInput(
      fmt::format("more than {} legal actions here: too many to list; give one action instead",
                  kMaxListedActions));
}

}  // namespace

std::string WarfareState::action_text(Action a) const {
  const Geometry& g = *geo_;
  auto sq = [&g](int s) { return g.name(s); };
  const auto& card = [this, a]() -> const std::string& { return rules_->cards[action_card(a)].id; };
  switch (action_kind(a)) {
    case Kind::kDiscard:
      return "discard " + card();
    case Kind::kMove:
      return fmt::format("move {} {}-{}", card(), sq(action_a(a)), sq(action_b(a)));
    case Kind::kGroupStart:
      return fmt::format("group-start {} {}", card(), sq(action_a(a)));
    case Kind::kGroupAdd:
      return "group-add " + sq(action_a(a));
    case Kind::kGroupDone:
      return "group-done";
    case Kind::kDismount:
      return "dismount " + sq(action_a(a));
    case Kind::kScout:  // contingents: `scout P`, the opposing player whose hand is seen
      return action_a(a) != 0 ? fmt::format("scout {}", action_a(a)) : "scout";
    case Kind::kEnd:
      return "end";
    case Kind::kAutokill:
      return fmt::format("autokill {}x{}", sq(action_a(a)), sq(action_b(a)));
    case Kind::kAttack:
      return fmt::format("attack {} {}x{}", card(), sq(action_a(a)), sq(action_b(a)));
    case Kind::kTrample:
      return fmt::format("attack {} {}-{}x{}", card(), sq(action_a(a)), sq(action_b(a)),
                         sq(action_c(a)));
    case Kind::kDefend:
      if (action_b(a) != 0) return fmt::format("defend {} {}", card(), sq(action_a(a)));
      return "defend " + card();
    case Kind::kAttackMove:
      return fmt::format("attack {} {}x{}-{}", card(), sq(action_a(a)), sq(action_b(a)),
                         sq(action_c(a)));
    case Kind::kNegate:
      return "negate " + card();
    case Kind::kPass:
      return "pass";
    case Kind::kPlace: {
      const ArmyEntry& e = reserves_[to_act_ - 1][0];
      return fmt::format("place {}{}{}:{}", rules_->units[e.type].id, e.elite ? "*" : "",
                         e.general ? "!" : "", sq(action_a(a)));
    }
    case Kind::kSwap:
      return fmt::format("swap {},{}", sq(action_a(a)), sq(action_b(a)));
    case Kind::kTopography:
    case Kind::kTerrain:
    case Kind::kTerrainAuto:
    case Kind::kTerrainDone:
    case Kind::kSide:
      return battlefield_text(a);
  }
  return "?";
}

template <class Leaf>
void WarfareState::for_each_group(CardType c, Leaf&& leaf) const {
  const int p = to_act_;
  const int dist = group_distance(c);
  std::vector<int> order;
  for (int i = 0; i < unit_count_; ++i)
    if (units_[i].player == p) order.push_back(i);
  const int side = side_of(p);
  std::sort(order.begin(), order.end(), [&](int x, int y) {
    return front_key(side, units_[x].square) < front_key(side, units_[y].square);
  });
  GroupBuild g;
  g.card = c;
  const auto dfs = [&](const auto& self, std::size_t i) -> void {
    if (i == order.size()) {
      if (g.count >= 2) leaf(g.squares.data(), static_cast<int>(g.count));
      return;
    }
    if (group_eligible(g, order[i], dist)) {
      g.squares[g.count++] = static_cast<std::uint8_t>(units_[order[i]].square);
      self(self, i + 1);
      --g.count;
    }
    self(self, i + 1);
  };
  dfs(dfs, 0);
}

std::vector<std::string> WarfareState::legal_texts() const {
  std::vector<std::string> out;
  const int width = geo_->width;
  if (phase_ == Phase::kDeploy && !swap_step()) {
    const int p = to_act_;
    std::vector<ArmyEntry> res(reserves_[p - 1].begin(),
                               reserves_[p - 1].begin() + reserve_count_[p - 1]);
    std::vector<int> zone;
    for (int s = 0; s < geo_->squares; ++s) {
      if (in_deploy_zone(p, s) && board_[s] == 0) zone.push_back(s);
    }
    std::vector<int> chosen(res.size(), -1);
    std::vector<bool> used(kMaxSquares, false);
    std::function<void(std::size_t)> dfs = [&](std::size_t i) {
      if (out.size() > kMaxListedDeployments)
        throw BadInput(
            fmt::format("more than {} deployments are legal here: too many to list; "
                        "give one with `deploy TYPE:SQ,...`",
                        kMaxListedDeployments));
      if (i == res.size()) {
        std::string text = "deploy ";
        for (std::size_t k = 0; k < res.size(); ++k)
          text += fmt::format("{}{}{}{}:{}", k ? "," : "", rules_->units[res[k].type].id,
                              res[k].elite ? "*" : "", res[k].general ? "!" : "",
                              square_name(chosen[k], width));
        out.push_back(std::move(text));
        return;
      }
      const bool same_as_prev = i > 0 && res[i].type == res[i - 1].type &&
                                res[i].elite == res[i - 1].elite &&
                                res[i].general == res[i - 1].general;
      for (int s : zone) {
        if (used[s] || !can_enter(res[i].type, s)) continue;
        if (same_as_prev && s < chosen[i - 1]) continue;
        used[s] = true;
        chosen[i] = s;
        dfs(i + 1);
        used[s] = false;
      }
    };
    std::stable_sort(res.begin(), res.end(), [](const ArmyEntry& x, const ArmyEntry& y) {
      return std::tie(x.type, x.elite) < std::tie(y.type, y.elite);
    });
    if (!res.empty()) dfs(0);
    return out;
  }
  // The other phases: the actions as the compact offer groups them, the group advances last.
  std::vector<ActionGroup> groups;
  legal_grouped(to_act_, out, groups);
  for (const auto& g : groups)
    for (std::size_t i = 0; i < g.size(); ++i) out.emplace_back(g.text(i));
  return out;
}

bool WarfareState::legal_grouped(int viewer, std::vector<std::string>& plain,
                                 std::vector<ActionGroup>& groups) const {
  (void)viewer;
  // A deployment is one action naming every unit: legal_texts lists them, none grouped.
  if (phase_ == Phase::kDeploy && !swap_step()) return false;
  // The search's actions as texts (none of them an "advance", the only verb grouped_shape
  // groups), then the whole group advances, one group per card.
  ActionList actions;
  legal_actions(actions);
  for (Action a : actions)
    if (action_kind(a) != Kind::kGroupStart) plain.push_back(action_text(a));
  if (phase_ != Phase::kMove || group_.count != 0 || pending_.kind != Pending::kNone) return true;
  const int width = geo_->width;
  std::vector<int> index_of(static_cast<std::size_t>(geo_->squares), -1);
  std::size_t listed = plain.size();
  const auto& hand = hand_[to_act_ - 1];
  for (int c = 0; c < static_cast<int>(rules_->cards.size()); ++c) {
    const CardDef& card = rules_->cards[c];
    if (hand[c] == 0 || (card.uses & kUseMove) == 0 || card.knight) continue;
    std::fill(index_of.begin(), index_of.end(), -1);
    ActionGroup* group = nullptr;  // made with its first advance, as legal_texts would show it
    for_each_group(static_cast<CardType>(c), [&](const std::uint8_t* squares, int count) {
      if (++listed > kMaxListedActions) too_many_actions();
      if (group == nullptr) {
        groups.emplace_back();
        group = &groups.back();
        group->kind = "advance";
        group->card = card.id;
        group->cards = {card.id};
      }
      ActionGroup& g = *group;
      g.texts += "advance ";
      g.texts += card.id;
      g.texts += ' ';
      for (int k = 0; k < count; ++k) {
        int& at = index_of[squares[k]];
        if (at < 0) {
          at = static_cast<int>(g.squares.size());
          g.squares.push_back(square_name(squares[k], width));
          const int landing = advance_landing(static_cast<CardType>(c), squares[k]);
          g.landings.push_back(landing == kNoSquare ? "" : square_name(landing, width));
        }
        if (k) g.texts += ',';
        g.texts += g.squares[static_cast<std::size_t>(at)];
        g.choice_squares.push_back(at);
      }
      g.choice_ends.push_back(g.choice_squares.size());
      g.text_ends.push_back(g.texts.size());
    });
  }
  return true;
}

namespace {

/// Explains why a syntactically valid action cannot be played, as precisely as it can.
class Diagnoser {
 public:
  Diagnoser(const WarfareState& s, const std::vector<std::string>& w) : s_(s), w_(w) {}

  std::string reason() const {
    const Ruleset& rules = s_.rules();
    const std::string& verb = w_[0];
    const int p = s_.to_act();
    if (s_.is_over()) return "the game is over";
    static const std::vector<std::string> verbs = {
        "discard",    "move",   "advance", "dismount",   "scout",   "end",         "autokill",
        "attack",     "defend", "pass",    "deploy",     "place",   "group-start", "group-add",
        "group-done", "negate", "swap",    "topography", "terrain", "side"};
    if (std::find(verbs.begin(), verbs.end(), verb) == verbs.end())
      return fmt::format("unknown action \"{}\" (an action starts with one of: {})", verb,
                         fmt::join(verbs, ", "));
    const Phase phase = s_.phase();
    if (verb == "topography" || verb == "terrain" || verb == "side" || phase == Phase::kBattlefield)
      return battlefield_refusal(s_, w_);
    const bool move_window = s_.pending().kind == Pending::kMove;
    const bool pending = s_.pending().kind != Pending::kNone && !move_window;
    if (verb == "negate") {
      if (rules.negate_move == 0xFF) return "Difficult Ground exists only in the retreat edition";
      if (!move_window) return "there is no move to answer";
      if (w_.size() >= 2 && w_[1] != rules.cards[rules.negate_move].id)
        return fmt::format("only {} negates a move", rules.cards[rules.negate_move].id);
      return fmt::format("player {} holds no {} card", p, rules.cards[rules.negate_move].id);
    }
    if (move_window && verb != "pass")
      return fmt::format("player {} must first answer the move (negate {} or pass)", p,
                         rules.cards[rules.negate_move].id);
    if (pending && verb != "defend" && verb != "pass")
      return fmt::format("player {} must first answer the attack (defend CARD or pass)", p);
    if (!pending && !move_window && (verb == "defend" || verb == "pass"))
      return "there is no attack to answer";
    auto need_phase = [&](Phase want) -> std::string {
      if (phase == want) return {};
      return fmt::format("\"{}\" belongs to the {} phase, and this is the {} phase", verb,
                         phase_name(want), phase_name(phase));
    };
    if (verb == "discard") {
      if (auto r = need_phase(Phase::kOrders); !r.empty()) return r;
    } else if (verb == "move" || verb == "advance" || verb.rfind("group-", 0) == 0) {
      if (auto r = need_phase(Phase::kMove); !r.empty()) return r;
    } else if (verb == "autokill" || verb == "attack") {
      if (auto r = need_phase(Phase::kBattle); !r.empty()) return r;
    } else if (verb == "deploy" || verb == "place") {
      if (auto r = need_phase(Phase::kDeploy); !r.empty()) return r;
      if (s_.swap_step()) return "both armies are deployed: player 2 may `swap SQ,SQ` or `pass`";
    } else if (verb == "swap") {
      if (!s_.swap_step())
        return "`swap` is the defender's step of the DBA set-up (12x12 board, after both "
               "deployments)";
      return "swap names two of player 1's units that may stand on each other's squares "
             "(`swap SQ,SQ`)";
    } else if (verb == "end" || verb == "scout" || verb == "dismount") {
      if (phase != Phase::kMove && phase != Phase::kBattle)
        return fmt::format("\"{}\" is not possible in the {} phase", verb, phase_name(phase));
    }
    // A named card must be known and in hand.
    if (w_.size() >= 2 && (verb == "discard" || verb == "move" || verb == "advance" ||
                           verb == "attack" || verb == "defend")) {
      const int c = rules.find_card(w_[1]);
      if (c < 0) return fmt::format("unknown card \"{}\"", w_[1]);
      if (s_.hand_count(p, static_cast<CardType>(c)) == 0)
        return fmt::format("player {} holds no {} card", p, w_[1]);
      const CardDef& card = rules.cards[c];
      const bool sa = c == rules.special_ability;
      if ((verb == "move" || verb == "advance") && (card.uses & kUseMove) == 0 && !sa)
        return fmt::format("{} is not a move card", w_[1]);
      if (verb == "advance" && (card.knight || sa))
        return fmt::format("{} cannot be used for a group advance", w_[1]);
      if (verb == "attack" && (card.uses & kUseAttack) == 0 && !sa)
        return fmt::format("{} is not an attack card", w_[1]);
      if (verb == "defend" && (card.uses & kUseDefend) == 0 && !sa)
        return fmt::format("{} is not a defense card", w_[1]);
      if (verb == "defend") return fmt::format("the condition of {} does not hold here", w_[1]);
    }
    if ((verb == "scout") && (rules.scout == 0xFF || s_.hand_count(p, rules.scout) == 0))
      return fmt::format("player {} holds no scout card", p);
    if (verb == "scout" && !s_.options().contingents && w_.size() == 2)
      return "in a two-player game Scout names no player (`scout`)";
    if (verb == "scout" && s_.options().contingents) {
      if (w_.size() == 1) return "name the opposing player whose hand you see: `scout P`";
      const int q = w_[1][0] - '0';
      if (q > s_.player_count() || s_.side_of(q) == s_.side_of(p))
        return fmt::format("player {} is not an opposing player", q);
      if (s_.broken(q)) return fmt::format("player {} is broken and holds no cards", q);
    }
    if (verb == "dismount" && s_.hand_count(p, rules.special_ability) == 0)
      return fmt::format("player {} holds no special-ability card", p);
    // A named unit must be the player's own.
    std::string from;
    if (verb == "move" || verb == "attack") from = w_.size() >= 3 ? w_[2] : "";
    if (verb == "autokill" || verb == "dismount") from = w_.size() >= 2 ? w_[1] : "";
    if (!from.empty()) {
      const auto cut = from.find_first_of("-x");
      const auto sq = s_.geo().parse(from.substr(0, cut));
      if (sq) {
        const int ui = s_.unit_at(*sq);
        if (ui < 0) return fmt::format("there is no unit on {}", from.substr(0, cut));
        const Unit& u = s_.unit(ui);
        if (u.player != p)
          return fmt::format("the unit on {} belongs to player {}", from.substr(0, cut), u.player);
        if (verb == "move" && u.moves >= rules.units[u.type].moves_per_turn)
          return fmt::format("the unit on {} has already moved this turn", from.substr(0, cut));
        if ((verb == "attack" || verb == "autokill") &&
            u.attacks >= rules.units[u.type].attacks_per_turn)
          return fmt::format("the unit on {} has already attacked this turn", from.substr(0, cut));
        if ((verb == "attack" || verb == "autokill") && u.moves != 0 &&
            rules.units[u.type].no_attack_after_move)
          return fmt::format("{} cannot attack after moving", rules.units[u.type].id);
        if (verb == "autokill") {
          const auto tpos = from.find('x');
          const auto tsq =
              tpos == std::string::npos ? std::nullopt : s_.geo().parse(from.substr(tpos + 1));
          if (tsq && s_.unit_at(*tsq) >= 0 &&
              !rules.units[u.type].autokills.test(s_.unit(s_.unit_at(*tsq)).type))
            return fmt::format("{} do not auto-kill {}", rules.units[u.type].id,
                               rules.units[s_.unit(s_.unit_at(*tsq)).type].id);
          return "the target is not an enemy unit within range on a clear line";
        }
        if (verb == "attack")
          return "the target is not an enemy unit within range on a clear line, or the "
                 "card's condition does not hold";
        if (verb == "move")
          return fmt::format("{} cannot make that move (distance, path, terrain or destination)",
                             rules.units[u.type].id);
      }
    }
    return "not legal in this position";
  }

 private:
  const WarfareState& s_;
  const std::vector<std::string>& w_;
};

/// Checks the shape of each action's words; returns a reason or empty when well-formed.
std::string check_syntax(const std::vector<std::string>& w, const Geometry& geo) {
  auto square_ok = [&geo](const std::string& s) { return geo.parse(s).has_value(); };
  auto bad_square = [&geo](const std::string& s) {
    return fmt::format("\"{}\" is not a square of the {} board", s, geo.shape());
  };
  const std::string& verb = w[0];
  auto want = [&](std::size_t n, const char* form) -> std::string {
    if (w.size() != n) return fmt::format("expected `{}`", form);
    return {};
  };
  if (verb == "scout" && w.size() == 2) {  // contingents: `scout P`
    if (w[1].size() != 1 || w[1][0] < '1' || w[1][0] > '6')
      return fmt::format("\"{}\" is not a player number (scout P)", w[1]);
    return {};
  }
  if (verb == "scout" || verb == "end" || verb == "pass" || verb == "group-done")
    return want(1, verb.c_str());
  if (verb == "discard") return want(2, "discard CARD");
  if (verb == "negate") return want(2, "negate CARD");
  if (verb == "swap") {
    if (auto r = want(2, "swap SQ,SQ"); !r.empty()) return r;
    const auto sqs = split(w[1], ',');
    if (sqs.size() != 2) return "expected `swap SQ,SQ`";
    for (auto& sq : sqs)
      if (!square_ok(sq)) return bad_square(sq);
    return {};
  }
  if (verb == "defend") return w.size() == 2 || w.size() == 3 ? "" : "expected `defend CARD`";
  if (verb == "topography") return want(2, "topography NAME");
  if (verb == "side") {
    if (auto r = want(2, "side north|south"); !r.empty()) return r;
    return w[1] == "north" || w[1] == "south" ? "" : "expected `side north` or `side south`";
  }
  if (verb == "terrain") {
    const char* form =
        "terrain KIND SQ, terrain river SQ SQ, terrain waterway west|east, "
        "terrain auto or terrain done";
    if (w.size() == 2)
      return w[1] == "auto" || w[1] == "done" ? "" : fmt::format("expected `{}`", form);
    if (w.size() == 3 && w[1] == "waterway")
      return w[2] == "west" || w[2] == "east" ? "" : "expected `terrain waterway west|east`";
    if (w.size() < 3 || w.size() > 4) return fmt::format("expected `{}`", form);
    for (std::size_t k = 2; k < w.size(); ++k)
      if (!square_ok(w[k])) return bad_square(w[k]);
    return {};
  }
  if (verb == "dismount" || verb == "group-add") {
    if (auto r = want(2, (verb + " SQUARE").c_str()); !r.empty()) return r;
    return square_ok(w[1]) ? "" : bad_square(w[1]);
  }
  if (verb == "autokill") {
    if (auto r = want(2, "autokill FROMxTO"); !r.empty()) return r;
    auto parts = split(w[1], 'x');
    if (parts.size() != 2) return "expected `autokill FROMxTO`";
    for (auto& s : parts)
      if (!square_ok(s)) return bad_square(s);
    return {};
  }
  if (verb == "move") {
    if (auto r = want(3, "move CARD FROM-TO"); !r.empty()) return r;
    auto parts = split(w[2], '-');
    if (parts.size() != 2) return "expected `move CARD FROM-TO`";
    for (auto& s : parts)
      if (!square_ok(s)) return bad_square(s);
    return {};
  }
  if (verb == "attack") {
    if (auto r = want(3, "attack CARD FROMxTO"); !r.empty()) return r;
    auto parts = split(w[2], 'x');
    if (parts.size() != 2) return "expected `attack CARD FROMxTO`";
    for (auto& part : parts)
      for (auto& s : split(part, '-'))
        if (!square_ok(s)) return bad_square(s);
    return {};
  }
  if (verb == "advance" || verb == "group-start") {
    if (auto r = want(3, (verb + " CARD SQ,SQ,...").c_str()); !r.empty()) return r;
    for (auto& s : split(w[2], ','))
      if (!square_ok(s)) return bad_square(s);
    return {};
  }
  if (verb == "deploy" || verb == "place") {
    if (w.size() != 2) return fmt::format("expected `{} TYPE[*]:SQ,...`", verb);
    for (auto& entry : split(w[1], ',')) {
      auto parts = split(entry, ':');
      if (parts.size() != 2 || parts[0].empty())
        return fmt::format("\"{}\" is not TYPE:SQUARE", entry);
      if (!square_ok(parts[1])) return bad_square(parts[1]);
    }
    return {};
  }
  return {};
}

}  // namespace

void WarfareState::apply_text(std::string_view raw) {
  std::string lowered(raw);
  for (char& ch : lowered) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  const auto w = words(lowered);
  if (w.empty()) throw IllegalAction("empty action");
  if (auto r = check_syntax(w, *geo_); !r.empty())
    throw IllegalAction(fmt::format("\"{}\" refused: {}", raw, r));
  const std::string canonical = [&] {
    std::string t;
    for (const auto& x : w) {
      if (!t.empty()) t += ' ';
      t += x;
    }
    return t;
  }();
  auto refuse = [&](const std::string& why) {
    throw IllegalAction(fmt::format("\"{}\" refused: {}", raw, why));
  };

  if (w[0] == "advance" && phase_ == Phase::kMove && pending_.kind == Pending::kNone &&
      group_.count == 0) {
    const int c = rules_->find_card(w[1]);
    const auto parts = split(w[2], ',');
    if (c >= 0 && hand_[to_act_ - 1][c] > 0 && (rules_->cards[c].uses & kUseMove) != 0 &&
        !rules_->cards[c].knight) {
      if (parts.size() < 2)
        refuse("a group advance needs two or more units; one unit uses `move CARD FROM-TO`");
      std::vector<int> squares;
      for (const auto& s : parts) squares.push_back(*geo_->parse(s));
      std::sort(squares.begin(), squares.end(), [&](int x, int y) {
        return front_key(side_of(to_act_), x) < front_key(side_of(to_act_), y);
      });
      if (std::adjacent_find(squares.begin(), squares.end()) != squares.end())
        refuse("a square is named twice");
      GroupBuild g;
      g.card = static_cast<CardType>(c);
      const int dist = group_distance(g.card);
      for (int sq : squares) {
        const int ui = board_[sq] - 1;
        if (ui < 0 || units_[ui].player != to_act_)
          refuse(fmt::format("there is no unit of player {} on {}", to_act_, geo_->name(sq)));
        if (!group_eligible(g, ui, dist))
          refuse(fmt::format("the unit on {} cannot advance {} square{} straight forward",
                             geo_->name(sq), dist, dist == 1 ? "" : "s"));
        g.squares[g.count++] = static_cast<std::uint8_t>(sq);
      }
      group_ = g;
      apply(make_action(Kind::kGroupDone));
      return;
    }
  }
  if (w[0] == "deploy" && phase_ == Phase::kDeploy && !swap_step()) {
    const int p = to_act_;
    std::vector<std::pair<ArmyEntry, int>> given;
    for (const auto& entry : split(w[1], ',')) {
      auto parts = split(entry, ':');
      std::string type = parts[0];
      const bool general = !type.empty() && type.back() == '!';
      if (general) type.pop_back();
      const bool elite = !type.empty() && type.back() == '*';
      if (elite) type.pop_back();
      const int t = rules_->find_unit(type);
      if (t < 0) refuse(fmt::format("unknown unit type \"{}\"", type));
      given.push_back({ArmyEntry{static_cast<UnitType>(t), static_cast<std::uint8_t>(elite),
                                 static_cast<std::uint8_t>(general)},
                       *geo_->parse(parts[1])});
    }
    if (static_cast<int>(given.size()) != reserve_count_[p - 1])
      refuse(fmt::format("player {} must deploy all {} remaining units at once (got {})", p,
                         reserve_count_[p - 1], given.size()));
    std::vector<bool> used(given.size(), false);
    std::vector<int> order;  // square for each reserve entry, in reserve order
    std::vector<bool> taken(kMaxSquares, false);
    for (int i = 0; i < reserve_count_[p - 1]; ++i) {
      const ArmyEntry& e = reserves_[p - 1][i];
      bool found = false;
      for (std::size_t k = 0; k < given.size() && !found; ++k) {
        if (used[k] || given[k].first.type != e.type || given[k].first.elite != e.elite ||
            given[k].first.general != e.general)
          continue;
        used[k] = found = true;
        order.push_back(given[k].second);
      }
      if (!found)
        refuse(fmt::format("the deployment does not match player {}'s army (missing {}{}{})", p,
                           rules_->units[e.type].id, e.elite ? "*" : "", e.general ? "!" : ""));
    }
    for (int sq : order) {
      const std::string name = geo_->name(sq);
      if (!in_deploy_zone(p, sq))
        refuse(fmt::format("{} is outside player {}'s deployment zone", name, p));
      if (board_[sq] != 0 || taken[sq]) refuse(fmt::format("{} is already occupied", name));
      taken[sq] = true;
    }
    for (int i = 0; i < static_cast<int>(order.size()); ++i)
      if (!can_enter(reserves_[p - 1][i].type, order[i]))
        refuse(fmt::format("{} cannot stand on {}", rules_->units[reserves_[p - 1][i].type].id,
                           geo_->name(order[i])));
    for (int sq : order) apply(make_action(Kind::kPlace, 0, sq));
    return;
  }
  ActionList actions;
  legal_actions(actions);
  for (Action a : actions) {
    if (action_text(a) == canonical) {
      apply(a);
      return;
    }
  }
  refuse(Diagnoser(*this, w).reason());
}

}  // namespace ancients::warfare
