// The generated battlefield on DBA's own table (table_layout.cpp): every feature of every
// topography lies on the 24-inch table, its rectangle covers exactly the squares' extent, and a
// square of the 12x12 grid is 2 inches (50 mm); rivers are segments along square edges.
#include <gtest/gtest.h>

#include "tools/dba/generate.h"
#include "tools/dba/sheet_loader.h"
#include "tools/dba/table_layout.h"

namespace {

using namespace ancients::dba;
using nlohmann::json;

TEST(DbaTableLayout, EveryFeatureLiesOnTheTableWhereItsSquaresAre) {
  const auto sheet = load_sheet(default_sheet_path());
  int features = 0, rivers = 0;
  for (const auto& topography : sheet->terrain.topographies)
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const GeneratedMap g = generate_map(*sheet, topography.id, 12, seed);
      const json t = table_layout(g);
      EXPECT_EQ(t["square"]["inches"], 2.0);
      EXPECT_EQ(t["square"]["mm"], 50.0);
      ASSERT_EQ(t["features"].size(), g.field.features.size()) << topography.id;
      for (std::size_t i = 0; i < g.field.features.size(); ++i) {
        const auto& f = g.field.features[i];
        const json& e = t["features"][i];
        EXPECT_EQ(e["kind"], f.kind->id);
        for (int k = 0; k < 2; ++k) {
          EXPECT_GE(e["from"][k].get<double>(), 0.0);
          EXPECT_LE(e["to"][k].get<double>(), 24.0);
          EXPECT_LT(e["from"][k].get<double>(), e["to"][k].get<double>());
        }
        // The rectangle is the squares' extent: each square inside, and touching each side.
        double x0 = 99, y0 = 99, x1 = -1, y1 = -1;
        for (const Square& s : f.squares) {
          x0 = std::min(x0, s.file * 2.0);
          y0 = std::min(y0, s.rank * 2.0);
          x1 = std::max(x1, s.file * 2.0 + 2);
          y1 = std::max(y1, s.rank * 2.0 + 2);
        }
        EXPECT_EQ(e["from"], json::array({x0, y0})) << f.kind->id;
        EXPECT_EQ(e["to"], json::array({x1, y1})) << f.kind->id;
        ++features;
      }
      for (const auto& r : t["rivers"]) {
        // A segment of one square's side, vertical or horizontal.
        const double dx = r["to"][0].get<double>() - r["from"][0].get<double>();
        const double dy = r["to"][1].get<double>() - r["from"][1].get<double>();
        EXPECT_TRUE((dx == 0 && dy == 2) || (dx == 2 && dy == 0)) << r.dump();
        ++rivers;
      }
      const std::string text = table_layout_text(g);
      EXPECT_NE(text.find("24\" = 600 mm square"), std::string::npos) << text;
    }
  EXPECT_GT(features, 50);
  EXPECT_GT(rivers, 0);
}

// A feature whose die was rolled goes on the table as the die said, as on the map: a plough
// that did not roll a 1 is good going there (its kind's going, "rough", was shown before).
TEST(DbaTableLayout, ARolledFeatureGoesAsItsDieSaid) {
  const auto sheet = load_sheet(default_sheet_path());
  int rolled = 0, good_ploughs = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const GeneratedMap g = generate_map(*sheet, "arable", 12, seed);
    const json t = table_layout(g);
    for (std::size_t i = 0; i < g.field.features.size(); ++i) {
      const auto& f = g.field.features[i];
      if (f.die == 0) continue;
      const std::string going = t["features"][i]["going"];
      EXPECT_EQ(going, f.kind->die_notes[static_cast<std::size_t>(f.die - 1)]) << f.kind->id;
      if (f.kind->id == "plough" && f.terrain == "clear") {
        EXPECT_EQ(going.find("rough"), std::string::npos) << going;
        ++good_ploughs;
      }
      ++rolled;
    }
  }
  EXPECT_GT(rolled, 0);
  EXPECT_GT(good_ploughs, 0);
}

}  // namespace
