// The defender's battlefield (Ancient Warfare, map "defender" with the DBA set-up): the board with
// the squares where the chosen feature may go, one button per feature kind the game offers, and
// the phase's other actions (topography, automatic placement, done, side) as buttons. Everything
// comes from the server's action descriptions (kind, feature, squares, words): no notation is read.
import { renderBoard } from './board';
import { title } from './data';
import { ActionInfo } from './describe';
import { h, Json } from './util';

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

/// The phase's state between renders: the feature kind chosen and a river's first square.
export class FieldUi {
  feature: string | null = null;
  first: string | null = null;

  render(c: FieldContext): { board: SVGElement; controls: HTMLElement } {
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
      if (!c.mine || !this.feature) return;
      if (this.first) {
        const hit = withSquare(this.first).find((t) => c.info(t).squares.includes(sq) && sq !== this.first);
        this.first = null;
        if (hit) return c.act(hit);
        return c.rerender();
      }
      const hits = withSquare(sq);
      if (hits.length === 1) return c.act(hits[0]);
      if (hits.length > 1) {
        this.first = sq; // a river edge: its second square comes next
        c.rerender();
      }
    };
    const board = renderBoard(c.view, { flip: c.flip, seat: c.seat, highlight: hl, selected: this.first, onSquare, onInspect: c.onInspect });
    const controls = h('div', { class: 'field-controls', id: 'field-controls' });
    if (!c.mine) return { board, controls };
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

/// The phase in words, from the position's "battlefield" record.
export function fieldSummary(view: Json): string {
  const b = view.battlefield;
  if (!b) return '';
  if (b.step === 'topography') return 'The defender chooses a home topography.';
  const placed = (b.features ?? []).map((f: Json) => `${title(f.kind)}${f.squares?.length ? ' ' + f.squares.join(' ') : f.edge ? ' ' + f.edge : ''}`);
  const next =
    b.step === 'side' ? 'The defender chooses its edge.' : b.building ? 'A feature is being placed.' : 'Place a feature, place them automatically, or finish.';
  return `Topography: ${title(b.topography)}. Placed: ${placed.length ? placed.join('; ') : 'nothing yet'}. ${next}`;
}
