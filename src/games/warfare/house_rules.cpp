// Ancient Warfare: the German house rules that change the rules tables (options
// elephant_house and horde_house), applied to a copy of an edition's ruleset and cached per
// combination. Rules source: shared/seeds/003_8228c9eeb0b841e9.txt ("Elephant Movement: 3
// Range: 1 Special: A Range 2"; "Horde Movement: 2 Range: 1 No special but no one has an
// autokill against the horde"), read with shared/rules/ancient-warfare.md §4.
#include <fmt/format.h>

#include <map>
#include <mutex>

#include "core/errors.h"
#include "games/warfare/ruleset.h"

namespace ancients::warfare {
namespace {

void apply_elephant_house(Ruleset& rs) {
  const int e = rs.find_unit("elephants");
  if (e < 0) return;
  UnitDef& d = rs.units[e];
  d.move = 3;
  d.range = 1;
  d.special_name = "Attack at range 2 (house rule)";
  d.special_uses = kSpecialAttack;
  d.special_when = SpecialWhen::kAlways;
  d.special_range = 2;
  d.special_indirect = false;
  d.then = SpecialThen::kNothing;
}

void apply_horde_house(Ruleset& rs) {
  int h = rs.find_unit("horde");
  if (h < 0) {
    if (rs.units.size() >= kMaxUnitTypes) throw BadInput("horde_house: too many unit types");
    UnitDef d;
    d.id = "horde";
    d.note = "house rule";
    if (rs.retreat) {
      d.code = "SHI";
      d.shock = d.heavy = d.infantry = true;
    }
    rs.units.push_back(d);
    h = static_cast<int>(rs.units.size()) - 1;
  }
  UnitDef& d = rs.units[h];
  d.move = 2;
  d.range = 1;
  d.special_name.clear();
  d.special_uses = 0;
  d.per_pick = 1;
  d.pursues = true;
  for (auto& u : rs.units) u.autokills.reset(static_cast<std::size_t>(h));
  if (rs.retreat) derive_retreat_restrictions(rs);
}

}  // namespace

std::shared_ptr<const Ruleset> ruleset_for(const std::string& edition, const Options& options) {
  auto base = builtin_ruleset(edition);
  if (!options.elephant_house && !options.horde_house) return base;
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Ruleset>> cache;
  const std::string key =
      fmt::format("{}/{}/{}", edition, options.elephant_house, options.horde_house);
  std::lock_guard lock(mutex);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  auto rs = std::make_shared<Ruleset>(*base);
  if (options.elephant_house) apply_elephant_house(*rs);
  if (options.horde_house) apply_horde_house(*rs);
  cache.emplace(key, rs);
  return rs;
}

}  // namespace ancients::warfare
