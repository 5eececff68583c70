// Ancient Generals card data: the common deck's unit and tactics cards as read, strictly, from
// data/generals/cards.toml (format 1). Rules source: shared/seeds/002_6c183bd648f27ad5.txt read
// with shared/rules/ancient-generals.md. The data is loaded once into an immutable Cards object
// whose CardTable is the flat, branch-free view the rules engine uses in its hot paths.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#include "core/turn_steps.h"

namespace ancients::generals {

/// Capacity limits of the compact state: card kinds in the data, cards owned by one player.
inline constexpr int kMaxKinds = 40;
inline constexpr int kMaxCards = 100;
inline constexpr int kMaxTypes = 16;
/// "No card" in fixed arrays (an unblocked attacker, no floor).
inline constexpr std::uint8_t kNoCard = 0xFF;

/// What a tactics card does; units have kUnit.
enum class Effect : std::uint8_t {
  kUnit,
  kOverrun,
  kBloodlust,
  kOutflank,
  kShields,
  kDefensibleTerrain,
  kDifficultTerrain,
  kTreacherousTerrain,
  kReserve,
  kRally,
  kBreakMorale,
  kSiege,
};
inline constexpr int kEffectCount = 12;
/// The effect's name as written in the data file ("defensible-terrain").
std::string_view effect_name(Effect effect);

/// One kind of card, as the data file describes it.
struct CardInfo {
  std::string name;  ///< identifier: "hoplite-phalanx"
  int count = 0;     ///< copies in the common deck
  Effect effect = Effect::kUnit;
  // Units only.
  int type = 0;  ///< index into Cards::type_codes
  int force = 0;
  int damage = 0;
  bool scout = false;
  bool flank = false;
  std::uint16_t versus = 0;  ///< bit t: +5 against type t
  std::uint16_t evade = 0;   ///< bit t: evades type t
  // Tactics only.
  int amount = 0;           ///< overrun damage, force bonus, outflank points, reserve draw
  std::uint16_t types = 0;  ///< shields / terrain: the unit types it applies to
  std::string text;
  int line = 0;  ///< where the card is defined in the data file
};

/// The flat table the engine reads: one entry per card kind, bit sets over kinds.
struct CardTable {
  int kinds = 0;
  std::array<std::uint8_t, kMaxKinds> effect{};
  std::array<std::uint8_t, kMaxKinds> type{};
  std::array<std::uint8_t, kMaxKinds> force{};
  std::array<std::uint8_t, kMaxKinds> damage{};
  std::array<std::uint8_t, kMaxKinds> amount{};
  std::array<std::uint8_t, kMaxKinds> flank_points{};  ///< flank units 1, outflank its points
  std::array<std::uint16_t, kMaxKinds> versus{};
  std::array<std::uint16_t, kMaxKinds> evade{};
  std::array<std::uint16_t, kMaxKinds> types{};
  std::uint64_t unit_bits = 0;   ///< unit cards
  std::uint64_t scout_bits = 0;  ///< units with the Scout trait
  std::uint64_t flank_bits = 0;  ///< units with the Flank trait and Outflank
  std::uint64_t siege_bits = 0;  ///< Siege Artillery
  /// The one card kind of each effect other than kUnit and kSiege (kNoCard when absent).
  std::array<std::uint8_t, kEffectCount> of_effect{};
  int hand = 5;
  int scout_cards = 5;
  int versus_bonus = 5;
  int encircling_damage = 1;
  int deal = 50;

  std::uint8_t card(Effect e) const { return of_effect[static_cast<int>(e)]; }
  Effect effect_of(int kind) const { return static_cast<Effect>(effect[kind]); }
  bool is_unit(int kind) const { return (unit_bits >> kind) & 1U; }
};

/// The whole card data of one file, immutable once loaded.
struct Cards {
  int format = 1;
  std::string title;
  std::string source;                   ///< the file it was read from
  std::vector<std::string> type_codes;  ///< "LI", "MI", ...
  std::vector<std::string> type_names;
  std::vector<CardInfo> cards;  ///< index = card kind id
  int deck = 100;
  CardTable table;
  /// The kind ids in the order of their names (what a game's log lists by name walks).
  std::vector<std::uint8_t> by_name;
  /// Each kind's name as JSON text, quoted (a name is plain: lower case letters, digits and
  /// hyphens), for the views that list cards by name by the dozen.
  std::vector<std::string> json_names;
  /// How a turn goes, in words ([[turn]]; none in a file without it).
  std::vector<TurnStep> turn;

  /// The kind id of a card name, or -1.
  int find(std::string_view name) const;
  const std::string& name(int kind) const { return cards[kind].name; }
};

/// Parses card data from TOML text; `source` names it in error messages. Throws BadInput
/// ("source:line: what is wrong") for a syntax error, an unknown or missing key, an unknown
/// type, trait or effect, a duplicate name or counts that do not add up.
Cards parse_cards(std::string_view text, const std::string& source);
/// Reads and parses a card data file; throws BadInput.
Cards load_cards(const std::string& path);
/// The bundled data/generals/cards.toml, loaded once on first use (thread-safe); throws
/// BadInput when it cannot be read.
const Cards& standard_cards();

}  // namespace ancients::generals
