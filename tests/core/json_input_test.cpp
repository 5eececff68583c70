// Strict JSON input (core/json_input.h): valid documents read, nesting is refused just past the
// limit with a message naming the source, a key given twice is refused naming it, malformed
// text is refused as BadInput.
#include <gtest/gtest.h>

#include <string>

#include "core/errors.h"
#include "core/json_input.h"

namespace ancients {
namespace {

std::string nested_lists(int depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

std::string refusal(const std::string& text) {
  try {
    parse_json_input(text, "input.json");
  } catch (const BadInput& e) {
    return e.what();
  }
  return "";
}

TEST(JsonInput, ReadsADocument) {
  const auto j = parse_json_input(R"({"a": [1, {"b": "c"}]})", "input.json");
  EXPECT_EQ(j["a"][1]["b"], "c");
}

TEST(JsonInput, AcceptsTheDeepestAllowedNesting) {
  EXPECT_EQ(refusal(nested_lists(kMaxJsonDepth)), "");
}

TEST(JsonInput, RefusesOneLevelMore) {
  const std::string message = refusal(nested_lists(kMaxJsonDepth + 1));
  EXPECT_NE(message.find("input.json"), std::string::npos) << message;
  EXPECT_NE(message.find("nested more than 64 levels"), std::string::npos) << message;
}

TEST(JsonInput, RefusesDeepObjectsWithoutOverflowingTheStack) {
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "{\"a\":";
  text += "1" + std::string(200000, '}');
  EXPECT_NE(refusal(text).find("levels"), std::string::npos);
}

TEST(JsonInput, BracketsInsideStringsDoNotCount) {
  const std::string text = "{\"a\": \"" + std::string(1000, '[') + "\"}";
  EXPECT_EQ(refusal(text), "");
}

TEST(JsonInput, MalformedTextIsBadInput) {
  const std::string message = refusal("{\"a\": ");
  EXPECT_NE(message.find("input.json: not valid JSON"), std::string::npos) << message;
}

TEST(JsonInput, AKeyGivenTwiceIsRefusedNamingItAndWhereItLies) {
  // The DOM keeps the last: a hand-edited map with "d9" twice in its terrain lost a line.
  EXPECT_EQ(refusal(R"({"terrain": {"d9": "built-up", "d9": "woods"}})"),
            "input.json: terrain: \"d9\" is given twice");
  EXPECT_EQ(refusal(R"({"board": 8, "board": 12})"), "input.json: \"board\" is given twice");
  EXPECT_EQ(refusal(R"({"features": [{"name": "a"}, {"name": "b", "name": "c"}]})"),
            "input.json: features[1]: \"name\" is given twice");
  EXPECT_EQ(refusal(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [[1, {"x": 3}], {"x": 4}]})"), "")
      << "the same key in different objects is fine";
}

}  // namespace
}  // namespace ancients
