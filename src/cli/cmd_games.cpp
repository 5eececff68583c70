// `ancients games [--json]`: every registered game with its players and option schema (name,
// type, default, allowed values, dependencies, description), for tool authors and front ends.
// The JSON is the descriptor of core/game_descriptor.h, the same the server's lobby reads.
#include <fmt/format.h>

#include "cli/command.h"
#include "core/registry.h"

namespace ancients::cli {
namespace {

std::string allowed(const nlohmann::json& o) {
  if (o["type"] == "bool") return "true|false";
  if (o.contains("min")) return fmt::format("{}..{}", o["min"].dump(), o["max"].dump());
  std::string out;
  const auto add = [&](const nlohmann::json& v) {
    out += (out.empty() ? "" : "|") + (v.is_string() ? v.get<std::string>() : v.dump());
  };
  if (o.contains("values"))
    for (const auto& v : o["values"]) add(v);
  if (o["type"] == "data") {
    for (const auto& v : o["special"]) add(v);
    if (o.contains("choices"))
      for (const auto& v : o["choices"]) add(v);
    if (o.contains("choices_by"))
      out += fmt::format("|a bundled {} (by {})", o["data"].get<std::string>(),
                         o["choices_by"]["option"].get<std::string>());
    if (o["inline"] == true) out += "|JSON";
  }
  return out;
}

void print_text(const nlohmann::json& games) {
  for (const auto& g : games["games"]) {
    fmt::print("{} ({}): {}\n", g["name"].get<std::string>(), g["short_name"].get<std::string>(),
               g["description"].get<std::string>());
    fmt::print("  players: {}\n",
               g["players"]["min"] == g["players"]["max"]
                   ? g["players"]["min"].dump()
                   : g["players"]["min"].dump() + "-" + g["players"]["max"].dump());
    if (!g["options"].empty()) fmt::print("  options:\n");
    for (const auto& o : g["options"]) {
      const auto& d = o["default"];
      fmt::print("    {:<18} {:<6} default {:<10} {}\n", o["name"].get<std::string>(),
                 o["type"].get<std::string>(), d.is_string() ? d.get<std::string>() : d.dump(),
                 allowed(o));
      fmt::print("      {}\n", o["description"].get<std::string>());
      if (o.contains("requires"))
        for (const auto& r : o["requires"])
          fmt::print("      needs {}={}\n", r["option"].get<std::string>(), r["value"].dump());
    }
  }
}

void setup_games(CLI::App& app) {
  static bool as_json = false;
  auto* cmd = app.add_subcommand("games", "List the games with their options");
  cmd->add_flag("--json", as_json, "Print the descriptors and option schemas as JSON");
  cmd->callback([] {
    const nlohmann::json games = games_to_json();
    if (as_json)
      fmt::print("{}\n", games.dump(2));
    else
      print_text(games);
  });
}

}  // namespace
}  // namespace ancients::cli

ANCIENTS_COMMAND(ancients::cli::setup_games);
