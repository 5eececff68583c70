// The server's game logic across games (see hub.h).
#include "server/hub.h"

#include <sys/random.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string_view>

#include "agents/agent.h"
#include "core/errors.h"
#include "core/json_input.h"
#include "server/hub_helpers.h"

namespace ancients::server {

using nlohmann::json;

namespace {

void random_bytes(unsigned char* out, std::size_t size) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = getrandom(out + got, size - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error("no random numbers from the operating system");
    got += static_cast<std::size_t>(n);
  }
}

}  // namespace

std::uint64_t random_seed() {
  unsigned char bytes[8];
  random_bytes(bytes, sizeof bytes);
  std::uint64_t v = 0;
  for (unsigned char b : bytes) v = (v << 8) | b;
  return v;
}

std::string safe_dump(const json& j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string random_token() {
  unsigned char bytes[16];
  random_bytes(bytes, sizeof bytes);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += hex[b >> 4];
    out += hex[b & 15];
  }
  return out;
}

// --- worker pool ---

WorkerPool::WorkerPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i)
    threads_.emplace_back([this] {
      for (;;) {
        std::function<void()> job;
        {
          std::unique_lock lock(mutex_);
          wake_.wait(lock, [this] { return stopping_ || !jobs_.empty() || !background_.empty(); });
          if (stopping_) return;
          auto& queue = jobs_.empty() ? background_ : jobs_;
          job = std::move(queue.front());
          queue.pop_front();
        }
        try {
          job();
        } catch (...) {
          // a job reports its own failures; nothing may end a worker thread
        }
      }
    });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
    background_.clear();
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::submit(std::function<void()> job, bool urgent) {
  {
    std::lock_guard lock(mutex_);
    (urgent ? jobs_ : background_).push_back(std::move(job));
  }
  wake_.notify_one();
}

// --- hub ---

using hub_detail::error_answer;
using hub_detail::log_line;
using hub_detail::now_seconds;

Hub::Hub(std::shared_ptr<Storage> storage, Post post, int workers, std::string default_agent,
         HubLimits limits)
    : storage_(std::move(storage)),
      post_(std::move(post)),
      default_agent_(std::move(default_agent)),
      limits_(std::move(limits)),
      parallel_(ParallelFor::default_helpers()),
      pool_(workers) {
  if (limits_.agents.empty()) limits_.agents = agent_names();
}

Hub::~Hub() {
  stopping_ = true;  // running searches end now; pool_ (destroyed first) joins its threads
}

std::shared_ptr<Hub::Room> Hub::damaged_room(const std::string& id, const std::string& why) {
  log_line("game " + id + " is damaged: " + why);
  auto room = std::make_shared<Room>();
  room->damaged = why;
  return room;
}

std::shared_ptr<Hub::Room> Hub::load_room(const StoredGame& stored) {
  try {
    auto room = std::make_shared<Room>();
    room->session = GameSession::restore(stored);
    room->session->limit_agents(&stopping_, limits_.max_think_seconds);
    open_room(*room);
    return room;
  } catch (const std::exception& e) {
    return damaged_room(stored.id, e.what());
  }
}

std::size_t Hub::resume() {
  std::vector<std::string> ids;
  try {
    ids = storage_->unfinished_ids();
  } catch (const std::exception& e) {
    log_line(std::string("cannot list the unfinished games: ") + e.what());
    return 0;
  }
  std::size_t n = 0;
  for (const auto& id : ids) {
    std::shared_ptr<Room> room;
    try {
      auto stored = storage_->load_game(id);
      if (!stored) continue;
      room = load_room(*stored);
    } catch (const std::exception& e) {
      room = damaged_room(id, e.what());
    }
    room->last_used = ++clock_;
    rooms_[id] = room;
    if (room->session) {
      schedule_computer(room);
      ++n;
    }
  }
  evict(limits_.games_in_memory);
  return n;
}

bool Hub::allow_creation(const std::string& address) {
  if (limits_.games_per_minute <= 0) return true;
  const double now = now_seconds();
  if (creations_.size() > 100000) creations_.clear();  // bounded memory under a spread attack
  auto& times = creations_[address];
  while (!times.empty() && times.front() < now - 60) times.pop_front();
  if (times.size() >= static_cast<std::size_t>(limits_.games_per_minute)) return false;
  times.push_back(now);
  return true;
}

bool Hub::may_send_whole_state(const Client& client) {
  const auto rate = static_cast<double>(limits_.whole_state_bytes_per_second);
  const std::string address = client.address();
  if (rate <= 0 || address.empty()) return true;
  if (whole_state_budgets_.size() > 100000) whole_state_budgets_.clear();  // a spread attack
  const double now = now_seconds(), burst = rate * 8;
  auto [it, fresh] = whole_state_budgets_.try_emplace(address, ByteBudget{burst, now});
  ByteBudget& budget = it->second;
  budget.bytes = std::min(burst, budget.bytes + (now - budget.at) * rate);
  budget.at = now;
  return budget.bytes > 0;
}

void Hub::take_whole_state(const Client& client, std::size_t bytes) {
  if (limits_.whole_state_bytes_per_second == 0) return;
  const auto it = whole_state_budgets_.find(client.address());
  if (it != whole_state_budgets_.end()) it->second.bytes -= static_cast<double>(bytes);
}

bool Hub::allow_creation_by(Client& client) {
  const std::string address = client.address();
  if (address.empty() || allow_creation(address)) return true;
  send_error(client, "too-many-games",
             "too many new games from this address: at most " +
                 std::to_string(limits_.games_per_minute) + " a minute");
  return false;
}

void Hub::evict(std::size_t keep) {
  if (rooms_.size() <= keep) return;
  std::vector<std::pair<std::uint64_t, std::string>> idle;
  for (auto& [id, room] : rooms_) {
    std::erase_if(room->subscribers, [](const Subscriber& s) { return s.client.expired(); });
    // Never the game just used: its caller holds it and is about to subscribe to it.
    if (!room->thinking && !room->pending && room->subscribers.empty() && room->last_used != clock_)
      idle.emplace_back(room->last_used, id);
  }
  std::sort(idle.begin(), idle.end());
  for (const auto& [used, id] : idle) {
    if (rooms_.size() <= keep) break;
    rooms_.erase(id);
  }
}

HttpAnswer Hub::create_game(const std::string& body, const std::string& address) {
  json req;
  try {
    req = parse_json_input(body, "the create request");
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  }
  if (!req.is_object()) return error_answer(400, "the create request must be a JSON object");
  // A field the request may not carry is refused by name: a misspelt one ("listd") would
  // otherwise take its default without a word.
  static constexpr std::array<std::string_view, 12> kCreateFields = {
      "game",  "options", "edition", "map",       "armies",       "vs",
      "agent", "seat",    "seed",    "computers", "turn_seconds", "listed"};
  for (const auto& [key, value] : req.items())
    if (std::find(kCreateFields.begin(), kCreateFields.end(), key) == kCreateFields.end())
      return error_answer(400, "the create request has no field \"" + key +
                                   "\" (its fields: game, options, vs, agent, seat, seed, "
                                   "computers, turn_seconds, listed)");
  try {
    const std::string vs = req.value("vs", "computer");
    if (vs != "computer" && vs != "friend")
      return error_answer(400, "\"vs\": \"computer\" or \"friend\"");
    // The server draws every seed: a chosen seed would let its chooser know the deal. Only a
    // game with a single person (against the computer) may fix it, and then nothing in it is
    // secret from anyone (flagged in the answers).
    const bool seed_chosen = req.contains("seed");
    if (seed_chosen && !req["seed"].is_number_unsigned())
      return error_answer(400, "\"seed\": a whole number");
    const std::uint64_t seed = seed_chosen ? req["seed"].get<std::uint64_t>() : seeds_();
    if (!allow_creation(address))
      return error_answer(429, "too many new games from this address: at most " +
                                   std::to_string(limits_.games_per_minute) + " a minute");
    // The game, built once (after the rate limit: building costs), and its players: two, or
    // every player of a multiplayer battle.
    BuiltGame built = build_game(req, seed, limits_.max_turn_limit);
    const int players = built.state->player_count();
    if (const auto why = hub_detail::too_many_turns(built, limits_.max_turn_limit); !why.empty())
      return error_answer(400, why);
    // Each seat's name goes into every message of the game: a game's own limits bound it
    // (an uploaded army's name), and the hub refuses any longer one whatever its source.
    for (std::size_t p = 0; p < built.names.size(); ++p)
      if (utf8_chars(built.names[p]) > hub_detail::kMaxSeatNameChars)
        return error_answer(400, "player " + std::to_string(p + 1) + "'s name is limited to " +
                                     std::to_string(hub_detail::kMaxSeatNameChars) + " characters");
    const auto chosen = hub_detail::int_in(req.value("seat", json(1)), 1, players);
    if (!chosen) return error_answer(400, "\"seat\": 1 to " + std::to_string(players));
    const int seat = *chosen;
    std::vector<std::string> controllers(static_cast<std::size_t>(players), "human");
    std::vector<std::string> tokens;
    for (int p = 0; p < players; ++p) tokens.push_back(random_token());
    // The seats the computer plays: "computers" (a list of player numbers), or with "vs":
    // "computer" every seat but the creator's (two players: the other seat).
    std::vector<int> computer_seats;
    if (req.contains("computers")) {
      const json& list = req["computers"];
      if (!list.is_array() || list.size() >= static_cast<std::size_t>(players))
        return error_answer(400, "\"computers\": a list of the seats the computer plays (not all)");
      for (const json& v : list) {
        const auto p = hub_detail::int_in(v, 1, players);
        if (!p || *p == seat)
          return error_answer(400, "\"computers\": seats 1 to " + std::to_string(players) +
                                       ", not the creator's own");
        computer_seats.push_back(*p);
      }
    } else if (vs == "computer") {
      for (int p = 1; p <= players; ++p)
        if (p != seat) computer_seats.push_back(p);
    }
    if (!computer_seats.empty()) {
      std::string agent = req.value("agent", "");
      if (agent.empty()) {
        agent = default_agent_;
        try {
          make_agent(agent, 1);
        } catch (const BadInput&) {
          agent = "random";
        }
      } else {
        const auto& allowed = limits_.agents;
        if (std::find(allowed.begin(), allowed.end(), agent) == allowed.end()) {
          std::string list;
          for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
          return error_answer(400, "agent \"" + agent + "\" is not offered here (" + list + ")");
        }
        make_agent(agent, 1);  // refuses an unknown agent with a clear message
      }
      for (int p : computer_seats) {
        controllers[static_cast<std::size_t>(p - 1)] = agent;
        tokens[static_cast<std::size_t>(p - 1)].clear();
      }
    }
    // The table: listed in the lobby's open games, and a clock for each turn of a person.
    TableSettings table;
    if (req.contains("listed") && !req["listed"].is_boolean())
      return error_answer(400, "\"listed\": true or false");
    table.listed = req.value("listed", false);
    if (req.contains("turn_seconds")) {
      const auto t = hub_detail::int_in(req["turn_seconds"], 0, 86400);
      if (!t) return error_answer(400, "\"turn_seconds\": 0 (no clock) to 86400 seconds a turn");
      table.turn_seconds = *t;
    }
    const bool alone = computer_seats.size() + 1 == static_cast<std::size_t>(players);
    if (seed_chosen && !alone)
      return error_answer(400,
                          "\"seed\": only a game against the computer may choose its seed "
                          "(the server draws it for games between people)");
    evict(limits_.games_in_memory - 1);  // room for the new game
    if (rooms_.size() >= limits_.games_in_memory)
      return error_answer(503, "the server is full: try again later");
    const std::string id = random_token().substr(0, 16);
    auto room = std::make_shared<Room>();
    room->session =
        GameSession::create(id, std::move(built), seed, controllers, tokens, seed_chosen);
    room->session->limit_agents(&stopping_, limits_.max_think_seconds);
    room->session->claim(seat);
    room->session->table() = table;
    try {
      storage_->create_game(id, safe_dump(room->session->stored_setup()));
    } catch (const std::exception& e) {
      log_line(e.what());
      return error_answer(503, "the game cannot be stored now (the database refused); try again");
    }
    room->last_used = ++clock_;
    open_room(*room);
    rooms_[id] = room;
    schedule_computer(room);
    json answer = {{"id", id},
                   {"seat", seat},
                   {"token", tokens[seat - 1]},
                   {"url", "/#game=" + id + "&token=" + tokens[seat - 1]},
                   {"watch_url", "/#game=" + id},
                   {"secret", !seed_chosen}};
    // One invitation per seat a person plays besides the creator's.
    json invites = json::array();
    for (int p = 1; p <= players; ++p) {
      const std::string& t = tokens[static_cast<std::size_t>(p - 1)];
      if (p == seat || t.empty()) continue;
      invites.push_back({{"seat", p}, {"token", t}, {"url", "/#game=" + id + "&token=" + t}});
    }
    if (players == 2 && invites.size() == 1) {  // the two-player answer's own fields
      answer["invite_token"] = invites[0]["token"];
      answer["invite_url"] = invites[0]["url"];
    }
    if (!invites.empty()) answer["invites"] = std::move(invites);
    return {201, safe_dump(answer)};
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  } catch (const json::exception& e) {
    return error_answer(400, std::string("the create request: ") + e.what());
  } catch (const std::exception& e) {
    return error_answer(500, e.what());
  }
}

std::shared_ptr<Hub::Room> Hub::find_room(const std::string& id) {
  if (auto it = rooms_.find(id); it != rooms_.end()) {
    auto room = it->second;
    room->last_used = ++clock_;
    // Whoever asks for a game sees it as it stands: its queued action stored and applied.
    if (room->pending) flush_pending();
    return room;
  }
  if (id.empty() || id.size() > 64) return nullptr;
  std::shared_ptr<Room> room;
  try {
    auto stored = storage_->load_game(id);  // a game not in memory (dropped, or restarted)
    if (!stored) return nullptr;
    room = load_room(*stored);
  } catch (const std::exception& e) {
    room = damaged_room(id, e.what());
  }
  room->last_used = ++clock_;
  rooms_[id] = room;
  if (room->session) schedule_computer(room);
  evict(limits_.games_in_memory);
  return room;
}

HttpAnswer Hub::record(const std::string& id) {
  return finished_answer("record:" + id, id, "record",
                         [](const GameSession& s) { return safe_dump(s.record(), 2); });
}

HttpAnswer Hub::replay(const std::string& id) {
  return finished_answer("replay:" + id, id, "replay",
                         [](const GameSession& s) { return safe_dump(s.replay()); });
}

HttpAnswer Hub::finished_answer(const std::string& key, const std::string& id, const char* what,
                                const std::function<std::string(const GameSession&)>& write) {
  // A finished game never changes: its answer is written once and kept (TextCache), so asking
  // again costs a copy, not the game thread's time (nor a load of the game from the database).
  if (auto kept = finished_answers_.find(key)) return {200, *kept};
  auto room = find_room(id);
  if (!room) return error_answer(404, "no game \"" + id + "\"");
  if (!room->session) return error_answer(409, "the game is damaged: " + room->damaged);
  if (!room->session->over())
    return error_answer(403, std::string("the ") + what + " is available when the game is over");
  auto text = std::make_shared<const std::string>(write(*room->session));
  finished_answers_.put(key, text);
  return {200, *text};
}

HttpAnswer Hub::summary(const std::string& id) {
  auto room = find_room(id);
  if (!room) return error_answer(404, "no game \"" + id + "\"");
  if (!room->session)
    return {200, safe_dump(json{{"id", id}, {"damaged", true}, {"error", room->damaged}})};
  const auto& s = *room->session;
  json players = json::array();
  for (int p = 1; p <= s.player_count(); ++p)
    players.push_back({{"name", s.seat(p).name}, {"controller", s.seat(p).controller}});
  // The game and its options as the lobby lists them (an uploaded army by its name alone); a
  // game started from a position (a campaign's battle) has no options of its own.
  const json& setup = s.setup();
  return {200, safe_dump(json{{"id", id},
                              {"game", setup.value("game", "")},
                              {"options", setup.contains("options")
                                              ? hub_detail::lobby_options(setup["options"])
                                              : json(nullptr)},
                              {"players", players},
                              {"over", s.over()},
                              {"to_act", s.to_act()},
                              {"result", s.result()},
                              {"damaged", false},
                              {"secret", !s.seed_chosen()}})};
}

HttpAnswer Hub::catalogue() const {
  json c = server::catalogue();
  c["default_agent"] = default_agent_;
  c["agents"] = limits_.agents;
  c["max_turn_limit"] = limits_.max_turn_limit;  // the server's cap on turn_limit (0: none)
  // The games' turn_limit options as this server takes them, so that a form built from the
  // schema offers no longer game than the server plays.
  if (limits_.max_turn_limit > 0)
    for (json& game : c["games"])
      for (json& option : game["options"])
        if (option.value("name", "") == "turn_limit" && option.contains("max") &&
            option["max"].is_number_integer() &&
            option["max"].get<long long>() > limits_.max_turn_limit)
          option["max"] = limits_.max_turn_limit;
  return {200, safe_dump(c)};
}

void Hub::send_json(Client& client, const json& message) {
  client.send(std::make_shared<const std::string>(safe_dump(message)));
}

void Hub::send_error(Client& client, const std::string& code, const std::string& message) {
  send_json(client, json{{"type", "error"}, {"code", code}, {"message", message}});
}

void Hub::on_message(const std::shared_ptr<Client>& client, const std::string& text) {
  try {
    if (text.size() > limits_.message_bytes)
      return send_error(
          *client, "too-big",
          "messages are limited to " + std::to_string(limits_.message_bytes) + " bytes");
    json msg;
    try {
      msg = parse_json_input(text, "the message");
    } catch (const BadInput& e) {
      return send_error(*client, "malformed", e.what());
    }
    dispatch(client, msg);
  } catch (const json::exception& e) {
    send_error(*client, "malformed", e.what());
  } catch (const std::exception& e) {
    log_line(std::string("a message failed: ") + e.what());
    send_error(*client, "internal", "the server could not handle this message");
  }
}

void Hub::dispatch(const std::shared_ptr<Client>& client, const json& msg) {
  if (!msg.is_object() || !msg.contains("type") || !msg["type"].is_string())
    return send_error(*client, "malformed", "a message is a JSON object with a \"type\"");
  const std::string type = msg["type"];
  if (type == "hello") return hello(client, msg);
  if (type == "act") return act(client, msg);
  if (type == "sync") {
    auto it = subscriptions_.find(client.get());
    if (it == subscriptions_.end())
      return send_error(*client, "no-game", "say hello with a game first");
    auto room = find_room(it->second.game);
    if (!room) return send_error(*client, "no-game", "the game is gone");
    if (!room->session) return send_error(*client, "damaged", "the game is damaged");
    return send_state(*client, *room, it->second.seat);
  }
  if (type == "campaign_hello") return campaign_hello(client, msg);
  if (type == "campaign_act") return campaign_act(client, msg);
  if (type == "campaign_result") return campaign_result(client, msg);
  if (type == "campaign_battle") return campaign_battle(client, msg);
  if (type == "campaign_season") return campaign_season(client, msg);
  if (type == "undo") return undo(client, msg);
  if (type == "stand_in") return stand_in(client, msg);
  if (type == "reclaim") return reclaim(client);
  if (type == "rematch") return rematch(client);
  if (type == "ping")
    return client->send(std::make_shared<const std::string>("{\"type\":\"pong\"}"));
  send_error(*client, "malformed", "unknown message type \"" + type + "\"");
}

void Hub::hello(const std::shared_ptr<Client>& client, const json& msg) {
  if (msg.contains("compact") && !msg["compact"].is_boolean() && !msg["compact"].is_null())
    return send_error(*client, "malformed", "compact: true or false");
  if (!msg.contains("game") || !msg["game"].is_string())
    return send_error(*client, "malformed", "hello needs \"game\": the game's id");
  const std::string id = msg["game"];
  auto room = find_room(id);
  if (!room) return send_error(*client, "no-game", "no game \"" + id + "\"");
  if (!room->session)
    return send_error(*client, "damaged",
                      "this game is damaged and cannot be played: " + room->damaged);
  int seat = 0;
  if (msg.contains("token") && !msg["token"].is_null()) {
    if (!msg["token"].is_string()) return send_error(*client, "malformed", "token: a string");
    seat = room->session->seat_of(msg["token"]);
    if (seat == 0) return send_error(*client, "bad-token", "this token has no seat in this game");
    if (!room->session->seat(seat).claimed) {  // an invitation used: the seat is taken
      room->session->claim(seat);
      store_setup(*room->session);
    }
  }
  on_close(client.get());
  // "compact": the client reads group advances as groups (docs/server.md).
  const bool compact = msg.contains("compact") && msg["compact"].is_boolean() && msg["compact"];
  subscriptions_[client.get()] = {id, seat, compact};
  room->subscribers.push_back({client, seat, compact});
  const bool arrived = seat != 0 && seat_arrived(*room, seat);
  send_state(*client, *room, seat);
  if (arrived) tell_presence(*room);
}

void Hub::act(const std::shared_ptr<Client>& client, const json& msg) {
  auto it = subscriptions_.find(client.get());
  if (it == subscriptions_.end())
    return send_error(*client, "no-game", "say hello with a game and a seat token first");
  if (it->second.seat == 0) return send_error(*client, "spectator", "spectators cannot act");
  // The action: its text, or (compact clients) a group's choice: "group" and "choice".
  const bool by_group = msg.contains("group") && msg.contains("choice");
  if (by_group && msg.contains("action"))  // which one was meant cannot be known
    return send_error(*client, "malformed",
                      "act takes \"action\" or \"group\" and \"choice\", not both");
  if (by_group ? !msg["group"].is_number_unsigned() || !msg["choice"].is_number_unsigned()
               : !msg.contains("action") || !msg["action"].is_string())
    return send_error(*client, "malformed",
                      "act needs \"action\": the action's text (or \"group\" and \"choice\")");
  // The version makes a resent action harmless: the second copy is stale.
  if (!msg.contains("version") || !msg["version"].is_number_unsigned())
    return send_error(*client, "malformed",
                      "act needs \"version\": the number of actions the client has seen");
  auto room = find_room(it->second.game);
  if (!room) return send_error(*client, "no-game", "the game is gone");
  if (!room->session) return send_error(*client, "damaged", "the game is damaged");
  auto& s = *room->session;
  // A decision taken ahead of the sender's turn does not depend on the actions since the
  // version it was chosen at (State::decides_ahead): kept, whatever the version.
  if (!by_group && s.may_decide_ahead(it->second.seat))
    return act_ahead(room, it->second.seat, msg["action"].get<std::string>(), *client);
  if (msg["version"].get<std::uint64_t>() != s.version()) {
    send_error(*client, "stale", hub_detail::stale_text(msg["version"], s.version()));
    return send_state(*client, *room, it->second.seat);
  }
  try {
    const std::string text =
        by_group ? s.group_action(it->second.seat, msg["group"].get<std::uint64_t>(),
                                  msg["choice"].get<std::uint64_t>())
                 : msg["action"].get<std::string>();
    commit(room, it->second.seat, text, client);
  } catch (const IllegalAction& e) {
    send_error(*client, "illegal", e.what());
  } catch (const BadInput& e) {
    send_error(*client, "illegal", e.what());
  }
}

void Hub::act_ahead(const std::shared_ptr<Room>& room, int seat, const std::string& text,
                    Client& client) {
  auto& s = *room->session;
  try {
    s.queue(seat, text, [&](const json& setup) {
      storage_->update_setup(s.id(), safe_dump(setup));  // stored before it is acknowledged
    });
  } catch (const IllegalAction& e) {
    return send_error(client, "illegal", e.what());
  } catch (const BadInput& e) {
    return send_error(client, "illegal", e.what());
  } catch (const std::exception& e) {
    log_line(e.what());
    return send_error(client, "storage", "your choice could not be stored; try again");
  }
  broadcast(*room, s.version());  // the choice shown to its player, "ready" to everyone
}

bool Hub::play_queued(const std::shared_ptr<Room>& room) {
  auto& s = *room->session;
  const int player = s.to_act();
  const std::string text = s.take_queued();
  if (text.empty()) return false;
  commit(room, player, text, nullptr, true);
  return true;
}

void Hub::commit(const std::shared_ptr<Room>& room, int player, const std::string& text,
                 const std::shared_ptr<Client>& client, bool queued) {
  if (room->pending) flush_pending();  // the game as it stands, its queued action applied
  room->pending = true;
  PendingAction p;
  p.room = room;
  p.client = client;
  p.by_person = client != nullptr || queued;
  p.queued = queued;
  p.player = player;
  p.text = text;
  pending_.push_back(std::move(p));
  if (!limits_.group_commit) return flush_pending();
  if (flush_posted_) return;
  flush_posted_ = true;
  post_([this] {
    flush_posted_ = false;
    flush_pending();
  });
}

void Hub::flush_pending() {
  if (pending_.empty()) return;
  std::vector<PendingAction> batch;
  batch.swap(pending_);
  // Each action checked on a copy of its game (nothing changes yet), the games spread over the
  // helper threads; one refused is answered here and leaves the group.
  parallel_.run(batch.size(), [&batch](std::size_t i) {
    auto& p = batch[i];
    try {
      p.prepared = p.room->session->prepare(p.player, p.text);
    } catch (const IllegalAction& e) {
      p.refusal = e.what();
      p.illegal = true;
    } catch (const BadInput& e) {
      p.refusal = e.what();
      p.illegal = true;
    } catch (const std::exception& e) {
      p.refusal = e.what();
    }
  });
  std::erase_if(batch, [this](PendingAction& p) {
    if (p.refusal.empty()) return false;
    refuse(p);
    return true;
  });
  if (batch.empty()) return;
  std::vector<ActionWrite> writes;
  writes.reserve(batch.size());
  for (auto& p : batch) {
    p.room->pending = false;
    writes.push_back({p.room->session->id(), p.prepared.stored, p.prepared.result});
  }
  try {
    storage_->append_actions(writes);  // all stored, or none
  } catch (const std::exception& e) {
    log_line(e.what());
    for (auto& p : batch) {
      if (!p.by_person) {
        log_line("game " + p.room->session->id() + ": computer action \"" + p.prepared.stored.text +
                 "\" refused: " + e.what());
        retry_computer_later(p.room);
      } else if (auto client = p.client.lock()) {
        send_error(*client, "storage",
                   "the action could not be stored, so it was not played; try again");
      }
    }
    return;
  }
  // Each game's own work on the helper threads as well (the games are distinct: one queued
  // action a game, a client in one game): the action applied, the game's messages written and
  // handed to the network thread at once, so that it sends the first games' while the last are
  // still being applied. A campaign's battle that ends touches the hub's shared state: that
  // game is told afterwards, on this thread.
  parallel_.run(batch.size(), [this, &batch](std::size_t i) {
    auto& p = batch[i];
    try {
      auto& s = *p.room->session;
      p.before = s.version();
      s.accept(std::move(p.prepared));
      if (!p.by_person)
        s.forbid_undo();  // what a computer played for a person is not theirs to take back
      if (s.over() && !s.table().campaign.empty()) return;  // (below)
      tell(p);
    } catch (const std::exception& e) {
      p.failure = e.what();
    }
  });
  for (auto& p : batch) {
    if (p.failure.empty() && !p.told) {
      try {
        battle_over(*p.room->session);
        tell(p);
      } catch (const std::exception& e) {
        p.failure = e.what();
      }
    }
    if (!p.failure.empty()) {  // never out of the loop's handler
      log_line("game " + p.room->session->id() + ": an action stored but not told: " + p.failure);
      continue;
    }
    schedule_computer(p.room);
  }
}

void Hub::refuse(PendingAction& p) {
  p.room->pending = false;
  if (!p.by_person) {
    log_line("game " + p.room->session->id() + ": computer action \"" + p.text +
             "\" refused: " + p.refusal);
    retry_computer_later(p.room);
  } else if (p.queued) {  // its player is offered the decision again, at their turn
    log_line("game " + p.room->session->id() + ": action \"" + p.text +
             "\" chosen ahead refused: " + p.refusal);
    broadcast(*p.room, p.room->session->version());
  } else if (auto client = p.client.lock()) {
    if (p.illegal) return send_error(*client, "illegal", p.refusal);
    log_line("a message failed: " + p.refusal);
    send_error(*client, "internal", "the server could not handle this message");
  }
}

void Hub::tell(PendingAction& p) {
  arm_clock(*p.room);
  p.out = address(*p.room, p.before);
  write_messages(*p.room, p.out);
  send_all(p.out);
  p.told = true;
}

void Hub::retry_computer_later(const std::shared_ptr<Room>& room) {
  // Taken up by the next tick a second or so later, rather than by a worker that waited: a
  // sleeping worker kept every other game's computer players waiting meanwhile.
  retries_.push_back({now_seconds() + limits_.retry_seconds, room});
}

void Hub::broadcast(Room& room, std::size_t log_from) {
  Outgoing out = address(room, log_from);
  write_messages(room, out);
  send_all(out);
}

Hub::Outgoing Hub::address(Room& room, std::size_t log_from) {
  // One message per viewer (0: spectators, then each seat) and form (full, compact), written
  // once for all its clients.
  const std::size_t viewers = static_cast<std::size_t>(room.session->player_count()) + 1;
  Outgoing out;
  out.log_from = log_from;
  out.messages.resize(2 * viewers);
  out.needed.resize(2 * viewers);
  auto& subs = room.subscribers;
  std::erase_if(subs, [](const Subscriber& s) { return s.client.expired(); });
  for (auto& sub : subs) {
    auto client = sub.client.lock();
    if (!client) continue;
    const std::size_t m = static_cast<std::size_t>(sub.seat) + (sub.compact ? viewers : 0);
    out.needed[m] = true;
    out.to.emplace_back(std::move(client), m);
  }
  return out;
}

void Hub::write_messages(const Room& room, Outgoing& out) const {
  const std::size_t viewers = out.messages.size() / 2;
  for (std::size_t m = 0; m < out.messages.size(); ++m)
    if (out.needed[m])
      out.messages[m] = std::make_shared<const std::string>(
          message_for(room, static_cast<int>(m % viewers), out.log_from, m >= viewers));
}

void Hub::send_all(const Outgoing& out) {
  for (const auto& [client, m] : out.to) client->send(out.messages[m]);
}

void Hub::schedule_computer(const std::shared_ptr<Room>& room) {
  if (!room->session || room->session->over() || stopping_) return;
  if (!room->pending && play_queued(room)) return;  // a person's choice made ahead goes first
  if (room->thinking || !room->session->computer_to_act()) return;
  run_job(room, room->session->computer_job(), room->session->to_act(), false);
}

void Hub::run_job(const std::shared_ptr<Room>& room, std::function<std::string()> job, int player,
                  bool for_person) {
  room->thinking = true;
  const std::size_t version = room->session->version();
  const std::uint64_t generation = room->generation;
  // A person at the table waits for this decision: it goes before those of games nobody plays
  // in person right now (seats handed to the computer, or their people away), which any client
  // may start and leave running.
  bool urgent = false;
  for (int p = 1; p <= room->session->player_count(); ++p) {
    const auto seat = static_cast<std::size_t>(p - 1);
    urgent = urgent || (room->session->person_plays(p) && seat < room->away_since.size() &&
                        room->away_since[seat] == 0);
  }
  pool_.submit(
      [this, room, job = std::move(job), player, version, generation, for_person] {
        std::string text;
        try {
          if (!stopping_) text = job();
        } catch (const std::exception& e) {
          log_line(std::string("computer player failed: ") + e.what());
        }
        post_([this, room, text, player, version, generation, for_person] {
          room->thinking = false;
          if (text.empty() || stopping_) return;
          if (room->pending) flush_pending();
          const auto& s = *room->session;
          // The version alone is not enough: an undo and another action give the same number back
          // for another position (security review F-11).
          if (room->generation != generation || s.version() != version || s.to_act() != player ||
              (for_person ? s.person_to_act() != player : !s.computer_to_act())) {
            schedule_computer(room);  // an undo or a seat given back meanwhile: decide afresh
            return;
          }
          try {
            commit(room, player, text, nullptr);
          } catch (const std::exception& e) {
            log_line("game " + room->session->id() + ": computer action \"" + text +
                     "\" refused: " + e.what());
            retry_computer_later(room);
          }
        });
      },
      urgent);
}

void Hub::on_close(const Client* client) {
  if (auto c = campaign_subs_.find(client); c != campaign_subs_.end()) {
    const std::string role = c->second.role;
    if (auto r = campaigns_.find(c->second.campaign); r != campaigns_.end()) {
      std::erase_if(r->second->subscribers, [client](const CampaignSubscriber& s) {
        auto live = s.client.lock();
        return !live || live.get() == client;
      });
      // The others see who has left (a role's last page closed).
      if (!role.empty() && !r->second->subscribers.empty() && !role_present(*r->second, role))
        broadcast_campaign(*r->second);
    }
    campaign_subs_.erase(c);
  }
  auto it = subscriptions_.find(client);
  if (it == subscriptions_.end()) return;
  const int seat = it->second.seat;
  if (auto r = rooms_.find(it->second.game); r != rooms_.end()) {
    std::erase_if(r->second->subscribers, [client](const Subscriber& s) {
      auto c = s.client.lock();
      return !c || c.get() == client;
    });
    if (seat != 0 && r->second->session) seat_left(*r->second, seat);
  }
  subscriptions_.erase(it);
}

}  // namespace ancients::server
