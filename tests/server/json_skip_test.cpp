// Stepping over JSON values (src/server/json_skip.h), as the load tool's bots do: the sixteen-
// bytes-at-a-time scan and the bytewise one agree with each other and with the values' true
// ends, escapes and brackets in strings at every offset included, and a cut text has no end.
#include "server/json_skip.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

namespace ancients::server {
namespace {

using nlohmann::json;
constexpr auto kNone = std::string_view::npos;

/// A random string with the bytes that matter to the scan among plain ones.
std::string random_text(std::mt19937& rng) {
  static const std::vector<std::string> pieces = {"a", "b", "\"", "\\", "{", "}",  "[",
                                                  "]", ",", ":",  "0",  " ", "\n", "\xc3\xa9"};
  std::string s;
  const int n = std::uniform_int_distribution<int>(0, 40)(rng);
  for (int i = 0; i < n; ++i)
    s += pieces[std::uniform_int_distribution<std::size_t>(0, pieces.size() - 1)(rng)];
  return s;
}

/// A random JSON value, nested up to `depth`.
json random_value(std::mt19937& rng, int depth) {
  const int kind = std::uniform_int_distribution<int>(0, depth > 0 ? 5 : 3)(rng);
  switch (kind) {
    case 0:
      return std::uniform_int_distribution<int>(-1000, 1000)(rng);
    case 1:
      return random_text(rng);
    case 2:
      return std::uniform_int_distribution<int>(0, 1)(rng) ? json(true) : json(nullptr);
    case 3:
      return 0.5;
    case 4: {
      json a = json::array();
      const int n = std::uniform_int_distribution<int>(0, 6)(rng);
      for (int i = 0; i < n; ++i) a.push_back(random_value(rng, depth - 1));
      return a;
    }
    default: {
      json o = json::object();
      const int n = std::uniform_int_distribution<int>(0, 6)(rng);
      for (int i = 0; i < n; ++i) o[random_text(rng)] = random_value(rng, depth - 1);
      return o;
    }
  }
}

TEST(JsonSkip, BothScansFindTheEndOfRandomValuesAtEveryOffset) {
  std::mt19937 rng(20261128);
  int containers = 0;
  for (int round = 0; round < 3000; ++round) {
    const json v = random_value(rng, 4);
    const std::string text = v.dump();  // no spaces, as the server writes
    const std::string pad(static_cast<std::size_t>(round % 37), 'x');
    // A number or literal ends at the comma after it, a string or container after its last
    // byte: either way where the next member would start.
    const std::string m = pad + text + ",\"next\"]";
    const std::size_t want = pad.size() + text.size();
    ASSERT_EQ(end_of_value(m, pad.size()), want) << m;
    ASSERT_EQ(end_of_value_bytewise(m, pad.size()), want) << m;
    if (v.is_structured()) ++containers;
  }
  EXPECT_GT(containers, 500);  // the scan that matters was taken often
}

TEST(JsonSkip, AnEscapeAtEachOfTheSixteenPlacesOfABlockIsFollowed) {
  // A string with an escaped quote, then a bracket inside the string, moved one byte at a
  // time across the sixteen-byte blocks; and an escaped backslash before the closing quote.
  for (std::size_t shift = 0; shift < 40; ++shift) {
    for (const std::string inner : {R"(a\"]}b)", R"(\\)", R"(x\\\"[)", R"(\\\\)"}) {
      const std::string value = "[" + std::string(shift, ' ') + "\"" + inner + "\",{\"k\":[1]}]";
      const std::string m = value + ",\"after\"]";
      ASSERT_EQ(end_of_value(m, 0), value.size()) << m;
      ASSERT_EQ(end_of_value_bytewise(m, 0), value.size()) << m;
    }
  }
}

TEST(JsonSkip, ACutTextHasNoEnd) {
  std::mt19937 rng(7);
  for (int round = 0; round < 300; ++round) {
    json v = json::object();
    v["list"] = random_value(rng, 3);
    v["text"] = random_text(rng);
    const std::string text = v.dump();
    for (std::size_t cut = 1; cut < text.size(); ++cut) {
      const std::string_view m(text.data(), cut);
      ASSERT_EQ(end_of_value(m, 0), kNone) << m;
      ASSERT_EQ(end_of_value_bytewise(m, 0), kNone) << m;
    }
    ASSERT_EQ(end_of_value(text, 0), text.size());
  }
  EXPECT_EQ(end_of_value("]", 0), kNone);  // no value starts at a closing bracket
  EXPECT_EQ(end_of_value("", 0), kNone);
}

}  // namespace
}  // namespace ancients::server
