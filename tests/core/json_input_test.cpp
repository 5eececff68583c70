// Depth-checked JSON input (core/json_input.h): valid documents read, nesting is refused just
// past the limit with a message naming the source, malformed text is refused as BadInput.
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

}  // namespace
}  // namespace ancients
