// Manual deployment in Ancient Warfare. The board shows the automatic deployment the server
// offers; the player moves a unit by clicking it and then an empty square of the deployment
// rows, or swaps two units by clicking one and then the other, and sends the result (the server
// checks it and explains a refusal). "Deploy automatically" stays in the list of actions.
import { renderBoard, squareName } from './board';
import { h, Json } from './util';

/// One unit of the deployment: `unit` as the action writes it ("blades*" Elite, "cavalry!"
/// the nominated General).
interface Placed {
  unit: string;
  sq: string;
}

function parse(text: string): Placed[] {
  return text
    .slice('deploy '.length)
    .split(',')
    .map((x) => {
      const [unit, sq] = x.split(':');
      return { unit, sq };
    });
}

/// The deployment being arranged by the seat to act; it starts again when the offer changes.
export class DeploymentPlanner {
  private plan: Placed[] = [];
  private offered = '';
  private sel: string | null = null;

  constructor(private readonly rerender: () => void) {}

  render(view: Json, seat: number, offered: string, act: (text: string) => void, inspect: (sq: string) => void): { board: SVGElement; controls: HTMLElement } {
    if (offered !== this.offered) {
      this.offered = offered;
      this.plan = parse(offered);
      this.sel = null;
    }
    const n: number = view.options?.board ?? 8;
    const ranks = [...new Set(parse(offered).map((p) => Number(p.sq.slice(1)) - 1))];
    // The DBA-style set-up keeps the two outermost files on each side empty (files c-j on 12x12).
    const fileOk = (f: number) => !view.options?.dba_setup || (f >= 2 && f <= n - 3);
    const at = (sq: string) => this.plan.find((p) => p.sq === sq);
    const hl = new Map<string, string>();
    if (this.sel) {
      for (let f = 0; f < n; ++f)
        for (const r of ranks)
          if (fileOk(f) && !at(squareName(f, r)) && !view.terrain?.[squareName(f, r)]?.startsWith('impassable')) hl.set(squareName(f, r), 'dest');
      for (const p of this.plan) if (p.sq !== this.sel) hl.set(p.sq, 'join');
    }
    const planned = this.plan.map((p) => ({
      square: p.sq,
      type: p.unit.replace(/[*!]/g, ''),
      elite: p.unit.includes('*'),
      general: p.unit.includes('!'),
      owner: seat,
    }));
    const others = (view.units ?? []).filter((u: Json) => !at(u.square));
    const onSquare = (sq: string) => {
      const chosen = this.sel ? at(this.sel) : undefined;
      if (!chosen) this.sel = at(sq) ? sq : null;
      else if (sq === this.sel) this.sel = null;
      else {
        const other = at(sq);
        if (other) other.sq = chosen.sq; // swap two units
        if (other || hl.get(sq) === 'dest') chosen.sq = sq;
        this.sel = null;
      }
      this.rerender();
    };
    const board = renderBoard(
      { ...view, units: [...others, ...planned] },
      { flip: seat === 2, highlight: hl, selected: this.sel, onSquare, onInspect: inspect },
    );
    const text = 'deploy ' + this.plan.map((p) => `${p.unit}:${p.sq}`).join(',');
    const controls = h(
      'div',
      { class: 'deploy' },
      h('p', { class: 'muted', text: 'Click a unit, then an empty square of your rows to move it, or another unit to swap them.' }),
      h('button', { id: 'deploy-placed', class: 'primary', onclick: () => act(text) }, 'Deploy as placed'),
      h(
        'button',
        {
          onclick: () => {
            this.offered = '';
            this.rerender();
          },
        },
        'Start again',
      ),
    );
    return { board, controls };
  }
}
