// Actions in words. The one place that reads action notation (the interchange contract in
// shared/rules/positions-and-notation.md): parseAction turns a text into a structured action
// (kind, card, squares, target...) and describeAction writes it for a player, naming the units
// from the position. When the server sends the core's structured actions, they replace
// parseAction and nothing else changes.
import { title } from './data';
import { Json } from './util';

export interface ActionInfo {
  text: string;
  kind: string; // move, advance, attack, autokill, defend, pass, end, scout, discard, deploy, ...
  card: string | null; // the card played (Ancient Warfare), or null
  squares: string[]; // every square named, in order
  from?: string;
  to?: string; // destination of a move
  via?: string; // square moved through before an attack (Trample, Charge)
  target?: string; // attacked square
  after?: string; // square moved to after an attack (Parthian Shot)
  cards: string[]; // Ancient Generals: the cards named
  arg?: string; // Ancient Generals: the rest (scout target, combat number)
}

const SQ = /[a-l](?:1[0-2]|[1-9])/g;

export function parseAction(game: string, text: string): ActionInfo {
  const words = text.trim().split(/\s+/);
  const kind = words[0] ?? '';
  const info: ActionInfo = { text, kind, card: null, squares: [], cards: [] };
  if (game === 'ancient-generals') return parseGenerals(info, words);
  const withCard = ['move', 'advance', 'attack', 'defend', 'discard', 'negate'].includes(kind);
  if (withCard) info.card = words[1] ?? null;
  if (kind === 'dismount') info.card = 'special-ability';
  if (kind === 'scout') info.card = 'scout';
  const rest = words.slice(withCard ? 2 : 1).join(' ');
  if (kind === 'deploy' || kind === 'place') {
    info.squares = rest.split(',').map((x) => x.split(':')[1] ?? '');
    return info;
  }
  info.squares = rest.match(SQ) ?? [];
  if (kind === 'attack' || kind === 'autokill') {
    const [before, after] = rest.split('x');
    const pre = before?.match(SQ) ?? [];
    const post = after?.match(SQ) ?? [];
    info.from = pre[0];
    info.via = pre[1];
    info.target = post[0];
    info.after = post[1];
  } else if (kind === 'move') {
    info.from = info.squares[0];
    info.to = info.squares[1];
  } else if (kind === 'dismount') {
    info.from = info.squares[0];
  } else if (kind === 'defend') {
    info.to = info.squares[0];
  } else if (kind === 'advance' || kind === 'swap') {
    info.from = info.squares[0];
  }
  return info;
}

function parseGenerals(info: ActionInfo, words: string[]): ActionInfo {
  const kind = info.kind;
  if (kind === 'scout' || kind === 'rally' || kind === 'siege') {
    // The server writes an opponent's scout as "scout (hidden)".
    info.cards = words[1] && !words[1].startsWith('(') ? [words[1]] : [];
    info.arg = words[2];
  } else if (kind === 'play') {
    info.cards = [words[1]];
    info.arg = words[2];
  } else if (kind === 'block') {
    info.cards = (words[1] ?? '')
      .split(',')
      .filter(Boolean)
      .map((x) => x.split('=')[1]);
    info.arg = words[1] ?? '';
  } else if (['discard', 'flank', 'attack'].includes(kind)) {
    info.cards = (words[1] ?? '').split(',').filter((c) => c && !/^\d/.test(c));
    info.arg = words.slice(1).join(' ');
  } else if (['difficult-terrain', 'reserve', 'break-morale'].includes(kind)) {
    info.cards = [kind];
  }
  return info;
}

/// The unit standing on a square of a position, as words ("Elite Blades b6").
export function unitAt(view: Json, sq: string | undefined): string {
  if (!sq) return '';
  const u = (view?.units ?? []).find((x: Json) => x.square === sq);
  if (!u) return sq;
  return `${u.elite ? 'Elite ' : ''}${u.general ? 'General’s ' : ''}${title(u.type)} ${sq}`;
}

const list = (xs: string[]) => xs.map(title).join(', ');

/// The action in words. `view` is the position the action is played from (units are named
/// from it); `seat` the reader, so Ancient Generals' decks read "your deck".
export function describeAction(game: string, text: string, view: Json, seat = 0): string {
  const a = parseAction(game, text);
  if (game === 'ancient-generals') return describeGenerals(a, view, seat);
  const card = a.card ? title(a.card) : '';
  switch (a.kind) {
    case 'move':
      return `${card}: ${unitAt(view, a.from)} moves to ${a.to}`;
    case 'advance':
      return `${card}: group advance of ${a.squares.length} units (${a.squares.join(', ')})`;
    case 'attack': {
      const via = a.via ? ` moves to ${a.via} and` : '';
      const after = a.after ? `, then moves to ${a.after}` : '';
      return `${card}: ${unitAt(view, a.from)}${via} attacks ${unitAt(view, a.target)}${after}`;
    }
    case 'autokill':
      return `Auto-kill: ${unitAt(view, a.from)} destroys ${unitAt(view, a.target)}`;
    case 'defend':
      return `Defend with ${card}${a.to ? `, moving to ${a.to}` : ''}`;
    case 'negate':
      return `Negate the move with ${card}`;
    case 'pass':
      if (view?.pending?.move) return 'Let the move happen';
      if (view?.pending) return 'Take the attack (no defence)';
      return view?.phase === 'deploy' ? 'Keep the deployment (no swap)' : 'Pass';
    case 'end':
      return view?.phase === 'move' ? 'End the move phase' : 'End the battle phase and the turn';
    case 'scout':
      return 'Scout: look at the opponent’s hand';
    case 'discard':
      return `Discard ${card}`;
    case 'dismount':
      return `Special Ability: ${unitAt(view, a.from)} dismount and become Blades`;
    case 'deploy':
      return text.includes(':') ? `Deploy ${a.squares.length} units` : 'Deploy (hidden)';
    case 'swap':
      return `Swap the attacker’s ${unitAt(view, a.squares[0])} and ${unitAt(view, a.squares[1])}`;
    case 'place':
      return `Place ${title(text.split(' ')[1]?.split(':')[0].replace(/[*!]/g, '') ?? '')} on ${a.squares[0]}`;
    default:
      return text;
  }
}

function describeGenerals(a: ActionInfo, view: Json, seat: number): string {
  const attackers: string[] = view?.battle?.attackers ?? [];
  const combat = (n: string) => {
    const i = Number(n.replace(/^[ab]/, ''));
    const att = attackers[i - 1];
    const bl = view?.battle?.blockers?.[String(i)];
    return `combat ${i}${att ? ` (${title(att)}${bl ? ` vs ${title(bl)}` : ', unblocked'})` : ''}`;
  };
  switch (a.kind) {
    case 'scout': {
      const owner = a.arg === 'deck1' ? 1 : a.arg === 'deck2' ? 2 : 0;
      const what =
        a.arg === 'hand'
          ? 'the opponent’s hand'
          : owner === seat
            ? 'the top of your deck'
            : seat && owner
              ? 'the top of the opponent’s deck'
              : owner
                ? `the top of player ${owner}’s deck`
                : 'cards';
      return a.cards.length ? `Scout with ${title(a.cards[0])}: look at ${what}` : 'Scout (hidden)';
    }
    case 'discard':
      if (/^\d+ cards?$/.test(a.arg ?? '')) return `Discard ${a.arg}`;
      return a.cards.length ? `Discard ${list(a.cards)}` : 'Discard nothing';
    case 'rally':
      return `Rally: take ${title(a.cards[0])} back from the casualties`;
    case 'flank':
      return `Flank with ${list(a.cards)}`;
    case 'siege':
      return `Siege Artillery: ${title(a.cards[0])} (the opponent loses the top card of the deck)`;
    case 'attack':
      return a.cards.length ? `Attack with ${list(a.cards)}` : 'No attack';
    case 'block': {
      const pairs = (a.arg ?? '').split(',').filter(Boolean);
      return pairs.length
        ? 'Block: ' + pairs.map((p) => `${title(p.split('=')[1])} blocks ${combat(p.split('=')[0]).replace(/ vs .*\)|, unblocked\)/, ')')}`).join('; ')
        : 'No blocks';
    }
    case 'play': {
      const on = a.arg ?? '';
      const who = on.startsWith('a') ? 'the attacker of ' : on.startsWith('b') ? 'the blocker of ' : '';
      return `Play ${title(a.cards[0])} on ${who}${combat(on)}`;
    }
    case 'difficult-terrain':
    case 'reserve':
    case 'break-morale':
      return `Play ${title(a.kind)}`;
    case 'pass':
      return 'Pass';
    default:
      return a.text;
  }
}
