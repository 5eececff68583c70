// The table around each served game (see hub.h): who is present at each seat, a seat handed to
// the computer while its person is away and taken back, taking back one's own last action
// while it revealed nothing, the rematch with the same players, the turn clock with its
// default action, and the lobby's list of listed games with open seats (and joining one).
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "agents/agent.h"
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

bool has_open_seat(const GameSession& s) {
  for (int p = 1; p <= s.player_count(); ++p)
    if (s.seat(p).controller == "human" && !s.seat(p).claimed) return true;
  return false;
}

/// The most games the lobby lists at once, and the most listed games the hub remembers.
constexpr std::size_t kMostListed = 50;
constexpr std::size_t kMostRemembered = 10000;
/// The most bytes of games one /api/open answer lists: anyone may ask for it, as often as they
/// like, so it stays small whatever the listed games hold (the newest games are listed first).
constexpr std::size_t kMostOpenBytes = 128 * 1024;

/// Whether each seat's person is at the table and for how long they have been away.
json presence_of(const std::vector<double>& away_since) {
  const double now = now_seconds();
  json players = json::array();
  for (const double since : away_since)
    players.push_back({{"present", since == 0},
                       {"away_seconds", since == 0 ? 0 : static_cast<int>(now - since)}});
  return players;
}

}  // namespace

TableExtras Hub::table_extras(const Room& room) const {
  const double now = now_seconds();
  TableExtras e;
  for (const double since : room.away_since)
    e.presence.push_back({since == 0, since == 0 ? 0 : static_cast<int>(now - since)});
  e.away_grace_seconds = limits_.away_grace_seconds;
  e.clock_left = room.deadline > 0 ? std::max(0, static_cast<int>(room.deadline - now)) : -1;
  return e;
}

std::string Hub::message_for(const Room& room, int viewer, std::size_t log_from,
                             bool compact) const {
  const TableExtras extras = table_extras(room);
  return room.session->state_message_text(viewer, log_from, &extras, compact);
}

void Hub::send_state(Client& client, const Room& room, int seat) {
  const auto it = subscriptions_.find(&client);
  const bool compact = it != subscriptions_.end() && it->second.compact;
  if (!may_send_whole_state(client))
    return send_error(client, "too_fast",
                      "the whole game asked for too often from this address: wait a few "
                      "seconds and sync");
  auto text = std::make_shared<const std::string>(message_for(room, seat, 0, compact));
  take_whole_state(client, text->size());
  client.send(std::move(text));
}

void Hub::open_room(Room& room) {
  const auto& s = *room.session;
  room.away_since.assign(static_cast<std::size_t>(s.player_count()), 0);
  const double now = now_seconds();
  for (int p = 1; p <= s.player_count(); ++p)
    if (s.seat(p).controller == "human") room.away_since[static_cast<std::size_t>(p - 1)] = now;
  if (s.table().listed && !s.over() && has_open_seat(s)) {
    if (listed_.size() >= kMostRemembered) {  // bounded: the oldest listing goes
      auto oldest =
          std::min_element(listed_.begin(), listed_.end(),
                           [](const auto& a, const auto& b) { return a.second < b.second; });
      listed_.erase(oldest);
    }
    listed_.emplace(s.id(), clock_);
  }
  arm_clock(room);
}

bool Hub::seat_arrived(Room& room, int seat) {
  double& since = room.away_since.at(static_cast<std::size_t>(seat - 1));
  if (since == 0) return false;
  since = 0;
  return true;
}

void Hub::seat_left(Room& room, int seat) {
  for (const auto& sub : room.subscribers)
    if (sub.seat == seat && !sub.client.expired()) return;  // another of its clients stays
  room.away_since.at(static_cast<std::size_t>(seat - 1)) = now_seconds();
  tell_presence(room);
}

void Hub::tell_presence(Room& room) {
  // {"type": "presence", "players": [{"present", "away_seconds"}, ...]}: the same for all.
  const auto text = std::make_shared<const std::string>(
      safe_dump(json{{"type", "presence"},
                     {"version", room.session->version()},
                     {"players", presence_of(room.away_since)}}));
  for (const auto& sub : room.subscribers)
    if (auto client = sub.client.lock()) client->send(text);
}

void Hub::arm_clock(Room& room) {
  const auto& s = *room.session;
  if (s.table().turn_seconds <= 0 || s.over() || s.person_to_act() == 0) {
    room.deadline = 0;
    return;
  }
  if (room.deadline > 0 && room.deadline_version == s.version()) return;  // already running
  room.deadline = now_seconds() + s.table().turn_seconds;
  room.deadline_version = s.version();
}

void Hub::tick() {
  const double now = now_seconds();
  // Computer actions refused (a storage error) and due to be decided again.
  std::vector<std::shared_ptr<Room>> retry;
  std::erase_if(retries_, [&](const auto& r) {
    if (r.first > now) return false;
    retry.push_back(r.second);
    return true;
  });
  for (const auto& room : retry) {
    // A room that left memory meanwhile is not this game any more (a load made another).
    const auto held = room->session ? rooms_.find(room->session->id()) : rooms_.end();
    if (held != rooms_.end() && held->second == room) schedule_computer(room);
  }
  std::vector<std::shared_ptr<Room>> due;
  for (auto& [id, room] : rooms_)
    if (room->session && room->deadline > 0 && now >= room->deadline && !room->thinking)
      due.push_back(room);
  std::sort(due.begin(), due.end(), [](const auto& a, const auto& b) {
    return a->session->id() < b->session->id();  // in id order, as before
  });
  for (auto& room : due) {
    auto& s = *room->session;
    room->deadline = 0;
    const int person = s.person_to_act();
    if (person == 0 || room->deadline_version != s.version() || stopping_) continue;
    run_job(room, s.default_job(), person, true);
  }
}

bool Hub::store_setup(const GameSession& session) {
  try {
    storage_->update_setup(session.id(), safe_dump(session.stored_setup()));
    return true;
  } catch (const std::exception& e) {
    log_line(e.what());
    return false;
  }
}

std::string Hub::house_agent() const {
  try {
    make_agent(default_agent_, 1);
    return default_agent_;
  } catch (const std::exception&) {
    return "random";
  }
}

std::shared_ptr<Hub::Room> Hub::seated_room(const std::shared_ptr<Client>& client, int& seat) {
  auto it = subscriptions_.find(client.get());
  if (it == subscriptions_.end()) {
    send_error(*client, "no-game", "say hello with a game and a seat token first");
    return nullptr;
  }
  if (it->second.seat == 0) {
    send_error(*client, "spectator", "spectators have no seat at this table");
    return nullptr;
  }
  auto room = find_room(it->second.game);
  if (!room) {
    send_error(*client, "no-game", "the game is gone");
    return nullptr;
  }
  if (!room->session) {
    send_error(*client, "damaged", "the game is damaged");
    return nullptr;
  }
  seat = it->second.seat;
  return room;
}

void Hub::stand_in(const std::shared_ptr<Client>& client, const json& msg) {
  int mine = 0;
  auto room = seated_room(client, mine);
  if (!room) return;
  auto& s = *room->session;
  const auto chosen = hub_detail::int_at(msg, "seat", 1, s.player_count());
  if (!chosen)
    return send_error(*client, "malformed",
                      "stand_in needs \"seat\": 1 to " + std::to_string(s.player_count()));
  const int seat = *chosen;
  if (s.over()) return send_error(*client, "table", "the game is over");
  if (s.seat(seat).controller != "human")
    return send_error(*client, "table", "the computer already plays that seat");
  if (!s.seat(seat).stand_in.empty())
    return send_error(*client, "table", "the computer already plays for that seat");
  if (seat != mine && s.seat(seat).claimed) {  // a seat no one has taken: at once
    const double since = room->away_since.at(static_cast<std::size_t>(seat - 1));
    if (since == 0) return send_error(*client, "table", "that player is at the table");
    const double away = now_seconds() - since;
    if (away < limits_.away_grace_seconds)
      return send_error(*client, "table",
                        "that player has been away " + std::to_string(static_cast<int>(away)) +
                            " s; the computer may take the seat after " +
                            std::to_string(static_cast<int>(limits_.away_grace_seconds)) + " s");
  }
  s.set_stand_in(seat, house_agent());
  if (!store_setup(s)) {
    s.set_stand_in(seat, "");
    return send_error(*client, "storage", "the seat could not be stored; try again");
  }
  ++room->generation;  // a decision pending for the person (their clock's) is not theirs now
  arm_clock(*room);
  broadcast(*room, s.version());
  schedule_computer(room);
}

void Hub::reclaim(const std::shared_ptr<Client>& client) {
  int seat = 0;
  auto room = seated_room(client, seat);
  if (!room) return;
  auto& s = *room->session;
  const std::string was = s.seat(seat).stand_in;
  if (was.empty()) return send_error(*client, "table", "you already play your seat");
  s.set_stand_in(seat, "");
  if (!store_setup(s)) {
    s.set_stand_in(seat, was);
    return send_error(*client, "storage", "the seat could not be stored; try again");
  }
  ++room->generation;  // the computer's pending decision for the seat is not played
  arm_clock(*room);
  broadcast(*room, s.version());
}

void Hub::undo(const std::shared_ptr<Client>& client, const json& msg) {
  int seat = 0;
  auto room = seated_room(client, seat);
  if (!room) return;
  auto& s = *room->session;
  if (!msg.contains("version") || !msg["version"].is_number_unsigned())
    return send_error(*client, "malformed",
                      "undo needs \"version\": the number of actions the client has seen");
  if (msg["version"].get<std::uint64_t>() != s.version()) {
    send_error(*client, "stale", hub_detail::stale_text(msg["version"], s.version()));
    return send_state(*client, *room, seat);
  }
  // Taking back sends everyone the whole game again (below): counted against the asking
  // address's budget of whole states, or acting and taking back without end would be a sync
  // flood sent to every subscriber.
  if (!may_send_whole_state(*client))
    return send_error(*client, "too_fast",
                      "taken back too often from this address: wait a few seconds");
  try {
    s.undo(seat, [this, &s](int seq) { storage_->remove_last_action(s.id(), seq); });
  } catch (const IllegalAction& e) {
    return send_error(*client, "illegal", e.what());
  } catch (const std::runtime_error& e) {
    log_line(e.what());
    return send_error(*client, "storage", "the action could not be taken back; try again");
  }
  // A decision the computer is making now is for the position taken back: when it comes, it
  // is dropped and the computer decides again, even if the version is the same number by then.
  ++room->generation;
  arm_clock(*room);
  // The log lost its last line: everyone gets it whole, the bytes charged to the asker.
  Outgoing out = address(*room, 0);
  write_messages(*room, out);
  std::size_t bytes = 0;
  for (const auto& m : out.messages) bytes += m ? m->size() : 0;
  take_whole_state(*client, bytes);
  send_all(out);
  schedule_computer(room);
}

void Hub::rematch(const std::shared_ptr<Client>& client) {
  int seat = 0;
  auto room = seated_room(client, seat);
  if (!room) return;
  auto& old = *room->session;
  if (!old.over()) return send_error(*client, "table", "a rematch follows a finished game");
  if (!old.table().rematch.empty()) return send_state(*client, *room, seat);
  try {
    evict(limits_.games_in_memory - 1);
    if (rooms_.size() >= limits_.games_in_memory)
      return send_error(*client, "full", "the server is full: try again later");
    // The same game and options, a new deal; every seat keeps its token and its controller,
    // so each player's link to the new game is the old one with the new id.
    const std::uint64_t seed = seeds_();
    BuiltGame built = build_game(old.rematch_request(), seed, limits_.max_turn_limit);
    // A game stored before the server's cap (or under a higher one) is not played again.
    if (const auto why = hub_detail::too_many_turns(built, limits_.max_turn_limit); !why.empty())
      return send_error(*client, "table", why);
    // A new game, counted as POST /api/games counts one (a rematch must not get round the
    // limit); counted here, once nothing else can refuse it.
    if (!allow_creation_by(*client)) return;
    std::vector<std::string> controllers, tokens;
    for (int p = 1; p <= old.player_count(); ++p) {
      controllers.push_back(old.seat(p).controller);
      tokens.push_back(old.seat(p).token);
    }
    const std::string id = random_token().substr(0, 16);
    auto next = std::make_shared<Room>();
    next->session =
        GameSession::create(id, std::move(built), seed, controllers, tokens, old.seed_chosen());
    next->session->limit_agents(&stopping_, limits_.max_think_seconds);
    for (int p = 1; p <= old.player_count(); ++p)
      if (old.seat(p).claimed) next->session->claim(p);
    next->session->table().listed = old.table().listed;
    next->session->table().turn_seconds = old.table().turn_seconds;
    next->session->table().rematch_of = old.id();
    storage_->create_game(id, safe_dump(next->session->stored_setup()));
    old.table().rematch = id;
    store_setup(old);  // if refused, the players still reach the new game from this message
    next->last_used = ++clock_;
    open_room(*next);
    rooms_[id] = next;
    broadcast(*room, old.version());
    schedule_computer(next);
  } catch (const BadInput& e) {
    send_error(*client, "table", e.what());  // a campaign's battle has none
  } catch (const std::exception& e) {
    log_line(std::string("a rematch failed: ") + e.what());
    send_error(*client, "storage", "the rematch could not be made; try again");
  }
}

HttpAnswer Hub::open_games() {
  std::vector<std::pair<std::uint64_t, std::string>> order;
  for (const auto& [id, when] : listed_) order.emplace_back(when, id);
  std::sort(order.rbegin(), order.rend());
  json games = json::array();
  std::size_t bytes = 0;
  for (const auto& [when, id] : order) {
    if (games.size() >= kMostListed || bytes >= kMostOpenBytes) break;
    // Only games in memory are read: a request never makes the server load stored games (a
    // listed game that left memory is shown again once someone opens it).
    const auto it = rooms_.find(id);
    if (it == rooms_.end()) continue;
    const auto& room = it->second;
    if (!room->session || room->session->over() || !has_open_seat(*room->session)) {
      listed_.erase(id);
      continue;
    }
    const auto& s = *room->session;
    json players = json::array();
    for (int p = 1; p <= s.player_count(); ++p)
      players.push_back({{"seat", p},
                         {"name", s.seat(p).name},  // bounded (create, and a stored game's load)
                         {"controller", s.seat(p).controller},
                         {"open", s.seat(p).controller == "human" && !s.seat(p).claimed}});
    const json request = s.rematch_request();
    json game = {{"id", id},
                 {"game", request.at("game")},
                 {"options", hub_detail::lobby_options(request.at("options"))},
                 {"players", players},
                 {"version", s.version()},
                 {"turn_seconds", s.table().turn_seconds}};
    bytes += safe_dump(game).size();
    games.push_back(std::move(game));
  }
  return {200, safe_dump(json{{"games", games}})};
}

HttpAnswer Hub::join(const std::string& id, const std::string& body, const std::string& address) {
  json req;
  try {
    req = parse_json_input(body, "the join request");
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  }
  if (!req.is_object() || !req.contains("seat") || !req["seat"].is_number_integer())
    return error_answer(400, "the join request is {\"seat\": N}");
  if (!allow_creation(address))
    return error_answer(429, "too many new games and seats from this address: at most " +
                                 std::to_string(limits_.games_per_minute) + " a minute");
  auto room = find_room(id);
  if (!room) return error_answer(404, "no game \"" + id + "\"");
  if (!room->session) return error_answer(409, "the game is damaged: " + room->damaged);
  auto& s = *room->session;
  if (!s.table().listed) return error_answer(403, "this game is not open to the lobby");
  const auto chosen = hub_detail::int_at(req, "seat", 1, s.player_count());
  if (!chosen) return error_answer(400, "\"seat\": 1 to " + std::to_string(s.player_count()));
  const int seat = *chosen;
  if (s.over()) return error_answer(409, "the game is over");
  if (s.seat(seat).controller != "human" || s.seat(seat).claimed)
    return error_answer(409, "seat " + std::to_string(seat) + " is taken");
  // A new token for the seat, stored before it is given: an invitation link sent earlier for
  // this seat no longer works.
  const std::string token = random_token();
  json setup = s.stored_setup();
  setup["seats"][static_cast<std::size_t>(seat - 1)]["token"] = token;
  setup["seats"][static_cast<std::size_t>(seat - 1)]["claimed"] = true;
  try {
    storage_->update_setup(id, safe_dump(setup));
  } catch (const std::exception& e) {
    log_line(e.what());
    return error_answer(503, "the seat cannot be stored now (the database refused); try again");
  }
  s.claim(seat, token);
  if (!has_open_seat(s)) listed_.erase(id);
  broadcast(*room, s.version());
  return {200, safe_dump(json{{"id", id},
                              {"seat", seat},
                              {"token", token},
                              {"url", "/#game=" + id + "&token=" + token}})};
}

}  // namespace ancients::server
