// The tiny-duel test game (see tiny_duel.h): state, views, notation, descriptor.
#include "testgame/tiny_duel.h"

#include <fmt/format.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/registry.h"

namespace testgame {
namespace {

using ancients::Action;
using ancients::ActionList;
using ancients::BadInput;
using ancients::IllegalAction;
using nlohmann::json;

constexpr const char* kName = "tiny-duel";

struct DuelOptions {
  int cards = 3;
  bool lower_wins = false;
  bool sudden_death = false;
  bool open = false;
  friend bool operator==(const DuelOptions&, const DuelOptions&) = default;
};

class DuelState final : public ancients::State {
 public:
  explicit DuelState(const DuelOptions& o) : o_(o) {
    for (int c = 1; c <= o.cards; ++c) {
      hand_[0] |= 1u << c;
      hand_[1] |= 1u << c;
    }
  }

  std::string_view game() const override { return kName; }
  std::unique_ptr<State> clone() const override { return std::make_unique<DuelState>(*this); }
  int to_act() const override { return winner_ == ancients::kNotOver ? to_act_ : 0; }
  bool is_over() const override { return winner_ != ancients::kNotOver; }
  int winner() const override { return winner_; }
  void legal_actions(ActionList& out) const override {
    out.clear();
    if (is_over()) return;
    for (int c = 1; c <= o_.cards; ++c)
      if (hand_[to_act_ - 1] & (1u << c)) out.push_back(static_cast<Action>(c));
  }
  void apply(Action a) override {
    const int card = static_cast<int>(a);
    hand_[to_act_ - 1] &= ~(1u << card);
    if (to_act_ == 1) {
      pending_ = card;
      to_act_ = 2;
      return;
    }
    const int first = pending_, second = card;
    pending_ = 0;
    if (first != second) {
      const bool one = o_.lower_wins ? first < second : first > second;
      ++score_[one ? 0 : 1];
      if (o_.sudden_death) winner_ = one ? 1 : 2;
    }
    to_act_ = 1;
    if (winner_ == ancients::kNotOver && ++round_ > o_.cards)
      winner_ = score_[0] == score_[1] ? ancients::kDraw : (score_[0] > score_[1] ? 1 : 2);
  }
  std::string action_text(Action a) const override { return fmt::format("play {}", a); }
  std::vector<std::string> legal_texts() const override {
    ActionList list;
    legal_actions(list);
    std::vector<std::string> out;
    for (Action a : list) out.push_back(action_text(a));
    return out;
  }
  void apply_text(std::string_view text) override {
    ActionList list;
    legal_actions(list);
    for (Action a : list)
      if (action_text(a) == text) return apply(a);
    throw IllegalAction(
        fmt::format("{}: not a legal action (legal: play and a card in hand)", std::string(text)));
  }
  json to_json() const override { return write(0, true); }
  json view_json(int player) const override { return write(player, false); }
  std::unique_ptr<ancients::PlayerView> view(int player) const override;
  bool equals(const State& other) const override {
    const auto* d = dynamic_cast<const DuelState*>(&other);
    return d != nullptr && d->o_ == o_ && d->hand_[0] == hand_[0] && d->hand_[1] == hand_[1] &&
           d->pending_ == pending_ && d->score_ == score_ && d->round_ == round_ &&
           d->to_act_ == to_act_ && d->winner_ == winner_;
  }
  int turn() const override { return round_; }
  std::string action_text_for(std::string_view text, int actor, int viewer) const override {
    return actor == viewer || o_.open || actor != 1 ? std::string(text) : "play (hidden)";
  }

  static std::unique_ptr<DuelState> read(const json& j);
  /// Player 2's view hides player 1's face-down card among player 1's cards.
  bool hides_pending_from(int viewer) const { return pending_ != 0 && !o_.open && viewer != 1; }
  void set_pending(int card) {
    hand_[0] |= 1u << pending_;
    hand_[0] &= ~(1u << card);
    pending_ = card;
  }
  unsigned hand(int p) const { return hand_[p - 1]; }
  int pending() const { return pending_; }

 private:
  json cards_of(unsigned bits) const {
    json out = json::array();
    for (int c = 1; c <= o_.cards; ++c)
      if (bits & (1u << c)) out.push_back(c);
    return out;
  }
  /// viewer 0 with `whole`: the true state; otherwise what `viewer` (0: spectator) may see.
  json write(int viewer, bool whole) const {
    json j = {{"game", kName},
              {"options",
               {{"cards", o_.cards},
                {"wins", o_.lower_wins ? "lower" : "higher"},
                {"sudden_death", o_.sudden_death},
                {"open", o_.open}}},
              {"round", round_},
              {"to_act", to_act()},
              {"score", {{"1", score_[0]}, {"2", score_[1]}}},
              {"winner", winner_ == ancients::kNotOver ? json(nullptr) : json(winner_)}};
    const bool hide = !whole && hides_pending_from(viewer);
    // Player 1's cards: with a hidden face-down card, the cards it may be among.
    j["hands"] = {{"1", cards_of(hide ? hand_[0] | (1u << pending_) : hand_[0])},
                  {"2", cards_of(hand_[1])}};
    j["pending"] = pending_ == 0 ? json(nullptr) : (hide ? json("hidden") : json(pending_));
    if (!whole) j["viewer"] = viewer;
    return j;
  }

  DuelOptions o_;
  unsigned hand_[2] = {0, 0};
  int pending_ = 0;
  std::array<int, 2> score_{};
  int round_ = 1;
  int to_act_ = 1;
  int winner_ = ancients::kNotOver;
};

class DuelView final : public ancients::PlayerView {
 public:
  DuelView(const DuelState& s, int player) : s_(s), player_(player) {}
  int player() const override { return player_; }
  int to_act() const override { return s_.to_act(); }
  bool is_over() const override { return s_.is_over(); }
  void legal_actions(ActionList& out) const override {
    if (s_.to_act() == player_)
      s_.legal_actions(out);
    else
      out.clear();
  }
  std::string action_text(Action a) const override { return s_.action_text(a); }
  json to_json() const override { return s_.view_json(player_); }
  std::unique_ptr<ancients::State> sample(ancients::Rng& rng) const override {
    auto s = std::make_unique<DuelState>(s_);
    if (s_.hides_pending_from(player_)) {
      std::vector<int> pool;
      const unsigned bits = s_.hand(1) | (1u << s_.pending());
      for (int c = 1; c < 32; ++c)
        if (bits & (1u << c)) pool.push_back(c);
      s->set_pending(pool[rng.below(static_cast<std::uint32_t>(pool.size()))]);
    }
    return s;
  }

 private:
  DuelState s_;
  int player_;
};

std::unique_ptr<ancients::PlayerView> DuelState::view(int player) const {
  return std::make_unique<DuelView>(*this, player);
}

DuelOptions options_of(const json& o) {
  DuelOptions d;
  d.cards = o.at("cards").get<int>();
  d.lower_wins = o.at("wins") == "lower";
  d.sudden_death = o.at("sudden_death").get<bool>();
  d.open = o.at("open").get<bool>();
  return d;
}

/// Reads a position: the options (checked by the schema), the hands, the face-down card, the
/// round, the score and the winner.
std::unique_ptr<DuelState> DuelState::read(const json& j) {
  if (!j.is_object()) throw BadInput("tiny-duel position: expected an object");
  const json options = ancients::resolve_options(ancients::game_named(kName).options,
                                                 j.value("options", json(nullptr)), {}, kName);
  auto s = std::make_unique<DuelState>(options_of(options));
  try {
    for (int p = 0; p < 2; ++p) {
      s->hand_[p] = 0;
      for (const auto& c : j.at("hands").at(std::to_string(p + 1))) {
        const int card = c.get<int>();
        if (card < 1 || card > s->o_.cards) throw BadInput("tiny-duel position: bad card");
        s->hand_[p] |= 1u << card;
      }
    }
    const json& pending = j.at("pending");
    s->pending_ = pending.is_null() ? 0 : pending.get<int>();
    if (s->pending_ < 0 || s->pending_ > s->o_.cards)
      throw BadInput("tiny-duel position: bad pending card");
    s->round_ = j.at("round").get<int>();
    s->to_act_ = s->pending_ != 0 ? 2 : 1;
    s->score_ = {j.at("score").at("1").get<int>(), j.at("score").at("2").get<int>()};
    const json& w = j.at("winner");
    s->winner_ = w.is_null() ? ancients::kNotOver : w.get<int>();
  } catch (const json::exception& e) {
    throw BadInput(std::string("tiny-duel position: ") + e.what());
  }
  return s;
}

ancients::OptionSchema schema() {
  using ancients::OptionSpec;
  using ancients::OptionType;
  OptionSpec cards;
  cards.name = "cards";
  cards.type = OptionType::kInt;
  cards.description = "Cards in each hand (1..N), and rounds";
  cards.default_value = 3;
  cards.min = 1;
  cards.max = 9;
  OptionSpec wins;
  wins.name = "wins";
  wins.type = OptionType::kChoice;
  wins.description = "Which card wins a round";
  wins.default_value = "higher";
  wins.values = {"higher", "lower"};
  OptionSpec sudden;
  sudden.name = "sudden_death";
  sudden.description = "The first round won wins the game";
  sudden.default_value = false;
  sudden.needs = {{"wins", "higher"}};
  OptionSpec open;
  open.name = "open";
  open.description = "Player 1 plays face up";
  open.default_value = false;
  return {cards, wins, sudden, open};
}

}  // namespace

void register_tiny_duel() {
  ancients::GameDescriptor d;
  d.name = kName;
  d.short_name = "duel";
  d.description = "Tiny duel: a 3-card test game (tests only)";
  d.from_json = [](const json& j) -> std::unique_ptr<ancients::State> {
    return DuelState::read(j);
  };
  d.options = schema();
  d.create = [](const json& options, std::uint64_t, const ancients::OptionContext&) {
    ancients::NewGame g;
    g.state = std::make_unique<DuelState>(options_of(options));
    g.options = options;
    return g;
  };
  ancients::register_game(std::move(d));
}

}  // namespace testgame
