// The log's entries, in the game page and the replay alike: an action's line with the events it
// made, and, where one of its events begins an entry of its own (`entry: true`: a new turn,
// with Ancient Warfare's automatic draw after it; Ancient Generals' battle resolved), that event
// as an entry with the events after it, so that "You drew …" reads as the start of your turn
// and a battle's combats not as part of the pass that closed it. Also which moves the board
// draws as the last turn's, and what others did while the player waited (pure but for
// logEntries: unit-tested in test/unit.mjs).
import { ActionInfo } from './describe';
import { h, Json } from './util';

export interface LogEvent {
  type: string;
  text: string;
  player?: number;
  entry?: boolean; // begins an entry of its own, with the events after it
  from?: string; // a unit's move: its squares
  to?: string;
  turn?: number; // a new turn's number
  square?: string; // a destroyed unit's square
  cards?: string[]; // the cards an event names (a card game's draw, as its player reads it)
}

/// An action's events as the server sends them (State::events), but for the `action` event (the
/// line itself says it), each sentence through `named` (the players' names for this reader).
export function readEvents(raw: unknown, named: (text: string) => string): LogEvent[] {
  if (!Array.isArray(raw)) return [];
  return (raw as Json[])
    .filter((e) => e && typeof e === 'object' && e.type !== 'action')
    .map((e) => ({
      type: String(e.type),
      text: named(String(e.text)),
      ...(typeof e.player === 'number' ? { player: e.player } : {}),
      ...(e.entry === true ? { entry: true } : {}),
      ...(typeof e.from === 'string' && typeof e.to === 'string' ? { from: e.from, to: e.to } : {}),
      ...(typeof e.turn === 'number' ? { turn: e.turn } : {}),
      ...(e.type === 'destroyed' && typeof e.unit?.square === 'string' ? { square: e.unit.square } : {}),
      ...(Array.isArray(e.cards) && e.cards.every((c: unknown) => typeof c === 'string') ? { cards: e.cards as string[] } : {}),
    }));
}

/// The cards `seat` drew in the current turn (the lines after the one that began it), as its
/// 'drew' events name them, in order: for the hand to mark them. Others' draws name no card.
export function drawnThisTurn(log: LogLine[], seat: number): string[] {
  let from = log.length;
  while (from > 0 && !log[from - 1].events.some((e) => e.type === 'turn')) from--;
  return log.slice(from).flatMap((l) => l.events.filter((e) => e.type === 'drew' && e.player === seat).flatMap((e) => e.cards ?? []));
}

/// The squares where units were destroyed in the current turn or the one before (the window of
/// lastMoveLine), so that the board can mark them: an auto-kill's arrow otherwise ends on an
/// empty square, and nothing says what stood there.
export function recentFallen(log: LogLine[]): string[] {
  const starts: number[] = [];
  log.forEach((l, i) => {
    if (l.events.some((e) => e.type === 'turn')) starts.push(i);
  });
  const from = starts.length >= 2 ? starts[starts.length - 2] + 1 : 0;
  const out: string[] = [];
  for (const l of log.slice(from)) for (const e of l.events) if (e.type === 'destroyed' && e.square && !out.includes(e.square)) out.push(e.square);
  return out;
}

/// The turn in which `seat` last scouted (the line whose events hold its `scouted` event): the
/// number of the last new turn told before it (1 before any), or null where it never did.
export function lastScoutTurn(log: LogLine[], seat: number): number | null {
  let i = log.length - 1;
  while (i >= 0 && !(log[i].player === seat && log[i].events.some((e) => e.type === 'scouted'))) i--;
  if (i < 0) return null;
  for (let j = i - 1; j >= 0; j--) {
    const began = log[j].events.find((e) => e.type === 'turn' && typeof e.turn === 'number');
    if (began) return began.turn!;
  }
  return 1;
}

/// A line of the game's log: who acted, the action as the game describes it, its events.
export interface LogLine {
  player: number;
  text: string;
  info: ActionInfo; // the action in structure and in words, as the game describes it
  words: string;
  events: LogEvent[];
}

/// What the other players did while `seat` waited: the lines after its own last one (its
/// actions, forced ones played for it included) that are not its own, by whom, the units
/// those lines say were destroyed (their events' sentences, in order), those actions other
/// than passes (`did`) and all of them (`every`: a board's passes are answers, such as an attack
/// taken), by whom and in words. Null where `seat` has not acted yet or no one has acted since.
export function sinceOwnLast(
  log: LogLine[],
  seat: number,
): {
  actions: number;
  players: number[];
  destroyed: string[];
  did: { player: number; words: string }[];
  every: { player: number; words: string }[];
} | null {
  const own = log.map((l) => l.player).lastIndexOf(seat);
  const after = own < 0 ? [] : log.slice(own + 1).filter((l) => l.player !== seat);
  if (!after.length) return null;
  return {
    actions: after.length,
    players: [...new Set(after.map((l) => l.player))],
    destroyed: after.flatMap((l) => l.events.filter((e) => e.type === 'destroyed').map((e) => e.text)),
    did: after.filter((l) => l.info.kind !== 'pass').map((l) => ({ player: l.player, words: l.words })),
    every: after.map((l) => ({ player: l.player, words: l.words })),
  };
}

/// The last move or attack of the current turn or the one before it (a turn begins after the
/// line whose events hold its `turn` event): an older one is not drawn, so that a turn without
/// moves (a computer that only discarded) does not show the moves of the turn before as if
/// they were new.
export function lastMoveLine(log: LogLine[]): LogLine | undefined {
  const starts: number[] = [];
  log.forEach((l, i) => {
    if (l.events.some((e) => e.type === 'turn')) starts.push(i);
  });
  const from = starts.length >= 2 ? starts[starts.length - 2] + 1 : 0;
  for (let i = log.length - 1; i >= from; i--)
    if (['move', 'attack', 'autokill', 'advance', 'dismount'].includes(log[i].info.kind) && !negated(log, i)) return log[i];
  return undefined;
}

/// The blow that ended a game won: the last attack or auto-kill of the log, and what it and the
/// answers after it cost (the units lost and the loss points counted, as the log says them), for
/// the game-over screen, which covers the board and the log; null where none cost anything, and
/// where the game's last action lost nothing (a game ended by its turn limit: its last attack
/// decided nothing).
export function decidingBlow(log: LogLine[]): { line: LogLine; said: string[] } | null {
  const cost = (l: LogLine) => l.events.some((e) => e.type === 'destroyed' || e.type === 'loss');
  if (!log.length || !cost(log[log.length - 1])) return null;
  for (let i = log.length - 1; i >= 0; i--) {
    if (!['attack', 'autokill'].includes(log[i].info.kind) || negated(log, i)) continue;
    const said = log.slice(i).flatMap((l) => l.events.filter((e) => e.type === 'destroyed' || e.type === 'loss').map((e) => e.text));
    return said.length ? { line: log[i], said } : null;
  }
  return null;
}

/// Whether the line at `i` was cancelled whole by another player's answer (Difficult Ground
/// against a move, or against a move-then-attack: then its attack never happened either).
export function negated(log: LogLine[], i: number): boolean {
  for (let k = i + 1; k < log.length && log[k].player !== log[i].player; k++) if (log[k].info.kind === 'negate') return true;
  return false;
}

/// Kinds of action that answer another player's attack or move.
const ANSWERS = ['defend', 'pass', 'negate'];

/// The moves and attacks of the turn that `last` (the last move or attack in the log) belongs
/// to, and its own units' moves when it is a group advance: the player's lines back to the
/// previous turn (the other players' answers to its attacks and moves included), each unit's
/// move from the game's events, each attack from its description. A move that waited for an
/// answer (the retreat edition's move window) is read from the answer that let it go ahead,
/// which comes after it. `last` itself, unless an advance, is drawn on its own (with Trample's
/// square in between), and so is the move an answer to it made.
export function turnMoves(log: LogLine[], last: LogLine | undefined): { from: string; to: string; attack?: boolean; pushed?: boolean }[] {
  if (!last) return [];
  const out: { from: string; to: string; attack?: boolean; pushed?: boolean }[] = [];
  const at = log.lastIndexOf(last);
  if (at < 0) return [];
  let end = at;
  while (end + 1 < log.length && log[end + 1].player !== last.player && ANSWERS.includes(log[end + 1].info.kind)) end++;
  // The line an answer at k answered: the nearest earlier line of the moving player.
  const answered = (k: number) => {
    for (let j = k - 1; j >= 0; j--) if (log[j].player === last.player) return log[j];
    return undefined;
  };
  const moves = (l: LogLine) => {
    for (const e of l.events) if (e.type === 'moved' && e.from && e.to && (e.player ?? l.player) === last.player) out.push({ from: e.from, to: e.to });
  };
  // Units the turn's attacks drove back (recoiled, retreated), whoever's line told it.
  const pushes = (l: LogLine) => {
    for (const e of l.events) if ((e.type === 'retreated' || e.type === 'recoiled') && e.from && e.to) out.push({ from: e.from, to: e.to, pushed: true });
  };
  for (let k = end; k >= 0 && end - k < 40; k--) {
    const l = log[k];
    if (l.player !== last.player) {
      if (!ANSWERS.includes(l.info.kind)) break;
      pushes(l);
      const to = answered(k);
      if (to && ['move', 'advance'].includes(to.info.kind) && (to !== last || last.info.kind === 'advance')) moves(l);
      continue;
    }
    pushes(l);
    if (l === last && l.info.kind !== 'advance') continue;
    if (l.info.kind === 'move' || l.info.kind === 'advance') moves(l);
    if ((l.info.kind === 'attack' || l.info.kind === 'autokill') && l.info.from && l.info.target && !negated(log, k))
      out.push({ from: l.info.from, to: l.info.target, attack: true });
  }
  return out;
}

/// An action's events split where an event begins an entry of its own: the action's own,
/// then each such event with the events after it.
export function splitEntries<E extends LogEvent>(events: E[]): { own: E[]; entries: { head: E; events: E[] }[] } {
  const own: E[] = [];
  const entries: { head: E; events: E[] }[] = [];
  for (const e of events) {
    if (e.entry) entries.push({ head: e, events: [] });
    else if (entries.length) entries[entries.length - 1].events.push(e);
    else own.push(e);
  }
  return { own, entries };
}

/// One action's entries: `head` (who acted, in bold) and `words` (the action), then its events;
/// then an entry for each event that begins one (classed by its player: `entryClass`).
export function logEntries(lineClass: string, head: string, words: string, events: LogEvent[], entryClass: (player: number) => string): HTMLElement[] {
  const eventEl = (e: LogEvent) => h('span', { class: 'event', text: e.text });
  const { own, entries } = splitEntries(events);
  return [
    h('li', { class: lineClass }, h('strong', { text: head }), words, ...own.map(eventEl)),
    ...entries.map((x) =>
      h('li', { class: `turn-start ${x.head.type} ${entryClass(x.head.player ?? 0)}` }, h('strong', { text: x.head.text }), ...x.events.map(eventEl)),
    ),
  ];
}

/// A battle fought, rebuilt from the log (a card game's: Ancient Generals): its attackers,
/// blockers and tactics as the view's `battle` writes them, its turn and attacking player (the
/// `battle` event of the action that resolved it), and what the resolution told (its combat,
/// casualty, reshuffle and reserve events, up to the next turn's).
export interface FoughtBattle {
  battle: Json;
  turn: number;
  attacker: number;
  outcome: string[];
}

/// The events that tell how a battle ended.
const OUTCOME = ['combat', 'casualties', 'reshuffled', 'reserve'];

/// Every battle the log shows fought, in order: what the page shows as the last battle and the
/// player's own attack, after a reload or a return to the game as after watching it resolve.
export function battlesFromLog(log: LogLine[]): FoughtBattle[] {
  const out: FoughtBattle[] = [];
  let open: { attackers: string[]; blockers: Record<string, string>; tactics: Json[] } | null = null;
  for (const l of log) {
    if (l.info.kind === 'attack' && l.info.cards.length) open = { attackers: [...l.info.cards], blockers: {}, tactics: [] };
    else if (open && l.info.kind === 'block') for (const b of l.info.blocks ?? []) open.blockers[String(b.combat)] = b.card;
    else if (open && l.info.kind === 'play' && l.info.card && l.info.arg) open.tactics.push({ player: l.player, card: l.info.card, on: l.info.arg });
    const at = l.events.findIndex((e) => e.type === 'battle');
    if (at < 0) continue;
    const after = l.events.slice(at + 1);
    const next = after.findIndex((e) => e.type === 'turn');
    const told = (next < 0 ? after : after.slice(0, next)).filter((e) => OUTCOME.includes(e.type)).map((e) => e.text);
    if (open) out.push({ battle: open, turn: l.events[at].turn ?? 0, attacker: l.events[at].player ?? l.player, outcome: told });
    open = null;
  }
  return out;
}
