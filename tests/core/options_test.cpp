// The option schema (core/options.h): defaults filled in, types, ranges, choices and data
// names checked, requirements between options, text from the command line, the JSON for tools.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/errors.h"
#include "core/options.h"
#include "core/registry.h"
#include "games/register_games.h"

namespace {

using ancients::BadInput;
using ancients::OptionContext;
using ancients::OptionSchema;
using ancients::OptionSpec;
using ancients::OptionType;
using nlohmann::json;

OptionSchema sample_schema() {
  OptionSpec size;
  size.name = "size";
  size.type = OptionType::kInt;
  size.default_value = 8;
  size.values = {8, 12};
  size.description = "board size";
  OptionSpec turns;
  turns.name = "turns";
  turns.type = OptionType::kInt;
  turns.default_value = 10;
  turns.min = 1;
  turns.max = 50;
  OptionSpec mode;
  mode.name = "mode";
  mode.type = OptionType::kChoice;
  mode.default_value = "a";
  mode.values = {"a", "b"};
  OptionSpec big;
  big.name = "big_setup";
  big.default_value = false;
  big.needs = {{"size", 12}};
  OptionSpec army;
  army.name = "army";
  army.type = OptionType::kData;
  army.data_kind = "army";
  army.default_value = "random";
  army.special = {"random"};
  army.inline_objects = true;
  army.choices.depends_on = "mode";
  army.choices.names = [](const json& m) {
    return m == "a" ? std::vector<std::string>{"romans", "gauls"}
                    : std::vector<std::string>{"huns"};
  };
  return {size, turns, mode, big, army};
}

std::string option_error(const json& given, const OptionContext& context = {}) {
  try {
    ancients::resolve_options(sample_schema(), given, context, "sample");
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

TEST(OptionSchema, DefaultsAreFilledInSchemaOrder) {
  const json out = ancients::resolve_options(sample_schema(), json(nullptr), {}, "sample");
  EXPECT_EQ(out,
            json::parse(R"({"size":8,"turns":10,"mode":"a","big_setup":false,"army":"random"})"));
  const json some = ancients::resolve_options(
      sample_schema(), {{"turns", 50}, {"army", "huns"}, {"mode", "b"}}, {}, "sample");
  EXPECT_EQ(some["turns"], 50);
  EXPECT_EQ(some["army"], "huns");
  EXPECT_EQ(some["size"], 8);
}

TEST(OptionSchema, EveryBadValueIsNamedWithWhatIsAllowed) {
  EXPECT_NE(option_error({{"colour", 1}}).find("option colour: not an option of sample"),
            std::string::npos);
  EXPECT_NE(option_error({{"size", 10}})
                .find("option size of sample: 10 is not allowed (allowed: "
                      "one of 8, 12)"),
            std::string::npos)
      << option_error({{"size", 10}});
  EXPECT_NE(option_error({{"turns", 0}}).find("a whole number from 1 to 50"), std::string::npos);
  EXPECT_NE(option_error({{"turns", "5"}}).find("option turns"), std::string::npos);
  EXPECT_NE(option_error({{"mode", "c"}}).find("one of a, b"), std::string::npos);
  EXPECT_NE(option_error({{"big_setup", 1}}).find("true or false"), std::string::npos);
  EXPECT_NE(option_error(json::array()).find("expected an object"), std::string::npos);
  // Data names depend on another option.
  EXPECT_NE(option_error({{"army", "huns"}}).find("unknown army \"huns\""), std::string::npos);
  EXPECT_NE(option_error({{"army", "huns"}}).find("(with mode a)"), std::string::npos);
  EXPECT_EQ(option_error({{"army", json::object()}}), "");  // inline data: the game reads it
  // A file path only where files are allowed.
  EXPECT_NE(option_error({{"army", "/tmp/x.json"}}), "");
  EXPECT_EQ(option_error({{"army", "/tmp/x.json"}}, OptionContext{true}), "");
}

TEST(OptionSchema, RequirementsAreChecked) {
  EXPECT_NE(option_error({{"big_setup", true}})
                .find("option big_setup of sample: needs size=12 "
                      "(size is 8)"),
            std::string::npos)
      << option_error({{"big_setup", true}});
  EXPECT_EQ(option_error({{"big_setup", true}, {"size", 12}}), "");
  EXPECT_EQ(option_error({{"big_setup", false}}), "");  // the default needs nothing
}

TEST(OptionSchema, TextFromTheCommandLineIsTyped) {
  const OptionSchema s = sample_schema();
  json v = json::object();
  ancients::apply_option_settings(s, v, "size=12,big_setup=on,,mode=b", "sample");
  ancients::set_option_text(s, v, "turns", "7", "sample");
  EXPECT_EQ(v, json::parse(R"({"size":12,"big_setup":true,"mode":"b","turns":7})"));
  EXPECT_THROW(ancients::set_option_text(s, v, "turns", "seven", "sample"), BadInput);
  EXPECT_THROW(ancients::set_option_text(s, v, "big_setup", "maybe", "sample"), BadInput);
  EXPECT_THROW(ancients::set_option_text(s, v, "nosuch", "1", "sample"), BadInput);
  EXPECT_THROW(ancients::apply_option_settings(s, v, "size", "sample"), BadInput);
}

TEST(OptionSchema, AKeyGivenTwiceInOneListIsRefusedByName) {
  // "size=8,size=12" once kept the last value without a word.
  const OptionSchema s = sample_schema();
  json v = json::object();
  try {
    ancients::apply_option_settings(s, v, "size=8,mode=b,size=12", "sample");
    ADD_FAILURE() << "a repeated key was taken";
  } catch (const BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("size is given twice"), std::string::npos) << e.what();
  }
}

TEST(OptionSchema, AnUnknownKeyListsTheOptionsInWords) {
  // The list once read "army (a name of army)".
  const std::string e = option_error({{"colour", 1}});
  EXPECT_NE(e.find("army (the name of an army)"), std::string::npos) << e;
  EXPECT_NE(e.find("size (8|12)"), std::string::npos) << e;
  EXPECT_NE(option_error({{"army", 3}}).find("or an army as a JSON object"), std::string::npos)
      << option_error({{"army", 3}});
}

TEST(OptionSchema, ACallersLowerMaximumIsCheckedAndListed) {
  OptionContext capped;
  capped.lower_max = {{"turns", 20}};
  // A value given above the caller's maximum is refused with it; the list of options says it.
  const std::string over = option_error({{"turns", 21}}, capped);
  EXPECT_NE(over.find("21 is not allowed (allowed: a whole number from 1 to 20)"),
            std::string::npos)
      << over;
  EXPECT_NE(option_error({{"colour", 1}}, capped).find("turns (1..20)"), std::string::npos);
  EXPECT_TRUE(option_error({{"turns", 20}}, capped).empty());
  // A default (10) above a lower maximum passes: it is the caller's to refuse.
  capped.lower_max = {{"turns", 5}};
  EXPECT_TRUE(option_error(json::object(), capped).empty());
  EXPECT_EQ(ancients::resolve_options(sample_schema(), json::object(), capped, "sample")["turns"],
            10);
  // Without one, the schema's own range.
  EXPECT_NE(option_error({{"turns", 51}}).find("(allowed: a whole number from 1 to 50)"),
            std::string::npos);
}

TEST(OptionSchema, SerialisesForTools) {
  const json j = ancients::schema_to_json(sample_schema());
  ASSERT_EQ(j.size(), 5u);
  EXPECT_EQ(j[0]["name"], "size");
  EXPECT_EQ(j[0]["type"], "int");
  EXPECT_EQ(j[0]["values"], json({8, 12}));
  EXPECT_EQ(j[0]["description"], "board size");
  EXPECT_EQ(j[1]["min"], 1);
  EXPECT_EQ(j[1]["max"], 50);
  EXPECT_EQ(j[3]["requires"], json::parse(R"([{"option":"size","value":12}])"));
  EXPECT_EQ(j[4]["type"], "data");
  EXPECT_EQ(j[4]["special"], json({"random"}));
  EXPECT_EQ(j[4]["choices_by"]["option"], "mode");
  EXPECT_EQ(j[4]["choices_by"]["values"]["a"], json({"romans", "gauls"}));
  EXPECT_EQ(j[4]["choices_by"]["values"]["b"], json({"huns"}));
  EXPECT_FALSE(j[0].contains("label"));  // no label given: front ends derive one
}

// The seats an option is for and the seats a choice makes are written only where given, so
// that a front end can leave out the armies of players a battle will not have.
TEST(OptionSchema, SeatsAreSerialisedWhereGiven) {
  OptionSchema schema = sample_schema();
  schema[2].seats = {2, 4};
  schema[2].seat_names = {{"a", "b"}, {"a", "a2", "b", "b2"}};
  schema[4].seat = 3;
  const json j = ancients::schema_to_json(schema);
  EXPECT_EQ(j[2]["seats"], json({2, 4}));
  EXPECT_EQ(j[2]["seat_names"][1], json({"a", "a2", "b", "b2"}));
  EXPECT_EQ(j[4]["seat"], 3);
  EXPECT_FALSE(j[0].contains("seat"));
  EXPECT_FALSE(j[0].contains("seats"));
  EXPECT_FALSE(j[0].contains("seat_names"));
}

// Ancient Warfare's sides name each seat by its part, in turn order (shared/rules/
// multiplayer.md: the attacker, its contingents, the defender, its contingents), one name a
// seat for every value of `players`.
TEST(OptionSchema, WarfareNamesEachSeatOfASide) {
  ancients::register_builtin_games();
  const json schema = ancients::schema_to_json(ancients::game_named("warfare").options);
  const auto players = std::find_if(schema.begin(), schema.end(),
                                    [](const json& o) { return o["name"] == "players"; });
  ASSERT_NE(players, schema.end());
  const json& values = (*players)["values"];
  ASSERT_EQ((*players)["seat_names"].size(), values.size());
  for (std::size_t k = 0; k < values.size(); ++k)
    EXPECT_EQ((*players)["seat_names"][k].size(), (*players)["seats"][k].get<std::size_t>());
  const auto names = [&](const char* v) {
    const auto at = std::find(values.begin(), values.end(), json(v)) - values.begin();
    return (*players)["seat_names"][static_cast<std::size_t>(at)];
  };
  EXPECT_EQ(names("2+2"),
            json({"attacker", "attacker's contingent", "defender", "defender's contingent"}));
  EXPECT_EQ(names("3+1"), json({"attacker", "attacker's 1st contingent",
                                "attacker's 2nd contingent", "defender"}));
}

// The DBA-style set-up makes player 1 the attacker and player 2 the defender (its description,
// shared/rules/ancient-warfare.md): the flag names the two seats while it is on.
TEST(OptionSchema, WarfareDbaSetUpNamesTheAttackerAndTheDefender) {
  ancients::register_builtin_games();
  const json schema = ancients::schema_to_json(ancients::game_named("warfare").options);
  const auto dba = std::find_if(schema.begin(), schema.end(),
                                [](const json& o) { return o["name"] == "dba_setup"; });
  ASSERT_NE(dba, schema.end());
  EXPECT_EQ((*dba)["type"], "bool");
  EXPECT_EQ((*dba)["seat_names"], json::array({json({"attacker", "defender"})}));
}

TEST(OptionSchema, ALabelGivenIsSerialised) {
  OptionSchema schema = sample_schema();
  schema[0].label = "Board size";
  EXPECT_EQ(ancients::schema_to_json(schema)[0]["label"], "Board size");
}

}  // namespace
