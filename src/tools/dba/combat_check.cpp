// Refusing combats that cannot happen on the table (see check_combat in combat.h). Each
// message names the side, the element and what is impossible, so a player can fix the input.
#include <fmt/format.h>

#include "core/errors.h"
#include "tools/dba/combat.h"

namespace ancients::dba {
namespace {

[[noreturn]] void refuse(const Sheet& sheet, Side s, const SideSpec& spec, const std::string& why) {
  throw BadInput(fmt::format("impossible situation: {} ({}): {}", side_name(s),
                             element_label(sheet, spec.element), why));
}

std::string shooters(const Sheet& sheet) {
  std::string out;
  for (const auto& t : sheet.troops)
    if (t.shoots) {
      if (!out.empty()) out += ", ";
      out += t.id;
    }
  return out;
}

bool has_rear_support(const Sheet& sheet, const Element& e) {
  for (const auto& rule : sheet.rear_support)
    if (rule.troops.matches(e)) return true;
  return false;
}

void check_close_combat_only(const Sheet& sheet, Side s, const SideSpec& spec) {
  const Situation& sit = spec.situation;
  const char* item = sit.uphill          ? "uphill"
                     : sit.riverbank     ? "riverbank"
                     : sit.overlap > 0   ? "overlap"
                     : sit.flank > 0     ? "flank"
                     : sit.support       ? "support"
                     : sit.side_support  ? "side-support"
                     : sit.extra_assault ? "extra-assault"
                                         : nullptr;
  if (item != nullptr)
    refuse(sheet, s, spec, fmt::format("{} counts only in close combat, not in shooting", item));
  if (sit.rear)
    refuse(sheet, s, spec, "rear is a contact in close combat; use shot-in-rear when shooting");
}

void check_side(const Sheet& sheet, const Combat& c, Side s) {
  const SideSpec& spec = c.side(s);
  const Situation& sit = spec.situation;
  const TroopType& t = *spec.element.troop;
  const bool shooting = c.kind == CombatKind::kShooting;

  if (shooting && s == Side::kA && !t.shoots)
    refuse(sheet, s, spec, fmt::format("it cannot shoot (shooters: {})", shooters(sheet)));
  if (sit.shoots_back) {
    if (!shooting) refuse(sheet, s, spec, "shoots-back is for shooting (--shooting)");
    if (s == Side::kA) refuse(sheet, s, spec, "shoots-back is for B; A is the shooter");
    if (!t.shoots)
      refuse(sheet, s, spec, fmt::format("it cannot shoot back (shooters: {})", shooters(sheet)));
  }
  if (shooting) check_close_combat_only(sheet, s, spec);
  if (!c.shot_at(s) && sit.shot_in_rear)
    refuse(sheet, s, spec, "shot-in-rear is only for an element being shot at");
  if (!c.shot_at(s) && sit.extra_shooters > 0)
    refuse(sheet, s, spec, "extra-shooters is only for an element being shot at");
  if (sit.overlap + sit.flank > 2)
    refuse(sheet, s, spec,
           fmt::format("overlap={} and flank={}: an element has only two flank edges", sit.overlap,
                       sit.flank));
  if (sit.overlap > 0 && t.no_corner_overlap)
    refuse(sheet, s, spec,
           "it cannot be corner-overlapped (\"Ps & SCh can't be corner overlapped\"); use flank=N "
           "for an enemy in contact with a flank edge");
  if (sit.general && !t.can_be_general) refuse(sheet, s, spec, "it cannot be a General's element");
  if (sit.support && !has_rear_support(sheet, spec.element))
    refuse(sheet, s, spec, "the sheet gives it no second-rank rear support");
  if (sit.support && spec.element.has("double"))
    refuse(sheet, s, spec, "a double-based element counts its own rear rank; drop support");
  if (sit.side_support && !sheet.tactical.side_support_troops.matches(spec.element))
    refuse(sheet, s, spec,
           fmt::format("flank support is only for {}", sheet.tactical.side_support_troops.text));

  if (!t.home.empty()) {
    if (sit.in != Fortification::kNone && t.home != fortification_name(sit.in))
      refuse(sheet, s, spec, fmt::format("it defends only its own {}", t.home));
    if (sit.in == Fortification::kNone && !sit.sallied)
      refuse(sheet, s, spec,
             fmt::format("it fights in its own {} (in={}) or having sallied (sallied)", t.home,
                         t.home));
  } else if (sit.sallied) {
    refuse(sheet, s, spec, "only camp followers and denizens sally");
  }
  if (sit.sallied && sit.in != Fortification::kNone)
    refuse(sheet, s, spec, "an element that has sallied is no longer in its camp or city");
  if (sit.sacking && sit.in != Fortification::kNone)
    refuse(sheet, s, spec, "an element sacking a city is not its defender (drop in=)");
  if (sit.extra_assault > 0 && sit.in == Fortification::kNone)
    refuse(sheet, s, spec, "extra-assault is for the defender of a city, fort or camp (in=)");
}

}  // namespace

void check_combat(const Sheet& sheet, const Combat& c) {
  check_side(sheet, c, Side::kA);
  check_side(sheet, c, Side::kB);
  const Situation& a = c.a.situation;
  const Situation& b = c.b.situation;
  if (a.in != Fortification::kNone && b.in != Fortification::kNone)
    refuse(sheet, Side::kB, c.b, "both sides cannot be defending a city, fort or camp");
  if (a.uphill && b.uphill)
    refuse(sheet, Side::kB, c.b, "both elements cannot be uphill of each other");
  if (a.riverbank && b.riverbank)
    refuse(sheet, Side::kB, c.b, "only one side can be defending the riverbank");
}

}  // namespace ancients::dba
