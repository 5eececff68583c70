// The computer players' worker pool (server/hub.h, WorkerPool): a decision a person waits for
// goes before those of games the computer plays alone, so that one client's computer-only
// games cannot keep everyone else's computer opponents waiting (security review F-4); and what
// makes a game's decisions urgent (a seat played by its person, GameSession::person_plays, whose
// client is present).
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

#include "server/game_session.h"
#include "server/hub.h"

namespace {

using ancients::server::GameSession;
using ancients::server::WorkerPool;

TEST(WorkerPool, AJobAPersonWaitsForGoesBeforeTheComputerOnlyGames) {
  std::mutex m;
  std::condition_variable cv;
  bool busy = false, go_on = false;
  std::vector<std::string> order;
  WorkerPool pool(1);  // last: joined before what its jobs touch is destroyed
  pool.submit([&] {    // holds the only worker until the queue below is filled
    std::unique_lock lock(m);
    busy = true;
    cv.notify_all();
    cv.wait(lock, [&] { return go_on; });
  });
  {
    std::unique_lock lock(m);
    ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return busy; }));
  }
  const auto job = [&](std::string name) {
    return [&, name] {
      std::lock_guard lock(m);
      order.push_back(name);
      cv.notify_all();
    };
  };
  pool.submit(job("alone 1"), false);
  pool.submit(job("alone 2"), false);
  pool.submit(job("waited for"), true);
  {
    std::unique_lock lock(m);
    go_on = true;
    cv.notify_all();
    ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return order.size() == 3; }));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"waited for", "alone 1", "alone 2"}));
}

TEST(GameSession, APersonPlaysUntilTheirSeatIsHandedToTheComputer) {
  auto s =
      GameSession::create("g", {{"game", "ancient-generals"}}, 3, {"human", "random"}, {"a", "b"});
  EXPECT_TRUE(s->person_plays(1));
  EXPECT_FALSE(s->person_plays(2)) << "the computer's seat";
  s->set_stand_in(1, "random");
  EXPECT_FALSE(s->person_plays(1)) << "handed to the computer: nobody waits for it";
  EXPECT_FALSE(s->person_plays(0));
  EXPECT_FALSE(s->person_plays(3));
}

}  // namespace
