// The rules page (#rules): each game's rules book from the server (every unit, card and terrain
// kind explained from the rules data, for each value of the options that change the rules, such
// as Ancient Warfare's edition), and every other option that changes a game's rules (house
// rules, multiplayer, the rest) from the option schema. Links go to a tab's sections, and a box
// keeps only the entries that hold the words typed. Reachable from the header and from every
// game. The page holds no rules of its own.
import { terrainLegend } from './board';
import { Book, BookEntry, Explanation, loadBook, loadCatalogue } from './books';
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

/// What turning a yes/no option on changes in a game's rules book, compared with the book
/// without it: the entries it gains, and the entries it words differently (with the lines it
/// adds and, marked, those it takes away). Both books come from the server; an option whose book the server does
/// not give (one that needs more, such as a set-up) changes nothing here.
async function optionEffects(game: string, base: Book | null, option: Json, fixed: Json): Promise<HTMLElement | null> {
  if (!base || option.type !== 'bool' || option.default === true) return null;
  let book: Book;
  try {
    book = await loadBook(game, { ...fixed, [option.name]: true });
  } catch {
    return null;
  }
  const before = new Map<string, BookEntry>();
  for (const s of base.sections) for (const e of s.entries) before.set(`${s.id}/${e.id}`, e);
  const added: BookEntry[] = [];
  const changed: [BookEntry, string[]][] = [];
  for (const s of book.sections)
    for (const e of s.entries) {
      const old = before.get(`${s.id}/${e.id}`);
      if (!old) added.push(e);
      else {
        const lines = [
          ...e.lines.filter((l) => !old.lines.includes(l)),
          // What the option takes away (a house rule's unit losing its special ability).
          ...old.lines.filter((l) => !e.lines.includes(l)).map((l) => `No longer: ${l}`),
          ...(e.stats ?? []).filter(([k, v]) => !(old.stats ?? []).some(([k2, v2]) => k2 === k && v2 === v)).map(([k, v]) => `${k}: ${v}`),
        ];
        if (lines.length) changed.push([e, lines]);
      }
    }
  if (!added.length && !changed.length) return null;
  const sameWords = new Map<string, string[]>();
  for (const [e, lines] of changed) sameWords.set(lines.join(' '), [...(sameWords.get(lines.join(' ')) ?? []), e.title]);
  return h(
    'div',
    { class: 'rule-effects' },
    h('h4', { text: 'With it, the rules book has:' }),
    ...added.map((e) => {
      // The entry as the book shows it, inside the option's card (not a card of its own, which
      // the finding box would count and hide apart from its option).
      const entry = card(e);
      entry.className = 'rule-added';
      entry.dataset.entry = e.id;
      return entry;
    }),
    changed.length
      ? h(
          'ul',
          { class: 'rule-changed' },
          // Entries worded the same way are said once, by their titles together.
          ...[...sameWords].map(([text, titles]) => h('li', {}, h('strong', { text: `${titles.join(', ')}: ` }), text)),
        )
      : null,
  );
}

/// One option's effects over the values of its game's rules choice (the editions), each found
/// against that value's own book: said once where every value's book changes alike, else for
/// each value that changes it, by name ("With it (edition: retreat), ...").
function effectsOverChoice(found: (HTMLElement | null)[], values: string[], label: string): HTMLElement | null {
  const alike = new Map<string, [HTMLElement, string[]]>();
  found.forEach((e, i) => {
    if (!e) return;
    const same = alike.get(e.textContent ?? '');
    if (same) same[1].push(values[i]);
    else alike.set(e.textContent ?? '', [e, [values[i]]]);
  });
  const groups = [...alike.values()];
  if (!groups.length) return null;
  if (groups.length === 1 && groups[0][1].length === found.length) return groups[0][0];
  for (const [e, names] of groups) {
    const heading = e.querySelector('h4');
    if (heading) heading.textContent = `With it (${label}: ${names.join(' or ')}), the rules book has:`;
  }
  return h('div', {}, ...groups.map(([e]) => e));
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
  const all: [string, string][] = [...tabs.map((t): [string, string] => [t.key, t.label]), ['house', 'House rules and options']];
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
  // The sections of the tab, for the links at its top: [id, title].
  const sections: [string, string][] = [];
  if (tab) {
    try {
      const book = await loadBook(tab.game, tab.options);
      body.append(h('h2', { text: book.title }), h('p', { class: 'lead', text: book.facts.join(' ') }));
      for (const s of book.sections) {
        // Terrain entries carry the board's own swatch.
        const swatches = s.id === 'terrain' ? new Map(terrainLegend(null).map((sw) => [sw.getAttribute('data-terrain') ?? '', sw as unknown as Node])) : null;
        sections.push([`rules-${s.id}`, s.title]);
        body.append(
          h('h2', { text: s.title, id: `rules-${s.id}-title` }),
          h('div', { class: 'rule-grid', id: `rules-${s.id}` }, ...s.entries.map((e) => card(e, swatches?.get(e.id)?.cloneNode(true) ?? null))),
        );
      }
    } catch (e) {
      body.append(h('p', { class: 'notice err', role: 'alert', text: `The rules cannot be shown: ${(e as Error).message}` }));
    }
  } else {
    // Every option of a game that changes its rules beyond the tabs above (the tabs are the
    // rules choices, such as an edition): its house rules, its multiplayer options and the
    // other rules options, game by game, from the option schema.
    body.append(
      h('h2', { text: 'House rules and other options' }),
      h('p', { class: 'lead', text: 'Each is an option of a game, chosen in the lobby when the game is made; all are off unless said.' }),
    );
    for (const g of cat.games ?? []) {
      const gameName = String(g.description ?? g.name)
        .split(/[(:]/)[0]
        .trim();
      const options = (g.options ?? []).filter((o: Json) => o.group !== 'setup' && !(o.group === 'rules' && o.type === 'choice'));
      // What each yes/no option changes in the game's rules book, for each value of the game's
      // rules choice (an edition) against that value's book: a house rule may change one
      // edition's book only.
      const choice = (g.options ?? []).find((o: Json) => o.group === 'rules' && o.type === 'choice');
      const fixed: Json[] = choice ? (choice.values ?? []).map((v: Json) => ({ [choice.name]: v })) : [{}];
      const values: string[] = choice ? (choice.values ?? []).map((v: Json) => title(String(v))) : [''];
      const bases = await Promise.all(fixed.map((f) => loadBook(g.name, f).catch(() => null)));
      const effects = new Map<string, HTMLElement | null>(
        await Promise.all(
          options.map(async (o: Json) => {
            const found = await Promise.all(fixed.map((f, i) => optionEffects(g.name, bases[i], o, f)));
            return [o.name, effectsOverChoice(found, values, String(choice?.label ?? choice?.name ?? '').toLowerCase())] as [string, HTMLElement | null];
          }),
        ),
      );
      // House rules first (the tab's name), then the others in the schema's order.
      const groups = [...new Set<string>(options.map((o: Json) => String(o.group)))].sort((x, y) => Number(y === 'house rule') - Number(x === 'house rule'));
      for (const group of groups) {
        const id = `rules-${g.short_name ?? g.name}-${group.replace(/\W+/g, '-')}`;
        const title = `${gameName}: ${group === 'rules' ? 'other rules' : group} options`;
        sections.push([id, title]);
        body.append(
          h('h2', { text: title, id: `${id}-title` }),
          h(
            'div',
            { class: 'rule-grid', id: group === 'house rule' && !body.querySelector('#rules-house') ? 'rules-house' : id },
            ...options
              .filter((o: Json) => o.group === group)
              .map((o: Json) => {
                const c = card({
                  title: o.label ?? o.name,
                  subtitle: o.name,
                  lines: [o.description, ...(o.default !== undefined && o.default !== false ? [`Default: ${o.default}.`] : [])],
                });
                const more = effects.get(o.name);
                if (more) c.append(more);
                return c;
              }),
          ),
        );
      }
    }
  }
  // Finding a rule: the sections linked at the top, and a box that keeps only the entries
  // whose words hold what is typed ("knights", "rally").
  const find = h('input', {
    type: 'search',
    id: 'rules-find',
    placeholder: 'Find a unit, card or rule…',
    'aria-label': 'Find in the rules',
  }) as HTMLInputElement;
  const none = h('p', { class: 'muted', id: 'rules-none', hidden: true, text: 'Nothing on this page holds these words.' });
  find.addEventListener('input', () => {
    const words = find.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const grid of body.querySelectorAll<HTMLElement>('.rule-grid')) {
      let inGrid = 0;
      for (const c of grid.querySelectorAll<HTMLElement>('.rule-card')) {
        const text = (c.textContent ?? '').toLowerCase();
        c.hidden = !words.every((w) => text.includes(w));
        if (!c.hidden) inGrid++;
      }
      grid.hidden = inGrid === 0;
      const heading = grid.previousElementSibling as HTMLElement | null;
      if (heading?.tagName === 'H2') heading.hidden = inGrid === 0;
      shown += inGrid;
    }
    none.hidden = shown > 0;
  });
  const jump = sections.length
    ? h(
        'nav',
        { class: 'rules-jump', 'aria-label': 'sections' },
        ...sections.map(([id, label]) =>
          h('a', {
            href: `#rules=${current}`,
            text: label,
            onclick: (e: Event) => {
              // The address keeps the tab; the link only scrolls to its section.
              e.preventDefault();
              document.getElementById(`${id}-title`)?.scrollIntoView({ block: 'start' });
            },
          }),
        ),
      )
    : null;
  app.replaceChildren(h('div', { class: 'rules-page' }, h('h1', { text: 'Rules' }), nav, h('div', { class: 'rules-tools' }, find, jump), none, body));
}
