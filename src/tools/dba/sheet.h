// The DBA 3.0 reference sheet's combat tables as immutable data: troop types with their
// combat factors, tags, groups, tactical factors, rear support and the three outcome tables.
// Built once by load_sheet() (sheet_loader.h) from data/dba/dba3.toml; no I/O here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tools/dba/terrain_table.h"

namespace ancients::dba {

/// Foot or mounted: which of the sheet's "vs. Foot" / "vs. Mtd" columns an enemy uses.
enum class TroopClass { kFoot, kMounted };
/// The sheet's Solid and Fast foot (kNone for mounted and for Art, WWg, CWg, camp followers).
enum class Formation { kNone, kSolid, kFast };

/// One line of the sheet's Combat Factors table.
struct TroopType {
  std::string id;      ///< identifier, e.g. "blades-solid"
  std::string name;    ///< as printed, e.g. "Blades - Solid"
  std::string abbrev;  ///< e.g. "4Bd"
  TroopClass cls = TroopClass::kFoot;
  Formation formation = Formation::kNone;
  int vs_foot = 0;
  int vs_mounted = 0;
  std::optional<int> vs_foot_shot_at;                  ///< "+5 +4 if shot at"
  std::optional<std::pair<int, int>> in_city_or_fort;  ///< Artillery's second line
  int move_good = 0;
  int move_bad = 0;
  std::string move_note;
  bool shoots = false;
  bool always_general = false;
  bool can_be_general = true;
  bool dunes_good = false;
  bool no_corner_overlap = false;
  std::string home;                   ///< "", "camp" or "city"
  std::vector<std::string> variants;  ///< exclusive tags, first is the default
  std::vector<std::string> tags;      ///< optional tags
};

/// A qualifier a player may add to an element (3kn, lb, double, mtd, ...).
struct Tag {
  std::string id;
  std::string name;
  std::optional<int> move_good;
  std::optional<int> move_bad;
};

/// A combatant: a troop type with its variant and tags resolved.
struct Element {
  const TroopType* troop = nullptr;
  std::string variant;            ///< "" if the troop has no variants
  std::vector<std::string> tags;  ///< optional tags given

  bool has(const std::string& tag) const;
  bool is_foot() const { return troop->cls == TroopClass::kFoot; }
};

/// One item of a filter: a set of troop types (a troop or group), optionally with a required
/// tag; or a class word.
struct FilterItem {
  enum class Kind { kAny, kFoot, kMounted, kSolidFoot, kFastFoot, kTroops };
  Kind kind = Kind::kAny;
  std::vector<std::string> troops;  ///< for kTroops; empty with a tag means "*/tag"
  std::string tag;                  ///< required variant or tag; "" for none
  bool matches(const Element& e) const;
};

/// A list of filter items, any of which may match; an absent filter matches everything.
struct Filter {
  bool present = false;
  std::vector<FilterItem> items;
  std::string text;  ///< as written in the data file, for messages
  bool matches(const Element& e) const;
};

/// The conditions an outcome rule may require, each about the element whose result it is.
enum class Condition {
  kCloseCombat,
  kShooting,
  kShotAt,
  kGoodGoing,
  kBadGoing,
  kEnemyGoodGoing,
  kShotInRear,
  kAssaulting,
  kAssaultingCityOrFort,
  kDefending,
  kSiege,
  kSacking,
  kSallied,
  kTwoEdges,
};

/// The data-file name of a condition, and the reverse (nullopt if unknown).
const char* condition_name(Condition c);
std::optional<Condition> parse_condition(const std::string& name);
/// Every condition name, comma separated (for messages).
std::string condition_names();

/// What happens to an element: the four results of the outcome tables.
enum class Result { kNoEffect, kRecoil, kFlee, kDestroyed };
inline constexpr int kResultCount = 4;
const char* result_name(Result r);
std::optional<Result> parse_result(const std::string& name);

/// The three outcome tables of the sheet.
enum class Block { kEqual, kLess, kHalf };
const char* block_name(Block b);

/// One line of an outcome table: if the element matches `troops`, its opponent matches `by`
/// and every condition holds, the result is `result`.
struct OutcomeRule {
  std::string sheet;  ///< the sheet's words
  Filter troops;
  Filter by;
  std::vector<Condition> when;
  Result result = Result::kNoEffect;
  int line = 0;  ///< line in the data file
};

/// The Tactical Factors table, Flank Support and the double-based element line.
struct TacticalTable {
  int garrison = 0, own_camp = 0, denizens = 0, general = 0, uphill = 0, riverbank = 0;
  int edge = 0, extra_assault = 0, extra_assault_max = 0, extra_shooter = 0, extra_shooter_max = 0;
  int bad_going = 0;
  Filter bad_going_exempt;
  int side_support = 0;
  Filter side_support_troops;
  Filter side_support_vs;
  int double_based = 0;
  Filter double_based_vs;
};

/// One line of Second Rank Rear Support.
struct RearSupportRule {
  std::string sheet;
  Filter troops;
  Filter vs;
  Filter except;
  int value = 0;
};

/// A value the damaged sheet does not give with certainty, and the value chosen.
struct Uncertain {
  std::string tool;  ///< "odds" or "terrain"
  std::string what;
  std::string chosen;
};

/// How a form asks for one situation item of the odds calculator ([[situation]]): the item as
/// `ancients dba odds` takes it, its label, what it means, the group it is shown in, and for a
/// keyed item (`overlap=1`) its values and the value counted when none is given.
struct SituationItem {
  std::string key;
  std::string label;
  std::string meaning;
  std::string group;                    ///< the heading a form shows it under
  std::vector<std::string> values;      ///< empty for an item that is ticked or not
  std::optional<std::string> fallback;  ///< the data file's `default`
  int line = 0;                         ///< where the entry begins in the data file
};

/// The whole sheet, as loaded from the data file.
struct Sheet {
  Sheet() = default;
  Sheet(const Sheet&) = delete;  // rules and elements point into it
  Sheet& operator=(const Sheet&) = delete;

  std::string file;  ///< where it was loaded from
  std::string title;
  std::string source;
  std::vector<TroopType> troops;  ///< in data-file order
  std::map<std::string, Tag> tags;
  std::map<std::string, std::vector<std::string>> groups;
  TacticalTable tactical;
  std::vector<RearSupportRule> rear_support;
  std::vector<OutcomeRule> equal, less, half;
  TerrainTable terrain;
  std::vector<Uncertain> uncertain;
  std::vector<SituationItem> situation_items;  ///< in the data file's order

  const TroopType* find_troop(const std::string& id) const;
  const std::vector<OutcomeRule>& block(Block b) const;
};

}  // namespace ancients::dba
