// The shared parts of game records (core/record_common.h): strict fields, the envelope, the
// winner and the actions, each refused with a message naming where.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.h"
#include "core/game.h"
#include "core/record_common.h"

namespace ancients::record_common_cases {
namespace {

using nlohmann::json;

template <class F>
std::string refusal(F&& f) {
  try {
    f();
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

TEST(RecordCommon, FieldsNameTheLocationOfEveryMistake) {
  const json j = {{"n", 5}, {"s", "x"}, {"o", {{"k", 1}}}};
  const JsonFields f(j, "r.json");
  EXPECT_EQ(f.integer("n", 0, 9), 5);
  EXPECT_EQ(f.string("s"), "x");
  EXPECT_EQ(f.sub("o").integer("k", 0, 1), 1);
  EXPECT_EQ(refusal([&] { f.integer("n", 0, 4); }), "r.json: \"n\" must be an integer from 0 to 4");
  EXPECT_EQ(refusal([&] { f.string("n"); }), "r.json: \"n\" must be a string");
  EXPECT_EQ(refusal([&] { f.get("z"); }), "r.json: \"z\" is missing");
  EXPECT_EQ(refusal([&] { f.only({"n", "s"}); }), "r.json: unknown key \"o\"");
  EXPECT_EQ(refusal([&] { f.sub("o").only({}); }), "r.json.o: unknown key \"k\"");
  EXPECT_EQ(refusal([&] { JsonFields(json::array(), "r.json"); }), "r.json: must be a JSON object");
}

TEST(RecordCommon, EnvelopeChecksFormatVersionAndGame) {
  json j = {{"format", "ancients-record"}, {"version", 1}, {"game", "ancient-generals"}};
  EXPECT_EQ(refusal([&] { check_record_envelope(JsonFields(j, "r"), 1, "ancient-generals"); }), "");
  EXPECT_NE(refusal([&] {
              check_record_envelope(JsonFields(j, "r"), 1, "ancient-warfare");
            }).find("\"game\" must be \"ancient-warfare\""),
            std::string::npos);
  EXPECT_NE(refusal([&] {
              check_record_envelope(JsonFields(j, "r"), 2, "ancient-generals");
            }).find("\"version\" 1 is not supported"),
            std::string::npos);
  j["format"] = "other";
  EXPECT_NE(refusal([&] {
              check_record_envelope(JsonFields(j, "r"), 1, "ancient-generals");
            }).find("\"format\" must be \"ancients-record\""),
            std::string::npos);
}

TEST(RecordCommon, WinnerRoundTrips) {
  for (const int w : {1, 2, kDraw, kNotOver}) {
    const json text = json::parse(winner_to_json(w).dump());
    const json holder = {{"winner", text}};
    EXPECT_EQ(winner_from_json(text, JsonFields(holder, "r")), w);
  }
  EXPECT_EQ(winner_text(2), "player 2 wins");
  EXPECT_EQ(winner_text(kDraw), "draw");
  EXPECT_EQ(winner_text(kNotOver), "unfinished");
  const json holder = {{"winner", 3}};
  EXPECT_NE(refusal([&] {
              winner_from_json(holder["winner"], JsonFields(holder, "r"));
            }).find("\"winner\" must be 1, 2"),
            std::string::npos);
}

TEST(RecordCommon, ActionsRoundTripAndAreCheckedOneByOne) {
  const std::vector<RecordedAction> actions = {{1, "pass"}, {2, "discard bowmen"}};
  const json j = json::parse(actions_to_json(actions).dump());
  EXPECT_EQ(actions_from_json(j, "r"), actions);
  EXPECT_EQ(
      refusal([&] { actions_from_json(json::parse(R"([{"player": 3, "action": "x"}])"), "r"); }),
      "r: actions[0]: \"player\" must be an integer from 1 to 2");
  EXPECT_EQ(
      refusal([&] { actions_from_json(json::parse(R"([{"player": 1, "action": ""}])"), "r"); }),
      "r: actions[0]: \"action\" is empty");
  EXPECT_EQ(refusal([&] { actions_from_json(json::object(), "r"); }),
            "r: \"actions\" must be a list");
}

TEST(RecordCommon, DateIsUtcIso8601) {
  const std::string d = record_date_now();
  ASSERT_EQ(d.size(), 20u) << d;
  EXPECT_EQ(d[4], '-');
  EXPECT_EQ(d[10], 'T');
  EXPECT_EQ(d.back(), 'Z');
}

}  // namespace
}  // namespace ancients::record_common_cases
