// Computing a side's combat factor from the Combat Factors and Tactical Factors tables, Flank
// Support and Second Rank Rear Support (see factors.h).
#include "tools/dba/factors.h"

#include <fmt/format.h>

#include <algorithm>

namespace ancients::dba {
namespace {

/// Collects terms and notes for one side.
class Builder {
 public:
  Builder(const Sheet& sheet, const Combat& combat, Side s)
      : sheet_(sheet),
        tac_(sheet.tactical),
        combat_(combat),
        side_(s),
        self_(combat.side(s)),
        enemy_(combat.side(other(s))),
        sit_(self_.situation),
        cc_(combat.kind == CombatKind::kClose),
        engaged_(cc_ || combat.shot_at(s)) {}

  SideFactor build() {
    base();
    general();
    fortification();
    close_combat_position();
    edges_and_extras();
    going();
    rear_support();
    double_based();
    side_support();
    return out_;
  }

 private:
  void add(const std::string& item, int value, const std::string& reason) {
    out_.terms.push_back(FactorTerm{item, value, reason});
    out_.total += value;
  }
  void note(const std::string& text) { out_.notes.push_back(text); }

  void base() {
    const TroopType& t = *self_.element.troop;
    const bool vs_foot = enemy_.element.is_foot();
    const char* against = vs_foot ? "vs foot" : "vs mounted";
    const bool fortified = sit_.in == Fortification::kCity || sit_.in == Fortification::kFort;
    if (t.in_city_or_fort && fortified) {
      add(t.id, vs_foot ? t.in_city_or_fort->first : t.in_city_or_fort->second,
          fmt::format("{} (in City or Fort), {}", t.name, against));
    } else if (vs_foot && t.vs_foot_shot_at && combat_.shot_at(side_)) {
      add(t.id, *t.vs_foot_shot_at, fmt::format("{}, vs foot, shot at", t.name));
    } else {
      add(t.id, vs_foot ? t.vs_foot : t.vs_mounted, fmt::format("{}, {}", t.name, against));
    }
  }

  void general() {
    const bool always = self_.element.troop->always_general;
    if (!sit_.general && !always) return;
    if (!engaged_) {
      note("general: the General's +1 counts only in close combat or when shot at");
      return;
    }
    add(always ? self_.element.troop->id : "general", tac_.general,
        always ? "CWg, CP & Lit always count as generals" : "General's element in CC or shot at");
  }

  void fortification() {
    if (sit_.in == Fortification::kNone) return;
    const std::string item = fmt::format("in={}", fortification_name(sit_.in));
    if (!engaged_) {
      note(item + ": the defender's bonus counts only in close combat or when shot at");
      return;
    }
    if (sit_.in == Fortification::kCamp) {
      if (self_.element.is_foot())
        add(item, tac_.own_camp, "Camp Followers or other Foot in own camp, in CC or shot at");
      else
        note(item + ": only foot get the bonus for defending their own camp");
    } else if (self_.element.troop->home == "city" && sit_.in == Fortification::kCity) {
      add(item, tac_.denizens, "Denizens defending their own City");
    } else {
      add(item, tac_.garrison, "Garrison defending a City or Fort, in CC or shot at");
    }
  }

  void close_combat_position() {
    if (sit_.uphill) add("uphill", tac_.uphill, "In CC, uphill");
    if (sit_.riverbank)
      add("riverbank", tac_.riverbank, "In CC, defending non-paltry riverbank off-road");
  }

  void edges_and_extras() {
    const int edges = sit_.overlap + sit_.flank + (sit_.rear ? 1 : 0);
    if (edges > 0) {
      std::string item;
      if (sit_.overlap > 0) item += fmt::format("overlap={}", sit_.overlap);
      if (sit_.flank > 0) item += fmt::format("{}flank={}", item.empty() ? "" : ",", sit_.flank);
      if (sit_.rear) item += fmt::format("{}rear", item.empty() ? "" : ",");
      add(item, edges * tac_.edge,
          fmt::format("Each flank or rear edge overlapped or contacted ({})", edges));
    }
    if (sit_.extra_assault > 0) {
      const int n = std::min(sit_.extra_assault, tac_.extra_assault_max);
      add(fmt::format("extra-assault={}", sit_.extra_assault), n * tac_.extra_assault,
          fmt::format("Additional enemy elements still assaulting ({} max)",
                      tac_.extra_assault_max));
    }
    if (sit_.extra_shooters > 0) {
      const int n = std::min(sit_.extra_shooters, tac_.extra_shooter_max);
      add(fmt::format("extra-shooters={}", sit_.extra_shooters), n * tac_.extra_shooter,
          fmt::format("Each supporting enemy shooter ({} max)", tac_.extra_shooter_max));
    }
  }

  void going() {
    const TroopType& t = *self_.element.troop;
    if (!counts_as_bad(sit_.going, t)) return;
    const std::string item = fmt::format("going={}", going_kind_name(sit_.going));
    if (!cc_) {
      note(item + ": the -2 for bad going counts only in close combat");
    } else if (tac_.bad_going_exempt.matches(self_.element)) {
      note(fmt::format("{}: no penalty for {} in bad going", item, t.name));
    } else {
      add(item, tac_.bad_going, "In CC in bad going (not rough)");
    }
  }

  void rear_support() {
    if (!sit_.support) return;
    for (const auto& rule : sheet_.rear_support) {
      if (!rule.troops.matches(self_.element) || !rule.vs.matches(enemy_.element)) continue;
      if (rule.except.present && rule.except.matches(enemy_.element)) continue;
      if (!counts_as_good(sit_.going, *self_.element.troop)) {
        note("support: rear support needs both ranks in good going");
        return;
      }
      add("support", rule.value, "Second rank rear support: " + rule.sheet);
      return;
    }
    note(fmt::format("support: no rear support against {}", element_label(sheet_, enemy_.element)));
  }

  void double_based() {
    if (!self_.element.has("double")) return;
    if (!cc_ || !tac_.double_based_vs.matches(enemy_.element) ||
        !counts_as_good(sit_.going, *self_.element.troop) || sit_.in != Fortification::kNone) {
      note(
          "double: the double-based +1 counts only in frontal close combat vs foot, entirely in "
          "good going, not in a city, fort or camp");
      return;
    }
    add("double", tac_.double_based, "Double Based Element vs Foot in frontal CC, in good going");
  }

  void side_support() {
    if (!sit_.side_support) return;
    if (!tac_.side_support_vs.matches(enemy_.element) ||
        !counts_as_good(sit_.going, *self_.element.troop)) {
      note("side-support: flank support counts only in close combat vs foot, both in good going");
      return;
    }
    add("side-support", tac_.side_support,
        "Flank Support in CC vs foot, both in good going (value not on the sheet)");
  }

  const Sheet& sheet_;
  const TacticalTable& tac_;
  const Combat& combat_;
  Side side_;
  const SideSpec& self_;
  const SideSpec& enemy_;
  const Situation& sit_;
  bool cc_;
  bool engaged_;  ///< in close combat or shot at
  SideFactor out_;
};

}  // namespace

SideFactor side_factor(const Sheet& sheet, const Combat& combat, Side s) {
  return Builder(sheet, combat, s).build();
}

}  // namespace ancients::dba
