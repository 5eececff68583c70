// The defender's battlefield (Ancient Warfare, map "defender" with the DBA set-up): the board with
// the squares where the chosen feature may go and the features placed so far marked and
// numbered, one button per feature kind the game offers, what the chosen kind is in DBA and on
// the board, the topography's sheet row (what is still to place), and the phase's other actions
// (topography, automatic placement, done, side) as buttons. Everything comes from the server:
// the action descriptions (kind, feature, squares, words) and the DBA data of /api/dba/troops
// (each feature's name, effect and die notes, each topography's row); no notation is read.
import { renderBoard } from './board';
import { title } from './data';
import { ActionInfo } from './describe';
import { h, Json, s } from './util';

/// The DBA data the phase shows, asked for once: features and topographies by id.
interface Sheet {
  features: Map<string, Json>;
  topographies: Map<string, Json>;
}
let sheet: Sheet | null = null;
let asked = false;
const listeners = new Set<() => void>();

/// Asks the server for the DBA data once; `then` draws again when it comes.
function loadSheet(then: () => void): void {
  listeners.add(then);
  if (asked) return;
  asked = true;
  fetch('/api/dba/troops')
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((j: Json) => {
      sheet = {
        features: new Map((j.features ?? []).map((f: Json) => [f.id, f])),
        topographies: new Map((j.topographies ?? []).map((t: Json) => [t.id, t])),
      };
      for (const l of listeners) l();
      listeners.clear();
    })
    .catch(() => {
      asked = false; // asked again at the next drawing
    });
}

/// A feature kind's name ("Built-up area"), from the data once it has come.
const featureName = (kind: string): string => sheet?.features.get(kind)?.name ?? title(kind);

/// A placed feature in words: its name, squares (or edge) and what its die rolled.
function placedWords(f: Json, i: number): string {
  const kind = sheet?.features.get(f.kind);
  // A road is recorded by the square it starts from (it runs straight on from there).
  const where = f.squares?.length ? (kind?.shape === 'road' ? ` from ${f.squares[0]}` : ` ${f.squares.join(' ')}`) : f.edge ? ` along the ${f.edge} edge` : '';
  const note = f.die ? kind?.die_notes?.[f.die - 1] : undefined;
  const die = f.die ? ` (die ${f.die}${note ? `: ${note}` : ''})` : '';
  return `${i + 1}. ${featureName(f.kind)}${where}${die}`;
}

/// A topography's compulsory alternatives in words: "Built-up area, or 2 Plough"; one to k of the
/// same feature is said "1-2 Wood", as the sheet writes it.
export function compulsoryWords(t: Json): string {
  const alts: string[][] = t.compulsory ?? [];
  const counted = (alt: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < alt.length;) {
      let j = i;
      while (j + 1 < alt.length && alt[j + 1] === alt[i]) ++j;
      out.push(j > i ? `${j - i + 1} ${alt[i]}` : alt[i]);
      i = j + 1;
    }
    return out.join(' and ');
  };
  const upTo = alts.length > 1 && alts.every((alt, k) => alt.length === k + 1 && alt.every((p) => p === alts[0][0]));
  return upTo ? `1-${alts.length} ${alts[0][0]}` : alts.map(counted).join(', or ');
}

/// The topography's sheet row: its compulsory alternatives and the optional features.
function rowWords(t: Json): string {
  const compulsory = compulsoryWords(t);
  const [min, max] = t.optional_count ?? [2, 3];
  return `${t.name} needs ${compulsory}, then ${min}-${max} optional features of ${(t.optional ?? []).join(', ')}.`;
}

export interface FieldContext {
  view: Json;
  legal: string[];
  info: (text: string) => ActionInfo;
  act: (text: string) => void;
  rerender: () => void;
  flip: boolean;
  seat: number;
  mine: boolean;
  onInspect: (sq: string, tap: boolean) => void;
}

/// The phase's state between renders: the feature kind chosen, a river's first square, and why
/// the last click placed nothing.
export class FieldUi {
  feature: string | null = null;
  first: string | null = null;
  note = '';

  render(c: FieldContext): { board: SVGElement; controls: HTMLElement } {
    if (!sheet) loadSheet(c.rerender);
    const byFeature = new Map<string, string[]>();
    const others: string[] = [];
    for (const t of c.legal) {
      const f = c.info(t).feature;
      if (f) byFeature.set(f, [...(byFeature.get(f) ?? []), t]);
      else others.push(t);
    }
    // While a feature is being placed it is the only one offered.
    if (byFeature.size === 1) this.feature = [...byFeature.keys()][0];
    if (this.feature && !byFeature.has(this.feature)) this.feature = null;
    const actions = this.feature ? (byFeature.get(this.feature) ?? []) : [];
    const hl = new Map<string, string>();
    const withSquare = (sq: string) => actions.filter((t) => c.info(t).squares.includes(sq));
    if (this.first) {
      for (const t of withSquare(this.first)) for (const q of c.info(t).squares) if (q !== this.first) hl.set(q, 'dest');
      hl.set(this.first, 'from');
    } else for (const t of actions) for (const q of c.info(t).squares) hl.set(q, 'dest');
    const onSquare = (sq: string) => {
      if (!c.mine || c.view.battlefield?.step !== 'features') return;
      this.note = '';
      if (!this.feature) {
        if (byFeature.size) this.note = `Nothing placed on ${sq}: choose a feature first (the buttons beside the board), then click where it goes.`;
        return c.rerender();
      }
      const name = featureName(this.feature);
      if (this.first) {
        const hit = withSquare(this.first).find((t) => c.info(t).squares.includes(sq) && sq !== this.first);
        const first = this.first;
        this.first = null;
        if (hit) return c.act(hit);
        if (sq !== first)
          this.note = `The ${name} does not run between ${first} and ${sq}: after its first square, click a square marked with a dot beside it.`;
        return c.rerender();
      }
      const hits = withSquare(sq);
      if (hits.length === 1) return c.act(hits[0]);
      if (hits.length > 1) {
        this.first = sq; // a river edge: its second square comes next
        return c.rerender();
      }
      this.note = c.view.battlefield?.building
        ? `The ${name} cannot take ${sq}: its next square is one marked with a dot (free, touching the squares placed, with room left for the whole ${name} and both armies).`
        : actions.some((t) => c.info(t).squares.length)
          ? `The ${name} cannot start on ${sq}: it may start only on a square marked with a dot (free ground with room for the whole ${name} and both armies).`
          : `The ${name} is not placed on squares: use its buttons below.`;
      c.rerender();
    };
    const board = renderBoard(c.view, { flip: c.flip, seat: c.seat, highlight: hl, selected: this.first, onSquare, everySquare: true, onInspect: c.onInspect });
    markPlaced(board, c.view, c.flip);
    const controls = h('div', { class: 'field-controls', id: 'field-controls' });
    if (!c.mine) return { board, controls };
    if (this.note) controls.append(h('p', { class: 'notice err', role: 'alert', id: 'field-note', text: this.note }));
    const topo = sheet?.topographies.get(c.view.battlefield?.topography ?? '');
    if (topo && c.view.battlefield?.step === 'features')
      controls.append(
        h('p', {
          class: 'muted',
          id: 'field-row',
          text: `${rowWords(topo)} The button to finish appears once the features placed make such a choice.`,
        }),
      );
    if (byFeature.size) {
      const kinds = h('div', { class: 'actions', id: 'field-kinds' });
      for (const [f, list] of byFeature) {
        const name = c.info(list[0]).words.split(/ (on|between|from|along) /)[0];
        kinds.append(
          h(
            'button',
            {
              'data-feature': f,
              class: f === this.feature ? 'sel primary' : '',
              'aria-pressed': String(f === this.feature),
              onclick: () => {
                this.feature = f;
                this.first = null;
                // A feature without squares (a waterway) is placed by its own buttons below.
                c.rerender();
              },
            },
            name,
          ),
        );
      }
      controls.append(
        h('p', { class: 'muted', text: 'Choose a feature, then click the highlighted squares (a river: the two squares either side of its next edge).' }),
        kinds,
      );
      const effect = this.feature ? sheet?.features.get(this.feature)?.effect : undefined;
      if (effect) controls.append(h('p', { class: 'field-effect', id: 'field-effect', text: effect }));
    }
    const buttons = [...others, ...actions.filter((t) => c.info(t).squares.length === 0)];
    if (buttons.length)
      controls.append(
        h(
          'div',
          { class: 'actions', id: 'actions' },
          ...buttons.map((t) =>
            h(
              'button',
              { 'data-action': t, title: t, class: c.info(t).kind === 'terrain' && !c.info(t).feature ? 'primary' : '', onclick: () => c.act(t) },
              c.info(t).words,
            ),
          ),
        ),
      );
    return { board, controls };
  }
}

/// Marks each placed feature's squares on the board (a road's: every square it crosses),
/// numbered as the summary lists them (a plough that rolled good going and a road are clear
/// ground, which the board alone does not show); the marks let clicks through.
function markPlaced(board: SVGElement, view: Json, flip: boolean): void {
  const n: number = view.options?.board ?? 8;
  const w: number = view.width ?? n;
  const g = s('g', { class: 'field-placed', 'pointer-events': 'none' });
  const labelled = new Map<string, number>(); // labels on each square so far: a road over a plough
  (view.battlefield?.features ?? []).forEach((f: Json, i: number) => {
    const abbrev: string = sheet?.features.get(f.kind)?.abbrev ?? '';
    // A road is marked on every square it crosses (the server lists them).
    for (const sq of (f.crosses ?? f.squares ?? []) as string[]) {
      const file = sq.charCodeAt(0) - 97;
      const rank = Number(sq.slice(1)) - 1;
      const [x, y] = flip ? [w - 1 - file, rank] : [file, n - 1 - rank];
      const below = labelled.get(sq) ?? 0; // a second feature's label goes under the first's
      labelled.set(sq, below + 1);
      g.append(
        s('rect', { x: x + 0.05, y: y + 0.05, width: 0.9, height: 0.9, rx: 0.06, class: 'field-feature', 'data-feature': f.kind, 'data-square': sq }),
        s('text', { x: x + 0.1, y: y + 0.3 + 0.28 * below, class: 'field-feature-label' }, `${i + 1}${abbrev ? ' ' + abbrev : ''}`),
      );
    }
  });
  board.append(g);
}

/// The phase in words, from the position's "battlefield" record: the features placed, numbered
/// as on the board, with what a die rolled.
export function fieldSummary(view: Json): string {
  const b = view.battlefield;
  if (!b) return '';
  if (b.step === 'topography') return 'The defender chooses a home topography.';
  const placed = (b.features ?? []).map(placedWords);
  const next =
    b.step === 'side'
      ? 'The defender chooses its edge.'
      : b.building
        ? 'A feature is being placed.'
        : placed.length
          ? 'Place another feature, or finish once the features make a complete choice.'
          : 'Place a feature, or place them all automatically.';
  return `Topography: ${title(b.topography)}. Placed: ${placed.length ? placed.join('; ') : 'nothing yet'}. ${next}`;
}
