// Balance reports served by `ancients serve --reports DIR` under /reports/ (issue #17): the list
// of reports, a report itself as HTML, nothing outside the folder (encoded traversal included),
// and a clear 404 when the server has no reports folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "server/hub.h"
#include "server/routes.h"
#include "server/storage.h"

namespace {

using namespace ancients::server;
namespace fs = std::filesystem;

struct Folder {
  fs::path dir = fs::temp_directory_path() / "ancients-reports-test";
  Folder() {
    fs::remove_all(dir);
    fs::create_directories(dir / "reports");
    std::ofstream(dir / "reports" / "units.html") << "<html>units report</html>";
    std::ofstream(dir / "secret.txt") << "secret";
  }
  ~Folder() { fs::remove_all(dir); }
};

std::string header(const HttpReply& r, const std::string& name) {
  for (const auto& [k, v] : r.headers)
    if (k == name) return v;
  return "";
}

TEST(Reports, AReportAndTheListAreServedAndNothingElse) {
  Folder f;
  std::vector<std::function<void()>> posted;
  Hub hub(
      open_sqlite_storage(":memory:"), [&](std::function<void()> fn) { posted.push_back(fn); }, 1,
      "random");
  Router router(hub, "", (f.dir / "reports").string());
  const HttpReply report = router.handle({"GET", "/reports/units.html", "", ""});
  EXPECT_EQ(report.status, 200);
  EXPECT_NE(report.body.find("units report"), std::string::npos);
  EXPECT_NE(header(report, "Content-Type").find("text/html"), std::string::npos);
  const HttpReply list = router.handle({"GET", "/reports/", "", ""});
  EXPECT_EQ(list.status, 200);
  EXPECT_NE(list.body.find("/reports/units.html"), std::string::npos);
  for (const char* bad : {"/reports/../secret.txt", "/reports/%2e%2e/secret.txt",
                          "/reports//etc/hostname", "/reports/missing.html"}) {
    const HttpReply r = router.handle({"GET", bad, "", ""});
    EXPECT_EQ(r.status, 404) << bad;
    EXPECT_EQ(r.body.find("secret"), std::string::npos) << bad;
  }
  Router without(hub, "", "");
  const HttpReply none = without.handle({"GET", "/reports/units.html", "", ""});
  EXPECT_EQ(none.status, 404);
  EXPECT_NE(none.body.find("--reports"), std::string::npos);
}

}  // namespace
