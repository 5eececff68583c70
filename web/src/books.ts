// The games' rules books, from the server (POST /api/rules, docs/protocol.md "Rules books"):
// every unit, card and terrain kind explained in words from the rules data for a game's options.
// The page shows their entries where the player points and on the rules page; it holds no rules
// of its own. Books are fetched once per game and options.
import { h, Json } from './util';

export interface Explanation {
  title: string;
  subtitle?: string;
  lines: string[];
  stats?: [string, string][];
}

export interface BookEntry extends Explanation {
  id: string;
}

export interface Book {
  game: string;
  title: string;
  facts: string[];
  sections: { id: string; title: string; entries: BookEntry[] }[];
}

const books = new Map<string, Promise<Book>>();

/// The book of the game on screen, once loaded (cards and units read their stats from it), and
/// the option schema of its game from the catalogue (the rules in play named in its words).
export const shown: { book: Book | null; options: Json[] } = { book: null, options: [] };
let catalogue: Promise<Json> | null = null;

/// The server's catalogue (GET /api/catalogue), fetched once.
export function loadCatalogue(): Promise<Json> {
  catalogue ??= fetch('/api/catalogue').then((r) => (r.ok ? r.json() : { games: [] }));
  return catalogue;
}

/// The rules book of a game for these options (checked by the server against the game's schema).
export function loadBook(game: string, options: Json): Promise<Book> {
  const key = JSON.stringify([game, options]);
  let b = books.get(key);
  if (!b) {
    b = fetch('/api/rules', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ game, options }) }).then(async (r) => {
      const j = await r.json();
      if (!r.ok) throw new Error(j.error ?? r.statusText);
      return j as Book;
    });
    b.catch(() => books.delete(key));
    books.set(key, b);
  }
  return b;
}

/// The book of the game a view shows: the options of its schema that the view carries (in
/// `options` or at its top level, as positions write them).
export async function bookForView(view: Json): Promise<Book> {
  const cat = await loadCatalogue();
  const spec = (cat.games ?? []).find((g: Json) => g.name === view.game);
  shown.options = spec?.options ?? [];
  const options: Json = {};
  for (const o of spec?.options ?? []) {
    const v = view.options?.[o.name] ?? view[o.name];
    if (v !== undefined && (o.type !== 'data' || typeof v !== 'object')) options[o.name] = v;
  }
  return loadBook(view.game, options);
}

/// The switches of the shown game's schema that a view has on (its house rules), by their
/// labels: the rules in play as the catalogue names them. A multiplayer switch is left out: the
/// table of players shows that.
export function switchesOn(view: Json): string[] {
  return shown.options
    .filter((o) => o.type === 'bool' && !o.multiplayer && (view.options?.[o.name] ?? view[o.name]) === true)
    .map((o) => String(o.label ?? o.name));
}

/// "light-horse" -> "Light Horse" (an entry's title when the book lacks it).
const titleOf = (id: string) =>
  id
    .split('-')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');

/// The entry `id` of a book section (any section when none is named), or a bare title.
/// A card explained in one paragraph where the player looks (under the hand): its title, an
/// aside (why it cannot be played now, or what kind of card it is) and its lines.
export function cardNote(e: Explanation, aside = ''): HTMLElement {
  return h('p', { class: 'card-note', id: 'card-note' }, h('strong', { text: e.title }), aside, e.lines.length ? `: ${e.lines.join(' ')}` : '');
}

/// One of an explanation's stats by its name ("Move", "Range"), or undefined.
export function statOf(e: Explanation, name: string): string | undefined {
  return e.stats?.find(([k]) => k === name)?.[1];
}

/// A unit in one line, for where a phone's player looks when choosing it (the explanation panel
/// lies far below the board): its name, `where` it stands and whose (", your unit on d4"), its
/// Move and Range, and the first of its rules.
export function unitSummary(e: Explanation, where: string): string {
  const stats = ['Move', 'Range'].flatMap((k) => {
    const v = statOf(e, k);
    return v ? [`${k} ${v}`] : [];
  });
  const first = e.lines[0] ?? '';
  return `${e.title}${where}${stats.length ? `: ${stats.join(' · ')}.` : '.'}${first ? ` ${first}` : ''}`;
}

export function explain(book: Book | null, id: string, section?: string, extra: string[] = []): Explanation {
  for (const s of book?.sections ?? []) {
    if (section && s.id !== section) continue;
    const e = s.entries.find((x) => x.id === id);
    if (e) return { ...e, lines: [...extra, ...e.lines] };
  }
  return { title: titleOf(id), lines: [...extra] };
}
