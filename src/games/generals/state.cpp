// GeneralsState basics: a new game, equality, hashing, the consistency check, and the card
// movements every rule is made of (those of every move inline in state.h). Each movement keeps the
// per-kind counts, their bit sets and both players' knowledge of the hidden cards exact, so the
// rules code above never has to.
#include <algorithm>
#include <bit>
#include <string>

#include "core/errors.h"
#include "games/generals/state.h"

namespace ancients::generals {

std::string_view phase_name(Phase phase) {
  static constexpr std::array<std::string_view, 9> kNames = {
      "scout", "discard", "draw", "flank", "artillery", "attack", "block", "tactics", "over"};
  return kNames[static_cast<int>(phase)];
}

// ---------------------------------------------------------------------------------------------
// Card movements (the ones every move makes are inline, in state.h)

void GeneralsState::recount_hand(PlayerCards& P, const CardTable& t) {
  P.hand_damage = P.hand_tactics = 0;
  for (int k = 0; k < kMaxKinds; ++k)
    for (int n = 0; n < P.hand[k]; ++n) count_hand_card(P, t, static_cast<std::uint8_t>(k), 1);
}

void GeneralsState::deal_next(int p) {
  const int i = p - 1;
  const int j = 2 - p;
  const int undealt = g_.unresolved[i];
  const int bound = g_.unresolved_bound[i];
  const int free_mine = undealt - bound;
  const int free_other = g_.unresolved[j] - g_.unresolved_bound[j];
  std::uint8_t* mine = g_.players[i].deck.data();
  std::uint8_t* const slot = mine + undealt - 1;
  // Two draws from one word of the stream (its halves, scaled by multiply-shift as Rng::below
  // does): which of p's undealt places' cards, and which free card when it is a free one.
  const std::uint64_t word = g_.rng();
  const auto r = static_cast<int>(((word >> 32) * static_cast<std::uint64_t>(undealt)) >> 32);
  if (r < bound) {  // one of p's known cards: to the top of the known ones, then into the slot
    std::swap(mine[r], mine[bound - 1]);
    std::swap(mine[bound - 1], *slot);
    g_.unresolved_bound[i] = static_cast<std::uint8_t>(bound - 1);
  } else if (free_other == 0) {
    std::swap(mine[r], *slot);  // r is one of p's free places, each as likely
  } else {
    const auto f = static_cast<int>(
        ((word & 0xFFFFFFFFULL) * static_cast<std::uint64_t>(free_mine + free_other)) >> 32);
    std::uint8_t* card = f < free_mine
                             ? mine + bound + f
                             : g_.players[j].deck.data() + g_.unresolved_bound[j] + (f - free_mine);
    std::swap(*card, *slot);
  }
  g_.unresolved[i] = static_cast<std::uint8_t>(undealt - 1);
}

void GeneralsState::deal_top(int cards) {
  const auto needs = [&](int p) {
    return g_.unresolved[p - 1] > std::max(0, pl(p).deck_size - cards);
  };
  while (needs(1) || needs(2))
    for (int p = 1; p <= 2; ++p)
      if (g_.unresolved[p - 1] > 0) deal_next(p);
}

void GeneralsState::reshuffle(int p) {
  // The reshuffle draws from the state's stream: every undealt card is dealt first, so that
  // the stream is at the same place for it whatever was dealt before.
  if ((g_.unresolved[0] | g_.unresolved[1]) != 0) deal_rest();
  PlayerCards& P = pl(p);
  int n = 0;
  for (int k = 0; k < tab().kinds; ++k) {
    const std::uint8_t c = P.reserve[k];
    if (c == 0) continue;
    // The reserve was face up: both players know these cards are now the deck.
    g_.known[0].hidden[p - 1][k] = static_cast<std::uint8_t>(g_.known[0].hidden[p - 1][k] + c);
    g_.known[1].hidden[p - 1][k] = static_cast<std::uint8_t>(g_.known[1].hidden[p - 1][k] + c);
    for (int i = 0; i < c; ++i) P.deck[n++] = static_cast<std::uint8_t>(k);
    P.reserve[k] = 0;
  }
  P.deck_size = static_cast<std::uint8_t>(n);
  P.reserve_size = 0;
  shuffle(P.deck.data(), static_cast<std::size_t>(n), g_.rng);
}

void GeneralsState::reach_top(int p) {
  if (pl(p).deck_size == 0) reshuffle(p);
  if (g_.unresolved[p - 1] == pl(p).deck_size) deal_top(1);  // a determinization's undealt top
}

void GeneralsState::scout(int p, int target) {
  Knowledge& k = g_.known[p - 1];
  if (target == 0) {
    const int o = 3 - p;
    const PlayerCards& O = pl(o);
    // Only the kinds in the hand: elsewhere the hand and the known cards are both none (a
    // known hand card is always in the hand, see check()), and nothing changes.
    for (std::uint64_t bits = O.hand_bits; bits != 0; bits &= bits - 1) {
      const int c = __builtin_ctzll(bits);
      const int newly = O.hand[c] - k.opp_hand[c];
      k.hidden[o - 1][c] = static_cast<std::uint8_t>(std::max(0, k.hidden[o - 1][c] - newly));
      k.opp_hand[c] = O.hand[c];
    }
    k.opp_hand_size = O.hand_size;
    return;
  }
  if (g_.unresolved[target - 1] != 0) deal_top(tab().scout_cards);
  const PlayerCards& D = pl(target);
  const int seen = std::min<int>(tab().scout_cards, D.deck_size);
  for (int i = k.top[target - 1]; i < seen; ++i) {
    const std::uint8_t card = D.deck[D.deck_size - 1 - i];
    if (k.hidden[target - 1][card] > 0) --k.hidden[target - 1][card];
  }
  k.top[target - 1] = static_cast<std::uint8_t>(std::max<int>(k.top[target - 1], seen));
}

// ---------------------------------------------------------------------------------------------
// A new game

GeneralsState GeneralsState::new_game(const Cards& cards, const Options& options,
                                      std::uint64_t seed) {
  if (options.turn_limit < 1 || options.turn_limit > 1000000)
    throw BadInput("ancient-generals: turn_limit must be between 1 and 1000000");
  if (options.first_player < 0 || options.first_player > 2)
    throw BadInput("ancient-generals: first_player must be 1, 2 or 0 (random)");
  GeneralsState s(cards);
  GameData& g = s.g_;
  const CardTable& t = cards.table;
  Rng rng(seed);
  std::array<std::uint8_t, 2 * kMaxCards> deck{};
  int n = 0;
  for (int k = 0; k < t.kinds; ++k)
    for (int i = 0; i < cards.cards[k].count; ++i) deck[n++] = static_cast<std::uint8_t>(k);
  shuffle(deck.data(), static_cast<std::size_t>(n), rng);
  for (int p = 1; p <= 2; ++p) {
    PlayerCards& P = s.pl(p);
    for (int i = 0; i < t.deal; ++i) P.deck[i] = deck[(p - 1) * t.deal + i];
    P.deck_size = static_cast<std::uint8_t>(t.deal);
  }
  g.turn_limit = options.turn_limit;
  g.first_player = static_cast<std::uint8_t>(
      options.first_player == 0 ? 1 + rng.below(2) : static_cast<unsigned>(options.first_player));
  g.rng = rng;
  for (int p = 1; p <= 2; ++p)
    for (int i = 0; i < t.hand && !s.lost_[p - 1]; ++i) s.draw_card(p);
  g.active = g.first_player;
  g.to_act = g.first_player;
  g.phase = Phase::kScout;
  s.finish_if_lost();
  return s;
}

void GeneralsState::replace_deck_card(int player, int slot, std::uint8_t kind) {
  if (player < 1 || player > 2) throw BadInput("replace_deck_card: player must be 1 or 2");
  PlayerCards& P = pl(player);
  if (slot < 0 || slot >= P.deck_size)
    throw BadInput("replace_deck_card: player " + std::to_string(player) + "'s deck has " +
                   std::to_string(P.deck_size) + " cards, no slot " + std::to_string(slot));
  if (kind >= tab().kinds)
    throw BadInput("replace_deck_card: no card kind " + std::to_string(kind));
  for (int q = 1; q <= 2; ++q)
    if (slot >= P.deck_size - g_.known[q - 1].top[player - 1])
      throw BadInput("replace_deck_card: player " + std::to_string(q) + " has seen that card");
  if (g_.unresolved[player - 1] != 0)
    throw BadInput("replace_deck_card: a determinization's deck, not a true one");
  P.deck[static_cast<std::size_t>(slot)] = kind;
}

// ---------------------------------------------------------------------------------------------
// Comparison, hashing, consistency

bool GeneralsState::equals(const State& other) const {
  const auto* o = dynamic_cast<const GeneralsState*>(&other);
  return o != nullptr && o->cards_ == cards_ && o->g_ == g_;
}

namespace {
struct Hasher {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void bytes(const void* data, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ULL;
  }
  void word(std::uint64_t w) { bytes(&w, sizeof w); }
};
}  // namespace

std::uint64_t GeneralsState::hash() const {
  Hasher h;
  for (const PlayerCards& P : g_.players) {
    h.bytes(P.hand.data(), P.hand.size());
    h.bytes(P.reserve.data(), P.reserve.size());
    h.bytes(P.casualties.data(), P.casualties.size());
    h.bytes(P.deck.data(), P.deck_size);
    h.word(P.deck_size);
    h.word(P.flank);
  }
  for (const Knowledge& k : g_.known) {
    h.bytes(k.opp_hand.data(), k.opp_hand.size());
    for (const auto& hidden : k.hidden) h.bytes(hidden.data(), hidden.size());
    h.bytes(k.top.data(), k.top.size());
  }
  const Battle& b = g_.battle;
  h.bytes(b.attackers.data(), b.attacker_count);
  h.bytes(b.blockers.data(), b.attacker_count);
  for (int i = 0; i < b.tactic_count; ++i) h.word(b.tactics[i]);
  h.word(b.attacker_count);
  h.word(static_cast<std::uint64_t>(b.passes) | (std::uint64_t{b.no_attack} << 8) |
         (std::uint64_t{b.no_block} << 9) | (std::uint64_t{b.siege_used} << 10));
  for (const auto w : g_.rng.words()) h.word(w);
  h.word(static_cast<std::uint64_t>(g_.turn));
  h.word(static_cast<std::uint64_t>(g_.turn_limit));
  h.word(std::uint64_t{g_.first_player} | (std::uint64_t{g_.active} << 8) |
         (std::uint64_t{g_.to_act} << 16) | (std::uint64_t(g_.phase) << 24) |
         (std::uint64_t(static_cast<std::uint8_t>(g_.winner)) << 32) |
         (std::uint64_t{g_.floor} << 40));
  return h.h;
}

std::string GeneralsState::check() const {
  const CardTable& t = tab();
  const Battle& b = g_.battle;
  std::array<int, 2> owned{};
  for (int p = 1; p <= 2; ++p) {
    const PlayerCards& P = pl(p);
    const std::string who = "player " + std::to_string(p) + ": ";
    int hand = 0, reserve = 0, casualties = 0;
    for (int k = 0; k < kMaxKinds; ++k) {
      if (k >= t.kinds && (P.hand[k] || P.reserve[k] || P.casualties[k]))
        return who + "card kind out of range";
      hand += P.hand[k];
      reserve += P.reserve[k];
      casualties += P.casualties[k];
      if (((P.hand_bits >> k) & 1U) != (P.hand[k] > 0 ? 1U : 0U)) return who + "hand bits";
      if (((P.casualty_bits >> k) & 1U) != (P.casualties[k] > 0 ? 1U : 0U))
        return who + "casualty bits";
    }
    if (hand != P.hand_size || reserve != P.reserve_size || casualties != P.casualty_size)
      return who + "pile sizes";
    PlayerCards recounted = P;
    recount_hand(recounted, t);
    if (recounted.hand_damage != P.hand_damage || recounted.hand_tactics != P.hand_tactics)
      return who + "hand sums";
    for (int i = 0; i < kMaxCards; ++i) {
      if (i < P.deck_size && P.deck[i] >= t.kinds) return who + "deck card out of range";
      if (i >= P.deck_size && P.deck[i] != 0) return who + "stale deck slot";
    }
    owned[p - 1] = P.deck_size + hand + reserve + casualties;
  }
  for (int i = 0; i < kMaxCards; ++i) {
    if (i < b.attacker_count) {
      if (!t.is_unit(b.attackers[i])) return "battle: attacker is not a unit";
      if (b.blockers[i] != kNoCard && !t.is_unit(b.blockers[i]))
        return "battle: blocker is not a unit";
      ++owned[g_.active - 1];
      if (b.blockers[i] != kNoCard) ++owned[2 - g_.active];
    } else if (b.attackers[i] != 0 || b.blockers[i] != 0) {
      return "battle: stale combat slot";
    }
  }
  for (int i = 0; i < 2 * kMaxCards; ++i) {
    if (i >= b.tactic_count) {
      if (b.tactics[i] != 0) return "battle: stale tactic slot";
      continue;
    }
    const std::uint16_t tc = b.tactics[i];
    if (tactic_card(tc) >= t.kinds || tactic_combat(tc) >= b.attacker_count)
      return "battle: tactic out of range";
    if (tactic_on_blocker(tc) && b.blockers[tactic_combat(tc)] == kNoCard)
      return "battle: tactic on a missing blocker";
  }
  for (int p = 0; p < 2; ++p)
    if (owned[p] > kMaxCards)
      return "player " + std::to_string(p + 1) + " has more than " + std::to_string(kMaxCards) +
             " cards";
  // Knowledge: each claim must hold of the true cards.
  for (int v = 1; v <= 2; ++v) {
    const Knowledge& k = g_.known[v - 1];
    const PlayerCards& O = pl(3 - v);
    const std::string who = "knowledge of player " + std::to_string(v) + ": ";
    int known = 0;
    for (int c = 0; c < kMaxKinds; ++c) {
      if (k.opp_hand[c] > O.hand[c]) return who + "a known hand card is not in the hand";
      known += k.opp_hand[c];
    }
    if (known != k.opp_hand_size) return who + "hand size";
    for (int x = 1; x <= 2; ++x) {
      const PlayerCards& X = pl(x);
      if (k.top[x - 1] > X.deck_size) return who + "more deck cards known than the deck holds";
      // The cards of x hidden from v: deck below the known top, and (x != v) unknown hand.
      std::array<int, kMaxKinds> region{};
      for (int i = 0; i < X.deck_size - k.top[x - 1]; ++i) ++region[X.deck[i]];
      if (x != v)
        for (int c = 0; c < kMaxKinds; ++c) region[c] += X.hand[c] - k.opp_hand[c];
      for (int c = 0; c < kMaxKinds; ++c)
        if (k.hidden[x - 1][c] > region[c])
          return who + "a card known to be hidden among player " + std::to_string(x) +
                 "'s cards is not there";
    }
  }
  // Phase and player to act.
  const bool over = g_.phase == Phase::kOver;
  if (over != (g_.winner != kNotOver)) return "winner and phase disagree";
  if (over != (g_.to_act == 0)) return "to_act and phase disagree";
  if (g_.active != 1 && g_.active != 2) return "active must be 1 or 2";
  if (g_.to_act > 2) return "to_act must be 1 or 2";
  const int A = g_.active;
  switch (g_.phase) {
    case Phase::kScout:
    case Phase::kDiscard:
    case Phase::kArtillery:
    case Phase::kAttack:
      if (g_.to_act != A) return "in this phase the active player acts";
      break;
    case Phase::kBlock:
      if (g_.to_act != 3 - A) return "in the block phase the defender acts";
      break;
    default:
      break;
  }
  const bool battle_phase =
      g_.phase == Phase::kAttack || g_.phase == Phase::kBlock || g_.phase == Phase::kTactics;
  if (b.attacker_count > 0 && !battle_phase) return "attackers outside the attack phase";
  if ((g_.phase == Phase::kBlock || g_.phase == Phase::kTactics) && b.attacker_count == 0)
    return "no attackers in the block or tactics phase";
  bool blocked = false;
  for (int i = 0; i < b.attacker_count; ++i) blocked |= b.blockers[i] != kNoCard;
  if (blocked && g_.phase == Phase::kAttack) return "blockers before the block phase";
  if (b.tactic_count > 0 && g_.phase != Phase::kTactics) return "tactics outside the tactics phase";
  if (b.passes > 1 || (b.passes > 0 && g_.phase != Phase::kTactics)) return "passes";
  if (b.no_attack && b.attacker_count > 0) return "attackers despite difficult-terrain";
  if (b.no_block && blocked) return "blockers despite break-morale";
  if (g_.floor != kNoCard) {
    if (g_.floor >= t.kinds) return "floor out of range";
    if (g_.phase != Phase::kDiscard && !(g_.phase == Phase::kFlank && g_.to_act == A))
      return "a floor only in the discard phase and the active player's flank window";
  }
  if (g_.turn < 1 || g_.turn > g_.turn_limit) return "turn must be between 1 and turn_limit";
  if (!over)
    for (int p = 1; p <= 2; ++p)
      if (pl(p).deck_size + pl(p).reserve_size == 0)
        return "player " + std::to_string(p) +
               " has no cards in deck or reserve, so the game is over";
  return {};
}

}  // namespace ancients::generals
