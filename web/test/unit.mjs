// Unit tests of the page's pure modules (describe.ts, explain.ts), bundled with
// esbuild (Vite's own) and run in Node: the server's action descriptions, explanations from the rules data,
// Usage: npm test (after npm run rules-data).
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { test } from 'node:test';

const bundle = await build({
  stdin: {
    contents: "export * from './src/describe'; export * from './src/explain'; export * from './src/data';",
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
