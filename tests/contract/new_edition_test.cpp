// `ancients new --edition E` starts a game of every bundled edition with its default armies
// (issue #11: the retreat edition used to fail with "unknown army"), and the position it prints
// after both automatic deployments (`--deploy`) is one `legal` accepts.
#include <string>

#include "contract/run_binary.h"

namespace contract {
namespace {

TEST(NewEdition, EveryEditionStartsWithItsDefaultArmies) {
  for (const std::string edition : {"autokill", "retreat"}) {
    SCOPED_TRACE(edition);
    const RunResult r = ancients({"new", "--edition", edition, "--deploy"});
    EXPECT_RUN_OK(r);
    const json position = json::parse(r.out, nullptr, false);
    ASSERT_FALSE(position.is_discarded()) << describe(r);
    EXPECT_EQ(position["edition"], edition);
    TempDir dir;
    const RunResult legal = ancients({"legal", dir.write("start.json", r.out)});
    EXPECT_RUN_OK(legal);
    EXPECT_FALSE(legal.out.empty());
  }
}

}  // namespace
}  // namespace contract
