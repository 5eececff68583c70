// The names a player may give a DBA troop type: its id in the data file ("blades-solid"), its
// abbreviation as the sheet and `ancients dba troops` print it ("4Bd", and "Bd" for the first
// type of that code), its plural or singular ("blades", "bow", "knight"), in any case, and the
// variant codes that name a type with its variant ("Lb", "Cb", "3Kn"). Pure: no I/O.
#pragma once

#include <string>

#include "tools/dba/sheet.h"

namespace ancients::dba {

/// A troop type found by name, with the variant tag the name implies ("" for none).
struct TroopMatch {
  const TroopType* troop = nullptr;
  std::string variant;
};

/// The troop a player's name means; troop is nullptr when none matches.
TroopMatch find_troop_by_name(const Sheet& sheet, const std::string& name);

/// For a name that matches no troop, the troop name nearest to it within two typing slips
/// ("knigts" -> "knights", "spaers" -> "spears"; ids and ids without their "-solid"/"-fast"),
/// or "" when none is that near.
std::string nearest_troop_name(const Sheet& sheet, const std::string& name);

}  // namespace ancients::dba
