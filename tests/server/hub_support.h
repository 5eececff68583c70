// Stand-ins for the network side of the game hub in the server tests: a client that keeps every
// message it is sent, and a loop that runs the work the hub posts when the test pumps it (in
// place of the I/O thread).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/hub.h"

namespace ancients::server::test_support {

/// A client that keeps every message it receives.
struct FakeClient : Client {
  std::vector<nlohmann::json> got;
  std::vector<nlohmann::json> presence;  ///< "presence" messages (who is at the table), apart
  void send(std::shared_ptr<const std::string> m) override {
    nlohmann::json j = nlohmann::json::parse(*m);
    (j["type"] == "presence" ? presence : got).push_back(std::move(j));
  }
  const nlohmann::json& last() const { return got.back(); }
};

/// Runs posted functions when pumped (stands in for the I/O thread).
struct Loop {
  std::mutex mutex;
  std::vector<std::function<void()>> queue;
  Hub::Post post() {
    return [this](std::function<void()> f) {
      std::lock_guard lock(mutex);
      queue.push_back(std::move(f));
    };
  }
  /// Runs posted work until `done` or `rounds` rounds (about 2 ms each when idle) pass.
  bool pump_until(const std::function<bool()>& done, int rounds = 5000) {
    for (int i = 0; i < rounds && !done(); ++i) {
      std::vector<std::function<void()>> now;
      {
        std::lock_guard lock(mutex);
        now.swap(queue);
      }
      for (auto& f : now) f();
      if (now.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return done();
  }
};

}  // namespace ancients::server::test_support
