// The rules page (#rules): every unit, card and terrain of each Ancient Warfare edition and
// every Ancient Generals card, explained from the rules data (explain.ts), with the house rules
// from the option schema. Reachable from the header and from every game.
import { terrainLegend } from './board';
import { DATA, title } from './data';
import { explainCard, explainGenerals, explainTerrain, explainUnit, Explanation } from './explain';
import { GAMES } from './schema';
import { h } from './util';

function card(e: Explanation, extra: Node | null = null): HTMLElement {
  return h(
    'article',
    { class: 'rule-card' },
    h('h3', {}, extra, e.title, e.subtitle ? h('small', { text: ` ${e.subtitle}` }) : null),
    e.stats?.length ? h('dl', { class: 'stats' }, ...e.stats.flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })])) : null,
    e.lines.length ? h('ul', {}, ...e.lines.map((l) => h('li', { text: l }))) : null,
  );
}

export function showRules(app: HTMLElement, which: string): void {
  const tabs: [string, string][] = [
    ...Object.keys(DATA.warfare).map((ed): [string, string] => [ed, `Ancient Warfare: ${title(ed)}`]),
    ['generals', 'Ancient Generals'],
    ['house', 'House rules & terrain'],
  ];
  const current = tabs.some(([k]) => k === which) ? which : tabs[0][0];
  const nav = h(
    'nav',
    { class: 'tabs', 'aria-label': 'rules' },
    ...tabs.map(([k, label]) =>
      h('a', { href: `#rules=${k}`, class: k === current ? 'active' : '', 'aria-current': k === current ? 'page' : false, text: label }),
    ),
  );
  const body = h('div', { class: 'rules-body' });
  if (DATA.warfare[current]) {
    const r = DATA.warfare[current];
    body.append(
      h('h2', { text: r.title }),
      h('p', {
        class: 'lead',
        text: `${r.rules.combat === 'autokill' ? 'Card attacks destroy unless the target is immune; some units destroy others without a card (auto-kill).' : 'An attack not negated forces the target to retreat one square, or destroys it.'} Move cards move ${r.rules.move_distance === 'exact' ? 'exactly' : 'up to'} their number of squares. Each army has a General, a Camp and ${r.rules.army_units} units, up to ${r.rules.elite_max} Elite. A player loses when the General is destroyed or at ${r.rules.loss_limit} loss points.`,
      }),
      h('h2', { text: 'Units' }),
      h('div', { class: 'rule-grid', id: 'rules-units' }, ...Object.keys(r.units).map((u) => card(explainUnit(u, current)))),
      h('h2', { text: 'Cards' }),
      h('div', { class: 'rule-grid', id: 'rules-cards' }, ...Object.keys(r.cards).map((c) => card(explainCard(c, current)))),
    );
  } else if (current === 'generals') {
    const g = DATA.generals;
    body.append(
      h('h2', { text: g.title }),
      h('p', {
        class: 'lead',
        text: `Each player plays from a deck of ${g.rules.deal} cards and draws up to ${g.rules.hand}. A turn has six phases: Scout, Discard, Draw, Flank, Artillery, Attack. The player with more flank points is Encircling: each of its unblocked attackers deals ${g.rules.encircling_damage} more damage. A player whose deck and reserve are both empty loses.`,
      }),
      h('h2', { text: 'Unit types' }),
      h('dl', { class: 'stats wide' }, ...Object.entries(g.types).flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })])),
      h('h2', { text: 'Unit cards' }),
      h('div', { class: 'rule-grid', id: 'rules-generals' }, ...g.units.map((u) => card(explainGenerals(u.name)))),
      h('h2', { text: 'Tactics cards' }),
      h('div', { class: 'rule-grid' }, ...g.tactics.map((t) => card(explainGenerals(t.name)))),
    );
  } else {
    const house = GAMES[0].options.filter((o) => o.group === 'house');
    const swatches = terrainLegend(null);
    body.append(
      h('h2', { text: 'Terrain' }),
      h(
        'div',
        { class: 'rule-grid', id: 'rules-terrain' },
        ...swatches.map((sw) => card(explainTerrain(sw.getAttribute('data-terrain')!), sw as unknown as Node)),
      ),
      h('h2', { text: 'House rules (options of a game)' }),
      h('div', { class: 'rule-grid' }, ...house.map((o) => card({ title: o.label, subtitle: o.name, lines: [o.description] }))),
    );
  }
  app.replaceChildren(h('div', { class: 'rules-page' }, h('h1', { text: 'Rules' }), nav, body));
}
