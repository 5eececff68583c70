// Choosing the terrain features for a home topography (see terrain_select.h).
#include "tools/dba/terrain_select.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/errors.h"

namespace ancients::dba {
namespace {

constexpr int kAttempts = 200;

ChosenFeature roll(const Piece& piece, bool compulsory, Rng& rng) {
  ChosenFeature c;
  c.kind = piece.choices[rng.below(static_cast<std::uint32_t>(piece.choices.size()))];
  c.compulsory = compulsory;
  if (c.kind->rolled) c.die = static_cast<int>(rng.below(6)) + 1;
  return c;
}

int count_of(const std::vector<ChosenFeature>& features, const FeatureKind* kind) {
  return static_cast<int>(std::count_if(features.begin(), features.end(),
                                        [&](const ChosenFeature& c) { return c.kind == kind; }));
}

bool includes_required_going(const TerrainTable& table, const ChosenFeature& c) {
  if (std::find(table.must_include.begin(), table.must_include.end(), c.kind) !=
      table.must_include.end())
    return true;
  const bool going = std::find(table.must_include_going.begin(), table.must_include_going.end(),
                               c.kind->going) != table.must_include_going.end();
  return going && c.terrain() != "clear";  // plough counts as rough only if it rolled a 1
}

}  // namespace

std::string ChosenFeature::terrain() const {
  return kind->rolled ? kind->die_terrain[static_cast<std::size_t>(die - 1)] : kind->terrain;
}

std::string limits_problem(const TerrainTable& table, const std::vector<ChosenFeature>& features) {
  std::map<const FeatureKind*, int> counts;
  for (const auto& c : features) ++counts[c.kind];
  for (const auto& [kind, n] : counts)
    if (n > kind->max) return fmt::format("{} x {} (at most {})", n, kind->name, kind->max);
  if (std::none_of(features.begin(), features.end(),
                   [&](const ChosenFeature& c) { return includes_required_going(table, c); }))
    return "no bad or rough going, river or waterway";
  return "";
}

Selection select_terrain(const TerrainTable& table, const Topography& topo, Rng& rng) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    Selection s;
    s.topography = &topo;
    const auto& alternative =
        topo.compulsory[rng.below(static_cast<std::uint32_t>(topo.compulsory.size()))];
    for (const Piece& piece : alternative) s.features.push_back(roll(piece, true, rng));
    const int wanted = table.optional_min + static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                                table.optional_max - table.optional_min + 1)));
    int optional = 0;
    for (int tries = 0; optional < wanted && tries < 50; ++tries) {
      const Piece& piece =
          topo.optional[rng.below(static_cast<std::uint32_t>(topo.optional.size()))];
      ChosenFeature c = roll(piece, false, rng);
      if (count_of(s.features, c.kind) >= c.kind->max) continue;
      s.features.push_back(c);
      ++optional;
    }
    if (optional == wanted && limits_problem(table, s.features).empty()) return s;
  }
  throw BadInput(
      fmt::format("topography {}: no choice of its features obeys the sheet's limits; "
                  "check the DBA data file",
                  topo.id));
}

}  // namespace ancients::dba
