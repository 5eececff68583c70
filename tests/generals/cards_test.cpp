// The card data: the bundled file holds the seed's 100-card deck exactly, and the loader
// refuses every kind of fault with the file and the line.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

#include "core/data_path.h"
#include "core/errors.h"
#include "games/generals/cards.h"

namespace ancients::generals {
namespace {

TEST(GeneralsCards, BundledDeckIsTheSeeds) {
  const Cards& cards = standard_cards();
  int units = 0, tactics = 0;
  for (const auto& c : cards.cards) (c.effect == Effect::kUnit ? units : tactics) += c.count;
  EXPECT_EQ(units, 40);
  EXPECT_EQ(tactics, 60);
  EXPECT_EQ(cards.cards.size(), 34U);
  EXPECT_EQ(cards.table.deal, 50);
  EXPECT_EQ(cards.table.hand, 5);

  const auto unit = [&](const char* name) -> const CardInfo& {
    const int k = cards.find(name);
    EXPECT_GE(k, 0) << name;
    return cards.cards.at(static_cast<std::size_t>(k));
  };
  const auto type = [&](const char* code) {
    for (std::size_t t = 0; t < cards.type_codes.size(); ++t)
      if (cards.type_codes[t] == code) return static_cast<int>(t);
    ADD_FAILURE() << code;
    return 0;
  };
  const auto bits = [&](std::initializer_list<const char*> codes) {
    unsigned b = 0;
    for (const char* c : codes) b |= 1U << type(c);
    return b;
  };
  // Every unit row of the seed's table.
  struct Row {
    const char* name;
    const char* type;
    int count, force, damage;
    bool scout, flank;
    std::initializer_list<const char*> versus, evade;
  };
  const Row rows[] = {
      {"slingers", "LI", 2, 1, 1, true, false, {"WB", "HI", "EL"}, {"WW"}},
      {"bowmen", "LI", 3, 2, 1, true, false, {"WB", "HI", "EL"}, {"WW"}},
      {"javelineers", "LI", 2, 3, 1, true, false, {"WB", "HI", "EL"}, {"WW"}},
      {"psiloi", "LI", 2, 3, 1, true, false, {"WB", "HI", "EL"}, {"WW"}},
      {"auxilia", "MI", 2, 1, 2, true, false, {"LI"}, {"WB", "HI", "WW"}},
      {"peltasts", "MI", 2, 2, 2, true, false, {"LI"}, {"WB", "HI", "WW"}},
      {"barbarians", "WB", 2, 1, 3, false, false, {"HI", "HC", "EL", "WW"}, {}},
      {"horde", "WB", 1, 2, 3, false, false, {"HI", "HC", "EL", "WW"}, {}},
      {"warriors", "WB", 1, 3, 3, false, false, {"HI", "HC", "EL", "WW"}, {}},
      {"legionaires", "HI", 2, 3, 3, false, false, {"WB", "EL", "WW"}, {}},
      {"hoplite-phalanx", "HI", 2, 4, 3, false, false, {"WB", "EL", "WW"}, {}},
      {"horse-archers", "LC", 3, 1, 1, true, true, {"MI", "WB", "HI", "EL"}, {"LI", "HI", "WW"}},
      {"nomads", "LC", 3, 2, 1, true, true, {"MI", "WB", "HI", "EL"}, {"LI", "HI", "WW"}},
      {"light-chariots", "LC", 3, 3, 1, false, true, {"MI", "WB", "HI", "EL"}, {"LI", "HI", "WW"}},
      {"medium-cavalry", "HC", 2, 1, 2, false, true, {"LI", "MI", "LC"}, {"HI", "EL", "WW"}},
      {"cataphracts", "HC", 2, 2, 2, false, true, {"LI", "MI", "LC"}, {"HI", "EL", "WW"}},
      {"heavy-chariots", "HC", 2, 3, 2, false, true, {"LI", "MI", "LC"}, {"HI", "EL", "WW"}},
      {"elephants", "EL", 2, 4, 2, false, false, {"WB", "HI", "LC", "HC"}, {}},
      {"war-wagon", "WW", 2, 5, 2, false, false, {"WB", "EL"}, {"LI", "LC"}},
  };
  for (const Row& r : rows) {
    const CardInfo& c = unit(r.name);
    EXPECT_EQ(c.effect, Effect::kUnit) << r.name;
    EXPECT_EQ(c.type, type(r.type)) << r.name;
    EXPECT_EQ(c.count, r.count) << r.name;
    EXPECT_EQ(c.force, r.force) << r.name;
    EXPECT_EQ(c.damage, r.damage) << r.name;
    EXPECT_EQ(c.scout, r.scout) << r.name;
    EXPECT_EQ(c.flank, r.flank) << r.name;
    EXPECT_EQ(c.versus, bits(r.versus)) << r.name;
    EXPECT_EQ(c.evade, bits(r.evade)) << r.name;
  }
  const std::pair<const char*, int> tactic_counts[] = {{"overrun", 6},
                                                       {"bloodlust", 5},
                                                       {"outflank", 6},
                                                       {"shields", 6},
                                                       {"defensible-terrain", 5},
                                                       {"difficult-terrain", 5},
                                                       {"treacherous-terrain", 5},
                                                       {"reserve", 6},
                                                       {"rally", 6},
                                                       {"break-morale", 5},
                                                       {"onagers", 1},
                                                       {"scorpions", 1},
                                                       {"catapults", 1},
                                                       {"ballista", 1},
                                                       {"trebuchet", 1}};
  for (const auto& [name, count] : tactic_counts) EXPECT_EQ(unit(name).count, count) << name;
  EXPECT_EQ(unit("overrun").amount, 2);
  EXPECT_EQ(unit("bloodlust").amount, 3);
  EXPECT_EQ(unit("outflank").amount, 2);
  EXPECT_EQ(unit("reserve").amount, 3);
  EXPECT_EQ(unit("shields").types, bits({"HI", "MI", "WB"}));
  EXPECT_EQ(unit("defensible-terrain").types, bits({"LI"}));
  EXPECT_EQ(unit("treacherous-terrain").types, bits({"HI", "MI", "WB"}));
  EXPECT_EQ(unit("trebuchet").effect, Effect::kSiege);
}

/// The bundled file's text with `from` replaced by `to` (which must occur).
std::string edited(const std::string& from, const std::string& to) {
  std::ifstream in(data_path("generals/cards.toml"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

/// Expects parsing to fail with "test.toml:LINE: ..." containing `what`.
void expect_bad(const std::string& text, const std::string& what) {
  try {
    parse_cards(text, "test.toml");
    ADD_FAILURE() << "accepted; expected: " << what;
  } catch (const BadInput& e) {
    const std::string m = e.what();
    EXPECT_EQ(m.rfind("test.toml:", 0), 0U) << m;
    EXPECT_NE(m.find(what), std::string::npos) << m;
  }
}

TEST(GeneralsCards, LoaderIsStrict) {
  // The unedited text parses.
  EXPECT_NO_THROW(parse_cards(edited("format = 1", "format = 1"), "test.toml"));
  expect_bad(edited("name = \"bowmen\"\n", "name = \"bowmen\"\nspeed = 3\n"),
             "unknown key \"speed\" in unit \"bowmen\"");
  expect_bad(edited("type = \"EL\"", "type = \"XX\""), "unknown unit type \"XX\"");
  expect_bad(edited("versus = [\"WB\", \"EL\"]", "versus = [\"WB\", \"ZZ\"]"),
             "unknown unit type \"ZZ\"");
  expect_bad(edited("traits = [\"flank\"]", "traits = [\"fast\"]"), "unknown trait \"fast\"");
  expect_bad(edited("effect = \"rally\"", "effect = \"heal\""), "unknown effect \"heal\"");
  expect_bad(edited("name = \"horde\"\ntype = \"WB\"\ncount = 1",
                    "name = \"horde\"\ntype = \"WB\"\ncount = 2"),
             "the unit cards add up to 41");
  expect_bad(edited("name = \"trebuchet\"\ncount = 1", "name = \"trebuchet\"\ncount = 2"),
             "the tactics cards add up to 61");
  expect_bad(edited("deck = 100", "deck = 99"), "must equal deck");
  expect_bad(edited("name = \"psiloi\"", "name = \"bowmen\""), "duplicate card \"bowmen\"");
  expect_bad(edited("name = \"psiloi\"", "name = \"Psiloi\""), "must be lower case");
  expect_bad(edited("force = 4\ndamage = 2", "force = \"four\"\ndamage = 2"), "must be an integer");
  expect_bad(edited("damage = 2\ntext = \"Increase", "text = \"Increase"), "missing \"damage\"");
  expect_bad(
      edited("effect = \"siege\"\ntext = \"Siege Artillery\"\n\n[[tactics]]\nname = \"scorpions\"",
             "effect = \"siege\"\ndraw = 1\ntext = \"Siege Artillery\"\n\n[[tactics]]\nname = "
             "\"scorpions\""),
      "unknown key \"draw\"");
  expect_bad(edited("effect = \"break-morale\"", "effect = \"rally\""), "repeats effect \"rally\"");
  expect_bad(edited("format = 1", "format = 2"), "format must be between 1 and 1");
  expect_bad(edited("[rules]", "[rules\n"), "");
  expect_bad(edited("title = \"Ancient Generals\"", "title = \"Ancient Generals\"\ncolour = 1"),
             "unknown key \"colour\"");
  // How a turn goes: an id that is no card's name, once, with lines.
  expect_bad(edited("id = \"combat\"", "id = \"overrun\""), "turn id \"overrun\" is a card's name");
  expect_bad(edited("id = \"combat\"", "id = \"scout\""), "duplicate turn id \"scout\"");
  expect_bad(edited("id = \"combat\"", "id = \"Combat\""), "must be lower case");
  expect_bad(edited("id = \"combat\"", "id = \"combat\"\nwhen = 1"),
             "unknown key \"when\" in turn entry");
  expect_bad(
      edited("id = \"discard\"\ntitle = \"2. Discard\"\nsubtitle = \"phase\"\nlines = [",
             "id = \"discard\"\ntitle = \"2. Discard\"\nsubtitle = \"phase\"\nlines = [\"\","),
      "an empty line in turn \"discard\"");
}

TEST(GeneralsCards, TheTurnIsTheSeedsSixPhasesThenTheBattleThenThePilesAndFlankPoints) {
  const Cards& cards = standard_cards();
  std::vector<std::string> ids;
  for (const TurnStep& s : cards.turn) {
    ids.push_back(s.id);
    EXPECT_FALSE(s.title.empty());
    EXPECT_FALSE(s.lines.empty()) << s.id;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"scout", "discard", "draw", "flank", "artillery",
                                           "attack", "combat", "piles", "flank-points"}));
}

TEST(GeneralsCards, ErrorsNameTheLine) {
  const std::string text = edited("name = \"bowmen\"\n", "name = \"bowmen\"\nspeed = 3\n");
  // The line of "speed" in the edited text.
  const auto at = text.find("speed = 3");
  const int line =
      1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  try {
    parse_cards(text, "test.toml");
    FAIL();
  } catch (const BadInput& e) {
    EXPECT_EQ(std::string(e.what()).rfind("test.toml:" + std::to_string(line) + ":", 0), 0U)
        << e.what();
  }
  EXPECT_THROW(load_cards("/nonexistent/cards.toml"), BadInput);
}

}  // namespace
}  // namespace ancients::generals
