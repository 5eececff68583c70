// Unit tests of the lobby's form model (src/optionform.ts) from option schemas in the shape
// GET /api/catalogue sends (`ancients games --json`): each option type gets its control, needs
// enable an option only while they hold, data options offer the names of the option they
// depend on, a new option appears with no code, and the request carries what the form holds.
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { test } from 'node:test';

const bundle = await build({
  stdin: { contents: "export * from './src/optionform';", resolveDir: '.', loader: 'ts' },
  bundle: true,
  format: 'esm',
  write: false,
  platform: 'neutral',
});
const m = await import('data:text/javascript;base64,' + Buffer.from(bundle.outputFiles[0].text).toString('base64'));

const duel = [
  { name: 'cards', type: 'int', default: 3, min: 1, max: 9, description: 'Cards in each hand' },
  { name: 'wins', type: 'choice', default: 'higher', values: ['higher', 'lower'], description: 'Which card wins a round' },
  { name: 'sudden_death', type: 'bool', default: false, description: 'The first round won wins', requires: [{ option: 'wins', value: 'higher' }] },
  { name: 'open', type: 'bool', default: false, description: 'Player 1 plays face up' },
];

const battle = [
  { name: 'edition', type: 'choice', default: 'autokill', values: ['autokill', 'retreat'], group: 'rules', description: 'Rules edition' },
  { name: 'board', type: 'int', default: 8, values: [8, 12], group: 'rules', description: 'Squares a side', default_note: "the map's board" },
  { name: 'dba_setup', type: 'bool', default: false, group: 'house rule', description: 'DBA set-up', requires: [{ option: 'board', value: 12 }] },
  {
    name: 'army1',
    type: 'data',
    default: 'random',
    data: 'army',
    special: ['random'],
    inline: true,
    group: 'setup',
    description: "Player 1's army",
    choices_by: { option: 'edition', values: { autokill: ['gauls', 'huns'], retreat: ['huns', 'parthians'] } },
  },
  {
    name: 'map',
    type: 'data',
    default: 'generated',
    data: 'map',
    special: ['generated'],
    inline: true,
    group: 'setup',
    description: 'The battlefield',
    choices_by: { option: 'board', values: { 8: ['granicus'], 12: ['river-and-town'] } },
  },
];

test('each option type gets its control, with its label, range and help text', () => {
  const f = m.formFields(duel);
  assert.deepEqual(
    f.map((x) => [x.name, x.control]),
    [
      ['cards', 'number'],
      ['wins', 'select'],
      ['sudden_death', 'checkbox'],
      ['open', 'checkbox'],
    ],
  );
  assert.equal(f[0].label, 'Cards');
  assert.deepEqual([f[0].min, f[0].max], [1, 9]);
  assert.equal(f[2].label, 'Sudden death');
  assert.equal(f[3].help, 'Player 1 plays face up');
  const b = m.formFields(battle);
  assert.deepEqual(
    b.map((x) => x.control),
    ['select', 'select', 'checkbox', 'army', 'map'],
  );
  assert.equal(b[1].min, undefined, 'an int with allowed values is a select, not a range');
  assert.match(b[1].help, /the map's board/);
  assert.deepEqual(m.choicesOf(b[1], m.defaults(b)), [8, 12]);
  assert.equal(m.parseValue(b[1], '12'), 12);
  assert.equal(m.labelOf('army1'), 'Army 1');
});

test('an option that needs another is enabled only while the need holds, and is then sent', () => {
  const f = m.formFields(duel);
  const v = m.defaults(f);
  assert.ok(m.isEnabled(f[2], v));
  v.sudden_death = true;
  assert.equal(m.requestOptions(f, v).sudden_death, true);
  v.wins = 'lower';
  assert.ok(!m.isEnabled(f[2], v));
  assert.ok(!('sudden_death' in m.requestOptions(f, v)), 'a disabled option is left to the server');
  const b = m.formFields(battle);
  const bv = m.defaults(b);
  assert.ok(!m.isEnabled(b[2], bv), 'DBA set-up needs board 12');
  assert.equal(m.needsText(b[2]), 'Needs board 12.');
  assert.equal(m.needsText(b[0]), '');
  assert.equal(m.needsText(b[2], b), 'Needs board 12.', 'with the fields: their labels');
  const multi = m.formFields([
    { name: 'contingents', type: 'bool', default: false, label: 'Multiplayer (contingents)', description: 'More players' },
    { name: 'army3', type: 'choice', values: ['a', 'b'], default: 'a', description: 'Third army', requires: [{ option: 'contingents', value: true }] },
  ]);
  assert.equal(m.needsText(multi[1], multi), 'Needs “Multiplayer (contingents)” on.');
  assert.equal(m.needsText(multi[1]), 'Needs contingents true.', 'without the fields: the names');
  bv.board = 12;
  assert.ok(m.isEnabled(b[2], bv));
});

test('data options offer the names listed for the option they depend on', () => {
  const b = m.formFields(battle);
  const v = m.defaults(b);
  assert.deepEqual(m.choicesOf(b[3], v), ['random', 'gauls', 'huns']);
  v.edition = 'retreat';
  assert.deepEqual(m.choicesOf(b[3], v), ['random', 'huns', 'parthians']);
  assert.deepEqual(m.choicesOf(b[4], v), ['generated', 'granicus']);
  assert.equal(m.dependencyValueOf(b[4].option, 'river-and-town', v), 12, 'a map is labelled with its board');
  assert.equal(m.dependencyValueOf(b[4].option, 'granicus', v), 8);
});

test('a map option offers the maps of the board chosen only, never those of another board', () => {
  const b = m.formFields(battle);
  const v = m.defaults(b);
  assert.deepEqual(m.choicesOf(b[4], v), ['generated', 'granicus'], 'the 8x8 board: its maps');
  v.board = 12;
  assert.deepEqual(m.choicesOf(b[4], v), ['generated', 'river-and-town'], 'the 12x12 board: no 8x8 map');
});

test('a map or special word is offered only where what it needs holds', () => {
  const schema = battle.map((o) =>
    o.name === 'map'
      ? {
          ...o,
          special: ['generated', 'defender'],
          special_require: { defender: [{ option: 'dba_setup', values: [true] }] },
          choices_require: [{ option: 'players', values: ['1+1', '2+2'] }],
        }
      : o,
  );
  schema.push({ name: 'players', type: 'choice', default: '1+1', values: ['1+1', '2+2', '3+3'], description: 'Sides' });
  const b = m.formFields(schema);
  const map = b.find((x) => x.name === 'map');
  const v = m.defaults(b);
  v.board = 12;
  assert.deepEqual(m.choicesOf(map, v), ['generated', 'river-and-town'], 'no defender without the DBA set-up');
  v.dba_setup = true;
  assert.deepEqual(m.choicesOf(map, v), ['generated', 'defender', 'river-and-town']);
  v.players = '3+3';
  assert.deepEqual(m.choicesOf(map, v), ['generated', 'defender'], 'a side of three: no ready-made map');
});

test('a new option appears in the form and the request with no code', () => {
  const schema = [...duel, { name: 'jokers', type: 'int', default: 0, min: 0, max: 2, group: 'variant', description: 'Jokers in each hand' }];
  const f = m.formFields(schema);
  const j = f.find((x) => x.name === 'jokers');
  assert.equal(j.control, 'number');
  assert.equal(j.group, 'variant');
  assert.equal(j.help, 'Jokers in each hand');
  const v = m.defaults(f);
  v.jokers = 2;
  assert.deepEqual(m.requestOptions(f, v), { cards: 3, wins: 'higher', sudden_death: false, open: false, jokers: 2 });
});

test('a default that follows another option (default_if) applies only while that option holds', () => {
  const fields = m.formFields([
    { name: 'dba_setup', type: 'bool', default: false, description: 'DBA set-up' },
    {
      name: 'map',
      type: 'data',
      data: 'map',
      default: 'generated',
      special: ['generated', 'defender'],
      description: 'Battlefield',
      default_if: [{ option: 'dba_setup', value: true, default: 'defender' }],
    },
  ]);
  const map = fields.find((f) => f.name === 'map');
  assert.equal(m.defaultFor(map, { dba_setup: false }), 'generated');
  assert.equal(m.defaultFor(map, { dba_setup: true }), 'defender');
  const plain = fields.find((f) => f.name === 'dba_setup');
  assert.equal(m.defaultFor(plain, { dba_setup: true }), false, 'an option without default_if keeps its default');
});

test('a value shows its label where the schema gives one', () => {
  const o = {
    name: 'first_player',
    type: 'int',
    default: 0,
    values: [0, 1, 2],
    value_labels: ['drawn from the seed', 'player 1', 'player 2'],
    description: 'x',
  };
  assert.equal(m.valueLabel(o, 0), 'drawn from the seed');
  assert.equal(m.valueLabel(o, '2'), 'player 2');
  assert.equal(m.valueLabel({ ...o, value_labels: undefined }, 1), null);
});

test('the armies of players 3 to 6 are left out while the multiplayer switch is off', () => {
  const opts = [
    { name: 'contingents', type: 'bool', default: false, multiplayer: true, description: 'x', requires: [{ option: 'board', value: 12 }] },
    { name: 'board', type: 'int', default: 8, values: [8, 12], description: 'x' },
    { name: 'army3', type: 'data', data: 'army', default: 'random', multiplayer: true, description: 'x', requires: [{ option: 'contingents', value: true }] },
  ];
  const fields = m.formFields(opts);
  const values = m.defaults(fields);
  assert.equal(m.isHiddenForNow(fields[2], fields, values), true);
  assert.equal(m.isHiddenForNow(fields[0], fields, values), false, 'the switch stays in sight');
  assert.equal(m.isHiddenForNow(fields[2], fields, { ...values, contingents: true }), false);
});

test('the sides chosen make the seats: the armies of players the battle will not have are left out', () => {
  const opts = [
    { name: 'contingents', type: 'bool', default: false, multiplayer: true, description: 'x' },
    {
      name: 'players',
      type: 'choice',
      default: '1+1',
      values: ['1+1', '2+2', '3+3'],
      seats: [2, 4, 6],
      multiplayer: true,
      description: 'x',
      requires: [{ option: 'contingents', value: true }],
    },
    { name: 'army2', type: 'data', data: 'army', default: 'random', seat: 2, description: 'x' },
    {
      name: 'army5',
      type: 'data',
      data: 'army',
      default: 'random',
      seat: 5,
      multiplayer: true,
      description: 'x',
      requires: [{ option: 'contingents', value: true }],
    },
  ];
  const fields = m.formFields(opts);
  const values = m.defaults(fields);
  assert.equal(m.seatCount(fields, values), 2, 'two players while the switch is off');
  const four = { ...values, contingents: true, players: '2+2' };
  assert.equal(m.seatCount(fields, four), 4);
  assert.equal(m.isHiddenForNow(fields[3], fields, four), true, 'no player 5 in a 2+2 battle');
  assert.equal(m.isHiddenForNow(fields[2], fields, four), false);
  const six = { ...values, contingents: true, players: '3+3' };
  assert.equal(m.seatCount(fields, six), 6);
  assert.equal(m.isHiddenForNow(fields[3], fields, six), false);
});

/// A multiplayer switch and the sides it opens, each value's seats named by their part.
const SIDES = [
  { name: 'contingents', type: 'bool', default: false, multiplayer: true, description: 'x' },
  {
    name: 'players',
    type: 'choice',
    default: '1+1',
    values: ['1+1', '2+1'],
    seats: [2, 3],
    seat_names: [
      ['attacker', 'defender'],
      ['attacker', "attacker's contingent", 'defender'],
    ],
    multiplayer: true,
    description: 'x',
    requires: [{ option: 'contingents', value: true }],
  },
];

test('each seat is said with its part where the sides name one', () => {
  const opts = SIDES;
  const fields = m.formFields(opts);
  const values = m.defaults(fields);
  assert.deepEqual(m.seatNames(fields, values), [], 'no parts while the switch is off');
  assert.equal(m.seatLabel(2, m.seatNames(fields, values)), 'player 2');
  const three = m.seatNames(fields, { ...values, contingents: true, players: '2+1' });
  assert.equal(m.seatLabel(2, three), "player 2, the attacker's contingent");
  assert.equal(m.seatLabel(3, three, true), 'Player 3, the defender');
});

test('a flag names the seats while it is on, unless the sides name more players', () => {
  const opts = [{ name: 'dba_setup', type: 'bool', default: false, seat_names: [['attacker', 'defender']], description: 'x' }, ...SIDES];
  const fields = m.formFields(opts);
  const values = m.defaults(fields);
  assert.deepEqual(m.seatNames(fields, values), [], 'no parts while the flag is off');
  assert.equal(m.seatLabel(2, m.seatNames(fields, { ...values, dba_setup: true })), 'player 2, the defender');
  const three = m.seatNames(fields, { ...values, dba_setup: true, contingents: true, players: '2+1' });
  assert.equal(m.seatLabel(2, three), "player 2, the attacker's contingent", 'the sides name three players');
});
