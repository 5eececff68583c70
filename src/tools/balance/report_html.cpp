// The balance lab's HTML report (see report.h): one self-contained page with the results JSON
// embedded and drawn by Chart.js (web/node_modules/chart.js, a dependency of the web front
// end): what made it (the settings and the command that plays the same games again), ranked
// horizontal bars of unit and card values (the bar runs from 50% to the score, a thin dark bar
// over it is the 95% interval, the colours and the control explained under the chart), a table
// of the effects of rule and deck changes under the baseline's own figures, and a unit-vs-unit
// heat map (an HTML table shaded by score). Wide tables scroll inside their box on a phone.
#include <fmt/format.h>

#include "tools/balance/report.h"

namespace ancients::balance {
namespace {

/// Text made safe inside a <script> element.
std::string script_safe(std::string text) {
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3)
    text.replace(at, 2, "<\\/");
  return text;
}

constexpr const char* kPage = R"HTML(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Balance report: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }}
h1 {{ font-size: 1.5em; }} h2 {{ font-size: 1.2em; margin-top: 2em; }}
table {{ border-collapse: collapse; font-size: 0.85em; }}
td, th {{ border: 1px solid #ccc; padding: 0.2em 0.4em; text-align: right; white-space: nowrap; }}
th {{ background: #f4f4f4; }}
#matrix th {{ white-space: normal; }}
#matrix tr > th:first-child {{ position: sticky; left: 0; }}
.note {{ color: #555; font-size: 0.9em; }}
.small-note {{ white-space: normal; min-width: 16em; max-width: 26em; margin: 0.1em 0 0; }}
.chart {{ position: relative; width: 100%; }}
.scroll {{ overflow-x: auto; max-width: 100%; }}
code {{ background: #f4f4f4; padding: 0.1em 0.3em; overflow-wrap: anywhere; }}
</style>
{script}
</head>
<body>
<h1>Balance report: {title}</h1>
<p class="note" id="summary"></p>
<p class="note" id="rerun" hidden>To play the same games again: <code id="command"></code></p>
<section id="sec-units">
<h2>Unit values</h2>
<p class="note" id="units-note"></p>
<div class="chart" id="units-box"><canvas id="units"></canvas></div>
<p class="note" id="units-legend"></p>
</section>
<section id="sec-cards">
<h2>Card values</h2>
<p class="note" id="cards-note">+C: the tested side starts with one more card C in hand than
its deal gives; both sides play the baseline army. Score = wins + half the draws of the side
with the extra card, each deal from both seats.</p>
<div class="chart" id="cards-box"><canvas id="cards"></canvas></div>
<p class="note" id="cards-legend"></p>
</section>
<section id="sec-effects">
<h2 id="effects-title">House rules and deck changes</h2>
<p class="note" id="effects-note">Changes that favour neither side (both play under them). The first row is the
baseline games as played; each other row gives how far its change moves the draws (percentage
points) and the mean game length (turns) from the baseline, and the first seat's score under
the change with its 95% interval. -C: one copy fewer of card C in the shared deck; R on (off):
house rule R switched on (off).</p>
<div class="scroll"><table id="effects"></table></div>
<div id="left-out" hidden><p class="note">Not varied:</p><ul class="note" id="left-out-list"></ul></div>
</section>
<section id="sec-matrix">
<h2>Unit against unit</h2>
<p class="note" id="matrix-note"></p>
<div class="scroll"><table id="matrix"></table></div>
</section>
<script type="application/json" id="data">{data}</script>
<script>
const data = JSON.parse(document.getElementById("data").textContent);
const pct = (x) => (100 * x).toFixed(1) + "%";
// Fewer games per cell than this: the bootstrap's intervals are too narrow to trust.
const kFewGames = {few_games};
const text = (id, t) => {{ document.getElementById(id).textContent = t; }};
const esc = (t) => String(t).replace(/[&<>"]/g, (c) =>
  ({{ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }})[c]);
// A game with fewer experiments (Ancient Generals: its cards) says which sections it has, its
// summary and what its experiments mean.
for (const s of ["units", "cards", "effects", "matrix"])
  if (data.sections && !data.sections.includes(s))
    document.getElementById("sec-" + s).hidden = true;
if (data.notes && data.notes.cards) text("cards-note", data.notes.cards);
if (data.notes && data.notes.effects) text("effects-note", data.notes.effects);
// The options experiment's options left out, each with its reason.
if (data.left_out && data.left_out.length) {{
  const list = document.getElementById("left-out-list");
  for (const why of data.left_out) list.appendChild(document.createElement("li")).textContent = why;
  document.getElementById("left-out").hidden = false;
}}
if (data.notes && data.notes.effects_title) text("effects-title", data.notes.effects_title);
const skipped = data.cells.reduce((n, c) => n + c.skipped, 0);
text("summary", (data.summary ||
  `Edition ${{data.edition}} (${{data.rules}}` +
  (data.rules_file ? `, tables of the file ${{data.rules_file}}` : "") + `), agent ` +
  `${{data.agent}}, ${{data.games_per_cell}} games per cell` + (data.matrix.units.length
    ? ` (${{data.matrix_games}} per unit-against-unit cell)` : "") +
  `, seed ${{data.seed}}, baseline army ${{data.baseline.army}} ` +
  `(swapped unit: ${{data.baseline.unit}}), ${{data.games}} games in all. Intervals: ` +
  `${{data.interval}}.`) + (skipped ? ` ${{skipped}} games were skipped: no battlefield of ` +
  `their deal fitted both armies.` : "") + (data.games_per_cell < kFewGames ? ` Only ` +
  `${{data.games_per_cell / 2}} deal${{data.games_per_cell === 2 ? "" : "s"}} per cell: ` +
  `intervals from so few deals are too narrow to trust (a colour says little); play ` +
  `${{kFewGames}} games per cell or more.` : ""));
if (data.command) {{
  text("command", data.command);
  document.getElementById("rerun").hidden = false;
}}
if (data.baseline)
  text("units-note", `${{data.baseline.army}} with one ${{data.baseline.unit}} swapped for ` +
    `each unit type, against ${{data.baseline.army}} as it is, each deal from both seats. ` +
    `Score = wins + half the draws of the changed army: above 50%, the type is worth more ` +
    `than the ${{data.baseline.unit}} it replaces. "U with R on": unit U as house rule R ` +
    `changes it.`);
// A section this run did not measure: a line saying so in place of its explanations.
function unmeasured(section, element) {{
  document.querySelectorAll(`#sec-${{section}} .note`).forEach((n) => {{ n.hidden = true; }});
  element.outerHTML = "<p>(not measured in this run: see the command's --experiments" +
    (section === "matrix" ? " and --matrix-games" : "") + ")</p>";
}}
function legend(rows) {{
  const control = rows.find((r) => r.control);
  return "The bar runs from 50% to the score; the thin dark bar is its 95% interval. Red: " +
    "the whole interval is above 50%; blue: below; grey: not told apart from 50% with " +
    "these games." + (control ? ` Amber: the control, "${{control.label}}", changes ` +
    "nothing (its name in amber too): its distance from 50% shows how far chance alone " +
    "moves a score with these games, so read the other rows against it."
    : "") + (rows.some((r) => r.skipped) ? " \"(N skipped)\": games with no battlefield " +
    "that fitted the army (War Wagons cannot deploy on rough), left out of the score." : "");
}}
function ranked(id, rows) {{
  const box = document.getElementById(id + "-box");
  if (!rows.length) return unmeasured(id, box);
  if (typeof Chart === "undefined") {{
    box.textContent = "(Chart.js did not load)";
    return;
  }}
  text(id + "-legend", legend(rows));
  box.style.height = 60 + 22 * rows.length + "px";
  const colour = (r) => r.control ? "rgba(230,160,0,0.75)" :
      r.score_ci95[0] > 0.5 ? "rgba(200,60,40,0.55)" :
      r.score_ci95[1] < 0.5 ? "rgba(40,90,200,0.55)" : "rgba(140,140,140,0.55)";
  new Chart(document.getElementById(id), {{
    type: "bar",
    data: {{
      labels: rows.map((r) => r.label + (r.skipped ? ` (${{r.skipped}} skipped)` : "")),
      datasets: [
        {{ label: "score", data: rows.map((r) => [0.5, r.score]),
           backgroundColor: rows.map(colour), grouped: false, barPercentage: 0.9 }},
        {{ label: "95% interval", data: rows.map((r) => r.score_ci95),
           backgroundColor: "rgba(20,20,20,0.85)", grouped: false, barPercentage: 0.15 }},
      ],
    }},
    options: {{
      indexAxis: "y", maintainAspectRatio: false, animation: false,
      scales: {{
        x: {{ min: 0, max: 1, ticks: {{ callback: (v) => pct(v) }} }},
        // The control's name in amber: its bar may be too short to see. (Not in bold: the
        // labels' room is measured in the plain font, and a bold one would be cut.)
        y: {{ ticks: {{ color: (c) => rows[c.index] && rows[c.index].control ? "#b36200"
                                                                         : "#555" }} }},
      }},
      plugins: {{ tooltip: {{ callbacks: {{ label: (c) => {{
        const r = rows[c.dataIndex];
        return `${{pct(r.score)}} [${{pct(r.score_ci95[0])}}, ${{pct(r.score_ci95[1])}}], ` +
          `Elo ${{r.elo.toFixed(0)}}, ${{r.games}} games` +
          (r.skipped ? `, ${{r.skipped}} skipped` : "");
      }} }} }} }},
    }},
  }});
}}
ranked("units", data.units);
ranked("cards", data.cards);
const effects = document.getElementById("effects");
const base = data.cells.find((c) => c.experiment === "baseline");
if (data.effects.length && base) {{
  const signed = (x, f) => (x >= 0 ? "+" : "") + f(x);
  effects.innerHTML = "<tr><th>change</th><th>draws</th><th>mean turns</th>" +
    "<th>first seat's score</th><th>its 95% interval</th></tr>" +
    `<tr><th style="text-align:left">baseline (as played)</th><td>${{pct(base.draw_rate)}}</td>` +
    `<td>${{base.mean_turns.toFixed(1)}}</td><td>${{pct(base.seat1_score)}}</td>` +
    `<td>${{pct(base.seat1_ci95[0])}} to ${{pct(base.seat1_ci95[1])}}</td></tr>` +
    data.effects.map((e) =>
      `<tr><td style="text-align:left">${{esc(e.label)}}` +
      // The options experiment's rows say what their option is.
      (data.descriptions && data.descriptions[e.subject]
        ? `<div class="note small-note">${{esc(data.descriptions[e.subject])}}</div>` : "") +
      `</td>` +
      `<td>${{signed(e.draw_rate_change, pct)}}</td>` +
      `<td>${{signed(e.mean_turns_change, (x) => x.toFixed(1))}}</td>` +
      `<td>${{pct(e.seat1_score)}}</td>` +
      `<td>${{pct(e.seat1_ci95[0])}} to ${{pct(e.seat1_ci95[1])}}</td></tr>`).join("");
}} else unmeasured("effects", effects);
const m = data.matrix, table = document.getElementById("matrix");
text("matrix-note", "The row's army (its General, its Camp and every unit of the row's type) " +
  "against the column's: the row's score over " + data.matrix_games + " games per cell, " +
  "each deal from both seats (red: the row wins more, blue: less). A type is not played " +
  "against itself (-); an empty cell: every deal was skipped.");
if (m.units.length) {{
  const shade = (x) => x === null ? "#fff" : x >= 0.5
    ? `rgb(255,${{Math.round(255 - 330 * (x - 0.5))}},${{Math.round(255 - 330 * (x - 0.5))}})`
    : `rgb(${{Math.round(255 - 330 * (0.5 - x))}},${{Math.round(255 - 330 * (0.5 - x))}},255)`;
  table.innerHTML = "<tr><th></th>" + m.units.map((u) => `<th>${{u}}</th>`).join("") + "</tr>" +
    m.units.map((u, i) => `<tr><th>${{u}}</th>` + m.score[i].map((x, j) => i === j
      ? '<td style="background:#eee;text-align:center">-</td>'
      : `<td style="background:${{shade(x)}}">${{x === null ? "" : pct(x)}}</td>`).join("") +
      "</tr>").join("");
}} else unmeasured("matrix", table);
</script>
</body>
</html>
)HTML";

}  // namespace

std::string results_html(const nlohmann::ordered_json& results, const std::string& chart_js) {
  const std::string script =
      chart_js.empty()
          ? std::string(
                "<script src=\"https://cdn.jsdelivr.net/npm/chart.js@4/dist/chart.umd.min.js\">"
                "</script>")
          : "<script>" + script_safe(chart_js) + "</script>";
  // The game and, for Ancient Warfare, its edition ("Ancient Warfare, autokill edition"): a
  // report read away from its command says which game it measured.
  const std::string game =
      results.contains("edition")
          ? fmt::format("Ancient Warfare, {} edition", results.at("edition").get<std::string>())
          : results.value("title", std::string());
  const std::string title = fmt::format("{}, {}", game, results.value("agent", std::string()));
  return fmt::format(fmt::runtime(kPage), fmt::arg("title", title), fmt::arg("script", script),
                     fmt::arg("few_games", kFewGames),
                     fmt::arg("data", script_safe(results.dump())));
}

}  // namespace ancients::balance
