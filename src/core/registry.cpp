// The registry of games (see registry.h).
#include "core/registry.h"

#include "core/errors.h"

namespace ancients {
namespace {
std::vector<GameInfo>& games() {
  static std::vector<GameInfo> list;
  return list;
}
}  // namespace

void register_game(GameInfo info) {
  for (const auto& g : games())
    if (g.name == info.name) return;
  games().push_back(std::move(info));
}

const std::vector<GameInfo>& registered_games() {
  return games();
}

const GameInfo* find_game(const std::string& name) {
  for (const auto& g : games())
    if (g.name == name || g.short_name == name) return &g;
  return nullptr;
}

std::unique_ptr<State> state_from_json(const nlohmann::json& position) {
  if (!position.is_object()) throw BadInput("position: expected a JSON object");
  auto it = position.find("game");
  if (it == position.end()) throw BadInput("position: missing \"game\"");
  if (!it->is_string()) throw BadInput("position: \"game\" must be a string");
  const GameInfo* info = find_game(it->get<std::string>());
  if (info == nullptr) throw BadInput("position: unknown game \"" + it->get<std::string>() + "\"");
  return info->from_json(position);
}

}  // namespace ancients
