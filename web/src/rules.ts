// The rules page (#rules): each game's rules book from the server (every unit, card and terrain
// kind explained from the rules data, for each value of the options that change the rules, such
// as Ancient Warfare's edition), and the house rules from the option schema. Reachable from the
// header and from every game. The page holds no rules of its own.
import { terrainLegend } from './board';
import { Explanation, loadBook, loadCatalogue } from './books';
import { title } from './data';
import { h, Json } from './util';

function card(e: Explanation, extra: Node | null = null): HTMLElement {
  return h(
    'article',
    { class: 'rule-card' },
    h('h3', {}, extra, e.title, e.subtitle ? h('small', { text: ` ${e.subtitle}` }) : null),
    e.stats?.length ? h('dl', { class: 'stats' }, ...e.stats.flatMap(([k, v]) => [h('dt', { text: k }), h('dd', { text: v })])) : null,
    e.lines.length ? h('ul', {}, ...e.lines.map((l) => h('li', { text: l }))) : null,
  );
}

interface Tab {
  key: string;
  label: string;
  game: string;
  options: Json;
}

/// One tab per game, or per value of a game's rules choice (an edition).
function tabsOf(cat: Json): Tab[] {
  const tabs: Tab[] = [];
  for (const g of cat.games ?? []) {
    const name = String(g.description ?? g.name)
      .split(/[(:]/)[0]
      .trim();
    const choice = (g.options ?? []).find((o: Json) => o.group === 'rules' && o.type === 'choice');
    if (choice)
      for (const v of choice.values ?? [])
        tabs.push({ key: String(v), label: `${name}, ${choice.label ?? choice.name}: ${title(String(v))}`, game: g.name, options: { [choice.name]: v } });
    else tabs.push({ key: g.short_name, label: name, game: g.name, options: {} });
  }
  return tabs;
}

export function showRules(app: HTMLElement, which: string): void {
  app.replaceChildren(h('div', { class: 'rules-page' }, h('h1', { text: 'Rules' }), h('p', { class: 'muted', text: 'Loading the rules…' })));
  void render(app, which);
}

async function render(app: HTMLElement, which: string): Promise<void> {
  const cat = await loadCatalogue();
  const tabs = tabsOf(cat);
  const all: [string, string][] = [...tabs.map((t): [string, string] => [t.key, t.label]), ['house', 'House rules']];
  const current = all.some(([k]) => k === which) ? which : (all[0]?.[0] ?? 'house');
  const nav = h(
    'nav',
    { class: 'tabs', 'aria-label': 'rules' },
    ...all.map(([k, label]) =>
      h('a', { href: `#rules=${k}`, class: k === current ? 'active' : '', 'aria-current': k === current ? 'page' : false, text: label }),
    ),
  );
  const body = h('div', { class: 'rules-body' });
  const tab = tabs.find((t) => t.key === current);
  if (tab) {
    try {
      const book = await loadBook(tab.game, tab.options);
      body.append(h('h2', { text: book.title }), h('p', { class: 'lead', text: book.facts.join(' ') }));
      for (const s of book.sections) {
        // Terrain entries carry the board's own swatch.
        const swatches = s.id === 'terrain' ? new Map(terrainLegend(null).map((sw) => [sw.getAttribute('data-terrain') ?? '', sw as unknown as Node])) : null;
        body.append(
          h('h2', { text: s.title }),
          h('div', { class: 'rule-grid', id: `rules-${s.id}` }, ...s.entries.map((e) => card(e, swatches?.get(e.id)?.cloneNode(true) ?? null))),
        );
      }
    } catch (e) {
      body.append(h('p', { class: 'notice err', role: 'alert', text: `The rules cannot be shown: ${(e as Error).message}` }));
    }
  } else {
    const house = (cat.games ?? []).flatMap((g: Json) => (g.options ?? []).filter((o: Json) => o.group === 'house rule'));
    body.append(
      h('h2', { text: 'House rules (options of a game)' }),
      h(
        'div',
        { class: 'rule-grid', id: 'rules-house' },
        ...house.map((o: Json) => card({ title: o.label ?? o.name, subtitle: o.name, lines: [o.description] })),
      ),
    );
  }
  app.replaceChildren(h('div', { class: 'rules-page' }, h('h1', { text: 'Rules' }), nav, body));
}
