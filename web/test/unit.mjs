// Unit tests of the page's pure modules (describe.ts, explain.ts, outcome.ts), bundled with
// esbuild (Vite's own) and run in Node: actions in words, explanations from the rules data,
// events between positions, why a game ended. Usage: npm test (after npm run rules-data).
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { test } from 'node:test';

const bundle = await build({
  stdin: {
    contents: "export * from './src/describe'; export * from './src/explain'; export * from './src/outcome'; export * from './src/data';",
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

test('Ancient Warfare actions are parsed into their parts', () => {
  const a = m.parseAction('ancient-warfare', 'attack special-ability b8-b7xb6');
  assert.equal(a.kind, 'attack');
  assert.equal(a.card, 'special-ability');
  assert.deepEqual([a.from, a.via, a.target], ['b8', 'b7', 'b6']);
  const p = m.parseAction('ancient-warfare', 'attack special-ability c4xc6-c3');
  assert.deepEqual([p.from, p.target, p.after], ['c4', 'c6', 'c3']);
  const g = m.parseAction('ancient-warfare', 'advance march a2,b2,c2');
  assert.deepEqual(g.squares, ['a2', 'b2', 'c2']);
  assert.deepEqual(m.parseAction('ancient-warfare', 'move march k11-k12').squares, ['k11', 'k12']);
});

test('Ancient Warfare actions read as words, naming the units', () => {
  assert.equal(m.describeAction('ancient-warfare', 'attack special-ability b8xb6', view), 'Special Ability: Elephants b8 attacks Elite Blades b6');
  assert.equal(m.describeAction('ancient-warfare', 'autokill c4xb6', view), 'Auto-kill: Scythed Chariots c4 destroys Elite Blades b6');
  assert.equal(m.describeAction('ancient-warfare', 'move fast-pace c4-c7', view), 'Fast Pace: Scythed Chariots c4 moves to c7');
  assert.equal(m.describeAction('ancient-warfare', 'defend rough-ground', view), 'Defend with Rough Ground');
  assert.equal(m.describeAction('ancient-warfare', 'move march c4-c6', null), 'March: c4 moves to c6');
});

test('Ancient Generals actions read as words', () => {
  const v = { battle: { attackers: ['elephants', 'slingers'], blockers: { 1: 'hoplite-phalanx', 2: null } } };
  assert.equal(m.describeAction('ancient-generals', 'discard slingers,overrun', v, 1), 'Discard Slingers, Overrun');
  assert.equal(m.describeAction('ancient-generals', 'discard', v, 1), 'Discard nothing');
  assert.equal(m.describeAction('ancient-generals', 'discard 2 cards', v, 1), 'Discard 2 cards');
  assert.equal(m.describeAction('ancient-generals', 'scout (hidden)', v, 1), 'Scout (hidden)');
  assert.equal(m.describeAction('ancient-generals', 'scout bowmen deck2', v, 1), 'Scout with Bowmen: look at the top of the opponent’s deck');
  assert.equal(m.describeAction('ancient-generals', 'play bloodlust b1', v, 1), 'Play Bloodlust on the blocker of combat 1 (Elephants vs Hoplite Phalanx)');
  assert.equal(m.describeAction('ancient-generals', 'block 2=auxilia', v, 2), 'Block: Auxilia blocks combat 2 (Slingers)');
});

test('unit explanations come from the rules data of the edition', () => {
  const e = m.explainUnit('elephants', 'autokill');
  assert.equal(e.title, 'Elephants');
  const rules = m.DATA.warfare.autokill;
  assert.ok(e.stats.some(([k, v]) => k === 'Move' && v.startsWith(String(rules.units.elephants.move))));
  assert.ok(e.lines.some((l) => l.includes('Trample')));
  for (const victim of rules.autokill.elephants)
    assert.ok(
      e.lines.some((l) => l.startsWith('Auto-kills') && l.includes(m.title(victim))),
      victim,
    );
  const r = m.explainUnit('hoplites', 'retreat');
  assert.ok(r.stats.some(([k, v]) => k === 'Type' && v.includes('Shock Heavy Infantry')));
  assert.ok(m.explainUnit('psiloi', 'autokill').lines.some((l) => l.includes('every type that cannot auto-kill it')));
});

test('card explanations come from the rules data', () => {
  assert.ok(m.explainCard('gallop', 'autokill').lines.includes('Moves exactly 4 or 5 squares.'));
  assert.ok(m.explainCard('rally', 'autokill').lines.some((l) => l.includes('General is within 2 squares')));
  const g = m.explainGenerals('elephants');
  const data = m.DATA.generals.units.find((u) => u.name === 'elephants');
  assert.deepEqual(
    g.stats.filter(([k]) => k === 'Force' || k === 'Damage').map(([, v]) => v),
    [String(data.force), String(data.damage)],
  );
  assert.match(m.explainGenerals('overrun').lines[0], /Damage/);
});

test('events between two positions: destroyed, recoiled, loss points', () => {
  const after = { ...view, units: [view.units[0], { square: 'b5', owner: 1, type: 'blades', elite: true }, view.units[2]] };
  const who = (p) => `Player ${p}`;
  assert.deepEqual(m.eventsBetween('ancient-warfare', view, after, ['attack attack b8xb6'], who), ['Player 1: Blades b6 recoils to b5']);
  const killed = { ...view, units: [view.units[0], view.units[2]], lost: { 1: 1, 2: 0 } };
  assert.deepEqual(m.eventsBetween('ancient-warfare', view, killed, ['attack attack b8xb6'], who), [
    'Player 1: Blades b6 destroyed',
    'Player 1: 1 loss point of 8',
  ]);
});

test('why a game ended', () => {
  const who = (p) => `Player ${p}`;
  assert.match(m.overReason('ancient-warfare', { ...view, lost: { 1: 8, 2: 0 } }, 2, who), /Player 1 lost 8 loss points/);
  assert.match(m.overReason('ancient-warfare', view, 1, who), /Player 2’s General was destroyed/);
  assert.match(m.overReason('ancient-warfare', { ...view, turn: 200 }, 'draw', who), /turn limit/);
  const gv = { players: { 1: { deck: [], reserve: [] }, 2: { deck: [null], reserve: [] } }, options: { turn_limit: 300 } };
  assert.match(m.overReason('ancient-generals', gv, 2, who), /Player 1 ran out of cards/);
});
