// libFuzzer target for the action notation of Ancient Warfare: a fixed set of valid positions
// is built once (random games from games/warfare/setup.h: undeployed, half deployed, and
// advanced by seeded random legal actions into every phase, pending attacks and finished games
// included); each input picks one position with its first byte and gives the rest as action
// lines, applied in order with apply_text on a clone. A line "#N" stands for the N-th legal
// action (in the deploy phase: an automatic deployment seeded with N), so the fuzzer can walk
// deep into a game and try malformed text anywhere. A refusal
// must be IllegalAction (or BadInput) and leave the state unchanged; an accepted action must
// leave a state whose position JSON reads back equal. Anything else is a bug.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/game.h"
#include "core/registry.h"
#include "games/register_games.h"
#include "games/warfare/setup.h"

namespace {

std::vector<std::unique_ptr<ancients::State>>& positions() {
  static std::vector<std::unique_ptr<ancients::State>> list;
  return list;
}

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_action: %s\n%s\n", what, detail.substr(0, 4000).c_str());
  std::abort();
}

std::string phase_key(const ancients::State& s) {
  const nlohmann::json j = s.to_json();
  return j.value("phase", std::string("?")) +
         (j.value("pending", nlohmann::json()).is_null() ? "" : "+");
}

/// Seeded random games advanced by random legal actions, keeping a few positions of each kind.
void build_positions() {
  using namespace ancients::warfare;
  auto& out = positions();
  std::vector<std::string> kinds_seen;
  auto keep = [&](const ancients::State& s, bool force) {
    const std::string key = phase_key(s);
    int seen = 0;
    for (const auto& k : kinds_seen) seen += k == key;
    if (!force && seen >= 3) return;
    kinds_seen.push_back(key);
    out.push_back(s.clone());
  };
  for (std::uint64_t seed = 1; seed <= 6 && out.size() < 48; ++seed) {
    std::unique_ptr<WarfareState> game = random_game(seed);
    keep(*game, true);  // deploy, player 1
    game->apply_text(auto_deployment(*game, seed));
    keep(*game, true);  // deploy, player 2
    game->apply_text(auto_deployment(*game, seed + 1));
    std::mt19937_64 rng(seed);
    ancients::ActionList actions;
    for (int step = 0; step < 600 && !game->is_over(); ++step) {
      keep(*game, false);
      actions.clear();
      game->legal_actions(actions);
      if (actions.empty()) break;
      // Prefer doing something to ending the phase, so that battles happen.
      ancients::Action a = actions[rng() % actions.size()];
      if (game->action_text(a) == "end" && rng() % 4 != 0) a = actions[rng() % actions.size()];
      game->apply(a);
    }
    keep(*game, game->is_over());
  }
}

/// One action line: "#N" picks the N-th legal action, anything else is applied as written.
std::string resolve(const ancients::State& s, std::string_view line) {
  if (line.size() < 2 || line[0] != '#') return std::string(line);
  std::size_t n = 0;
  for (char c : line.substr(1)) {
    if (c < '0' || c > '9') return std::string(line);
    n = (n * 10 + static_cast<std::size_t>(c - '0')) % 1000003;
  }
  // A whole army has far too many deployments to list: take an automatic one instead.
  if (const auto* w = dynamic_cast<const ancients::warfare::WarfareState*>(&s);
      w != nullptr && w->phase() == ancients::warfare::Phase::kDeploy)
    return ancients::warfare::auto_deployment(*w, n);
  std::vector<std::string> legal;
  try {
    legal = s.legal_texts();
  } catch (const ancients::BadInput&) {
    return std::string(line);
  }
  if (legal.empty()) return std::string(line);
  return legal[n % legal.size()];
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ancients::register_builtin_games();
  build_positions();
  if (positions().empty()) fail("no starting positions", "");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto& list = positions();
  std::unique_ptr<ancients::State> state = list[data[0] % list.size()]->clone();
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::size_t start = 0;
  for (int applied = 0; start <= text.size() && applied < 64; ++applied) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string action = resolve(*state, text.substr(start, end - start));
    start = end + 1;
    const std::unique_ptr<ancients::State> before = state->clone();
    try {
      state->apply_text(action);
    } catch (const ancients::IllegalAction& e) {
      if (!state->equals(*before))
        fail("a refused action changed the state", action + "\n" + e.what());
      // (A NUL byte cannot come from a command line and ends the C string of the message.)
      // A blank action is refused as "empty action".
      const std::string named = action.substr(0, action.find('\0'));
      const bool blank = std::all_of(named.begin(), named.end(), [](char c) {
        return std::isspace(static_cast<unsigned char>(c)) != 0;
      });
      if (!blank && std::string_view(e.what()).find(named) == std::string_view::npos)
        fail("the refusal does not name the action", action + "\n" + e.what());
      continue;
    } catch (const ancients::BadInput&) {
      if (!state->equals(*before)) fail("a refused action changed the state", action);
      continue;
    }
    // Accepted: the new position reads back to the same state.
    const nlohmann::json j = state->to_json();
    std::unique_ptr<ancients::State> back;
    try {
      back = ancients::state_from_json(j);
    } catch (const ancients::BadInput& e) {
      fail("the position after an accepted action is refused",
           action + "\n" + e.what() + "\n" + j.dump());
    }
    if (!back->equals(*state))
      fail("the position JSON reads back different", action + "\n" + j.dump());
  }
  return 0;
}
