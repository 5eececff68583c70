// The balance lab's JSON and CSV results (see report.h).
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/errors.h"
#include "core/registry.h"
#include "tools/balance/report.h"

namespace ancients::balance {
namespace {

using nlohmann::ordered_json;

ordered_json pair_of(const std::array<double, 2>& a) {
  return ordered_json::array({a[0], a[1]});
}

ordered_json cell_json(const Cell& c, const CellStats& s) {
  ordered_json j = {{"experiment", c.experiment},
                    {"subject", c.subject},
                    {"versus", c.versus},
                    {"label", c.label},
                    {"games", s.games},
                    {"skipped", s.skipped},
                    {"wins", s.wins},
                    {"draws", s.draws},
                    {"losses", s.losses},
                    {"score", s.score},
                    {"score_ci95", pair_of(s.score_ci95)},
                    {"elo", s.elo},
                    {"elo_ci95", pair_of(s.elo_ci95)},
                    {"draw_rate", s.draw_rate},
                    {"mean_turns", s.mean_turns},
                    {"seat1_score", s.seat1_score},
                    {"seat1_ci95", pair_of(s.seat1_ci95)}};
  if (c.mirror) j["mirror"] = true;
  if (c.control) j["control"] = true;
  return j;
}

/// Cells of one experiment ranked by score, best first (ties: by name). The units ranking
/// also holds the units measured with a table-changing house rule ("elephants with ...").
ordered_json ranking(const Plan& plan, const std::vector<CellStats>& stats,
                     const std::string& experiment) {
  std::vector<std::size_t> idx;
  for (std::size_t i = 0; i < plan.cells.size(); ++i)
    if (plan.cells[i].experiment == experiment ||
        (experiment == "units" && plan.cells[i].experiment == "rules" && !plan.cells[i].mirror))
      idx.push_back(i);
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    if (stats[a].score != stats[b].score) return stats[a].score > stats[b].score;
    return plan.cells[a].subject < plan.cells[b].subject;
  });
  ordered_json out = ordered_json::array();
  for (const auto i : idx) {
    ordered_json row = {
        {"name", plan.cells[i].subject}, {"label", plan.cells[i].label},
        {"score", stats[i].score},       {"score_ci95", pair_of(stats[i].score_ci95)},
        {"elo", stats[i].elo},           {"elo_ci95", pair_of(stats[i].elo_ci95)},
        {"games", stats[i].games},       {"skipped", stats[i].skipped}};
    if (plan.cells[i].control) row["control"] = true;
    out.push_back(std::move(row));
  }
  return out;
}

/// Changes that favour neither side: their effect against the baseline (both sides alike).
ordered_json effects(const Plan& plan, const std::vector<CellStats>& stats,
                     const CellStats* baseline) {
  ordered_json out = ordered_json::array();
  for (std::size_t i = 0; i < plan.cells.size(); ++i) {
    const Cell& cell = plan.cells[i];
    if (!cell.mirror || cell.experiment == "baseline" || baseline == nullptr) continue;
    ordered_json row = {{"experiment", cell.experiment},
                        {"subject", cell.subject},
                        {"label", cell.label},
                        {"draw_rate_change", stats[i].draw_rate - baseline->draw_rate},
                        {"mean_turns_change", stats[i].mean_turns - baseline->mean_turns},
                        {"seat1_score", stats[i].seat1_score},
                        {"seat1_ci95", pair_of(stats[i].seat1_ci95)},
                        {"seat1_score_change", stats[i].seat1_score - baseline->seat1_score}};
    if (stats[i].skipped > 0) row["skipped"] = stats[i].skipped;
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace

ordered_json results_json(const Config& c, const Plan& plan, const std::vector<CellStats>& stats) {
  ordered_json j = {
      {"format", "ancients-balance"},
      {"version", 1},
      {"game", "ancient-warfare"},
      {"edition", c.edition},
      {"rules", c.rules->title},
      {"rules_file", c.custom_rules ? ordered_json(c.rules->source_file) : ordered_json(nullptr)},
      {"options", warfare::options_to_json(c.options)},
      {"agent", c.agent},
      {"games_per_cell", 2 * ((c.games + 1) / 2)},
      {"matrix_games", 2 * ((c.matrix_games + 1) / 2)},
      {"seed", c.seed},
      {"command", c.command},
      {"baseline", {{"army", c.baseline.name}, {"unit", plan.baseline_unit}}},
      {"interval", "95%, paired bootstrap over deals (2000 resamples)"},
      {"games", plan.games}};
  ordered_json cells = ordered_json::array();
  const CellStats* baseline = nullptr;
  for (std::size_t i = 0; i < plan.cells.size(); ++i) {
    cells.push_back(cell_json(plan.cells[i], stats[i]));
    if (plan.cells[i].experiment == "baseline") baseline = &stats[i];
  }
  j["cells"] = cells;
  j["units"] = ranking(plan, stats, "units");
  j["cards"] = ranking(plan, stats, "cards");
  j["effects"] = effects(plan, stats, baseline);
  // Unit-vs-unit: score[a][b] is a's score against b.
  std::vector<std::string> names;
  std::map<std::pair<std::string, std::string>, double> score;
  for (std::size_t i = 0; i < plan.cells.size(); ++i) {
    const Cell& cell = plan.cells[i];
    if (cell.experiment != "matrix" || stats[i].games == 0) continue;
    for (const auto& n : {cell.subject, cell.versus})
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    score[{cell.subject, cell.versus}] = stats[i].score;
    score[{cell.versus, cell.subject}] = 1 - stats[i].score;
  }
  ordered_json grid = ordered_json::array();
  for (const auto& a : names) {
    ordered_json row = ordered_json::array();
    for (const auto& b : names) {
      const auto it = score.find({a, b});
      row.push_back(a == b              ? ordered_json(0.5)
                    : it == score.end() ? ordered_json(nullptr)
                                        : ordered_json(it->second));
    }
    grid.push_back(row);
  }
  j["matrix"] = {{"units", names}, {"score", grid}};
  return j;
}

ordered_json generals_results_json(const GeneralsConfig& c, const Plan& plan,
                                   const std::vector<CellStats>& stats) {
  const int per_cell = 2 * ((c.games + 1) / 2);
  const std::string data = c.cards->source.empty() ? "the bundled deck" : c.cards->source;
  ordered_json j = {
      {"format", "ancients-balance"},
      {"version", 1},
      {"game", "ancient-generals"},
      {"title", "Ancient Generals"},
      {"cards_data", data},
      {"options", {{"turn_limit", c.options.turn_limit}, {"first_player", c.options.first_player}}},
      {"agent", c.agent},
      {"games_per_cell", per_cell},
      {"seed", c.seed},
      {"command", c.command},
      {"interval", "95%, paired bootstrap over deals (2000 resamples)"},
      {"games", plan.games},
      {"sections", ordered_json::array({"cards"})},
      {"summary",
       fmt::format("Ancient Generals, cards of {} ({}), turn limit {}, first player {}, agent {}, "
                   "{} games per cell, seed {}, {} games in all. Intervals: 95%, paired "
                   "bootstrap over deals (2000 resamples).",
                   data, c.cards->title, c.options.turn_limit,
                   c.options.first_player == 0 ? std::string("drawn from the deal")
                                               : std::to_string(c.options.first_player),
                   c.agent, per_cell, c.seed, plan.games)},
      {"notes",
       {{"cards",
         "The tested side's own deck with one card it was dealt replaced by a card of each kind "
         "(the same dealt card in every row of a deal), against the other side's deck as dealt, "
         "each deal from both seats: the card's value against the average card it replaces. The "
         "control keeps the dealt card (about 50%)."}}}};
  ordered_json cells = ordered_json::array();
  for (std::size_t i = 0; i < plan.cells.size(); ++i)
    cells.push_back(cell_json(plan.cells[i], stats[i]));
  j["cells"] = cells;
  j["units"] = ordered_json::array();
  j["cards"] = ranking(plan, stats, "cards");
  j["effects"] = ordered_json::array();
  j["matrix"] = {{"units", ordered_json::array()}, {"score", ordered_json::array()}};
  return j;
}

ordered_json options_results_json(const OptionsConfig& c, const OptionsPlan& lab,
                                  const std::vector<CellStats>& stats) {
  const GameDescriptor& game = game_named(c.game);
  const int per_cell = 2 * ((c.games + 1) / 2);
  const nlohmann::json resolved =
      resolve_options(game.options, c.options, OptionContext{true}, game.name);
  // The game as its rules book names it ("Ancient Warfare (autokill edition)"), else its name.
  std::string title = game.name;
  try {
    title = rules_book(game.name, c.options, OptionContext{true}).value("title", game.name);
  } catch (const BadInput&) {
    // A game without a rules book.
  }
  std::string given;
  for (const auto& [key, value] : c.options.items())
    given += fmt::format("{}{}={}", given.empty() ? "" : ", ", key, option_value_text(value));
  ordered_json j = {
      {"format", "ancients-balance"},
      {"version", 1},
      {"game", game.name},
      {"title", title},
      {"options", resolved},
      {"agent", c.agent},
      {"games_per_cell", per_cell},
      {"seed", c.seed},
      {"command", c.command},
      {"interval", "95%, paired bootstrap over deals (2000 resamples)"},
      {"games", lab.plan.games},
      {"sections", ordered_json::array({"effects"})},
      {"left_out", lab.left_out},
      {"summary",
       fmt::format("{}, options {}, agent {}, {} games per cell, seed {}, {} games in all. "
                   "Intervals: 95%, paired bootstrap over deals (2000 resamples).",
                   title, given.empty() ? "as their defaults" : given, c.agent, per_cell, c.seed,
                   lab.plan.games)},
      {"notes",
       {{"effects_title", "The options"},
        {"effects",
         "Each row changes one option from the baseline's (the first row: the options as "
         "given, defaults for the rest) and both sides play under it: how far the change moves "
         "the draws (percentage points) and the mean game length (turns), and the first "
         "seat's score under it with its 95% interval (above 50%: the first seat wins more). "
         "Every row plays the same deals."}}}};
  ordered_json cells = ordered_json::array();
  const CellStats* baseline = nullptr;
  for (std::size_t i = 0; i < lab.plan.cells.size(); ++i) {
    cells.push_back(cell_json(lab.plan.cells[i], stats[i]));
    if (lab.plan.cells[i].experiment == "baseline") baseline = &stats[i];
  }
  j["cells"] = cells;
  j["units"] = ordered_json::array();
  j["cards"] = ordered_json::array();
  j["effects"] = effects(lab.plan, stats, baseline);
  // What each option varied is, in the game's own words, for the report's rows.
  ordered_json descriptions = ordered_json::object();
  for (const Cell& cell : lab.plan.cells)
    if (const OptionSpec* spec = find_option(game.options, cell.subject))
      descriptions[cell.subject] = spec->description;
  j["descriptions"] = descriptions;
  j["matrix"] = {{"units", ordered_json::array()}, {"score", ordered_json::array()}};
  return j;
}

std::string results_csv(const Plan& plan, const std::vector<CellStats>& stats) {
  std::string out =
      "experiment,subject,versus,label,games,skipped,wins,draws,losses,score,score_lo,score_hi,"
      "elo,elo_lo,elo_hi,draw_rate,mean_turns,seat1_score,seat1_lo,seat1_hi\n";
  for (std::size_t i = 0; i < plan.cells.size(); ++i) {
    const Cell& c = plan.cells[i];
    const CellStats& s = stats[i];
    out += fmt::format(
        "{},{},{},\"{}\",{},{},{},{},{},{:.4f},{:.4f},{:.4f},{:.1f},{:.1f},{:.1f},{:.4f},{:.2f},"
        "{:.4f},{:.4f},{:.4f}\n",
        c.experiment, c.subject, c.versus, c.label, s.games, s.skipped, s.wins, s.draws, s.losses,
        s.score, s.score_ci95[0], s.score_ci95[1], s.elo, s.elo_ci95[0], s.elo_ci95[1], s.draw_rate,
        s.mean_turns, s.seat1_score, s.seat1_ci95[0], s.seat1_ci95[1]);
  }
  return out;
}

}  // namespace ancients::balance
