// The registry of games (see registry.h).
#include "core/registry.h"

#include <fmt/format.h>

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

const GameDescriptor& game_named(const std::string& name) {
  if (const GameDescriptor* g = find_game(name)) return *g;
  std::string known;
  for (const auto& g : games()) known += (known.empty() ? "" : ", ") + g.short_name;
  throw BadInput(fmt::format("unknown game \"{}\" (known: {})", name, known));
}

NewGame create_game(const std::string& game, const nlohmann::json& options, std::uint64_t seed,
                    const OptionContext& context) {
  const GameDescriptor& g = game_named(game);
  if (!g.create) throw BadInput(fmt::format("{}: new games cannot be created", g.name));
  NewGame out = g.create(resolve_options(g.options, options, context, g.name), seed, context);
  if (!out.state) throw BadInput(fmt::format("{}: the factory built no game", g.name));
  return out;
}

nlohmann::json rules_book(const std::string& game, const nlohmann::json& options,
                          const OptionContext& context) {
  const GameDescriptor& g = game_named(game);
  if (!g.rules_book) throw BadInput(fmt::format("{}: no rules book", g.name));
  return g.rules_book(resolve_options(g.options, options, context, g.name));
}

nlohmann::json descriptor_to_json(const GameDescriptor& g) {
  return {{"name", g.name},
          {"short_name", g.short_name},
          {"description", g.description},
          {"layout", g.layout},
          {"players", {{"min", g.min_players}, {"max", g.max_players}}},
          {"options", schema_to_json(g.options)}};
}

nlohmann::json games_to_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& g : games()) list.push_back(descriptor_to_json(g));
  return {{"games", list}};
}

}  // namespace ancients
