// Unit tests of the table's pure parts (table.ts): the clock's text, presence merged into the
// last state message, and the list of this browser's games (in a stand-in localStorage).
// Usage: npm test.
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { test } from 'node:test';

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
};
const bundle = await build({
  stdin: { contents: "export * from './src/table';", resolveDir: '.', loader: 'ts' },
  bundle: true,
  format: 'esm',
  write: false,
  platform: 'neutral',
});
const m = await import('data:text/javascript;base64,' + Buffer.from(bundle.outputFiles[0].text).toString('base64'));

test('the clock reads minutes and seconds, hours when it must', () => {
  assert.equal(m.clockText(0), '0:00');
  assert.equal(m.clockText(45.9), '0:45');
  assert.equal(m.clockText(725), '12:05');
  assert.equal(m.clockText(3723), '1:02:03');
  assert.equal(m.clockText(-5), '0:00');
});

test('presence changes only who is present and for how long', () => {
  const msg = {
    players: [
      { name: 'Gauls', present: true, away_seconds: 0 },
      { name: 'Huns', present: true, away_seconds: 0 },
    ],
  };
  m.mergePresence(msg, {
    type: 'presence',
    players: [
      { present: true, away_seconds: 0 },
      { present: false, away_seconds: 7 },
    ],
  });
  const { away_since_ms: since, ...huns } = msg.players[1];
  assert.deepEqual(huns, { name: 'Huns', present: false, away_seconds: 7 });
  assert.ok(Math.abs(Date.now() - 7000 - since) < 1000, 'the time away counts from the presence message');
  assert.equal(msg.players[0].name, 'Gauls');
  m.mergePresence(null, { players: [] }); // before the first state: nothing to do
});

test('a seat shown empty is taken once its person is present (an invitation used)', () => {
  const msg = {
    players: [
      { name: 'Huns', open: false, present: true, away_seconds: 0 },
      { name: 'Gauls', open: true, present: false, away_seconds: 20 },
      { name: 'Persians', open: true, present: false, away_seconds: 20 },
    ],
  };
  m.mergePresence(msg, {
    type: 'presence',
    players: [
      { present: true, away_seconds: 0 },
      { present: true, away_seconds: 0 },
      { present: false, away_seconds: 22 },
    ],
  });
  const { away_since_ms: _, ...gauls } = msg.players[1];
  assert.deepEqual(gauls, { name: 'Gauls', open: false, present: true, away_seconds: 0 });
  assert.equal(msg.players[2].open, true);
});

test("this browser's games: newest first, one entry per game, forgotten on request", () => {
  store.set('ancients.my-games', 'not json');
  assert.deepEqual(m.myGames(), []);
  const g = (id, seat) => ({ id, token: `t${id}`, seat, game: 'ancient-warfare', names: ['A', 'B'], seen: 1 });
  m.rememberGame(g('a', 1));
  m.rememberGame(g('b', 2));
  m.rememberGame(g('a', 1));
  assert.deepEqual(
    m.myGames().map((x) => x.id),
    ['a', 'b'],
  );
  for (let i = 0; i < 40; ++i) m.rememberGame(g(`n${i}`, 1));
  assert.equal(m.myGames().length, 30);
  m.forgetGame('n39');
  assert.equal(m.myGames()[0].id, 'n38');
});

test('a player who has just left is away for as long as the presence message says, not since the last state', () => {
  const stateCameAt = Date.now() - 60000; // the last state message came a minute ago
  const msg = { players: [{ name: 'Huns', present: true, away_seconds: 0 }] };
  assert.equal(m.awayNow(msg.players[0], stateCameAt), 0);
  m.mergePresence(msg, { players: [{ present: false, away_seconds: 0 }] });
  assert.ok(m.awayNow(msg.players[0], stateCameAt) < 1, `just left: ${m.awayNow(msg.players[0], stateCameAt)} s`);
  // A state message's own count runs from its arrival.
  assert.ok(Math.abs(m.awayNow({ present: false, away_seconds: 5 }, Date.now() - 2000) - 7) < 0.5);
});
