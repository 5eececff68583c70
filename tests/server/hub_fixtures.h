// What the hub's tests without a network share: a client that keeps every message it receives
// ("presence" messages apart), and a loop that runs the functions the hub posts to its I/O
// thread (the test's own thread stands in for it).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "server/hub.h"

namespace ancients::server::testing {

struct RecordingClient : Client {
  std::vector<nlohmann::json> got, presence;
  void send(std::shared_ptr<const std::string> m) override {
    nlohmann::json j = nlohmann::json::parse(*m);
    (j["type"] == "presence" ? presence : got).push_back(std::move(j));
  }
  const nlohmann::json& last() const { return got.back(); }
  /// The last message of a type (errors may have come after it), or null.
  const nlohmann::json& last_of(const std::string& type) const {
    static const nlohmann::json none;
    for (auto it = got.rbegin(); it != got.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    return none;
  }
  const nlohmann::json& state() const { return last_of("state"); }
  const nlohmann::json& view() const { return last_of("campaign"); }
};

struct PumpLoop {
  std::mutex mutex;
  std::vector<std::function<void()>> queue;
  Hub::Post post() {
    return [this](std::function<void()> f) {
      std::lock_guard lock(mutex);
      queue.push_back(std::move(f));
    };
  }
  /// Runs posted work until `done`, or about `rounds` rounds of 2 ms.
  bool pump_until(const std::function<bool()>& done, int rounds = 15000) {
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

}  // namespace ancients::server::testing
