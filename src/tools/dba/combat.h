// One DBA combat as the calculator sees it: two elements (A attacks or shoots, B defends or is
// shot at), each with its situation (the sheet's tactical factors), close combat or shooting.
// Parsing a side from its text ("spears,general,uphill") and refusing impossible situations.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/dba/sheet.h"

namespace ancients::dba {

/// Close combat or shooting (distance combat).
enum class CombatKind { kClose, kShooting };
/// The going an element stands in; kDunes is dunes or oasis.
enum class GoingKind { kGood, kRough, kBad, kDunes };
/// What an element defends (is inside of), if anything.
enum class Fortification { kNone, kCity, kFort, kCamp };

const char* going_kind_name(GoingKind g);
/// Whether going counts as good / bad for a troop type ("D/O except Camels": dunes and oasis
/// are good going for camels, bad for everyone else; rough going is neither).
bool counts_as_good(GoingKind g, const TroopType& t);
bool counts_as_bad(GoingKind g, const TroopType& t);
const char* fortification_name(Fortification f);

/// One side's tactical situation, item by item as the player gave it.
struct Situation {
  bool general = false;       ///< General's element
  bool uphill = false;        ///< in CC, uphill
  bool riverbank = false;     ///< defending a non-paltry riverbank off-road
  int overlap = 0;            ///< flank edges overlapped (at a corner), 0-2
  int flank = 0;              ///< flank edges in contact with an enemy front edge, 0-2
  bool rear = false;          ///< rear edge contacted
  bool support = false;       ///< second-rank rear support
  bool side_support = false;  ///< flank support
  GoingKind going = GoingKind::kGood;
  Fortification in = Fortification::kNone;  ///< defending (in) a city, fort or own camp
  int extra_assault = 0;                    ///< additional enemy elements still assaulting it, 0-2
  int extra_shooters = 0;                   ///< supporting enemy shooters, 0-2
  bool sacking = false;                     ///< sacking a city
  bool sallied = false;                     ///< camp followers or denizens that have sallied
  bool shot_in_rear = false;
  bool shoots_back = false;  ///< B shooting at A too (return shooting)
};

/// One side: the element and its situation, with the text it was read from.
struct SideSpec {
  Element element;
  Situation situation;
  std::string text;
};

/// A attacks (or shoots), B defends (or is shot at).
enum class Side { kA, kB };
inline Side other(Side s) {
  return s == Side::kA ? Side::kB : Side::kA;
}
inline const char* side_name(Side s) {
  return s == Side::kA ? "A" : "B";
}

/// The whole combat as the calculator reads it.
struct Combat {
  CombatKind kind = CombatKind::kClose;
  SideSpec a;
  SideSpec b;

  const SideSpec& side(Side s) const { return s == Side::kA ? a : b; }
  /// This side is being shot at (B always when shooting; A too if B shoots back).
  bool shot_at(Side s) const;
  /// This side is shooting at the other.
  bool shooting(Side s) const;
  /// This side attacks a city, fort or camp that the other side defends.
  bool assaulting(Side s) const;
};

/// Reads "TYPE[,ITEM...]": a troop identifier, then its tags/variant and situation items
/// (general, uphill, riverbank, overlap=N, flank=N, rear, support, side-support,
/// going=good|rough|bad|dunes, in=city|fort|camp, extra-assault=N, extra-shooters=N, sacking,
/// sallied, shot-in-rear, shoots-back). Unknown or repeated items are BadInput.
SideSpec parse_side(const Sheet& sheet, std::string_view text);

/// Refuses a combat that cannot happen (a non-shooter shooting, both sides uphill, an overlap
/// in shooting, ...) with BadInput naming the side, the item and the reason.
void check_combat(const Sheet& sheet, const Combat& combat);

/// parse_side for both, then check_combat.
Combat make_combat(const Sheet& sheet, CombatKind kind, std::string_view a, std::string_view b);

/// A one-line description of the element: "Knights (3kn)".
std::string element_label(const Sheet& sheet, const Element& e);

/// Every situation item the calculator reads, by key ("general", "overlap", "going", ...).
std::vector<std::string> situation_item_keys();
/// Why the calculator refuses the item "KEY" or "KEY=VALUE" on its own; nullopt if it takes it.
std::optional<std::string> situation_item_problem(const std::string& item);

/// Help text listing the situation items of the sheet's data (for --help).
std::string situation_help(const Sheet& sheet);

}  // namespace ancients::dba
