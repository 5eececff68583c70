// The balance lab's HTML report (see report.h): one self-contained page with the results JSON
// embedded and drawn by Chart.js (web/node_modules/chart.js, a dependency of the web front
// end): ranked horizontal bars of unit and card values (the bar runs from 50% to the score, a
// thin dark bar over it is the 95% interval), a table of the effects of rule and deck changes
// and a unit-vs-unit heat map (an HTML table shaded by score).
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
<title>Balance report: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }}
h1 {{ font-size: 1.5em; }} h2 {{ font-size: 1.2em; margin-top: 2em; }}
table {{ border-collapse: collapse; font-size: 0.85em; }}
td, th {{ border: 1px solid #ccc; padding: 0.2em 0.4em; text-align: right; }}
th {{ background: #f4f4f4; }}
.note {{ color: #555; font-size: 0.9em; }}
.chart {{ position: relative; width: 100%; }}
</style>
{script}
</head>
<body>
<h1>Balance report: {title}</h1>
<p class="note" id="summary"></p>
<section id="sec-units">
<h2>Unit values</h2>
<p class="note">The baseline army with one baseline unit swapped for each type, against the
baseline army, each deal from both seats. Score = wins + half the draws of the changed army;
the thin dark bar is the 95% interval (paired bootstrap over deals).</p>
<div class="chart" id="units-box"><canvas id="units"></canvas></div>
</section>
<section id="sec-cards">
<h2>Card values</h2>
<p class="note" id="cards-note">The side that starts with one more copy of each card type in
hand, against the same army without it.</p>
<div class="chart" id="cards-box"><canvas id="cards"></canvas></div>
</section>
<section id="sec-effects">
<h2>House rules and deck changes</h2>
<p class="note">Changes that favour neither side (both play under them): how they move draws,
game length and the first seat's score, against the baseline games.</p>
<table id="effects"></table>
</section>
<section id="sec-matrix">
<h2>Unit against unit</h2>
<p class="note">The row's army (all units of one type) against the column's: the row's score.
</p>
<table id="matrix"></table>
</section>
<script type="application/json" id="data">{data}</script>
<script>
const data = JSON.parse(document.getElementById("data").textContent);
const pct = (x) => (100 * x).toFixed(1) + "%";
// A game with fewer experiments (Ancient Generals: its cards) says which sections it has, its
// summary and what its experiments mean.
for (const s of ["units", "cards", "effects", "matrix"])
  if (data.sections && !data.sections.includes(s)) document.getElementById("sec-" + s).hidden = true;
if (data.notes && data.notes.cards) document.getElementById("cards-note").textContent = data.notes.cards;
document.getElementById("summary").textContent = data.summary ||
  `Edition ${{data.edition}} (${{data.rules}}), agent ${{data.agent}}, ${{data.games_per_cell}} ` +
  `games per cell, seed ${{data.seed}}, baseline army ${{data.baseline.army}} ` +
  `(swapped unit: ${{data.baseline.unit}}), ${{data.games}} games in all. Intervals: ${{data.interval}}.`;
function ranked(id, rows) {{
  const box = document.getElementById(id + "-box");
  if (!rows.length || typeof Chart === "undefined") {{
    box.textContent = rows.length ? "(Chart.js did not load)" : "(not measured)";
    return;
  }}
  box.style.height = 60 + 22 * rows.length + "px";
  const colour = (r) => r.score_ci95[0] > 0.5 ? "rgba(200,60,40,0.55)" :
      r.score_ci95[1] < 0.5 ? "rgba(40,90,200,0.55)" : "rgba(140,140,140,0.55)";
  new Chart(document.getElementById(id), {{
    type: "bar",
    data: {{
      labels: rows.map((r) => r.label),
      datasets: [
        {{ label: "score", data: rows.map((r) => [0.5, r.score]),
           backgroundColor: rows.map(colour), grouped: false, barPercentage: 0.9 }},
        {{ label: "95% interval", data: rows.map((r) => r.score_ci95),
           backgroundColor: "rgba(20,20,20,0.85)", grouped: false, barPercentage: 0.15 }},
      ],
    }},
    options: {{
      indexAxis: "y", maintainAspectRatio: false, animation: false,
      scales: {{ x: {{ min: 0, max: 1, ticks: {{ callback: (v) => pct(v) }} }} }},
      plugins: {{ tooltip: {{ callbacks: {{ label: (c) => {{
        const r = rows[c.dataIndex];
        return `${{pct(r.score)}} [${{pct(r.score_ci95[0])}}, ${{pct(r.score_ci95[1])}}], ` +
          `Elo ${{r.elo.toFixed(0)}}, ${{r.games}} games`;
      }} }} }} }},
    }},
  }});
}}
ranked("units", data.units);
ranked("cards", data.cards);
const effects = document.getElementById("effects");
if (data.effects.length) {{
  effects.innerHTML = "<tr><th>change</th><th>draws</th><th>turns</th><th>first seat</th>" +
    "<th>first seat 95%</th></tr>" + data.effects.map((e) =>
      `<tr><td style="text-align:left">${{e.label}}</td>` +
      `<td>${{(e.draw_rate_change >= 0 ? "+" : "") + pct(e.draw_rate_change)}}</td>` +
      `<td>${{(e.mean_turns_change >= 0 ? "+" : "") + e.mean_turns_change.toFixed(1)}}</td>` +
      `<td>${{pct(e.seat1_score)}}</td>` +
      `<td>${{pct(e.seat1_ci95[0])}} to ${{pct(e.seat1_ci95[1])}}</td></tr>`).join("");
}} else effects.outerHTML = "<p>(not measured)</p>";
const m = data.matrix, table = document.getElementById("matrix");
if (m.units.length) {{
  const shade = (x) => x === null ? "#fff" : x >= 0.5
    ? `rgb(255,${{Math.round(255 - 330 * (x - 0.5))}},${{Math.round(255 - 330 * (x - 0.5))}})`
    : `rgb(${{Math.round(255 - 330 * (0.5 - x))}},${{Math.round(255 - 330 * (0.5 - x))}},255)`;
  table.innerHTML = "<tr><th></th>" + m.units.map((u) => `<th>${{u}}</th>`).join("") + "</tr>" +
    m.units.map((u, i) => `<tr><th>${{u}}</th>` + m.score[i].map((x) =>
      `<td style="background:${{shade(x)}}">${{x === null ? "" : pct(x)}}</td>`).join("") +
      "</tr>").join("");
}} else table.outerHTML = "<p>(not measured)</p>";
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
  const std::string title =
      fmt::format("{}, {}", results.value("edition", results.value("title", "")),
                  results.value("agent", std::string()));
  return fmt::format(fmt::runtime(kPage), fmt::arg("title", title), fmt::arg("script", script),
                     fmt::arg("data", script_safe(results.dump())));
}

}  // namespace ancients::balance
