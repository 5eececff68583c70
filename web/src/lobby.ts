// The lobby: choose a game and its set-up, the opponent, and start. The form is built from the
// games' option schema (schema.ts) and the server's catalogue: a new option in the schema
// appears here with no code. Armies follow the edition, bundled maps set the board, options
// that need another (DBA set-up: board 12) are disabled until it holds.
import { DATA, title } from './data';
import { GAMES, GameSpec, OptionSpec, Value } from './schema';
import { renderBoard } from './board';
import { h, Json } from './util';

/// "General (Cavalry), Camp, 7 Warband, 2 Cavalry…" from an army file's unit list.
function composition(units: string[], general: string | null): string {
  const counts = new Map<string, number>();
  for (const u of units) {
    const t = u.replace(/[*!]/g, '');
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts].map(([t, n]) => (t === 'general' && general ? `General (${title(general)})` : `${n > 1 ? `${n} ` : ''}${title(t)}`)).join(', ');
}

interface Catalogue {
  games: string[];
  editions: string[];
  armies: string[];
  maps: string[];
  agents: string[];
  default_agent?: string;
}

function specFor(name: string): GameSpec {
  return GAMES.find((g) => g.name === name) ?? { name, title: title(name), description: '', armies: false, battlefield: false, options: [] };
}

/// One control per option; `get` reads its value, `set`/`enable` are used by dependencies.
interface Control {
  spec: OptionSpec;
  el: HTMLInputElement | HTMLSelectElement;
  row: HTMLElement;
  get(): Value;
  set(v: Value): void;
}

function control(o: OptionSpec): Control {
  const id = `opt-${o.name}`;
  let el: HTMLInputElement | HTMLSelectElement;
  if (o.type === 'bool') el = h('input', { type: 'checkbox', id, name: o.name, checked: o.default === true });
  else if (o.type === 'int') el = h('input', { type: 'number', id, name: o.name, min: o.min ?? 0, max: o.max ?? 1e9, value: Number(o.default) });
  else {
    el = h('select', { id, name: o.name }, ...(o.values ?? []).map((c) => h('option', { value: String(c.value), text: c.label })));
    el.value = String(o.default);
  }
  const get = (): Value => {
    if (o.type === 'bool') return (el as HTMLInputElement).checked;
    if (o.type === 'int') return Number(el.value);
    const c = (o.values ?? []).find((x) => String(x.value) === el.value);
    return c ? c.value : el.value;
  };
  const set = (v: Value) => {
    if (o.type === 'bool') (el as HTMLInputElement).checked = v === true;
    else el.value = String(v);
  };
  const row =
    o.type === 'bool'
      ? h('label', { class: 'check', for: id, title: o.description }, el, h('span', {}, h('strong', { text: o.label }), h('small', { text: o.description })))
      : h('div', { class: 'field' }, h('label', { for: id, text: o.label }), el, h('small', { text: o.description }));
  return { spec: o, el, row, get, set };
}

function choiceRow(id: string, label: string, options: [string, string][], note = ''): { row: HTMLElement; el: HTMLSelectElement; note: HTMLElement } {
  const el = h('select', { id, name: id }, ...options.map(([v, t]) => h('option', { value: v, text: t })));
  const small = h('small', { text: note });
  return { row: h('div', { class: 'field' }, h('label', { for: id, text: label }), el, small), el, note: small };
}

export async function showLobby(app: HTMLElement): Promise<void> {
  let cat: Catalogue;
  try {
    const res = await fetch('/api/catalogue');
    cat = await res.json();
    if (!res.ok) throw new Error();
  } catch {
    app.append(
      h(
        'div',
        { class: 'box notice err', role: 'alert' },
        h('h2', { text: 'The server cannot be reached' }),
        h('p', { text: 'Start it with scripts/play.sh and reload this page.' }),
      ),
    );
    return;
  }
  const out = h('div', { id: 'created', 'aria-live': 'polite' });
  const form = h('form', { class: 'lobby box', id: 'lobby' });
  const gamePick = h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'game' });
  let spec = specFor(cat.games[0]);
  for (const g of cat.games) {
    const id = `game-${g}`;
    const input = h('input', { type: 'radio', name: 'game', id, value: g, checked: g === spec.name });
    input.addEventListener('change', () => {
      spec = specFor(g);
      build();
    });
    gamePick.append(input, h('label', { for: id, text: specFor(g).title }));
  }
  const body = h('div', { class: 'lobby-body' });
  form.append(h('h1', { text: 'New game' }), gamePick, body);
  app.append(h('div', { class: 'lobby-page' }, form, out));

  let controls: Control[] = [];
  let armySel: HTMLSelectElement[] = [];
  let uploads: HTMLInputElement[] = [];
  let mapSel: HTMLSelectElement | null = null;

  function build(): void {
    controls = spec.options.map(control);
    const byName = (n: string) => controls.find((c) => c.spec.name === n);
    const sections: HTMLElement[] = [h('p', { class: 'lead', text: spec.description })];
    const battle = h('fieldset', {}, h('legend', { text: 'Battle' }));
    armySel = [];
    uploads = [];
    mapSel = null;
    for (const c of controls.filter((c) => c.spec.group === 'setup')) battle.append(c.row);
    const edition = () => String(byName('edition')?.get() ?? 'autokill');
    if (spec.armies) {
      for (const i of [1, 2]) {
        const r = choiceRow(`army${i}`, `Player ${i} army`, []);
        const up = h('input', { type: 'file', id: `upload${i}`, accept: '.json,application/json', hidden: true });
        r.el.addEventListener('change', () => {
          up.hidden = r.el.value !== 'upload';
          const a = DATA.armies[edition()]?.[r.el.value];
          r.note.textContent = a ? `${a.note}\nUnits: ${composition(a.units, a.general)}.` : '';
        });
        r.row.insertBefore(up, r.note);
        armySel.push(r.el);
        uploads.push(up);
        battle.append(r.row);
      }
    }
    if (spec.battlefield) {
      const maps: [string, string][] = [
        ['generated', 'Generated battlefield'],
        ...cat.maps.map((m): [string, string] => [
          m,
          `${DATA.maps[m]?.name ?? title(m)}${DATA.maps[m] ? ` (${DATA.maps[m].board} × ${DATA.maps[m].board})` : ''}`,
        ]),
      ];
      const r = choiceRow('map', 'Battlefield', maps);
      r.row.append(h('div', { class: 'map-preview', 'aria-hidden': 'true' }));
      mapSel = r.el;
      battle.append(r.row);
      r.el.addEventListener('change', sync);
    }
    if (battle.children.length > 1) sections.push(battle);
    const vs = choiceRow('vs', 'Play against', [
      ['computer', 'the computer'],
      ['friend', 'a friend (invite link)'],
    ]);
    const agents: [string, string][] = [];
    for (const a of cat.agents) {
      if (a === 'ismcts') agents.push(['ismcts:easy', 'ISMCTS, easy'], ['ismcts:normal', 'ISMCTS, normal'], ['ismcts:hard', 'ISMCTS, hard']);
      else agents.push([a, a === 'random' ? 'random moves' : a === 'greedy' ? 'greedy (one move ahead)' : a]);
    }
    const agent = choiceRow('agent', 'Computer player', agents);
    if (cat.default_agent && agents.some(([v]) => v === cat.default_agent)) agent.el.value = cat.default_agent;
    const seat = choiceRow('seat', 'You play', [
      ['1', 'player 1'],
      ['2', 'player 2'],
    ]);
    vs.el.addEventListener('change', () => agent.row.toggleAttribute('hidden', vs.el.value !== 'computer'));
    sections.push(h('fieldset', {}, h('legend', { text: 'Players' }), vs.row, agent.row, seat.row));
    const rules = controls.filter((c) => c.spec.group === 'rules');
    if (rules.length) sections.push(h('fieldset', {}, h('legend', { text: 'Rules' }), ...rules.map((c) => c.row)));
    const houseRules = controls.filter((c) => c.spec.group === 'house');
    if (houseRules.length)
      sections.push(
        h(
          'details',
          { class: 'house', id: 'house-rules' },
          h('summary', { text: `House rules and options (${houseRules.length})` }),
          h('div', { class: 'checks' }, ...houseRules.map((c) => c.row)),
        ),
      );
    const create = h('button', { class: 'primary big', type: 'submit', id: 'create', text: 'Start the game' });
    sections.push(h('div', { class: 'submit' }, create, h('a', { href: '#rules', text: 'Read the rules' })));
    body.replaceChildren(...sections);
    for (const c of controls) c.el.addEventListener('change', sync);
    (form as Json).readRequest = () => request(vs.el.value, agent.el.value, Number(seat.el.value));
    sync();
  }

  /// Keeps the form consistent: armies of the edition, the board of a bundled map, needs.
  function sync(): void {
    const byName = (n: string) => controls.find((c) => c.spec.name === n);
    const edition = String(byName('edition')?.get() ?? 'autokill');
    for (const sel of armySel) {
      const keep = sel.value;
      const names = edition === 'autokill' && cat.armies.length ? cat.armies : Object.keys(DATA.armies[edition] ?? {});
      sel.replaceChildren(
        h('option', { value: 'random', text: 'drawn at random' }),
        ...names.map((a) => h('option', { value: a, text: DATA.armies[edition]?.[a]?.name ?? title(a) })),
        h('option', { value: 'upload', text: 'upload an army file…' }),
      );
      sel.value = [...sel.options].some((o) => o.value === keep) ? keep : 'random';
      sel.dispatchEvent(new Event('change'));
    }
    const board = byName('board');
    const map = mapSel?.value ?? 'generated';
    if (board) {
      const fixed = DATA.maps[map]?.board;
      if (fixed) board.set(fixed);
      board.el.disabled = !!fixed;
      const note = board.row.querySelector('small');
      if (note) note.textContent = fixed ? `Set by the map “${DATA.maps[map].name}”.` : board.spec.description;
    }
    if (mapSel) {
      const note = mapSel.parentElement?.querySelector('small');
      if (note) note.textContent = DATA.maps[map]?.note ?? 'A battlefield drawn at random for this game.';
      const m = DATA.maps[map];
      const preview = mapSel.parentElement?.querySelector('.map-preview');
      preview?.replaceChildren(...(m ? [renderBoard({ options: { board: m.board }, terrain: m.terrain, rivers: m.rivers, units: [] }, { flip: false })] : []));
    }
    for (const c of controls) {
      if (!c.spec.needs) continue;
      const ok = Object.entries(c.spec.needs).every(([n, v]) => byName(n)?.get() === v);
      c.el.disabled = !ok;
      if (!ok) c.set(false);
      c.row.classList.toggle('disabled', !ok);
    }
  }

  async function request(vs: string, agent: string, seat: number): Promise<Json | string> {
    const req: Json = { game: spec.name, vs, seat, options: {} };
    if (vs === 'computer') req.agent = agent;
    for (const c of controls) {
      if (c.el.disabled && c.spec.type === 'bool') continue;
      const v = c.get();
      if (c.spec.field.startsWith('options.')) req.options[c.spec.field.slice(8)] = v;
      else req[c.spec.field] = v;
    }
    if (mapSel) req.map = mapSel.value;
    if (armySel.length) {
      req.armies = [];
      for (let i = 0; i < armySel.length; ++i) {
        if (armySel[i].value !== 'upload') {
          req.armies.push(armySel[i].value);
          continue;
        }
        const f = uploads[i].files?.[0];
        if (!f) return `Choose an army file for player ${i + 1}.`;
        try {
          req.armies.push(JSON.parse(await f.text()));
        } catch {
          return `${f.name} is not JSON.`;
        }
      }
    }
    return req;
  }

  build();
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    out.replaceChildren();
    const fail = (text: string) => out.append(h('div', { class: 'box notice err', role: 'alert' }, h('strong', { text: 'The game was not created. ' }), text));
    const req = await (form as Json).readRequest();
    if (typeof req === 'string') return void fail(req);
    let res: Response;
    let ans: Json;
    try {
      res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
      ans = await res.json();
    } catch {
      return void fail('The server cannot be reached.');
    }
    if (!res.ok) return void fail(`The server says: ${ans?.error ?? res.statusText}`);
    if (ans.invite_url) {
      const link = location.origin + location.pathname + ans.invite_url.replace(/^\//, '');
      const input = h('input', { readonly: true, value: link, id: 'invite' });
      out.append(
        h(
          'div',
          { class: 'box notice' },
          h('h2', { text: 'Invite your friend' }),
          h('p', { text: 'Send this link to your friend. It is their seat: keep it private.' }),
          h('div', { class: 'invite' }, input, h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(link), text: 'Copy' })),
          h('p', {}, h('a', { href: ans.url.replace(/^\//, ''), id: 'go', class: 'button primary', text: 'Go to your seat' })),
        ),
      );
    } else location.hash = ans.url.replace(/^\/#/, '');
  });
}
