// The log's entries, in the game page and the replay alike: an action's line with the events it
// made, and where the action began another player's turn (the game's `turn` event: Ancient
// Warfare's turn starts with an automatic draw), that turn as an entry of its own with the
// events after it, so that "You drew …" reads as the start of your turn rather than as part of
// the opponent's last action.
import { h } from './util';

export interface LogEvent {
  type: string;
  text: string;
  player?: number;
}

/// An action's events split at the turn it began: its own, then the turn's event and the
/// events after it (none: no turn began).
export function splitAtTurn<E extends LogEvent>(events: E[]): { own: E[]; turn: E | null; after: E[] } {
  const cut = events.findIndex((e) => e.type === 'turn');
  if (cut < 0) return { own: events, turn: null, after: [] };
  return { own: events.slice(0, cut), turn: events[cut], after: events.slice(cut + 1) };
}

/// One action's entries: `head` (who acted, in bold) and `words` (the action), then its events.
export function logEntries(lineClass: string, head: string, words: string, events: LogEvent[], turnClass: (player: number) => string): HTMLElement[] {
  const eventEl = (e: LogEvent) => h('span', { class: 'event', text: e.text });
  const { own, turn, after } = splitAtTurn(events);
  const entries = [h('li', { class: lineClass }, h('strong', { text: head }), words, ...own.map(eventEl))];
  if (turn) entries.push(h('li', { class: `turn-start ${turnClass(turn.player ?? 0)}` }, h('strong', { text: turn.text }), ...after.map(eventEl)));
  return entries;
}
