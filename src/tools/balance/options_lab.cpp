// The balance lab's options experiment: its plan and games (see options_lab.h).
#include "tools/balance/options_lab.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <memory>

#include "agents/agent.h"
#include "core/errors.h"
#include "core/registry.h"

namespace ancients::balance {
namespace {

/// A value with the words the schema's menus say it in: "0 (drawn at random)", "retreat (1st
/// edition)" (a label that starts with the value is given alone), else its text.
std::string value_words(const OptionSpec& spec, const nlohmann::json& value) {
  const std::string text = option_value_text(value);
  for (std::size_t i = 0; i < spec.values.size() && i < spec.value_labels.size(); ++i)
    if (spec.values[i] == value) {
      const std::string& label = spec.value_labels[i];
      return label.rfind(text, 0) == 0 ? label : fmt::format("{} ({})", text, label);
    }
  return text;
}

/// Why an option is not varied, or "" when it is.
std::string why_not_varied(const OptionSpec& spec) {
  if (spec.multiplayer || !spec.seats.empty())
    return "a multiplayer option (the lab seats two players)";
  switch (spec.type) {
    case OptionType::kBool:
    case OptionType::kChoice:
      return "";
    case OptionType::kInt:
      return "";
    case OptionType::kData:
      return fmt::format("a data file ({}); compare them with --options {}=NAME", spec.data_kind,
                         spec.name);
  }
  return "not a kind of option the lab varies";
}

/// The values an option is measured at beside the baseline's.
std::vector<nlohmann::json> other_values(const OptionSpec& spec, const nlohmann::json& current) {
  std::vector<nlohmann::json> out;
  if (spec.type == OptionType::kBool) {
    out.emplace_back(!current.get<bool>());
    return out;
  }
  if (spec.type == OptionType::kInt && spec.values.empty()) {
    // A number in a range: half and twice the baseline's, inside the range (what doubling a
    // turn limit does, say); other values with --options.
    const long long now = current.get<long long>();
    for (const long long v : {now / 2, now * 2}) {
      const long long in_range = std::clamp(v, spec.min, spec.max);
      if (in_range != now && (out.empty() || out.back() != in_range)) out.emplace_back(in_range);
    }
    return out;
  }
  for (const auto& v : spec.values)
    if (v != current) out.push_back(v);
  return out;
}

std::string cell_label(const OptionSpec& spec, const nlohmann::json& value) {
  if (spec.type == OptionType::kBool)
    return fmt::format("{} {}", spec.name, value.get<bool>() ? "on" : "off");
  return fmt::format("{} = {}", spec.name, value_words(spec, value));
}

/// The game of deal `pair` with `options`: the first of a few seeds the game accepts (the same
/// seed in every cell where it fits, so that cells differ by their option only), with its seed;
/// none when the game refuses every one of them (`error` then says why).
std::unique_ptr<State> deal(const GameDescriptor& game, const OptionsConfig& c,
                            const nlohmann::json& options, std::size_t pair, std::uint64_t& seed,
                            std::string& error) {
  const std::uint64_t first = mix_seed(c.seed * 1000003ULL + static_cast<std::uint64_t>(pair));
  for (std::uint64_t k = 0; k < 8; ++k) {
    seed = (k == 0 ? first : mix_seed(first + k)) % 1000000000000ULL + 1;
    try {
      return create_game(game.name, options, seed, OptionContext{true}).state;
    } catch (const BadInput& e) {
      error = e.what();  // no battlefield of this seed fits the armies, say: the next seed
    }
  }
  return nullptr;
}

}  // namespace

std::string option_value_text(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

OptionsPlan make_options_plan(const OptionsConfig& c) {
  const GameDescriptor& game = game_named(c.game);
  if (c.games < 1) throw BadInput("--games: at least 1 game per cell");
  const nlohmann::json baseline =
      resolve_options(game.options, c.options, OptionContext{true}, game.name);
  for (const auto& name : c.only) {
    const OptionSpec* spec = find_option(game.options, name);
    if (spec == nullptr)
      throw BadInput(
          fmt::format("--vary {}: no option of {} (`ancients games` lists them)", name, game.name));
    if (const std::string why = why_not_varied(*spec); !why.empty())
      throw BadInput(fmt::format("--vary {}: {}", name, why));
  }
  OptionsPlan out;
  const int pairs = (c.games + 1) / 2;
  const auto add = [&](Cell cell, nlohmann::json options) {
    cell.pairs = pairs;
    cell.mirror = true;
    cell.first_game = out.plan.games;
    out.plan.games += 2 * static_cast<std::size_t>(pairs);
    out.plan.cells.push_back(std::move(cell));
    out.cell_options.push_back(std::move(options));
  };
  // A cell whose options the game refuses on the first deal's seeds (an army of another
  // edition) would play nothing: said before any game instead.
  const auto refused = [&](const nlohmann::json& options) {
    std::uint64_t seed = 0;
    std::string error;
    return deal(game, c, options, 0, seed, error) ? std::string() : error;
  };
  if (const std::string why = refused(c.options); !why.empty())
    throw BadInput(fmt::format("the baseline's options: {}", why));
  Cell base;
  base.experiment = "baseline";
  base.subject = "baseline";
  base.label = "baseline (as played)";
  add(std::move(base), c.options);
  std::vector<std::string> multiplayer;  // said once, together
  for (const OptionSpec& spec : game.options) {
    if (!c.only.empty() && std::find(c.only.begin(), c.only.end(), spec.name) == c.only.end())
      continue;
    if (spec.multiplayer || !spec.seats.empty()) {
      multiplayer.push_back(spec.name);
      continue;
    }
    if (const std::string why = why_not_varied(spec); !why.empty()) {
      out.left_out.push_back(fmt::format("{}: {}", spec.name, why));
      continue;
    }
    for (const auto& value : other_values(spec, baseline.at(spec.name))) {
      nlohmann::json options = c.options;
      options[spec.name] = value;
      std::string why;
      try {
        resolve_options(game.options, options, OptionContext{true}, game.name);
        why = refused(options);
      } catch (const BadInput& e) {
        why = e.what();
      }
      if (!why.empty()) {
        out.left_out.push_back(fmt::format("{}: {}", cell_label(spec, value), why));
        continue;
      }
      Cell cell;
      cell.experiment = "options";
      cell.subject = spec.name;
      cell.versus = option_value_text(value);
      cell.label = cell_label(spec, value);
      add(std::move(cell), std::move(options));
    }
  }
  if (!multiplayer.empty())
    out.left_out.push_back(fmt::format("{}: multiplayer options (the lab seats two players)",
                                       fmt::join(multiplayer, ", ")));
  return out;
}

GameOutcome play_options_game(const OptionsConfig& c, const OptionsPlan& lab, std::size_t index) {
  const GameDescriptor& game = game_named(c.game);
  const Cell& cell = cell_of(lab.plan, index);
  const auto cell_index = static_cast<std::size_t>(&cell - lab.plan.cells.data());
  const std::size_t local = index - cell.first_game;
  GameOutcome out;
  out.tested_seat = local % 2 == 0 ? 1 : 2;
  std::uint64_t seed = 0;
  std::string error;
  const std::unique_ptr<State> state =
      deal(game, c, lab.cell_options[cell_index], local / 2, seed, error);
  if (!state) return out;  // skipped: no seed of this deal fits
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 1; p <= state->player_count(); ++p)
    agents.push_back(
        make_agent(c.agent, mix_seed(seed ^ (static_cast<std::uint64_t>(out.tested_seat) << 8) ^
                                     static_cast<std::uint64_t>(p))));
  while (!state->is_over()) {
    const int p = state->to_act();
    // Set-up decisions the game takes automatically (deployments), seeded by the deal.
    const std::string text =
        automatic_action(game, *state, seed * 31 + static_cast<std::uint64_t>(p));
    if (!text.empty())
      state->apply_text(text);
    else
      state->apply(agents[static_cast<std::size_t>(p - 1)]->choose(*state->view(p)));
  }
  out.winner = state->winner();
  out.turns = state->turn();
  return out;
}

}  // namespace ancients::balance
