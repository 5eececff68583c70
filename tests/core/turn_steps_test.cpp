// How a turn goes (core/turn_steps.h): the checks the games' loaders share, and the rules book's
// section made of the steps (a subtitle only where the data gives one; none without steps).
#include "core/turn_steps.h"

#include <gtest/gtest.h>

namespace {

using ancients::TurnStep;

TEST(TurnSteps, AStepIsCheckedAgainstTheOnesBefore) {
  const TurnStep move{"move", "2. Move", "phase", {"Play Move cards."}};
  EXPECT_EQ(ancients::turn_step_problem(move, {}), "");
  EXPECT_EQ(ancients::turn_step_problem(move, {move}), "duplicate turn id \"move\"");
  EXPECT_NE(ancients::turn_step_problem({"Move", "t", "", {"x"}}, {}).find("lower case"),
            std::string::npos);
  EXPECT_EQ(ancients::turn_step_problem({"end", "t", "", {}}, {}), "turn \"end\" has no lines");
  EXPECT_EQ(ancients::turn_step_problem({"end", "t", "", {"a", ""}}, {}),
            "an empty line in turn \"end\"");
  EXPECT_EQ(ancients::turn_step_problem({"end", "", "", {"a"}}, {}), "turn \"end\" has no title");
}

TEST(TurnSteps, TheBookSectionListsTheStepsInOrder) {
  EXPECT_TRUE(ancients::turn_section({}).is_null());
  const auto section = ancients::turn_section(
      {{"move", "2. Move", "phase", {"Play Move cards."}}, {"end", "The end", "", {"A loss."}}});
  EXPECT_EQ(section["id"], "turn");
  ASSERT_EQ(section["entries"].size(), 2u);
  EXPECT_EQ(section["entries"][0]["subtitle"], "phase");
  EXPECT_FALSE(section["entries"][1].contains("subtitle"));
  EXPECT_EQ(section["entries"][1]["lines"][0], "A loss.");
}

}  // namespace
