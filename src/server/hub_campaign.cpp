// Campaign days on the server (see hub.h and docs/server.md, "Campaigns"): a campaign is made
// from a bundled scenario with one secret link per nation and one for the organiser; its
// participants follow it live over the WebSocket and act by their roles; each battle is played
// here as a game (online seats, the computer for absent nations) whose result returns to the
// campaign when it ends, or is played out by the computer at once, or typed in from the table.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

#include "agents/agent.h"
#include "campaign/battle.h"
#include "campaign/engine.h"
#include "core/errors.h"
#include "core/json_input.h"
#include "server/hub.h"
#include "server/hub_helpers.h"

namespace ancients::server {

using nlohmann::json;

using hub_detail::error_answer;
using hub_detail::log_line;
using hub_detail::now_seconds;

namespace {

/// The most campaigns held in memory at once.
constexpr std::size_t kMostCampaigns = 1000;

}  // namespace

HttpAnswer Hub::scenarios() const {
  return {200, safe_dump(json{{"scenarios", bundled_scenarios()}})};
}

HttpAnswer Hub::create_campaign(const std::string& body, const std::string& address) {
  json req;
  try {
    req = parse_json_input(body, "the campaign request");
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  }
  if (!req.is_object() || !req.contains("scenario") || !req["scenario"].is_string())
    return error_answer(400, "the campaign request is {\"scenario\": ID} (GET /api/scenarios)");
  if (!allow_creation(address))
    return error_answer(429, "too many new games from this address: at most " +
                                 std::to_string(limits_.games_per_minute) + " a minute");
  evict_campaigns();
  if (campaigns_.size() >= kMostCampaigns)
    return error_answer(503, "the server holds as many campaigns as it may: try again later");
  try {
    const std::string scenario_id = req["scenario"];
    const campaign::Scenario scenario = bundled_scenario(scenario_id);
    const std::string id = "c" + random_token().substr(0, 15);
    auto room = std::make_shared<CampaignRoom>();
    room->session = CampaignSession::create(id, scenario_id, scenario);
    try {
      storage_->create_campaign(id, safe_dump(room->session->stored()));
    } catch (const std::exception& e) {
      log_line(e.what());
      return error_answer(503, "the campaign cannot be stored now (the database refused)");
    }
    campaigns_[id] = room;
    const auto link = [&](const std::string& token) {
      return "/#campaign=" + id + "&token=" + token;
    };
    json nations = json::array();
    for (const auto& n : scenario.nations)
      nations.push_back({{"id", n.id},
                         {"name", n.name},
                         {"colour", n.colour},
                         {"token", room->session->token_of(n.id)},
                         {"url", link(room->session->token_of(n.id))}});
    return {201, safe_dump(json{{"id", id},
                                {"token", room->session->organiser_token()},
                                {"url", link(room->session->organiser_token())},
                                {"watch_url", "/#campaign=" + id},
                                {"nations", nations}})};
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  } catch (const std::exception& e) {
    return error_answer(500, e.what());
  }
}

void Hub::evict_campaigns() {
  // Campaigns no one follows and the computer is not playing a battle of leave memory; they
  // are read back from storage when someone comes back.
  if (campaigns_.size() < kMostCampaigns) return;
  std::erase_if(campaigns_, [](const auto& entry) {
    const auto& room = *entry.second;
    return room.resolving.empty() &&
           std::none_of(room.subscribers.begin(), room.subscribers.end(),
                        [](const CampaignSubscriber& s) { return !s.client.expired(); });
  });
}

std::shared_ptr<Hub::CampaignRoom> Hub::find_campaign(const std::string& id) {
  if (auto it = campaigns_.find(id); it != campaigns_.end()) return it->second;
  evict_campaigns();
  if (id.empty() || id.size() > 64 || campaigns_.size() >= kMostCampaigns) return nullptr;
  try {
    const auto data = storage_->load_campaign(id);
    if (!data) return nullptr;
    auto room = std::make_shared<CampaignRoom>();
    room->session = CampaignSession::restore(id, *data);
    campaigns_[id] = room;
    return room;
  } catch (const std::exception& e) {
    log_line(e.what());
    return nullptr;
  }
}

void Hub::campaign_hello(const std::shared_ptr<Client>& client, const json& msg) {
  if (!msg.contains("campaign") || !msg["campaign"].is_string())
    return send_error(*client, "malformed", "campaign_hello needs \"campaign\": its id");
  auto room = find_campaign(msg["campaign"]);
  if (!room) return send_error(*client, "no-campaign", "no such campaign");
  std::string role;
  if (msg.contains("token") && !msg["token"].is_null()) {
    if (!msg["token"].is_string()) return send_error(*client, "malformed", "token: a string");
    role = room->session->role_of(msg["token"]);
    if (role.empty())
      return send_error(*client, "bad-token", "this token has no place in this campaign");
  }
  // Saying hello again changes nothing (and tells no one): only a coming is news.
  if (const auto s = campaign_subs_.find(client.get()); s != campaign_subs_.end() &&
                                                        s->second.campaign == room->session->id() &&
                                                        s->second.role == role)
    return send_json(*client, campaign_view(*room, role));
  on_close(client.get());
  const bool came = !role.empty() && !role_present(*room, role);
  campaign_subs_[client.get()] = {room->session->id(), role};
  room->subscribers.push_back({client, role});
  if (!came) return send_json(*client, campaign_view(*room, role));
  broadcast_campaign(*room);  // everyone sees who has come
}

bool Hub::role_present(const CampaignRoom& room, const std::string& role) {
  return std::any_of(
      room.subscribers.begin(), room.subscribers.end(),
      [&](const CampaignSubscriber& s) { return s.role == role && !s.client.expired(); });
}

json Hub::campaign_view(const CampaignRoom& room, const std::string& role) const {
  json v = room.session->view(role);
  std::vector<std::string> present;
  for (const auto& s : room.subscribers)
    if (!s.role.empty() && !s.client.expired() &&
        std::find(present.begin(), present.end(), s.role) == present.end())
      present.push_back(s.role);
  std::sort(present.begin(), present.end());
  v["present"] = present;
  return v;
}

std::shared_ptr<Hub::CampaignRoom> Hub::campaign_of(const std::shared_ptr<Client>& client,
                                                    std::string& role) {
  auto it = campaign_subs_.find(client.get());
  if (it == campaign_subs_.end()) {
    send_error(*client, "no-campaign", "say campaign_hello with a campaign first");
    return nullptr;
  }
  auto room = find_campaign(it->second.campaign);
  if (!room) send_error(*client, "no-campaign", "the campaign is gone");
  role = it->second.role;
  if (room && role.empty()) {
    send_error(*client, "spectator", "spectators cannot act in the campaign");
    return nullptr;
  }
  return room;
}

void Hub::apply_campaign(CampaignRoom& room, const std::string& role, const std::string& action) {
  auto& c = *room.session;
  campaign::CampaignState next = c.after(role, action);          // throws IllegalAction
  storage_->update_campaign(c.id(), safe_dump(c.stored(next)));  // throws: nothing changed
  c.commit(std::move(next));
  broadcast_campaign(room);
}

void Hub::broadcast_campaign(CampaignRoom& room) {
  std::map<std::string, std::shared_ptr<const std::string>> views;  // one per role
  std::erase_if(room.subscribers, [](const CampaignSubscriber& s) { return s.client.expired(); });
  for (const auto& sub : room.subscribers) {
    auto client = sub.client.lock();
    if (!client) continue;
    auto& m = views[sub.role];
    if (!m) m = std::make_shared<const std::string>(safe_dump(campaign_view(room, sub.role)));
    client->send(m);
  }
}

void Hub::campaign_act(const std::shared_ptr<Client>& client, const json& msg) {
  std::string role;
  auto room = campaign_of(client, role);
  if (!room) return;
  if (!msg.contains("action") || !msg["action"].is_string() ||
      msg["action"].get_ref<const std::string&>().size() > 2000)
    return send_error(*client, "malformed", "campaign_act needs \"action\": the action's text");
  try {
    apply_campaign(*room, role, msg["action"]);
  } catch (const IllegalAction& e) {
    send_error(*client, "illegal", e.what());
  } catch (const BadInput& e) {
    send_error(*client, "illegal", e.what());
  } catch (const std::runtime_error& e) {
    log_line(e.what());
    send_error(*client, "storage",
               "the action could not be stored, so it was not taken; try again");
  }
}

void Hub::campaign_result(const std::shared_ptr<Client>& client, const json& msg) {
  std::string role;
  auto room = campaign_of(client, role);
  if (!room) return;
  // A result from the table in structure: {"battle": N, "winner": NATION|"draw", "lost":
  // {NATION: COUNT}, "general": [NATION], "camp": [NATION]}; the action is made here.
  const auto nation_ok = [](const json& v) {
    if (!v.is_string() || v.get_ref<const std::string&>().empty() ||
        v.get_ref<const std::string&>().size() > 64)
      return false;
    const auto& t = v.get_ref<const std::string&>();
    return std::all_of(t.begin(), t.end(), [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_';
    });
  };
  const auto battle = hub_detail::int_at(msg, "battle", 0, std::numeric_limits<int>::max());
  if (!battle || !msg.contains("winner") || !nation_ok(msg["winner"]))
    return send_error(*client, "malformed",
                      "campaign_result needs \"battle\": N and \"winner\": a nation or \"draw\"");
  std::string action =
      "result " + std::to_string(*battle) + " winner=" + msg["winner"].get<std::string>();
  if (const auto it = msg.find("lost"); it != msg.end()) {
    if (!it->is_object()) return send_error(*client, "malformed", "\"lost\": {NATION: COUNT}");
    for (const auto& [nation, count] : it->items()) {
      const auto lost = hub_detail::int_in(count, 0, 40);
      if (!nation_ok(json(nation)) || !lost)
        return send_error(*client, "malformed", "\"lost\": {NATION: COUNT}");
      if (*lost > 0) action += " lost=" + nation + ":" + std::to_string(*lost);
    }
  }
  for (const char* key : {"general", "camp"})
    if (const auto it = msg.find(key); it != msg.end()) {
      if (!it->is_array() || it->size() > 6)
        return send_error(*client, "malformed", std::string("\"") + key + "\": [NATION]");
      for (const auto& n : *it) {
        if (!nation_ok(n))
          return send_error(*client, "malformed", std::string("\"") + key + "\": [NATION]");
        action += std::string(" ") + key + "=" + n.get<std::string>();
      }
    }
  json act = {{"action", action}};
  campaign_act(client, act);
}

void Hub::campaign_battle(const std::shared_ptr<Client>& client, const json& msg) {
  std::string role;
  auto room = campaign_of(client, role);
  if (!room) return;
  auto& c = *room->session;
  const auto battle = hub_detail::int_at(msg, "battle", 0, std::numeric_limits<int>::max());
  if (!battle || !msg.contains("how") || (msg["how"] != "online" && msg["how"] != "computer"))
    return send_error(
        *client, "malformed",
        "campaign_battle needs \"battle\": N and \"how\": \"online\" or \"computer\"");
  const int number = *battle;
  const campaign::Battle* b = c.state().battle(number);
  if (b == nullptr || b->resolved || c.state().phase != "battles")
    return send_error(*client, "illegal",
                      "no battle " + std::to_string(number) + " waiting to be fought");
  if (role != "organiser" && role != b->attacker && role != b->defender)
    return send_error(*client, "illegal",
                      "only the organiser or a side of the battle may start it");
  const std::uint64_t seed = seeds_();
  if (msg["how"] == "computer") {
    // Played out by the computer on a worker, on a copy; the result comes back as an action.
    if (std::find(room->resolving.begin(), room->resolving.end(), number) != room->resolving.end())
      return;
    if (c.battle_games().contains(number))
      return send_error(*client, "illegal",
                        "battle " + std::to_string(number) + " is being played online");
    room->resolving.push_back(number);
    auto state = std::make_shared<campaign::CampaignState>(c.state());
    pool_.submit([this, room, state, number, seed] {
      std::string result;
      try {
        if (!stopping_)
          result = campaign::play_battle(*state, *state->battle(number), "greedy", seed);
      } catch (const std::exception& e) {
        log_line(std::string("a campaign battle failed: ") + e.what());
      }
      post_([this, room, number, result] {
        std::erase(room->resolving, number);
        if (result.empty() || stopping_) return;
        try {
          apply_campaign(*room, "organiser", result);
        } catch (const std::exception& e) {
          log_line("campaign " + room->session->id() + ": " + e.what());
        }
      });
    });
    return;
  }
  // A battle the computer is playing out now gets no game: its result is coming (a game made
  // meanwhile was played for nothing, its result ignored once the computer's had come).
  if (std::find(room->resolving.begin(), room->resolving.end(), number) != room->resolving.end())
    return send_error(*client, "illegal",
                      "battle " + std::to_string(number) + " is being played out by the computer");
  if (c.battle_games().contains(number))
    return send_json(*client, campaign_view(*room, role));  // already made
  // A new game of this hub, counted as POST /api/games counts one.
  if (!allow_creation_by(*client)) return;
  try {
    const auto players = campaign::battle_players(c.state(), *b);
    auto state = campaign::build_battle(c.state(), *b, seed);
    std::vector<std::string> names, controllers, tokens, nations;
    for (const auto& p : players) {
      const bool computer = std::find(c.state().computer.begin(), c.state().computer.end(),
                                      p.nation) != c.state().computer.end();
      names.push_back(c.state().scenario.nation(p.nation)->name);
      controllers.push_back(computer ? house_agent() : "human");
      tokens.push_back(computer ? "" : random_token());
      nations.push_back(p.nation);
    }
    BuiltGame built = build_position_game(std::string(state->game()), state->to_json(), names);
    // Each seat in its nation's colour, as on the campaign's map (the page draws each side in
    // the colour of its first player).
    json colours = json::array();
    for (const auto& p : players) colours.push_back(c.state().scenario.nation(p.nation)->colour);
    built.setup["colours"] = colours;
    evict(limits_.games_in_memory - 1);
    if (rooms_.size() >= limits_.games_in_memory)
      return send_error(*client, "full", "the server is full: try again later");
    const std::string id = random_token().substr(0, 16);
    auto game = std::make_shared<Room>();
    game->session = GameSession::create(id, std::move(built), seed, controllers, tokens, false);
    game->session->limit_agents(&stopping_, limits_.max_think_seconds);
    game->session->table().campaign = c.id();
    game->session->table().battle = number;
    storage_->create_game(id, safe_dump(game->session->stored_setup()));
    c.battle_games()[number] = {id, nations, tokens};
    if (!store_campaign(c)) {
      c.battle_games().erase(number);
      return send_error(*client, "storage", "the battle could not be stored; try again");
    }
    game->last_used = ++clock_;
    open_room(*game);
    rooms_[id] = game;
    schedule_computer(game);
    broadcast_campaign(*room);
  } catch (const std::exception& e) {
    log_line(std::string("a campaign battle could not be made: ") + e.what());
    send_error(*client, "storage", "the battle could not be made; try again");
  }
}

void Hub::campaign_season(const std::shared_ptr<Client>& client, const json& msg) {
  // Public: a spectator may look back too (campaign_of refuses spectators, so not used here).
  const auto sub = campaign_subs_.find(client.get());
  if (sub == campaign_subs_.end())
    return send_error(*client, "no-campaign", "say campaign_hello with a campaign first");
  auto room = find_campaign(sub->second.campaign);
  if (!room) return send_error(*client, "no-campaign", "the campaign is gone");
  const auto season = hub_detail::int_at(msg, "season", 1, 1000);
  if (!season)
    return send_error(*client, "malformed", "campaign_season needs \"season\": N (one ended)");
  // Worked out once per season (a replay of the campaign's actions), then sent as it is.
  auto& cached = room->seasons[*season];
  if (!cached) {
    try {
      cached = std::make_shared<const std::string>(safe_dump(room->session->season_view(*season)));
    } catch (const std::exception& e) {
      room->seasons.erase(*season);
      return send_error(*client, "illegal", e.what());
    }
  }
  client->send(cached);
}

bool Hub::store_campaign(const CampaignSession& c) {
  try {
    storage_->update_campaign(c.id(), safe_dump(c.stored()));
    return true;
  } catch (const std::exception& e) {
    log_line(e.what());
    return false;
  }
}

void Hub::battle_over(const GameSession& game) {
  try {
    auto room = find_campaign(game.table().campaign);
    if (!room) return;
    const auto& s = room->session->state();
    const campaign::Battle* b = s.battle(game.table().battle);
    if (b == nullptr || b->resolved) return;  // a result typed in meanwhile stands
    const std::string result =
        campaign::result_from_game(s, *b, game.state()) + " game=/#replay=" + game.id();
    apply_campaign(*room, "organiser", result);
  } catch (const std::exception& e) {
    log_line("game " + game.id() + ": its result could not go to its campaign: " + e.what());
  }
}

}  // namespace ancients::server
