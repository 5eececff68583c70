// Unit tests of the page’s pure modules (describe.ts, books.ts, names.ts, logentries.ts,
// boardzoom.ts), bundled with esbuild (Vite's own) and run in Node: the server's action
// descriptions, explanations from the rules data, a phone's zoomed board,
// Usage: npm test (after npm run rules-data).
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { test } from 'node:test';

const bundle = await build({
  stdin: {
    contents:
      "export * from './src/describe'; export * from './src/books'; export * from './src/data'; export * from './src/names'; export * from './src/logentries'; export { labelSize, unitAbbr, unitKey } from './src/board'; export * from './src/boardzoom';",
    resolveDir: '.',
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  write: false,
  platform: 'neutral',
});
const m = await import('data:text/javascript;base64,' + Buffer.from(bundle.outputFiles[0].text).toString('base64'));

const view = {
  game: 'ancient-warfare',
  edition: 'autokill',
  phase: 'battle',
  units: [
    { square: 'b8', owner: 2, type: 'elephants' },
    { square: 'b6', owner: 1, type: 'blades', elite: true },
    { square: 'c4', owner: 1, type: 'scythed-chariots' },
  ],
  lost: { 1: 0, 2: 0 },
  options: { board: 8, turn_limit: 200 },
};

test('the server’s descriptions of actions are taken as they are, and a missing one is the text', () => {
  const info = m.asInfo('attack special-ability b8-b7xb6', {
    text: 'attack special-ability b8-b7xb6',
    kind: 'attack',
    card: 'special-ability',
    squares: ['b8', 'b7', 'b6'],
    from: 'b8',
    via: 'b7',
    target: 'b6',
    words: 'Special Ability: Elephants b8 moves to b7 and attacks Elite Blades b6',
  });
  assert.deepEqual([info.kind, info.from, info.via, info.target], ['attack', 'b8', 'b7', 'b6']);
  assert.deepEqual(info.cards, []);
  // A description of another text is not used.
  const other = m.asInfo('pass', { text: 'end', kind: 'end', words: 'End the move phase' });
  assert.deepEqual([other.kind, other.words, other.squares], ['', 'pass', []]);
  const legal = m.legalInfos({ legal: ['end', 'pass'], actions: [{ text: 'end', kind: 'end', words: 'End the move phase' }] });
  assert.equal(legal.get('end').words, 'End the move phase');
  assert.equal(legal.get('pass').words, 'pass');
});

test('the choices that would spend a card to no gain come last, the others in their order', () => {
  const legal = m.legalInfos({
    legal: ['play overrun 1', 'play bloodlust 1', 'play shields 1', 'pass'],
    actions: [
      { kind: 'play', words: 'Play Overrun on combat 1 — it helps Player 2', futile: 'helps-opponent' },
      { kind: 'play', words: 'Play Bloodlust on combat 1 — then ...' },
      { kind: 'play', words: 'Play Shields on combat 1 — it changes nothing', futile: 'no-effect' },
      { kind: 'pass', words: 'Pass' },
    ],
  });
  assert.deepEqual(
    m.futileLast(['play overrun 1', 'play bloodlust 1', 'play shields 1', 'pass'], (t) => legal.get(t)),
    ['play bloodlust 1', 'pass', 'play overrun 1', 'play shields 1'],
  );
});

test('explanations are the rules book’s entries, with the page’s own lines first', () => {
  const book = {
    game: 'ancient-warfare',
    title: 'T',
    facts: [],
    sections: [
      {
        id: 'units',
        title: 'Units',
        entries: [{ id: 'elephants', title: 'Elephants', stats: [['Move', '3']], lines: ['Auto-kills (no card needed): Knights.'] }],
      },
      { id: 'terrain', title: 'Terrain', entries: [{ id: 'rough', title: 'Rough', lines: ['Stop.'] }] },
    ],
  };
  const e = m.explain(book, 'elephants', 'units', ['Your unit on b2.']);
  assert.deepEqual(e.lines, ['Your unit on b2.', 'Auto-kills (no card needed): Knights.']);
  assert.deepEqual(e.stats, [['Move', '3']]);
  assert.equal(m.explain(book, 'rough').lines[0], 'Stop.');
  assert.equal(m.explain(book, 'rough', 'units').title, 'Rough');
  assert.deepEqual(m.explain(book, 'rough', 'units').lines, []);
  assert.equal(m.explain(null, 'light-horse').title, 'Light Horse');
});

test('the reason of a game’s end is shown without the result the headline states', () => {
  assert.equal(
    m.reasonOnly('Player 1 wins: Player 2 ran out of cards (deck and reserve are empty)'),
    'Player 2 ran out of cards (deck and reserve are empty).',
  );
  assert.equal(m.reasonOnly('The game is drawn: the turn limit (4 turns) was reached'), 'The turn limit (4 turns) was reached.');
  assert.equal(m.reasonOnly('Player 2 wins'), 'Player 2 wins.');
  assert.equal(m.reasonOnly(''), '');
});

test('a game-over headline that already says the reason is not followed by it again', () => {
  assert.equal(m.saysAlready('The game is drawn.', 'The game is drawn.'), true);
  assert.equal(m.saysAlready('You win!', 'You win.'), true);
  assert.equal(m.saysAlready('You lose.', ''), true);
  assert.equal(m.saysAlready('You lose.', 'Player 2 ran out of cards.'), false);
  assert.equal(m.saysAlready('The game is drawn.', 'The turn limit (4 turns) was reached.'), false);
});

test('a compact message: each group choice becomes a legal entry with its squares, and plays by group and choice', () => {
  const msg = {
    legal: ['end'],
    actions: [{ kind: 'end', card: null, cards: [], squares: [], words: 'End the turn' }],
    groups: [{ kind: 'advance', card: 'march', cards: ['march'], squares: ['g2', 'g1', 'h2'], choices: [[0, 1], [0, 2], [2]] }],
  };
  m.expandGroups(msg);
  assert.equal(msg.legal.length, 4);
  const infos = m.legalInfos(msg);
  const keys = msg.legal.slice(1);
  assert.deepEqual(
    keys.map((k) => infos.get(k).squares),
    [['g2', 'g1'], ['g2', 'h2'], ['h2']],
  );
  assert.deepEqual(
    keys.map((k) => infos.get(k).kind),
    ['advance', 'advance', 'advance'],
  );
  assert.equal(infos.get(keys[0]).card, 'march');
  assert.match(infos.get(keys[0]).words, /March: Advance of 2 units \(g2, g1\)/);
  assert.deepEqual(
    keys.map((k) => m.groupChoice(k)),
    [
      { group: 0, choice: 0 },
      { group: 0, choice: 1 },
      { group: 0, choice: 2 },
    ],
  );
  assert.equal(m.groupChoice('end'), null);
  assert.equal(m.groupChoice('advance march g2,g1'), null);
  assert.equal(infos.get(keys[0]).landings, undefined, 'no landings where the group gives none');
});

test('a group’s landing squares follow each choice’s squares', () => {
  const msg = {
    legal: [],
    actions: [],
    groups: [
      {
        kind: 'advance',
        card: 'march',
        cards: ['march'],
        squares: ['g2', 'g1', 'h2'],
        landings: ['g4', 'g3', null],
        choices: [
          [0, 1],
          [2, 0],
        ],
      },
    ],
  };
  m.expandGroups(msg);
  const infos = m.legalInfos(msg);
  assert.deepEqual(
    msg.legal.map((k) => infos.get(k).landings),
    [
      ['g4', 'g3'],
      [null, 'g4'],
    ],
  );
});

test('counts name their noun in the singular for one and the plural otherwise', () => {
  assert.equal(m.counted(1, 'card'), '1 card');
  assert.equal(m.counted(0, 'card'), '0 cards');
  assert.equal(m.counted(5, 'loss point'), '5 loss points');
});

test('a sentence names the players for the seat that reads it, with the grammar that follows', () => {
  const m2 = { seat: 1, players: [{ name: 'Huns' }, { name: 'Player 2' }] };
  assert.equal(m.namedFor(m2, "Player 1's Knights moved from d2 to d4"), 'Your Knights moved from d2 to d4');
  assert.equal(m.namedFor(m2, 'Player 2 wins: Player 1 ran out of cards'), 'Player 2 wins: you ran out of cards');
  // Generals' Scout line writes its possessive with a typographic apostrophe: never "you’s".
  assert.equal(m.namedFor(m2, 'Player 1 saw Rally on top of Player 1\u2019s deck'), 'You saw Rally on top of your deck');
  assert.equal(m.namedFor(m2, 'Player 1 saw Rally on top of Player 2\u2019s deck'), 'You saw Rally on top of Player 2’s deck');
  assert.equal(m.namedFor(m2, "Combat 1: Player 1's Legionaires, unblocked, dealt 3 damage"), 'Combat 1: your Legionaires, unblocked, dealt 3 damage');
  // Two players of one army are told apart by their seats.
  const same = { seat: 1, players: [{ name: 'Romans' }, { name: 'Gauls' }, { name: 'Romans' }, { name: 'Huns' }] };
  assert.equal(m.namedFor(same, "Player 3's Blades attacked Player 4's Archers"), 'Romans (3)’s Blades attacked Huns’ Archers');
  assert.equal(m.namedFor(same, 'Player 3 wins'), 'Romans (3) win');
  assert.equal(m.namedFor({ ...same, seat: 2 }, "Player 1's Blades attacked Player 3's Archers"), 'Romans (1)’s Blades attacked Romans (3)’s Archers');
  assert.equal(m.namedFor(m2, 'Player 1 has 2 loss points (the limit is 8)'), 'You have 2 loss points (the limit is 8)');
  const watcher = { seat: 0, players: [{ name: 'Huns' }, { name: 'Early Byzantines' }] };
  assert.equal(m.namedFor(watcher, "Player 1 wins: Player 2's General was destroyed"), 'Huns win: Early Byzantines’ General was destroyed');
  assert.equal(m.namedFor(watcher, 'Player 2 has 1 loss point (the limit is 8)'), 'Early Byzantines have 1 loss point (the limit is 8)');
  assert.equal(m.namedFor({ seat: 0, players: [{ name: 'Gaul' }] }, 'Player 1 wins'), 'Gaul wins');
  // The seat is said where the name alone would not tell the player apart, and only there.
  assert.equal(m.seatName(['Huns', 'Gauls'], 2), 'Gauls');
  assert.equal(m.seatName(['Romans', 'Romans'], 2), 'Romans (2)');
  assert.equal(m.seatName(['Romans', 'Gauls', 'Huns', 'Medes'], 3), 'Huns (3)');
  assert.equal(m.seatName(['Player 1', 'Player 2'], 2), 'Player 2');
  assert.equal(m.seatName(['Huns'], 2), 'Player 2');
  assert.ok(m.isPlural('Huns') && !m.isPlural('Player 2') && !m.isPlural('Gaul'));
});

test('an action’s events: each event that begins an entry is one of its own, with the events after it', () => {
  const events = [
    { type: 'casualties', text: 'Your Bowmen went to the casualty pile' },
    { type: 'battle', text: 'The battle of turn 3 resolved', player: 1, entry: true },
    { type: 'combat', text: 'Combat 1: …' },
    { type: 'turn', text: 'Your turn (turn 4)', player: 2, entry: true },
    { type: 'drew', text: 'You drew March, Scout', player: 2 },
  ];
  const { own, entries } = m.splitEntries(events);
  assert.deepEqual(own, [events[0]]);
  assert.deepEqual(
    entries.map((x) => [x.head, x.events]),
    [
      [events[1], [events[2]]],
      [events[3], [events[4]]],
    ],
  );
  const none = m.splitEntries(events.slice(0, 1));
  assert.deepEqual(none.entries, []);
  assert.deepEqual(none.own, [events[0]]);
});

/// A log line as the page keeps it: its player, its action's kind (and text and words), the
/// action's structure (`info` adds to it) and its events.
const line = (player, kind, events = [], info = {}) => ({
  player,
  text: kind,
  words: kind,
  info: { kind, card: null, cards: [], squares: [], words: kind, text: kind, ...info },
  events,
});

test('the turn’s moves: an answer that let a move go ahead carries it; the last action is drawn on its own', () => {
  const moved = (player, from, to) => ({ type: 'moved', text: `${from}-${to}`, player, from, to });
  // The retreat edition: player 1's group advance and move each wait for player 2's pass.
  const log = [
    line(2, 'end', [moved(2, 'a7', 'a6')]),
    line(1, 'advance'),
    line(2, 'pass', [moved(1, 'd3', 'd4'), moved(1, 'd2', 'd3')]),
    line(1, 'attack', [], { from: 'e4', target: 'e5' }),
    line(2, 'defend'),
    line(1, 'move', [], { from: 'f2', to: 'f4' }),
    line(2, 'pass', [moved(1, 'f2', 'f4')]),
  ];
  assert.deepEqual(m.turnMoves(log, log[5]), [
    { from: 'e4', to: 'e5', attack: true },
    { from: 'd3', to: 'd4' },
    { from: 'd2', to: 'd3' },
  ]);
  // The advance last: its units' moves, from the pass after it.
  assert.deepEqual(m.turnMoves(log.slice(0, 3), log[1]), [
    { from: 'd3', to: 'd4' },
    { from: 'd2', to: 'd3' },
  ]);
  // The autokill edition: a move's events are on its own line.
  const autokill = [
    line(2, 'end'),
    line(1, 'move', [moved(1, 'c2', 'c3')], { from: 'c2', to: 'c3' }),
    line(1, 'move', [moved(1, 'b2', 'b4')], { from: 'b2', to: 'b4' }),
  ];
  assert.deepEqual(m.turnMoves(autokill, autokill[2]), [{ from: 'c2', to: 'c3' }]);
  assert.deepEqual(m.turnMoves([], undefined), []);
});

test('the last move drawn is one of the current turn or the one before, never older', () => {
  const turn = (player) => ({ type: 'turn', text: `turn of ${player}`, player });
  const log = [line(1, 'move'), line(1, 'end', [turn(2)]), line(2, 'discard'), line(2, 'end', [turn(1)])];
  // Player 2's turn had no move: player 1's move of the turn before that is not drawn again.
  assert.equal(m.lastMoveLine(log), undefined);
  // Before player 2's turn ended, player 1's move was the turn before: drawn.
  assert.equal(m.lastMoveLine(log.slice(0, 3)), log[0]);
  const moved = [...log, line(1, 'attack')];
  assert.equal(m.lastMoveLine(moved), moved[4]);
  // A log without turn events (a game that has none): the last move of all.
  assert.equal(m.lastMoveLine([line(1, 'move'), line(2, 'pass')])?.info.kind, 'move');
});

test('the units the turn’s attacks drove back are drawn too', () => {
  const pushed = (player, from, to) => ({ type: 'retreated', text: `${from}-${to}`, player, from, to });
  const log = [
    line(2, 'end'),
    line(1, 'attack', [], { from: 'e4', target: 'e5' }),
    line(2, 'pass', [pushed(2, 'e5', 'e6')]),
    line(1, 'attack', [], { from: 'c4', target: 'c5' }),
    line(2, 'pass', [{ type: 'recoiled', text: 'c5-c6', player: 2, from: 'c5', to: 'c6' }]),
  ];
  assert.deepEqual(m.turnMoves(log, log[3]), [
    { from: 'c5', to: 'c6', pushed: true },
    { from: 'e5', to: 'e6', pushed: true },
    { from: 'e4', to: 'e5', attack: true },
  ]);
});

test('a move or a charge cancelled by Difficult Ground is not drawn as if it happened', () => {
  const charge = line(1, 'attack', [], { from: 'e3', via: 'd4', target: 'c5' });
  const log = [line(1, 'attack', [], { from: 'b2', target: 'b3' }), line(2, 'pass'), charge, line(2, 'negate')];
  assert.equal(m.negated(log, 2), true);
  assert.equal(m.negated(log, 0), false);
  // The last action drawn is the attack before the cancelled charge, and the charge's attack
  // is not among the turn's.
  assert.equal(m.lastMoveLine(log), log[0]);
  assert.deepEqual(m.turnMoves(log, log[0]), []);
  const after = [...log, line(1, 'attack', [], { from: 'f2', target: 'f3' })];
  assert.deepEqual(m.turnMoves(after, after[4]), [{ from: 'b2', to: 'b3', attack: true }]);
  // Let go ahead, the charge is drawn.
  const let_ = [log[0], log[1], charge, line(2, 'pass')];
  assert.equal(m.lastMoveLine(let_), charge);
});

test('an action’s events are read as sent, but for the action itself, with the reader’s names', () => {
  const raw = [
    { type: 'action', text: 'Player 1: end', player: 1 },
    { type: 'moved', text: 'Player 1’s Blades moved from d3 to d4', player: 1, from: 'd3', to: 'd4', unit: {} },
    { type: 'turn', text: 'Player 2’s turn (turn 3)', player: 2, turn: 3, entry: true },
  ];
  assert.deepEqual(
    m.readEvents(raw, (t) => t.replace('Player 2’s', 'Your')),
    [
      { type: 'moved', text: 'Player 1’s Blades moved from d3 to d4', player: 1, from: 'd3', to: 'd4' },
      { type: 'turn', text: 'Your turn (turn 3)', player: 2, entry: true, turn: 3 },
    ],
  );
  assert.deepEqual(
    m.readEvents(undefined, (t) => t),
    [],
  );
});

test('a counter’s label is drawn smaller where it is wide, so that it fits the counter', () => {
  assert.equal(m.labelSize(m.unitAbbr('blades')), 0.3);
  assert.equal(m.labelSize(m.unitAbbr('artillery')), 0.3);
  // "WWg" at 0.3 was wider than its counter (0.84) on a phone.
  assert.ok(m.labelSize(m.unitAbbr('war-wagons')) < 0.27);
  assert.ok(m.labelSize('Camp') < m.labelSize('Art'));
  for (const t of ['war-wagons', 'scythed-chariots', 'heavy-chariots', 'longbows', 'camp', 'some-new-type']) assert.ok(m.labelSize(m.unitAbbr(t)) <= 0.3);
});

test('a Scout is dated by the turn it was played in', () => {
  const turn = (n) => ({ type: 'turn', text: `turn ${n}`, turn: n });
  const scouted = { type: 'scouted', text: 'Player 1 saw Push in Player 2’s hand', player: 1 };
  const log = [line(1, 'scout', [scouted]), line(1, 'end', [turn(2)]), line(2, 'end', [turn(3)]), line(1, 'move')];
  // Before any new turn: turn 1.
  assert.equal(m.lastScoutTurn(log, 1), 1);
  assert.equal(m.lastScoutTurn(log, 2), null);
  const later = [...log, line(1, 'scout', [scouted]), line(1, 'end', [turn(4)])];
  assert.equal(m.lastScoutTurn(later, 1), 3);
  // The events read from the server keep a new turn's number.
  assert.equal(m.readEvents([{ type: 'turn', text: 't', turn: 7, entry: true }], (t) => t)[0].turn, 7);
});

test('the squares of units destroyed in this turn or the last are marked, older ones not', () => {
  const turn = (n) => ({ type: 'turn', text: `turn ${n}`, turn: n });
  const destroyed = (sq) => ({ type: 'destroyed', text: `lost on ${sq}`, square: sq });
  const log = [
    line(1, 'attack', [destroyed('c5')]),
    line(1, 'end', [turn(2)]),
    line(2, 'autokill', [destroyed('d4')]),
    line(2, 'end', [turn(3)]),
    line(1, 'attack', [destroyed('e6'), destroyed('e6')]),
  ];
  assert.deepEqual(m.recentFallen(log), ['d4', 'e6']);
  assert.deepEqual(m.recentFallen(log.slice(0, 1)), ['c5']);
  // Read from the server's event: the unit's square.
  assert.equal(m.readEvents([{ type: 'destroyed', text: 'x', unit: { type: 'blades', owner: 1, square: 'b3' } }], (t) => t)[0].square, 'b3');
});

test('the server’s one-ply check warns of choices that lose at once, and one that does is never played as forced', () => {
  const state = (legal, actions, more = {}) => ({ seat: 1, to_act: 1, over: false, legal, actions, ...more });
  const pass = { kind: 'pass', words: 'Pass: no Reserve' };
  const reserve = { kind: 'reserve', words: 'Play Reserve: draw 3 cards', loses_at_once: true };
  assert.equal(m.lossWarning(state(['pass', 'reserve'], [pass, { ...reserve, loses_at_once: undefined }])), null, 'nothing marked, nothing said');
  const some = m.lossWarning(state(['pass', 'reserve'], [pass, reserve]));
  assert.deepEqual([some.every, some.count], [false, 1]);
  assert.match(some.text, /one of your choices loses the game at once/);
  const every = m.lossWarning(
    state(
      ['discard', 'discard bowmen'],
      [
        { kind: 'discard', loses_at_once: true },
        { kind: 'discard', loses_at_once: true },
      ],
    ),
  );
  assert.deepEqual([every.every, every.text], [true, 'Every choice you have now loses the game at once.']);
  assert.equal(m.lossWarning(state(['pass'], [{ ...pass, loses_at_once: true }])).text, 'Your only choice loses the game at once.');
  // Actions sent as groups were not checked: never "every".
  assert.equal(m.lossWarning(state(['pass'], [{ ...pass, loses_at_once: true }], { groups: [{ kind: 'advance' }] })).every, false);
  assert.equal(m.lossWarning(state(['pass'], [{ ...pass, loses_at_once: true }], { to_act: 2 })), null, 'another player’s decision');
  assert.equal(m.lossWarning(state(['pass'], [{ ...pass, loses_at_once: true }], { seat: 0 })), null, 'a spectator');
  assert.equal(m.forcedChoice(state(['pass'], [{ ...pass, loses_at_once: true }])), null, 'a lone pass that loses waits for the click');
  assert.equal(m.forcedChoice(state(['pass'], [pass])), 'pass');
});

test('a forced choice is played for the player, but never one that ends the game', () => {
  const state = (legal, actions, more = {}) => ({ seat: 2, to_act: 2, over: false, legal, actions, ...more });
  const take = { kind: 'pass', words: 'Take the attack (no defence): your General on f7 is destroyed; the game ends', ends_game: true };
  assert.equal(m.forcedChoice(state(['pass'], [take])), null, 'taking an attack that ends the game waits for the click');
  assert.equal(m.forcedChoice(state(['pass'], [{ ...take, ends_game: undefined, words: 'Take the attack (no defence)' }])), 'pass');
  assert.equal(m.forcedChoice(state(['end'], [{ kind: 'end', words: 'End the move phase' }])), 'end');
  assert.equal(m.forcedChoice(state(['pass', 'defend evade f7-f6'], [take, { kind: 'defend', words: 'Evade' }])), null, 'two choices are not forced');
  assert.equal(m.forcedChoice(state(['pass'], [{ kind: 'pass' }], { to_act: 1 })), null, 'another player’s decision');
  assert.equal(m.forcedChoice(state(['pass'], [{ kind: 'pass' }], { seat: 0 })), null, 'a spectator');
  assert.equal(m.forcedChoice(state(['pass'], [{ kind: 'pass' }], { over: true })), null, 'a game over');
  assert.equal(m.forcedChoice(state(['move move b2-b3'], [{ kind: 'move' }])), null, 'a move is never forced');
});

test('many choices of one kind naming one card each are shown as cards; passes and the few stay buttons', () => {
  const infos = new Map();
  const rally = ['bowmen', 'auxilia', 'peltasts', 'legionaires', 'nomads', 'cataphracts', 'outflank'];
  for (const c of rally) infos.set(`rally ${c}`, { ...m.asInfo(`rally ${c}`, null), kind: 'rally', cards: [c] });
  infos.set('pass', { ...m.asInfo('pass', null), kind: 'pass', cards: [] });
  infos.set('reserve', { ...m.asInfo('reserve', null), kind: 'reserve', cards: ['reserve'] });
  const texts = ['pass', ...rally.map((c) => `rally ${c}`), 'reserve'];
  const groups = m.cardChoices(texts, (t) => infos.get(t));
  assert.deepEqual(
    groups.map((g) => g.kind),
    ['rally'],
  );
  assert.deepEqual(
    groups[0].choices.map((c) => c.card),
    rally,
  );
  assert.equal(groups[0].choices[0].action, 'rally bowmen');
  assert.deepEqual(
    m.cardChoices(texts.slice(0, 7), (t) => infos.get(t)),
    [],
    'six choices stay buttons',
  );
  // A card named twice (two ways to play it) is no list of cards.
  infos.set('rally bowmen again', { ...m.asInfo('x', null), kind: 'rally', cards: ['bowmen'] });
  assert.deepEqual(
    m.cardChoices([...texts, 'rally bowmen again'], (t) => infos.get(t)),
    [],
  );
});

test('the cards a seat drew this turn: its draw events since the line that began the turn', () => {
  const line = (player, events = []) => ({ player, text: 'x', info: m.asInfo('x', null), words: 'x', events });
  const drew = (player, cards) => ({ type: 'drew', text: 'drew', player, ...(cards ? { cards } : {}) });
  const log = [
    line(1, [drew(1, ['bowmen'])]),
    line(2, [{ type: 'turn', text: 'Your turn (turn 2)', turn: 2 }]),
    line(1, [drew(1, ['rally', 'shields'])]),
    line(2, [drew(2)]),
    line(1, [drew(1, ['nomads'])]),
  ];
  assert.deepEqual(m.drawnThisTurn(log, 1), ['rally', 'shields', 'nomads']);
  assert.deepEqual(m.drawnThisTurn(log, 2), [], 'an opponent’s draw names no card');
  assert.deepEqual(m.drawnThisTurn(log.slice(0, 1), 1), ['bowmen'], 'the first turn: from the start');
  assert.deepEqual(m.drawnThisTurn(log.slice(0, 2), 1), [], 'a new turn: nothing drawn yet');
  // The server's events keep the cards they name.
  const read = m.readEvents([{ type: 'drew', player: 1, count: 2, cards: ['rally', 'shields'], text: 'Player 1 drew Rally, Shields' }], (t) => t);
  assert.deepEqual(read[0].cards, ['rally', 'shields']);
});

test('what others did while the player waited: their actions since its own last one, and the units they destroyed', () => {
  const line = (player, events = [], words = 'x', kind = 'move') => ({ player, text: 'x', info: { ...m.asInfo('x', null), kind }, words, events });
  const lost = (text) => ({ type: 'destroyed', text, square: 'c4' });
  const log = [
    line(1),
    line(2),
    line(1),
    line(2, [lost('You lost the Blades on c4')]),
    line(3),
    line(4, [{ type: 'moved', text: 'moved' }, lost('Gauls lost the Warband on e5')]),
  ];
  const did = (player) => ({ player, words: 'x' });
  assert.deepEqual(m.sinceOwnLast(log, 1), {
    actions: 3,
    players: [2, 3, 4],
    destroyed: ['You lost the Blades on c4', 'Gauls lost the Warband on e5'],
    did: [did(2), did(3), did(4)],
    every: [did(2), did(3), did(4)],
  });
  assert.equal(m.sinceOwnLast([...log, line(1)], 1), null, 'nothing since the player’s own last action');
  assert.equal(m.sinceOwnLast([line(2)], 1), null, 'the player has not acted yet');
  assert.deepEqual(m.sinceOwnLast(log, 3), { actions: 1, players: [4], destroyed: ['Gauls lost the Warband on e5'], did: [did(4)], every: [did(4)] });
  // A card game's turn: what the opponent did is said in its words, its passes left out.
  const turn = [
    line(1),
    line(2, [], 'Scouted with Slingers: looked at your hand', 'scout'),
    line(2, [], 'Pass: done with Rally', 'pass'),
    line(2, [], 'Played Onagers as Siege Artillery: you lost the top card of your deck', 'siege'),
    line(2, [], 'Attacked with Warriors', 'attack'),
  ];
  assert.deepEqual(
    m.sinceOwnLast(turn, 1).did.map((d) => d.words),
    ['Scouted with Slingers: looked at your hand', 'Played Onagers as Siege Artillery: you lost the top card of your deck', 'Attacked with Warriors'],
  );
  // A board lists every action, its passes (an attack taken) too: the count says as many.
  const board = [line(1), line(2, [], 'Ended the move phase', 'end'), line(2, [], 'Took the attack (no defence)', 'pass')];
  const since = m.sinceOwnLast(board, 1);
  assert.deepEqual(
    since.every.map((d) => d.words),
    ['Ended the move phase', 'Took the attack (no defence)'],
  );
  assert.equal(since.every.length, since.actions);
});

test('the key to the counters’ labels: each type on the board once, by its label, no General or Camp', () => {
  const units = [
    { type: 'warband', owner: 1 },
    { type: 'general', owner: 1 },
    { type: 'camp', owner: 2 },
    { type: 'blades', owner: 2 },
    { type: 'warband', owner: 2 },
    { type: 'light-horse', owner: 1 },
  ];
  assert.deepEqual(m.unitKey(units), [
    { type: 'blades', label: 'Bd' },
    { type: 'light-horse', label: 'LH' },
    { type: 'warband', label: 'Wb' },
  ]);
  assert.deepEqual(
    m.unitKey(units).map((k) => k.label),
    m.unitKey(units).map((k) => m.unitAbbr(k.type)),
    'the labels are those the counters show',
  );
  assert.deepEqual(m.unitKey([]), []);
});

test('the blow that ended a game: the last attack or auto-kill and what it and its answers cost', () => {
  const line = (player, kind, words, events = []) => ({ player, text: 'x', info: { ...m.asInfo('x', null), kind }, words, events });
  const ev = (type, text) => ({ type, text });
  const log = [
    line(1, 'autokill', 'Auto-kill: Cavalry d1 destroyed Psiloi c2', [ev('destroyed', 'Gauls lost the Psiloi on c2')]),
    line(1, 'end', 'Ended the battle phase and the turn', [ev('turn', 'Gauls’ turn (turn 42)')]),
    line(2, 'move', 'Trod: Cavalry e3 moved to d2', [ev('moved', 'Gauls’ Cavalry moved from e3 to d2')]),
    line(2, 'attack', 'Attack: Cavalry d2 attacked Elite General c1'),
    line(1, 'pass', 'Took the attack (no defence)', [ev('destroyed', 'You lost the Elite General on c1'), ev('over', 'Gauls win: your General was destroyed')]),
  ];
  assert.deepEqual(m.decidingBlow(log), { line: log[3], said: ['You lost the Elite General on c1'] });
  // An auto-kill that reached the loss points' limit: its losses and the points counted.
  const points = [
    line(2, 'autokill', 'Auto-kill: Knights e5 destroyed Blades e4', [
      ev('destroyed', 'You lost the Blades on e4'),
      ev('loss', 'You have 8 loss points (the limit is 8)'),
    ]),
  ];
  assert.deepEqual(m.decidingBlow(points).said, ['You lost the Blades on e4', 'You have 8 loss points (the limit is 8)']);
  // A last attack that cost nothing (a defence held) says no blow; a log without attacks neither.
  assert.equal(m.decidingBlow([...log.slice(0, 4), line(1, 'defend', 'Defended with Reinforced', [ev('held', 'Your General held')])]), null);
  assert.equal(m.decidingBlow(log.slice(1, 3)), null);
  // A game ended by its turn limit: its last attack, turns before, decided nothing.
  const timedOut = [...log.slice(0, 3), line(2, 'end', 'Ended the battle phase and the turn', [ev('over', 'The turn limit is reached')])];
  assert.equal(m.decidingBlow(timedOut), null);
});

test('an error or a choice missing a field gives the page a string, never undefined (startsWith)', () => {
  // A campaign e2e run once saw "Cannot read properties of undefined (reading 'startsWith')":
  // the page's checks of the refusal line and of an action's key must hold for any message.
  assert.equal(m.refusalText({ type: 'error', code: 'illegal', message: '"x" refused: not now' }), 'Refused: not now');
  assert.equal(m.refusalText({ type: 'error', code: 'full', message: 'the server is full' }), 'the server is full');
  assert.equal(m.refusalText({ type: 'error', code: 'too_fast' }), 'The server refused: too_fast');
  assert.equal(m.refusalText({ type: 'error', code: 'illegal' }), 'Refused: ');
  assert.equal(m.refusalText({ type: 'error' }), '');
  assert.equal(m.refusalText(null), '');
  for (const e of [{ type: 'error', code: 'x' }, { type: 'error' }, {}]) assert.equal(typeof m.refusalText(e).startsWith, 'function');
  assert.equal(m.groupChoice(undefined), null);
});

test('the battles fought are read back from the log, as a reload finds it', () => {
  const line = (player, info, events = []) => ({ player, text: info.text, info: { cards: [], squares: [], card: null, ...info }, words: info.text, events });
  const log = [
    line(1, { text: 'attack barbarians,psiloi', kind: 'attack', cards: ['barbarians', 'psiloi'] }),
    line(2, { text: 'block 2=auxilia', kind: 'block', blocks: [{ combat: 2, card: 'auxilia' }] }),
    line(1, { text: 'play bloodlust a1', kind: 'play', card: 'bloodlust', cards: ['bloodlust'], arg: 'a1' }, [
      { type: 'casualties', player: 1, text: "Player 1's Bloodlust went to the casualty pile" },
    ]),
    line(2, { text: 'pass', kind: 'pass' }),
    line(1, { text: 'pass', kind: 'pass' }, [
      { type: 'battle', player: 1, turn: 3, text: 'The battle of turn 3 resolved' },
      { type: 'combat', player: 1, text: 'Combat 1: Barbarians dealt 4 damage' },
      { type: 'reserve', player: 1, text: 'Barbarians went to the reserve' },
      { type: 'turn', player: 2, turn: 4, text: "Player 2's turn (turn 4)" },
      { type: 'casualties', player: 2, text: 'a later casualty' },
    ]),
    line(2, { text: 'attack auxilia', kind: 'attack', cards: ['auxilia'] }),
  ];
  const fought = m.battlesFromLog(log);
  assert.equal(fought.length, 1, 'the battle under way (no battle event yet) is not fought');
  assert.deepEqual(fought[0].battle, {
    attackers: ['barbarians', 'psiloi'],
    blockers: { 2: 'auxilia' },
    tactics: [{ player: 1, card: 'bloodlust', on: 'a1' }],
  });
  assert.equal(fought[0].turn, 3);
  assert.equal(fought[0].attacker, 1);
  assert.deepEqual(fought[0].outcome, ['Combat 1: Barbarians dealt 4 damage', 'Barbarians went to the reserve'], "up to the next turn's events");
  assert.deepEqual(m.battlesFromLog([]), []);
});

test('the zoom is offered on a narrow screen for a board wider than 8 files whose squares would be small', () => {
  // A phone (a frame of 375 px): 12 files give squares of 30 px, 16 files 23 px, 8 files 44 px.
  assert.equal(m.zoomOffered(true, 12, 375), true);
  assert.equal(m.zoomOffered(true, 16, 375), true);
  assert.equal(m.zoomOffered(true, 8, 375), false);
  // A laptop, and a narrow window wide enough for fingertip squares.
  assert.equal(m.zoomOffered(false, 16, 375), false);
  assert.equal(m.zoomOffered(true, 12, 700), false);
  assert.equal(m.zoomedWidth(12), 12.5 * m.ZOOM_SQUARE_PX);
  // Side 2 sees the board turned round: file a on the right.
  assert.deepEqual([m.boardColumn('a1', 16, false), m.boardColumn('a1', 16, true), m.boardColumn('p9', 16, true)], [0, 15, 0]);
});

test('a zoomed board scrolls only as far as it must to show what a decision is about', () => {
  const px = m.ZOOM_SQUARE_PX;
  const content = 16.5 * px;
  const view = 373;
  // In sight already: left where the player put it.
  assert.equal(m.scrollToShow([2, 3], false, 0, view, content), 0);
  assert.equal(m.scrollToShow([], false, 120, view, content), 120);
  // Out of sight: centred on the squares.
  const left = m.scrollToShow([9, 11], false, 0, view, content);
  const centre = ((9 + 12) / 2 + 0.45) * px;
  assert.ok(Math.abs(left + view / 2 - centre) <= 1, `centred: ${left}`);
  // Near the board's end: no further than its end.
  assert.equal(m.scrollToShow([15], false, 0, view, content), content - view);
  // Wider than the frame: a unit chosen is kept in sight before where it may go...
  const chosen = m.scrollToShow([14, 2, 15], true, 0, view, content);
  assert.ok(chosen <= (14 + 0.45) * px && chosen + view >= (15 + 0.45) * px, `the chosen unit in sight: ${chosen}`);
  // ... and a decision's squares (an army to deploy) centred as a whole.
  const army = m.scrollToShow([2, 12], false, 0, view, content);
  assert.ok(Math.abs(army + view / 2 - (7.5 + 0.45) * px) <= 1, `the army centred: ${army}`);
});

test('a unit chosen is said in one line: its name, where it stands, Move, Range and its first rule', () => {
  const e = {
    title: 'Blades',
    lines: ['Special ability “Shield Wall”: with a Special Ability card, defence.', 'Auto-kills (no card needed): Auxilia, Bows.'],
    stats: [
      ['Move', '2 (exact distances)'],
      ['Range', '1'],
      ['Loss points', '1'],
    ],
  };
  assert.equal(
    m.unitSummary(e, ' (your unit on d4)'),
    'Blades (your unit on d4): Move 2 (exact distances) · Range 1. Special ability “Shield Wall”: with a Special Ability card, defence.',
  );
  // A book not loaded yet: the bare title.
  assert.equal(m.unitSummary({ title: 'Blades', lines: [] }, ' (your unit on d4)'), 'Blades (your unit on d4).');
});

test('the rules in play are the switches a view has on, by the catalogue’s labels, multiplayer left out', () => {
  m.shown.options = [
    { name: 'edition', type: 'choice', label: 'Edition' },
    { name: 'pursuit', type: 'bool', label: 'Pursuit' },
    { name: 'multi_move', type: 'bool', label: 'Several Move cards on one unit' },
    { name: 'defend_autokill', type: 'bool', label: 'Defense cards against auto-kills' },
    { name: 'contingents', type: 'bool', label: 'Multiplayer (contingents)', multiplayer: true },
  ];
  const on = { ...view, defend_autokill: true, options: { ...view.options, pursuit: true, multi_move: false, contingents: true } };
  assert.deepEqual(m.switchesOn(on), ['Pursuit', 'Defense cards against auto-kills']);
  assert.deepEqual(m.switchesOn(view), []);
  m.shown.options = [];
  assert.deepEqual(m.switchesOn(on), []);
});
