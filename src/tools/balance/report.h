// The balance lab's results as JSON (format "ancients-balance", docs/balance.md), CSV (one row
// per cell) and a self-contained HTML report with Chart.js plots: unit and card values ranked
// with their 95% intervals, the house rules' and deck changes' effects, and the unit-vs-unit
// heat map (Ancient Warfare); the card values alone (Ancient Generals). Nothing here depends on how
// many threads or ranks played. No I/O.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/balance/experiment.h"
#include "tools/balance/generals_lab.h"
#include "tools/balance/options_lab.h"
#include "tools/balance/stats.h"

namespace ancients::balance {

/// Fewer games per cell than this (10 deals) and the reports warn that the paired bootstrap's
/// intervals are too narrow to trust.
inline constexpr int kFewGames = 20;

/// Every cell's statistics and the rankings.
nlohmann::ordered_json results_json(const Config& config, const Plan& plan,
                                    const std::vector<CellStats>& stats);
/// The same for Ancient Generals' card experiment: the cards ranking (the control among
/// them), no units, effects or matrix; "sections" and "notes" tell the report what to show.
nlohmann::ordered_json generals_results_json(const GeneralsConfig& config, const Plan& plan,
                                             const std::vector<CellStats>& stats);
/// The same for the options experiment of any game: the effects of its options (each row's
/// change against the baseline's games), and what was not varied ("left_out").
nlohmann::ordered_json options_results_json(const OptionsConfig& config, const OptionsPlan& lab,
                                            const std::vector<CellStats>& stats);
/// One row per cell, with a header row.
std::string results_csv(const Plan& plan, const std::vector<CellStats>& stats);
/// The HTML report of results_json(); `chart_js` is Chart.js's UMD build to embed, or "" to
/// load it from its CDN instead (the file is then not self-contained).
std::string results_html(const nlohmann::ordered_json& results, const std::string& chart_js);

}  // namespace ancients::balance
