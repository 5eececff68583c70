// The server's game logic across games (see hub.h).
#include "server/hub.h"

#include <sys/random.h>

#include <cstdio>
#include <stdexcept>

#include "core/errors.h"
#include "core/json_input.h"

namespace ancients::server {

using nlohmann::json;

std::string random_token() {
  unsigned char bytes[16];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0) throw std::runtime_error("no random numbers from the operating system");
    got += static_cast<std::size_t>(n);
  }
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
          wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
          if (jobs_.empty()) return;
          job = std::move(jobs_.front());
          jobs_.pop_front();
        }
        job();
      }
    });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    jobs_.clear();
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void WorkerPool::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

// --- hub ---

namespace {

HttpAnswer error_answer(int status, const std::string& message) {
  return {status, json{{"error", message}}.dump()};
}

}  // namespace

Hub::Hub(std::shared_ptr<Storage> storage, Post post, int workers, std::string default_agent)
    : storage_(std::move(storage)),
      post_(std::move(post)),
      default_agent_(std::move(default_agent)),
      pool_(workers) {}

Hub::~Hub() = default;

std::size_t Hub::resume() {
  std::size_t n = 0;
  for (const auto& stored : storage_->unfinished_games()) {
    try {
      auto room = std::make_shared<Room>();
      room->session = GameSession::restore(stored);
      rooms_[stored.id] = room;
      schedule_computer(room);
      ++n;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ancients serve: game %s cannot be resumed: %s\n", stored.id.c_str(),
                   e.what());
    }
  }
  return n;
}

HttpAnswer Hub::create_game(const std::string& body) {
  json req;
  try {
    req = parse_json_input(body, "the create request");
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  }
  if (!req.is_object()) return error_answer(400, "the create request must be a JSON object");
  try {
    const std::string vs = req.value("vs", "computer");
    if (vs != "computer" && vs != "friend")
      return error_answer(400, "\"vs\": \"computer\" or \"friend\"");
    const int seat = req.value("seat", 1);
    if (seat != 1 && seat != 2) return error_answer(400, "\"seat\": 1 or 2");
    std::array<std::string, 2> controllers{"human", "human"};
    std::array<std::string, 2> tokens{random_token(), random_token()};
    if (vs == "computer") {
      std::string agent = req.value("agent", "");
      if (agent.empty()) {
        agent = default_agent_;
        try {
          make_agent(agent, 1);
        } catch (const BadInput&) {
          agent = "random";
        }
      } else {
        make_agent(agent, 1);  // refuses an unknown agent with a clear message
      }
      controllers[2 - seat] = agent;
      tokens[2 - seat].clear();
    }
    std::uint64_t seed = 0;
    if (req.contains("seed")) {
      if (!req["seed"].is_number_unsigned()) return error_answer(400, "\"seed\": a whole number");
      seed = req["seed"].get<std::uint64_t>();
    } else {
      seed = std::stoull(random_token().substr(0, 15), nullptr, 16);
    }
    const std::string id = random_token().substr(0, 16);
    auto room = std::make_shared<Room>();
    room->session = GameSession::create(id, req, seed, controllers, tokens);
    storage_->create_game(id, room->session->stored_setup().dump());
    rooms_[id] = room;
    schedule_computer(room);
    json answer = {{"id", id},
                   {"seat", seat},
                   {"token", tokens[seat - 1]},
                   {"url", "/#game=" + id + "&token=" + tokens[seat - 1]},
                   {"watch_url", "/#game=" + id}};
    if (vs == "friend") {
      answer["invite_token"] = tokens[2 - seat];
      answer["invite_url"] = "/#game=" + id + "&token=" + tokens[2 - seat];
    }
    return {201, answer.dump()};
  } catch (const BadInput& e) {
    return error_answer(400, e.what());
  } catch (const json::exception& e) {
    return error_answer(400, std::string("the create request: ") + e.what());
  } catch (const std::exception& e) {
    return error_answer(500, e.what());
  }
}

std::shared_ptr<Hub::Room> Hub::find_room(const std::string& id) {
  if (auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  if (id.empty() || id.size() > 64) return nullptr;
  auto stored = storage_->load_game(id);  // a finished game not in memory since a restart
  if (!stored) return nullptr;
  auto room = std::make_shared<Room>();
  room->session = GameSession::restore(*stored);
  rooms_[id] = room;
  return room;
}

HttpAnswer Hub::record(const std::string& id) {
  auto room = find_room(id);
  if (!room) return error_answer(404, "no game \"" + id + "\"");
  if (!room->session->over())
    return error_answer(403, "the record is available when the game is over");
  return {200, room->session->record().dump(2)};
}

HttpAnswer Hub::replay(const std::string& id) {
  auto room = find_room(id);
  if (!room) return error_answer(404, "no game \"" + id + "\"");
  if (!room->session->over())
    return error_answer(403, "the replay is available when the game is over");
  return {200, room->session->replay().dump()};
}

HttpAnswer Hub::summary(const std::string& id) {
  auto room = find_room(id);
  if (!room) return error_answer(404, "no game \"" + id + "\"");
  const auto& s = *room->session;
  json players = json::array();
  for (int p = 1; p <= 2; ++p)
    players.push_back({{"name", s.seat(p).name}, {"controller", s.seat(p).controller}});
  return {
      200,
      json{{"id", id}, {"players", players}, {"over", s.over()}, {"result", s.result()}}.dump()};
}

HttpAnswer Hub::catalogue() const {
  json c = server::catalogue();
  c["default_agent"] = default_agent_;
  return {200, c.dump()};
}

void Hub::send_error(Client& client, const std::string& code, const std::string& message) {
  client.send(std::make_shared<const std::string>(
      json{{"type", "error"}, {"code", code}, {"message", message}}.dump()));
}

void Hub::on_message(const std::shared_ptr<Client>& client, const std::string& text) {
  if (text.size() > kMaxMessageBytes)
    return send_error(*client, "too-big",
                      "messages are limited to " + std::to_string(kMaxMessageBytes) + " bytes");
  json msg;
  try {
    msg = parse_json_input(text, "the message");
  } catch (const BadInput& e) {
    return send_error(*client, "malformed", e.what());
  }
  if (!msg.is_object() || !msg.contains("type") || !msg["type"].is_string())
    return send_error(*client, "malformed", "a message is a JSON object with a \"type\"");
  const std::string type = msg["type"];
  try {
    if (type == "hello") return hello(client, msg);
    if (type == "act") return act(client, msg);
    if (type == "sync") {
      auto it = subscriptions_.find(client.get());
      if (it == subscriptions_.end())
        return send_error(*client, "no-game", "say hello with a game first");
      auto room = find_room(it->second.game);
      if (!room) return send_error(*client, "no-game", "the game is gone");
      return client->send(std::make_shared<const std::string>(
          room->session->state_message(it->second.seat).dump()));
    }
    if (type == "ping")
      return client->send(std::make_shared<const std::string>("{\"type\":\"pong\"}"));
    send_error(*client, "malformed", "unknown message type \"" + type + "\"");
  } catch (const json::exception& e) {
    send_error(*client, "malformed", e.what());
  }
}

void Hub::hello(const std::shared_ptr<Client>& client, const json& msg) {
  if (!msg.contains("game") || !msg["game"].is_string())
    return send_error(*client, "malformed", "hello needs \"game\": the game's id");
  const std::string id = msg["game"];
  auto room = find_room(id);
  if (!room) return send_error(*client, "no-game", "no game \"" + id + "\"");
  int seat = 0;
  if (msg.contains("token") && !msg["token"].is_null()) {
    if (!msg["token"].is_string()) return send_error(*client, "malformed", "token: a string");
    seat = room->session->seat_of(msg["token"]);
    if (seat == 0) return send_error(*client, "bad-token", "this token has no seat in this game");
  }
  on_close(client.get());
  subscriptions_[client.get()] = {id, seat};
  room->subscribers.push_back({client, seat});
  client->send(std::make_shared<const std::string>(room->session->state_message(seat).dump()));
}

void Hub::act(const std::shared_ptr<Client>& client, const json& msg) {
  auto it = subscriptions_.find(client.get());
  if (it == subscriptions_.end())
    return send_error(*client, "no-game", "say hello with a game and a seat token first");
  if (it->second.seat == 0) return send_error(*client, "spectator", "spectators cannot act");
  if (!msg.contains("action") || !msg["action"].is_string())
    return send_error(*client, "malformed", "act needs \"action\": the action's text");
  auto room = find_room(it->second.game);
  if (!room) return send_error(*client, "no-game", "the game is gone");
  auto& s = *room->session;
  if (msg.contains("version") &&
      (!msg["version"].is_number_unsigned() || msg["version"].get<std::size_t>() != s.version())) {
    send_error(*client, "stale", "the game has moved on; here is where it stands");
    return client->send(
        std::make_shared<const std::string>(s.state_message(it->second.seat).dump()));
  }
  try {
    commit(room, it->second.seat, msg["action"]);
  } catch (const IllegalAction& e) {
    send_error(*client, "illegal", e.what());
  } catch (const BadInput& e) {
    send_error(*client, "illegal", e.what());
  }
}

void Hub::commit(const std::shared_ptr<Room>& room, int player, const std::string& text) {
  auto& s = *room->session;
  const std::size_t before = s.version();
  const auto& a = s.apply(player, text);
  try {
    storage_->append_action(s.id(), {static_cast<int>(before), a.player, a.text});
    if (s.over()) storage_->finish_game(s.id(), s.result().dump());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ancients serve: game %s: cannot store action %zu: %s\n", s.id().c_str(),
                 before, e.what());
  }
  broadcast(*room, before);
  schedule_computer(room);
}

void Hub::broadcast(Room& room, std::size_t log_from) {
  std::shared_ptr<const std::string> messages[3];
  auto& subs = room.subscribers;
  std::erase_if(subs, [](const Subscriber& s) { return s.client.expired(); });
  for (auto& sub : subs) {
    auto client = sub.client.lock();
    if (!client) continue;
    auto& m = messages[sub.seat];
    if (!m)
      m = std::make_shared<const std::string>(
          room.session->state_message(sub.seat, log_from).dump());
    client->send(m);
  }
}

void Hub::schedule_computer(const std::shared_ptr<Room>& room) {
  if (room->thinking || room->session->over() || !room->session->computer_to_act()) return;
  room->thinking = true;
  auto job = room->session->computer_job();
  const int player = room->session->to_act();
  pool_.submit([this, room, job = std::move(job), player] {
    std::string text;
    try {
      text = job();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "ancients serve: computer player failed: %s\n", e.what());
    }
    post_([this, room, text, player] {
      room->thinking = false;
      if (text.empty()) return;
      try {
        commit(room, player, text);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "ancients serve: game %s: computer action \"%s\" refused: %s\n",
                     room->session->id().c_str(), text.c_str(), e.what());
      }
    });
  });
}

void Hub::on_close(const Client* client) {
  auto it = subscriptions_.find(client);
  if (it == subscriptions_.end()) return;
  if (auto r = rooms_.find(it->second.game); r != rooms_.end())
    std::erase_if(r->second->subscribers, [client](const Subscriber& s) {
      auto c = s.client.lock();
      return !c || c.get() == client;
    });
  subscriptions_.erase(it);
}

}  // namespace ancients::server
