// The DBA club tools in the browser ("#dba=odds", "#dba=terrain", "#dba=army"): the combat odds
// calculator with a bar chart, the terrain generator drawing its battlefield, and a DBA army
// list made into an Ancient Warfare army file. Everything it shows comes from the server's
// /api/dba calls (the tables live in data/dba); the page only builds the inputs and draws the
// answers. Each tool's inputs are kept in the address, so a result can be shared by its link.
import { compulsoryWords } from './field';
import { h, hashParams, Json, s } from './util';

type Chart = { destroy(): void };

async function api(path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`/api/dba/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  const data = await res.json().catch(() => ({ error: `the server answered ${res.status}` }));
  if (!res.ok) throw new Error(data.error ?? `the server answered ${res.status}`);
  return data;
}

function setHash(params: Record<string, string>): void {
  const q = new URLSearchParams(params).toString();
  history.replaceState(null, '', `#${q}`);
}

function errorBox(): HTMLElement {
  return h('p', { class: 'box notice err dba-error', role: 'alert', hidden: true });
}

function showError(box: HTMLElement, e: unknown): void {
  box.textContent = e instanceof Error ? e.message : String(e);
  box.hidden = false;
}

const TOOLS: [string, string][] = [
  ['odds', 'Combat odds'],
  ['terrain', 'Terrain'],
  ['army', 'Army list'],
];

/** Shows the DBA page; returns a function that tears it down. */
/// The same battlefield on DBA's own table: each feature's rectangle in inches and millimetres.
function tableLayout(result: Json): HTMLElement {
  const t = result.table;
  const inch = (v: number) => `${v}″`;
  const mm = (v: number) => `${v * 25} mm`;
  return h(
    'div',
    { class: 'box', id: 'dba-table' },
    h('h3', { text: `On DBA’s own table (${inch(t.table.inches)} = ${mm(t.table.inches)} square)` }),
    h('p', {
      class: 'muted small',
      text: `A square of the grid is ${inch(t.square.inches)} (${mm(t.square.inches)}); x from the left edge, y from player 1’s edge.`,
    }),
    h(
      'table',
      { class: 'dba-table-layout' },
      h('tr', {}, ...['Feature', 'Going', 'x', 'y'].map((c) => h('th', { text: c }))),
      ...t.features.map((f: Json) =>
        h(
          'tr',
          {},
          h('td', { text: `${f.name} (${f.abbrev})` }),
          h('td', { text: f.going }),
          ...[0, 1].map((k) =>
            // Inches and millimetres each on one line: a phone broke "(100 mm–300 mm)" over three.
            h(
              'td',
              {},
              h('span', { class: 'nowrap', text: `${inch(f.from[k])}–${inch(f.to[k])}` }),
              ' ',
              h('span', { class: 'nowrap muted', text: `(${f.from[k] * 25}–${mm(f.to[k])})` }),
            ),
          ),
        ),
      ),
    ),
    t.rivers.length ? h('p', { class: 'muted small', text: `The river follows ${t.rivers.length} square edges, as drawn on the map.` }) : null,
  );
}

export function showDba(app: HTMLElement, tool: string): () => void {
  const current = TOOLS.some(([id]) => id === tool) ? tool : 'odds';
  document.title = 'DBA tools — Ancients';
  const tabs = h(
    'nav',
    { class: 'dba-tabs', 'aria-label': 'DBA tools' },
    ...TOOLS.map(([id, label]) => h('a', { href: `#dba=${id}`, class: id === current ? 'on' : '', 'aria-current': id === current ? 'page' : false }, label)),
  );
  const body = h('div', { class: 'dba-body' });
  app.append(
    h(
      'section',
      { class: 'dba' },
      h('h1', { text: 'DBA 3 tools' }),
      h('p', { class: 'muted', text: 'A player’s aid built from the Society of Ancients DBA 3 reference sheet: not the rules.' }),
      tabs,
      body,
    ),
  );
  const cleanup: (() => void)[] = [];
  const loading = h('p', { class: 'muted', text: 'Loading the DBA tables…' });
  body.append(loading);
  const err = errorBox();
  api('troops')
    .then((data) => {
      loading.remove();
      if (current === 'odds') cleanup.push(oddsTool(body, data));
      else if (current === 'terrain') terrainTool(body, data);
      else armyTool(body, data);
    })
    .catch((e) => {
      loading.remove();
      body.append(err);
      showError(err, e);
    });
  return () => cleanup.forEach((f) => f());
}

// --- Combat odds ---------------------------------------------------------------------------

interface Side {
  troop: HTMLSelectElement;
  variant: HTMLSelectElement;
  tags: HTMLInputElement[];
  items: Map<string, HTMLInputElement | HTMLSelectElement>;
  box: HTMLElement;
}

function sideForm(title: string, data: Json, initial: string): Side {
  const troop = h('select', { 'aria-label': `${title}: troop type` }) as HTMLSelectElement;
  for (const t of data.troops) troop.append(h('option', { value: t.id, text: `${t.abbrev} — ${t.name}` }));
  const variant = h('select', { 'aria-label': `${title}: variant` }) as HTMLSelectElement;
  const variantRow = h('label', { class: 'dba-troop dba-variant' }, h('span', { text: 'Variant' }), variant);
  const tagBox = h('div', { class: 'dba-tags' });
  const side: Side = { troop, variant, tags: [], items: new Map(), box: h('fieldset', { class: 'dba-side' }) };
  // The items by the data's groups (close combat, cities and camps, shooting), each under its
  // name in a box that folds: on a phone only the first group (the usual situations) and any
  // group with something chosen are open, so that the form is short; elsewhere all are open.
  const groups = new Map<string, HTMLElement>();
  const groupOf = (name: string) => {
    let box = groups.get(name);
    if (!box) {
      box = h('div', { class: 'dba-items' });
      groups.set(name, box);
    }
    return box;
  };
  for (const it of data.items) {
    const items = groupOf(String(it.group ?? ''));
    let input: HTMLInputElement | HTMLSelectElement;
    // Each item says when it applies (the server's words): on the label, for a pointer.
    const meaning: Record<string, string> = it.meaning ? { title: String(it.meaning) } : {};
    if (it.values) {
      input = h('select', { 'aria-label': `${title}: ${it.label}` }) as HTMLSelectElement;
      // A keyed item with a default starts on it (the server counts it when none is given);
      // one without offers "no" first.
      if (it.default === undefined) input.append(h('option', { value: '', text: 'no' }));
      for (const v of it.values) input.append(h('option', { value: v, text: v === it.default ? `${v} (default)` : v }));
      if (it.default !== undefined) input.value = it.default;
      input.dataset.default = it.default ?? '';
      items.append(h('label', { class: 'dba-item', ...meaning }, h('span', { text: it.label }), input));
    } else {
      input = h('input', { type: 'checkbox' }) as HTMLInputElement;
      items.append(h('label', { class: 'dba-item check', ...meaning }, input, h('span', { text: it.label })));
    }
    side.items.set(it.key, input);
  }
  const refreshTroop = () => {
    const t = data.troops.find((x: Json) => x.id === troop.value);
    const named = (id: string) => t?.tag_names?.[id] ?? id;
    variant.replaceChildren();
    variantRow.hidden = !t?.variants?.length;
    for (const v of t?.variants ?? []) variant.append(h('option', { value: v, text: named(v) }));
    tagBox.replaceChildren();
    side.tags = [];
    for (const tag of t?.tags ?? []) {
      const c = h('input', { type: 'checkbox', value: tag }) as HTMLInputElement;
      side.tags.push(c);
      tagBox.append(h('label', { class: 'check' }, c, h('span', { text: named(tag) })));
    }
  };
  troop.addEventListener('change', refreshTroop);
  // The initial element from the address: "TYPE,item,..." as `ancients dba odds` takes it.
  const parts = initial.split(',').filter(Boolean);
  if (parts[0] && data.troops.some((t: Json) => t.id === parts[0])) troop.value = parts[0];
  refreshTroop();
  for (const p of parts.slice(1)) {
    const [k, v] = p.split('=');
    const input = side.items.get(k);
    if (input instanceof HTMLInputElement) input.checked = true;
    else if (input) input.value = v ?? '';
    else if ([...variant.options].some((o) => o.value === k)) variant.value = k;
    else side.tags.find((c) => c.value === k)?.click();
  }
  const wide = window.matchMedia('(min-width: 721px)').matches;
  const folds = [...groups].map(([name, box], k) => {
    if (!name) return box;
    const chosen = h('span', { class: 'dba-chosen muted' });
    const fold = h('details', { class: 'dba-group', 'data-group': name }, h('summary', {}, h('span', { text: name }), chosen), box) as HTMLDetailsElement;
    // How many of the group's items are chosen (not their default), said on its title.
    const count = () => {
      const set = [...box.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].filter((x) =>
        x instanceof HTMLInputElement ? x.checked : x.value !== '' && x.value !== x.dataset.default,
      ).length;
      chosen.textContent = set ? ` · ${set} chosen` : '';
      return set;
    };
    fold.open = wide || k === 0 || count() > 0;
    box.addEventListener('change', count);
    return fold;
  });
  side.box.append(h('legend', { text: title }), h('label', { class: 'dba-troop' }, h('span', { text: 'Troop type' }), troop), variantRow, tagBox, ...folds);
  return side;
}

/// What each situation item means, in the server's words: one list under both sides (a phone
/// has no pointer to show a label's title).
function itemsHelp(data: Json): HTMLElement {
  return h(
    'details',
    { class: 'box dba-help' },
    h('summary', { text: 'What the choices mean' }),
    h(
      'dl',
      {},
      ...data.items
        .filter((it: Json) => it.meaning)
        .flatMap((it: Json) => [
          h('dt', { text: it.label }),
          h('dd', { text: it.default !== undefined ? `${it.meaning} Default: ${it.default}.` : it.meaning }),
        ]),
    ),
  );
}

function sideText(side: Side): string {
  const parts = [side.troop.value];
  if (side.variant.options.length && side.variant.selectedIndex > 0) parts.push(side.variant.value);
  for (const c of side.tags) if (c.checked) parts.push(c.value);
  for (const [k, input] of side.items) {
    if (input instanceof HTMLInputElement) {
      if (input.checked) parts.push(k);
    } else if (input.value && input.value !== input.dataset.default) parts.push(`${k}=${input.value}`);
  }
  return parts.join(',');
}

const RESULTS: [string, string, string][] = [
  ['destroyed', 'Destroyed', '#b3261e'],
  ['flee', 'Flees', '#d98a1f'],
  ['recoil', 'Recoils', '#2458a6'],
  ['no-effect', 'No effect', '#8f8f8f'],
];

function oddsTool(body: HTMLElement, data: Json): () => void {
  const p = hashParams();
  const a = sideForm('A: attacks or shoots', data, p.get('a') ?? 'blades-solid');
  const b = sideForm('B: defends or is shot at', data, p.get('b') ?? 'knights');
  const shooting = h('input', { type: 'checkbox', checked: p.get('shooting') === '1' }) as HTMLInputElement;
  const err = errorBox();
  // aria-busy while a change waits for its odds: a screen reader (and a test) knows the table
  // on screen does not yet answer the inputs above it.
  const out = h('div', { class: 'dba-odds-out', 'aria-live': 'polite', 'aria-busy': 'false' });
  const busy = (yes: boolean) => out.setAttribute('aria-busy', String(yes));
  const canvas = h('canvas', { class: 'dba-chart', 'aria-label': 'Outcome probabilities', role: 'img' }) as HTMLCanvasElement;
  let chart: Chart | null = null;
  const chartBox = h('div', { class: 'dba-chart-box' }, canvas);
  let asked = 0;
  let pending = 0; // a change's timer: its odds are asked for after a pause
  const run = async () => {
    window.clearTimeout(pending); // these inputs are asked for now
    err.hidden = true;
    const req = { a: sideText(a), b: sideText(b), shooting: shooting.checked };
    setHash({ dba: 'odds', a: req.a, b: req.b, ...(req.shooting ? { shooting: '1' } : {}) });
    const mine = ++asked;
    busy(true);
    try {
      const odds = await api('odds', req);
      if (mine !== asked) return; // a later change asked again
      out.replaceChildren(oddsTable(odds));
      busy(false);
      summary.replaceChildren(...summaryOf(odds));
      summary.hidden = false;
      chartBox.hidden = false;
      const { Chart } = await import('chart.js/auto');
      if (mine !== asked) return;
      chart?.destroy();
      chart = new Chart(canvas, {
        type: 'bar',
        data: {
          // Each label over lines at its commas ("Bows - Solid", "ordinary bows"): one line
          // was cut off at the phone's left edge.
          labels: ['a', 'b'].map((k) =>
            String(odds[k].label)
              .split(', ')
              .map((part, i) => (i ? part : `${k.toUpperCase()}: ${part}`)),
          ),
          datasets: RESULTS.map(([key, label, color]) => ({
            label,
            backgroundColor: color,
            data: [odds.a.results[key].probability * 100, odds.b.results[key].probability * 100],
          })),
        },
        options: {
          indexAxis: 'y',
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: { stacked: true, max: 100, title: { display: true, text: '% of the 36 dice pairs' } },
            y: { stacked: true, ticks: { autoSkip: false } },
          },
          plugins: { legend: { position: 'bottom' } },
        },
      }) as unknown as Chart;
    } catch (e) {
      if (mine !== asked) return;
      // The odds of the inputs before no longer answer these: only the reason shows.
      out.replaceChildren();
      summary.hidden = true;
      chart?.destroy();
      chart = null;
      chartBox.hidden = true;
      busy(false);
      showError(err, e);
    }
  };
  const go = h('button', { class: 'primary', type: 'button', onclick: () => void run() }, 'Work out the odds');
  const sides = h('div', { class: 'dba-sides' }, a.box, b.box);
  // The answer in one line that stays at the foot of the screen while the inputs are changed
  // (on a phone the table is a long way down); tapped, it brings the table.
  const summary = h('button', {
    type: 'button',
    class: 'dba-summary',
    hidden: true,
    'aria-label': 'The odds in short: show the table',
    onclick: () => out.scrollIntoView({ block: 'start' }),
  });
  // The odds follow every change of an input: a result on screen always answers the inputs
  // above it (at the table, on a phone, the button is a long way down).
  const changed = () => {
    window.clearTimeout(pending);
    busy(true);
    pending = window.setTimeout(() => void run(), 150);
  };
  sides.addEventListener('change', changed);
  shooting.addEventListener('change', changed);
  body.append(
    sides,
    summary,
    itemsHelp(data),
    h('div', { class: 'dba-actions' }, h('label', { class: 'check' }, shooting, h('span', { text: 'Shooting (not close combat)' })), go),
    err,
    chartBox,
    out,
  );
  void run();
  return () => {
    window.clearTimeout(pending);
    chart?.destroy();
  };
}

/// The sheet's three outcome blocks, as the server names a side's rows.
const BLOCKS: [string, string][] = [
  ['equal', 'Total equal'],
  ['less', 'Total less, but more than half'],
  ['half', 'Total half or less'],
];

/// Each side's outcomes that can happen, in short: "A: destroyed 42% · no effect 58%".
function summaryOf(odds: Json): Node[] {
  return ['a', 'b'].map((k) =>
    h(
      'span',
      { class: 'dba-summary-side', 'data-side': k },
      h('strong', { text: `${k.toUpperCase()} ` }),
      RESULTS.filter(([key]) => odds[k].results[key].count > 0)
        .map(([key, label]) => `${label.toLowerCase()} ${Math.round(odds[k].results[key].probability * 100)}%`)
        .join(' · '),
    ),
  );
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function oddsTable(odds: Json): HTMLElement {
  const d = odds.dice;
  const table = h(
    'table',
    { class: 'dba-table' },
    h('caption', {
      text: `${odds.combat === 'shooting' ? 'Shooting' : 'Close combat'}: A ${odds.a.label} (${odds.a.factor}) against B ${odds.b.label} (${odds.b.factor})`,
    }),
    h('thead', {}, h('tr', {}, h('th', { text: '' }), ...RESULTS.map(([, label]) => h('th', { text: label })))),
    h(
      'tbody',
      {},
      ...['a', 'b'].map((k) =>
        h(
          'tr',
          {},
          h('th', { text: `${k.toUpperCase()}: ${odds[k].label}`, title: odds[k].element }),
          ...RESULTS.map(([key]) => h('td', { text: `${odds[k].results[key].count}/36 (${pct(odds[k].results[key].probability)})` })),
        ),
      ),
    ),
  );
  const terms = (k: string) =>
    h(
      'ul',
      { class: 'dba-terms' },
      ...odds[k].terms.map((t: Json) => h('li', { text: `${t.value >= 0 ? '+' : ''}${t.value} ${t.reason}` })),
      // A factor ticked that does not count here is said, with why, rather than dropped.
      ...(odds[k].not_counted ?? []).map((t: string) => h('li', { class: 'dba-not-counted', text: `not counted: ${t}` })),
    );
  // Why each result: the sheet's row for this side when its total is equal, less but more than
  // half, or half or less of its opponent's.
  const why = (k: string) => {
    const rows = odds[k].rows ?? {};
    const resultName = (r: string) => RESULTS.find(([key]) => key === r)?.[1] ?? r;
    const blocks = BLOCKS.filter(([key]) => rows[key]);
    // Rows that say the same (an element nothing can happen to) are said once, for every total.
    const same = blocks.length > 1 && blocks.every(([key]) => rows[key].result === rows[blocks[0][0]].result && rows[key].sheet === rows[blocks[0][0]].sheet);
    const count = blocks.reduce((sum, [key]) => sum + Number(rows[key].count), 0);
    return h(
      'div',
      { class: 'dba-why' },
      h('h4', { text: `When ${k.toUpperCase()} loses or ties` }),
      h(
        'ul',
        { class: 'dba-terms' },
        ...(same
          ? [
              h(
                'li',
                {},
                h('strong', { text: `Whatever the totals (${count}/36): ${resultName(rows[blocks[0][0]].result)}. ` }),
                String(rows[blocks[0][0]].sheet ?? ''),
              ),
            ]
          : blocks.map(([key, label]) =>
              h('li', {}, h('strong', { text: `${label} (${rows[key].count}/36): ${resultName(rows[key].result)}. ` }), String(rows[key].sheet ?? '')),
            )),
      ),
    );
  };
  return h(
    'div',
    {},
    table,
    h('p', {
      class: 'muted',
      text: `Of 36 dice pairs: A doubles ${d.a_doubles}, A wins ${d.a_beats}, equal ${d.equal}, B wins ${d.b_beats}, B doubles ${d.b_doubles}.`,
    }),
    h(
      'div',
      { class: 'dba-sides' },
      h('div', {}, h('h3', { text: `A’s factor ${odds.a.factor}` }), terms('a'), why('a')),
      h('div', {}, h('h3', { text: `B’s factor ${odds.b.factor}` }), terms('b'), why('b')),
    ),
    h('p', { class: 'muted small', text: `${String(odds.aid).replace(/\.?$/, '.')} Source: ${odds.source}.` }),
  );
}

// --- Terrain --------------------------------------------------------------------------------

const TERRAIN_COLOUR: Record<string, string> = {
  clear: '#e9e3cf',
  rough: '#b9a77a',
  hill: '#c9b27c',
  'steep-hill': '#8c6d3f',
  woods: '#5f8a4a',
  'built-up': '#9a8f86',
  impassable: '#5b7fa6',
};

function download(name: string, text: string): void {
  const a = h('a', { href: URL.createObjectURL(new Blob([text], { type: 'application/json' })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

function drawMap(result: Json): SVGElement {
  const n: number = result.board;
  const cell = 40;
  const svg = s('svg', { viewBox: `-20 -22 ${n * cell + 28} ${n * cell + 62}`, class: 'dba-map', role: 'img', 'aria-label': result.map.name });
  // Whose edge is whose: the table layout measures y from player 1's edge.
  svg.append(s('text', { x: (n * cell) / 2, y: -8, 'text-anchor': 'middle', class: 'dba-edge' }, 'Player 2’s edge'));
  svg.append(s('text', { x: (n * cell) / 2, y: n * cell + 34, 'text-anchor': 'middle', class: 'dba-edge' }, 'Player 1’s edge'));
  const terrain: Record<string, string> = result.map.terrain;
  const symbols = new Map<string, string>();
  for (const f of result.legend) if (f.terrain !== 'river') for (const sq of f.squares) symbols.set(sq, f.symbol);
  const xy = (sq: string): [number, number] => [sq.charCodeAt(0) - 97, Number(sq.slice(1)) - 1];
  for (let r = 0; r < n; r++)
    for (let f = 0; f < n; f++) {
      const name = `${String.fromCharCode(97 + f)}${r + 1}`;
      const t = terrain[name] ?? 'clear';
      const x = f * cell,
        y = (n - 1 - r) * cell;
      const rect = s('rect', {
        x,
        y,
        width: cell,
        height: cell,
        fill: TERRAIN_COLOUR[t] ?? '#fff',
        stroke: '#00000022',
        'data-square': name,
        'data-terrain': t,
      });
      rect.append(s('title', {}, `${name}: ${t}`));
      svg.append(rect);
      const sym = symbols.get(name);
      if (sym && sym !== '=') svg.append(s('text', { x: x + cell / 2, y: y + cell / 2 + 5, 'text-anchor': 'middle', class: 'dba-sym' }, sym));
      if (sym === '=') svg.append(s('circle', { cx: x + cell / 2, cy: y + cell / 2, r: 5, fill: '#6b4f2a' }));
    }
  for (const [a, b] of result.map.rivers ?? []) {
    const [fa, ra] = xy(a),
      [fb, rb] = xy(b);
    let line: SVGElement;
    if (fa === fb) {
      const y = (n - 1 - Math.max(ra, rb)) * cell + cell;
      line = s('line', { x1: fa * cell, y1: y, x2: fa * cell + cell, y2: y });
    } else {
      const x = Math.max(fa, fb) * cell;
      line = s('line', { x1: x, y1: (n - 1 - ra) * cell, x2: x, y2: (n - 1 - ra) * cell + cell });
    }
    line.setAttribute('class', 'dba-river');
    svg.append(line);
  }
  for (let i = 0; i < n; i++) {
    svg.append(s('text', { x: i * cell + cell / 2, y: n * cell + 16, 'text-anchor': 'middle', class: 'dba-coord' }, String.fromCharCode(97 + i)));
    svg.append(s('text', { x: -6, y: (n - 1 - i) * cell + cell / 2 + 4, 'text-anchor': 'end', class: 'dba-coord' }, String(i + 1)));
  }
  return svg;
}

function terrainTool(body: HTMLElement, data: Json): void {
  const p = hashParams();
  const topo = h('select', { 'aria-label': 'Home topography' }) as HTMLSelectElement;
  for (const t of data.topographies) topo.append(h('option', { value: t.id, text: t.name }));
  topo.value = p.get('topography') ?? data.topographies[0].id;
  const board = h(
    'select',
    { 'aria-label': 'Board' },
    h('option', { value: '12', text: '12x12 (house rules)' }),
    h('option', { value: '8', text: '8x8' }),
  ) as HTMLSelectElement;
  board.value = p.get('board') === '8' ? '8' : '12';
  const err = errorBox();
  const out = h('div', { class: 'dba-terrain-out' });
  let last: Json = null;
  let asked = 0;
  const generate = async (seed?: string) => {
    err.hidden = true;
    const mine = ++asked;
    try {
      const result = await api('terrain', { topography: topo.value, board: Number(board.value), ...(seed ? { seed } : {}) });
      if (mine !== asked) return; // a later choice asked again
      last = result;
      setHash({ dba: 'terrain', topography: topo.value, board: board.value, seed: result.seed });
      const legend = h(
        'ul',
        { class: 'dba-legend' },
        ...result.legend.map((f: Json) =>
          h(
            'li',
            {},
            h('span', { class: 'dba-swatch', style: `background:${f.terrain === 'river' ? '#2f6db3' : (TERRAIN_COLOUR[f.terrain] ?? '#fff')}` }),
            `${f.name} (${f.abbrev}) → ${f.terrain === 'river' ? 'a river along square edges' : f.terrain}${f.die ? `; rolled ${f.die}: ${f.die_note}` : ''}`,
          ),
        ),
      );
      out.replaceChildren(
        h('h2', { text: result.map.name }),
        h('div', { class: 'dba-map-box' }, drawMap(result), h('div', {}, legend, h('p', { class: 'muted small', text: result.map.note }))),
        tableLayout(result),
      );
    } catch (e) {
      showError(err, e);
    }
  };
  const reroll = h('button', { class: 'primary', type: 'button', onclick: () => void generate() }, 'Generate (new seed)');
  // The sheet's row for the topography chosen: what a battlefield of it is drawn from.
  const row = h('p', { class: 'muted small', id: 'dba-topography-row' });
  const showRow = () => {
    const t = data.topographies.find((x: Json) => x.id === topo.value);
    if (!t?.compulsory) return row.replaceChildren();
    const [lo, hi] = t.optional_count ?? [];
    row.replaceChildren(
      h('strong', { text: `${t.name}: ` }),
      `compulsory ${compulsoryWords(t)}; `,
      `optional ${lo}–${hi} of ${t.optional.join(', ')}. `,
      'The defender’s home topography decides them (DBA 3.0 reference sheet).',
    );
  };
  // A new choice draws a new battlefield at once: the map shown always answers the choices.
  topo.addEventListener('change', () => {
    showRow();
    void generate();
  });
  board.addEventListener('change', () => void generate());
  showRow();
  const save = h(
    'button',
    {
      type: 'button',
      onclick: () => {
        if (last) download(`dba-${last.topography}-${last.seed}.json`, last.file);
      },
    },
    'Save as Ancient Warfare battlefield',
  );
  body.append(
    h(
      'div',
      { class: 'dba-actions' },
      h('label', {}, h('span', { text: 'Home topography ' }), topo),
      h('label', {}, h('span', { text: 'Board ' }), board),
      reroll,
      save,
    ),
    row,
    err,
    out,
  );
  void generate(p.get('seed') ?? undefined);
}

// --- Army lists ------------------------------------------------------------------------------

/// An input with its label and, under it, what it is for.
function field(label: string, input: HTMLElement, hint: string): HTMLElement {
  const id = `dba-hint-${label.toLowerCase()}`;
  input.setAttribute('aria-describedby', id);
  return h('label', { class: 'dba-field' }, h('span', { text: label }), input, h('small', { class: 'muted', id, text: hint }));
}

function armyTool(body: HTMLElement, data: Json): void {
  const list = h('textarea', { rows: 3, 'aria-label': 'DBA army list', placeholder: '1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw' }) as HTMLTextAreaElement;
  const edition = h('select', { 'aria-label': 'Edition' }) as HTMLSelectElement;
  for (const e of data.editions) edition.append(h('option', { value: e, text: e }));
  const name = h('input', { type: 'text', placeholder: 'Army name', 'aria-label': 'Army name', maxlength: 80 }) as HTMLInputElement;
  const elite = h('input', { type: 'text', placeholder: 'e.g. Bd, Cv', 'aria-label': 'Elite elements' }) as HTMLInputElement;
  const take = h('input', { type: 'text', placeholder: 'e.g. 4Bw', 'aria-label': 'Alternatives taken' }) as HTMLInputElement;
  const map = h('input', { type: 'text', placeholder: 'e.g. Bd=legionnaires', 'aria-label': 'Overrides' }) as HTMLInputElement;
  const horde = h('input', { type: 'checkbox' }) as HTMLInputElement;
  const err = errorBox();
  const out = h('div', { class: 'dba-army-out', 'aria-live': 'polite' });
  const words = (v: string) =>
    v
      .split(/[,\s]+/)
      .map((x) => x.trim())
      .filter(Boolean);
  const convert = async () => {
    err.hidden = true;
    out.replaceChildren();
    const overrides: Record<string, string> = {};
    for (const pair of words(map.value)) {
      const [k, v] = pair.split('=');
      overrides[k] = v ?? '';
    }
    try {
      const { army } = await api('army', {
        list: list.value,
        edition: edition.value,
        ...(name.value ? { name: name.value } : {}),
        elite: words(elite.value),
        take: words(take.value),
        map: overrides,
        rules: horde.checked ? ['horde_house'] : [],
      });
      const counts = new Map<string, number>();
      for (const u of army.units) counts.set(u, (counts.get(u) ?? 0) + 1);
      out.append(
        h('h2', { text: army.name }),
        h('p', {
          text: army.general
            ? `The general’s element: ${army.general} (with the house rule nominated_general it is the General).`
            : 'The General is the army’s own General.',
        }),
        h('ul', { class: 'dba-units' }, ...[...counts].map(([u, n]) => h('li', { text: `${n} × ${u.replace('*', ' (Elite)')}` }))),
        h('p', { class: 'muted small', text: army.note }),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            onclick: () => download(`${(army.name as string).toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`, JSON.stringify(army, null, 2) + '\n'),
          },
          'Save the army file',
        ),
      );
    } catch (e) {
      showError(err, e);
    }
  };
  body.append(
    h('p', {
      text: 'Paste a DBA army list as DBA players write it: counts, element types, (Gen) for the general’s element (or the book’s “1 x General (3Cv)”), “A or B” for choices. No list text ships with Ancients.',
    }),
    list,
    h(
      'div',
      { class: 'dba-fields' },
      field('Edition', edition, 'The Ancient Warfare edition the army is for: its units differ.'),
      field('Name', name, 'The army’s name in the game (optional).'),
      field('Elite', elite, 'Up to 2 element types, as in the list: the first element of each is made Elite.'),
      field('Take', take, 'For an “A or B” row, the alternative taken; the first is taken otherwise.'),
      field('Overrides', map, 'TYPE=unit to change what an element becomes, e.g. Bd=legionnaires.'),
      h('label', { class: 'check' }, horde, h('span', { text: 'Hordes as the house rules’ Horde (autokill)' })),
    ),
    h('div', { class: 'dba-actions' }, h('button', { class: 'primary', type: 'button', onclick: () => void convert() }, 'Make the army')),
    err,
    out,
  );
}
