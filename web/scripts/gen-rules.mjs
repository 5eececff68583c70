// Writes src/generated/rules.json from the project's rules data at build time, so the page's
// explanations and rules page come from the same files the engine reads (never hand-copied):
// data/warfare/*.toml (units, auto-kill and immunity tables, cards per edition),
// data/generals/cards.toml (Ancient Generals' cards), data/maps/*.json (name, board size,
// terrain) and data/armies/<edition>/*.json (name, note, units). Run by `npm run build`/`dev`.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const data = path.join(root, 'data');
const read = (...p) => readFileSync(path.join(data, ...p), 'utf8');
const jsonFiles = (...dir) =>
  readdirSync(path.join(data, ...dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f.slice(0, -5), JSON.parse(read(...dir, f))]);

const warfare = {};
const armies = {};
for (const f of readdirSync(path.join(data, 'warfare'))
  .filter((x) => x.endsWith('.toml'))
  .sort()) {
  const t = parse(read('warfare', f));
  warfare[t.edition] = t;
  armies[t.edition] = Object.fromEntries(
    jsonFiles('armies', t.edition).map(([id, a]) => [id, { name: a.name, note: a.note ?? '', units: a.units, general: a.general ?? null }]),
  );
}
const maps = Object.fromEntries(
  jsonFiles('maps').map(([id, m]) => [id, { name: m.name, board: m.board, note: m.note ?? '', terrain: m.terrain ?? {}, rivers: m.rivers ?? [] }]),
);
const generals = parse(read('generals', 'cards.toml'));
const out = { warfare, armies, maps, generals };
const dir = path.join(root, 'web', 'src', 'generated');
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'rules.json'), JSON.stringify(out) + '\n');
console.log(
  `gen-rules: ${Object.keys(warfare).join(', ')} editions, ${Object.keys(maps).length} maps, ${generals.units.length + generals.tactics.length} Generals cards`,
);
