// The rules tables of one Ancient Warfare edition (units, auto-kill, immunity, cards), loaded
// once from a versioned data file (data/warfare/<edition>.toml) and immutable afterwards.
// Code holds the mechanisms; this holds the numbers and names, so editions differ as data.
// Sources of the tables: shared/seeds/003_8228c9eeb0b841e9.txt (autokill edition) and
// shared/seeds/000_069fe0e0bed8163d.txt (retreat edition), read with
// shared/rules/ancient-warfare.md.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/turn_steps.h"
#include "games/warfare/options.h"

namespace ancients::warfare {

inline constexpr int kMaxUnitTypes = 32;
inline constexpr int kMaxCardTypes = 32;
using UnitType = std::uint8_t;
using CardType = std::uint8_t;
inline constexpr UnitType kNoUnitType = 0xFF;

enum class Role : std::uint8_t { kUnit, kGeneral, kCamp };

/// What a Special Ability card lets a unit do (bit flags).
enum SpecialUse : std::uint16_t {
  kSpecialAttack = 1 << 0,        ///< usable as an attack card
  kSpecialDefend = 1 << 1,        ///< usable as a defense card for the unit itself
  kSpecialKnightMove = 1 << 2,    ///< usable as a K move
  kSpecialDismount = 1 << 3,      ///< the unit becomes another type (Knights -> Blades)
  kSpecialTrample = 1 << 4,       ///< battle phase: move 1, then a card attack
  kSpecialRally = 1 << 5,         ///< defends an adjacent friendly unit (the General's Rally)
  kSpecialKillAttacker = 1 << 6,  ///< a defense that also destroys the attacker (Pikes)
};

/// What follows a special ability's attack or defense (retreat edition).
enum class SpecialThen : std::uint8_t { kNothing, kMove, kKnightMove };

/// When a special ability may be used.
enum class SpecialWhen : std::uint8_t { kAlways, kOnRough, kOnClear, kVsNonMissile, kVsShock };

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
  int trample_move = 1;  ///< the longest move of a move-then-attack ability
  SpecialThen then = SpecialThen::kNothing;
  int then_move = 0;  ///< the longest "move away" after an attack
  // Retreat edition: the type code (Shock/Missile/Defensive, Heavy/Light, Infantry/Cavalry)
  // and the passive abilities.
  std::string code;
  bool shock = false, heavy = false, light = false, infantry = false, cavalry = false;
  bool elephant = false;  ///< destroyed when forced to retreat; other cavalry never attack it
  int attacks_per_turn = 1;
  int moves_per_turn = 1;
  int per_pick = 1;      ///< units one pick of the army list gives
  bool pursues = false;  ///< house rule `pursuit`: follows up into the target's square
  std::bitset<kMaxUnitTypes> autokills;  ///< types this unit destroys without a card
  std::bitset<kMaxUnitTypes> immune_to;  ///< attacker types whose card attacks only recoil it
};

enum CardUse : std::uint8_t {
  kUseMove = 1 << 0,
  kUseAttack = 1 << 1,
  kUseDefend = 1 << 2,
  kUseSpecial = 1 << 3,
  kUseScout = 1 << 4,
  kUseCharge = 1 << 5,      ///< battle phase: move exactly 1, then attack at range 1
  kUseNegateMove = 1 << 6,  ///< the opponent's answer to a move made with a card
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
  // Retreat edition: conditions on the acting unit or the target.
  kFriendAdjacentToTarget,  ///< another unit of the attacker's side is adjacent to the target
  kMoved,                   ///< the attacker moved this turn
  kShock,                   ///< the acting unit is a shock unit
  kMissile,                 ///< the acting unit is a missile unit
  kLight,                   ///< the acting unit is a light unit
  kHeavyInfantry,           ///< the acting unit is Heavy Infantry
};

enum class CardEffect : std::uint8_t { kNone, kRecoil };

struct CardDef {
  std::string id;
  int count = 0;
  std::uint8_t uses = 0;
  std::uint8_t distances = 0;  ///< bit d set: may move exactly d squares
  bool knight = false;
  int min_move = 0;  ///< the unit's Move must be at least this (Run; maximum-distance cards)
  int advance = 0;   ///< the distance of a group advance with this card
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
  bool retreat = false;  ///< combat: false = autokill, true = retreat
  int loss_limit = 8;
  int army_units = 11;
  int elite_max = 2;
  std::vector<UnitDef> units;
  std::vector<CardDef> cards;
  std::vector<TurnStep> turn;  ///< how a turn goes, in words ([[turn]]; none without it)
  UnitType general = kNoUnitType;
  UnitType camp = kNoUnitType;
  CardType special_ability = 0xFF;
  CardType scout = 0xFF;
  CardType negate_move = 0xFF;    ///< Difficult Ground, or none
  CardType rough_defense = 0xFF;  ///< the card with condition on-rough (house terrain), or none
  /// Retreat edition, derived from the type codes (ancient-warfare.md §3): attacker types that
  /// never attack a target type, and those that attack it only once it has retreated.
  std::array<std::bitset<kMaxUnitTypes>, kMaxUnitTypes> never_attacks{};
  std::array<std::bitset<kMaxUnitTypes>, kMaxUnitTypes> only_retreated{};
  /// Derived from the card table (derive_card_masks), masks over card types for the move
  /// generator: the move cards, those that jump like a knight, and move_cards_by_distance[d]
  /// the move cards that may move exactly d squares; the attack cards, and those of them that
  /// need a supporting unit (Supported Attack).
  std::uint32_t move_cards = 0, knight_cards = 0, attack_cards = 0, supported_attack_cards = 0;
  std::array<std::uint32_t, 8> move_cards_by_distance{};

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
/// The bundled ruleset of an edition with the house rules of `options` that change the tables
/// (elephant_house, horde_house) applied; loaded once per combination; throws BadInput.
std::shared_ptr<const Ruleset> ruleset_for(const std::string& edition, const Options& options);
/// Retreat edition: fills never_attacks / only_retreated from the type codes.
void derive_retreat_restrictions(Ruleset& rules);
/// Fills the card masks of a ruleset from its card table (the loader calls it).
void derive_card_masks(Ruleset& rules);

}  // namespace ancients::warfare
