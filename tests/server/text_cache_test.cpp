// The cache of finished games' answers (server/text_cache.h): a text is found by its key, the
// least recently used leaves first once the texts pass the byte limit, and a text too big for
// it is not kept.
#include <gtest/gtest.h>

#include "server/text_cache.h"

namespace {

using ancients::server::TextCache;

std::shared_ptr<const std::string> text(std::size_t bytes, char c = 'x') {
  return std::make_shared<const std::string>(bytes, c);
}

TEST(TextCache, FindsWhatWasPutAndReplacesByKey) {
  TextCache cache(1000);
  EXPECT_EQ(cache.find("a"), nullptr);
  cache.put("a", text(100, 'a'));
  ASSERT_NE(cache.find("a"), nullptr);
  EXPECT_EQ(*cache.find("a"), std::string(100, 'a'));
  cache.put("a", text(50, 'b'));
  EXPECT_EQ(*cache.find("a"), std::string(50, 'b'));
  EXPECT_EQ(cache.bytes(), 50u);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(TextCache, TheLeastRecentlyUsedLeaveFirstPastTheLimit) {
  TextCache cache(1000);
  cache.put("a", text(200));
  cache.put("b", text(200));
  cache.put("c", text(200));
  cache.put("d", text(200));
  ASSERT_NE(cache.find("a"), nullptr);  // now the most recently used: "b" is the oldest
  cache.put("e", text(250));            // 1,050 bytes: one must go
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_NE(cache.find("a"), nullptr);
  EXPECT_NE(cache.find("e"), nullptr);
  EXPECT_LE(cache.bytes(), 1000u);
  EXPECT_EQ(cache.size(), 4u);
}

TEST(TextCache, ATextBiggerThanAQuarterOfTheLimitIsNotKept) {
  TextCache cache(1000);
  cache.put("small", text(250));
  cache.put("big", text(251));
  EXPECT_NE(cache.find("small"), nullptr);
  EXPECT_EQ(cache.find("big"), nullptr);
  EXPECT_EQ(cache.bytes(), 250u);
}

}  // namespace
