// The lobby: choose a game, its options and the opponent, and start. Everything about the games
// comes from the server's catalogue (GET /api/catalogue: the registered games with their option
// schemas, the agents): a game the server registers, or an option a game adds, appears here
// with no code. optionform.ts turns a schema into fields; this module draws them: bool ->
// checkbox, choice -> select, int -> number (min/max) or select, an option that needs another
// is enabled only while it holds, descriptions are the help texts. Army options get the army
// picker (composition, upload, a pasted DBA army list) and map options the map picker (preview;
// it offers the maps of the board chosen, as the schema lists them, and goes back to its default
// when another board is chosen).
import { DATA, title } from './data';
import { renderBoard } from './board';
import {
  Catalogue,
  choicesOf,
  defaultFor,
  defaults,
  dependencyValueOf,
  Field,
  formFields,
  GameEntry,
  isEnabled,
  isHiddenForNow,
  labelOf,
  seatCount,
  seatLabel,
  seatNames,
  needsText,
  parseValue,
  requestOptions,
  valueLabel,
  Value,
  Values,
} from './optionform';
import { h, Json } from './util';
import { myGamesBox, openGamesBox } from './table';
import { campaignLobbyBox } from './campaign';

/// "General (Cavalry), Camp, 7 Warband, 2 Cavalry…" from an army file's unit list.
function composition(units: string[], general: string | null): string {
  const counts = new Map<string, number>();
  for (const u of units) {
    const t = u.replace(/[*!]/g, '');
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return [...counts].map(([t, n]) => (t === 'general' && general ? `General (${title(general)})` : `${n > 1 ? `${n} ` : ''}${title(t)}`)).join(', ');
}

/// The words a data option gives a special meaning, as the pickers show them.
const SPECIAL: Record<string, string> = { random: 'drawn at random', generated: 'Generated battlefield', defender: 'The defender places it (DBA set-up)' };

/// One drawn field: its input, its row and its help line.
interface Drawn {
  field: Field;
  el: HTMLInputElement | HTMLSelectElement;
  row: HTMLElement;
  note: HTMLElement;
  upload?: HTMLInputElement;
  paste?: HTMLTextAreaElement;
  preview?: HTMLElement;
}

function optionTag(value: Value, text: string): HTMLOptionElement {
  return h('option', { value: String(value), text });
}

function draw(f: Field): Drawn {
  const id = f.control === 'army' || f.control === 'map' ? f.name : `opt-${f.name}`;
  const note = h('small', { text: f.help });
  if (f.control === 'checkbox') {
    const el = h('input', { type: 'checkbox', id, name: f.name, checked: f.default === true });
    const row = h('label', { class: 'check', for: id, title: f.help }, el, h('span', {}, h('strong', { text: f.label }), note));
    return { field: f, el, row, note };
  }
  const el =
    f.control === 'number'
      ? h('input', { type: 'number', id, name: f.name, min: f.min ?? 0, max: f.max ?? 1e9, value: Number(f.default) })
      : h('select', { id, name: f.name });
  const row = h('div', { class: 'field' }, h('label', { for: id, text: f.label }), el, note);
  const d: Drawn = { field: f, el, row, note };
  if (f.control === 'army' && f.option.inline) {
    d.upload = h('input', { type: 'file', id: `upload-${f.name}`, accept: '.json,application/json', hidden: true });
    row.insertBefore(d.upload, note);
    // A DBA army list typed as DBA players write it, made into an army by the server.
    d.paste = h('textarea', {
      id: `paste-${f.name}`,
      rows: 2,
      hidden: true,
      'aria-label': `${f.label}: DBA army list`,
      placeholder: '1x3Kn (Gen), 2x3Cv, 2xLH, 3x4Bd, 2x2Ps, 2x4Bw',
    }) as HTMLTextAreaElement;
    row.insertBefore(d.paste, note);
  }
  if (f.control === 'map') {
    d.preview = h('div', { class: 'map-preview', 'aria-hidden': 'true' });
    row.append(d.preview);
  }
  return d;
}

/// The text of a select's entry.
function choiceText(d: Drawn, v: Value, values: Values): string {
  const s = String(v);
  if (d.field.control === 'army') {
    if (SPECIAL[s]) return SPECIAL[s];
    const dep = d.field.option.choices_by?.option;
    return DATA.armies[String(dep ? values[dep] : '')]?.[s]?.name ?? title(s);
  }
  if (d.field.control === 'map') {
    if (SPECIAL[s]) return SPECIAL[s];
    const m = DATA.maps[s];
    const under = dependencyValueOf(d.field.option, s, values);
    const size = m?.board ?? under;
    return `${m?.name ?? title(s)}${size ? ` (${size} × ${size})` : ''}`;
  }
  const labelled = valueLabel(d.field.option, v);
  if (labelled) return labelled.charAt(0).toUpperCase() + labelled.slice(1);
  return typeof v === 'string' && d.field.option.type === 'choice' ? labelOf(v) : s;
}

function fieldset(legend: string, rows: HTMLElement[]): HTMLElement {
  return h('fieldset', {}, h('legend', { text: legend }), ...rows);
}

/// A computer player's spec ("ismcts:normal") in words for the lobby's menu, short enough for
/// it; the spec itself where the kind is not one of the project's agents (docs/agents.md).
function agentLabel(spec: string): string {
  const [name, level] = spec.split(':');
  const at = level ? `, ${level}` : '';
  if (name === 'random') return 'Random moves (for a first game)';
  if (name === 'greedy') return 'Greedy (one step ahead)';
  if (name === 'ismcts') return `Searching player${at}`;
  if (name === 'pimc') return `Open-hand searcher${at}`;
  return spec;
}

/// What a computer player does, said under the menu.
export function agentNote(spec: string): string {
  const [name, level] = spec.split(':');
  // docs/agents.md, "Levels": 1,000, 100,000 and 400,000 iterations a decision.
  const time =
    level === 'easy'
      ? ' Answers at once.'
      : level === 'normal'
        ? ' Under half a second a decision.'
        : level === 'hard'
          ? ' Stronger: up to about two seconds a decision.'
          : '';
  if (name === 'random') return 'Plays any legal move at random.';
  if (name === 'greedy') return 'Plays the move that looks best one step ahead.';
  if (name === 'ismcts') return `Plays out many possible futures from what it can see (never your hand).${time}`;
  if (name === 'pimc') return `Guesses a few deals of the hidden cards and searches each as if they were open.${time}`;
  return '';
}
export async function showLobby(app: HTMLElement): Promise<void> {
  let cat: Catalogue;
  try {
    const res = await fetch('/api/catalogue');
    cat = await res.json();
    if (!res.ok || !Array.isArray(cat.games) || !cat.games.length) throw new Error();
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
  let game: GameEntry = cat.games[0];
  for (const g of cat.games) {
    const id = `game-${g.name}`;
    const input = h('input', { type: 'radio', name: 'game', id, value: g.name, checked: g === game });
    input.addEventListener('change', () => {
      game = g;
      build();
    });
    gamePick.append(input, h('label', { for: id, text: title(g.name) }));
  }
  const body = h('div', { class: 'lobby-body' });
  form.append(h('h1', { text: 'New game' }), gamePick, body);
  // Games to go back to and games with a free seat come first: a club evening starts there.
  const tables = h('div', { class: 'lobby-tables' }, myGamesBox(), openGamesBox(title));
  app.append(h('div', { class: 'lobby-page' }, tables, form, out, campaignLobbyBox()));

  let drawn: Drawn[] = [];
  let values: Values = {};
  let seatSelect: HTMLSelectElement | null = null; // "You play": a seat of each player
  let computerSeats: HTMLElement | null = null; // "The computer plays": a box of each other seat
  let showPlayers = (): void => {}; // shows the rows the choice of opponents needs

  function build(): void {
    const fields = formFields(game.options);
    values = defaults(fields);
    drawn = fields.map(draw);
    const sections: HTMLElement[] = [h('p', { class: 'lead', text: game.description })];
    const groups = new Map<string, Drawn[]>();
    for (const d of drawn) groups.set(d.field.group, [...(groups.get(d.field.group) ?? []), d]);
    const rows = (g: string) => (groups.get(g) ?? []).map((d) => d.row);
    if (groups.has('rules')) sections.push(fieldset('Rules', rows('rules')));
    if (groups.has('setup')) sections.push(fieldset('Set-up', rows('setup')));
    const vs = h('select', { id: 'vs', name: 'vs' }, optionTag('computer', 'the computer'), optionTag('friend', 'a friend (invite link)'));
    const agent = h('select', { id: 'agent', name: 'agent' });
    for (const a of cat.agents) {
      if (a === 'ismcts') for (const level of ['easy', 'normal', 'hard']) agent.append(optionTag(`ismcts:${level}`, agentLabel(`ismcts:${level}`)));
      else agent.append(optionTag(a, agentLabel(a)));
    }
    if (cat.default_agent && [...agent.options].some((o) => o.value === cat.default_agent)) agent.value = cat.default_agent;
    const seat = h('select', { id: 'seat', name: 'seat' }, optionTag(1, 'player 1'), optionTag(2, 'player 2'));
    seatSelect = seat;
    seat.addEventListener('change', () => sync());
    const agentHelp = h('small', { id: 'agent-note', text: agentNote(agent.value) });
    agent.addEventListener('change', () => (agentHelp.textContent = agentNote(agent.value)));
    const agentRow = h('div', { class: 'field' }, h('label', { for: 'agent', text: 'Computer player' }), agent, agentHelp);
    const listed = h('input', { type: 'checkbox', id: 'listed', name: 'listed' });
    const listedRow = h(
      'label',
      { class: 'check', hidden: true },
      listed,
      h('span', { text: 'List it in the open games: anyone may take a free seat (each seat you do not fill can also go to the computer at the table)' }),
    );
    const clock = h(
      'select',
      { id: 'turn-clock', name: 'turn_seconds' },
      optionTag(0, 'no clock'),
      optionTag(60, '1 minute a decision'),
      optionTag(180, '3 minutes a decision'),
      optionTag(600, '10 minutes a decision'),
      optionTag(86400, '1 day a decision (correspondence)'),
    );
    // A battle of more than two: the computer in some seats, friends in the others (invitation
    // links); each seat but the creator's has its box.
    computerSeats = h('div', { class: 'checks', id: 'computer-seats' });
    const computersRow = h(
      'div',
      { class: 'field', id: 'computer-seats-row', hidden: true },
      h('span', { class: 'label', text: 'The computer plays' }),
      computerSeats,
      h('small', { text: 'Every other seat gets its own invitation link.' }),
    );
    showPlayers = () => {
      agentRow.toggleAttribute('hidden', vs.value === 'friend');
      listedRow.toggleAttribute('hidden', vs.value === 'computer');
      computersRow.toggleAttribute('hidden', vs.value !== 'mixed');
    };
    vs.addEventListener('change', showPlayers);
    for (const [g, list] of groups) {
      if (g === 'setup' || g === 'rules') continue;
      if (g === 'house rule')
        sections.push(
          h(
            'details',
            { class: 'house', id: 'house-rules' },
            h('summary', { text: `House rules (${list.length})` }),
            h('div', { class: 'checks' }, ...rows(g)),
          ),
        );
      else sections.push(fieldset(g ? labelOf(g) : 'Options', rows(g)));
    }
    sections.push(
      fieldset('Players', [
        h('div', { class: 'field' }, h('label', { for: 'vs', text: 'Play against' }), vs),
        agentRow,
        h('div', { class: 'field' }, h('label', { for: 'seat', text: 'You play' }), seat),
        computersRow,
        h('div', { class: 'field' }, h('label', { for: 'turn-clock', text: 'Turn clock' }), clock),
        listedRow,
      ]),
    );
    const create = h('button', { class: 'primary big', type: 'submit', id: 'create', text: 'Start the game' });
    sections.push(h('div', { class: 'submit' }, create, h('a', { href: '#rules', text: 'Read the rules' })));
    body.replaceChildren(...sections);
    for (const d of drawn) {
      d.el.addEventListener('change', () => changed(d));
      d.el.addEventListener('input', () => d.field.control === 'number' && read(d));
    }
    (form as Json).readRequest = async () => {
      const mixed = vs.value === 'mixed';
      const req = await request(mixed ? 'friend' : vs.value, agent.value, Number(seat.value));
      if (typeof req === 'string') return req;
      if (mixed) {
        const chosen = [...computerSeats!.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => Number(i.value));
        if (!chosen.length) return 'Tick the seats the computer plays (or play against friends only).';
        req.computers = chosen;
        req.agent = agent.value;
      }
      if (Number(clock.value) > 0) req.turn_seconds = Number(clock.value);
      if (vs.value === 'friend' && listed.checked) req.listed = true;
      return req;
    };
    sync();
  }

  /// Takes a control's value into `values`.
  function read(d: Drawn): void {
    if (d.field.control === 'checkbox') values[d.field.name] = (d.el as HTMLInputElement).checked;
    else if (d.el.value !== 'upload' && d.el.value !== 'paste') values[d.field.name] = parseValue(d.field, d.el.value);
  }

  function changed(d: Drawn): void {
    const before = { ...values };
    read(d);
    if (d.upload) d.upload.hidden = d.el.value !== 'upload';
    if (d.paste) d.paste.hidden = d.el.value !== 'paste';
    sync();
    // Options whose default follows others (a map chosen by the DBA set-up) keep following it
    // while they are at it.
    let moved = false;
    for (const g of drawn) {
      const now = defaultFor(g.field, values);
      if (g !== d && values[g.field.name] === defaultFor(g.field, before) && values[g.field.name] !== now) {
        values[g.field.name] = now;
        moved = true;
      }
    }
    if (moved) sync();
  }

  /// Brings every control in line with `values`: the choices of data options (a map of the
  /// board chosen only: one of another board would change the board under the options that
  /// need it, the DBA set-up and the contingents), options whose needs are unmet (disabled, at
  /// their default).
  function sync(): void {
    // A seat of every player the options make (a multiplayer battle's contingents too).
    if (seatSelect) {
      const n = seatCount(
        drawn.map((x) => x.field),
        values,
      );
      const names = seatNames(
        drawn.map((x) => x.field),
        values,
      );
      const labels = Array.from({ length: n }, (_, k) => seatLabel(k + 1, names));
      if ([...seatSelect.options].map((o) => o.text).join('|') !== labels.join('|')) {
        const was = Number(seatSelect.value);
        seatSelect.replaceChildren(...labels.map((text, k) => optionTag(k + 1, text)));
        seatSelect.value = String(Math.min(was, n));
      }
      // Friends and the computer together: only where there are more than two seats.
      const vs = document.getElementById('vs') as HTMLSelectElement | null;
      if (vs) {
        const mixed = vs.querySelector('option[value="mixed"]');
        if (n > 2 && !mixed) vs.append(optionTag('mixed', 'friends and the computer'));
        if (n <= 2 && mixed) {
          if (vs.value === 'mixed') vs.value = 'computer';
          mixed.remove();
        }
      }
      if (computerSeats) {
        const mine = Number(seatSelect.value);
        const key = `${labels.join('|')}#${mine}`;
        if (computerSeats.dataset.key !== key) {
          const ticked = new Set([...computerSeats.querySelectorAll<HTMLInputElement>('input:checked')].map((i) => Number(i.value)));
          computerSeats.dataset.key = key;
          computerSeats.replaceChildren(
            ...labels.flatMap((text, k) =>
              k + 1 === mine
                ? []
                : [
                    h(
                      'label',
                      { class: 'check' },
                      h('input', { type: 'checkbox', name: 'computers', value: k + 1, checked: ticked.has(k + 1) }),
                      h('span', { text }),
                    ),
                  ],
            ),
          );
        }
      }
      showPlayers();
      // Each player's army labelled with its part ("Army of player 2 (the attacker's contingent)").
      for (const d of drawn) {
        const seat = d.field.option.seat;
        const label = d.row.querySelector('label');
        if (seat === undefined || !label) continue;
        label.textContent = names[seat - 1] ? `${d.field.label} (the ${names[seat - 1]})` : d.field.label;
      }
    }
    for (const d of drawn) {
      const f = d.field;
      const enabled = isEnabled(f, values);
      if (!enabled) values[f.name] = f.default;
      if (d.el instanceof HTMLSelectElement) {
        const list = choicesOf(f, values);
        const keep = String(values[f.name]);
        d.el.replaceChildren(...list.map((v) => optionTag(v, choiceText(d, v, values))));
        if (d.upload) d.el.append(optionTag('upload', `upload an ${f.option.data ?? 'item'} file…`));
        if (d.paste) d.el.append(optionTag('paste', 'paste a DBA army list…'));
        const present = list.some((v) => String(v) === keep) || (d.upload && d.el.value === 'upload') || (d.paste && d.el.value === 'paste');
        if (!present && f.option.type === 'data') values[f.name] = f.default;
        d.el.value = d.upload && !d.upload.hidden ? 'upload' : d.paste && !d.paste.hidden ? 'paste' : String(values[f.name]);
      } else if (d.el.type === 'checkbox') (d.el as HTMLInputElement).checked = values[f.name] === true;
      else d.el.value = String(values[f.name]);
      d.el.disabled = !enabled;
      d.row.classList.toggle('disabled', !enabled);
      d.row.hidden = isHiddenForNow(
        f,
        drawn.map((x) => x.field),
        values,
      );
      d.note.textContent = enabled
        ? f.help
        : `${f.help}. ${needsText(
            f,
            drawn.map((x) => x.field),
          )}`;
      if (f.control === 'army') {
        const dep = f.option.choices_by?.option;
        const a = DATA.armies[String(dep ? values[dep] : '')]?.[String(values[f.name])];
        if (a) d.note.textContent = `${a.note}\nUnits: ${composition(a.units, a.general)}.`;
      }
      if (d.preview) {
        const m = DATA.maps[String(values[f.name])];
        if (m) d.note.textContent = m.note || f.help;
        d.preview.replaceChildren(
          ...(m ? [renderBoard({ options: { board: m.board }, terrain: m.terrain, rivers: m.rivers, units: [] }, { flip: false })] : []),
        );
      }
    }
  }

  async function request(vs: string, agent: string, seat: number): Promise<Json | string> {
    const options: Json = requestOptions(
      drawn.map((d) => d.field),
      values,
    );
    for (const d of drawn) {
      if (!d.paste || d.el.value !== 'paste') continue;
      const list = d.paste.value.trim();
      if (!list) return `Paste a DBA army list for ${d.field.label.toLowerCase()}.`;
      // The list is made into an army of the edition the army depends on, with the house rules
      // switched on (horde_house changes what Hordes become).
      const dep = d.field.option.choices_by?.option;
      const rules = drawn.filter((x) => x.field.control === 'checkbox' && values[x.field.name] === true).map((x) => x.field.name);
      try {
        const res = await fetch('/api/dba/army', {
          method: 'POST',
          body: JSON.stringify({ list, ...(dep ? { edition: String(values[dep]) } : {}), rules }),
        });
        const ans = await res.json();
        if (!res.ok) return `${d.field.label}: ${ans.error ?? res.statusText}`;
        options[d.field.name] = ans.army;
      } catch {
        return 'The server cannot be reached.';
      }
    }
    for (const d of drawn) {
      if (!d.upload || d.el.value !== 'upload') continue;
      const f = d.upload.files?.[0];
      if (!f) return `Choose a file for ${d.field.label.toLowerCase()}.`;
      try {
        options[d.field.name] = JSON.parse(await f.text());
      } catch {
        return `${f.name} is not JSON.`;
      }
    }
    const req: Json = { game: game.name, vs, seat, options };
    if (vs === 'computer') req.agent = agent;
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
    // A multiplayer battle: one link per seat a person plays, each seat with its part; one
    // friend beside the computer's seats gets a list of one (the server sends no invite_url).
    const invites = Array.isArray(ans.invites) ? ans.invites : [];
    if (invites.length > 1 || (invites.length === 1 && !ans.invite_url)) {
      const names = seatNames(
        drawn.map((x) => x.field),
        values,
      );
      const rows = invites.map((inv: Json) => {
        const link = location.origin + location.pathname + String(inv.url).replace(/^\//, '');
        const input = h('input', { readonly: true, value: link, id: `invite-${inv.seat}`, 'aria-label': `Player ${inv.seat}’s link` });
        return h(
          'div',
          { class: 'invite' },
          h('strong', { text: seatLabel(inv.seat, names, true) }),
          input,
          h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(link), text: 'Copy' }),
        );
      });
      out.append(
        h(
          'div',
          { class: 'box notice' },
          h('h2', { text: invites.length === 1 ? 'Invite the other player' : 'Invite the other players' }),
          h('p', { text: 'Send each player their own link: it is their seat, so keep it private.' }),
          h('div', { class: 'invites' }, ...rows),
          h('p', {}, h('a', { href: ans.url.replace(/^\//, ''), id: 'go', class: 'button primary', text: 'Go to your seat' })),
        ),
      );
    } else if (ans.invite_url) {
      const link = location.origin + location.pathname + ans.invite_url.replace(/^\//, '');
      const input = h('input', { readonly: true, value: link, id: 'invite' });
      out.append(
        h(
          'div',
          { class: 'box notice' },
          h('h2', { text: 'Invite your friend' }),
          h('p', { text: 'Send this link to your friend. It is their seat: keep it private.' }),
          h(
            'div',
            { class: 'invites' },
            h('div', { class: 'invite' }, input, h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(link), text: 'Copy' })),
          ),
          h('p', {}, h('a', { href: ans.url.replace(/^\//, ''), id: 'go', class: 'button primary', text: 'Go to your seat' })),
        ),
      );
    } else location.hash = ans.url.replace(/^\/#/, '');
  });
}
