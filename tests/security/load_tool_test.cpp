// `ancients load` against a served `ancients serve` (both the built binary, as docs/server.md's
// "Load" runs them): the bots play whole games of both games through the protocol, by text and by
// group, with no error, and the report carries what the docs quote.
#include <cstdio>
#include <fstream>

#include "served.h"

namespace security {
namespace {

json run_load(unsigned short port, const std::string& flags) {
  const std::string cmd = std::string(ancients::test_paths::ancients_binary()) +
                          " load --url http://127.0.0.1:" + std::to_string(port) + " " + flags +
                          " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return json();
  std::string out;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, p)) out += buf;
  const int status = pclose(p);
  EXPECT_EQ(status, 0) << out;
  return json::parse(out, nullptr, false);
}

TEST(LoadTool, BotsPlayWholeGamesOfBothGamesAndTheReportHasTheRoundTrips) {
  const auto dir = scratch("load");
  make_web_root(dir);
  Served s(dir, {"--games-per-minute", "0", "--max-messages-per-second", "0"});
  ASSERT_TRUE(s.started()) << s.log();
  for (const std::string flags : {"--games 4 --seconds 1.5 --options '{\"turn_limit\":10}'",
                                  "--games 3 --seconds 1.5 --full --options '{\"turn_limit\":10}'",
                                  "--games 3 --seconds 1.5 --game generals"}) {
    const json r = run_load(s.port(), flags);
    ASSERT_TRUE(r.is_object()) << flags;
    EXPECT_EQ(r["errors"], 0) << r.dump();
    EXPECT_GT(r["actions"].get<int>(), 50) << r.dump();
    EXPECT_GT(r["games_finished"].get<int>(), 0) << r.dump();
    EXPECT_GT(r["games_in_play"].get<double>(), 0) << r.dump();
    EXPECT_LE(r["games_in_play"].get<double>(), r["concurrent_games"].get<double>()) << r.dump();
    EXPECT_EQ(r["compact"], flags.find("--full") == std::string::npos) << r.dump();
    const double p50 = std::stod(r["rtt_ms"]["p50"].get<std::string>());
    const double p99 = std::stod(r["rtt_ms"]["p99"].get<std::string>());
    EXPECT_GT(p50, 0);
    EXPECT_LE(p50, p99);
  }
  // A warm-up is played and left out: the report covers the measured seconds only.
  const json warm = run_load(s.port(), "--games 3 --seconds 1 --warmup 1 --game generals");
  ASSERT_TRUE(warm.is_object());
  EXPECT_EQ(warm["warmup_seconds"], 1.0) << warm.dump();
  EXPECT_GE(warm["seconds"].get<double>(), 0.9) << warm.dump();
  EXPECT_LE(warm["seconds"].get<double>(), 1.5) << warm.dump();
  EXPECT_GT(warm["actions"].get<int>(), 20) << warm.dump();
  EXPECT_EQ(warm["errors"], 0) << warm.dump();
  // The trace: one JSON line per round trip counted, each with the act message sent.
  const fs::path trace = dir / "trace.jsonl";
  const json traced =
      run_load(s.port(), "--games 2 --seconds 1 --game generals --trace " + trace.string());
  ASSERT_TRUE(traced.is_object());
  std::ifstream lines(trace);
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    const json t = json::parse(line);
    EXPECT_GT(t["rtt_ms"].get<double>(), 0) << line;
    EXPECT_GE(t["at_ms"].get<double>(), 0) << line;
    EXPECT_GT(t["reply_bytes"].get<int>(), 0) << line;
    EXPECT_EQ(t["act"]["type"], "act") << line;
  }
  EXPECT_GT(count, 20u);
  EXPECT_LE(count, traced["actions"].get<std::size_t>());
  // Bad flags get a message and a non-zero exit, never a crash.
  const std::string bin(ancients::test_paths::ancients_binary());
  EXPECT_NE(std::system((bin + " load --url ftp://x --seconds 1 2>/dev/null").c_str()), 0);
  EXPECT_NE(std::system((bin + " load --options '[1]' --seconds 1 2>/dev/null").c_str()), 0);
  EXPECT_NE(std::system((bin + " load --trace /nonexistent/dir/t --seconds 1 2>/dev/null").c_str()),
            0);
  EXPECT_TRUE(s.running());
}

}  // namespace
}  // namespace security
