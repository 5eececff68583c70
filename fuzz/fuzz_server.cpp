// libFuzzer target for the server's message handling without sockets: the first byte picks an
// HTTP request (method, target and body split from the rest by newlines) for Router::handle
// or a WebSocket text message for Hub::on_message, on a hub with an in-memory database and
// only the random agent. Every reply must be valid JSON (or a static-file reply) and nothing
// may throw or crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "server/hub.h"
#include "server/routes.h"

namespace {

using namespace ancients::server;

struct CheckingClient : Client {
  void send(std::shared_ptr<const std::string> m) override {
    if (!nlohmann::json::accept(*m)) std::abort();  // every message is valid JSON
  }
};

struct World {
  HubLimits limits = [] {
    HubLimits l;
    l.agents = {"random"};
    l.games_per_minute = 0;
    l.games_in_memory = 64;
    return l;
  }();
  Hub hub{open_sqlite_storage(":memory:"), [](std::function<void()>) {}, 1, "random", limits};
  Router router{hub, ""};
  std::shared_ptr<CheckingClient> client = std::make_shared<CheckingClient>();
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static World world;
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] % 2 == 0) {
    world.hub.on_message(world.client, rest);
    return 0;
  }
  HttpRequest req;
  const auto a = rest.find('\n');
  const auto b = a == std::string::npos ? a : rest.find('\n', a + 1);
  req.method = rest.substr(0, a);
  req.target = a == std::string::npos ? "/" : rest.substr(a + 1, b - a - 1);
  req.body = b == std::string::npos ? "" : rest.substr(b + 1);
  const HttpReply reply = world.router.handle(req);
  if (reply.status < 100 || reply.status > 599) std::abort();
  if (reply.status != 404 && !nlohmann::json::accept(reply.body)) std::abort();
  return 0;
}
