// The Ancient Warfare board in SVG: terrain, units with a symbol and a short label in their
// owner's colour, Elite marks, coordinates, and highlighted squares for pointing play.
import { Json, s } from './util';

const LABELS: Record<string, [string, string]> = {
  general: ['Gen', '★'], camp: ['Cmp', '⛺'], blades: ['Bd', '⚔'], pikes: ['Pk', '↑'], spears: ['Sp', '↑'],
  knights: ['Kn', '♞'], cavalry: ['Cv', '♘'], 'light-horse': ['LH', '♘'], 'horse-archers': ['HA', '➶'],
  elephants: ['El', '🐘'], psiloi: ['Ps', '·'], bows: ['Bw', '➶'], auxilia: ['Ax', '⚔'], warband: ['Wb', '⚔'],
  artillery: ['Art', '✺'], cataphracts: ['Cat', '♞'], chariots: ['Ch', '⛭'], 'war-wagons': ['WW', '▭'], hordes: ['Hd', '≈'],
};

export function unitLabel(type: string): [string, string] {
  return LABELS[type] ?? [type.slice(0, 2).replace(/^./, (c) => c.toUpperCase()), '■'];
}

export function squareName(file: number, rank: number): string {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

export interface BoardOptions {
  flip: boolean;
  highlight?: Map<string, string>; // square -> css class (from, dest, target)
  selected?: string | null;
  onSquare?: (sq: string) => void;
}

export function renderBoard(view: Json, o: BoardOptions): SVGElement {
  const n: number = view.options?.board ?? 8;
  const svg = s('svg', { viewBox: `-0.5 -0.1 ${n + 0.6} ${n + 0.6}`, role: 'grid', 'aria-label': 'battlefield' });
  const pos = (sq: string): [number, number] => {
    const f = sq.charCodeAt(0) - 97;
    const r = Number(sq.slice(1)) - 1;
    return o.flip ? [n - 1 - f, r] : [f, n - 1 - r];
  };
  const units = new Map<string, Json>();
  for (const u of view.units ?? []) units.set(u.square, u);
  for (let f = 0; f < n; ++f)
    for (let r = 0; r < n; ++r) {
      const sq = squareName(f, r);
      const [x, y] = pos(sq);
      const terrain = view.terrain?.[sq] ?? 'clear';
      const hl = o.highlight?.get(sq);
      const u = units.get(sq);
      const rect = s('rect', { x, y, width: 1, height: 1, class: `sq ${terrain} ${(f + r) % 2 ? 'dark' : ''} ${hl ?? ''}`, 'data-square': sq });
      const title = `${sq}: ${terrain}${u ? `, ${u.elite ? 'elite ' : ''}${u.type} of player ${u.owner}` : ''}`;
      rect.append(s('title', {}, title));
      const g = s('g', {}, rect);
      if (o.onSquare && (hl || u)) {
        g.setAttribute('class', 'clickable');
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.setAttribute('aria-label', title);
        g.addEventListener('click', () => o.onSquare!(sq));
        g.addEventListener('keydown', (e) => {
          const k = (e as KeyboardEvent).key;
          if (k === 'Enter' || k === ' ') { e.preventDefault(); o.onSquare!(sq); }
        });
      }
      if (u) {
        const [label, sym] = unitLabel(u.type);
        const ug = s('g', { class: `unit p${u.owner} ${o.selected === sq ? 'sel' : ''}`, 'data-unit': sq });
        ug.append(s('rect', { x: x + 0.1, y: y + 0.12, width: 0.8, height: 0.76, rx: 0.1 }));
        ug.append(s('text', { x: x + 0.5, y: y + 0.36, class: 'sym' }, sym));
        ug.append(s('text', { x: x + 0.5, y: y + 0.66 }, label));
        if (u.elite) ug.append(s('text', { x: x + 0.8, y: y + 0.24, class: 'elite' }, '✦'));
        g.append(ug);
      }
      svg.append(g);
    }
  for (let i = 0; i < n; ++i) {
    const file = o.flip ? n - 1 - i : i;
    svg.append(s('text', { x: i + 0.45, y: n + 0.35, class: 'coord' }, String.fromCharCode(97 + file)));
    const rank = o.flip ? i + 1 : n - i;
    svg.append(s('text', { x: -0.4, y: i + 0.55, class: 'coord' }, String(rank)));
  }
  return svg;
}

/// The squares an action names, in order (from first, target or destination last).
export function squaresOf(text: string): string[] {
  const parts = text.split(' ');
  const rest = parts[0] === 'autokill' || parts[0] === 'dismount' ? parts.slice(1) : parts.slice(2);
  return rest.join(' ').match(/[a-l](1[0-2]|[1-9])/g) ?? [];
}

export function cardOf(text: string): string | null {
  const parts = text.split(' ');
  return ['move', 'attack', 'advance', 'defend', 'discard'].includes(parts[0]) ? parts[1] ?? null : parts[0] === 'dismount' ? 'special-ability' : parts[0] === 'scout' ? 'scout' : null;
}
