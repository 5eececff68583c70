// Actions as the games describe them. The page never reads the action notation: the server
// sends each legal action and each log line with its structure and its words, made by the game
// itself (State::action_info, docs/protocol.md "Structured actions"): the verb, the card, the
// squares and their roles, the units, and a sentence. This module gives them a type and a
// stand-in for an action the server did not describe.
import { counted, title } from './data';
import { Json } from './util';

export interface ActionInfo {
  text: string;
  kind: string; // the verb: move, advance, attack, autokill, defend, pass, end, scout, discard, deploy, play, block...
  card: string | null; // the card played (Ancient Warfare; the first card in Ancient Generals), or null
  cards: string[]; // every card named (Ancient Generals)
  squares: string[]; // every square named, in order
  from?: string;
  to?: string; // destination of a move (or of a defence's move)
  via?: string; // square moved through before an attack (Trample, Charge)
  target?: string; // attacked square
  after?: string; // square moved to after an attack (Parthian Shot)
  arg?: string; // Ancient Generals: the rest (scout target, combat number, blocks)
  blocks?: { combat: number; card: string }[]; // Ancient Generals: a block's pairs
  units?: Json[]; // the units on the named squares, or a deployment's units
  zone?: string[]; // a deployment offered: the squares of the player's zone (with contingents its sector)
  feature?: string; // the defender's battlefield: the terrain feature kind placed (wood, river, ...)
  landings?: (string | null)[]; // a group advance: where the unit on each of `squares` ends (null: not told)
  futile?: 'no-effect' | 'helps-opponent' | 'needless'; // a card played to no gain as the position stands (the words say how)
  ends_game?: boolean; // taking an awaited attack ends the game: never played for the player
  loses_at_once?: boolean; // the server's one-ply check: the player loses at once, whatever they cannot see
  words: string; // the action in words, from the position before it
}

/// The actions in their order, those that would spend a card to no gain (or to the opponent's)
/// last: still offered (a player may mean it), never the first to catch the eye.
export function futileLast(texts: string[], infoOf: (t: string) => ActionInfo | undefined): string[] {
  return [...texts.filter((t) => !infoOf(t)?.futile), ...texts.filter((t) => !!infoOf(t)?.futile)];
}

/// The server's description of an action, or, when it sent none, the text alone.
export function asInfo(text: string, info: unknown): ActionInfo {
  if (info && typeof info === 'object' && (info as Json).text === text) {
    const i = info as Json;
    return {
      ...i,
      kind: String(i.kind ?? ''),
      card: typeof i.card === 'string' ? i.card : null,
      cards: Array.isArray(i.cards) ? i.cards : [],
      squares: Array.isArray(i.squares) ? i.squares : [],
      words: typeof i.words === 'string' ? i.words : text,
    } as ActionInfo;
  }
  return { text, kind: '', card: null, cards: [], squares: [], words: text };
}

/// The legal actions of a state message, each with its description, by text.
export function legalInfos(msg: Json): Map<string, ActionInfo> {
  const legal: string[] = Array.isArray(msg?.legal) ? msg.legal : [];
  const described: unknown[] = Array.isArray(msg?.actions) ? msg.actions : [];
  // The server leaves each description's text out (it is the legal text beside it).
  return new Map(legal.map((t, k) => [t, asInfo(t, described[k] && typeof described[k] === 'object' ? { ...(described[k] as Json), text: t } : null)]));
}

/// The action the page may play for the player by itself, as forced (the setting "Play forced
/// choices for me"), or null: the only legal action of the seat's own decision when it is a pass,
/// an empty discard or block, or the end of a phase in which nothing can be done (a move phase
/// without a move card that fits, a battle phase with no attack). Never an action that ends the
/// game (taking an attack that destroys the General or reaches the loss points): that is the
/// player's to click, however forced.
export function forcedChoice(msg: Json): string | null {
  if (!msg || msg.over || !msg.seat || msg.to_act !== msg.seat || !Array.isArray(msg.legal)) return null;
  if (msg.legal.length !== 1 || !['pass', 'discard', 'block', 'end'].includes(msg.legal[0])) return null;
  const info = legalInfos(msg).get(msg.legal[0]);
  return info?.ends_game || info?.loses_at_once ? null : msg.legal[0];
}

/// What the page warns of before the player chooses, from the server's one-ply check of the
/// player's own actions (`loses_at_once`, made from what the player knows): every choice loses
/// the game at once, or some do (marked where they are offered); null where none does or the
/// server checked nothing.
export function lossWarning(msg: Json): { every: boolean; count: number; text: string } | null {
  if (!msg || msg.over || !msg.seat || msg.to_act !== msg.seat || !Array.isArray(msg.legal) || !msg.legal.length) return null;
  const infos = legalInfos(msg);
  const count = msg.legal.filter((t: string) => infos.get(t)?.loses_at_once).length;
  if (!count) return null;
  // Actions sent as groups were not checked: "every" is said only of a full list.
  const every = count === msg.legal.length && !(Array.isArray(msg.groups) && msg.groups.length);
  return {
    every,
    count,
    text: every
      ? msg.legal.length === 1
        ? 'Your only choice loses the game at once.'
        : 'Every choice you have now loses the game at once.'
      : count === 1
        ? 'Careful: one of your choices loses the game at once (marked below).'
        : `Careful: ${count} of your choices lose the game at once (marked below).`,
  };
}

// A compact state message (the page says hello with "compact": true) sends the actions of a
// kind that comes in huge numbers (Ancient Warfare's group advances) as groups: per kind and
// card, the squares named once and each action as the indices of its squares
// (docs/server.md, "WebSocket protocol"). The page turns each choice into an entry of `legal`
// under an opaque key ("#group G C": no action's notation begins with "#") and a description in
// `actions`, so it handles them as any other action; playing one sends the group and the choice,
// never a text the page would have made.
const GROUP_KEY = '#group ';

/// Expands a compact state message's groups into `legal` and `actions` (in place).
export function expandGroups(m: Json): void {
  const groups: Json[] = Array.isArray(m?.groups) ? m.groups : [];
  if (!groups.length || !Array.isArray(m.legal) || !Array.isArray(m.actions)) return;
  groups.forEach((g, gi) => {
    const choices: number[][] = Array.isArray(g.choices) ? g.choices : [];
    const landings: unknown[] = Array.isArray(g.landings) ? g.landings : [];
    choices.forEach((c, ci) => {
      const squares = c.map((k) => String(g.squares[k]));
      const card = typeof g.card === 'string' ? g.card : null;
      m.legal.push(`${GROUP_KEY}${gi} ${ci}`);
      m.actions.push({
        kind: String(g.kind),
        card,
        cards: Array.isArray(g.cards) ? g.cards : [],
        squares,
        from: squares[0],
        ...(landings.length ? { landings: c.map((k) => (typeof landings[k] === 'string' ? (landings[k] as string) : null)) } : {}),
        words: `${card ? `${title(card)}: ` : ''}${title(String(g.kind))} of ${counted(squares.length, 'unit')} (${squares.join(', ')})`,
      });
    });
  });
}

/// The group and choice an expanded entry stands for, or null for an ordinary action text (or
/// none: a forced choice read from a message without legal actions).
export function groupChoice(key: string | undefined): { group: number; choice: number } | null {
  if (typeof key !== 'string' || !key.startsWith(GROUP_KEY)) return null;
  const [group, choice] = key.slice(GROUP_KEY.length).split(' ').map(Number);
  return { group, choice };
}

/// The line a server's error puts above the board: an illegal action's reason, else its message
/// (an error without one, from an older or another server: its code), never undefined, so that
/// the page's checks of it (startsWith) hold.
export function refusalText(m: Json): string {
  const message = typeof m?.message === 'string' ? m.message : '';
  if (m?.code === 'illegal') return `Refused: ${message.replace(/^".*?" refused: /, '')}`;
  return message || (typeof m?.code === 'string' ? `The server refused: ${m.code}` : '');
}

/// The why of a game's end without the result the page already states as a headline
/// ("Player 1 wins: Player 2 ran out of cards" -> "Player 2 ran out of cards."); a reason
/// that is only the result stays whole.
/// Whether a headline already says `why` ("You win!" says "You win."): the words, case and
/// closing marks aside.
export function saysAlready(headline: string, why: string): boolean {
  const words = (t: string) =>
    t
      .replace(/[.!?]+$/, '')
      .trim()
      .toLowerCase();
  return words(why) === '' || words(headline).includes(words(why));
}

export function reasonOnly(reason: string): string {
  const colon = reason.indexOf(': ');
  const why = colon >= 0 ? reason.slice(colon + 2) : reason;
  return why ? `${why[0].toUpperCase()}${why.slice(1)}${why.endsWith('.') ? '' : '.'}` : '';
}

/// Many choices of one kind that each name one card, all different (Ancient Generals' Rally:
/// a card of the casualty pile), to be shown as those cards rather than as a wall of buttons:
/// each kind with more than `many` of them, its choices in order. Passes and choices naming no
/// card or several stay buttons.
export function cardChoices(
  texts: string[],
  infoOf: (t: string) => ActionInfo | undefined,
  many = 6,
): { kind: string; choices: { action: string; card: string }[] }[] {
  const byKind = new Map<string, { action: string; card: string }[]>();
  for (const t of texts) {
    const i = infoOf(t);
    if (!i || !i.kind || i.kind === 'pass' || i.cards.length !== 1) continue;
    byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), { action: t, card: i.cards[0] }]);
  }
  return [...byKind.entries()]
    .filter(([, cs]) => cs.length > many && new Set(cs.map((c) => c.card)).size === cs.length)
    .map(([kind, choices]) => ({ kind, choices }));
}
