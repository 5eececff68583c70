// The state of one campaign as a value (docs/campaign.md "The campaign file"): the scenario, the
// season and phase, who holds each region, the field armies with the units they have lost,
// alliances, the hidden orders of the season, its battles, prestige and the chronicle, and
// every action taken. It serialises to JSON and back exactly; replay() rebuilds it from the
// scenario and the actions, which is how a campaign file is verified.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "campaign/scenario.h"

namespace ancients::campaign {

/// A field army: its nation's army file less the units it has lost.
struct FieldArmy {
  std::string id, nation;
  std::string region;  ///< "" in a historical sequence
  std::string from;    ///< where it stood before this season's move ("" when it did not move)
  std::vector<std::string> lost;  ///< unit names ("knights*") gone for the campaign
  bool alive = true;
};

/// One battle of the season (or of the sequence).
struct Battle {
  int number = 0;  ///< 1, 2, ... through the whole campaign
  std::string name, region;
  int year = 0;
  std::string attacker, defender;            ///< nation ids (attacker plays side 1)
  std::string attacker_army, defender_army;  ///< field army ids; "" = garrison / battle's army
  std::string topography, map;
  std::vector<std::string> offers, contingents;  ///< allies who offered / were accepted
  /// The field army each accepted contingent brings (one per contingent; "" for a nation's
  /// own army in a historical sequence), and its side (1 with the attacker, 2 the defender).
  std::vector<std::string> contingent_armies;
  std::vector<int> contingent_sides;
  /// What each contingent lost (ally -> units), and the allies whose General or Camp fell.
  std::map<std::string, std::vector<std::string>> contingent_lost;
  std::vector<std::string> contingent_generals, contingent_camps;
  bool resolved = false;
  std::string winner;  ///< a nation id or "draw"
  std::vector<std::string> attacker_lost, defender_lost;
  bool attacker_general = false, defender_general = false;  ///< the General fell
  bool attacker_camp = false, defender_camp = false;        ///< the Camp fell
  std::string game;  ///< where the battle's game is kept (a position or record file), or ""
};

/// A battle of a season gone by (or a historical sequence's battle fought), with its result.
struct PastBattle {
  int season = 0;
  Battle battle;
};

/// One line of the chronicle, with the prestige it gave.
struct Event {
  int season = 0;
  std::string kind;  ///< politics, orders, move, battle, aftermath, winter, end
  std::string text;
  std::map<std::string, int> prestige;  ///< nation -> change
};

struct CampaignState {
  Scenario scenario;
  int season = 1;
  std::string phase;                         ///< "politics", "orders", "battles" or "over"
  std::map<std::string, std::string> owner;  ///< region -> nation id ("" = nobody)
  std::vector<FieldArmy> armies;
  std::vector<std::array<std::string, 2>> alliances;  ///< each pair in nation order
  /// The pairs whose alliance was made or ended in this season's politics (not stored: rebuilt
  /// by replaying). The server does not let such a pair ally again before the next season
  /// (server/campaign_session.cpp), so that politics cannot go on without end.
  std::vector<std::array<std::string, 2>> changed_this_season;
  /// The nations handed to the computer or back to their players this season (a sequence: since
  /// its last battle ended), once per hand-over (not stored: rebuilt by replaying). The server
  /// hands a nation over only a few times a season (server/campaign_session.cpp), so that an
  /// organiser cannot make the campaign grow without end.
  std::vector<std::string> handed_this_season;
  std::map<std::string, std::map<std::string, std::string>> orders;  ///< hidden until revealed
  std::vector<Battle> battles;  ///< this season's (a sequence: the current one)
  /// Every battle before those, in order, with its result: what the pages list once a season
  /// (or a sequence's battle) is over. Not stored: rebuilt by replaying, as the loaders do.
  std::vector<PastBattle> history;
  int battles_fought = 0;
  std::size_t next_in_sequence = 0;
  std::map<std::string, int> prestige;
  std::vector<Event> chronicle;
  std::vector<std::string> actions;
  std::string winner;                 ///< set when the campaign is over
  std::vector<std::string> computer;  ///< nations the computer plays (absent players)

  bool allied(const std::string& a, const std::string& b) const;
  bool hostile(const std::string& a, const std::string& b) const { return a != b && !allied(a, b); }
  FieldArmy* army(const std::string& id);
  const FieldArmy* army(const std::string& id) const;
  Battle* battle(int number);
  const Battle* battle(int number) const;
  /// The units of a field army (its nation's army file less its losses), General and Camp
  /// included.
  std::vector<std::string> units_of(const FieldArmy& a) const;
  /// Units besides General and Camp: what the disband rule counts.
  int strength(const FieldArmy& a) const;
  int cities_held(const std::string& nation) const;  ///< cities and capitals
};

nlohmann::json state_to_json(const CampaignState& s);
/// One battle as the campaign file writes it (the "battles" entries).
nlohmann::json battle_to_json(const Battle& b);
CampaignState state_from_json(const nlohmann::json& j);
bool operator==(const CampaignState& a, const CampaignState& b);
/// Equal but perhaps for the chronicle's wording: what a stored campaign is checked with
/// against its replayed actions, so that one written before the chronicle's words changed
/// (army ids then, names now) still reads; the replayed state, with today's words, is kept.
bool same_but_wording(const CampaignState& a, const CampaignState& b);

/// A field army as the players name it: the scenario's own name for it (Nation::army_names),
/// else its nation's and its number among that nation's armies: "the Crusaders' 2nd army",
/// "Rome's 1st army" (a historical sequence's one army a nation has: "Rome's army"). An id
/// the campaign does not know is given back as it is. `sentence`: at the start of a sentence.
std::string army_name(const CampaignState& s, const std::string& id, bool sentence = false);

/// A nation's army file units (General and Camp included).
std::vector<std::string> army_units(const nlohmann::json& army);
bool is_general_or_camp(const std::string& unit);

}  // namespace ancients::campaign
