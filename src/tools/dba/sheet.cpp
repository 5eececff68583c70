// Small lookups and name tables for the sheet's data types (see sheet.h, terrain_table.h).
#include "tools/dba/sheet.h"

#include <algorithm>
#include <array>
#include <utility>

namespace ancients::dba {
namespace {

constexpr std::array<std::pair<Condition, const char*>, 14> kConditions{{
    {Condition::kCloseCombat, "close-combat"},
    {Condition::kShooting, "shooting"},
    {Condition::kShotAt, "shot-at"},
    {Condition::kGoodGoing, "good-going"},
    {Condition::kBadGoing, "bad-going"},
    {Condition::kEnemyGoodGoing, "enemy-good-going"},
    {Condition::kShotInRear, "shot-in-rear"},
    {Condition::kAssaulting, "assaulting"},
    {Condition::kAssaultingCityOrFort, "assaulting-city-or-fort"},
    {Condition::kDefending, "defending"},
    {Condition::kSiege, "siege"},
    {Condition::kSacking, "sacking"},
    {Condition::kSallied, "sallied"},
    {Condition::kTwoEdges, "two-edges"},
}};

constexpr std::array<const char*, kResultCount> kResults{"no-effect", "recoil", "flee",
                                                         "destroyed"};

}  // namespace

bool Element::has(const std::string& tag) const {
  return variant == tag || std::find(tags.begin(), tags.end(), tag) != tags.end();
}

bool FilterItem::matches(const Element& e) const {
  const TroopType& t = *e.troop;
  switch (kind) {
    case Kind::kAny:
      return true;
    case Kind::kFoot:
      return t.cls == TroopClass::kFoot;
    case Kind::kMounted:
      return t.cls == TroopClass::kMounted;
    case Kind::kSolidFoot:
      return t.cls == TroopClass::kFoot && t.formation == Formation::kSolid;
    case Kind::kFastFoot:
      return t.cls == TroopClass::kFoot && t.formation == Formation::kFast;
    case Kind::kTroops:
      break;
  }
  if (!troops.empty() && std::find(troops.begin(), troops.end(), t.id) == troops.end())
    return false;
  return tag.empty() || e.has(tag);
}

bool Filter::matches(const Element& e) const {
  if (!present) return true;
  return std::any_of(items.begin(), items.end(),
                     [&](const FilterItem& item) { return item.matches(e); });
}

const char* condition_name(Condition c) {
  for (const auto& [cond, name] : kConditions)
    if (cond == c) return name;
  return "?";
}

std::optional<Condition> parse_condition(const std::string& name) {
  for (const auto& [cond, n] : kConditions)
    if (name == n) return cond;
  return std::nullopt;
}

std::string condition_names() {
  std::string out;
  for (const auto& [cond, name] : kConditions) {
    if (!out.empty()) out += ", ";
    out += std::string(name);
  }
  return out;
}

const char* result_name(Result r) {
  return kResults[static_cast<std::size_t>(r)];
}

std::optional<Result> parse_result(const std::string& name) {
  for (std::size_t i = 0; i < kResults.size(); ++i)
    if (name == kResults[i]) return static_cast<Result>(i);
  return std::nullopt;
}

const char* block_name(Block b) {
  switch (b) {
    case Block::kEqual:
      return "equal";
    case Block::kLess:
      return "less";
    case Block::kHalf:
      return "half";
  }
  return "?";
}

const TroopType* Sheet::find_troop(const std::string& id) const {
  for (const auto& t : troops)
    if (t.id == id) return &t;
  return nullptr;
}

const std::vector<OutcomeRule>& Sheet::block(Block b) const {
  switch (b) {
    case Block::kEqual:
      return equal;
    case Block::kLess:
      return less;
    case Block::kHalf:
      break;
  }
  return half;
}

const char* going_name(Going g) {
  switch (g) {
    case Going::kGood:
      return "good";
    case Going::kRough:
      return "rough";
    case Going::kBad:
      return "bad";
    case Going::kWater:
      return "water";
    case Going::kSpecial:
      return "special";
  }
  return "?";
}

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::kArea:
      return "area";
    case Shape::kSmall:
      return "small";
    case Shape::kSingle:
      return "single";
    case Shape::kLine:
      return "line";
    case Shape::kRiver:
      return "river";
    case Shape::kRoad:
      return "road";
    case Shape::kWaterway:
      return "waterway";
  }
  return "?";
}

const FeatureKind* TerrainTable::find_feature(const std::string& id) const {
  for (const auto& f : features)
    if (f.id == id) return &f;
  return nullptr;
}

const Topography* TerrainTable::find_topography(const std::string& id) const {
  for (const auto& t : topographies)
    if (t.id == id) return &t;
  return nullptr;
}

std::string TerrainTable::topography_names() const {
  std::string out;
  for (const auto& t : topographies) {
    if (!out.empty()) out += "|";
    out += t.id;
  }
  return out;
}

}  // namespace ancients::dba
