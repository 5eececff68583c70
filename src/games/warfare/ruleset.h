// The rules tables of one Ancient Warfare edition (units, auto-kill, immunity, cards), loaded
// once from a versioned data file (data/warfare/<edition>.toml) and immutable afterwards.
// Code holds the mechanisms; this holds the numbers and names, so editions differ as data.
// Source of the tables: shared/seeds/003_8228c9eeb0b841e9.txt (autokill edition).
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ancients::warfare {

inline constexpr int kMaxUnitTypes = 32;
inline constexpr int kMaxCardTypes = 32;
using UnitType = std::uint8_t;
using CardType = std::uint8_t;
inline constexpr UnitType kNoUnitType = 0xFF;

enum class Role : std::uint8_t { kUnit, kGeneral, kCamp };

/// What a Special Ability card lets a unit do (bit flags).
enum SpecialUse : std::uint16_t {
  kSpecialAttack = 1 << 0,      ///< usable as an attack card
  kSpecialDefend = 1 << 1,      ///< usable as a defense card for the unit itself
  kSpecialKnightMove = 1 << 2,  ///< usable as a K move
  kSpecialDismount = 1 << 3,    ///< the unit becomes another type (Knights -> Blades)
  kSpecialTrample = 1 << 4,     ///< battle phase: move 1, then a card attack
  kSpecialRally = 1 << 5,       ///< defends an adjacent friendly unit (the General's Rally)
};

/// When a special ability may be used.
enum class SpecialWhen : std::uint8_t { kAlways, kOnRough, kOnClear, kVsNonMissile };

struct UnitDef {
  std::string id;
  std::string note;
  int move = 0;
  int range = 1;
  Role role = Role::kUnit;
  int loss = 1;
  bool missile = false;
  bool rough_free = false;
  bool pass_friends = false;
  bool no_rough = false;
  bool no_attack_after_move = false;
  std::string special_name;
  std::uint16_t special_uses = 0;
  SpecialWhen special_when = SpecialWhen::kAlways;
  int special_range = 0;  ///< attack range with the ability; 0 = the unit's own
  bool special_indirect = false;
  UnitType becomes = kNoUnitType;
  std::bitset<kMaxUnitTypes> autokills;  ///< types this unit destroys without a card
  std::bitset<kMaxUnitTypes> immune_to;  ///< attacker types whose card attacks only recoil it
};

enum CardUse : std::uint8_t {
  kUseMove = 1 << 0,
  kUseAttack = 1 << 1,
  kUseDefend = 1 << 2,
  kUseSpecial = 1 << 3,
  kUseScout = 1 << 4,
};

/// A card's own condition, a mechanism of the engine named in the data file.
enum class CardCondition : std::uint8_t {
  kNone,
  kSupported,       ///< another friendly unit has the target in range and line
  kOutflank,        ///< the attacker is nearer the enemy's back edge than the target
  kElite,           ///< the acting (attacking or defended) unit is Elite
  kFriendAdjacent,  ///< the target is adjacent to another friendly unit
  kGeneralWithin2,  ///< the friendly General is within 2 squares of the target
  kOnRough,         ///< the target stands on rough
};

enum class CardEffect : std::uint8_t { kNone, kRecoil };

struct CardDef {
  std::string id;
  int count = 0;
  std::uint8_t uses = 0;
  std::uint8_t distances = 0;  ///< bit d set: may move exactly d squares
  bool knight = false;
  int min_move = 0;
  CardCondition condition = CardCondition::kNone;
  CardEffect effect = CardEffect::kNone;
};

/// One edition's tables.
struct Ruleset {
  int format = 0;
  std::string edition;
  std::string title;
  std::string source_file;
  bool move_exact = true;
  int loss_limit = 8;
  int army_units = 11;
  int elite_max = 2;
  std::vector<UnitDef> units;
  std::vector<CardDef> cards;
  UnitType general = kNoUnitType;
  UnitType camp = kNoUnitType;
  CardType special_ability = 0xFF;
  CardType scout = 0xFF;

  /// Index of a unit or card id, or -1.
  int find_unit(std::string_view id) const;
  int find_card(std::string_view id) const;
  /// Every card of the deck, in table order (each repeated count times).
  std::vector<CardType> full_deck() const;
};

/// Loads and validates a rules file; throws BadInput naming the file and line.
std::shared_ptr<const Ruleset> load_ruleset(const std::string& path);
/// The bundled ruleset of an edition ("autokill"), loaded once; throws BadInput.
std::shared_ptr<const Ruleset> builtin_ruleset(const std::string& edition);
/// Editions bundled with the program.
std::vector<std::string> builtin_editions();

}  // namespace ancients::warfare
