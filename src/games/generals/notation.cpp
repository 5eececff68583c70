// The action notation of positions-and-notation.md: the text of a search-space action, every
// whole legal action of the contract, and parsing a whole action (or one of the documented
// one-card steps, written with a trailing ",...") into the state. A refused text throws
// IllegalAction naming it and the reason, and leaves the state unchanged.
#include <algorithm>
#include <functional>

#include "core/errors.h"
#include "games/generals/state.h"

namespace ancients::generals {
namespace {

constexpr std::array<std::string_view, 3> kScoutTargets = {"hand", "deck1", "deck2"};

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

/// Splits "a, b ,c" on commas, trimming each item (an empty list for an empty string).
std::vector<std::string> split_list(std::string_view s) {
  std::vector<std::string> items;
  if (trim(s).empty()) return items;
  std::size_t start = 0;
  while (true) {
    const auto comma = s.find(',', start);
    items.emplace_back(trim(s.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

/// The most whole actions `legal_texts` lists: a hand of many different cards has 2^n
/// discards, so beyond this the position is refused (docs/protocol.md) rather than listed.
constexpr std::size_t kMaxLegalTexts = 100000;

void add_capped(std::vector<std::string>& out, std::string text) {
  if (out.size() >= kMaxLegalTexts)
    throw BadInput("more than " + std::to_string(kMaxLegalTexts) +
                   " legal actions here: too many to list; give one action instead");
  out.push_back(std::move(text));
}

/// Every non-empty sub-multiset of `counts` over the kinds in `bits`, as "a,a,b", in card order.
void sub_multisets(const std::array<std::uint8_t, kMaxKinds>& counts, std::uint64_t bits,
                   const Cards& cards, const std::string& prefix, std::vector<std::string>& out) {
  std::vector<int> kinds;
  for (int k = 0; k < cards.table.kinds; ++k)
    if ((bits >> k) & 1U && counts[k] > 0) kinds.push_back(k);
  std::string current;
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == kinds.size()) {
      if (!current.empty()) add_capped(out, prefix + current);
      return;
    }
    const std::size_t mark = current.size();
    rec(i + 1);
    for (int c = 1; c <= counts[kinds[i]]; ++c) {
      if (!current.empty()) current += ',';
      current += cards.name(kinds[i]);
      rec(i + 1);
    }
    current.resize(mark);
  };
  rec(0);
}

}  // namespace

std::string GeneralsState::action_text(Action action) const {
  const Cards& c = *cards_;
  const std::uint8_t card = action_card(action);
  const auto name = [&](std::uint8_t k) -> std::string {
    return k < c.cards.size() ? c.name(k) : std::string("?");
  };
  switch (action_op(action)) {
    case Op::kPass:
      return "pass";
    case Op::kScout:
      return "scout " + name(card) + " " +
             std::string(kScoutTargets[std::min<int>(action_arg(action), 2)]);
    case Op::kDiscardStep:
      return "discard " + name(card) + ",...";
    case Op::kDiscardEnd:
      return "discard";
    case Op::kRally:
      return "rally " + name(card);
    case Op::kDifficultTerrain:
      return "difficult-terrain";
    case Op::kReserve:
      return "reserve";
    case Op::kFlank:
      return "flank " + name(card);
    case Op::kSiege:
      return "siege " + name(card);
    case Op::kBreakMorale:
      return "break-morale";
    case Op::kAttackStep:
      return "attack " + name(card) + ",...";
    case Op::kBlockStep:
      return "block " + std::to_string(action_arg(action) + 1) + "=" + name(card) + ",...";
    case Op::kBlockEnd:
      return "block";
    case Op::kPlay: {
      const bool bloodlust = card < c.cards.size() && c.cards[card].effect == Effect::kBloodlust;
      const std::string n = std::to_string(action_arg(action) + 1);
      return "play " + name(card) + " " + (bloodlust ? (action_arg2(action) ? "b" : "a") + n : n);
    }
  }
  return "?";
}

bool GeneralsState::legal_grouped(int viewer, std::vector<std::string>& plain,
                                  std::vector<ActionGroup>& groups) const {
  (void)viewer;  // every viewer reads the same texts of the player to act
  plain = legal_texts();
  groups.clear();
  return true;
}

std::vector<std::string> GeneralsState::legal_texts() const {
  std::vector<std::string> out;
  if (g_.phase == Phase::kOver) return out;
  const CardTable& t = tab();
  const Cards& c = *cards_;
  const PlayerCards& P = pl(g_.to_act);
  const Battle& b = g_.battle;
  switch (g_.phase) {
    case Phase::kDiscard:
      out.emplace_back("discard");
      sub_multisets(P.hand, P.hand_bits, c, "discard ", out);
      return out;
    case Phase::kFlank:
      if (g_.to_act == g_.active) {
        // Whole flank actions (several may follow one another before the window closes).
        ActionList actions;
        legal_actions(actions);
        for (const Action a : actions)
          if (action_op(a) != Op::kFlank) out.push_back(action_text(a));
        if (!b.no_attack) sub_multisets(P.hand, P.hand_bits & t.flank_bits, c, "flank ", out);
        return out;
      }
      break;
    case Phase::kAttack:
      out.emplace_back("pass");
      if (!b.no_attack) sub_multisets(P.hand, P.hand_bits & t.unit_bits, c, "attack ", out);
      return out;
    case Phase::kBlock: {
      out.emplace_back("block");
      if (b.no_block) return out;
      // Every assignment of at most one hand unit to each attacker not yet blocked.
      std::array<int, kMaxKinds> left{};
      for (int k = 0; k < t.kinds; ++k) left[k] = t.is_unit(k) ? P.hand[k] : 0;
      std::string current;
      std::function<void(int)> rec = [&](int i) {
        if (i == b.attacker_count) {
          if (!current.empty()) add_capped(out, "block " + current);
          return;
        }
        rec(i + 1);
        if (b.blockers[i] != kNoCard) return;
        const std::size_t mark = current.size();
        for (int k = 0; k < t.kinds; ++k) {
          if (left[k] == 0) continue;
          --left[k];
          if (!current.empty()) current += ',';
          current += std::to_string(i + 1) + "=" + c.name(k);
          rec(i + 1);
          current.resize(mark);
          ++left[k];
        }
      };
      rec(0);
      return out;
    }
    default:
      break;
  }
  ActionList actions;
  legal_actions(actions);
  for (const Action a : actions) out.push_back(action_text(a));
  return out;
}

void GeneralsState::apply_text(std::string_view text) {
  GeneralsState next(*this);
  next.apply_whole(text);
  *this = next;
}

void GeneralsState::apply_whole(std::string_view raw) {
  const std::string text(trim(raw));
  const auto fail = [&](const std::string& why) {
    throw IllegalAction("\"" + text + "\" refused: " + why);
  };
  if (text.empty()) fail("empty action");
  if (g_.phase == Phase::kOver) fail("the game is over");
  const CardTable& t = tab();
  const int me = g_.to_act;
  const int A = g_.active;
  Battle& b = g_.battle;
  const std::string phase(phase_name(g_.phase));

  const auto space = text.find_first_of(" \t");
  const std::string verb = text.substr(0, space);
  const std::string rest(space == std::string::npos ? "" : trim(text.substr(space)));
  const auto card_of = [&](const std::string& name) -> std::uint8_t {
    if (name.empty()) fail("a card name is missing");
    const int k = cards_->find(name);
    if (k < 0) fail("unknown card \"" + name + "\"");
    return static_cast<std::uint8_t>(k);
  };
  const auto in_hand = [&](std::uint8_t k) {
    if (pl(me).hand[k] == 0)
      fail(cards_->name(k) + " is not in player " + std::to_string(me) + "'s hand");
  };
  const auto need_phase = [&](bool ok, const std::string& when) {
    if (!ok) fail("only " + when + " (the phase is " + phase + ")");
  };
  const auto no_args = [&] {
    if (!rest.empty()) fail("\"" + verb + "\" takes nothing after it");
  };
  // A list ending in "..." is a one-card step of the search space (an extension of the
  // notation): it must be one of the legal actions, card order included.
  std::vector<std::string> items = split_list(rest);
  const bool step = !items.empty() && items.back() == "...";
  if (step) items.pop_back();
  if (step && items.empty()) fail("name a card before \",...\"");
  const auto apply_step = [&](Action a, const std::string& what) {
    ActionList legal;
    legal_actions(legal);
    if (std::find(legal.begin(), legal.end(), a) == legal.end())
      fail(what + " is not a legal step here (steps name cards in card order)");
    apply(a);
  };

  if (verb == "pass") {
    no_args();
    if (g_.phase == Phase::kDiscard) fail("to discard nothing, write \"discard\"");
    if (g_.phase == Phase::kBlock) fail("to block nothing, write \"block\"");
    apply(make_action(Op::kPass));
    return;
  }
  if (verb == "scout") {
    need_phase(g_.phase == Phase::kScout, "in the scout phase");
    const auto sp = rest.find(' ');
    if (sp == std::string::npos) fail("write \"scout CARD hand\", \"deck1\" or \"deck2\"");
    const std::uint8_t k = card_of(std::string(trim(rest.substr(0, sp))));
    const std::string target(trim(rest.substr(sp)));
    const auto it = std::find(kScoutTargets.begin(), kScoutTargets.end(), target);
    if (it == kScoutTargets.end())
      fail("unknown scout target \"" + target + "\" (hand, deck1 or deck2)");
    if (((t.scout_bits >> k) & 1U) == 0) fail(cards_->name(k) + " has no Scout trait");
    in_hand(k);
    apply(make_action(Op::kScout, k, static_cast<unsigned>(it - kScoutTargets.begin())));
    return;
  }
  if (verb == "discard") {
    need_phase(g_.phase == Phase::kDiscard, "in the discard phase");
    for (const auto& item : items) {
      const std::uint8_t k = card_of(item);
      if (step) {
        apply_step(make_action(Op::kDiscardStep, k), "discard " + item);
      } else {
        in_hand(k);
        hand_out_public(me, k);
        add_reserve(me, k);
      }
    }
    if (!step) apply(make_action(Op::kDiscardEnd));
    return;
  }
  if (verb == "rally") {
    need_phase(g_.phase == Phase::kDraw, "in the draw phase");
    const std::uint8_t k = card_of(rest);
    if (pl(me).hand[t.card(Effect::kRally)] == 0) fail("no rally card in hand");
    if (pl(me).casualties[k] == 0)
      fail(cards_->name(k) + " is not in player " + std::to_string(me) + "'s casualty pile");
    if (k == t.card(Effect::kRally)) fail("rallying a rally card changes nothing");
    apply(make_action(Op::kRally, k));
    return;
  }
  if (verb == "difficult-terrain") {
    no_args();
    need_phase(g_.phase == Phase::kFlank && me != A, "in the opponent's flank phase");
    if (pl(me).hand[t.card(Effect::kDifficultTerrain)] == 0)
      fail("no difficult-terrain card in hand");
    if (b.no_attack) fail("difficult-terrain is already in play this turn");
    apply(make_action(Op::kDifficultTerrain));
    return;
  }
  if (verb == "reserve") {
    no_args();
    need_phase(g_.phase == Phase::kFlank, "in a flank phase");
    if (pl(me).hand[t.card(Effect::kReserve)] == 0) fail("no reserve card in hand");
    apply(make_action(Op::kReserve));
    return;
  }
  if (verb == "flank") {
    need_phase(g_.phase == Phase::kFlank && me == A, "in the active player's flank window");
    if (b.no_attack) fail("difficult-terrain: no flanking this turn");
    if (items.empty() || step) fail("write \"flank CARD,CARD,...\" naming at least one card");
    std::uint8_t top = g_.floor == kNoCard ? 0 : g_.floor;
    for (const auto& item : items) {
      const std::uint8_t k = card_of(item);
      if (((t.flank_bits >> k) & 1U) == 0) fail(item + " has no Flank trait and is not outflank");
      in_hand(k);
      apply(make_action(Op::kFlank, k));
      top = std::max(top, k);
    }
    g_.floor = top;
    return;
  }
  if (verb == "siege") {
    need_phase(g_.phase == Phase::kArtillery, "in the artillery phase");
    const std::uint8_t k = card_of(rest);
    if (((t.siege_bits >> k) & 1U) == 0) fail(rest + " is not Siege Artillery");
    if (b.siege_used) fail("one Siege Artillery card per turn");
    in_hand(k);
    apply(make_action(Op::kSiege, k));
    return;
  }
  if (verb == "break-morale") {
    no_args();
    need_phase(g_.phase == Phase::kArtillery, "in the artillery phase");
    if (pl(me).hand[t.card(Effect::kBreakMorale)] == 0) fail("no break-morale card in hand");
    if (b.no_block) fail("break-morale is already in play this turn");
    apply(make_action(Op::kBreakMorale));
    return;
  }
  if (verb == "attack") {
    need_phase(g_.phase == Phase::kAttack, "in the attack phase");
    if (b.no_attack) fail("difficult-terrain: no attack this turn");
    if (items.empty()) fail("name at least one attacker (to attack with none, write \"pass\")");
    for (const auto& item : items) {
      const std::uint8_t k = card_of(item);
      if (step) {
        apply_step(make_action(Op::kAttackStep, k), "attack " + item);
        continue;
      }
      if (!t.is_unit(k)) fail(item + " is not a unit card");
      in_hand(k);
      apply(make_action(Op::kAttackStep, k));
    }
    if (!step) apply(make_action(Op::kPass));
    return;
  }
  if (verb == "block") {
    need_phase(g_.phase == Phase::kBlock, "in the block phase");
    if (b.no_block && !items.empty()) fail("break-morale: no blocking this turn");
    for (const auto& item : items) {
      const auto eq = item.find('=');
      if (eq == std::string::npos) fail("write blockers as N=CARD (got \"" + item + "\")");
      const std::string num(trim(std::string_view(item).substr(0, eq)));
      int n = 0;
      if (num.empty() || num.size() > 3 ||
          !std::all_of(num.begin(), num.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        fail("\"" + num + "\" is not an attacker number");
      n = std::stoi(num);
      if (n < 1 || n > b.attacker_count)
        fail("there is no attacker " + num + " (attackers 1 to " +
             std::to_string(b.attacker_count) + ")");
      const std::uint8_t k = card_of(std::string(trim(std::string_view(item).substr(eq + 1))));
      const Action a = make_action(Op::kBlockStep, k, static_cast<unsigned>(n - 1));
      if (step) {
        apply_step(a, "block " + item);
        continue;
      }
      if (b.blockers[n - 1] != kNoCard) fail("attacker " + num + " is already blocked");
      if (!t.is_unit(k)) fail(cards_->name(k) + " is not a unit card");
      in_hand(k);
      apply(a);
    }
    if (!step) apply(make_action(Op::kBlockEnd));
    return;
  }
  if (verb == "play") {
    need_phase(g_.phase == Phase::kTactics, "in the tactics window of the attack phase");
    const auto sp = rest.find(' ');
    if (sp == std::string::npos) fail("write \"play TACTIC N\", \"aN\" or \"bN\"");
    const std::uint8_t k = card_of(std::string(trim(rest.substr(0, sp))));
    std::string target(trim(rest.substr(sp)));
    const Effect e = t.effect_of(k);
    if (e != Effect::kOverrun && e != Effect::kBloodlust && e != Effect::kShields &&
        e != Effect::kDefensibleTerrain && e != Effect::kTreacherousTerrain)
      fail(cards_->name(k) + " is not played in the attack phase");
    bool on_blocker = false;
    if (e == Effect::kBloodlust) {
      if (target.empty() || (target[0] != 'a' && target[0] != 'b'))
        fail("bloodlust names an attacker or a blocker: aN or bN");
      on_blocker = target[0] == 'b';
      target.erase(0, 1);
    }
    if (target.empty() || target.size() > 3 ||
        !std::all_of(target.begin(), target.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
      fail("\"" + target + "\" is not a combat number");
    const int n = std::stoi(target);
    if (n < 1 || n > b.attacker_count)
      fail("there is no combat " + target + " (combats 1 to " + std::to_string(b.attacker_count) +
           ")");
    in_hand(k);
    const std::uint8_t attacker = b.attackers[n - 1];
    const std::uint8_t blocker = b.blockers[n - 1];
    if (on_blocker && blocker == kNoCard) fail("attacker " + target + " is not blocked");
    std::string types;
    for (std::size_t ty = 0; ty < cards_->type_codes.size(); ++ty)
      if ((t.types[k] >> ty) & 1U) types += (types.empty() ? "" : "/") + cards_->type_codes[ty];
    if ((e == Effect::kShields || e == Effect::kDefensibleTerrain) &&
        (blocker == kNoCard || ((t.types[k] >> t.type[blocker]) & 1U) == 0))
      fail(cards_->name(k) + " needs a blocker of type " + types + " in combat " + target);
    if (e == Effect::kTreacherousTerrain && ((t.types[k] >> t.type[attacker]) & 1U) == 0)
      fail(cards_->name(k) + " needs an attacker of type " + types + " in combat " + target);
    apply(make_action(Op::kPlay, k, static_cast<unsigned>(n - 1), on_blocker ? 1U : 0U));
    return;
  }
  fail("unknown action \"" + verb + "\"");
}

}  // namespace ancients::generals
