// The retreat edition's attack, said before it is played and in the log: the attack's words
// say what it does to its target if not defended, the pass that takes it says it again, and a
// unit destroyed for want of a retreat is logged with the reason (WarfareState::retreat_words,
// one reading of resolve_retreat's rule: shared/seeds/000_069fe0e0bed8163d.txt, "The Attacked
// unit must move back (retreat) exactly one space ... or be destroyed", and its exceptions).
// In random games every prediction is checked against what the pass then did.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/registry.h"
#include "games/register_games.h"
#include "games/warfare/state.h"
#include "warfare/position_builder.h"
#include "warfare/random_positions.h"

namespace {

using nlohmann::json;
using namespace ancients;
using warfare::WarfareState;

struct Case {
  const char* name;
  wtest::Pos pos;      ///< player 1's attacker on d4, player 2's target on d5 (or given)
  const char* attack;  ///< player 1's attack
  const char* fate;    ///< retreat_words: what the target does undefended
  const char* lost;    ///< the log's destroyed line after the pass ("" where it retreats)
};

wtest::Pos base(const char* attacker, const char* target) {
  wtest::Pos p;
  p.edition("retreat").unit("d4", 1, attacker).unit("d5", 2, target);
  p.unit("a1", 1, "camp").unit("h8", 2, "camp").hand(1, {"attack"}).phase("battle");
  return p;
}

std::vector<Case> cases() {
  std::vector<Case> out;
  out.push_back(
      {"retreats", base("blades", "spears"), "attack attack d4xd5", "retreats to d6", ""});
  {
    wtest::Pos p = base("blades", "spears");
    p.unit("d6", 2, "blades");
    out.push_back({"occupied", p, "attack attack d4xd5", "is destroyed: d6 behind it is occupied",
                   "Player 2 lost the Spears on d5: d6 behind it is occupied"});
  }
  {
    wtest::Pos p = base("blades", "spears");
    p.terrain("d6", "impassable");
    out.push_back({"terrain", p, "attack attack d4xd5", "is destroyed: d6 behind it is impassable",
                   "Player 2 lost the Spears on d5: d6 behind it is impassable"});
  }
  {  // War Wagons never enter rough ground
    wtest::Pos p = base("blades", "war-wagons");
    p.terrain("d6", "rough");
    out.push_back({"rough", p, "attack attack d4xd5",
                   "is destroyed: d6 behind it is rough ground, where it cannot go",
                   "Player 2 lost the War Wagons on d5: d6 behind it is rough ground, where it "
                   "cannot go"});
  }
  {
    wtest::Pos p;
    p.edition("retreat").unit("d7", 1, "blades").unit("d8", 2, "spears");
    p.unit("a1", 1, "camp").unit("h7", 2, "camp").hand(1, {"attack"}).phase("battle");
    out.push_back({"edge", p, "attack attack d7xd8", "is destroyed: the board ends behind it",
                   "Player 2 lost the Spears on d8: the board ends behind it"});
  }
  out.push_back({"elephants", base("blades", "elephants"), "attack attack d4xd5",
                 "is destroyed: Elephants never retreat",
                 "Player 2 lost the Elephants on d5: Elephants never retreat"});
  out.push_back({"overrun", base("cataphracts", "psiloi"), "attack attack d4xd5",
                 "is destroyed: Cataphracts overrun Light Infantry",
                 "Player 2 lost the Psiloi on d5: Cataphracts overrun Light Infantry"});
  {
    wtest::Pos p = base("blades", "spears");
    p.retreated("d5", 1);
    out.push_back({"retreated", p, "attack attack d4xd5",
                   "is destroyed: it has already retreated this turn",
                   "Player 2 lost the Spears on d5: it has already retreated this turn"});
  }
  {  // Light Infantry evade Heavy Infantry once more
    wtest::Pos p = base("blades", "psiloi");
    p.retreated("d5", 1);
    out.push_back({"evades", p, "attack attack d4xd5", "retreats to d6", ""});
  }
  {
    wtest::Pos p = base("blades", "psiloi");
    p.retreated("d5", 2);
    out.push_back({"evaded twice", p, "attack attack d4xd5",
                   "is destroyed: it has already retreated twice this turn",
                   "Player 2 lost the Psiloi on d5: it has already retreated twice this turn"});
  }
  {
    wtest::Pos p = base("blades", "spears");
    p.option("retreat_away", true).unit("c7", 1, "blades");
    out.push_back({"next to an enemy", p, "attack attack d4xd5",
                   "is destroyed: d6 behind it is next to an enemy unit",
                   "Player 2 lost the Spears on d5: d6 behind it is next to an enemy unit"});
  }
  return out;
}

TEST(RetreatFate, TheAttackThePassAndTheLogSayWhatHappensToTheTarget) {
  register_builtin_games();
  for (Case& c : cases()) {
    SCOPED_TRACE(c.name);
    std::unique_ptr<State> s = c.pos.state();
    const std::string attack_words = s->action_info(c.attack, 1)["words"];
    EXPECT_NE(attack_words.find(std::string("(if not defended, it ") + c.fate + ")"),
              std::string::npos)
        << attack_words;
    s->apply_text(c.attack);
    ASSERT_EQ(s->to_act(), 2) << "the attack awaits player 2's answer";
    const std::string pass_words = s->action_info("pass", 2)["words"];
    EXPECT_TRUE(pass_words.starts_with("Take the attack (no defence): ")) << pass_words;
    EXPECT_TRUE(pass_words.ends_with(c.fate)) << pass_words;
    const std::unique_ptr<State> before = s->clone();
    s->apply_text("pass");
    for (const int viewer : {0, 1, 2}) {
      const json ev = s->events(*before, "pass", viewer);
      EXPECT_EQ(ev, s->events_from_views(*before, before->view_json(viewer), s->view_json(viewer),
                                         "pass", viewer));
      std::string lost;
      for (const auto& e : ev)
        if (e["type"] == "destroyed") lost = e["text"];
      EXPECT_EQ(lost, c.lost) << ev.dump();
    }
  }
}

// Every retreat-edition attack taken in random games did what its pass's words said: the
// target retreated to the square named, or was destroyed.
TEST(RetreatFate, RandomGamesDoWhatTheWordsSay) {
  register_builtin_games();
  int taken = 0, destroyed = 0;
  warfare::Options options;
  ancients::warfare::testing::for_each_random_position(
      "retreat", options, 40, 500, 77, [&](const State& st, const ActionList&, int, int) -> bool {
        const auto& s = static_cast<const WarfareState&>(st);
        const warfare::Pending& p = s.pending();
        if (p.kind != warfare::Pending::kCardAttack) return true;
        const std::string words = s.action_info("pass", s.to_act())["words"];
        const std::string fate =
            s.retreat_words(s.unit(s.unit_at(p.attacker)).type, p.attacker, p.target);
        const int target = s.unit_at(p.target);
        const int lost_before = s.lost(s.unit(target).owner);
        std::unique_ptr<State> after = s.clone();
        after->apply_text("pass");
        const auto& a = static_cast<const WarfareState&>(*after);
        // A pass that ends the game says so after the fate.
        EXPECT_TRUE(words.ends_with(a.is_over() ? fate + "; the game ends" : fate)) << words;
        ++taken;
        if (fate.starts_with("retreats to ")) {
          const auto to = a.geo().parse(fate.substr(12));
          EXPECT_TRUE(to.has_value()) << fate;
          EXPECT_EQ(a.unit_at(p.target), -1) << fate;
          const int moved = to ? a.unit_at(*to) : -1;
          EXPECT_GE(moved, 0) << fate;
          if (moved >= 0) {
            EXPECT_EQ(a.unit(moved).owner, s.unit(target).owner) << fate;
          }
        } else {
          ++destroyed;
          EXPECT_TRUE(fate.starts_with("is destroyed: ")) << fate;
          EXPECT_GT(a.lost(s.unit(target).owner) + (a.is_over() ? 1 : 0), lost_before) << fate;
        }
        return true;
      });
  EXPECT_GT(taken, 50);
  EXPECT_GT(destroyed, 5);
  EXPECT_GT(taken - destroyed, 5);
}

}  // namespace
