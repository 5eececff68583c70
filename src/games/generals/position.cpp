// Position JSON: the contract fields of positions-and-notation.md (game, turn, active, to_act,
// phase, players, battle, winner) plus the engine's extra fields: "options", "rng", "known"
// (each player's knowledge of hidden cards), "battle.siege_used" and "floor" (the search
// space's card order). Reading is strict about structure and names every fault; a position
// written here reads back to an identical state.
#include <algorithm>
#include <cstdio>
#include <type_traits>

#include "core/errors.h"
#include "core/json_writer.h"
#include "games/generals/position.h"

namespace ancients::generals {

using nlohmann::json;

namespace {

/// A list of cards written as one JSON text where the writer writes text and the cards keep
/// their names as JSON (Cards::json_names): each name or null appended to a scratch string,
/// the list then written whole (a view lists the decks' and piles' cards by the dozen);
/// otherwise (a tree) card by card. end() closes it.
template <class Writer>
class CardList {
 public:
  CardList(Writer& w, const Cards& cards)
      : w_(w),
        cards_(cards),
        as_text_(std::is_same_v<Writer, JsonWriter> &&
                 cards.json_names.size() >= static_cast<std::size_t>(cards.table.kinds)) {
    if (as_text_)
      text().assign(1, '[');
    else
      w_.begin_array();
  }
  /// Closes the list (called once, after its last card).
  void end() {
    if constexpr (std::is_same_v<Writer, JsonWriter>) {
      if (as_text_) {
        text() += ']';
        w_.raw(text());
        return;
      }
    }
    w_.end_array();
  }
  CardList(const CardList&) = delete;
  CardList& operator=(const CardList&) = delete;
  void name(int kind) {
    if (!as_text_) {
      w_.string(cards_.name(kind));
      return;
    }
    std::string& t = text();
    if (t.size() > 1) t += ',';
    t += cards_.json_names[static_cast<std::size_t>(kind)];
  }
  void null() {
    if (!as_text_) {
      w_.null();
      return;
    }
    std::string& t = text();
    t += t.size() > 1 ? ",null" : "null";
  }

 private:
  static std::string& text() {
    thread_local std::string scratch;
    return scratch;
  }
  Writer& w_;
  const Cards& cards_;
  bool as_text_;
};

template <class Writer>
void write_cards(Writer& w, const Cards& cards, const std::array<std::uint8_t, kMaxKinds>& counts) {
  CardList<Writer> list(w, cards);
  for (int k = 0; k < cards.table.kinds; ++k)
    for (int i = 0; i < counts[k]; ++i) list.name(k);
  list.end();
}

std::string hex(std::uint64_t word) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(word));
  return buf;
}

}  // namespace

template <class Writer>
void write_position(Writer& w, const GeneralsState& s, int viewer,
                    const std::array<std::uint8_t, kMaxKinds>* unseen, bool spectator) {
  const GameData& g = s.data();
  const Cards& cards = s.cards();
  // A spectator reads player 1's view (viewer 1) less the knowledge and the names of every
  // hand and deck card (their places only, as nulls), and "viewer": 0.
  const auto card_or_null = [&](CardList<Writer>& list, std::uint8_t k) {
    if (k == kUnknownCard || spectator)
      list.null();
    else
      list.name(k);
  };
  w.begin_object();
  w.key("game").string("ancient-generals");
  w.key("options").begin_object();
  w.key("turn_limit").integer(g.turn_limit);
  w.key("first_player").integer(g.first_player);
  w.end_object();
  w.key("turn").integer(g.turn);
  w.key("active").integer(g.active);
  w.key("to_act");
  if (g.to_act == 0)
    w.null();
  else
    w.integer(g.to_act);
  w.key("phase").string(phase_name(g.phase));
  if (viewer != 0 && !spectator) w.key("view").integer(viewer);
  w.key("players").begin_object();
  for (int p = 1; p <= 2; ++p) {
    const PlayerCards& P = g.players[p - 1];
    w.key(std::to_string(p)).begin_object();
    w.key("deck");
    {
      CardList<Writer> deck(w, cards);
      for (int i = P.deck_size - 1; i >= 0; --i) card_or_null(deck, P.deck[i]);
      deck.end();
    }
    w.key("hand");
    {
      CardList<Writer> hand(w, cards);
      int listed = 0;
      for (int k = 0; k < cards.table.kinds; ++k)
        for (int i = 0; i < P.hand[k]; ++i, ++listed)
          card_or_null(hand, static_cast<std::uint8_t>(k));
      for (; listed < P.hand_size; ++listed) hand.null();
      hand.end();
    }
    w.key("reserve");
    write_cards(w, cards, P.reserve);
    w.key("casualties");
    write_cards(w, cards, P.casualties);
    w.key("flank").integer(P.flank);
    w.end_object();
  }
  w.end_object();
  const Battle& b = g.battle;
  w.key("battle").begin_object();
  w.key("attackers").begin_array();
  for (int i = 0; i < b.attacker_count; ++i) w.string(cards.name(b.attackers[i]));
  w.end_array();
  w.key("blockers").begin_object();
  for (int i = 0; i < b.attacker_count; ++i) {
    w.key(std::to_string(i + 1));
    if (b.blockers[i] == kNoCard)
      w.null();
    else
      w.string(cards.name(b.blockers[i]));
  }
  w.end_object();
  w.key("tactics").begin_array();
  for (int i = 0; i < b.tactic_count; ++i) {
    const std::uint16_t tc = b.tactics[i];
    const std::uint8_t c = tactic_card(tc);
    std::string on = std::to_string(tactic_combat(tc) + 1);
    if (cards.cards[c].effect == Effect::kBloodlust) on = (tactic_on_blocker(tc) ? "b" : "a") + on;
    w.begin_object();
    w.key("player").integer(tactic_player(tc));
    w.key("card").string(cards.name(c));
    w.key("on").string(on);
    w.end_object();
  }
  w.end_array();
  w.key("passes").integer(b.passes);
  w.key("no_attack").boolean(b.no_attack);
  w.key("no_block").boolean(b.no_block);
  w.key("siege_used").boolean(b.siege_used);
  w.end_object();
  if (g.floor != kNoCard) w.key("floor").string(cards.name(g.floor));
  if (!spectator) {
    w.key("known").begin_object();
    for (int v = 1; v <= 2; ++v) {
      const Knowledge& k = g.known[v - 1];
      w.key(std::to_string(v)).begin_object();
      w.key("hand");
      write_cards(w, cards, k.opp_hand);
      w.key("top").begin_object();
      w.key("1").integer(k.top[0]);
      w.key("2").integer(k.top[1]);
      w.end_object();
      // A view shows its player's own lower bounds only: the opponent's depend on cards the
      // player has not seen.
      if (viewer == 0 || viewer == v) {
        w.key("hidden").begin_object();
        w.key("1");
        write_cards(w, cards, k.hidden[0]);
        w.key("2");
        write_cards(w, cards, k.hidden[1]);
        w.end_object();
      }
      w.end_object();
    }
    w.end_object();
    if (viewer == 0) {
      w.key("rng").begin_array();
      for (const auto word : g.rng.words()) w.string(hex(word));
      w.end_array();
    } else if (unseen != nullptr) {
      w.key("unseen");
      write_cards(w, cards, *unseen);
    }
  }
  w.key("winner");
  if (g.winner == kNotOver)
    w.null();
  else if (g.winner == kDraw)
    w.string("draw");
  else
    w.integer(static_cast<int>(g.winner));
  // "viewer" as in every game's views (a player's also keeps "view", its first name).
  if (spectator)
    w.key("viewer").integer(0);
  else if (viewer != 0)
    w.key("viewer").integer(viewer);
  w.end_object();
}
template void write_position(JsonWriter&, const GeneralsState&, int,
                             const std::array<std::uint8_t, kMaxKinds>*, bool);
template void write_position(JsonTreeWriter&, const GeneralsState&, int,
                             const std::array<std::uint8_t, kMaxKinds>*, bool);

json write_position(const GeneralsState& s, int viewer,
                    const std::array<std::uint8_t, kMaxKinds>* unseen) {
  return json_tree([&](auto& w) { write_position(w, s, viewer, unseen, false); });
}

json GeneralsState::to_json() const {
  return write_position(*this, 0, nullptr);
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Reads a position into a state, naming the path of the first fault.
struct PositionReader {
  const Cards& cards;
  GeneralsState s;

  explicit PositionReader(const Cards& c) : cards(c), s(c) {}

  [[noreturn]] static void bad(const std::string& path, const std::string& message) {
    throw BadInput("position: " + (path.empty() ? "" : path + ": ") + message);
  }

  static const json& field(const json& obj, const std::string& key, const std::string& path) {
    const auto it = obj.find(key);
    if (it == obj.end()) bad(path, "missing \"" + key + "\"");
    return *it;
  }

  static std::int64_t integer(const json& v, const std::string& path, std::int64_t lo,
                              std::int64_t hi) {
    if (!v.is_number_integer()) bad(path, "must be an integer");
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
      bad(path, "must be between " + std::to_string(lo) + " and " + std::to_string(hi));
    const auto x = v.get<std::int64_t>();
    if (x < lo || x > hi)
      bad(path, "must be between " + std::to_string(lo) + " and " + std::to_string(hi));
    return x;
  }

  static bool boolean(const json& obj, const std::string& key, const std::string& path) {
    const auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return false;
    if (!it->is_boolean()) bad(path + "." + key, "must be true or false");
    return it->get<bool>();
  }

  std::uint8_t card(const json& v, const std::string& path) const {
    if (!v.is_string()) bad(path, "must be a card name");
    const int k = cards.find(v.get<std::string>());
    if (k < 0) bad(path, "unknown card \"" + v.get<std::string>() + "\"");
    return static_cast<std::uint8_t>(k);
  }

  std::vector<std::uint8_t> cards_of(const json& v, const std::string& path) const {
    if (!v.is_array()) bad(path, "must be a list of card names");
    if (v.size() > kMaxCards) bad(path, "more than " + std::to_string(kMaxCards) + " cards");
    std::vector<std::uint8_t> out;
    for (std::size_t i = 0; i < v.size(); ++i)
      out.push_back(card(v[i], path + "[" + std::to_string(i) + "]"));
    return out;
  }

  static int player_number(const json& v, const std::string& path) {
    return static_cast<int>(integer(v, path, 1, 2));
  }

  void read_player(const json& v, int p) {
    const std::string path = "players." + std::to_string(p);
    if (!v.is_object()) bad(path, "must be an object");
    PlayerCards& P = s.pl(p);
    const auto deck = cards_of(field(v, "deck", path), path + ".deck");
    P.deck_size = static_cast<std::uint8_t>(deck.size());
    for (std::size_t i = 0; i < deck.size(); ++i) P.deck[deck.size() - 1 - i] = deck[i];
    for (const auto k : cards_of(field(v, "hand", path), path + ".hand")) s.add_hand(p, k);
    for (const auto k : cards_of(field(v, "reserve", path), path + ".reserve")) s.add_reserve(p, k);
    for (const auto k : cards_of(field(v, "casualties", path), path + ".casualties"))
      s.add_casualty(p, k);
    P.flank =
        static_cast<std::uint16_t>(integer(field(v, "flank", path), path + ".flank", 0, 10000));
  }

  void read_battle(const json& v) {
    Battle& b = s.g_.battle;
    if (v.is_null()) return;
    if (!v.is_object()) bad("battle", "must be an object or null");
    if (const auto it = v.find("attackers"); it != v.end()) {
      const auto list = cards_of(*it, "battle.attackers");
      for (const auto k : list) {
        if (!cards.table.is_unit(k)) bad("battle.attackers", cards.name(k) + " is not a unit");
        b.attackers[b.attacker_count] = k;
        b.blockers[b.attacker_count] = kNoCard;
        ++b.attacker_count;
      }
    }
    if (const auto it = v.find("blockers"); it != v.end() && !it->is_null()) {
      if (!it->is_object()) bad("battle.blockers", "must be an object");
      for (const auto& [key, value] : it->items()) {
        const std::string path = "battle.blockers." + key;
        int n = 0;
        if (key.empty() || key.size() > 3 ||
            !std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
            (n = std::stoi(key)) < 1 || n > b.attacker_count)
          bad(path, "no attacker numbered \"" + key + "\"");
        if (value.is_null()) continue;
        const std::uint8_t k = card(value, path);
        if (!cards.table.is_unit(k)) bad(path, cards.name(k) + " is not a unit");
        b.blockers[n - 1] = k;
      }
    }
    if (const auto it = v.find("tactics"); it != v.end() && !it->is_null()) {
      if (!it->is_array()) bad("battle.tactics", "must be a list");
      if (it->size() > 2 * kMaxCards) bad("battle.tactics", "too many tactics");
      for (std::size_t i = 0; i < it->size(); ++i) read_tactic((*it)[i], i);
    }
    if (const auto it = v.find("passes"); it != v.end() && !it->is_null())
      b.passes = static_cast<std::uint8_t>(integer(*it, "battle.passes", 0, 1));
    b.no_attack = boolean(v, "no_attack", "battle");
    b.no_block = boolean(v, "no_block", "battle");
    b.siege_used = boolean(v, "siege_used", "battle");
  }

  void read_tactic(const json& v, std::size_t i) {
    Battle& b = s.g_.battle;
    const std::string path = "battle.tactics[" + std::to_string(i) + "]";
    if (!v.is_object()) bad(path, "must be an object {\"player\", \"card\", \"on\"}");
    const int player = player_number(field(v, "player", path), path + ".player");
    const std::uint8_t k = card(field(v, "card", path), path + ".card");
    const Effect e = cards.table.effect_of(k);
    if (e != Effect::kOverrun && e != Effect::kBloodlust && e != Effect::kShields &&
        e != Effect::kDefensibleTerrain && e != Effect::kTreacherousTerrain)
      bad(path + ".card", cards.name(k) + " is not played in a battle");
    const json& on = field(v, "on", path);
    if (!on.is_string()) bad(path + ".on", "must be a string: \"N\", \"aN\" or \"bN\"");
    std::string target = on.get<std::string>();
    bool on_blocker = false;
    if (e == Effect::kBloodlust) {
      if (target.empty() || (target[0] != 'a' && target[0] != 'b'))
        bad(path + ".on", "bloodlust names \"aN\" or \"bN\"");
      on_blocker = target[0] == 'b';
      target.erase(0, 1);
    }
    int n = 0;
    if (target.empty() || target.size() > 3 ||
        !std::all_of(target.begin(), target.end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        (n = std::stoi(target)) < 1 || n > b.attacker_count)
      bad(path + ".on", "no combat \"" + on.get<std::string>() + "\"");
    if (on_blocker && b.blockers[n - 1] == kNoCard)
      bad(path + ".on", "attacker " + std::to_string(n) + " is not blocked");
    b.tactics[b.tactic_count++] = pack_tactic(k, player, on_blocker, static_cast<unsigned>(n - 1));
  }

  void read_known(const json& v) {
    if (v.is_null()) return;
    if (!v.is_object()) bad("known", "must be an object");
    for (int p = 1; p <= 2; ++p) {
      const auto it = v.find(std::to_string(p));
      if (it == v.end() || it->is_null()) continue;
      const std::string path = "known." + std::to_string(p);
      if (!it->is_object()) bad(path, "must be an object");
      Knowledge& k = s.g_.known[p - 1];
      if (const auto h = it->find("hand"); h != it->end())
        for (const auto c : cards_of(*h, path + ".hand")) {
          ++k.opp_hand[c];
          ++k.opp_hand_size;
        }
      if (const auto top = it->find("top"); top != it->end() && !top->is_null()) {
        if (!top->is_object()) bad(path + ".top", "must be an object {\"1\": N, \"2\": N}");
        for (int x = 1; x <= 2; ++x)
          if (const auto n = top->find(std::to_string(x)); n != top->end())
            k.top[x - 1] = static_cast<std::uint8_t>(
                integer(*n, path + ".top." + std::to_string(x), 0, kMaxCards));
      }
      if (const auto hidden = it->find("hidden"); hidden != it->end() && !hidden->is_null()) {
        if (!hidden->is_object()) bad(path + ".hidden", "must be an object of card lists");
        for (int x = 1; x <= 2; ++x)
          if (const auto list = hidden->find(std::to_string(x)); list != hidden->end())
            for (const auto c : cards_of(*list, path + ".hidden." + std::to_string(x)))
              ++k.hidden[x - 1][c];
      }
    }
  }

  void read_rng(const json& v) {
    if (!v.is_array() || v.size() != 4) bad("rng", "must be a list of 4 hexadecimal strings");
    std::array<std::uint64_t, 4> words{};
    for (std::size_t i = 0; i < 4; ++i) {
      const std::string path = "rng[" + std::to_string(i) + "]";
      if (!v[i].is_string()) bad(path, "must be a hexadecimal string");
      const std::string h = v[i].get<std::string>();
      if (h.empty() || h.size() > 16 || !std::all_of(h.begin(), h.end(), [](char c) {
            return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
          }))
        bad(path, "must be 1 to 16 hexadecimal digits");
      words[i] = std::stoull(h, nullptr, 16);
    }
    if (words == std::array<std::uint64_t, 4>{}) bad("rng", "must not be all zero");
    s.g_.rng.set_words(words);
  }

  void read(const json& j) {
    if (!j.is_object()) bad("", "expected a JSON object");
    const json& game = field(j, "game", "");
    if (!game.is_string() || game.get<std::string>() != "ancient-generals")
      bad("game", "must be \"ancient-generals\"");
    GameData& g = s.g_;
    if (const auto it = j.find("options"); it != j.end() && !it->is_null()) {
      if (!it->is_object()) bad("options", "must be an object");
      if (const auto t = it->find("turn_limit"); t != it->end())
        g.turn_limit = static_cast<std::int32_t>(integer(*t, "options.turn_limit", 1, 1000000));
      if (const auto f = it->find("first_player"); f != it->end())
        g.first_player = static_cast<std::uint8_t>(player_number(*f, "options.first_player"));
    }
    g.turn = static_cast<std::int32_t>(integer(field(j, "turn", ""), "turn", 1, 1000000));
    g.active = static_cast<std::uint8_t>(player_number(field(j, "active", ""), "active"));
    const json& to_act = field(j, "to_act", "");
    g.to_act = to_act.is_null() ? 0 : static_cast<std::uint8_t>(integer(to_act, "to_act", 0, 2));
    const json& phase = field(j, "phase", "");
    if (!phase.is_string()) bad("phase", "must be a string");
    bool found = false;
    for (int ph = 0; ph <= static_cast<int>(Phase::kOver); ++ph)
      if (phase_name(static_cast<Phase>(ph)) == phase.get<std::string>()) {
        g.phase = static_cast<Phase>(ph);
        found = true;
      }
    if (!found)
      bad("phase", "unknown phase \"" + phase.get<std::string>() +
                       "\" (scout, discard, draw, flank, artillery, attack, block, tactics, over)");
    const json& winner = field(j, "winner", "");
    if (winner.is_null())
      g.winner = kNotOver;
    else if (winner.is_string() && winner.get<std::string>() == "draw")
      g.winner = kDraw;
    else if (winner.is_number_integer())
      g.winner = static_cast<std::int8_t>(player_number(winner, "winner"));
    else
      bad("winner", "must be 1, 2, \"draw\" or null");
    const json& players = field(j, "players", "");
    if (!players.is_object()) bad("players", "must be an object with \"1\" and \"2\"");
    for (int p = 1; p <= 2; ++p) read_player(field(players, std::to_string(p), "players"), p);
    if (const auto it = j.find("battle"); it != j.end()) read_battle(*it);
    // The contract's example shows the defender answering an attack in phase "attack".
    if (g.phase == Phase::kAttack && g.to_act == 3 - g.active && g.battle.attacker_count > 0)
      g.phase = Phase::kBlock;
    if (const auto it = j.find("floor"); it != j.end() && !it->is_null())
      g.floor = card(*it, "floor");
    if (const auto it = j.find("known"); it != j.end()) read_known(*it);
    if (const auto it = j.find("rng"); it != j.end() && !it->is_null()) {
      read_rng(*it);
    } else {
      // No stream given: the reshuffles' order comes from the position itself.
      std::uint64_t h = 0xcbf29ce484222325ULL;
      for (const char c : j.dump()) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
      g.rng.reseed(h);
    }
    if (const std::string problem = s.check(); !problem.empty()) bad("", problem);
  }
};

std::string unreachable_position_problem(const GeneralsState& s) {
  const GameData& g = s.data();
  const Cards& cards = s.cards();
  std::array<int, kMaxKinds> copies{};
  for (const PlayerCards& P : g.players) {
    for (int i = 0; i < P.deck_size; ++i) ++copies[P.deck[i]];
    for (int k = 0; k < kMaxKinds; ++k) copies[k] += P.hand[k] + P.reserve[k] + P.casualties[k];
  }
  for (int i = 0; i < g.battle.attacker_count; ++i) {
    ++copies[g.battle.attackers[i]];
    if (g.battle.blockers[i] != kNoCard) ++copies[g.battle.blockers[i]];
  }
  for (int k = 0; k < cards.table.kinds; ++k)
    if (copies[k] > cards.cards[k].count)
      return "players: " + std::to_string(copies[k]) + " " + cards.name(k) +
             " cards in the decks, hands, piles and battle; the common deck holds " +
             std::to_string(cards.cards[k].count);
  return {};
}

GeneralsState GeneralsState::from_position(const json& position, const Cards& cards) {
  PositionReader reader(cards);
  reader.read(position);
  return reader.s;
}

}  // namespace ancients::generals
