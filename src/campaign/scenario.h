// A campaign scenario (docs/campaign.md "The scenario file"): a map campaign (regions, nations,
// seasons) or a historical sequence (a list of battles), with the game options used for every
// battle and the rule numbers a scenario may change. Read strictly from TOML (errors name the
// file and line) and kept as JSON inside every campaign file, so a campaign needs no files.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ancients::campaign {

struct Region {
  std::string id, name;
  std::vector<std::string> neighbours;
  std::string topography;       ///< DBA home topography of its battlefields, or "" (generated)
  std::string kind = "open";    ///< "open", "city" or "capital"
  std::array<int, 2> at{0, 0};  ///< column and row for drawing
};

struct Nation {
  std::string id, name, colour;
  nlohmann::json army;               ///< an Ancient Warfare army file's contents
  std::string capital;               ///< a region id, or "" in a historical sequence
  std::vector<std::string> regions;  ///< held at the start (the capital included)
  std::vector<std::string> armies;   ///< a field army starts in each of these regions
  /// The scenario's own names of those armies, in the same order ("Bohemond's army"); empty:
  /// the armies are named by their nation and number ("the Crusaders' 1st army").
  std::vector<std::string> army_names;
  int aggression = 2;  ///< 0-4: who attacks when both armies moved
  /// The name takes a plural verb in the chronicle ("Crusaders hold", "Byzantium holds").
  bool plural = false;
};

struct BattleSpec {
  std::string name;
  int year = 0;
  std::string attacker, defender;
  std::string topography;                       ///< DBA home topography, or ""
  std::string map;                              ///< a bundled map name, or ""
  nlohmann::json attacker_army, defender_army;  ///< null: the nation's army (losses carry)
  std::string note;
};

/// The numbers of the ruling that a scenario may change.
struct RuleNumbers {
  int battle_won = 2, camp_taken = 1, city_held = 1, capital_held = 3, general_lost = -1;
  int disband_below = 6;  ///< an army with fewer units than this (General and Camp aside)
  int winter_regain = 2;  ///< units regained per city next to an army
  bool winter_every_season = false;
};

struct Scenario {
  std::string kind;  ///< "map" or "sequence"
  std::string title, era, notes;
  int seasons = 3;
  nlohmann::json options = nlohmann::json::object();  ///< game options of every battle
  RuleNumbers rules;
  std::vector<Region> regions;
  std::vector<Nation> nations;
  std::vector<BattleSpec> battles;

  const Region* region(const std::string& id) const;
  const Nation* nation(const std::string& id) const;
  int nation_index(const std::string& id) const;  ///< -1 when unknown
};

/// Reads and checks a scenario file; every problem is BadInput "FILE:LINE: what is wrong".
/// Army files named by path are read relative to the scenario's folder and kept inline.
Scenario load_scenario(const std::string& path);
/// The same from TOML text; `file` names it in messages, `base_dir` resolves army files.
Scenario load_scenario_text(const std::string& text, const std::string& file,
                            const std::string& base_dir);

nlohmann::json scenario_to_json(const Scenario& s);
/// Reads a scenario kept in a campaign file; BadInput when a key is missing or a region,
/// nation or army it names does not exist.
Scenario scenario_from_json(const nlohmann::json& j);

}  // namespace ancients::campaign
