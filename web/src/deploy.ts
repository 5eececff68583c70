// Manual deployment in Ancient Warfare. The board shows the automatic deployment the server
// offers; the player moves a unit by clicking it and then an empty square of the deployment
// rows, or swaps two units by clicking one and then the other, and sends the result (the server
// checks it and explains a refusal). "Deploy automatically" stays in the list of actions.
// The offer's units come from the game's description of it; the arranged deployment is written
// back as the contract's `deploy TYPE[*][!]:SQ,...` (the one action the page composes itself,
// since no list could hold every arrangement).
import { renderBoard } from './board';
import { ActionInfo } from './describe';
import { h, Json } from './util';

/// One unit of the deployment.
export interface Placed {
  type: string;
  elite: boolean;
  general: boolean;
  sq: string;
}

function placed(offer: ActionInfo): Placed[] {
  return (offer.units ?? []).map((u: Json) => ({ type: String(u.type), elite: !!u.elite, general: !!u.general, sq: String(u.square) }));
}

/// The contract's deploy action for an arrangement.
function deployText(plan: Placed[]): string {
  return 'deploy ' + plan.map((p) => `${p.type}${p.elite ? '*' : ''}${p.general ? '!' : ''}:${p.sq}`).join(',');
}

/// The deployment being arranged by the seat to act; it starts again when the offer changes.
export class DeploymentPlanner {
  private plan: Placed[] = [];
  private offered = '';
  private sel: string | null = null;

  constructor(private readonly rerender: () => void) {}

  /// The unit picked up to be moved (null: none), and the arrangement's squares: what a zoomed
  /// board keeps in sight.
  picked(): Placed | null {
    return (this.sel && this.plan.find((p) => p.sq === this.sel)) || null;
  }
  squares(): string[] {
    return this.plan.map((p) => p.sq);
  }

  render(
    view: Json,
    seat: number,
    offer: ActionInfo,
    act: (text: string) => void,
    inspect: (sq: string, tap: boolean, shown: Json[]) => void,
  ): { board: SVGElement; controls: HTMLElement } {
    if (offer.text !== this.offered) {
      this.offered = offer.text;
      this.plan = placed(offer);
      this.sel = null;
    }
    // The squares the player may deploy on, as the core offers them (the back rows; the DBA-style
    // set-up's and a multiplayer battle's wider zone, without the outer files; a contingent's own
    // sector): shaded while arranging, the empty ones offered as destinations.
    const zone: string[] = offer.zone ?? [];
    const at = (sq: string) => this.plan.find((p) => p.sq === sq);
    const hl = new Map<string, string>();
    if (this.sel) {
      for (const sq of zone) if (!at(sq)) hl.set(sq, 'dest');
      for (const p of this.plan) if (p.sq !== this.sel) hl.set(p.sq, 'join');
    }
    const planned = this.plan.map((p) => ({ square: p.sq, type: p.type, elite: p.elite, general: p.general, owner: seat }));
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
    const units = [...others, ...planned];
    const board = renderBoard(
      { ...view, units },
      // The seat's side at the bottom (a multiplayer battle's players object gives it).
      {
        flip: (view.players?.[String(seat)]?.side ?? seat) === 2,
        highlight: hl,
        zone,
        selected: this.sel,
        onSquare,
        onInspect: (sq, tap) => inspect(sq, tap, units),
      },
    );
    const text = deployText(this.plan);
    const controls = h(
      'div',
      { class: 'deploy' },
      h('p', {
        class: 'muted',
        id: 'deploy-help',
        text: 'Pick a unit, then an empty square of your deployment zone (shaded) to move it, or another unit to swap them.',
      }),
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
