// Ancient Generals' actions in structure and in words (State::action_info): the one place that
// reads an action's notation for the front ends. The structure names the verb, the cards played
// or chosen and the rest (a Scout's target, a combat); the words are a sentence from this
// position ("Play Bloodlust on the blocker of combat 2 (Cataphracts vs Hoplites)"). The log's
// hidden forms ("scout (hidden)", "discard 3 cards") read as such.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/action_fields.h"
#include "core/json_writer.h"
#include "core/words.h"
#include "games/generals/battle_words.h"
#include "games/generals/combat.h"
#include "games/generals/state.h"

namespace ancients::generals {
namespace {

using nlohmann::json;

std::string titles(const std::vector<std::string>& cards) {
  std::string out;
  for (const auto& c : cards) out += (out.empty() ? "" : ", ") + title_case(c);
  return out;
}

/// An action in structure and in words, as action_info writes it.
struct Info {
  std::string text, kind, words;
  std::vector<std::string> cards;  ///< "card" is the first, or null
  std::optional<std::string> arg;
  bool has_blocks = false;
  std::vector<std::pair<int, std::string>> blocks;  ///< combat and card
  /// A card played to no gain, as the position stands: "no-effect" or "helps-opponent" (the
  /// words say how); empty otherwise.
  std::string_view futile;
};

/// Writes `i` through a writer (core/json_writer.h); `offered`: without "text".
template <class Writer>
void write_info(Writer& w, const Info& i, bool offered) {
  begin_action_fields(w, offered, i.text, i.kind, i.cards, {}, i.words);  // no squares
  if (i.arg) w.key("arg").string(*i.arg);
  if (i.has_blocks) {
    w.key("blocks").begin_array();
    for (const auto& [combat, card] : i.blocks)
      w.begin_object().key("combat").integer(combat).key("card").string(card).end_object();
    w.end_array();
  }
  if (!i.futile.empty()) w.key("futile").string(i.futile);
  w.end_object();
}

/// A combat's number in an action's text ("2", "a2" for its attacker, "b2" for its blocker),
/// up to 99 (0 where none is given), or -1 where the text is no number.
int combat_number(std::string_view on) {
  if (on.starts_with("a") || on.starts_with("b")) on.remove_prefix(1);
  int n = 0;
  for (const char c : on) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
    n = n * 10 + (c - '0');
    if (n > 99) return 99;
  }
  return n;
}

/// The attacker's share of a combat as it would end: the damage dealt, a card won (+1) or
/// lost (-1); an evade or a tie 0.
int for_attacker(const CombatTotals& c) {
  switch (c.outcome) {
    case CombatOutcome::kDamage:
      return std::max(c.damage, 0);
    case CombatOutcome::kAttackerWins:
      return 1;
    case CombatOutcome::kBlockerWins:
      return -1;
    case CombatOutcome::kEvade:
    case CombatOutcome::kTie:
      break;
  }
  return 0;
}

class Describer {
 public:
  /// `logged`: the words of a log line, the action played (GeneralsState::logged_info_text).
  Describer(const GeneralsState& s, std::string_view text, int viewer, bool logged = false)
      : s_(s), viewer_(viewer), logged_(logged), w_(split_words(text)) {
    info_.text = std::string(text);
    info_.kind = w_.empty() ? "" : w_[0];
    info_.words = info_.text;
  }

  const Info& run() {
    if (w_.empty()) return info_;
    const std::string_view verb = w_[0];  // compared with literals inline, no strlen
    const std::string arg1 = w_.size() > 1 ? w_[1] : "";
    const std::string arg2 = w_.size() > 2 ? w_[2] : "";
    if (verb == "scout" || verb == "rally" || verb == "siege") {
      if (!arg1.empty() && arg1[0] != '(') cards_.push_back(arg1);
      if (!arg2.empty()) info_.arg = arg2;
    } else if (verb == "play") {
      cards_.push_back(arg1);
      info_.arg = arg2;
    } else if (verb == "block") {
      for (const auto& pair : split_on(arg1, ',')) {
        const auto eq = pair.find('=');
        if (eq != std::string::npos) {
          cards_.push_back(pair.substr(eq + 1));
          blocks_.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
        }
      }
      info_.arg = arg1;
      info_.has_blocks = true;
      for (const auto& [combat, card] : blocks_) {
        int n = 0;
        for (char c : combat)
          n = std::isdigit(static_cast<unsigned char>(c)) && n < 100 ? n * 10 + (c - '0') : n;
        info_.blocks.emplace_back(n, card);
      }
    } else if (verb == "discard" || verb == "flank" || verb == "attack") {
      for (const auto& c : split_on(arg1, ','))
        if (!c.empty() && !std::isdigit(static_cast<unsigned char>(c[0])) && c != "...")
          cards_.push_back(c);
      std::string rest;
      for (std::size_t i = 1; i < w_.size(); ++i) rest += (i > 1 ? " " : "") + w_[i];
      info_.arg = rest;
    } else if (verb == "difficult-terrain" || verb == "reserve" || verb == "break-morale") {
      cards_.emplace_back(verb);
    }
    info_.cards = cards_;
    // A tactic's effect, worked out once for its words and its mark.
    if (verb == "play") tactic_ = tactic_outcome(arg1, arg2);
    info_.words = words(verb, arg1, arg2);
    if (tactic_.known && tactic_.unchanged) info_.futile = "no-effect";
    if (tactic_.known && !tactic_.unchanged && tactic_.gain < 0) info_.futile = "helps-opponent";
    if (verb == "break-morale" && break_morale_futile()) info_.futile = "no-effect";
    return info_;
  }

 private:
  /// "combat 2 (Cataphracts vs Hoplites)" from the battle of this position.
  std::string combat(const std::string& on, bool with_blocker = true) const {
    const int i = combat_number(on);
    if (i < 0) return "combat " + on.substr(on.starts_with("a") || on.starts_with("b") ? 1 : 0);
    const Battle& b = s_.data().battle;
    const Cards& cards = s_.cards();
    std::string out = fmt::format("combat {}", i);
    if (i >= 1 && i <= b.attacker_count) {
      out += " (" + title_case(cards.name(b.attackers[i - 1]));
      if (with_blocker)
        out += b.blockers[i - 1] == kNoCard ? ", unblocked"
                                            : " vs " + title_case(cards.name(b.blockers[i - 1]));
      out += ")";
    }
    return out;
  }

  /// What the tactic of a "play" action (tactic_) would do to its combat as the battle stands,
  /// by the resolution's own sums (combat_sums): nothing, help the other player, or what the combat
  /// would then come to
  /// (" — then Player 1's Legionaires (force 8) would beat Player 2's Bowmen (force 6)"). A
  /// tactic may be played on either side's card: the words keep a player from spending one
  /// for the opponent unaware. Empty where the combat is not on the table.
  /// In a log line, only what the tactic did to no gain, in the past: the battle's resolution
  /// that follows tells how the combat came out.
  std::string tactic_effect() const {
    const TacticOutcome& t = tactic_;
    if (!t.known) return "";
    const int me = s_.data().to_act;
    if (logged_) {
      if (t.unchanged) return " \u2014 as the combat stood, it changed nothing";
      return t.gain < 0 ? fmt::format(" \u2014 it helped Player {}", 3 - me) : "";
    }
    if (t.unchanged) return " \u2014 as the combat stands, it changes nothing";
    return fmt::format(" \u2014 {}{}",
                       t.gain < 0 ? fmt::format("it helps Player {}: ", 3 - me) : "then ",
                       standing(t.combat, t.then, s_.data().battle.blockers[t.combat], &t.tactic));
  }

  /// A tactic's effect on its combat (`known` false where the combat is not on the table).
  struct TacticOutcome {
    bool known = false;
    bool unchanged = false;  ///< the same outcome and share
    int gain = 0;            ///< the change in the attacker's share, for the player (signed)
    int combat = -1;
    CombatTotals then{};
    std::uint16_t tactic = 0;  ///< the tactic, packed (pack_tactic)
  };
  TacticOutcome tactic_outcome(const std::string& card_name, const std::string& on) const {
    const GameData& g = s_.data();
    const int card = s_.cards().find(card_name);
    const int i = combat_index(on);
    if (card < 0 || i < 0 || g.to_act < 1) return {};
    const int me = g.to_act;
    const std::uint16_t tactic =
        pack_tactic(static_cast<unsigned>(card), me, on.starts_with("b"), static_cast<unsigned>(i));
    const CombatTotals was = combat_totals(s_, i);
    TacticOutcome t;
    t.known = true;
    t.combat = i;
    t.then = combat_totals(s_, i, g.battle.blockers[i], &tactic);
    t.tactic = tactic;
    t.unchanged = t.then.outcome == was.outcome && for_attacker(t.then) == for_attacker(was);
    t.gain = (for_attacker(t.then) - for_attacker(was)) * (me == g.active ? 1 : -1);
    return t;
  }

  /// Break Morale with no attack to come: Difficult Terrain stopped it, or (said to the holder
  /// only: the hand is theirs to know) the holder has no unit card to attack with (no card is
  /// drawn between the artillery and attack phases).
  bool break_morale_futile() const {
    const GameData& g = s_.data();
    if (g.battle.no_attack) return true;
    if (viewer_ != g.to_act || g.to_act < 1) return false;
    return (g.players[g.to_act - 1].hand_bits & s_.cards().table.unit_bits) == 0;
  }

  /// How a combat would end with `card_name` blocking it, as the battle stands (before the
  /// tactics), by the resolution's sums: " — then Player 2's War Wagon (force 13) would hold
  /// off Player 1's Horde (force 10), which would fall". Empty where the combat is not on the
  /// table or the card is unknown, and in a log line (the tactics came after the blocks, and
  /// the battle's resolution tells how each combat came out).
  std::string block_effect(const std::string& on, const std::string& card_name) const {
    if (logged_) return "";
    const int card = s_.cards().find(card_name);
    const int i = combat_index(on);
    if (card < 0 || i < 0) return "";
    const auto blocker = static_cast<std::uint8_t>(card);
    return " \u2014 then " + standing(i, combat_totals(s_, i, blocker, nullptr), blocker);
  }

  /// The 0-based index of the combat `on` names ("2", "a2", "b2"), or -1 where it is not on
  /// the table.
  int combat_index(const std::string& on) const {
    const int n = combat_number(on);
    return n >= 1 && n <= s_.data().battle.attacker_count ? n - 1 : -1;
  }

  /// Combat i's totals in words, "Player 1's Legionaires (force 8) would beat ...", with
  /// `blocker` as its blocker (kNoCard: unblocked).
  std::string standing(int i, const CombatTotals& totals, std::uint8_t blocker,
                       const std::uint16_t* extra_tactic = nullptr) const {
    const GameData& g = s_.data();
    const Cards& cards = s_.cards();
    const int A = g.active;
    const std::string attacker = combat_card(A, cards.name(g.battle.attackers[i]));
    return combat_standing(totals, combat_terms(s_, i, blocker, totals, extra_tactic), attacker,
                           totals.blocked ? combat_card(3 - A, cards.name(blocker)) : "");
  }

  /// A pass, named by what it passes up in the phase it is played in (a log of bare "Pass"
  /// lines said nothing). A window that stays open after a card played in it (Rally, the flank
  /// cards, the artillery, the tactics) is passed as "done with": "no Rally" read wrong after
  /// a Rally.
  std::string pass_words() const {
    const GameData& g = s_.data();
    switch (g.phase) {
      case Phase::kScout:
        return "Pass: no scouting";
      case Phase::kDraw:
        return "Pass: done with Rally";
      case Phase::kFlank:  // the defender's window offers Reserve and Difficult Terrain only
        return g.to_act == g.active ? "Pass: done with the flank phase"
                                    : "Pass: done with Reserve and Difficult Terrain";
      case Phase::kArtillery:
        return "Pass: done with the artillery phase";
      case Phase::kAttack:
        return g.battle.no_attack ? "Pass: no attack (Difficult Terrain prevents one)"
                                  : "Pass: no attack";
      case Phase::kTactics:
        return "Pass: done with tactics for now";
      default:
        return "Pass";
    }
  }

  /// The player not acting, as this reader names them: "the opponent" to the player acting,
  /// "you" to the other player, "Player N" to a spectator.
  std::string other_player() const {
    const int actor = s_.data().to_act;
    if (viewer_ == actor || actor < 1) return "the opponent";
    return viewer_ != 0 ? "you" : fmt::format("Player {}", 3 - actor);
  }

  std::string scout_words(const std::string& target) const {
    const int owner = target == "deck1" ? 1 : target == "deck2" ? 2 : 0;
    std::string what;
    if (target == "hand") {
      const std::string other = other_player();
      what = (other == "you" ? std::string("your") : other + "\u2019s") + " hand";
    } else if (owner != 0 && owner == viewer_)
      what = "the top of your deck";
    else if (owner != 0 && viewer_ != 0)
      what = "the top of the opponent\u2019s deck";
    else if (owner != 0)
      what = fmt::format("the top of player {}\u2019s deck", owner);
    else
      what = "cards";
    if (cards_.empty()) return "Scout (hidden)";
    if (logged_) return fmt::format("Scouted with {}: looked at {}", title_case(cards_[0]), what);
    return fmt::format("Scout with {}: look at {}", title_case(cards_[0]), what);
  }

  std::string words(std::string_view verb, const std::string& arg1, const std::string& arg2) const {
    // In a log line (logged_) each sentence says what was done: "Attacked with Bowmen".
    const auto did = [&](const char* now, const char* done) { return logged_ ? done : now; };
    if (verb == "scout") return scout_words(arg2);
    if (verb == "discard") {
      if (!arg1.empty() && std::isdigit(static_cast<unsigned char>(arg1[0])))
        return fmt::format("{} {} {}", did("Discard", "Discarded"), arg1, arg2);
      return fmt::format("{} {}", did("Discard", "Discarded"),
                         cards_.empty() ? std::string("nothing") : titles(cards_));
    }
    if (verb == "rally")
      return fmt::format("{}: {} {} back from the casualties", did("Rally", "Played Rally"),
                         did("take", "took"), titles(cards_));
    if (verb == "flank")
      return fmt::format("{} {}", did("Flank with", "Flanked with"), titles(cards_));
    if (verb == "siege") {
      if (!logged_)
        return fmt::format("Siege Artillery: {} (the opponent loses the top card of the deck)",
                           titles(cards_));
      // The loser named for the reader (a log line read "the opponent lost" to the player who
      // lost the card).
      const std::string loser = other_player();
      return fmt::format("Played {} as Siege Artillery: {} lost the top card of {} deck",
                         titles(cards_), loser, loser == "you" ? "your" : "the");
    }
    if (verb == "attack")
      return cards_.empty()
                 ? "No attack"
                 : fmt::format("{} {}", did("Attack with", "Attacked with"), titles(cards_));
    if (verb == "block") {
      // After Break Morale the empty block is no choice: said so (it read as the defender's).
      if (blocks_.empty())
        return s_.data().battle.no_block
                   ? "No blocks (Break Morale: no block is possible this turn)"
                   : "No blocks";
      std::string out = logged_ ? "Blocked: " : "Block: ";
      for (std::size_t k = 0; k < blocks_.size(); ++k)
        out += (k ? "; " : "") + title_case(blocks_[k].second) + did(" blocks ", " blocked ") +
               combat(blocks_[k].first, false) + block_effect(blocks_[k].first, blocks_[k].second);
      return out;
    }
    if (verb == "play") {
      const std::string who = arg2.starts_with("a")   ? "the attacker of "
                              : arg2.starts_with("b") ? "the blocker of "
                                                      : "";
      return fmt::format("{} {} on {}{}{}", did("Play", "Played"), titles(cards_), who,
                         combat(arg2), tactic_effect());
    }
    if (verb == "difficult-terrain" || verb == "reserve" || verb == "break-morale")
      return fmt::format("{} {}{}", did("Play", "Played"), title_case(verb), card_effect(verb));
    if (verb == "pass") return pass_words();
    return info_.text;
  }

  /// What Break Morale, Difficult Terrain or Reserve does, from this position (in a log line:
  /// what it did).
  std::string card_effect(std::string_view verb) const {
    const GameData& g = s_.data();
    const int opponent = 3 - g.to_act;
    const bool l = logged_;
    if (verb == "break-morale") {
      if (g.battle.no_attack)
        return l ? " \u2014 it changed nothing: there was no attack this turn (Difficult Terrain)"
                 : " \u2014 it changes nothing: there is no attack this turn (Difficult Terrain)";
      if (break_morale_futile())
        return l ? " \u2014 it changed nothing: you held no unit card to attack with"
                 : " \u2014 it changes nothing: you hold no unit card to attack with";
      // "this turn" holds in the log too: the turn is often still being played under it.
      return fmt::format(" \u2014 Player {} cannot block this turn", opponent);
    }
    if (verb == "difficult-terrain")
      return fmt::format(" \u2014 Player {} cannot flank or attack this turn", opponent);
    const CardTable& t = s_.cards().table;
    const int n = t.amount[t.card(Effect::kReserve)];
    return fmt::format(" \u2014 {} {} card{}", l ? "drew" : "draw", n, n == 1 ? "" : "s");
  }

  const GeneralsState& s_;
  int viewer_;
  bool logged_;
  std::vector<std::string> w_;
  std::vector<std::string> cards_;
  std::vector<std::pair<std::string, std::string>> blocks_;
  Info info_;
  TacticOutcome tactic_;  ///< a "play" action's effect on its combat (run)
};

}  // namespace

json GeneralsState::action_info(std::string_view text, int viewer) const {
  Describer d(*this, text, viewer);
  return json_tree([&](auto& w) { write_info(w, d.run(), false); });
}

std::string GeneralsState::action_info_text(std::string_view text, int viewer, bool offered) const {
  Describer d(*this, text, viewer);
  return json_text([&](auto& w) { write_info(w, d.run(), offered); });
}

std::string GeneralsState::logged_info_text(std::string_view text, int viewer) const {
  Describer d(*this, text, viewer, true);
  return json_text([&](auto& w) { write_info(w, d.run(), false); });
}

}  // namespace ancients::generals
