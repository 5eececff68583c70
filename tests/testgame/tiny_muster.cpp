// The tiny-muster test game (see tiny_muster.h): state, views, notation, descriptor.
#include "testgame/tiny_muster.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <memory>
#include <sstream>
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

constexpr const char* kMusterName = "tiny-muster";
constexpr int kSoldiers = 12;
using Muster = std::array<int, 3>;  ///< 0s: not mustered yet

std::string muster_text(const Muster& m) {
  return fmt::format("muster {}", fmt::join(m, ","));
}

/// "muster A,B,C" with three different soldiers of 1..12, or an IllegalAction naming the fault.
Muster parse_muster(std::string_view text) {
  const std::string s(text);
  Muster m{};
  char c1 = 0, c2 = 0;
  std::istringstream in(s.starts_with("muster ") ? s.substr(7) : std::string());
  std::string rest;
  if (!s.starts_with("muster ") || !(in >> m[0] >> c1 >> m[1] >> c2 >> m[2]) || c1 != ',' ||
      c2 != ',' || (in >> rest))
    throw IllegalAction(fmt::format("{}: not a muster (muster A,B,C: three soldiers 1-12)", s));
  for (int k = 0; k < 3; ++k)
    if (m[k] < 1 || m[k] > kSoldiers || (k > 0 && m[k] == m[0]) || (k == 2 && m[2] == m[1]))
      throw IllegalAction(fmt::format("{}: three different soldiers of 1-12", s));
  return m;
}

class MusterState final : public ancients::State {
 public:
  std::string_view game() const override { return kMusterName; }
  std::unique_ptr<State> clone() const override { return std::make_unique<MusterState>(*this); }
  int to_act() const override { return is_over() ? 0 : (musters_[0][0] == 0 ? 1 : 2); }
  bool is_over() const override { return musters_[1][0] != 0; }
  int winner() const override {
    if (!is_over()) return ancients::kNotOver;
    const int a = sum(0), b = sum(1);
    return a == b ? ancients::kDraw : (a > b ? 1 : 2);
  }
  /// A muster is no listed action: there are too many (legal_texts says so).
  void legal_actions(ActionList& out) const override { out.clear(); }
  void apply(Action) override { throw IllegalAction("tiny-muster: a muster is given as text"); }
  std::string action_text(Action a) const override { return fmt::format("action {}", a); }
  std::vector<std::string> legal_texts() const override {
    if (is_over()) return {};
    throw BadInput(
        "Musters are too many to list (1,320): type `muster A,B,C`, three soldiers of 1-12");
  }
  void apply_text(std::string_view text) override {
    if (is_over()) throw IllegalAction("tiny-muster: the game is over");
    musters_[static_cast<std::size_t>(to_act() - 1)] = parse_muster(text);
  }
  json to_json() const override { return write(0, true); }
  json view_json(int player) const override { return write(player, false); }
  std::unique_ptr<ancients::PlayerView> view(int player) const override;
  bool equals(const State& other) const override {
    const auto* m = dynamic_cast<const MusterState*>(&other);
    return m != nullptr && m->musters_ == musters_;
  }
  int turn() const override { return 1; }
  std::string action_text_for(std::string_view text, int actor, int viewer) const override {
    return actor == viewer || is_over() ? std::string(text) : "muster (hidden)";
  }

  static std::unique_ptr<MusterState> read(const json& j) {
    if (!j.is_object() || j.value("game", "") != kMusterName)
      throw BadInput("tiny-muster position: expected an object of game tiny-muster");
    auto s = std::make_unique<MusterState>();
    try {
      for (int p = 0; p < 2; ++p) {
        const json& m = j.at("musters").at(std::to_string(p + 1));
        if (!m.is_null())
          s->musters_[static_cast<std::size_t>(p)] = parse_muster(m.get<std::string>());
      }
    } catch (const json::exception& e) {
      throw BadInput(std::string("tiny-muster position: ") + e.what());
    } catch (const IllegalAction& e) {
      throw BadInput(std::string("tiny-muster position: ") + e.what());
    }
    if (s->musters_[0][0] == 0 && s->musters_[1][0] != 0)
      throw BadInput("tiny-muster position: player 2 musters after player 1");
    return s;
  }
  /// A hidden muster replaced by `m` (a view's sample).
  void set_muster(int player, const Muster& m) {
    musters_[static_cast<std::size_t>(player - 1)] = m;
  }
  bool mustered(int player) const { return musters_[static_cast<std::size_t>(player - 1)][0] != 0; }

 private:
  int sum(int p) const {
    const Muster& m = musters_[static_cast<std::size_t>(p)];
    return m[0] + m[1] + m[2];
  }
  json write(int viewer, bool whole) const {
    json musters = json::object();
    for (int p = 1; p <= 2; ++p) {
      const Muster& m = musters_[static_cast<std::size_t>(p - 1)];
      const bool shown = whole || viewer == p || is_over();
      musters[std::to_string(p)] =
          m[0] == 0 ? json(nullptr) : (shown ? json(muster_text(m).substr(7)) : json("hidden"));
    }
    json j = {{"game", kMusterName},
              {"to_act", to_act()},
              {"musters", musters},
              {"winner", is_over() ? json(winner()) : json(nullptr)}};
    if (!whole) j["viewer"] = viewer;
    return j;
  }

  std::array<Muster, 2> musters_{};
};

class MusterView final : public ancients::PlayerView {
 public:
  MusterView(const MusterState& s, int player) : s_(s), player_(player) {}
  int player() const override { return player_; }
  int to_act() const override { return s_.to_act(); }
  bool is_over() const override { return s_.is_over(); }
  void legal_actions(ActionList& out) const override { out.clear(); }
  std::string action_text(Action a) const override { return s_.action_text(a); }
  json to_json() const override { return s_.view_json(player_); }
  std::unique_ptr<ancients::State> sample(ancients::Rng& rng) const override {
    auto s = std::make_unique<MusterState>(s_);
    const int other = 3 - player_;
    if (!s_.is_over() && s_.mustered(other)) {
      Muster m{};
      for (int k = 0; k < 3; ++k) {
        do m[k] = 1 + static_cast<int>(rng.below(kSoldiers));
        while ((k > 0 && m[k] == m[0]) || (k == 2 && m[2] == m[1]));
      }
      s->set_muster(other, m);
    }
    return s;
  }

 private:
  MusterState s_;
  int player_;
};

std::unique_ptr<ancients::PlayerView> MusterState::view(int player) const {
  return std::make_unique<MusterView>(*this, player);
}

}  // namespace

void register_tiny_muster() {
  ancients::GameDescriptor d;
  d.name = kMusterName;
  d.short_name = "muster";
  d.description = "Tiny muster: a test game whose one decision is too large to list (tests only)";
  d.from_json = [](const json& j) -> std::unique_ptr<ancients::State> {
    return MusterState::read(j);
  };
  d.create = [](const json& options, std::uint64_t, const ancients::OptionContext&) {
    ancients::NewGame g;
    g.state = std::make_unique<MusterState>();
    g.options = options;
    return g;
  };
  // The computer's muster, as a set-up the front ends offer: the three strongest soldiers but
  // one, drawn from the seed (so that two computers do not always draw).
  d.setup_action = [](const ancients::State& state, std::uint64_t seed) -> std::string {
    if (state.is_over()) return "";
    Muster m = {12, 11, 10};
    m[seed % 3] = 1 + static_cast<int>(seed % 9);
    return muster_text(m);
  };
  ancients::register_game(std::move(d));
}

}  // namespace testgame
