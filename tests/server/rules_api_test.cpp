// The rules books (each game's descriptor, registry.h rules_book) and their HTTP API
// (POST /api/rules): every unit and card of the rules data has an entry with words; the books
// follow the options (the retreat edition's Elephants, the house rules' Elephants and pursuit);
// hostile bodies are answered with 400 naming what is wrong.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "core/registry.h"
#include "core/words.h"
#include "games/register_games.h"
#include "games/warfare/ruleset.h"
#include "server/rules_api.h"

namespace {

using nlohmann::json;
using namespace ancients;

const json& entry(const json& book, const std::string& section, const std::string& id) {
  static const json none;
  for (const auto& s : book["sections"])
    if (s["id"] == section)
      for (const auto& e : s["entries"])
        if (e["id"] == id) return e;
  return none;
}

bool has_line(const json& e, const std::string& part) {
  for (const auto& l : e["lines"])
    if (l.get<std::string>().find(part) != std::string::npos) return true;
  return false;
}

std::string stat(const json& e, const std::string& name) {
  for (const auto& s : e["stats"])
    if (s[0] == name) return s[1];
  return "";
}

TEST(RulesBook, EveryUnitAndCardOfEachEditionIsExplained) {
  register_builtin_games();
  for (const char* edition : {"autokill", "retreat"}) {
    const json book = rules_book("warfare", {{"edition", edition}});
    const auto rules = warfare::builtin_ruleset(edition);
    for (const auto& u : rules->units) {
      const json& e = entry(book, "units", u.id);
      ASSERT_FALSE(e.is_null()) << edition << " " << u.id;
      EXPECT_FALSE(e["title"].get<std::string>().empty());
      EXPECT_FALSE(stat(e, "Move").empty()) << u.id;
      EXPECT_EQ(stat(e, "Range"), std::to_string(u.range)) << u.id;
    }
    for (const auto& c : rules->cards) {
      const json& e = entry(book, "cards", c.id);
      ASSERT_FALSE(e.is_null()) << edition << " " << c.id;
      int deck = 0;
      for (const auto& other : rules->cards) deck += other.count;
      EXPECT_TRUE(has_line(e, fmt::format("{} of the {} cards of the full deck.", c.count, deck)))
          << c.id;
      if (std::string(edition) == "autokill") {
        EXPECT_EQ(deck, 80) << "the seed's deck: 5 each of 14 cards, 8 Special Ability, 2 Scout";
      }
    }
    for (const char* t : {"clear", "rough", "hill", "woods", "built-up", "steep-hill", "river"})
      EXPECT_FALSE(entry(book, "terrain", t).is_null()) << t;
  }
}

// Every unit says what it does where the stats alone do not (a play-test found the Camp's
// entry empty, and the Elephants' Trample "moves up to 1" where the step is exactly one).
TEST(RulesBook, TheCampAndTrampleSayWhatTheyDo) {
  register_builtin_games();
  for (const char* edition : {"autokill", "retreat"}) {
    const json book = rules_book("warfare", {{"edition", edition}});
    const json& camp = entry(book, "units", "camp");
    ASSERT_FALSE(camp.is_null()) << edition;
    EXPECT_TRUE(has_line(camp, "Never moves; may still attack with a card, at range 1."))
        << edition << " " << camp.dump();
    int units = 0;
    for (const auto& section : book.at("sections"))
      if (section.at("id") == "units")
        for (const auto& u : section.at("entries")) {
          EXPECT_FALSE(u.at("lines").empty()) << edition << " " << u.at("id");
          ++units;
        }
    EXPECT_GT(units, 10) << edition;
  }
  const json autokill = rules_book("warfare", {{"edition", "autokill"}});
  const json& elephants = entry(autokill, "units", "elephants");
  EXPECT_TRUE(has_line(elephants, "first moves exactly 1 square to an empty square, then attacks"))
      << elephants.dump();
}

// In a multiplayer battle a General lost breaks its player alone (the main player's loses the
// side): the book of a battle with contingents says so, not that the game is lost.
TEST(RulesBook, AGeneralsLossIsToldAsInAMultiplayerBattle) {
  register_builtin_games();
  const json duel = rules_book("warfare", {{"edition", "autokill"}});
  EXPECT_EQ(stat(entry(duel, "units", "general"), "Loss points"),
            "none (losing the General loses the game)");
  const json battle = rules_book(
      "warfare",
      {{"edition", "autokill"}, {"board", 12}, {"contingents", true}, {"players", "2+2"}});
  const std::string loss = stat(entry(battle, "units", "general"), "Loss points");
  EXPECT_NE(loss.find("breaks its player"), std::string::npos) << loss;
  EXPECT_NE(loss.find("the main player's loses the battle for its side"), std::string::npos)
      << loss;
}

// The cards' and units' sentences read as sentences (a play-test found "Only when only shock
// units", "Moves up to 1 or 2 squares" and a Recoil note that contradicted the edition's).
TEST(RulesBook, TheRetreatEditionsCardsAndAbilitiesReadRight) {
  register_builtin_games();
  const json book = rules_book("warfare", {{"edition", "retreat"}});
  for (const auto& s : book["sections"])
    for (const auto& e : s["entries"]) EXPECT_FALSE(has_line(e, "Only when only")) << e["id"];
  EXPECT_TRUE(has_line(entry(book, "cards", "bloody-work"),
                       "Only when the unit is a shock unit (type S\u2026)."));
  EXPECT_TRUE(has_line(entry(book, "cards", "push"), "Only when the unit is Heavy Infantry."));
  EXPECT_TRUE(has_line(entry(book, "cards", "skirmish"), "Moves up to 2 squares."));
  EXPECT_TRUE(has_line(entry(book, "cards", "march"), "Moves up to "));
  const json& recoil = entry(book, "cards", "recoil");
  EXPECT_FALSE(has_line(recoil, "instead of being destroyed"));
  EXPECT_TRUE(has_line(recoil, "only where the square behind the target is free"));
  EXPECT_TRUE(has_line(entry(book, "units", "horse-archers"),
                       "then moves away up to 2 squares in a straight line"));
  const json autokill = rules_book("warfare", {{"edition", "autokill"}});
  EXPECT_TRUE(has_line(entry(autokill, "cards", "recoil"), "instead of being destroyed"));
  // A plain card says it is plain (a play-test found the autokill edition's Push "never
  // explained"); a card with a condition or an effect does not.
  const std::string plain = "No condition of its own";
  EXPECT_TRUE(has_line(entry(autokill, "cards", "push"), plain));
  EXPECT_TRUE(has_line(entry(autokill, "cards", "attack"), plain));
  EXPECT_FALSE(has_line(entry(autokill, "cards", "recoil"), plain));
  EXPECT_FALSE(has_line(entry(autokill, "cards", "reinforced"), plain));
  EXPECT_FALSE(has_line(entry(autokill, "cards", "march"), plain));
  EXPECT_FALSE(has_line(entry(book, "cards", "push"), plain));
  // Knights and Light Horse auto-kill each other (the seed's table): said as one line.
  EXPECT_TRUE(has_line(entry(autokill, "units", "knights"), "is auto-killed by Light Horse:"));
  EXPECT_TRUE(
      has_line(entry(autokill, "units", "light-horse"), "is auto-killed by Elephants, Knights:"));
  EXPECT_FALSE(has_line(entry(autokill, "units", "blades"), "is auto-killed by"));
}

TEST(RulesBook, FollowsTheEditionAndTheHouseRules) {
  register_builtin_games();
  const json autokill = rules_book("warfare", json::object());
  const json retreat = rules_book("warfare", {{"edition", "retreat"}});
  EXPECT_TRUE(has_line(entry(retreat, "units", "elephants"), "Destroyed when forced to retreat"));
  EXPECT_FALSE(has_line(entry(autokill, "units", "elephants"), "Destroyed when forced to retreat"));
  EXPECT_TRUE(stat(entry(autokill, "units", "blades"), "Move").find("exact") != std::string::npos);
  // Elephants' house rule: Move 3, Range 1 (ancient-warfare.md §4).
  const json house = rules_book("warfare", {{"elephant_house", true}});
  EXPECT_TRUE(stat(entry(house, "units", "elephants"), "Move").starts_with("3"));
  EXPECT_EQ(stat(entry(house, "units", "elephants"), "Range"), "1");
  const json pursuit = rules_book("warfare", {{"pursuit", true}});
  EXPECT_TRUE(has_line(entry(pursuit, "units", "knights"), "pursuit"));
  EXPECT_FALSE(has_line(entry(autokill, "units", "knights"), "pursuit"));
}

TEST(RulesBook, TheFormerPageExplanationsComeFromTheData) {
  register_builtin_games();
  const json autokill = rules_book("warfare", json::object());
  const auto rules = warfare::builtin_ruleset("autokill");
  const json& elephants = entry(autokill, "units", "elephants");
  EXPECT_TRUE(has_line(elephants, "Trample"));
  const auto& ed = rules->units[static_cast<std::size_t>(rules->find_unit("elephants"))];
  EXPECT_TRUE(stat(elephants, "Move").starts_with(std::to_string(ed.move)));
  for (std::size_t t = 0; t < rules->units.size(); ++t)
    if (ed.autokills[t]) {
      bool named = false;
      for (const auto& l : elephants["lines"])
        named = named ||
                (l.get<std::string>().starts_with("Auto-kills") &&
                 l.get<std::string>().find(title_case(rules->units[t].id)) != std::string::npos);
      EXPECT_TRUE(named) << rules->units[t].id;
    }
  EXPECT_TRUE(has_line(entry(autokill, "cards", "gallop"), "Moves exactly 4 or 5 squares."));
  EXPECT_TRUE(has_line(entry(autokill, "cards", "rally"), "General is within 2 squares"));
  EXPECT_TRUE(has_line(entry(autokill, "units", "psiloi"), "Immune to card attacks by"));
  EXPECT_TRUE(has_line(entry(autokill, "cards", "trod"), "Moves exactly 1 square."));
  // Each card says what playing it does, in its edition's terms and the house rules on.
  EXPECT_TRUE(has_line(entry(autokill, "cards", "attack"), "destroyed unless its owner answers"));
  EXPECT_TRUE(has_line(entry(autokill, "cards", "push"), "an auto-kill cannot be answered"));
  EXPECT_TRUE(has_line(entry(autokill, "cards", "elite"), "destroyed unless its owner answers"));
  EXPECT_TRUE(has_line(entry(autokill, "cards", "elite"), "it is not destroyed"));
  const json answered = rules_book("warfare", {{"defend_autokill", true}});
  EXPECT_TRUE(has_line(entry(answered, "cards", "push"), "auto-kills may be answered too"));
  const json retreat = rules_book("warfare", {{"edition", "retreat"}});
  EXPECT_TRUE(has_line(entry(retreat, "cards", "attack"), "the target retreats"));
  EXPECT_NE(stat(entry(retreat, "units", "hoplites"), "Type").find("Shock Heavy Infantry"),
            std::string::npos);
}

TEST(RulesBook, GeneralsCardsShowForceDamageAndText) {
  register_builtin_games();
  const json book = rules_book("generals", json::object());
  const json& elephants = entry(book, "units", "elephants");
  ASSERT_FALSE(elephants.is_null());
  EXPECT_FALSE(stat(elephants, "Force").empty());
  EXPECT_FALSE(stat(elephants, "Damage").empty());
  // The bonus and the evades in short for the card's face, beside the lines in full.
  const json& psiloi = entry(book, "units", "psiloi");
  EXPECT_EQ(stat(psiloi, "+5 vs"), "EL, HI, WB");
  EXPECT_EQ(stat(psiloi, "Evades"), "WW");
  EXPECT_TRUE(has_line(psiloi, "+5 Force against Elephant, Heavy Infantry, Warband."));
  const json& overrun = entry(book, "tactics", "overrun");
  ASSERT_FALSE(overrun.is_null());
  EXPECT_EQ(overrun["subtitle"], "tactics card");
  // Siege Artillery is a tactic of the data, with no Force or Damage.
  EXPECT_TRUE(entry(book, "units", "catapults").is_null());
  EXPECT_TRUE(has_line(entry(book, "tactics", "catapults"), "Artillery phase"));
  EXPECT_GE(overrun["lines"].size(), 2u);
  // How a turn goes comes first: each phase as positions name it, in words.
  ASSERT_FALSE(book["sections"].empty());
  EXPECT_EQ(book["sections"][0]["id"], "turn");
  EXPECT_TRUE(has_line(entry(book, "turn", "flank"), "Encircling army"));
  EXPECT_TRUE(has_line(entry(book, "turn", "combat"), "casualty pile"));
  // Difficult Terrain is played in the opponent's Flank phase (the seed wrote "opponents").
  EXPECT_TRUE(has_line(entry(book, "tactics", "difficult-terrain"),
                       "Play in the opponent\u2019s Flank Phase"));
  // The hand is filled in the Draw phase (the Discard phase only empties it).
  bool fills = false;
  for (const auto& fact : book["facts"])
    fills = fills ||
            fact.get<std::string>().find("Draw phase fills the hand up to 5") != std::string::npos;
  EXPECT_TRUE(fills);
}

TEST(RulesBook, WarfareSaysHowATurnGoesInEachEdition) {
  register_builtin_games();
  const json autokill = rules_book("warfare", json::object());
  const json retreat = rules_book("warfare", {{"edition", "retreat"}});
  for (const json* book : {&autokill, &retreat}) {
    ASSERT_FALSE((*book)["sections"].empty());
    EXPECT_EQ((*book)["sections"][0]["id"], "turn");
    for (const char* phase : {"deploy", "orders", "move", "battle", "end"})
      EXPECT_FALSE(entry(*book, "turn", phase).is_null()) << phase;
    EXPECT_TRUE(has_line(entry(*book, "turn", "orders"), "draws 3 cards"));
  }
  EXPECT_TRUE(has_line(entry(autokill, "turn", "battle"), "auto-kill"));
  EXPECT_TRUE(has_line(entry(retreat, "turn", "battle"), "retreats one square"));
  EXPECT_TRUE(has_line(entry(autokill, "turn", "move"), "exactly"));
  EXPECT_TRUE(has_line(entry(retreat, "turn", "move"), "up to"));
}

TEST(RulesApi, AnswersABookAndRefusesHostileBodies) {
  register_builtin_games();
  using server::rules_api;
  const auto ok = rules_api(R"({"game":"ancient-warfare","options":{"edition":"retreat"}})");
  ASSERT_EQ(ok.status, 200) << ok.body;
  EXPECT_EQ(json::parse(ok.body)["edition"], "retreat");
  const std::pair<const char*, const char*> bad[] = {
      {"", "the request"},
      {"[]", "JSON object"},
      {R"({"game":"chess"})", "chess"},
      {R"({"game":"warfare","extra":1})", "unknown field"},
      {R"({"game":"warfare","options":{"edition":"nosuch"}})", "edition"},
      {R"({"game":"warfare","options":{"army1":"/etc/passwd"}})", "army1"},
      {R"({"game":"warfare","options":[]})", "options"},
      {R"({"game":7})", "game"}};
  for (const auto& [body, why] : bad) {
    const auto a = rules_api(body);
    EXPECT_EQ(a.status, 400) << body;
    const json j = json::parse(a.body);
    EXPECT_NE(j["error"].get<std::string>().find(why), std::string::npos) << body << " " << a.body;
  }
}

}  // namespace
