// Option values from the command line (see game_options.h).
#include "cli/game_options.h"

#include <fmt/format.h>

#include "core/errors.h"
#include "core/registry.h"

namespace ancients::cli {

nlohmann::json command_line_options(const GameDescriptor& game,
                                    const std::vector<OptionShorthand>& shorthands,
                                    const std::vector<std::string>& rules,
                                    const std::vector<std::string>& settings) {
  nlohmann::json values = nlohmann::json::object();
  for (const auto& s : shorthands) {
    if (!s.given) continue;
    if (find_option(game.options, s.option) == nullptr)
      throw BadInput(fmt::format("{}: {} has no option {}", s.flag, game.name, s.option));
    set_option_text(game.options, values, s.option, s.text, game.name);
  }
  for (const auto& rule : rules) {
    const OptionSpec* o = find_option(game.options, rule);
    if (o == nullptr || o->type != OptionType::kBool) {
      std::string known;
      for (const auto& spec : game.options)
        if (spec.type == OptionType::kBool) known += (known.empty() ? "" : ", ") + spec.name;
      throw BadInput(
          fmt::format("--rule {}: not a rule switch of {} (known: {})", rule, game.name, known));
    }
    values[rule] = true;
  }
  for (const auto& s : settings) apply_option_settings(game.options, values, s, game.name);
  return values;
}

std::string game_names() {
  std::string out;
  for (const auto& g : registered_games()) out += (out.empty() ? "" : ", ") + g.short_name;
  return out;
}

}  // namespace ancients::cli
