// Text views of a campaign (see report.h).
#include "campaign/report.h"

#include <fmt/format.h>

#include "campaign/battle.h"
#include "campaign/engine.h"

namespace ancients::campaign {

std::string nation_label(const CampaignState& s, const std::string& nation) {
  const Nation* n = s.scenario.nation(nation);
  return n == nullptr ? nation : fmt::format("{} ({})", n->name, nation);
}

std::vector<std::string> waiting_for_lines(const CampaignState& s) {
  if (s.phase != "orders") return waiting_for(s);
  std::vector<std::string> out;
  for (const auto& n : owing_orders(s)) out.push_back("orders from " + nation_label(s, n));
  return out;
}

std::string standings_text(const CampaignState& s) {
  std::string out =
      fmt::format("{:<4}{:<32}{:>9}{:>8}{:>7}\n", "#", "nation", "prestige", "cities", "armies");
  int place = 0;
  for (const auto& id : standings(s)) {
    int armies = 0;
    for (const auto& a : s.armies) armies += a.alive && a.nation == id;
    out += fmt::format("{:<4}{:<32}{:>9}{:>8}{:>7}\n", ++place, nation_label(s, id),
                       s.prestige.at(id), s.cities_held(id), armies);
  }
  return out;
}

std::string map_text(const CampaignState& s) {
  if (s.scenario.kind != "map") return "";
  int cols = 0, rows = 0;
  for (const auto& r : s.scenario.regions) {
    cols = std::max(cols, r.at[0] + 1);
    rows = std::max(rows, r.at[1] + 1);
  }
  const int width = 16;
  std::vector<std::string> lines(static_cast<std::size_t>(rows * 2),
                                 std::string(static_cast<std::size_t>(cols * width), ' '));
  for (const auto& r : s.scenario.regions) {
    const std::string holder = s.owner.at(r.id);
    int armies = 0;
    for (const auto& a : s.armies) armies += a.alive && a.region == r.id;
    const std::string mark = r.kind == "capital" ? "**" : r.kind == "city" ? "*" : "";
    const std::string top = (r.name + mark).substr(0, width - 1);
    const std::string bottom =
        fmt::format("{} {}", holder.empty() ? "-" : holder.substr(0, 8), std::string(armies, 'A'))
            .substr(0, width - 1);
    auto& l1 = lines[static_cast<std::size_t>(r.at[1] * 2)];
    auto& l2 = lines[static_cast<std::size_t>(r.at[1] * 2 + 1)];
    l1.replace(static_cast<std::size_t>(r.at[0] * width), top.size(), top);
    l2.replace(static_cast<std::size_t>(r.at[0] * width), bottom.size(), bottom);
  }
  std::string out;
  for (auto& l : lines) {
    l.erase(l.find_last_not_of(' ') + 1);
    out += l + "\n";
  }
  out += "(** capital, * city; second line: holder and one A per field army)\n";
  for (const auto& a : s.armies)
    if (a.alive)
      out += fmt::format("  {} in {}: {} units{}\n", army_name(s, a.id, true),
                         s.scenario.region(a.region)->name, s.strength(a),
                         a.lost.empty() ? "" : fmt::format(" (lost {})", fmt::join(a.lost, ",")));
  return out;
}

namespace {

/// "battle 3: Antioch (1098), Crusaders (its army) attacks ...: Crusaders won".
std::string battle_line(const CampaignState& s, const Battle& b) {
  const auto nation = [&](const std::string& id) { return s.scenario.nation(id)->name; };
  std::vector<std::string> allies;
  for (const auto& ally : b.contingents) allies.push_back(nation(ally));
  return fmt::format(
      "battle {}: {} ({}), {} ({}) attacks {} ({}){}{}\n", b.number, b.name,
      b.region.empty() ? std::to_string(b.year) : s.scenario.region(b.region)->name,
      nation(b.attacker), b.attacker_army.empty() ? "its army" : army_name(s, b.attacker_army),
      nation(b.defender),
      b.defender_army.empty() ? (b.region.empty() ? "its army" : "its garrison")
                              : army_name(s, b.defender_army),
      allies.empty() ? "" : ", contingents: " + fmt::format("{}", fmt::join(allies, ", ")),
      b.resolved ? ": " + (b.winner == "draw" ? "a draw" : nation(b.winner) + " won")
                 : ": to be fought");
}

}  // namespace

std::string battles_text(const CampaignState& s) {
  std::string out;
  for (const auto& b : s.battles) out += battle_line(s, b);
  return out;
}

std::string history_text(const CampaignState& s) {
  std::string out;
  for (const auto& [season, b] : s.history)
    out +=
        (s.scenario.kind == "map" ? fmt::format("  season {} ", season) : "  ") + battle_line(s, b);
  return out.empty() ? out : "battles fought:\n" + out;
}

std::string battle_sides_text(const CampaignState& s, const Battle& b) {
  std::string out =
      fmt::format("battle {}: {}{}\n", b.number, b.name, b.resolved ? " (fought)" : "");
  const auto players = battle_players(s, b);
  for (std::size_t i = 0; i < players.size(); ++i) {
    const BattlePlayer& p = players[i];
    const auto units =
        p.contingent ? contingent_units(s, b, p.nation) : battle_units(s, b, p.side == 1);
    const std::string role = p.contingent
                                 ? (p.side == 1 ? "attacker's contingent" : "defender's contingent")
                                 : (p.side == 1 ? "attacker" : "defender");
    out += fmt::format("  player {} ({}): {} with {} ({} units): {}\n", i + 1, role,
                       s.scenario.nation(p.nation)->name,
                       p.army.empty() ? "its garrison" : army_name(s, p.army), units.size(),
                       fmt::join(units, ", "));
  }
  out += "  battlefield: " +
         (!b.map.empty()          ? "the map " + b.map
          : !b.topography.empty() ? "generated for the " + b.topography + " topography"
                                  : std::string("generated")) +
         "\n";
  return out;
}

std::string chronicle_text(const CampaignState& s) {
  std::string out;
  for (const auto& e : s.chronicle) {
    std::string gains;
    for (const auto& [nation, delta] : e.prestige)
      gains += fmt::format("{}{} {:+d}", gains.empty() ? " [" : ", ", nation, delta);
    if (!gains.empty()) gains += "]";
    out += fmt::format("season {} {:<9} {}{}\n", e.season, e.kind, e.text, gains);
  }
  return out;
}

std::string status_text(const CampaignState& s) {
  std::string out = fmt::format("{} ({})\n", s.scenario.title,
                                s.scenario.kind == "map" ? "map campaign" : "historical sequence");
  if (s.phase == "over") {
    const Nation* winner = s.scenario.nation(s.winner);
    out += fmt::format("over: {} {}\n", winner->name, winner->plural ? "win" : "wins");
  } else {
    out += s.scenario.kind == "map"
               ? fmt::format("season {} of {}, phase {}\n", s.season, s.scenario.seasons, s.phase)
               : fmt::format("battle {} of {}\n", s.next_in_sequence, s.scenario.battles.size());
    for (const auto& w : waiting_for_lines(s)) out += "waiting for: " + w + "\n";
  }
  if (!s.computer.empty()) {
    std::vector<std::string> labels;
    for (const auto& n : s.computer) labels.push_back(nation_label(s, n));
    out += fmt::format("played by the computer: {}\n", fmt::join(labels, ", "));
  }
  // A sequence's battles fought; a map campaign's once over (before, `show --season N`).
  if (s.scenario.kind == "sequence" || s.phase == "over") out += history_text(s);
  out += battles_text(s);
  out += standings_text(s);
  return out;
}

}  // namespace ancients::campaign
