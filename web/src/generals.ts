// Ancient Generals on screen: the battle (each combat's attacker, blocker and tactics), each
// player's piles, flank points and who is Encircling, what Scout revealed, and the hand as
// cards with their Force, Damage, type and traits. Cards chosen together (discard, flank,
// attack, blocks) are selected and then confirmed with one button.
import { cardNote, explain, shown } from './books';
import { title } from './data';
import { ActionInfo, asInfo, cardChoices, futileLast, legalInfos, lossWarning } from './describe';
import { h, Json, keptOpen } from './util';

export interface GeneralsUi {
  selected: string[]; // indices into the hand, as strings "i:card"
  blocks: Record<string, string>; // combat number -> blocker card
  drawn?: string[]; // the cards the player drew this turn, marked in the hand
  choice?: string; // a card choice (Rally's casualties) tapped once: shown and explained, not yet played
  inspect: (card: string, tap?: boolean) => void;
  act: (text: string) => void;
  rerender: () => void;
}

/// One card, face up (name given) or face down (null).
export function cardEl(
  name: string | null,
  opts: {
    selected?: boolean;
    onclick?: (ev: MouseEvent) => void;
    inspect?: (c: string, tap?: boolean) => void;
    small?: boolean;
    id?: string;
    fresh?: boolean;
  } = {},
): HTMLElement {
  if (!name) return hiddenCard(opts);
  // The card as the game's rules book explains it: a unit's type, Force, Damage and traits, or
  // a tactic's text.
  const e = explain(shown.book, name);
  const stat = (k: string) => e.stats?.find(([n]) => n === k)?.[1];
  const unit = stat('Force') !== undefined;
  const tag = opts.onclick ? 'button' : 'div';
  const el = h(tag as 'div', {
    class: `gcard ${unit ? 'gunit' : 'gtactic'} ${opts.selected ? 'sel' : ''} ${opts.small ? 'small' : ''}`,
    'data-card': name,
    'aria-pressed': opts.onclick ? String(!!opts.selected) : false,
  });
  el.append(h('span', { class: 'gname', text: e.title }));
  if (opts.fresh) {
    el.classList.add('fresh');
    el.append(h('span', { class: 'gfresh', title: 'Drawn this turn', text: 'new' }));
  }
  if (unit) {
    el.append(
      h('span', { class: 'gtype', title: e.subtitle ?? '', text: stat('Type') ?? '' }),
      h(
        'span',
        { class: 'gstats' },
        h('span', { class: 'force', title: 'Force', text: `F${stat('Force')}` }),
        h('span', { class: 'damage', title: 'Damage', text: `D${stat('Damage')}` }),
      ),
    );
    // Its traits, its bonus and what it evades, in short (the explanation says them in full).
    const traits = stat('Traits');
    const bonus = e.stats?.find(([n]) => n.startsWith('+'));
    const evades = stat('Evades');
    const face = [
      traits && traits !== '\u2014' ? traits.split(', ').join(' · ') : '',
      bonus ? `${bonus[0]} ${bonus[1].split(', ').join(' ')}` : '',
      evades ? `evades ${evades.split(', ').join(' ')}` : '',
    ].filter((x) => x);
    if (!opts.small && face.length) el.append(h('span', { class: 'gtraits', text: face.join(' · ') }));
  } else if (!opts.small && e.lines.length > 1) el.append(h('span', { class: 'gtext', text: e.lines[0].replace(/\.$/, '') }));
  if (opts.onclick) el.addEventListener('click', opts.onclick);
  if (opts.inspect) {
    el.addEventListener('mouseenter', () => opts.inspect!(name));
    el.addEventListener('focus', () => opts.inspect!(name));
    // A tap on a card that does nothing else opens its explanation (phones have no hover).
    if (!opts.onclick) el.addEventListener('click', () => opts.inspect!(name, true));
  }
  return el;
}

/// A card face down. Pointed at or tapped it explains the piles (the rules book's entry
/// `piles`: whose cards are hidden, and what Scout shows), as the pile counts do: a tap on the
/// opponent's hand once did nothing at all.
function hiddenCard(opts: { small?: boolean; inspect?: (c: string, tap?: boolean) => void }): HTMLElement {
  const el = h('div', { class: `gcard back ${opts.small ? 'small' : ''}`, 'aria-label': 'hidden card' });
  const inspect = opts.inspect;
  if (inspect) {
    el.classList.add('explained');
    el.addEventListener('mouseenter', () => inspect('piles'));
    el.addEventListener('click', () => inspect('piles', true));
  }
  return el;
}

/// Who is Encircling: the player with more flank points (equal: nobody).
export function encircling(v: Json): number {
  const a = v.players?.['1']?.flank ?? 0;
  const b = v.players?.['2']?.flank ?? 0;
  return a > b ? 1 : b > a ? 2 : 0;
}

const PROMPTS: Record<string, string> = {
  scout: 'Scout phase: discard a unit with the Scout trait to see the opponent’s hand or the top cards of a deck, or pass.',
  discard: 'Discard phase: put any cards from your hand into your reserve; the Draw phase then fills your hand again from your deck.',
  draw: 'Draw phase: you may play Rally to take a card back from your casualties.',
  flank: 'Flank phase: play Flank units or Outflank (flank points), or Reserve (draw cards); or pass.',
  artillery: 'Artillery phase: play Siege Artillery or Break Morale, or pass.',
  attack: 'Attack phase: choose your attackers (or none, ending the turn).',
  block: 'Block: assign at most one blocker to each attacker.',
  tactics: 'Tactics: play a tactics card on a combat, or pass. The battle is fought once both players pass in a row.',
};

/// The windows a phase opens to the player who is not attacking this turn.
const DEFENDER_PROMPTS: Record<string, string> = {
  draw: 'Draw phase of the opponent’s turn: you may play Rally to take a card back from your casualties, or pass.',
  flank:
    'Flank phase of the opponent’s turn: the Reserve card (draw cards) and Difficult Terrain (no attack this turn) may be played now, if you hold them; or pass.',
};

/// A battle just resolved, kept by the page to show its outcome until the next battle begins:
/// its combats as they stood and what the resolving action moved.
export interface LastBattle {
  battle: Json; // the view's battle before it resolved
  turn: number;
  attacker: number; // the active player of that turn
  outcome: string[]; // the resolving action's combat, casualty, reshuffle and reserve events, in words
}

/// The battle `before` showed, where `after` (the next view) shows it resolved, with the
/// events of the actions between them that told each combat's result and moved cards to
/// casualty piles and reserves.
export function resolvedBattle(before: Json, after: Json, events: { type: string; text: string }[]): LastBattle | null {
  const was: unknown[] = before?.battle?.attackers ?? [];
  const now: unknown[] = after?.battle?.attackers ?? [];
  if (!was.length || now.length || before.turn === undefined) return null;
  return {
    battle: before.battle,
    turn: before.turn,
    attacker: Number(before.active ?? 0),
    outcome: events.filter((e) => ['combat', 'casualties', 'reshuffled', 'reserve'].includes(e.type)).map((e) => e.text),
  };
}

const sameCards = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/// One combat of a battle: its number, attacker, blocker (or why none) and the tactics played.
/// `chosen`: the blockers the player is choosing (not yet confirmed), drawn in their places.
function combatRow(
  b: Json,
  i: number,
  open: boolean,
  inspect: GeneralsUi['inspect'] | undefined,
  whose: (p: number) => string,
  chosen: Record<string, string> = {},
): HTMLElement {
  const n = String(i + 1);
  const bl = b.blockers?.[n] ?? null;
  const pick = !bl && open ? chosen[n] || null : null;
  const picked = () => {
    const el = cardEl(pick, { small: true, inspect });
    el.classList.add('chosen');
    el.title = 'Your choice of blocker, not yet confirmed';
    return el;
  };
  const on = (b.tactics ?? ([] as Json[])).filter((t: Json) => String(t.on).replace(/^[ab]/, '') === n);
  return h(
    'div',
    { class: 'combat', 'data-combat': n },
    h('span', { class: 'num', text: n }),
    cardEl(b.attackers[i], { small: true, inspect }),
    h('span', { class: 'vs', text: 'vs' }),
    bl ? cardEl(bl, { small: true, inspect }) : pick ? picked() : h('span', { class: 'muted', text: open ? '…' : 'unblocked' }),
    on.length ? h('span', { class: 'tactics', text: on.map((t: Json) => `${title(t.card)} (${whose(Number(t.player))})`).join(', ') }) : null,
  );
}

/// What the player knows of hidden cards that the table does not show: the cards known to be
/// somewhere among a player's hidden ones (a reserve shuffled into a new deck was public), from
/// the view's knowledge (`known.N.hidden`). The opponent's hand cards the player knows are face
/// up in that hand on the table, and a scouted deck's top is shown in order there: neither is
/// repeated here. Null where there is nothing to say.
export function knownOutOfSight(msg: Json): HTMLElement | null {
  const seat: number = msg.seat;
  const hidden = msg.view?.known?.[String(seat)]?.hidden;
  if (!seat || !hidden) return null;
  const opp = 3 - seat;
  const name = msg.players?.[opp - 1]?.name ?? `Player ${opp}`;
  const list = (cards: unknown) => (Array.isArray(cards) ? (cards as string[]).filter((c) => typeof c === 'string') : []);
  const theirs = list(hidden[String(opp)]);
  const mine = list(hidden[String(seat)]);
  if (!theirs.length && !mine.length) return null;
  const line = (id: string, text: string, cards: string[]) => h('p', { id }, h('span', { text }), h('strong', { text: cards.map(title).join(', ') }));
  return h(
    'div',
    { class: 'box', id: 'known-cards' },
    h('h3', { text: 'Cards you know but cannot see' }),
    theirs.length ? line('known-theirs', `Somewhere in ${name}’s deck or hand: `, theirs) : null,
    mine.length ? line('known-mine', 'Somewhere in your deck: ', mine) : null,
    h('p', {
      class: 'muted',
      text: 'A reserve shuffled into a new deck was face up: its cards are known to be there until they come out. Cards you know in the opponent’s hand are face up in it on the table.',
    }),
  );
}

/// `last`: the battle resolved last; `earlier`: the one before it, shown folded when it was the
/// player's own attack and the last was not (the opponent's turn, run through on forced
/// choices, would otherwise replace the player's result before it was seen).
export function renderGeneralsTable(msg: Json, ui: GeneralsUi | null, last: LastBattle | null = null, earlier: LastBattle | null = null): HTMLElement {
  const v = msg.view;
  const seat: number = msg.seat;
  const me = seat || 1;
  const opp = 3 - me;
  const enc = encircling(v);
  // Who played a tactic: "you", or the player's name.
  const whose = (p: number) => (p === seat ? 'you' : (msg.players?.[p - 1]?.name ?? `player ${p}`));
  const inspect = ui?.inspect;
  const root = h('div', { class: 'gtable' });
  // The active player (whose turn it is to attack) only while the game goes on.
  const active = (v.winner ?? null) === null ? v.active : 0;
  // A pile, folded: its cards face up (or down), open again after a redraw if it was open.
  const pile = (name: string, cards: (string | null)[], key: string) =>
    keptOpen(
      h(
        'details',
        { class: 'pile' },
        h('summary', { text: `${name} (${cards.length})` }),
        h('div', { class: 'hand small' }, ...cards.map((c) => cardEl(c, { small: true, inspect }))),
      ),
      key,
    );
  // A count on the table explained where it is pointed at (hover, focus or tap), from the rules
  // book's entry `id` (the piles, the flank points).
  const pointable = (el: HTMLElement, id: string) => {
    if (!inspect) return el;
    el.tabIndex = 0;
    el.classList.add('explained');
    el.addEventListener('mouseenter', () => inspect(id));
    el.addEventListener('focus', () => inspect(id));
    el.addEventListener('click', () => inspect(id, true));
    return el;
  };
  const playerBox = (p: number) => {
    const pl = v.players[String(p)];
    const name = msg.players?.[p - 1]?.name ?? `Player ${p}`;
    const hand: (string | null)[] = pl.hand;
    const deck: (string | null)[] = pl.deck;
    const known = deck.filter((c) => c).length;
    const box = h('section', { class: `gplayer p${p} ${active === p ? 'active' : ''}`, 'aria-label': `player ${p}` });
    box.append(
      h(
        'header',
        {},
        // The seat in brackets unless the name already is the seat's ("Player 2").
        h('strong', { text: p !== seat && name === `Player ${p}` ? name : `${p === seat ? 'You' : name} (player ${p})` }),
        pointable(h('span', { class: 'chip flank', text: `${pl.flank} flank` }), 'flank-points'),
        // What decides the game: a player whose deck and reserve are both empty loses (the
        // cards in hand do not count).
        pointable(
          h('span', {
            class: 'chip left',
            id: `left-${p}`,
            title: 'Deck and reserve: a player with none left loses',
            text: `${deck.length + pl.reserve.length} cards left`,
          }),
          'piles',
        ),
        enc === p
          ? pointable(
              h('span', { class: 'chip enc', id: `encircling-${p}`, title: '+1 damage to each unblocked attacker', text: 'Encircling' }),
              'flank-points',
            )
          : null,
        active === p ? h('span', { class: 'chip turn', text: 'active' }) : null,
      ),
      h(
        'div',
        { class: 'piles' },
        ...[`Deck ${deck.length}`, `Hand ${hand.length}`, `Reserve ${pl.reserve.length}`, `Casualties ${pl.casualties.length}`].map((t) =>
          pointable(h('span', { text: t }), 'piles'),
        ),
      ),
    );
    if (p !== seat) {
      // The opponent's cards the player knows are face up in the hand, the rest face down:
      // said beside them, since nothing else on the table shows why.
      const faceUp = seat !== 0 && hand.some((c) => c);
      box.append(h('div', { class: 'hand small', id: `hand-${p}` }, ...hand.map((c) => cardEl(c, { small: true, inspect }))));
      if (faceUp)
        box.append(
          h('p', {
            class: 'muted known-hand',
            id: 'known-hand',
            text: 'Face up: the cards of this hand you know (seen with a Scout, or taken back with a Rally in the open), until they are played.',
          }),
        );
    }
    if (known && v.view) {
      // A seat's view names only the deck cards that Scout showed.
      box.append(
        h(
          'div',
          { class: 'scouted', id: `scouted-deck-${p}` },
          // In the deck's order, which the log's sentence of the Scout does not keep.
          h('span', { class: 'label', text: `Top of ${p === seat ? 'your' : 'the'} deck (scouted), the next card first:` }),
          ...deck.filter((c) => c).map((c) => cardEl(c, { small: true, inspect })),
        ),
      );
    } else if (known) {
      box.append(pile('Deck, top first', deck, `deck-${p}`));
    }
    if (pl.casualties.length) box.append(pile('Casualties', pl.casualties, `casualties-${p}`));
    if (pl.reserve.length) box.append(pile('Reserve', pl.reserve, `reserve-${p}`));
    return box;
  };
  root.append(playerBox(opp));
  // The battle.
  const b = v.battle ?? {};
  const battle = h('section', { class: 'gbattle', 'aria-label': 'battle' });
  const attackers: string[] = b.attackers ?? [];
  const phases = ['scout', 'discard', 'draw', 'flank', 'artillery', 'attack'];
  const current = ['block', 'tactics'].includes(v.phase) ? 'attack' : v.phase;
  battle.append(
    h(
      'ol',
      { class: 'phases', 'aria-label': 'phases of the turn' },
      ...phases.map((p) => {
        const li = h('li', {
          class: p === current ? 'now' : '',
          'aria-current': p === current ? 'step' : false,
          tabindex: inspect ? '0' : false,
          text: p === current && v.phase !== current ? `${title(p)}: ${title(v.phase)}` : title(p),
        });
        // Pointing at a phase explains it (the rules book's "How a turn goes").
        if (inspect) {
          li.addEventListener('mouseenter', () => inspect(p));
          li.addEventListener('focus', () => inspect(p));
          li.addEventListener('click', () => inspect(p, true));
        }
        return li;
      }),
    ),
  );
  if (attackers.length === 0) battle.append(h('p', { class: 'muted', text: v.phase === 'attack' ? 'No attackers yet.' : 'No battle yet this turn.' }));
  // The blockers being chosen below the hand stand in their places (marked as not yet confirmed).
  const choosing = v.phase === 'block' && msg.to_act === seat && ui ? ui.blocks : {};
  attackers.forEach((_, i) => battle.append(combatRow(b, i, v.phase === 'block', inspect, whose, choosing)));
  // How each combat would end now, as the game says it (the state message's situation); while
  // blockers are being chosen, what they would bring is said under the choice.
  const standing: string[] = Array.isArray(msg.situation) ? msg.situation : [];
  const someChosen = Object.values(choosing).some((c) => c);
  if (attackers.length && standing.length)
    battle.append(
      h(
        'ul',
        { class: 'standing', id: 'standing' },
        ...standing.map((t) => h('li', { text: t })),
        someChosen ? h('li', { class: 'muted', text: 'Before the blockers you are choosing: what they would bring is said under your hand.' }) : null,
      ),
    );
  // The battle fought last and how it ended: open until the next battle begins, then folded
  // beside it (the computer's turn may follow the player's at once).
  const battleBody = (done: LastBattle) => [
    ...(done.battle.attackers as unknown[]).map((_, i) => combatRow(done.battle, i, false, inspect, whose)),
    done.outcome.length
      ? h('ul', { class: 'outcome' }, ...done.outcome.map((t) => h('li', { text: t })))
      : h('p', { class: 'muted', text: 'No card was lost or kept.' }),
  ];
  if (last && earlier && seat !== 0 && earlier.attacker === seat && last.attacker !== seat)
    battle.append(
      keptOpen(
        h('details', { class: 'last-battle', id: 'your-battle' }, h('summary', { text: `Your attack (turn ${earlier.turn})` }), ...battleBody(earlier)),
        `your-battle-${earlier.turn}`,
      ),
    );
  if (last) {
    const heading = `Last battle (turn ${last.turn})`;
    battle.append(
      attackers.length === 0
        ? h('div', { class: 'last-battle', id: 'last-battle' }, h('h4', { text: heading }), ...battleBody(last))
        : keptOpen(h('details', { class: 'last-battle', id: 'last-battle' }, h('summary', { text: heading }), ...battleBody(last)), `last-battle-${last.turn}`),
    );
  }
  const flags = [b.no_attack ? 'no attack this turn (Difficult Terrain)' : '', b.no_block ? 'no blocking this turn (Break Morale)' : ''].filter(Boolean);
  if (flags.length) battle.append(h('p', { class: 'muted', text: flags.join(' · ') }));
  root.append(battle);
  root.append(playerBox(me));
  return root;
}

/// A block action's pairs (combat number, blocking card), as the game describes them.
function blockPairs(a: ActionInfo): { combat: number; card: string }[] {
  return Array.isArray(a.blocks) ? a.blocks : [];
}

/// How one of many card choices is made, as the device makes it: a mouse's click plays the card
/// (pointing at it explained it already), a tap on a touch screen shows it and a second plays it.
function howToChoose(): string {
  const mouse = typeof matchMedia === 'function' && matchMedia('(hover: hover)').matches;
  return mouse ? 'click a card to choose it (point at it first to read it)' : 'tap a card to see it, again to choose it';
}

/// The seat's hand and the controls of its decision.
export function renderGeneralsHand(msg: Json, ui: GeneralsUi, mine: boolean): HTMLElement {
  const v = msg.view;
  const seat: number = msg.seat;
  const hand: string[] = (v.players[String(seat)]?.hand ?? []).filter((c: string | null) => c);
  const legal: string[] = mine ? msg.legal : [];
  const infos = legalInfos(msg);
  const parsed = legal.map((t) => infos.get(t) ?? asInfo(t, null));
  const multiKinds = ['discard', 'flank', 'attack'].filter((k) => parsed.some((a) => a.kind === k && a.cards.length > 1));
  const multi = multiKinds[0] ?? null;
  const selCards = ui.selected.map((x) => x.split(':')[1]);
  const box = h('div', { class: `box ghand ${mine ? 'mine' : ''}` });
  const toggle = (i: number, c: string) => () => {
    const key = `${i}:${c}`;
    ui.selected = ui.selected.includes(key) ? ui.selected.filter((x) => x !== key) : [...ui.selected, key];
    ui.rerender();
  };
  const usable = new Set(parsed.flatMap((a) => a.cards));
  // The cards no choice of the player's decision plays are dimmed, "cannot be played now" (with
  // the game's reason where the state gives one, its card_notes): the card's explanation says
  // when it is played. Rally's choices name the card taken back, not Rally.
  const playable = new Set([...usable, ...(parsed.some((a) => a.kind === 'rally') ? ['rally'] : [])]);
  const notes: Record<string, string> = msg.card_notes ?? {};
  const offNow = (el: HTMLElement, c: string) => {
    if (mine && !playable.has(c)) {
      el.classList.add('off');
      el.title = `Cannot be played now${notes[c] ? `: ${notes[c]}` : ''}`;
    }
    return el;
  };
  // Blocking: a card tapped blocks the first attacker still unblocked that it may block (the
  // combat's list below says so), or, every copy of it already blocking, is taken back.
  const blocks = parsed.filter((a) => a.kind === 'block');
  const attackers: string[] = v.battle?.attackers ?? [];
  const blockOptions = (n: string) => [
    ...new Set(
      blocks.flatMap((p) =>
        blockPairs(p)
          .filter((b) => String(b.combat) === n)
          .map((b) => b.card),
      ),
    ),
  ];
  const blocking = (c: string) => Object.entries(ui.blocks).filter(([, x]) => x === c);
  const held = (c: string) => hand.filter((x) => x === c).length;
  const tapToBlock = (i: number, c: string) => () => {
    const chosen = blocking(c);
    if (chosen.length < held(c)) {
      const free = attackers.map((_, k) => String(k + 1)).find((n) => !ui.blocks[n] && blockOptions(n).includes(c));
      if (free) ui.blocks[free] = c;
    } else if (chosen.length) ui.blocks[chosen[chosen.length - 1][0]] = '';
    ui.selected = [`${i}:${c}`]; // explained under the hand
    ui.rerender();
  };
  const choosingBlocks = mine && blocks.length > 1;
  // The cards drawn this turn, marked (the last copies of a card held, as many as were drawn).
  const drawn = ui.drawn ?? [];
  const fresh = (i: number, c: string) => hand.slice(i + 1).filter((x) => x === c).length < drawn.filter((x) => x === c).length;
  // A card is marked while it blocks (its first copies, as many as block).
  const isBlocking = (i: number, c: string) => hand.slice(0, i).filter((x) => x === c).length < blocking(c).length;
  box.append(
    h('h3', { text: 'Your hand' }),
    h(
      'div',
      { class: 'hand', id: 'hand' },
      ...hand.map((c, i) =>
        offNow(
          choosingBlocks
            ? cardEl(c, {
                selected: isBlocking(i, c),
                fresh: fresh(i, c),
                inspect: ui.inspect,
                onclick: attackers.some((_, k) => blockOptions(String(k + 1)).includes(c)) ? tapToBlock(i, c) : undefined,
              })
            : cardEl(c, {
                selected: ui.selected.includes(`${i}:${c}`),
                fresh: fresh(i, c),
                inspect: ui.inspect,
                onclick: mine && (multi || usable.has(c)) ? toggle(i, c) : undefined,
              }),
          c,
        ),
      ),
    ),
  );
  if (!mine) return box;
  // The card last selected explained under the hand, where the player looks (a tap on a phone
  // selects a card rather than opening its explanation, and the panel is far below).
  const lastSelected = ui.selected.length ? ui.selected[ui.selected.length - 1].split(':')[1] : null;
  if (lastSelected && shown.book) {
    // The face shows Force and Damage; the note says the rest in full.
    const e = explain(shown.book, lastSelected);
    box.append(cardNote(e, e.subtitle ? ` (${e.subtitle})` : ''));
  }
  const controls = h('div', { class: 'actions', id: 'actions' });
  controls.append(h('p', { class: 'prompt', text: (seat !== v.active ? DEFENDER_PROMPTS[v.phase] : undefined) ?? PROMPTS[v.phase] ?? 'Your decision.' }));
  // The server's one-ply check from what the player knows: a choice that loses the game at
  // once is marked where it is offered, and said here (every choice, or how many).
  const warning = lossWarning(msg);
  if (warning) controls.append(h('p', { class: `loss-warning ${warning.every ? 'every' : ''}`, id: 'loss-warning', role: 'alert', text: warning.text }));
  const loses = (t: string | undefined) => !!t && !!infos.get(t)?.loses_at_once;
  const LOSES = ' \u2014 you lose the game at once';
  if (multi) {
    const match = legal.find((t, k) => parsed[k].kind === multi && sameCards(parsed[k].cards, selCards));
    const verb = multi === 'discard' ? 'Discard' : multi === 'flank' ? 'Flank with' : 'Attack with';
    const none = legal.find((t, k) => parsed[k].kind === multi && parsed[k].cards.length === 0);
    controls.append(
      h('p', { class: 'muted', text: 'Select cards in your hand, then confirm.' }),
      h(
        'button',
        {
          class: `primary ${loses(match) ? 'loses' : ''}`,
          id: 'confirm',
          disabled: !match || selCards.length === 0,
          'data-action': match ?? '',
          onclick: () => match && ui.act(match),
        },
        (selCards.length ? `${verb} ${selCards.map(title).join(', ')}` : `${verb} the selected cards`) + (loses(match) && selCards.length ? LOSES : ''),
      ),
    );
    if (none)
      controls.append(
        h(
          'button',
          { 'data-action': none, class: loses(none) ? 'loses' : '', onclick: () => ui.act(none) },
          (infos.get(none)?.words ?? none) + (loses(none) ? LOSES : ''),
        ),
      );
    if (selCards.length && !match) {
      // Why not: a card selected that no such choice takes (the cards that may are named), or
      // one played on its own button (Reserve in the Flank phase).
      const can = [...new Set(parsed.filter((a) => a.kind === multi).flatMap((a) => a.cards))];
      const cannot = [...new Set(selCards.filter((c) => !can.includes(c)))];
      const own = cannot.filter((c) => parsed.some((a) => a.kind !== multi && a.cards.includes(c)));
      const names = (cs: string[]) => cs.map(title).join(', ');
      const phrase = multi === 'discard' ? 'discard' : multi === 'flank' ? 'flank with' : 'attack with';
      controls.append(
        h('p', {
          class: 'muted',
          id: 'selection-refused',
          text: cannot.length
            ? `${names(cannot)} ${cannot.length > 1 ? 'are' : 'is'} not among the cards you may ${phrase} now` +
              (can.length ? `: ${names(can)}.` : '.') +
              (own.length ? ` ${names(own)}: played on ${own.length > 1 ? 'their' : 'its'} own button below.` : '')
            : 'That selection is not allowed.',
        }),
      );
    }
  }
  if (blocks.length > 1) {
    controls.append(
      h('p', { class: 'muted', text: 'Choose a blocker for each attacker you want to block (tap a card, or pick it in the list), then confirm.' }),
    );
    attackers.forEach((a, i) => {
      const n = String(i + 1);
      const options = blockOptions(n);
      // A card chosen for other combats as often as the hand holds it is not offered again.
      const elsewhere = (c: string) => Object.entries(ui.blocks).filter(([k, x]) => k !== n && x === c).length;
      const free = options.filter((c) => elsewhere(c) < held(c));
      const sel = h(
        'select',
        { id: `block-${n}` },
        h('option', { value: '', text: 'no blocker' }),
        ...free.map((c) => h('option', { value: c, text: title(c) })),
      );
      sel.value = ui.blocks[n] ?? '';
      sel.addEventListener('change', () => {
        ui.blocks[n] = sel.value;
        ui.rerender();
      });
      controls.append(h('label', { class: 'blockrow' }, h('span', { text: `${n}. ${title(a)}` }), sel));
    });
    const want = Object.entries(ui.blocks)
      .filter(([, c]) => c)
      .map(([n, c]) => `${n}=${c}`)
      .sort();
    const match = legal.find(
      (t, k) =>
        parsed[k].kind === 'block' &&
        blockPairs(parsed[k])
          .map((b) => `${b.combat}=${b.card}`)
          .sort()
          .join(',') === want.join(','),
    );
    controls.append(
      h(
        'button',
        { class: `primary ${loses(match) ? 'loses' : ''}`, id: 'confirm', disabled: !match, 'data-action': match ?? '', onclick: () => match && ui.act(match) },
        (want.length ? 'Block' : 'Do not block') + (loses(match) ? LOSES : ''),
      ),
    );
    // How each chosen block would end its combat, as the game says it, before it is confirmed.
    if (match && want.length) controls.append(h('p', { class: 'block-preview', id: 'block-preview', text: infos.get(match)?.words ?? '' }));
    if (!match) {
      // Why not: most often one card chosen for more attackers than the hand holds of it.
      const chosen = Object.values(ui.blocks).filter((c) => c);
      const over = chosen.find((c) => chosen.filter((x) => x === c).length > held(c));
      controls.append(
        h('p', {
          class: 'muted',
          id: 'block-refused',
          text: over
            ? `You hold ${held(over) === 1 ? 'one' : held(over)} ${title(over)}: a card blocks one attacker.`
            : 'That choice of blockers is not allowed.',
        }),
      );
    }
  }
  // Every other decision, one button each, described in words.
  const single = legal.filter((t, k) => !(multi && parsed[k].kind === multi) && !(blocks.length > 1 && parsed[k].kind === 'block'));
  // A selected card narrows the buttons to its actions, and to those naming no card (Pass).
  const filtered =
    selCards.length && !multi
      ? single.filter((t) => {
          const named = infos.get(t)?.cards ?? [];
          return named.length === 0 || named.some((c) => selCards.includes(c));
        })
      : single;
  // Many choices naming one card each (Rally's casualties) as those cards. A tap shows the
  // card (marked, explained below the cards, its action on a button) and a second tap, or the
  // button, plays it: on a phone a card is read before it is chosen. A mouse's click plays it
  // at once (pointing at it explained it already), unless it loses the game at once.
  const asCards = cardChoices(filtered, (x) => infos.get(x));
  const chosen = asCards.flatMap((g) => g.choices).find((c) => c.action === ui.choice);
  const choose = (action: string) => (ev: MouseEvent) => {
    const mouse = (ev as PointerEvent).pointerType === 'mouse';
    if (ui.choice === action || (mouse && !loses(action))) {
      ui.choice = undefined;
      ui.act(action);
      return;
    }
    ui.choice = action;
    const card = infos.get(action)?.cards[0];
    if (card) ui.inspect(card);
    ui.rerender();
  };
  for (const g of asCards)
    controls.append(
      h(
        'div',
        { class: 'card-choices', id: `choose-${g.kind}` },
        h('p', { class: 'muted', id: `choose-${g.kind}-how`, text: `${title(g.kind)}: ${howToChoose()} (${g.choices.length} choices).` }),
        h(
          'div',
          { class: 'hand small' },
          ...g.choices.map((c) => {
            const el = cardEl(c.card, { small: true, selected: c.action === ui.choice, inspect: ui.inspect, onclick: choose(c.action) });
            el.dataset.action = c.action;
            el.title = infos.get(c.action)?.words ?? c.action;
            if (loses(c.action)) el.classList.add('loses');
            return el;
          }),
        ),
        chosen && g.choices.includes(chosen) && shown.book
          ? h(
              'div',
              { class: 'choice-note', id: 'choice-note' },
              (() => {
                const e = explain(shown.book, chosen.card);
                return cardNote(e, e.subtitle ? ` (${e.subtitle})` : '');
              })(),
              h(
                'button',
                {
                  class: `primary ${loses(chosen.action) ? 'loses' : ''}`,
                  id: 'confirm-choice',
                  'data-action': chosen.action,
                  onclick: () => {
                    ui.choice = undefined;
                    ui.act(chosen.action);
                  },
                },
                (infos.get(chosen.action)?.words ?? chosen.action) + (loses(chosen.action) ? LOSES : ''),
              ),
            )
          : null,
      ),
    );
  const carded = new Set(asCards.flatMap((g) => g.choices.map((c) => c.action)));
  for (const t of futileLast(
    filtered.filter((x) => !carded.has(x)),
    (x) => infos.get(x),
  ).slice(0, 60))
    controls.append(
      h(
        'button',
        {
          'data-action': t,
          class: loses(t) ? 'loses' : t === 'pass' ? 'pass' : infos.get(t)?.futile ? 'futile' : '',
          onclick: () => ui.act(t),
        },
        (infos.get(t)?.words ?? t) + (loses(t) ? LOSES : ''),
      ),
    );
  box.append(controls);
  return box;
}
