// One campaign day on the server (see campaign_session.h).
#include "server/campaign_session.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <sstream>

#include "campaign/battle.h"
#include "campaign/engine.h"
#include "campaign/scenario.h"
#include "campaign/simulate.h"
#include "core/data_path.h"
#include "core/errors.h"
#include "server/game_kinds.h"
#include "server/hub.h"

namespace ancients::server {

using nlohmann::json;

namespace {

std::vector<std::string> words_of(const std::string& action) {
  std::istringstream in(action);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

/// Whether a nation (not the organiser) may take an action: its own orders, an offer of its
/// own contingent, accepting a contingent for a battle it fights, an alliance it is part of.
bool nation_may(const campaign::CampaignState& s, const std::string& nation,
                const std::vector<std::string>& w) {
  if (w.empty()) return false;
  if (w[0] == "orders") return w.size() >= 2 && w[1] == nation;
  if (w[0] == "offer") return w.size() == 3 && w[2] == nation;
  if (w[0] == "accept" && w.size() == 3) {
    // The main player of the side the contingent joins (its ally): the other side may not
    // bring it into the battle for them (shared/rules/campaign.md: "if the main player
    // accepts").
    try {
      const campaign::Battle* b = s.battle(std::stoi(w[1]));
      return b != nullptr && (b->attacker == nation || b->defender == nation) &&
             s.allied(w[2], nation);
    } catch (const std::exception&) {
      return false;
    }
  }
  if (w[0] == "ally" || w[0] == "break") return w.size() == 3 && (w[1] == nation || w[2] == nation);
  return false;
}

/// The field armies as every page sees them: where each is, what it has lost, and its name.
json armies_json(const campaign::CampaignState& s) {
  json armies = json::array();
  for (const auto& a : s.armies)
    armies.push_back({{"id", a.id},
                      {"name", campaign::army_name(s, a.id)},
                      {"nation", a.nation},
                      {"region", a.region},
                      {"alive", a.alive},
                      {"lost", a.lost},
                      {"strength", s.strength(a)}});
  return armies;
}

std::string scenarios_dir() {
  return data_path("campaigns");
}

}  // namespace

static json read_bundled_scenarios() {
  register_games_once();  // a scenario's armies are read through the registry
  json list = json::array();
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(scenarios_dir(), ec))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    try {
      const campaign::Scenario sc = campaign::load_scenario(f.string());
      json nations = json::array();
      for (const auto& n : sc.nations)
        nations.push_back({{"id", n.id}, {"name", n.name}, {"colour", n.colour}});
      list.push_back({{"id", f.stem().string()},
                      {"title", sc.title},
                      {"kind", sc.kind},
                      {"era", sc.era},
                      {"notes", sc.notes},
                      {"seasons", sc.seasons},
                      {"battles", sc.battles.size()},
                      {"nations", nations}});
    } catch (const std::exception&) {
      // `ancients check` reports a broken scenario; the lobby offers the others
    }
  }
  return list;
}

json bundled_scenarios() {
  // Read once: the lobby asks for the list on every visit, and reading the files took the game
  // thread 14 ms (security review F-5). A scenario added while the server runs is listed after
  // a restart.
  static const json list = read_bundled_scenarios();
  return list;
}

campaign::Scenario bundled_scenario(const std::string& id) {
  register_games_once();
  const bool plain =
      !id.empty() && id.size() <= 64 && std::all_of(id.begin(), id.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
      });
  const std::string path = scenarios_dir() + "/" + id + ".toml";
  std::error_code ec;
  if (!plain || !std::filesystem::is_regular_file(path, ec))
    throw BadInput("no bundled scenario \"" + id + "\" (GET /api/scenarios lists them)");
  return campaign::load_scenario(path);
}

std::unique_ptr<CampaignSession> CampaignSession::create(const std::string& id,
                                                         const std::string& scenario_id,
                                                         const campaign::Scenario& scenario) {
  std::unique_ptr<CampaignSession> c(new CampaignSession);
  c->id_ = id;
  c->scenario_id_ = scenario_id;
  c->state_ = campaign::new_campaign(scenario);
  c->organiser_token_ = random_token();
  for (const auto& n : scenario.nations) c->tokens_[n.id] = random_token();
  c->computer_seed_ = random_seed();
  return c;
}

std::unique_ptr<CampaignSession> CampaignSession::restore(const std::string& id,
                                                          const std::string& data) {
  std::unique_ptr<CampaignSession> c(new CampaignSession);
  register_games_once();
  try {
    const json j = json::parse(data);
    c->id_ = id;
    c->scenario_id_ = j.at("scenario_id");
    c->state_ = campaign::state_from_json(j.at("campaign"));
    campaign::CampaignState replayed = campaign::replay(c->state_.scenario, c->state_.actions);
    if (!campaign::same_but_wording(replayed, c->state_))
      throw std::runtime_error("its actions no longer give its stored state");
    // With what only replaying rebuilds (this season's politics) and today's chronicle words.
    c->state_ = std::move(replayed);
    c->organiser_token_ = j.at("organiser_token");
    c->tokens_ = j.at("tokens").get<std::map<std::string, std::string>>();
    c->computer_seed_ = j.contains("computer_seed")
                            ? std::stoull(j.at("computer_seed").get<std::string>())
                            : std::hash<std::string>{}(id);
    for (const auto& [number, g] : j.at("battle_games").items())
      c->battle_games_[std::stoi(number)] = {g.at("game"), g.at("nations"), g.at("tokens")};
  } catch (const std::exception& e) {
    throw std::runtime_error("campaign " + id + " cannot be read: " + e.what());
  }
  return c;
}

json CampaignSession::stored(const campaign::CampaignState& with) const {
  json games = json::object();
  for (const auto& [number, g] : battle_games_)
    games[std::to_string(number)] = {
        {"game", g.game}, {"nations", g.nations}, {"tokens", g.tokens}};
  return {{"scenario_id", scenario_id_},
          {"campaign", campaign::state_to_json(with)},
          {"organiser_token", organiser_token_},
          {"tokens", tokens_},
          {"computer_seed", std::to_string(computer_seed_)},
          {"battle_games", games}};
}

std::string CampaignSession::role_of(const std::string& token) const {
  if (token.empty()) return "";
  if (token == organiser_token_) return "organiser";
  for (const auto& [nation, t] : tokens_)
    if (t == token) return nation;
  return "";
}

json CampaignSession::view(const std::string& role) const {
  const auto& s = state_;
  json full = campaign::state_to_json(s);
  json v;
  v["type"] = "campaign";
  v["id"] = id_;
  v["scenario_id"] = scenario_id_;
  v["role"] = role.empty() ? json(nullptr) : json(role);
  // The scenario without its army files (each nation's army is named by its units below).
  json sc = full.at("scenario");
  for (auto& n : sc["nations"]) {
    const json army = n["army"];
    n.erase("army");
    n["army_name"] = army.value("name", "");
    n["units"] = army.value("units", json::array());
  }
  for (auto& b : sc["battles"]) {
    b.erase("attacker_army");
    b.erase("defender_army");
  }
  v["scenario"] = sc;
  for (const char* key : {"season", "phase", "owner", "alliances", "battles_fought", "prestige",
                          "chronicle", "winner", "computer"})
    v[key] = full.at(key);
  v["armies"] = armies_json(s);
  // Orders stay hidden until revealed: who has given them, and the viewer's own.
  json given = json::array();
  for (const auto& [nation, orders] : s.orders) given.push_back(nation);
  v["orders_given"] = given;
  const auto mine = s.orders.find(role);
  v["my_orders"] = mine == s.orders.end() ? json(nullptr) : json(mine->second);
  json battles = json::array();
  for (std::size_t i = 0; i < s.battles.size(); ++i) {
    const campaign::Battle& b = s.battles[i];
    json jb = full.at("battles").at(i);
    jb.erase("contingent_armies");
    json players = json::array();
    for (const auto& p : campaign::battle_players(s, b))
      players.push_back({{"nation", p.nation},
                         {"army", p.army},
                         {"army_name", p.army.empty() ? "" : campaign::army_name(s, p.army)},
                         {"side", p.side},
                         {"contingent", p.contingent}});
    jb["players"] = players;
    // The allies that may offer a contingent now (in or next to the region, not offered yet):
    // the action tried on a copy, so that the page offers exactly what the campaign accepts.
    json may_offer = json::array();
    if (s.phase == "battles" && !b.resolved)
      for (const auto& n : s.scenario.nations) {
        if (!s.allied(n.id, b.attacker) && !s.allied(n.id, b.defender)) continue;
        campaign::CampaignState trial = s;
        try {
          campaign::apply_action(trial, "offer " + std::to_string(b.number) + " " + n.id);
          may_offer.push_back(n.id);
        } catch (const std::exception&) {
        }
      }
    jb["may_offer"] = may_offer;
    if (const auto g = battle_games_.find(b.number); g != battle_games_.end()) {
      jb["game_id"] = g->second.game;
      json seats = json::array();
      for (std::size_t k = 0; k < g->second.nations.size(); ++k) {
        const std::string& t = g->second.tokens[k];
        if (t.empty() || (role != "organiser" && role != g->second.nations[k])) continue;
        seats.push_back({{"seat", k + 1},
                         {"nation", g->second.nations[k]},
                         {"url", "/#game=" + g->second.game + "&token=" + t}});
      }
      jb["seats"] = seats;
    }
    battles.push_back(std::move(jb));
  }
  v["battles"] = battles;
  // The battles gone by, with their results (all public: the chronicle told them).
  json history = json::array();
  for (const auto& [season, b] : s.history) {
    json jb = campaign::battle_to_json(b);
    jb.erase("contingent_armies");
    jb["season"] = season;
    for (const char* key : {"attacker_army", "defender_army"}) {
      const std::string army = jb[key];
      jb[std::string(key) + "_name"] = army.empty() ? "" : campaign::army_name(s, army);
    }
    history.push_back(std::move(jb));
  }
  v["history"] = history;
  // The organiser hands out the links again (a player who lost theirs, a late arrival).
  if (role == "organiser") {
    json links = json::array();
    links.push_back(
        {{"role", "organiser"}, {"url", "/#campaign=" + id_ + "&token=" + organiser_token_}});
    for (const auto& n : s.scenario.nations)
      if (const auto t = tokens_.find(n.id); t != tokens_.end())
        links.push_back({{"role", n.id}, {"url", "/#campaign=" + id_ + "&token=" + t->second}});
    v["links"] = links;
  }
  // The pairs whose alliance was made or ended this season: not made again before the next.
  v["changed_this_season"] = s.changed_this_season;
  v["waiting_for"] = campaign::waiting_for(s);
  v["standings"] = campaign::standings(s);
  return v;
}

json CampaignSession::season_view(int season) const {
  const auto& s = state_;
  if (s.scenario.kind != "map")
    throw IllegalAction("a historical sequence has no seasons to look back on");
  const bool ended =
      season >= 1 && (season < s.season || (season == s.season && s.phase == "over"));
  if (!ended)
    throw IllegalAction("season " + std::to_string(season) + " has not ended (seasons 1 to " +
                        std::to_string(s.phase == "over" ? s.season : s.season - 1) + " have)");
  // Replayed up to the action that ended the season, as `ancients campaign show --season N`;
  // its battles are the last ones it held (the next season's politics clears them).
  campaign::CampaignState at = campaign::new_campaign(s.scenario);
  std::vector<campaign::Battle> fought;
  for (const auto& action : s.actions) {
    if (at.season > season || at.phase == "over") break;
    campaign::apply_action(at, action);
    if (at.season == season && !at.battles.empty()) fought = at.battles;
  }
  json v;
  json full = campaign::state_to_json(at);
  at.battles = fought;
  const json battles_then = campaign::state_to_json(at).at("battles");
  v["type"] = "campaign_season";
  v["id"] = id_;
  v["season"] = season;
  v["owner"] = at.owner;
  v["armies"] = armies_json(at);
  json battles = json::array();
  for (json jb : battles_then) {
    jb.erase("contingent_armies");
    for (const char* key : {"attacker_army", "defender_army"}) {
      const std::string army = jb[key];
      jb[std::string(key) + "_name"] = army.empty() ? "" : campaign::army_name(at, army);
    }
    battles.push_back(std::move(jb));
  }
  v["battles"] = battles;
  json chronicle = json::array();
  for (const auto& e : full.at("chronicle"))
    if (e.at("season") == season) chronicle.push_back(e);
  v["chronicle"] = chronicle;
  v["alliances"] = at.alliances;
  v["prestige"] = at.prestige;
  v["standings"] = campaign::standings(at);
  return v;
}

campaign::CampaignState CampaignSession::after(const std::string& role,
                                               const std::string& action) const {
  if (role.empty()) throw IllegalAction("spectators cannot act in the campaign");
  const auto w = words_of(action);
  if (role != "organiser" && !nation_may(state_, role, w))
    throw IllegalAction("\"" + action + "\": only the organiser may do this (" + role +
                        " gives its own orders, offers its own contingent, accepts its own ally's "
                        "for its battle, and makes or ends its own alliances)");
  // An alliance made or ended this season is not made again before the next: without it a
  // nation could make and end one without end, each time a chronicle entry and the whole
  // campaign stored and sent again (security review F-6). Ending one is always allowed, so
  // that no nation can hold another in an alliance it does not want. Checked here, for new
  // actions only: a campaign stored before the rule still replays.
  if (w.size() == 3 && w[0] == "ally" && state_.phase == "politics") {
    std::array<std::string, 2> pair{w[1], w[2]};
    if (state_.scenario.nation_index(w[1]) > state_.scenario.nation_index(w[2]))
      std::swap(pair[0], pair[1]);
    const auto& changed = state_.changed_this_season;
    if (std::find(changed.begin(), changed.end(), pair) != changed.end())
      throw IllegalAction("\"" + action +
                          "\": their alliance was made or ended this season "
                          "already; it may be made again next season");
  }
  // A nation handed to the computer or back only a few times a season: each hand-over is an
  // action and a chronicle entry kept for good, and the whole campaign is stored and sent again
  // after each, so an organiser toggling one without end made every action cost more and held
  // the game thread (every game of the server) for longer and longer. Checked here, for new
  // actions only, as the alliances above.
  if (w.size() == 2 && (w[0] == "computer" || w[0] == "human")) {
    const auto& handed = state_.handed_this_season;
    if (std::count(handed.begin(), handed.end(), w[1]) >= kMostHandOversASeason)
      throw IllegalAction("\"" + action + "\": " + w[1] + " has been handed over " +
                          std::to_string(kMostHandOversASeason) +
                          " times this season already; it may be handed over again next season");
  }
  campaign::CampaignState next = state_;
  campaign::apply_action(next, action);
  // The computer's orders for absent nations, as soon as they are due.
  campaign::computer_turns(next, computer_seed_ ^ next.actions.size());
  return next;
}

}  // namespace ancients::server
