// The table around a game, as the server describes it (docs/protocol.md, "The table"): who is
// at each seat and who has been away how long, the computer playing for an away or empty seat
// and the button that gives it back, the turn clock, taking back one's last action, and the
// games this browser holds a seat in ("Your games" in the lobby).
import { title } from './data';
import { h, Json } from './util';

const MINE = 'ancients.my-games';

/// A seat this browser holds: the game, its secret token, and what the lobby shows of it.
export interface MyGame {
  id: string;
  token: string;
  seat: number;
  game: string;
  names: string[];
  seen: number; // when this browser last opened it (ms since 1970)
}

export function myGames(): MyGame[] {
  try {
    const list = JSON.parse(localStorage.getItem(MINE) ?? '[]');
    return Array.isArray(list) ? list.filter((g) => typeof g?.id === 'string' && typeof g?.token === 'string') : [];
  } catch {
    return [];
  }
}

/// Remembers (or refreshes) a seat; the 30 most recently opened are kept.
export function rememberGame(g: MyGame): void {
  const rest = myGames().filter((x) => x.id !== g.id);
  localStorage.setItem(MINE, JSON.stringify([g, ...rest].slice(0, 30)));
}

export function forgetGame(id: string): void {
  localStorage.setItem(MINE, JSON.stringify(myGames().filter((x) => x.id !== id)));
}

/// "0:45", "12:03", "1:02:03".
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/// What the table box needs from the game screen.
export interface TableContext {
  msg: Json; // the last state message
  receivedAt: number; // when it came (ms), for the away times and the clock
  sideOf: (p: number) => number;
  send: (m: Json) => void;
}

const isPerson = (p: Json) => p.controller === 'human';

/// The seconds a player has been away now, or 0 while they are at the table.
/// How long a seat's person has been away, in seconds: counted from the presence message that
/// said so (mergePresence's `away_since_ms`) or else from the state message (`receivedAt`). A
/// presence message comes between state messages: counted from the last state message, a
/// player who had just left seemed long gone, and the page offered their seat to the computer
/// before the server would hand it over.
export function awayNow(p: Json, receivedAt: number): number {
  if (p.present !== false) return 0;
  if (typeof p.away_since_ms === 'number') return (Date.now() - p.away_since_ms) / 1000;
  return (p.away_seconds ?? 0) + (Date.now() - receivedAt) / 1000;
}

/// The seconds left on the clock of the player to act, or null without a clock.
export function clockLeft(c: TableContext): number | null {
  const left = c.msg.clock_left;
  return typeof left === 'number' ? Math.max(0, left - (Date.now() - c.receivedAt) / 1000) : null;
}

/// What a header's player chip says of its seat beside the name (null: a person at the table),
/// the same as the table box's longer words (seatState).
export function seatNote(p: Json): string | null {
  if (!isPerson(p)) return 'computer';
  if (p.stand_in) return p.open ? 'empty seat, the computer plays it' : 'computer standing in';
  if (p.open) return 'empty seat';
  return p.present === false ? 'away' : null;
}

/// The table box's words for a seat: who plays it, and how long its person has been away.
function seatState(p: Json, awaySeconds: number): string {
  if (!isPerson(p)) return 'computer';
  if (p.stand_in) return p.open ? 'empty seat: the computer plays it' : 'away: the computer plays for them';
  if (p.open) return 'empty seat: no one has taken it';
  return p.present ? 'at the table' : `away ${clockText(awaySeconds)}`;
}

/// Brings the table box on the page (`old`) in line with `fresh`, drawn a second later: where
/// the same buttons are offered only the seats' words change in place, so that a button is
/// never replaced between the press and the release of a click (the box is drawn again every
/// second while a player is away, and a click on a replaced button did nothing).
export function refreshTableBox(old: HTMLElement, fresh: HTMLElement): void {
  const ids = (box: HTMLElement) => [...box.querySelectorAll('button')].map((b) => b.id).join('|');
  const words = (box: HTMLElement) => [...box.querySelectorAll<HTMLElement>('.seat-state')];
  const was = words(old);
  const now = words(fresh);
  if (ids(old) !== ids(fresh) || was.length !== now.length) return old.replaceWith(fresh);
  now.forEach((w, i) => {
    if (was[i].textContent !== w.textContent) was[i].textContent = w.textContent;
  });
}

/// The table box: every seat with its person's presence, the computer's stand-in and the
/// buttons that hand a seat to the computer or take it back; the turn clock; undo.
export function tableBox(c: TableContext): HTMLElement {
  const m = c.msg;
  const grace: number = m.away_grace_seconds ?? 60;
  const rows = (m.players as Json[]).map((p, i) => {
    const seat = i + 1;
    const mine = seat === m.seat;
    const away = awayNow(p, c.receivedAt);
    // A broken player's army has left the field (a multiplayer battle): no turn is left to
    // hand to the computer, so its seat offers none.
    const broken = m.view?.players?.[String(seat)]?.broken === true;
    const state = `${seatState(p, away)}${broken ? ' (broken: no more turns)' : ''}`;
    const buttons: HTMLElement[] = [];
    if (m.seat !== 0 && !m.over && !broken && isPerson(p) && !p.stand_in) {
      if (mine)
        buttons.push(
          h('button', { type: 'button', class: 'small', id: 'stand-in-me', onclick: () => c.send({ type: 'stand_in', seat }) }, 'Let the computer play for me'),
        );
      else if (p.open || away >= grace)
        buttons.push(
          h(
            'button',
            { type: 'button', class: 'small', id: `stand-in-${seat}`, onclick: () => c.send({ type: 'stand_in', seat }) },
            'Let the computer play this seat',
          ),
        );
    }
    if (mine && p.stand_in && !m.over)
      buttons.push(h('button', { type: 'button', class: 'small primary', id: 'reclaim', onclick: () => c.send({ type: 'reclaim' }) }, 'Take my seat back'));
    return h(
      'li',
      { class: `seat p${c.sideOf(seat)} ${p.present === false && isPerson(p) ? 'away' : ''}`, 'data-seat': seat },
      h('span', { class: 'dot' }),
      h('strong', { text: `${mine ? 'You: ' : ''}${p.name}` }),
      h('small', { class: 'seat-state', text: ` ${state}` }),
      ...buttons,
    );
  });
  const box = h('div', { class: 'box table-box', id: 'table' }, h('h3', { text: 'The table' }), h('ul', { class: 'seats' }, ...rows));
  if (m.turn_seconds > 0)
    box.append(
      h('p', {
        class: 'muted',
        text: `Turn clock: ${clockText(m.turn_seconds)} for each decision; when it runs out, the computer plays a quick move for that player.`,
      }),
    );
  return box;
}

/// The mine-only controls of the header: the clock of the player to act and the undo button.
export function headControls(c: TableContext): HTMLElement[] {
  const out: HTMLElement[] = [];
  const left = clockLeft(c);
  if (left !== null && !c.msg.over)
    out.push(h('span', { class: `clock ${left < 15 ? 'low' : ''}`, id: 'clock', title: 'Time left for this decision', text: `Clock ${clockText(left)}` }));
  if (c.msg.can_undo)
    out.push(
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          id: 'undo',
          title: 'Take back your last action (it showed nothing new)',
          onclick: () => c.send({ type: 'undo', version: c.msg.version }),
        },
        'Undo',
      ),
    );
  return out;
}

/// Merges a "presence" message into the last state message. A person present at a seat has
/// taken it: a seat shown empty (its invitation not used yet) is empty no more.
export function mergePresence(msg: Json, presence: Json): void {
  if (!msg || !Array.isArray(presence.players)) return;
  presence.players.forEach((p: Json, i: number) => {
    if (!msg.players?.[i]) return;
    Object.assign(msg.players[i], { present: p.present, away_seconds: p.away_seconds, away_since_ms: Date.now() - (p.away_seconds ?? 0) * 1000 });
    if (p.present) msg.players[i].open = false;
  });
}

/// The lobby's box of this browser's games, each with where it stands (asked of the server).
export function myGamesBox(): HTMLElement {
  const list = myGames();
  const box = h('div', { class: 'box', id: 'my-games' }, h('h2', { text: 'Your games' }));
  if (!list.length) {
    box.append(h('p', { class: 'muted', text: 'Games you play in this browser appear here, so you can go back to them.' }));
    return box;
  }
  const ul = h('ul', { class: 'game-list' });
  for (const g of list) {
    const status = h('small', { class: 'muted', text: ' …' });
    const li = h(
      'li',
      { 'data-game': g.id },
      // The game, then who plays: "Ancient Generals: Player 1 vs Player 2".
      h('a', { href: `#game=${g.id}&token=${g.token}`, text: `${g.game ? `${title(g.game)}: ` : ''}${g.names.length ? g.names.join(' vs ') : g.id}` }),
      status,
      h(
        'button',
        {
          type: 'button',
          class: 'small link',
          title: 'Forget this game in this browser (the link is lost)',
          onclick: () => {
            forgetGame(g.id);
            li.remove();
          },
        },
        'Forget',
      ),
    );
    ul.append(li);
    void fetch(`/api/games/${g.id}`)
      .then((r) => (r.ok ? r.json() : null))
      .then((s: Json) => {
        if (!s) status.textContent = ' gone from this server';
        else if (s.damaged) status.textContent = ' damaged';
        else if (s.over) {
          // How it ended for this seat: in a two-player game the winner is a seat (in a battle
          // of sides, a side: "over" alone).
          const w = s.result?.winner;
          const two = Array.isArray(s.players) && s.players.length === 2;
          status.textContent = w === 'draw' ? ' over: drawn' : two && typeof w === 'number' ? ` over: you ${w === g.seat ? 'won' : 'lost'}` : ' over';
        } else if (s.to_act === g.seat) {
          status.textContent = ' your turn';
          li.classList.add('your-turn');
        } else status.textContent = ' waiting';
      })
      .catch(() => (status.textContent = ''));
  }
  box.append(ul);
  return box;
}

/// The lobby's box of listed games with seats no one has taken; a seat is taken with one click.
export function openGamesBox(titleOf: (game: string) => string): HTMLElement {
  const box = h('div', { class: 'box', id: 'open-games' }, h('h2', { text: 'Open games' }));
  const body = h('div', {}, h('p', { class: 'muted', text: 'Looking for games…' }));
  box.append(body);
  void fetch('/api/open')
    .then((r) => r.json())
    .then((ans: Json) => {
      const games: Json[] = ans?.games ?? [];
      if (!games.length) {
        body.replaceChildren(
          h('p', { class: 'muted', text: 'No open games now. Start one below: play against “a friend (invite link)” and tick “List it in the open games”.' }),
        );
        return;
      }
      const ul = h('ul', { class: 'game-list' });
      for (const g of games) {
        const seats = (g.players as Json[]).map((p) =>
          p.open
            ? h(
                'button',
                { type: 'button', class: 'small primary', 'data-seat': p.seat, onclick: () => void join(g, p.seat, body) },
                `Take seat ${p.seat}: ${p.name}`,
              )
            : h('span', { class: 'taken', text: `${p.seat}: ${p.name}${p.controller === 'human' ? '' : ' (computer)'}` }),
        );
        ul.append(
          h(
            'li',
            { 'data-game': g.id },
            h('strong', { text: titleOf(g.game) }),
            g.turn_seconds > 0 ? h('small', { class: 'muted', text: ` · ${clockText(g.turn_seconds)} a decision` }) : null,
            h('div', { class: 'seats-line' }, ...seats),
          ),
        );
      }
      body.replaceChildren(ul);
    })
    .catch(() => body.replaceChildren(h('p', { class: 'muted', text: 'The open games cannot be read now.' })));
  return box;
}

async function join(g: Json, seat: number, body: HTMLElement): Promise<void> {
  try {
    const res = await fetch(`/api/games/${g.id}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seat }) });
    const ans = await res.json();
    if (!res.ok) throw new Error(ans?.error ?? res.statusText);
    location.hash = String(ans.url).replace(/^\/#/, '');
  } catch (e) {
    body.prepend(h('p', { class: 'notice err', role: 'alert', text: `The seat was not taken: ${(e as Error).message}` }));
  }
}
