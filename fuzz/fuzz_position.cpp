// libFuzzer target for the position reader of every registered game: arbitrary bytes are
// parsed as JSON (without exceptions) and given to ancients::state_from_json. A position that
// is refused must be refused with BadInput; one that reads must list its legal actions, write
// its position JSON with the fields it read unchanged, read that back to an equal state that
// writes the same JSON, and accept the first few of its own legal actions. Anything else (a crash,
// another exception, a sanitizer report, a failed round trip) is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/errors.h"
#include "core/game.h"
#include "core/registry.h"
#include "games/register_games.h"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_position: %s\n%s\n", what, detail.substr(0, 4000).c_str());
  std::abort();
}

/// The legal actions, or nothing when the game declines to list them (BadInput: e.g. a deploy
/// phase with too many deployments to list).
std::vector<std::string> legal_or_none(const ancients::State& state) {
  try {
    return state.legal_texts();
  } catch (const ancients::BadInput&) {
    return {};
  }
}

/// The position JSON must read back to an equal state that writes the same JSON.
void check_round_trip(const ancients::State& state) {
  const nlohmann::json out = state.to_json();
  std::unique_ptr<ancients::State> back;
  try {
    back = ancients::state_from_json(out);
  } catch (const ancients::BadInput& e) {
    fail("the engine's own position JSON is refused", std::string(e.what()) + "\n" + out.dump());
  }
  if (!back->equals(state)) fail("the position JSON reads back to a different state", out.dump());
  if (back->to_json() != out) fail("the position JSON changes on a second round trip", out.dump());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  ancients::register_builtin_games();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json position = nlohmann::json::parse(data, data + size, nullptr, false);
  if (position.is_discarded()) return 0;
  std::unique_ptr<ancients::State> state;
  try {
    state = ancients::state_from_json(position);
  } catch (const ancients::BadInput&) {
    return 0;  // refused with a message: what the contract asks for
  }
  const std::vector<std::string> legal = legal_or_none(*state);
  if (state->is_over() && !legal.empty()) fail("a finished game lists actions", position.dump());
  check_round_trip(*state);
  // The position means what it says: the fields that were read are written back unchanged.
  const nlohmann::json out = state->to_json();
  // (Ancient Generals reads the contract's example, phase "attack" with the defender to act,
  // as its "block" phase on purpose, so the phase is compared for Ancient Warfare only.)
  const bool warfare = out.value("game", std::string()) == "ancient-warfare";
  for (const char* key : {"game", "turn", "active", "phase", "winner", "edition"}) {
    if (!warfare && std::string_view(key) == "phase") continue;
    const auto in_it = position.find(key), out_it = out.find(key);
    if (in_it != position.end() && out_it != out.end() && *in_it != *out_it)
      fail("a field reads back changed", std::string(key) + ": " + in_it->dump() + " -> " +
                                             out_it->dump() + "\n" + position.dump());
  }
  if (const auto o = position.find("options"); o != position.end() && o->is_object())
    if (const auto b = o->find("board"); b != o->end() && *b != out["options"]["board"])
      fail("options.board reads back changed", position.dump());
  // Every listed action applies (a few of them, to keep each run short).
  for (std::size_t i = 0; i < legal.size() && i < 8; ++i) {
    std::unique_ptr<ancients::State> next = state->clone();
    try {
      next->apply_text(legal[i]);
    } catch (const ancients::IllegalAction& e) {
      fail("a listed action is refused", legal[i] + "\n" + e.what() + "\n" + position.dump());
    }
    check_round_trip(*next);
    (void)legal_or_none(*next);
  }
  return 0;
}
