// The Ancient Warfare board in SVG: every terrain type drawn with its own colour and pattern,
// rivers on square edges, units as counters (an abbreviation in the owner's colour, the General
// starred, Elite marked), coordinates, the last move as an arrow, and highlighted squares for
// pointing play. Hover or tap reports the square to `onInspect` for the explanation panel.
import { ActionInfo } from './describe';
import { boardIcon } from './icons';
import { Json, s } from './util';

const ABBR: Record<string, string> = {
  general: 'Gen',
  camp: 'Camp',
  blades: 'Bd',
  pikes: 'Pk',
  spears: 'Sp',
  knights: 'Kn',
  cavalry: 'Cv',
  'light-horse': 'LH',
  'horse-archers': 'HA',
  elephants: 'El',
  psiloi: 'Ps',
  bows: 'Bw',
  auxilia: 'Ax',
  warband: 'Wb',
  artillery: 'Art',
  cataphracts: 'Cat',
  'war-wagons': 'WWg',
  'scythed-chariots': 'SCh',
  hordes: 'Hd',
  horde: 'Hd',
  hoplites: 'Hop',
  legionnaires: 'Leg',
  slingers: 'Sl',
  longbows: 'LBw',
  crossbows: 'CBw',
  'heavy-chariots': 'HCh',
  'light-chariots': 'LCh',
};

/// A short label for a unit type: the usual wargame abbreviation, or initials.
export function unitAbbr(type: string): string {
  if (ABBR[type]) return ABBR[type];
  const parts = type.split('-');
  return parts.length > 1 ? parts.map((p) => p[0].toUpperCase()).join('') : type.slice(0, 3).replace(/^./, (c) => c.toUpperCase());
}

/// The key to the counters' labels: each unit type on the board (of `units`) with the label its
/// counters show, in the order of the labels; the General and the Camp, whose counters say what
/// they are (the General's mark has a legend item of its own), are left out.
export function unitKey(units: Json[]): { type: string; label: string }[] {
  const types = [...new Set(units.map((u) => String(u.type)))].filter((t) => t !== 'general' && t !== 'camp');
  return types.map((type) => ({ type, label: unitAbbr(type) })).sort((a, b) => a.label.localeCompare(b.label));
}

/// Widths (in ems) of the bold sans-serif's letters used in labels: most capitals and small
/// letters are near the defaults, W, M, m and w far wider, i, l, t, r and f narrower.
const WIDE: Record<string, number> = { W: 1.03, M: 1, m: 1.04, w: 0.92, i: 0.34, l: 0.34, j: 0.34, t: 0.48, r: 0.49, f: 0.43 };
const labelEms = (label: string) => [...label].reduce((w, c) => w + (WIDE[c] ?? (c === c.toUpperCase() ? 0.76 : 0.7)), 0);

/// The font size (board units: a square is 1) of a counter's label: 0.3, or less where the label
/// would be wider than 0.72 (the counter is 0.84 wide), so that "WWg" or "Camp" fits inside it.
export function labelSize(label: string): number {
  return Math.min(0.3, 0.72 / Math.max(labelEms(label), 0.01));
}

export function squareName(file: number, rank: number): string {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

export const TERRAINS = ['clear', 'rough', 'hill', 'steep-hill', 'woods', 'built-up', 'impassable'];

export interface BoardOptions {
  flip: boolean;
  seat?: number; // the viewer: a tap on its own unit selects it; in a multiplayer battle its units are ringed
  highlight?: Map<string, string>; // square -> from, dest, target, join
  zone?: string[]; // a deployment being arranged: the squares of the player's zone, shaded
  selected?: string | null;
  chosen?: string[]; // units chosen besides the selected one (a group advance being built)
  last?: ActionInfo | null; // the last action, as the game describes it: drawn as an arrow
  lastMoves?: { from: string; to: string; attack?: boolean; pushed?: boolean }[]; // the turn's other moves and attacks (a group advance's units), and the units its attacks drove back
  preview?: { from: string; to: string }[]; // moves not yet played: a group advance's units and where each lands
  fallen?: string[]; // squares where units were destroyed lately: marked where they stand empty
  onSquare?: (sq: string) => void;
  /// onSquare hears every square's click, not only those with a unit or a highlight (the game
  /// says why a click chose nothing).
  everySquare?: boolean;
  /// Hover (tap = false) or a tap/click (tap = true) on a square.
  onInspect?: (sq: string, tap: boolean) => void;
}

/// Pattern definitions, one per terrain type, shared by every board on the page.
function defs(): SVGElement {
  const d = s('defs');
  const pat = (id: string, ...children: SVGElement[]) => d.append(s('pattern', { id, width: 0.25, height: 0.25, patternUnits: 'userSpaceOnUse' }, ...children));
  pat('t-rough', s('circle', { cx: 0.06, cy: 0.07, r: 0.018, class: 'dot' }), s('circle', { cx: 0.19, cy: 0.18, r: 0.014, class: 'dot' }));
  pat('t-hill', s('path', { d: 'M0 .2 Q.125 .08 .25 .2', class: 'contour' }));
  pat('t-steep-hill', s('path', { d: 'M0 .2 L.06 .08 L.125 .2 L.19 .08 L.25 .2', class: 'contour' }));
  pat('t-woods', s('circle', { cx: 0.125, cy: 0.12, r: 0.07, class: 'tree' }), s('rect', { x: 0.115, y: 0.17, width: 0.02, height: 0.05, class: 'trunk' }));
  pat(
    't-built-up',
    s('rect', { x: 0.03, y: 0.05, width: 0.09, height: 0.08, class: 'house' }),
    s('rect', { x: 0.14, y: 0.14, width: 0.08, height: 0.08, class: 'house' }),
  );
  pat('t-impassable', s('path', { d: 'M0 0L.25 .25M.25 0L0 .25', class: 'hatch' }));
  return d;
}

export function renderBoard(view: Json, o: BoardOptions): SVGElement {
  // Ranks (the board option) and files: the position names a wider board (16 files for a
  // multiplayer battle with 3 players on a side).
  const n: number = view.options?.board ?? 8;
  const w: number = view.width ?? n;
  const svg = s('svg', { viewBox: `-0.45 -0.05 ${w + 0.5} ${n + 0.5}`, class: `board-svg n${n} w${w}`, role: 'grid', 'aria-label': 'battlefield' });
  svg.append(defs());
  const pos = (sq: string): [number, number] => {
    const f = sq.charCodeAt(0) - 97;
    const r = Number(sq.slice(1)) - 1;
    return o.flip ? [w - 1 - f, r] : [f, n - 1 - r];
  };
  // A unit's colour is its side's (the players object of a multiplayer battle; else its owner).
  const sideOf = (p: number): number => view.players?.[String(p)]?.side ?? p;
  const units = new Map<string, Json>();
  for (const u of view.units ?? []) units.set(u.square, u);
  const ground = s('g', { class: 'ground' });
  const marks = s('g', { class: 'marks' });
  const pieces = s('g', { class: 'pieces' });
  const arrows = s('g', { class: 'arrows' });
  for (let f = 0; f < w; ++f)
    for (let r = 0; r < n; ++r) {
      const sq = squareName(f, r);
      const [x, y] = pos(sq);
      const terrain: string = view.terrain?.[sq] ?? 'clear';
      ground.append(
        s('rect', { x, y, width: 1, height: 1, class: `sq ${terrain} ${(f + r) % 2 ? 'dark' : 'light'}`, 'data-square': sq, 'data-terrain': terrain }),
      );
      if (terrain !== 'clear') ground.append(s('rect', { x, y, width: 1, height: 1, class: 'pattern', fill: `url(#t-${terrain})` }));
    }
  for (const [a, b] of (view.rivers ?? []) as [string, string][]) {
    const [xa, ya] = pos(a);
    const [xb, yb] = pos(b);
    // The shared edge of two orthogonal neighbours.
    const line =
      xa === xb ? { x1: xa, x2: xa + 1, y1: Math.max(ya, yb), y2: Math.max(ya, yb) } : { x1: Math.max(xa, xb), x2: Math.max(xa, xb), y1: ya, y2: ya + 1 };
    ground.append(s('line', { ...line, class: 'river' }));
  }
  for (const sq of o.zone ?? []) {
    const [x, y] = pos(sq);
    marks.append(s('rect', { x, y, width: 1, height: 1, class: 'mark zone', 'data-zone': sq }));
  }
  const hl = o.highlight ?? new Map<string, string>();
  for (const [sq, cls] of hl) {
    const [x, y] = pos(sq);
    if (cls === 'dest') marks.append(s('circle', { cx: x + 0.5, cy: y + 0.5, r: 0.15, class: 'mark dest' }));
    else marks.append(s('rect', { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.08, class: `mark ${cls}` }));
  }
  // Moves along one line (a column's group advance) would lie on top of each other: each
  // further one is drawn a little to the side.
  const drawn: { from: number[]; to: number[] }[] = [];
  const moves = [...(o.lastMoves ?? []), ...(o.preview ?? []).map((m) => ({ ...m, preview: true }))];
  for (const mv of moves as { from: string; to: string; attack?: boolean; preview?: boolean; pushed?: boolean }[]) {
    if (mv.preview) {
      const [x, y] = pos(mv.to);
      marks.append(s('rect', { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.08, class: 'mark landing', 'data-landing': mv.to }));
    } else
      for (const sq of [mv.from, mv.to]) {
        const [x, y] = pos(sq);
        marks.append(s('rect', { x, y, width: 1, height: 1, class: 'mark last' }));
      }
    const occupied = (!!mv.attack || !!mv.preview) && (view.units ?? []).some((u: Json) => u.square === mv.from);
    const ends = [pos(mv.from), pos(mv.to)].map(([x, y]) => [x + 0.5, y + 0.5]);
    const along = drawn.filter((d) => collinear(d.from, d.to, ends[0]) && collinear(d.from, d.to, ends[1])).length;
    drawn.push({ from: ends[0], to: ends[1] });
    if (along > 0) {
      const [dx, dy] = [ends[1][0] - ends[0][0], ends[1][1] - ends[0][1]];
      const len = Math.hypot(dx, dy) || 1;
      const side = (along % 2 ? 1 : -1) * 0.14 * Math.ceil(along / 2);
      for (const e of ends) {
        e[0] += (-dy / len) * side;
        e[1] += (dx / len) * side;
      }
    }
    const line = arrowLine(ends, occupied, !!mv.attack);
    if (mv.preview) line.classList.add('preview');
    if (mv.pushed) line.classList.add('pushed');
    arrows.append(line);
  }
  if (o.last) {
    const a = o.last;
    const end = a.target ?? a.to;
    const path = [a.from, a.via, end].filter((x): x is string => !!x);
    for (const sq of path) {
      const [x, y] = pos(sq);
      marks.append(s('rect', { x, y, width: 1, height: 1, class: 'mark last' }));
    }
    const centre = (q: string) => pos(q).map((c) => c + 0.5);
    // A unit still standing on a line's first square (an attacker): the line starts at its edge.
    const occupied = (q: string) => (view.units ?? []).some((u: Json) => u.square === q);
    if (a.via && a.target && a.from) {
      // A Charge or Trample: the move to the square it attacked from, then the attack.
      arrows.append(arrowLine([centre(a.from), centre(a.via)], occupied(a.from), false));
      arrows.append(arrowLine([centre(a.via), centre(a.target)], occupied(a.via), true));
    } else if (path.length >= 2) arrows.append(arrowLine(path.map(centre), occupied(path[0]), !!a.target));
  }
  // A unit destroyed lately: a cross on its square, while the square stands empty.
  for (const sq of fallenShown(view, o.fallen ?? [])) {
    const [x, y] = pos(sq);
    marks.append(fallenCross(x, y, sq));
  }
  for (const u of view.units ?? []) {
    const [x, y] = pos(u.square);
    const general = u.type === 'general' || u.general === true;
    // A multiplayer battle: allies share a colour, so the viewer's own units wear a ring.
    const own = !!view.players && !!o.seat && u.owner === o.seat;
    const ug = s('g', {
      class: `unit p${sideOf(u.owner)} ${o.selected === u.square || o.chosen?.includes(u.square) ? 'sel' : ''} ${general ? 'is-general' : ''} ${own ? 'own' : ''}`,
      'data-unit': u.square,
      'data-player': u.owner,
      'data-type': u.type,
    });
    ug.append(s('rect', { x: x + 0.08, y: y + 0.1, width: 0.84, height: 0.8, rx: 0.1, class: 'counter' }));
    if (own) ug.append(ownRing(x, y));
    const label = unitAbbr(u.type);
    if (u.type === 'camp') ug.append(boardIcon('tent', x + 0.3, y + 0.16, 0.4, 'glyph'));
    else if (general) ug.append(boardIcon('star', x + 0.34, y + 0.14, 0.32, 'glyph star'));
    ug.append(
      s('text', { x: x + 0.5, y: y + (u.type === 'camp' || general ? 0.7 : 0.53), class: 'abbr', style: `font-size: ${labelSize(label).toFixed(3)}px` }, label),
    );
    if (u.elite) ug.append(boardIcon('star', x + 0.68, y + 0.12, 0.2, 'elite'));
    // A multiplayer battle: the player's number in the counter's corner (allies share a colour).
    if (view.players) ug.append(s('text', { x: x + 0.2, y: y + 0.32, class: 'pnum' }, String(u.owner)));
    pieces.append(ug);
  }
  const hits = s('g', { class: 'hits' });
  for (let f = 0; f < w; ++f)
    for (let r = 0; r < n; ++r) {
      const sq = squareName(f, r);
      const [x, y] = pos(sq);
      const u = units.get(sq);
      const terrain: string = view.terrain?.[sq] ?? 'clear';
      const what = u ? `, ${u.elite ? 'Elite ' : ''}${u.type}${u.general ? ' (General)' : ''} of player ${u.owner}` : '';
      const cls = hl.get(sq);
      const hit = s('rect', { x, y, width: 1, height: 1, class: `hit ${cls ?? ''}`, 'data-square': sq }, s('title', {}, `${sq}: ${terrain}${what}`));
      if (o.onSquare && (cls || u)) {
        hit.setAttribute('class', `hit clickable ${cls ?? ''}`);
        hit.setAttribute('tabindex', '0');
        hit.setAttribute('role', 'button');
        hit.setAttribute('aria-label', `${sq}: ${terrain}${what}`);
        hit.addEventListener('keydown', (e) => {
          const k = (e as KeyboardEvent).key;
          if (k === 'Enter' || k === ' ') {
            e.preventDefault();
            o.onSquare!(sq);
          }
        });
      }
      hit.addEventListener('click', () => {
        // A tap on something to act with selects it; any other tap asks what it is.
        o.onInspect?.(sq, !cls && !(u && u.owner === o.seat));
        if (o.onSquare && (cls || u || o.everySquare)) o.onSquare(sq);
      });
      hit.addEventListener('mouseenter', () => o.onInspect?.(sq, false));
      hits.append(hit);
    }
  const coords = s('g', { class: 'coords' });
  for (let i = 0; i < w; ++i) {
    const file = o.flip ? w - 1 - i : i;
    coords.append(s('text', { x: i + 0.5, y: n + 0.3, class: 'coord' }, String.fromCharCode(97 + file)));
  }
  for (let i = 0; i < n; ++i) {
    const rank = o.flip ? i + 1 : n - i;
    coords.append(s('text', { x: -0.22, y: i + 0.5, class: 'coord rank' }, String(rank)));
  }
  const arrow = s(
    'marker',
    { id: 'arrowhead', viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse' },
    s('path', { d: 'M0 0L10 5L0 10z', class: 'arrowhead' }),
  );
  svg.querySelector('defs')!.append(arrow);
  ground.append(s('rect', { x: 0, y: 0, width: w, height: n, class: 'frame' }));
  svg.append(ground, marks, pieces, arrows, hits, coords);
  return svg;
}

/// The terrain legend: one swatch per type present (or all), rivers included.
export function terrainLegend(view: Json | null): SVGElement[] {
  const present = new Set<string>(view ? Object.values(view.terrain ?? {}) : TERRAINS);
  const kinds = TERRAINS.filter((t) => t === 'clear' || present.has(t));
  if (!view || (view.rivers ?? []).length) kinds.push('river');
  return kinds.map((t) => {
    const svg = s('svg', { viewBox: '0 0 1 1', class: 'swatch', 'data-terrain': t });
    svg.append(defs());
    if (t === 'river') {
      svg.append(s('rect', { x: 0, y: 0, width: 1, height: 1, class: 'sq clear light' }), s('line', { x1: 0, y1: 0.5, x2: 1, y2: 0.5, class: 'river' }));
    } else {
      svg.append(s('rect', { x: 0, y: 0, width: 1, height: 1, class: `sq ${t} light` }));
      if (t !== 'clear') svg.append(s('rect', { x: 0, y: 0, width: 1, height: 1, fill: `url(#t-${t})` }));
    }
    return svg;
  });
}

/// A mark a counter may carry, for the legend.
export type CounterMark = 'general' | 'elite' | 'own' | 'ally' | 'fallen';

/// The squares of units destroyed lately that a cross marks: those that stand empty (a pursuer
/// may have moved in).
function fallenShown(view: Json | null, squares: string[]): string[] {
  return squares.filter((sq) => !(view?.units ?? []).some((u: Json) => u.square === sq));
}

/// The cross on the square of a unit destroyed lately (lines, not a glyph: every font has them).
function fallenCross(x: number, y: number, sq = ''): SVGElement {
  const g = s('g', { class: 'fallen', ...(sq ? { 'data-fallen': sq } : {}) });
  g.append(s('line', { x1: x + 0.3, y1: y + 0.3, x2: x + 0.7, y2: y + 0.7 }), s('line', { x1: x + 0.7, y1: y + 0.3, x2: x + 0.3, y2: y + 0.7 }));
  return g;
}

/// The ring inside the counter of a unit of the viewer's own in a multiplayer battle.
function ownRing(x: number, y: number): SVGElement {
  return s('rect', { x: x + 0.15, y: y + 0.17, width: 0.7, height: 0.66, rx: 0.06, class: 'own-ring' });
}

/// The marks a unit counter may carry, for the legend: the General's star and border, the
/// corner star of an Elite unit, and in a multiplayer battle seen from a seat (`seat`) the ring
/// of the seat's own units beside its allies' plain counters, and the cross of the `fallen`
/// squares the board marks; only those present on `view`'s board (the General and Elite
/// without a view).
export function markLegend(view: Json | null, seat = 0, fallen: string[] = []): { mark: CounterMark; swatch: SVGElement; label: string }[] {
  const units: Json[] = view?.units ?? [];
  const marks: { mark: CounterMark; swatch: SVGElement; label: string }[] = [];
  const sideOf = (p: number): number => view?.players?.[String(p)]?.side ?? p;
  const counter = (mark: CounterMark) => {
    const svg = s('svg', { viewBox: '0 0 1 1', class: 'swatch mark-swatch' });
    // Styled as a board's unit (style.css), but not one: not a g.unit, which stands for a unit.
    // In the viewer's colour (a red player read blue swatches); a spectator's or replay's: side 1.
    const side = seat > 0 ? sideOf(seat) : 1;
    const g = s('g', { class: `legend-unit p${side} ${mark === 'general' ? 'is-general' : ''}` });
    g.append(s('rect', { x: 0.08, y: 0.1, width: 0.84, height: 0.8, rx: 0.1, class: 'counter' }));
    if (mark === 'general') g.append(boardIcon('star', 0.26, 0.22, 0.48, 'glyph star'));
    if (mark === 'elite') g.append(boardIcon('star', 0.55, 0.12, 0.32, 'elite'));
    if (mark === 'own') g.append(ownRing(0, 0));
    svg.append(g);
    return svg;
  };
  if (!view || units.some((u) => u.type === 'general' || u.general === true)) marks.push({ mark: 'general', swatch: counter('general'), label: 'General' });
  if (!view || units.some((u) => u.elite)) marks.push({ mark: 'elite', swatch: counter('elite'), label: 'Elite' });
  if (fallenShown(view, fallen).length) {
    const svg = s('svg', { viewBox: '0 0 1 1', class: 'swatch mark-swatch' });
    svg.append(fallenCross(0, 0));
    marks.push({ mark: 'fallen', swatch: svg, label: 'Destroyed lately' });
  }
  if (view?.players && seat > 0) {
    if (units.some((u) => u.owner === seat)) marks.push({ mark: 'own', swatch: counter('own'), label: 'Yours' });
    if (units.some((u) => u.owner !== seat && sideOf(u.owner) === sideOf(seat))) marks.push({ mark: 'ally', swatch: counter('ally'), label: 'Your allies’' });
  }
  return marks;
}

/// The last move's arrow through `centres` (square centres), its head stopping short of the
/// last square's counter and, where `fromEdge`, starting at the edge of the first one's, so that
/// it crosses no label; shorter steps keep shorter margins, so that an arrow between neighbours
/// is still a line with a head.
function arrowLine(centres: number[][], fromEdge: boolean, attack: boolean): SVGElement {
  const pts = centres.map((c) => [...c]);
  const shorten = (at: number, towards: number, share: number) => {
    const [ax, ay] = pts[at];
    const [bx, by] = pts[towards];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const cut = Math.min(0.38, len * share);
    pts[at] = [ax + ((bx - ax) / len) * cut, ay + ((by - ay) / len) * cut];
  };
  shorten(pts.length - 1, pts.length - 2, 0.3);
  if (fromEdge) shorten(0, 1, 0.22);
  return s('polyline', { points: pts.map((c) => c.join(',')).join(' '), class: `arrow ${attack ? 'attack' : 'move'}`, 'marker-end': 'url(#arrowhead)' });
}

/// Whether point `p` lies on the line through `a` and `b`.
function collinear(a: number[], b: number[], p: number[]): boolean {
  return Math.abs((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])) < 1e-9;
}
